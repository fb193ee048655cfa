/**
 * Applies a question's date phrase to one table: a range filter on its date column, a choice of
 * period columns for wide tables (P&L Jan … Dec), or, when the table has no dates, a match
 * against its title or union labels ("Q2" → the "Q2 Media Plan" table).
 * @module agent/planner/apply-dates
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { findDatePhrases, headerMonthNumber, resolvePartial, type DatePhrase } from './date-phrases.js';
import { foldText } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlDate, sqlIdentifier } from './sql-text.js';
import type { PeriodColumn, TableProfile } from './table-profile.js';
import { applyMonthDays } from './month-day-columns.js';
import { yearSpanOverlap } from './year-spans.js';
import { yearNamedFilter } from './year-named-values.js';

export interface DateApplication {
  filter?: Filter;
  periods?: PeriodColumn[];
  periodText?: string;
  /** Tokens of the phrase explained by the title/labels instead of dates. */
  contextTokens?: number[];
  problem?: string;
}

function yearsOf(column: CatalogColumn): [number, number] | undefined {
  const { min, max } = column.profile;
  if (typeof min !== 'string' || typeof max !== 'string') return undefined;
  return [Number(min.slice(0, 4)), Number(max.slice(0, 4))];
}

/** Two years joined by "and" with no "between"/"from" before them: "2009 and 2011". */
const YEAR_PAIR = /^((?:19|20)\d{2})\s+and\s+((?:19|20)\d{2})$/;

/**
 * "How many more tracks were in 2010 compared to 2012", "tracks in 2009 or 2011": two years, each
 * written alone, over a table with a column of years are two values of that column, each named by
 * its own words (so a difference can take them as its two sides). Undefined for anything else.
 */
function twoYears(parsed: ParsedQuestion, profile: TableProfile): Filter | undefined {
  const column = profile.yearColumn;
  if (!column || parsed.dates.length !== 2 || column.type !== 'integer') return undefined;
  const years = parsed.dates.map((phrase, k) => {
    const written = parsed.dateTokens[k].filter((t) => /^(1[5-9]|20)\d{2}$/.test(parsed.tokens[t].norm));
    return phrase.kind === 'year' && !phrase.partial && written.length === 1 ? parsed.tokens[written[0]].norm : undefined;
  });
  if (years.some((year) => year === undefined) || years[0] === years[1]) return undefined;
  return yearPair(column, parsed.dateTokens.flat(), { value: years[0] as string, tokens: parsed.dateTokens[0] }, { value: years[1] as string, tokens: parsed.dateTokens[1] });
}

/** The filter on two years of `column`, each named by its own words (the two sides a difference can take). */
function yearPair(column: CatalogColumn, tokens: number[], first: { value: string; tokens: number[] }, second: { value: string; tokens: number[] }): Filter {
  return {
    sql: `${sqlIdentifier(column.sqlName)} IN (${first.value}, ${second.value})`,
    text: `${column.name} in (${first.value}, ${second.value})`,
    tokens,
    column,
    values: [first, second],
  };
}

/** A range of two years written out: "between 2012 and 2013", "from 2012 to 2013", "2012-2013". */
const YEAR_RANGE = /^(?:between|from)?\s*((?:1[5-9]|20)\d{2})\s*(?:and|to|-|–|until|till)\s*((?:1[5-9]|20)\d{2})$/;

/**
 * "the difference in aircraft landings between 2012 and 2013" over a column of years: with a
 * difference asked, the two ends of a range are its two sides (two values of the year column,
 * each named by its own word), never the span between them. Undefined otherwise.
 */
function rangeEndYears(parsed: ParsedQuestion, profile: TableProfile): Filter | undefined {
  const column = profile.yearColumn;
  if (!parsed.difference || parsed.dates.length !== 1 || !column || column.type !== 'integer' || profile.dateColumns.length > 0) return undefined;
  const range = YEAR_RANGE.exec(parsed.dates[0].text.trim());
  if (!range || range[1] === range[2]) return undefined;
  const at = (year: string): number[] => parsed.dateTokens[0].filter((t) => parsed.tokens[t].norm === year);
  const [first, second] = [at(range[1]), at(range[2])];
  if (first.length !== 1 || second.length !== 1) return undefined;
  return yearPair(column, parsed.dateTokens[0], { value: range[1], tokens: first }, { value: range[2], tokens: second });
}

/**
 * "the difference between X's 2007 score and its 2011 score" over a wide table of year columns:
 * with a difference asked, two lone years that each name one year period column are the two
 * columns compared, in question order. Undefined otherwise.
 */
function twoPeriods(parsed: ParsedQuestion, profile: TableProfile): DateApplication | undefined {
  if (!parsed.difference || parsed.dates.length !== 2 || profile.periods.length === 0 || profile.dateColumns.length > 0) return undefined;
  const ends = parsed.dates.map((phrase) => {
    const applied = applyToPeriods(phrase, profile);
    const one = applied.periods?.length === 1 ? applied.periods[0] : undefined;
    return one?.granularity === 'year' && !phrase.partial ? one : undefined;
  });
  if (ends.some((p) => p === undefined) || ends[0] === ends[1]) return undefined;
  const [first, second] = ends as [PeriodColumn, PeriodColumn];
  return { periods: [first, second], periodText: `${first.label} and ${second.label}` };
}

/** Range text for explanations: `2025-01-01 to 2025-03-31`. */
function rangeText(from?: string, to?: string): string {
  const last = to ? new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : undefined;
  if (from && last) return from === last ? from : `${from} to ${last}`;
  return from ? `from ${from}` : `up to ${last}`;
}

/**
 * Applies the question's one date phrase (or none) to `profile`.
 * @param mentioned columns the question names, to choose among several date columns
 * @param strength how many name words the question says of each mentioned column
 */
export function applyDates(parsed: ParsedQuestion, profile: TableProfile, mentioned: CatalogColumn[], strength: Map<CatalogColumn, number> = new Map()): DateApplication {
  if (parsed.dates.length > 1) {
    const years = twoYears(parsed, profile);
    const ends = years ? undefined : twoPeriods(parsed, profile);
    if (ends) return ends;
    return years ? { filter: years } : { problem: `several date phrases (${parsed.dates.map((d) => `'${d.text.trim()}'`).join(', ')}); comparisons are not supported` };
  }
  const phrase = parsed.dates[0];
  const tokens = parsed.dateTokens[0] ?? [];
  if (phrase?.unreadable) return { problem: phrase.unreadable };
  const ends = rangeEndYears(parsed, profile);
  if (ends) return { filter: ends };
  if (profile.periods.length > 0 && profile.dateColumns.length === 0) {
    // "the 2007 and 2011 scores": the two year columns, not the span from one to the other
    const pair = phrase ? YEAR_PAIR.exec(phrase.text.trim()) : null;
    if (pair) {
      const both = [pair[1], pair[2]].map((year) => profile.periods.find((p) => p.granularity === 'year' && p.label === year));
      if (both.some((p) => p === undefined)) return { problem: `${profile.table.sqlName} has no column for one of ${pair[1]} and ${pair[2]}` };
      return { periods: both as PeriodColumn[], periodText: `${pair[1]} and ${pair[2]}` };
    }
    return applyToPeriods(phrase, profile);
  }
  if (!phrase) return {};
  const wholeYear = (date: string | undefined): boolean => date === undefined || date.endsWith('-01-01');
  const wholeYears = !phrase.partial && (phrase.from !== undefined || phrase.to !== undefined) && wholeYear(phrase.from) && wholeYear(phrase.to);
  // "placed second in 2014" over Season and Date: the row's own year column says which year it
  // belongs to (a 2014 season starts in 2013), unless the question names the date column
  const yearFirst = profile.yearColumn !== undefined && wholeYears && !profile.dateColumns.some((c) => mentioned.includes(c));
  // "in 2009 and 2011": two years, not the span from one to the other ("between 2009 and 2011", "2009 to 2011" are spans)
  const pair = YEAR_PAIR.exec(phrase.text.trim());
  const inTexts = wholeYears && !pair ? yearTextFilter(phrase, tokens, profile, mentioned, strength) : undefined;
  if (inTexts) return { filter: inTexts };
  if (profile.dateColumns.length > 0 && !yearFirst) {
    const named = profile.dateColumns.filter((c) => mentioned.includes(c));
    const column = profile.dateColumns.length === 1 ? profile.dateColumns[0] : named.length === 1 ? named[0] : undefined;
    if (!column) return { problem: `'${phrase.text.trim()}' could apply to several date columns (${profile.dateColumns.map((c) => c.name).join(', ')})` };
    if (pair) {
      const id = sqlIdentifier(column.sqlName);
      const year = (y: string): string => `(${id} >= ${sqlDate(`${y}-01-01`)} AND ${id} < ${sqlDate(`${Number(y) + 1}-01-01`)})`;
      return { filter: { sql: `(${year(pair[1])} OR ${year(pair[2])})`, text: `${column.name} in ${pair[1]} or ${pair[2]}`, tokens, column } };
    }
    const range = rangeFor(phrase, yearsOf(column)) ?? withinOneSeason(phrase, column);
    if (!range) return { problem: `'${phrase.text.trim()}' names no year and ${column.name} spans several years` };
    const { min, max } = column.profile;
    if (typeof min === 'string' && typeof max === 'string' && ((range.to && range.to <= min) || (range.from && range.from > max))) {
      return { problem: `${column.name} only has dates from ${min} to ${max}, none in '${phrase.text.trim()}'` };
    }
    const id = sqlIdentifier(column.sqlName);
    const parts = [range.from ? `${id} >= ${sqlDate(range.from)}` : '', range.to ? `${id} < ${sqlDate(range.to)}` : ''].filter(Boolean);
    return { filter: { sql: parts.join(' AND '), text: `${column.name} ${rangeText(range.from, range.to)}`, tokens, column } };
  }
  if (profile.yearColumn && wholeYears) {
    const column = profile.yearColumn;
    const id = sqlIdentifier(column.sqlName);
    const value = (y: number): string => (column.type === 'integer' ? String(y) : `'${y}'`);
    if (!phrase.from || !phrase.to) {
      // "before 2007", "since 2010": an open range of whole years
      const sql = phrase.from ? `${id} >= ${value(Number(phrase.from.slice(0, 4)))}` : `${id} < ${value(Number((phrase.to as string).slice(0, 4)))}`;
      const text = phrase.from ? `${column.name} from ${phrase.from.slice(0, 4)}` : `${column.name} before ${(phrase.to as string).slice(0, 4)}`;
      return { filter: { sql, text, tokens, column } };
    }
    if (pair) {
      const years = [pair[1], pair[2]];
      const named = years.map((y) => tokens.filter((t) => parsed.tokens[t].norm === y));
      return { filter: { sql: `${id} IN (${years.map((y) => value(Number(y))).join(', ')})`, text: `${column.name} in (${years.join(', ')})`, tokens, column, values: years.map((y, k) => ({ value: y, tokens: named[k] })) } };
    }
    const first = Number(phrase.from.slice(0, 4));
    const last = Number(phrase.to.slice(0, 4)) - 1;
    const sql = first === last ? `${id} = ${value(first)}` : `${id} BETWEEN ${value(first)} AND ${value(last)}`;
    return { filter: { sql, text: `${column.name} ${first === last ? first : `${first} to ${last}`}`, tokens, column } };
  }
  return applyToContext(phrase, tokens, profile, parsed, mentioned, strength);
}

/** A text that is a year, or a month (and day) of it: "2007", "June 2007", "Oct. 2006", "3 May 2007", "May 3, 2007"; never a decade ("1970s") or an approximation ("c. 1960"). */
const YEAR_TEXT = /^(?:([a-z]{3,9})\.?\s+(?:\d{1,2},?\s+)?|\d{1,2}\s+([a-z]{3,9})\.?\s+)?(1[5-9]\d\d|20\d\d)$/i;

/**
 * "How many total closings were there in 2007?" over "Date of closing" written "2006", "June
 * 2007", "Oct. 2006" (text, as a year and a month-year cannot be one type) beside a Date
 * announced of dates: the question names the text column, and no date or year column as fully, and every value of
 * it writes exactly one year, so the year phrase keeps the values written in those years. Only
 * for whole years; the column's values must all be listed.
 * @returns the filter (`col IN (…)`, FALSE when no value falls in the years), or undefined
 */
function yearTextFilter(phrase: DatePhrase, tokens: number[], profile: TableProfile, mentioned: CatalogColumn[], strength: Map<CatalogColumn, number>): Filter | undefined {
  const yearOf = (value: unknown): number | undefined => {
    const match = YEAR_TEXT.exec(String(value).trim());
    const month = match?.[1] ?? match?.[2];
    return match && (month === undefined || headerMonthNumber(month.toLowerCase()) !== undefined) ? Number(match[3]) : undefined;
  };
  // … and every row gives one ("after 1925" over a blank that may be a date to come is not known)
  const columns = mentioned.filter((c) => c.type === 'text' && c.profile.nullCount === 0 && (c.profile.distinct?.length ?? 0) >= 2 && c.profile.distinct?.length === c.profile.distinctCount
    && (c.profile.distinct ?? []).every((v) => yearOf(v) !== undefined) && (c.profile.distinct ?? []).some((v) => !/^\s*\d{4}\s*$/.test(String(v))));
  if (columns.length !== 1) return undefined;
  const column = columns[0];
  // … named more fully than any date or year column ("a date of closing in 2006" says "date", and "closing" too)
  const rivals = [...profile.dateColumns, ...(profile.yearColumn ? [profile.yearColumn] : [])].filter((c) => mentioned.includes(c));
  if (rivals.some((c) => (strength.get(c) ?? 1) >= (strength.get(column) ?? 1))) return undefined;
  const from = phrase.from ? Number(phrase.from.slice(0, 4)) : -Infinity;
  const to = phrase.to ? Number(phrase.to.slice(0, 4)) : Infinity;
  const values = (column.profile.distinct ?? []).map(String).filter((v) => (yearOf(v) as number) >= from && (yearOf(v) as number) < to);
  const id = sqlIdentifier(column.sqlName);
  const sql = values.length === 0 ? 'FALSE' : `${id} IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
  return { sql, text: `${column.name} ${rangeText(phrase.from, phrase.to)}`, tokens, column };
}

/** Days in a year: a column of dates spanning less names each day and month of the year at most once. */
const YEAR_DAYS = 365;

/**
 * "the October 7th game" over a season's games from August 1950 to May 1951: dates spanning
 * less than a year hold each day (or month) of the year at most once, so a day or month with
 * no year names the one of the two years that falls inside the span. Only for a phrase closed
 * on both ends (a day, a month, a range of days); undefined when both years or neither fall inside.
 */
function withinOneSeason(phrase: DatePhrase, column: CatalogColumn): { from: string; to: string } | undefined {
  const { min, max } = column.profile;
  const partial = phrase.partial;
  if (!partial || typeof min !== 'string' || typeof max !== 'string') return undefined;
  if (partial.month === undefined && !(partial.fromDay && partial.toDay)) return undefined;
  if ((Date.parse(`${max.slice(0, 10)}T00:00:00Z`) - Date.parse(`${min.slice(0, 10)}T00:00:00Z`)) / 86_400_000 >= YEAR_DAYS) return undefined;
  const years = [Number(min.slice(0, 4)), Number(max.slice(0, 4))];
  if (years[1] !== years[0] + 1) return undefined;
  const inside = years.map((y) => resolvePartial(phrase, y)).filter((r): r is { from: string; to: string } => r !== undefined && r.from <= max.slice(0, 10) && r.to > min.slice(0, 10));
  return inside.length === 1 ? inside[0] : undefined;
}

function rangeFor(phrase: DatePhrase, years: [number, number] | undefined): { from?: string; to?: string } | undefined {
  if (!phrase.partial) return { from: phrase.from, to: phrase.to };
  if (!years || years[0] !== years[1]) return undefined;
  return resolvePartial(phrase, years[0]);
}

function applyToPeriods(phrase: DatePhrase | undefined, profile: TableProfile): DateApplication {
  const all = profile.periods;
  if (!phrase) return { periods: all, periodText: `all periods (${all[0].label} to ${all[all.length - 1].label})` };
  const text = phrase.text.trim();
  if (phrase.partial?.fromDay || phrase.partial?.toDay) return { problem: `the period columns of ${profile.table.sqlName} hold no days for '${text}'` };
  let chosen: PeriodColumn[];
  if (phrase.partial) {
    const year = profile.year ?? (all.every((p) => p.from) ? Number(all[0].from?.slice(0, 4)) : undefined);
    const range = resolvePartial(phrase, year ?? 2000);
    if (!range) return { problem: `cannot read '${text}'` };
    const months = monthsIn(range.from, range.to);
    chosen = all.filter((p) => p.month !== undefined && months.includes(p.month) && (p.from === undefined || year !== undefined));
    // "the sum of Q1" over columns Q1 … Q4: the one period column named as the phrase is that period
    const named = all.filter((p) => samePeriod(phrase, p.label));
    if (chosen.length !== months.length && named.length === 1) chosen = named;
    else if (chosen.length !== months.length) return { problem: `the period columns of ${profile.table.sqlName} do not cover '${text}'` };
  } else {
    if (all.some((p) => p.from === undefined)) return { problem: `the year of ${profile.table.sqlName}'s period columns is unknown, so '${text}' cannot be checked` };
    const from = phrase.from ?? '0000-01-01';
    const to = phrase.to ?? '9999-12-31';
    chosen = all.filter((p) => (p.from as string) >= from && (p.to as string) <= to);
    const partlyInside = all.filter((p) => (p.from as string) < to && (p.to as string) > from && !chosen.includes(p));
    if (chosen.length === 0 || partlyInside.length > 0) return { problem: `the period columns of ${profile.table.sqlName} (${all[0].label} … ${all[all.length - 1].label}) do not match '${text}'` };
    const covered = chosen.reduce((sum, p) => sum + months(p), 0);
    if (phrase.from && phrase.to && covered < monthsBetween(phrase.from, phrase.to)) return { problem: `${profile.table.sqlName} has no columns for part of '${text}'` };
  }
  return { periods: chosen, periodText: chosen.length === 1 ? chosen[0].label : `${chosen[0].label} to ${chosen[chosen.length - 1].label}` };
}

function months(period: PeriodColumn): number {
  return monthsBetween(period.from as string, period.to as string);
}

function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

function monthsIn(from: string, to: string): number[] {
  const count = monthsBetween(from, to);
  const first = Number(from.slice(5, 7));
  return Array.from({ length: count }, (_, k) => ((first - 1 + k) % 12) + 1);
}

function applyToContext(phrase: DatePhrase, tokens: number[], profile: TableProfile, parsed: ParsedQuestion, mentioned: CatalogColumn[], strength: Map<CatalogColumn, number>): DateApplication {
  // "after November 15th" over a Date column written "November 20" (no year, so stored as text)
  const days = applyMonthDays(phrase, tokens, profile, mentioned);
  if (days) return days;
  const stems = tokens.map((t) => parsed.tokens[t].stem).filter((s) => !['in', 'of', 'the', 'during', 'for', 'on'].includes(s));
  const label = profile.labelColumn;
  if (label) {
    let holders = profile.values.filter((v) => v.column === label && stems.every((s) => v.stems.includes(s)));
    if (holders.length !== 1) holders = profile.values.filter((v) => v.column === label && samePeriod(phrase, v.value));
    if (holders.length === 1) {
      const id = sqlIdentifier(label.sqlName);
      return { filter: { sql: `${id} = '${holders[0].value.replace(/'/g, "''")}'`, text: `${label.name} = '${holders[0].value}'`, tokens, column: label } };
    }
  }
  const yearNamed = yearNamedFilter(phrase, tokens, profile, parsed, mentioned, strength);
  if (yearNamed) return yearNamed;
  const wholeYears = !phrase.partial && [phrase.from, phrase.to].every((d) => d === undefined || d.endsWith('-01-01'));
  const overlap = wholeYears ? yearSpanOverlap(profile, phrase.from, phrase.to) : undefined;
  if (overlap) return { filter: { sql: overlap.sql, text: overlap.text, tokens, column: overlap.column, spanOverlap: true } };
  const month = phrase.partial?.month;
  if (month !== undefined) {
    // "in September" over a Date column written "Sept 4", "Aug 28" (no year, so stored as text)
    const monthOf = (value: unknown): number | undefined => headerMonthNumber(foldText(String(value)).trim().split(/[\s.,]+/)[0] ?? '');
    const spelled = profile.table.columns.filter((c) => c.type === 'text' && /\bdate\b/i.test(c.name) && (c.profile.distinct?.length ?? 0) > 0 && (c.profile.distinct ?? []).every((v) => monthOf(v) !== undefined));
    if (spelled.length === 1) {
      const column = spelled[0];
      const values = (column.profile.distinct ?? []).map(String).filter((v) => monthOf(v) === month);
      const id = sqlIdentifier(column.sqlName);
      const sql = values.length === 0 ? 'FALSE' : `${id} IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
      return { filter: { sql, text: `${column.name} in month ${month}`, tokens, column } };
    }
  }
  const title = [profile.table.title, profile.table.sheet].filter(Boolean).join(' ');
  if ((stems.length > 0 && stems.every((s) => profile.contextStems.has(s))) || (title && samePeriod(phrase, title))) return { contextTokens: tokens };
  return { problem: `${profile.table.sqlName} has no date column for '${phrase.text.trim()}'` };
}

/**
 * True when a label or title names the question's period, in any spelling: "Feb 2025 Plan" for
 * "February 2025", "Q1 Media Plan" for "Q1" or "Q1 2025" (a side without a year matches any year).
 */
function samePeriod(phrase: DatePhrase, text: string): boolean {
  const own = findDatePhrases(foldText(text), new Date(0));
  if (own.length !== 1) return false;
  const other = own[0];
  if (!phrase.partial && !other.partial) return phrase.from === other.from && phrase.to === other.to;
  const unit = (p: DatePhrase): string | undefined => {
    if (p.partial) return p.partial.month ? `m${p.partial.month}` : p.partial.quarter ? `q${p.partial.quarter}` : p.partial.half ? `h${p.partial.half}` : undefined;
    if (!p.from || !p.to) return undefined;
    const month = Number(p.from.slice(5, 7));
    if (p.kind === 'month') return `m${month}`;
    if (p.kind === 'quarter') return `q${(month + 2) / 3}`;
    if (p.kind === 'half') return `h${(month + 5) / 6}`;
    return undefined;
  };
  return unit(phrase) !== undefined && unit(phrase) === unit(other);
}
