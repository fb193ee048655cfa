/**
 * Exclusions: "how many other albums are there besides A World Called You", "other than
 * Republican". The negation words themselves are read by `parseQuestion` and the values they
 * govern become negated filters (`match-values.ts`); this module reads the "other" that goes with
 * them and the values of a column that say a row has none of the column's thing ("single only"
 * in an Album column), which are no album to count.
 * @module agent/planner/exclusions
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';

/** Negation words that set values aside from a set ("besides X", "except X", "other than X"), as "not" alone does not. */
const EXCLUSION_WORDS = new Set(['besides', 'except', 'excluding', 'other']);

/**
 * Cells that say the row has none of the column's thing: an Album column's "single only",
 * "singles only", "non-album single", "none". Found in discographies and lists of appearances;
 * a count of the column's different values leaves them out.
 */
const NONE_VALUES = /^(?:(?:single|singles|non-album single|non-album singles)(?: only)?|non-album|none|n\/a)$/i;

/** The negated value filters whose negation word is an exclusion word ("besides", "except", "other than"). */
export function exclusionFilters(parsed: ParsedQuestion, filters: Filter[]): Filter[] {
  return filters.filter((f) => f.negated && f.values !== undefined && f.tokens.some((t) => EXCLUSION_WORDS.has(parsed.tokens[parsed.negationAt.get(t) ?? -1]?.norm ?? '')));
}

/** The "other" that opens the counted phrase ("how many other albums", "the number of other albums"), not "other than". */
function otherAt(parsed: ParsedQuestion): number | undefined {
  const start = parsed.countNounAt;
  if (start === undefined) return undefined;
  const at = [start, start - 1].find((k) => parsed.tokens[k]?.norm === 'other');
  return at !== undefined && parsed.tokens[at + 1]?.norm !== 'than' ? at : undefined;
}

/**
 * "how many other albums are there besides A World Called You": the "other" right before the
 * counted noun says the same as the exclusion after it (the albums but that one), so it is
 * explained by it. Only when a negated value filter set up by an exclusion word exists.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the "other" words explained
 */
export function otherWordsOfExclusion(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean): number[] {
  if (exclusionFilters(parsed, filters).length === 0 || parsed.countNounAt === undefined) return [];
  const at = otherAt(parsed);
  return at !== undefined && open(at) ? [at] : [];
}

/**
 * True when the question counts "other" values of `column` besides those an exclusion names
 * ("how many other albums besides X"): the different values are asked, never the rows.
 */
export function countsOtherValues(parsed: ParsedQuestion, filters: Filter[], column: CatalogColumn): boolean {
  return otherAt(parsed) !== undefined && exclusionFilters(parsed, filters).some((f) => f.column === column);
}

/** The values of `column` that say a row has none of its thing ("single only"), to leave out of a count of its values. */
export function noneValues(column: CatalogColumn): string[] {
  return (column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string' && NONE_VALUES.test(v.trim()));
}
