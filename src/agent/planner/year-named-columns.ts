/**
 * Years that are part of a column's name: "the total Population 2020" over columns
 * "Population 2010" and "Population 2020". The year there picks the column, it is no date
 * condition (the table has no date for it to filter), so the question is read without that
 * date phrase and the year matches the column's name.
 * @module agent/planner/year-named-columns
 */
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import type { TableProfile } from './table-profile.js';

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
    if (tokens.length !== 1 || !/^(1[5-9]|20)\d{2}$/.test(parsed.tokens[tokens[0]].norm) || !namesColumn(parsed, profile, tokens[0])) keep.push(k);
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
