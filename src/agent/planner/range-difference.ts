/**
 * "What is the difference between the highest and lowest attendance?": the range of one measure
 * over the rows kept, its largest value minus its smallest (`max(x) - min(x)`). Read only when
 * the question asks a difference, names one highest-word and one lowest-word joined by "and"
 * (in either order) right before its one measure column, and groups nothing; "best" and "worst"
 * are left out, as their way depends on the column (a best rank is the smallest number).
 * @module agent/planner/range-difference
 */
import type { ParsedQuestion } from './parse-question.js';
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { Token } from './normalize-text.js';
import type { Measure } from './measures.js';

const HIGHEST = new Set(['highest', 'most', 'max', 'maximum', 'largest', 'biggest', 'greatest']);
const LOWEST = new Set(['lowest', 'least', 'fewest', 'min', 'minimum', 'smallest']);
/** Words that may stand between the two ends: "the highest and the lowest". */
const END_GAP = new Set(['and', 'the']);

/**
 * The highest-word and lowest-word of a question, when it has one of each (in either order):
 * never "at least" / "at most" / "a minimum of" (bounds), a unit after a number ("30 min"), nor a word a column
 * mention took ("Max temperature" where the mention has it).
 * @param named token indexes column mentions took
 */
function endWords(parsed: ParsedQuestion, named: Set<number>): { high: Token; low: Token } | undefined {
  const ends = parsed.tokens.filter((t) => (HIGHEST.has(t.norm) || LOWEST.has(t.norm)) && parsed.consumed.has(t.index) && !named.has(t.index)
    && parsed.tokens[t.index - 1]?.norm !== 'at' && !/^\d/.test(parsed.tokens[t.index - 1]?.norm ?? '')
    && !(parsed.tokens[t.index - 1]?.norm === 'a' && parsed.tokens[t.index + 1]?.norm === 'of'));
  const high = ends.filter((t) => HIGHEST.has(t.norm));
  const low = ends.filter((t) => LOWEST.has(t.norm));
  return high.length === 1 && low.length === 1 ? { high: high[0], low: low[0] } : undefined;
}

/**
 * The column whose range the question asks, between its highest and its lowest value: "the
 * highest and (the) lowest <measure>", the measure named right after the second end and then
 * closing the question or followed by a condition ("at the armory"). Never of
 * groups ("per site", "the highest and lowest region", "average attendance", "total sales") nor
 * of rows ranked by another column ("the highest and lowest placed teams").
 * @param measures the numeric column mentions the question has (not as conditions)
 * @returns the one column whose range is asked, or undefined when the question is no such range
 */
export function rangeAsked(parsed: ParsedQuestion, measures: ColumnMention[], conditions: Filter[]): CatalogColumn | undefined {
  const columns = new Set(measures.map((m) => m.info.column));
  // … never of a window of rows ("of the last 3 games")
  if (parsed.difference !== 'absolute' || columns.size !== 1 || parsed.topN !== undefined || parsed.rowWindow || parsed.sumWords || parsed.averageWords) return undefined;
  // … never of each group ("per year", "by team"); "what is" opens the question
  if (parsed.groupAt.some((g) => g.keyword !== 'what' && g.keyword !== 'which')) return undefined;
  const ends = endWords(parsed, new Set(measures.flatMap((m) => m.tokens)));
  if (!ends) return undefined;
  const [first, second] = ends.high.index < ends.low.index ? [ends.high, ends.low] : [ends.low, ends.high];
  // ("the highest attendance and the lowest attendance": the measure said after each end)
  const measureWords = new Set(measures.flatMap((m) => m.tokens));
  const gap = parsed.tokens.slice(first.index + 1, second.index);
  if (!gap.some((t) => t.norm === 'and') || !gap.every((t) => END_GAP.has(t.norm) || measureWords.has(t.index))) return undefined;
  // "the highest and lowest attendance" closes the question or a condition follows ("at the armory"); a noun after
  // the measure ("sales region", "sales months") or "among"/"across" asks the range of groups
  if (parsed.tokens.some((t) => GROUP_WORDS.has(t.norm))) return undefined;
  const mention = measures.find((m) => m.tokens.includes(second.index + 1));
  if (!mention) return undefined;
  // … every word after it a condition's, a date's or a preposition ("of a team", "in a win" name nothing read: declined)
  const conditionWords = new Set([...conditions.flatMap((f) => f.tokens), ...parsed.dateTokens.flat()]);
  const rest = parsed.tokens.slice(Math.max(...mention.tokens) + 1);
  return rest.every((t) => conditionWords.has(t.index) || CONDITION_WORDS.has(t.norm) || /^[?.!]$/.test(t.norm)) ? mention.info.column : undefined;
}

const LOOSE_HIGH = new Set([...HIGHEST, 'top', 'peak', 'best', 'record']);
const LOOSE_LOW = new Set([...LOWEST, 'bottom', 'worst']);

/** A word of each direction anywhere in the question (not "at least", "at most", nor a column's own word). */
function looseEnds(parsed: ParsedQuestion, named: Set<number>): { high: Token; low: Token } | undefined {
  const free = parsed.tokens.filter((t) => !named.has(t.index) && parsed.tokens[t.index - 1]?.norm !== 'at');
  const high = free.find((t) => LOOSE_HIGH.has(t.norm));
  const low = free.find((t) => LOOSE_LOW.has(t.norm));
  return high && low ? { high, low } : undefined;
}

/** Words that ask of groups, never of rows: "among reps", "across regions". */
const GROUP_WORDS = new Set(['among', 'amongst', 'across', 'per', 'each', 'every']);
/** Words that open a condition after the measure: "at the armory", "in 2010", "for Acme". */
const CONDITION_WORDS = new Set(['in', 'at', 'for', 'of', 'on', 'during', 'from', 'since', 'before', 'after', 'with', 'to', 'the']);

/**
 * "Which site has the highest and lowest attendance?": a highest-word and a lowest-word in one
 * question that asks no difference ask for two rows at once, where one ranking gives one end
 * only. The problem to decline with, or undefined.
 */
export function bothEndsProblem(parsed: ParsedQuestion, spec: { match: { mentions: ColumnMention[] }; difference?: { measures?: [Measure, Measure] } }): string | undefined {
  const named = new Set(spec.match.mentions.flatMap((m) => m.tokens));
  // (in a difference, "top"/"peak" and "bottom" name ends too: "the top home attendance and the lowest away attendance")
  const ends = endWords(parsed, named) ?? (parsed.difference !== undefined ? looseEnds(parsed, named) : undefined);
  if (!ends) return undefined;
  // "the difference between the highest home attendance and the lowest away attendance": each end with its own condition
  // is no range of one set of rows (it was read as the highest of each side); only the range itself stands
  if (parsed.difference !== undefined) {
    const measures = spec.difference?.measures;
    const range = measures && measures[0].kind === 'column' && measures[1].kind === 'column' && measures[0].fn === 'max' && measures[1].fn === 'min' && measures[0].column === measures[1].column;
    return range ? undefined : `'${ends.high.norm}' and '${ends.low.norm}' each name one end of a different set of rows; ask for each end on its own`;
  }
  return `'${ends.high.norm}' and '${ends.low.norm}' ask for both ends at once; ask for each on its own`;
}
