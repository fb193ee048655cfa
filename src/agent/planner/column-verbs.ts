/**
 * Verbs that name a column the question does not otherwise use: "how many orders were shipped"
 * beside a Shipped date with blank cells, "how many players were booked" beside Bookings. The
 * planner reads such verbs as filler ("shipped", "recorded", "placed" say nothing in most
 * tables), but where a column is named by the verb and some rows lack it (a blank cell, or a
 * count that may be 0), the verb may mean only the rows that have it: counting every row would
 * be a wrong number, so the planner declines and says how to ask.
 * @module agent/planner/column-verbs
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { tokensOf } from './normalize-text.js';
import { isFiller } from './filler-words.js';

/** A verb form: a past participle or a gerund ("shipped", "booked", "shipping"). */
const VERB_FORM = /^[a-z]{3,}(?:ed|ing)$/;

/**
 * The problem of a filler verb that names a column with rows lacking it, or undefined.
 * A column counts as named by the verb when a word of its name has the verb's stem
 * ("shipped" and "Shipped date", "booked" and "Bookings"); it lacks a value on some rows when it
 * has blank cells, or when it is a count (summed) that may be 0.
 * Only in counts, totals and averages ("the average amount of shipped orders"); columns the
 * question already uses (a condition, or a mention by other words) are left alone.
 * @param open true for the token indexes nothing else explained (a verb read as the column's mention counts as open)
 */
export function columnVerbProblem(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], filters: Filter[], open: (index: number) => boolean): string | undefined {
  if (!parsed.countWords && !parsed.sumWords && !parsed.averageWords) return undefined;
  // … a column named by other words than the verb is read by them ("orders with a shipped date")
  // … and a number column named by the verb is the amount asked ("the total shipped", "how much was raised")
  const used = new Set([...mentions.filter((m) => m.usedAsFilter || m.info.numeric || m.tokens.some((t) => !VERB_FORM.test(parsed.tokens[t].norm))).map((m) => m.info.column), ...filters.map((f) => f.column)]);
  for (const token of parsed.tokens) {
    if (!(open(token.index) || mentions.some((m) => m.tokens.includes(token.index))) || !VERB_FORM.test(token.norm) || !isFiller(parsed, token.index)) continue;
    for (const column of profile.table.columns) {
      if (used.has(column) || !tokensOf(column.name).some((word) => word.stem === token.stem)) continue;
      const blanks = column.profile.nullCount > 0;
      const mayBeZero = column.aggregation === 'sum' && (typeof column.profile.min !== 'number' || column.profile.min <= 0);
      if (!blanks && !mayBeZero) continue;
      const lacking = blanks ? `is blank on some rows` : `is 0 on some rows`;
      return `'${token.norm}' may mean only the rows with a ${column.name} (it ${lacking}); ask for the rows with a ${column.name}, or for all of them`;
    }
  }
  return undefined;
}
