/**
 * Day ranges over dates written without a year ("January 16", "Sept 4", "16 March"), which
 * are stored as text: "after November 15th", "before March 3", "between June and August".
 * The days a column holds are compared as days of one calendar year, so a column whose months
 * look like a season across the new year (September to January) is declined. A pair of start
 * and end columns ("Date Start", "Date Finish") takes the range on both readings of an event
 * (its start and its end in the range) and answers only when they agree.
 * @module agent/planner/month-day-columns
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { headerMonthNumber, type DatePhrase } from './date-phrases.js';
import { foldText } from './normalize-text.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

/** Column names of dates: "Date", "Date Start", "Start", "Finish", "Day". */
const DATE_NAME = /\b(date|dates|day|start|starts|started|begin|begins|finish|finished|end|ends|ended)\b/i;
const START_NAME = /\b(start|starts|started|begin|begins|from|opening|opened)\b/i;
const END_NAME = /\b(finish|finished|end|ends|ended|to|until|closing|closed)\b/i;
/** Months missing in a row inside January to December from which a column is read as a season across the new year (September to January leaves seven). */
const SEASON_GAP = 4;

/** `[month, day]` of a cell such as "January 16", "Sept 4", "16 March", "Nov. 20"; the day is absent for a bare month. */
export function monthDayOf(value: unknown): [number, number | undefined] | undefined {
  const text = foldText(String(value ?? '')).trim().replace(/\s+/g, ' ');
  let m = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?$/.exec(text);
  if (m) return dayOf(m[1], m[2]);
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?$/.exec(text);
  if (m) return dayOf(m[2], m[1]);
  const month = headerMonthNumber(text);
  return month === undefined ? undefined : [month, undefined];

  function dayOf(name: string, digits: string): [number, number] | undefined {
    const monthNumber = headerMonthNumber(name);
    const day = Number(digits);
    return monthNumber !== undefined && day >= 1 && day <= 31 ? [monthNumber, day] : undefined;
  }
}

/**
 * Text columns of days without a year: named as dates, at least two distinct days and every
 * filled cell a day or a word with no digit ("Cancelled", "TBD": no day, outside every range).
 */
function monthDayColumns(profile: TableProfile): CatalogColumn[] {
  return profile.table.columns.filter((column) => {
    if (column.type !== 'text' || !DATE_NAME.test(column.name) || column.derived !== undefined) return false;
    const values = column.profile.distinct;
    if (!values || values.length === 0 || column.profile.distinctCount !== values.length) return false;
    const days = values.filter((v) => monthDayOf(v)?.[1] !== undefined);
    return days.length >= 2 && values.every((v) => monthDayOf(v)?.[1] !== undefined || !/\d/.test(String(v)));
  });
}

/** True when the months held look like a season across the new year: a long run of missing months inside January to December. */
function crossesNewYear(columns: CatalogColumn[]): boolean {
  const months = [...new Set(columns.flatMap((c) => (c.profile.distinct ?? []).map((v) => monthDayOf(v)?.[0]).filter((m): m is number => m !== undefined)))].sort((a, b) => a - b);
  const wrap = 12 - months[months.length - 1] + months[0] - 1;
  const inner = Math.max(0, ...months.slice(1).map((m, k) => m - months[k] - 1));
  return inner >= SEASON_GAP && inner > wrap;
}

/** The condition "the day of `column` is in `[from, to)`" as the list of its values in range, or FALSE when none is. */
function inRange(column: CatalogColumn, from: [number, number], to: [number, number]): string {
  const key = ([month, day]: [number, number]): number => month * 100 + day;
  const kept = (column.profile.distinct ?? []).filter((v) => {
    const day = monthDayOf(v);
    return day?.[1] !== undefined && key(day as [number, number]) >= key(from) && key(day as [number, number]) < key(to);
  });
  if (kept.length === 0) return 'FALSE';
  return `${sqlIdentifier(column.sqlName)} IN (${kept.map((v) => sqlLiteral(String(v))).join(', ')})`;
}

/** "Nov 16 to Dec 31" for explanations. */
function rangeText(from: [number, number], to: [number, number]): string {
  const name = (month: number): string => ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][(month - 1) % 12];
  const last: [number, number] = to[1] > 1 ? [to[0], to[1] - 1] : [to[0] - 1, [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(to[0] + 10) % 12]];
  return `${name(from[0])} ${from[1]} to ${name(last[0])} ${last[1]}`;
}

/**
 * Applies a day range with no year (`partial.fromDay` / `partial.toDay`, or a whole month named
 * with no year: "in March") to the table's text
 * column of days without a year, or to its pair of start and end columns.
 * @param mentioned columns the question names, to choose among several
 * @returns the filter or a problem; undefined when the phrase has no such range or the table no such column
 */
export function applyMonthDays(phrase: DatePhrase, tokens: number[], profile: TableProfile, mentioned: CatalogColumn[]): { filter?: Filter; problem?: string } | undefined {
  const partial = phrase.partial;
  // "in March": the whole month, as the days from March 1 to April 1
  const month = partial?.month !== undefined && partial.fromDay === undefined && partial.toDay === undefined && phrase.kind === 'month' ? partial.month : undefined;
  if (!partial || (partial.fromDay === undefined && partial.toDay === undefined && month === undefined)) return undefined;
  const from = partial.fromDay ?? (month !== undefined ? [month, 1] : [1, 1]);
  const to = partial.toDay ?? (month !== undefined ? [month + 1, 1] : [13, 1]);
  let columns = monthDayColumns(profile);
  if (columns.length === 0) return undefined;
  // a whole month over the one column of days is read by its month name, as it always was (a cell "March" included)
  if (month !== undefined && columns.length === 1) return undefined;
  const named = columns.filter((c) => mentioned.includes(c));
  if (named.length === 1) columns = named;
  const text = phrase.text.trim();
  if (crossesNewYear(columns)) return { problem: `the days of ${columns.map((c) => c.name).join(' and ')} have no year and seem to run across the new year, so '${text}' cannot be placed` };
  if (columns.length === 1) {
    const column = columns[0];
    return { filter: { sql: inRange(column, from, to), text: `${column.name} from ${rangeText(from, to)} (days without a year)`, tokens, column } };
  }
  const start = columns.filter((c) => START_NAME.test(c.name));
  const end = columns.filter((c) => END_NAME.test(c.name) && !START_NAME.test(c.name));
  if (columns.length !== 2 || start.length !== 1 || end.length !== 1) return { problem: `'${text}' could apply to several date columns (${columns.map((c) => c.name).join(', ')})` };
  // an event from its start to its end: "after November 15th" reads its start or its end; both must give the same answer
  return {
    filter: {
      sql: inRange(start[0], from, to),
      text: `${start[0].name} from ${rangeText(from, to)} (days without a year; the same rows as by ${end[0].name})`,
      tokens, column: start[0],
      agreeing: inRange(end[0], from, to),
      disagreeing: `${start[0].name} and ${end[0].name} give different answers here: name the column the date applies to`,
    },
  };
}
