/**
 * Conditions joined by "or": the planner reads every condition of a question together (each
 * row meets all of them), so two conditions with "or" between them ("more than 15 goals or
 * more than 12 assists") would be answered as if joined by "and". Such a question declines.
 * Values of one column joined by "or" ("in Victoria or Queensland") are one condition and stand.
 * @module agent/planner/joined-conditions
 */
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';

/**
 * The decline reason when an "or" stands between the words of two different conditions with no
 * other condition's word between them; undefined otherwise.
 */
export function orJoinedProblem(parsed: ParsedQuestion, filters: Filter[]): string | undefined {
  const spans = filters.filter((f) => f.tokens.length > 0).map((f) => ({ from: Math.min(...f.tokens), to: Math.max(...f.tokens) })).sort((a, b) => a.from - b.from);
  for (let k = 1; k < spans.length; k++) {
    const [left, right] = [spans[k - 1], spans[k]];
    if (right.from <= left.to) continue;
    const between = parsed.tokens.slice(left.to + 1, right.from).map((t) => t.norm);
    if (between.includes('or') && !between.includes('and')) return `the conditions are joined by 'or', and the planner reads conditions together (each row meeting all of them): ask for each condition on its own`;
  }
  return undefined;
}
