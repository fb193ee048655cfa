/**
 * "How many games were played after week 5?", "before round 3", "since game 10": a word of
 * order, the name of a column that numbers the rows in their order (Week, Round, Game, Match,
 * No.), then a number: the rows numbered past (or before) it.
 * @module agent/planner/order-conditions
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { foldText } from './normalize-text.js';
import { ORDER_NAME } from './streaks.js';

/** Order words and the comparison each makes with the number after the column's name. */
// (never "from": "the attendance from week 5" is that week's; nor "following": "the week following week 5" is the next one)
const ORDER_WORDS: Record<string, '>' | '<' | '>=' | '<='> = { after: '>', before: '<', prior: '<', since: '>=', until: '<=', through: '<=' };

/**
 * Reads "after week 5" and its kin: the order word (then an optional "the"; "prior" takes its
 * "to"), a mention of an integer column named like an order column (`ORDER_NAME`) whose tokens
 * are exactly the words that follow, then a whole number within the column's values. Appends
 * the filter (`"week" > 5`), marks the mention used and adds the words to `covered`.
 * @param free tokens no value or date took
 */
export function matchOrderConditions(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): void {
  const { tokens } = parsed;
  for (const word of tokens) {
    const operator = ORDER_WORDS[word.norm];
    if (!operator || !free(word.index) || covered.has(word.index)) continue;
    let at = word.index + 1;
    if (word.norm === 'prior') {
      if (tokens[at]?.norm !== 'to') continue;
      at++;
    }
    if (tokens[at]?.norm === 'the') at++;
    const mention = mentions.find((m) => Math.min(...m.tokens) === at && m.info.column.type === 'integer'
      && ORDER_NAME.test(foldText(m.info.column.name).trim()) && Math.max(...m.tokens) - at + 1 === m.tokens.length);
    if (!mention) continue;
    const numberAt = Math.max(...mention.tokens) + 1;
    const number = tokens[numberAt];
    if (!number || !/^\d+$/.test(number.norm) || !free(numberAt)) continue;
    // "week 5" may already be read as the row numbered 5 (a numbering column's value): the order word makes it a bound
    const equal = filters.findIndex((f) => f.column === mention.info.column && !f.negated && f.tokens.includes(numberAt) && f.tokens.every((t) => t >= at && t <= numberAt));
    if (equal < 0 && (covered.has(numberAt) || mention.usedAsFilter)) continue;
    if (equal >= 0) filters.splice(equal, 1);
    const value = Number(number.norm);
    const { min, max } = mention.info.column.profile;
    if (typeof min !== 'number' || typeof max !== 'number' || value < min || value > max) continue;
    const column = mention.info.column;
    const used = Array.from({ length: numberAt - word.index + 1 }, (_, k) => word.index + k);
    filters.push({ sql: `${sqlIdentifier(column.sqlName)} ${operator} ${sqlLiteral(value)}`, text: `${column.name} ${word.norm} ${value}`, tokens: used, column });
    mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
  }
}
