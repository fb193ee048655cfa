/**
 * "What is the difference between the highest and lowest attendance?": the range of one measure
 * over the rows kept, its largest value minus its smallest (`max(x) - min(x)`). Read only when
 * the question asks a difference, names one highest-word and one lowest-word joined by "and"
 * (in either order), names exactly one measure column, and groups nothing; "best" and "worst"
 * are left out, as their way depends on the column (a best rank is the smallest number).
 * @module agent/planner/range-difference
 */
import type { ParsedQuestion } from './parse-question.js';
import type { CatalogColumn } from '../../store/catalog-types.js';

const HIGHEST = new Set(['highest', 'most', 'max', 'maximum', 'largest', 'biggest', 'greatest']);
const LOWEST = new Set(['lowest', 'least', 'fewest', 'min', 'minimum', 'smallest']);
/** Words that may stand between the two ends: "the highest and the lowest", "most and least attended". */
const END_GAP = new Set(['and', 'the', 'a']);

/**
 * True when the question asks the range between its highest and its lowest value.
 * @param measures the numeric columns the question names (not as conditions)
 * @returns the one column whose range is asked, or undefined when the question is no such range
 */
export function rangeAsked(parsed: ParsedQuestion, measures: CatalogColumn[]): CatalogColumn | undefined {
  if (parsed.difference !== 'absolute' || measures.length !== 1 || parsed.topN !== undefined) return undefined;
  // … never of each group ("per year", "by team"); "what is" opens the question
  if (parsed.groupAt.some((g) => g.keyword !== 'what' && g.keyword !== 'which')) return undefined;
  const tokens = parsed.tokens;
  const ends = tokens.filter((t) => (HIGHEST.has(t.norm) || LOWEST.has(t.norm)) && parsed.consumed.has(t.index));
  if (ends.length !== 2 || HIGHEST.has(ends[0].norm) === HIGHEST.has(ends[1].norm)) return undefined;
  const gap = tokens.slice(ends[0].index + 1, ends[1].index);
  // "the most attended game and the least attended game": the words after each end may repeat
  const joined = gap.some((t) => t.norm === 'and') && gap.length <= 6 && gap.every((t) => END_GAP.has(t.norm) || parsed.consumed.has(t.index) || tokens.slice(ends[1].index + 1, ends[1].index + 4).some((after) => after.norm === t.norm));
  return joined ? measures[0] : undefined;
}

/**
 * "Which site has the highest and lowest attendance?": a highest-word and a lowest-word in one
 * question that asks no difference ask for two rows at once, where one ranking gives one end
 * only. The problem to decline with, or undefined.
 */
export function bothEndsProblem(parsed: ParsedQuestion): string | undefined {
  if (parsed.difference !== undefined) return undefined;
  const ends = parsed.tokens.filter((t) => (HIGHEST.has(t.norm) || LOWEST.has(t.norm)) && parsed.consumed.has(t.index));
  const high = ends.find((t) => HIGHEST.has(t.norm));
  const low = ends.find((t) => LOWEST.has(t.norm));
  if (!high || !low) return undefined;
  return `'${high.norm}' and '${low.norm}' ask for both ends at once; ask for each on its own`;
}
