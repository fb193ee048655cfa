/**
 * Years that are part of a column's name: "the total Population 2020" over columns
 * "Population 2010" and "Population 2020". The year there picks the column, it is no date
 * condition (the table has no date for it to filter), so the question is read without that
 * date phrase and the year matches the column's name. Likewise a year right after a numeric
 * condition over a wide table of year columns ("schools that scored above 600 in 2010" over
 * School | 2007 … 2011) names the column the condition is on (`periodOfComparison`), and "the
 * 2008-09 season" over a Season column of "2008/09" is that season, no September 2008.
 * @module agent/planner/year-named-columns
 */
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import type { Comparison } from './find-comparisons.js';

/**
 * `parsed` without the date phrases that are a lone year spelled next to the other words of
 * a column name holding that year ("Population 2020"), for matching against `profile`.
 * Period columns (a "2020" column of a wide table) keep the date reading: there the year is
 * the period. Returns `parsed` itself when no phrase is such a name.
 */
export function withoutYearsOfColumnNames(parsed: ParsedQuestion, profile: TableProfile): ParsedQuestion {
  const keep: number[] = [];
  parsed.dates.forEach((phrase, k) => {
    const tokens = parsed.dateTokens[k];
    const lone = tokens.length === 1 && /^(1[5-9]|20)\d{2}$/.test(parsed.tokens[tokens[0]].norm);
    if (tokens.length === 1 && seasonValue(parsed, profile, tokens[0])) return; // "the 2008-09 season" over a Season of "2008/09"
    // "after 2000-01" over a Season of "2000–01": the season's place in the column's order, no January 2000
    if (tokens.length === 2 && SEASON_BOUNDS.has(parsed.tokens[tokens[0]].norm) && seasonValue(parsed, profile, tokens[1])) return;
    if (!lone || (!namesColumn(parsed, profile, tokens[0]) && !conditionedPeriod(parsed, profile, tokens[0]))) keep.push(k);
  });
  if (keep.length === parsed.dates.length) return parsed;
  return { ...parsed, dates: keep.map((k) => parsed.dates[k]), dateTokens: keep.map((k) => parsed.dateTokens[k]) };
}

/** True when the year at `index` and the words right before or after it spell a whole non-period column name. */
function namesColumn(parsed: ParsedQuestion, profile: TableProfile, index: number): boolean {
  const year = parsed.tokens[index].norm;
  return profile.table.columns.some((column) => {
    if (column.period !== undefined) return false;
    const stems = tokensOf(column.name).map((t) => t.stem);
    const at = stems.indexOf(year);
    if (at < 0 || stems.length < 2) return false;
    const start = index - at;
    return start >= 0 && stems.every((stem, k) => parsed.tokens[start + k]?.stem === stem);
  });
}

/** The year period column whose label is the year at `index`, when one of `profile`'s year columns is so named. */
function yearPeriod(profile: TableProfile, index: number, parsed: ParsedQuestion): ColumnInfo | undefined {
  const year = parsed.tokens[index]?.norm;
  const period = profile.periods.find((p) => p.granularity === 'year' && p.label === year);
  return period ? profile.columns.find((c) => c.column === period.column) : undefined;
}

/**
 * True when the year at `index` follows a numeric condition ("above 600 in 2010", "higher than
 * 600 for 2008") and names one of the table's year columns: the year picks the column the
 * condition is on. With several year phrases ("in 2010 and 2011") it is not read so.
 */
function conditionedPeriod(parsed: ParsedQuestion, profile: TableProfile, index: number): boolean {
  if (parsed.dates.length !== 1 || !yearPeriod(profile, index, parsed)) return false;
  // "ranked higher than 5 in 2010": over year columns of places, "higher" is a smaller number; not read
  if (parsed.tokens.some((t) => RANK_WORDS.has(t.norm))) return false;
  return parsed.comparisons.some((c) => !c.weak && c.upper === undefined && yearAfter(parsed, c) === index);
}

/** Words that make a bound one on places, where "higher" is the smaller number. */
const RANK_WORDS = new Set(['rank', 'ranked', 'ranking', 'rankings', 'place', 'placed', 'position', 'positions', 'seed', 'seeded']);

/** The token of a year written right after the comparison's phrase, or after "in"/"for" there. */
function yearAfter(parsed: ParsedQuestion, comparison: Comparison): number {
  let at = Math.max(...comparison.tokens) + 1;
  if (['in', 'for', 'during'].includes(parsed.tokens[at]?.norm ?? '')) at++;
  return /^(1[5-9]|20)\d{2}$/.test(parsed.tokens[at]?.norm ?? '') ? at : -1;
}

/**
 * The year column a numeric condition is on when no measure is named near it but a year of
 * the table's year columns follows it ("above 600 in 2010"), with the tokens that say so.
 * Undefined otherwise. `withoutYearsOfColumnNames` has taken that year out of the dates.
 */
export function periodOfComparison(parsed: ParsedQuestion, profile: TableProfile, comparison: Comparison): { info: ColumnInfo; tokens: number[] } | undefined {
  if (comparison.weak || comparison.upper !== undefined || parsed.tokens.some((t) => RANK_WORDS.has(t.norm))) return undefined;
  const at = yearAfter(parsed, comparison);
  if (at < 0 || parsed.dateTokens.some((tokens) => tokens.includes(at))) return undefined;
  const info = yearPeriod(profile, at, parsed);
  if (!info || !info.numeric) return undefined;
  const first = Math.max(...comparison.tokens) + 1;
  return { info, tokens: Array.from({ length: at - first + 1 }, (_, k) => first + k) };
}

/** True when the token, two years a dash apart ("2008-09", "2005-2006"), is a season the table's values hold ("2008/09"): no date or span of years. */
/** Words bounding a season in the column's order: "after 2000-01", "before 2005-06". */
const SEASON_BOUNDS = new Set(['after', 'before', 'since', 'until', 'till']);

function seasonValue(parsed: ParsedQuestion, profile: TableProfile, index: number): boolean {
  const token = parsed.tokens[index];
  if (!/^(1[89]|20)\d{2}-(\d{2}|(1[89]|20)\d{2})$/.test(token.norm)) return false;
  return profile.values.some((entry) => entry.column.type === 'text' && entry.stems.length === 1 && entry.stems[0] === token.stem);
}
