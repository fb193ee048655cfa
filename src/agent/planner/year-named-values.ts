/**
 * Text columns whose every value names its year, at whatever precision the source wrote it:
 * "1976", "May 1976", "October 1, 1996", "b. 1535", "1988 Seoul". Wikipedia-style tables write
 * dates this way, so the column is typed text (no one date precision), yet "released in 1976",
 * "created before the year 1600" or "competed from 2008 to 2012" is a question of the year each
 * value names.
 * @module agent/planner/year-named-values
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { DatePhrase } from './date-phrases.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

/** A four-digit year from 1000 to 2099, standing as a word of its own and followed by no unit ("1600 m" is a distance). */
const YEAR_WORD = /(?<![\d.,])(?:1\d|20)\d{2}(?![\d.,]*\d)(?!\s*(?:m|km|mi|ft|cc|kg|lbs?|hp|rpm|mhz|ghz|mb|gb|metres|meters|feet|yards|miles|points|pts)\b)/gi;
/** Two years joined as a span ("1990–1995", "1990 to 1995"): a span column is `year-spans`' to read. */
const SPAN = /(?:1\d|20)\d{2}\s*(?:[-–—]|\bto\b)\s*(?:(?:1\d|20)?\d{2}\b|present|current|now)/i;
/** Values that say the date is not known: no year, and no row of any year. */
const UNKNOWN = /^\s*(\?+|-+|–|—|n\/?a|unknown|tba|tbd|never released|unreleased|not released|cancelled|canceled|none)\s*$/i;

/** The years `value` names (empty for none). */
function yearsIn(value: string): number[] {
  return [...value.matchAll(YEAR_WORD)].map((m) => Number(m[0]));
}

/**
 * True when every listed value of a text column names a year (or says the date is unknown), no
 * value is a span of years, and at least two values name one. Needs the column's full list of
 * values (the profile keeps it under 50 distinct values): a larger column is never read this way.
 */
function namesYears(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).map(String);
  if (column.type !== 'text' || values.length < 2) return false;
  let named = 0;
  for (const value of values) {
    if (UNKNOWN.test(value)) continue;
    if (SPAN.test(value) || yearsIn(value).length === 0) return false;
    named++;
  }
  return named >= 2;
}

/**
 * "how many songs were released in 1976" over Release date ("1976", "May 1976", …), "dukedoms
 * created before the year 1600" over Date of creation ("December 9, 1753", "b. 1535", "1453"),
 * "athletes that competed from 2008 to 2012" over Games ("1988 Seoul"): with no date or year
 * column, a phrase of whole years (open or closed: "after 1900") keeps the rows of the one text column whose every value names
 * its year (the column the question names when several do). A value naming several years
 * ("1912/1956") is kept when all of them fall inside, left out when none does, and declines the
 * question otherwise; a value saying the date is unknown ("?", "Never released") is left out,
 * and declines an open end ("after 1900": "N/A" may be a date still to come).
 * Each end year's values are tied to the words that named it, so a difference ("the difference
 * … from 2008 to 2012") compares the two ends.
 * @param mentioned columns the question names, to choose among several such columns
 * @param strength how many words of each mentioned column's name the question says: among
 *   several named columns the one named by the most ("ended service" names End of service by two)
 * @returns the filter, a problem when the phrase cannot be applied to the column, or undefined
 *   when no (single) column names years
 */
export function yearNamedFilter(phrase: DatePhrase, tokens: number[], profile: TableProfile, parsed: ParsedQuestion, mentioned: CatalogColumn[], strength: Map<CatalogColumn, number> = new Map()): { filter?: Filter; problem?: string } | undefined {
  if (phrase.partial || (!phrase.from && !phrase.to) || [phrase.from, phrase.to].some((d) => d !== undefined && !d.endsWith('-01-01'))) return undefined;
  const candidates = profile.table.columns.filter(namesYears);
  let named = candidates.filter((c) => mentioned.includes(c));
  const most = Math.max(0, ...named.map((c) => strength.get(c) ?? 0));
  if (most > 0) named = named.filter((c) => strength.get(c) === most);
  const column = candidates.length === 1 ? candidates[0] : named.length === 1 ? named[0] : undefined;
  if (!column) return candidates.length > 1 ? { problem: `'${phrase.text.trim()}' could apply to several columns of years (${candidates.map((c) => c.name).join(', ')})` } : undefined;
  const first = phrase.from ? Number(phrase.from.slice(0, 4)) : -Infinity;
  const last = phrase.to ? Number(phrase.to.slice(0, 4)) - 1 : Infinity;
  const inside = (year: number): boolean => year >= first && year <= last;
  const kept: string[] = [];
  const values = (column.profile.distinct ?? []).map(String);
  // "ended service after 1900" over an End of service of "N/A": a date not given may be one still to come
  const unknown = values.find((v) => yearsIn(v).length === 0) ?? (column.profile.nullCount > 0 ? 'no value' : undefined);
  if (unknown !== undefined && !phrase.to) return { problem: `${column.name} holds '${unknown}', which may be a date after ${first - 1} not yet given` };
  for (const value of values) {
    const years = yearsIn(value);
    if (years.length === 0) continue;
    const within = years.filter(inside).length;
    if (within > 0 && within < years.length) return { problem: `${column.name} '${value}' names years inside and outside '${phrase.text.trim()}'` };
    if (within > 0) kept.push(value);
  }
  const id = sqlIdentifier(column.sqlName);
  const sql = kept.length === 0 ? 'FALSE' : `${id} IN (${kept.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
  const numberTokens = tokens.filter((t) => /^\d{4}$/.test(parsed.tokens[t].norm));
  const tokensOfYears = (years: number[]): number[] => numberTokens.filter((t) => years.includes(Number(parsed.tokens[t].norm)));
  // only the two ends of a closed span are sides a difference compares ("from 2008 to 2012")
  const sides = Number.isFinite(first) && Number.isFinite(last) && first < last ? kept.map((value) => ({ value, tokens: tokensOfYears(yearsIn(value)) })) : undefined;
  const text = first === last ? `${column.name} names ${first}` : !phrase.to ? `${column.name} names a year from ${first}` : !phrase.from ? `${column.name} names a year before ${last + 1}` : `${column.name} names a year from ${first} to ${last}`;
  return { filter: { sql, text, tokens, column, values: sides } };
}
