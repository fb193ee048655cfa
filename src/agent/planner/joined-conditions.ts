/**
 * Conditions joined by "or": the planner reads every condition of a question together (each
 * row meets all of them), so two conditions with "or" between them ("more than 15 goals or
 * more than 12 assists") would be answered as if joined by "and". Such a question declines.
 * Values of one column joined by "or" ("in Victoria or Queensland") are one condition and stand;
 * two bounds of one column ("fewer than 5 or more than 15"), one bound said of two columns ("goals
 * or assists over 10") and "and/or" decline too.
 * @module agent/planner/joined-conditions
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';

/**
 * The decline reason when an "or" stands between the words of two different conditions with no
 * other condition's word between them; undefined otherwise.
 */
export function orJoinedProblem(parsed: ParsedQuestion, filters: Filter[], mentions: ColumnMention[] = []): string | undefined {
  // "on or after 19 February 2011": only a year is read with its "or" ("in or after 1985"); a day would lose the day named
  const inclusive = /\b(?:on|in)\s+or\s+(?:after|before|later than|earlier than|since|prior to)\b/.exec(parsed.folded);
  if (inclusive && !parsed.dates.some((d) => /\bor\b/.test(d.text))) return `'${inclusive[0]}' with a date other than a year is not read: say "after" or "before" a day, or "in or after" a year`;
  const problem = `the conditions are joined by 'or', and the planner reads conditions together (each row meeting all of them): ask for each condition on its own`;
  const words = parsed.tokens.map((t) => t.norm);
  // ("and/or" is an "or")
  const joinsByOr = (from: number, to: number): boolean => words.slice(from, to).some((w, k) => w === 'or' && (words[from + k - 1] === 'and' || !words.slice(from, to).includes('and')));
  // "fewer than 5 goals or more than 15 goals": two bounds of one column read as one condition (both kept)
  // (a number on each side of the "or": "30 or more goals" is one bound)
  const twoBounds = (from: number, to: number): boolean => words.slice(from, to + 1).some((w, k) => w === 'or' && words.slice(from, from + k).some(isNumber) && words.slice(from + k + 1, to + 1).some(isNumber));
  if (filters.some((f) => f.values === undefined && f.tokens.length > 0 && twoBounds(Math.min(...f.tokens), Math.max(...f.tokens)) && joinsByOr(Math.min(...f.tokens), Math.max(...f.tokens) + 1))) return problem;
  // "goals or assists over 10": one bound said of two columns joined by "or" (the first read as the measure, the second
  // as the condition) is either column over it, never the first added up where the second holds
  // (also "more than 10 goals or assists", "goals or with assists over 10", and "goals and assists over 10": both at once?)
  const linking = (k: number): boolean => ['with', 'the', 'a', 'an', 'in', 'of'].includes(words[k] ?? '');
  for (const f of filters) {
    // (a bound the question compares by: "have a name and the livery Pacific" is a presence and a value)
    if (f.values !== undefined || f.tokens.length === 0 || f.column === undefined || !parsed.comparisons.some((c) => c.tokens.some((t) => f.tokens.includes(t)))) continue;
    // (the other column is read as no condition of its own: "over 20000 attendance and a win" are two conditions)
    const other = (k: number) => mentions.find((m) => m.info.column !== f.column && m.tokens.includes(k) && !m.usedAsFilter && !filters.some((g) => g.tokens.includes(k) || g.column === m.info.column));
    let left = Math.min(...f.tokens) - 1;
    while (linking(left)) left--;
    let right = Math.max(...f.tokens) + 1;
    const joinRight = words[right];
    right++;
    while (linking(right)) right++;
    const named = ['or', 'and'].includes(words[left]) ? other(left - 1) : ['or', 'and'].includes(joinRight) ? other(right) : undefined;
    if (named) return `'${named.info.column.name}' and '${f.column.name}' are joined under one condition: ask for each column on its own`;
  }
  // (each condition by its own words: "fewer than 5 goals or more than 15 goals" share the last "goals")
  const own = filters.map((f) => f.tokens.filter((t) => !filters.some((g) => g !== f && g.tokens.includes(t)))).filter((tokens) => tokens.length > 0);
  const spans = own.map((tokens) => ({ from: Math.min(...tokens), to: Math.max(...tokens) })).sort((a, b) => a.from - b.from);
  for (let k = 1; k < spans.length; k++) {
    const [left, right] = [spans[k - 1], spans[k]];
    if (right.from > left.to && joinsByOr(left.to + 1, right.from)) return problem;
  }
  return undefined;
}

/** True for a number as the question writes it ("15", "8,000", "2.5"). */
function isNumber(word: string): boolean {
  return /^\d[\d,.]*$/.test(word);
}
