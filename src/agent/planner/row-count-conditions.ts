/**
 * Conditions on how many rows a group has: "how many countries have more than 1 athlete", "which
 * teams won at least 5 times". The number counts rows (the athletes, the times), not a column's
 * amount, so the condition keeps the groups with that many rows:
 * `g IN (SELECT g FROM t WHERE … GROUP BY g HAVING count(*) > 1)`.
 * @module agent/planner/row-count-conditions
 */
import type { Comparison } from './find-comparisons.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { countedPhraseStart } from './counted-nouns.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';
import { personColumns } from './person-columns.js';

const OPERATOR_TEXT: Record<Comparison['operator'], string> = { '>': 'more than', '>=': 'at least', '<': 'fewer than', '<=': 'at most', '=': 'exactly' };

/** The token right after a comparison's number (past its scale word, if any). */
function afterNumber(comparison: Comparison): number {
  return Math.max(...comparison.tokens) + 1;
}

/** "more than once", "at least twice": the number word says times itself. */
const TIMES_WORDS = new Set(['once', 'twice', 'thrice']);

/**
 * True when a comparison counts rows: its number is followed by "times", or by a word that names the
 * table's column of people ("more than 1 athlete" over Name), never an amount or a column of
 * other text ("at least 3 years" over "Years for Jazz" is a span, not rows).
 */
export function countsRows(parsed: ParsedQuestion, profile: TableProfile, comparison: Comparison, mentions: ColumnMention[]): boolean {
  if (comparison.weak || comparison.percent || comparison.money) return false;
  const first = Math.min(...comparison.tokens);
  const next = afterNumber(comparison);
  // "won more than 5 times" over a Won column or "Times won": a column named before the bound holds the count
  // ("times" itself may name a Time column: that is the word of the count, no column)
  if (mentions.some((m) => m.info.numeric && m.tokens.some((t) => t >= first - 3 && t < first))) return false;
  if (TIMES_WORDS.has(parsed.tokens[comparison.numberAt]?.norm ?? '')) return true;
  const word = parsed.tokens[next]?.norm;
  if (word === 'times' || word === 'time') return true;
  const people = personColumns(profile.table);
  return mentions.some((m) => people.includes(m.info.column) && m.tokens.includes(next));
}

/**
 * Turns each row-counting comparison into a condition on the groups the question counts or asks
 * for ("how many countries", "which teams"): the groups with that many rows under the question's
 * other conditions. Call after every other condition is matched, so the count sees them.
 * @returns problems: a row count with no group to count it in
 */
export function matchRowCounts(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, filters: Filter[]): string[] {
  const problems: string[] = [];
  const countedAt = countedPhraseStart(parsed);
  const asked = parsed.groupAt.filter((g) => g.keyword === 'which' || g.keyword === 'what').map((g) => g.at);
  for (const comparison of parsed.comparisons) {
    if (!countsRows(parsed, profile, comparison, mentions)) continue;
    const implied = TIMES_WORDS.has(parsed.tokens[comparison.numberAt]?.norm ?? '');
    const next = implied ? -1 : afterNumber(comparison);
    const timesWord = implied || ['times', 'time'].includes(parsed.tokens[next]?.norm ?? '');
    const rowMention = timesWord ? undefined : mentions.find((m) => m.tokens.includes(next));
    // "at least 2 times" beside a Time column: the word counts, it names no column
    if (!implied && timesWord) for (const m of mentions) if (m.tokens.every((t) => t === next)) m.usedAsFilter = true;
    const group = mentions.find((m) => m !== rowMention && !m.info.numeric && m.info.column.type === 'text' && (m.tokens.includes(countedAt ?? -1) || asked.some((at) => m.tokens.includes(at))));
    const bound = comparison.upper !== undefined ? `between ${comparison.value} and ${comparison.upper}` : `${OPERATOR_TEXT[comparison.operator]} ${comparison.value}`;
    const phrase = `${bound} ${implied ? 'times' : parsed.tokens[next].norm}`;
    comparison.tokens.forEach((t) => covered.add(t));
    if (!implied) covered.add(next);
    // "more than once a month", "3 times per season": a rate over periods, not a count of rows
    const after = implied ? afterNumber(comparison) : next + 1;
    if (['a', 'an', 'per', 'each', 'every'].includes(parsed.tokens[after]?.norm ?? '')) {
      const rate = [phrase, parsed.tokens[after].norm, parsed.tokens[after + 1]?.norm ?? ''].join(' ').trim();
      problems.push(`'${rate}' is a rate over periods, which the planner does not compute`);
      continue;
    }
    if (!group) {
      problems.push(`'${phrase}' counts rows, but nothing says of what: ask "how many <things> have ${phrase}"`);
      continue;
    }
    if (rowMention) rowMention.usedAsFilter = true;
    const column = group.info.column;
    const id = sqlIdentifier(column.sqlName);
    const where = filters.length > 0 ? ` WHERE ${filters.map((f) => `(${f.sql})`).join(' AND ')}` : '';
    const having = comparison.upper !== undefined
      ? `BETWEEN ${sqlLiteral(comparison.value)} AND ${sqlLiteral(comparison.upper)}`
      : `${comparison.operator} ${sqlLiteral(comparison.value)}`;
    // "more than 1 athlete": athletes listed twice (two events) are one athlete each
    const counted = rowMention ? `count(DISTINCT ${sqlIdentifier(rowMention.info.column.sqlName)})` : 'count(*)';
    filters.push({
      sql: `${id} IN (SELECT ${id} FROM ${sqlIdentifier(profile.table.sqlName)}${where} GROUP BY ${id} HAVING ${counted} ${having})`,
      text: `${column.name} with ${phrase.replace(/ times?$/, ' rows')}${filters.length > 0 ? ` (${filters.map((f) => f.text).join(' and ')})` : ''}`,
      tokens: implied ? comparison.tokens : [...comparison.tokens, next],
      groupsOf: column,
    });
  }
  return problems;
}
