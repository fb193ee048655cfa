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

/** A four-digit year from 1000 to 2099, standing as a word of its own (not "1995X", "N1950A", "1970s"). */
const YEAR_WORD = /(?<![\p{L}\d.,-])(?:1\d|20)\d{2}(?![\p{L}\d]|[.,]\d)/gu;
/** Values that say the date is not known: no year, and no row of any year. */
const UNKNOWN = /^\s*(\?+|-+|–|—|n\/?a|unknown|tba|tbd|never released|unreleased|not released|cancelled|canceled|none)\s*$/i;

const Y = String.raw`(?:1\d|20)\d{2}`;
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/**
 * The ways a cell writes a date at some precision: a year (with "c.", "b." before it), a month
 * and year, a day, month and year in either order or in numbers, two or more years as
 * alternatives ("1912/1956"), and a year opening a name ("1988 Seoul"). A span ("1990–1995",
 * "May 1979 – January 1985"), a decade ("1970s"), a year with a qualifier ("after 1760"), "BC"
 * or a unit, an address or a code is none of them.
 */
const DATE_FORMS = [
  new RegExp(String.raw`^(?:(?:c|ca|b|d|est)\.|circa|born|died)?\s*${Y}$`, 'i'),
  new RegExp(String.raw`^${MONTH},?\s+${Y}$`, 'i'),
  new RegExp(String.raw`^${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+${Y}$`, 'i'),
  new RegExp(String.raw`^\d{1,2}(?:st|nd|rd|th)?\s+${MONTH},?\s+${Y}$`, 'i'),
  new RegExp(String.raw`^\d{1,2}[/.-]\d{1,2}[/.-]${Y}$`),
  new RegExp(String.raw`^${Y}-\d{1,2}-\d{1,2}$`),
  new RegExp(String.raw`^${Y}(?:\s*(?:/|,|;|&|and)\s*${Y})+$`, 'i'),
  // "1988 Seoul": a name after its year (a capital, never a unit or a word such as "freestyle")
  new RegExp(String.raw`^${Y}\s+(?!(?:BC|BCE|AD|CE)\b)\p{Lu}[\p{L}.'-]*(?:\s+[\p{L}.'-]+){0,3}$`, 'u'),
];

/** An address's last word: "1600 Pennsylvania Ave" is a house number, no year. */
const STREET_END = /\b(street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|highway|hwy|place|pl|court|ct|square|sq)\.?$/i;

/** True when `value` writes a date in one of `DATE_FORMS` (a footnote mark or a note in brackets after it dropped: "2003 (re-release)"). */
function isDateText(value: string): boolean {
  const text = value.replace(/[\u00a0\u202f\u2009]/g, ' ').trim().replace(/\s*\([^()]*\)$/, '').replace(/(\d)\s*(\*{1,3}|[†‡§¶]{1,2}|\[[a-z0-9]{1,3}\])$/i, '$1');
  return !STREET_END.test(text) && DATE_FORMS.some((form) => form.test(text));
}

/** The years `value` names (empty for none). */
function yearsIn(value: string): number[] {
  return [...value.matchAll(YEAR_WORD)].map((m) => Number(m[0]));
}

/** A person's birth or death: a question of another event's year is no question of it. */
const LIFE_NAME = /\b(born|birth|birthdate|birthday|dob|died|death|deaths)\b/i;
const LIFE_WORDS = new Set(['born', 'birth', 'births', 'died', 'death', 'deaths', 'die', 'dies', 'birthday']);

/**
 * True when every listed value of a text column writes a date at some precision (or says the
 * date is unknown: `isDateText`), and at least two values do. Needs the column's full list of
 * values (the profile keeps it up to its distinct-value limit): a larger column is never read
 * this way.
 */
function namesYears(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).map(String);
  if (column.type !== 'text' || values.length < 2) return false;
  let named = 0;
  for (const value of values) {
    if (UNKNOWN.test(value)) continue;
    if (!isDateText(value) || yearsIn(value).length === 0) return false;
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
  // a Born column takes "born in 1950", never "goals scored in 1980"
  const life = parsed.tokens.some((t) => LIFE_WORDS.has(t.norm));
  const candidates = profile.table.columns.filter((c) => namesYears(c) && (life || !LIFE_NAME.test(c.name)));
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
