/**
 * Which values of a question a negation governs: the value right after "not" / "other than"
 * (leading articles skipped: "besides a world called you") and the values of the same column
 * listed after it ("other than Telugu and Tamil").
 * @module agent/planner/negated-values
 */
import type { ParsedQuestion } from './parse-question.js';

/** Words that join values into a list ("wins and losses", "Trader or Analyst"): both are kept. */
export const COORDINATORS = new Set(['and', 'or', 'nor', 'plus']);

/** Articles a value may start with that a negation skips: "besides A World Called You" negates the word "world". */
const LEADING_ARTICLES = new Set(['a', 'an', 'the']);

/** True when the negation governs the value's first word, or its first word after leading articles ("besides a world called you"). */
function negatedValue(parsed: ParsedQuestion, tokens: number[]): boolean {
  for (const t of tokens) {
    if (parsed.negated.has(t)) return true;
    if (!LEADING_ARTICLES.has(parsed.tokens[t].norm)) return false;
  }
  return false;
}

/**
 * The values a negation governs: the one right after it (`negatedValue`) and the values of the
 * same column listed after that one, joined by "and", "or", "nor" or commas ("other than Telugu
 * and Tamil", "not in Telugu or Tamil"): the negation keeps out the whole list, never only its first value.
 * @param chosen the values the question names, each with its tokens and the column it is a value of
 * @returns those of `chosen` the negation governs
 */
export function negatedList<T extends { tokens: number[]; entry: { column: unknown } }>(parsed: ParsedQuestion, chosen: T[]): Set<T> {
  const negated = new Set(chosen.filter((o) => negatedValue(parsed, o.tokens)));
  const ordered = [...chosen].sort((a, b) => a.tokens[0] - b.tokens[0]);
  for (let k = 1; k < ordered.length; k++) {
    const before = ordered[k - 1];
    const occurrence = ordered[k];
    if (!negated.has(before) || negated.has(occurrence) || before.entry.column !== occurrence.entry.column) continue;
    const between = parsed.tokens.slice(Math.max(...before.tokens) + 1, occurrence.tokens[0]);
    const comma = parsed.folded.slice(parsed.tokens[Math.max(...before.tokens)].end, parsed.tokens[occurrence.tokens[0]].start).includes(',');
    if ((between.length > 0 || comma) && between.every((t) => COORDINATORS.has(t.norm) || LEADING_ARTICLES.has(t.norm))) negated.add(occurrence);
  }
  return negated;
}

