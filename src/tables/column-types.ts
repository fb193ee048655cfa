/**
 * Typing a column from the evidence of all its cells: integer, decimal, percent, date,
 * boolean or text, with the values converted to what is stored in `row_data`.
 * @module tables/column-types
 */
import type { Cell } from '../extract/grid.js';
import type { ColumnType, StoredValue } from './types.js';
import { currencyCodeOf, isNoValueText, parseNumberText, readDateText } from './values.js';

/** A column's type and its values as stored, one per input cell. */
export interface TypedColumn {
  type: ColumnType;
  /** Stored values: numbers (percents as fractions), `YYYY-MM-DD` dates, booleans, text; null when empty or unreadable. */
  values: StoredValue[];
  /** Non-empty cells that could not be read as `type` (stored null), Excel error cells included. */
  invalidCount: number;
  /** `percent` or `currency` when the values or the header say so. */
  unit?: string;
  /** ISO currency code when the values or their number format show one. */
  currency?: string;
  /** Day/month order used for text dates (`ymd` when all were year-first). */
  dateOrder?: 'dmy' | 'mdy' | 'ymd';
  /** Every date names only a month (`2025-03`, `Mar 2025`, Excel `mmm yyyy`); stored as the 1st. */
  monthOnly?: boolean;
}

export interface TypeColumnContext {
  /** The file's decimal separator for numbers written as text. @default '.' */
  decimalSeparator?: '.' | ',';
  /** Folded header text: `[%]` or `percent` in it marks plain numbers as percent points (not divided). */
  headerName?: string;
}

type Observation =
  | { kind: 'empty' }
  | { kind: 'error' }
  | { kind: 'boolean'; value: boolean; text?: string }
  | { kind: 'number'; value: number; percent: boolean; currency?: string; text?: string; identifierText?: string }
  | { kind: 'date'; date: string; monthOnly: boolean; text?: string; numericParts?: [number, number]; yearFirst?: boolean; formatOrder?: 'dmy' | 'mdy' }
  | { kind: 'text'; text: string };

const PERCENT_HEADER = /%|\bpercent\b|\bpct\b|\bprozent\b/i;

/**
 * Decides a column's type from all its values and converts them.
 * - numeric when (almost) every non-empty value is a number (Excel numbers or number text);
 *   up to 2% stray texts (one more from 50 values) are stored null and counted invalid;
 * - percent when most numbers are percent text (`12%`) or use a `%` number format (stored as fractions);
 * - text when any number text has a leading zero (`000827`, `04027`) or more than 15 digits;
 * - date for Excel dates and text dates (mixed allowed); the day/month order of text dates comes
 *   from the evidence (a first part above 12 → dmy, a second part above 12 → mdy), day-first when ambiguous;
 * - boolean only for Excel booleans and TRUE/FALSE text (Yes/No stays text);
 * - text otherwise. Excel error cells are null and counted invalid.
 */
export function typeColumn(cells: (Cell | null)[], context: TypeColumnContext = {}): TypedColumn {
  const decimalSeparator = context.decimalSeparator ?? '.';
  const cache = new Map<string, Observation>();
  const observations = cells.map((cell) => observe(cell, decimalSeparator, cache));
  let errors = 0;
  let numbers = 0;
  let dates = 0;
  let booleans = 0;
  let identifiers = 0;
  for (const observation of observations) {
    if (observation.kind === 'error') errors++;
    else if (observation.kind === 'number') {
      numbers++;
      if (observation.identifierText !== undefined) identifiers++;
    } else if (observation.kind === 'date') dates++;
    else if (observation.kind === 'boolean') booleans++;
  }
  const voting = observations.filter((observation) => observation.kind !== 'empty' && observation.kind !== 'error').length;
  const allowance = Math.max(voting >= 50 ? 1 : 0, Math.floor(voting * 0.02));
  if (voting > 0 && booleans === voting) return finish('boolean', observations, (o) => (o.kind === 'boolean' ? o.value : undefined));
  if (voting > 0 && identifiers === 0 && numbers >= dates && numbers >= voting - allowance) {
    return typeNumbers(observations, context.headerName);
  }
  if (voting > 0 && dates >= voting - allowance) return typeDates(observations);
  return finish('text', observations, textOf);
}

function observe(cell: Cell | null, decimalSeparator: '.' | ',', cache: Map<string, Observation>): Observation {
  if (cell === null) return { kind: 'empty' };
  if (cell.error !== undefined) return { kind: 'error' };
  const value = cell.value;
  if (value === null) return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number') return observeNumber(value, cell.numFmt);
  if (value instanceof Date) return observeDate(value, cell.numFmt);
  const text = value.trim();
  if (text === '' || isNoValueText(text)) return { kind: 'empty' };
  let observation = cache.get(text);
  if (observation === undefined) {
    observation = observeText(text, decimalSeparator);
    if (cache.size < 10_000) cache.set(text, observation);
  }
  if (observation.kind !== 'date' || !cell.numFmt) return observation;
  const formatOrder = dayMonthOrderOfFormat(cell.numFmt);
  return formatOrder ? { ...observation, formatOrder } : observation;
}

function observeNumber(value: number, numFmt: string | undefined): Observation {
  if (!Number.isFinite(value)) return { kind: 'text', text: String(value) };
  const format = numFmt ? visibleFormat(numFmt) : '';
  const observation: Observation = { kind: 'number', value, percent: format.includes('%') };
  const currency = numFmt ? currencyOfFormat(numFmt) : undefined;
  if (currency) observation.currency = currency;
  // A `00000` format pads codes (ZIP 02134 stored as 2134): keep them as the text shown.
  if (/^0{2,}$/.test(format) && Number.isInteger(value) && value >= 0 && String(value).length < format.length) {
    observation.identifierText = String(value).padStart(format.length, '0');
  }
  return observation;
}

function observeDate(value: Date, numFmt: string | undefined): Observation {
  if (Number.isNaN(value.getTime())) return { kind: 'empty' };
  const format = numFmt ? visibleFormat(numFmt).toLowerCase() : '';
  const iso = value.toISOString();
  const hasTime = !iso.endsWith('T00:00:00.000Z');
  const time = iso.slice(11, 19);
  if (format !== '' && !/[yd]/.test(format) && !/mmm/.test(format)) return { kind: 'text', text: time };
  const date = hasTime ? `${iso.slice(0, 10)}T${time}` : iso.slice(0, 10);
  const monthOnly = format !== '' && !format.includes('d') && !hasTime && value.getUTCDate() === 1;
  const formatOrder = numFmt ? dayMonthOrderOfFormat(numFmt) : undefined;
  return formatOrder ? { kind: 'date', date, monthOnly, formatOrder } : { kind: 'date', date, monthOnly };
}

function observeText(text: string, decimalSeparator: '.' | ','): Observation {
  if (/^(true|false)$/i.test(text)) return { kind: 'boolean', value: text.toLowerCase() === 'true', text };
  const number = parseNumberText(text, decimalSeparator);
  if (number !== null) {
    const observation: Observation = { kind: 'number', value: number.value, percent: number.unit === 'percent', text };
    if (number.currency) observation.currency = number.currency;
    const digits = text.replace(/^[^\d]*/, '');
    if (/^0\d/.test(digits) || (digits.match(/\d/g)?.length ?? 0) > 15) observation.identifierText = text;
    return observation;
  }
  const parsed = readDateText(text, 'dmy') ?? readDateText(text, 'mdy');
  if (parsed !== null) {
    return { kind: 'date', date: parsed.date, monthOnly: parsed.monthOnly, text, numericParts: parsed.numericParts, yearFirst: parsed.yearFirst };
  }
  return { kind: 'text', text };
}

function typeNumbers(observations: Observation[], headerName: string | undefined): TypedColumn {
  let percentMarked = 0;
  let numbers = 0;
  let integers = true;
  const currencies = new Map<string, number>();
  for (const observation of observations) {
    if (observation.kind !== 'number') continue;
    numbers++;
    if (observation.percent) percentMarked++;
    if (!Number.isSafeInteger(observation.value)) integers = false;
    if (observation.currency) currencies.set(observation.currency, (currencies.get(observation.currency) ?? 0) + 1);
  }
  const isPercent = percentMarked * 2 > numbers;
  const type: ColumnType = isPercent ? 'percent' : integers ? 'integer' : 'decimal';
  const typed = finish(type, observations, (o) => (o.kind === 'number' ? o.value : undefined));
  if (isPercent || (headerName !== undefined && PERCENT_HEADER.test(headerName))) typed.unit = 'percent';
  else if (currencies.size > 0) typed.unit = 'currency';
  if (currencies.size > 0) typed.currency = [...currencies.entries()].sort((a, b) => b[1] - a[1])[0][0];
  return typed;
}

function typeDates(observations: Observation[]): TypedColumn {
  let dayFirst = 0;
  let monthFirst = 0;
  let numericTexts = 0;
  let yearFirstTexts = 0;
  let formatHint = 0;
  for (const observation of observations) {
    if (observation.kind !== 'date') continue;
    if (observation.formatOrder) formatHint += observation.formatOrder === 'mdy' ? 1 : -1;
    if (observation.text === undefined) continue;
    if (observation.numericParts) {
      numericTexts++;
      if (observation.numericParts[0] > 12) dayFirst++;
      if (observation.numericParts[1] > 12) monthFirst++;
    } else if (observation.yearFirst) yearFirstTexts++;
  }
  // Values decide; with no telling value, an explicit date format of the column does; else day-first.
  const order: 'dmy' | 'mdy' = monthFirst > dayFirst || (monthFirst === dayFirst && dayFirst === 0 && formatHint > 0) ? 'mdy' : 'dmy';
  let monthOnly = true;
  const typed = finish('date', observations, (o) => {
    if (o.kind !== 'date') return undefined;
    const date = o.numericParts && o.text !== undefined ? readDateText(o.text, order) : o;
    if (!date) return undefined;
    if (!date.monthOnly) monthOnly = false;
    return date.date;
  });
  if (numericTexts > 0) typed.dateOrder = order;
  else if (yearFirstTexts > 0) typed.dateOrder = 'ymd';
  if (monthOnly && typed.values.some((value) => value !== null)) typed.monthOnly = true;
  return typed;
}

/** Builds the typed column: `convert` gives the stored value, or undefined when the observation does not fit the type. */
function finish(type: ColumnType, observations: Observation[], convert: (observation: Observation) => StoredValue | undefined): TypedColumn {
  let invalidCount = 0;
  const values = observations.map((observation) => {
    if (observation.kind === 'empty') return null;
    if (observation.kind === 'error') {
      invalidCount++;
      return null;
    }
    const value = convert(observation);
    if (value === undefined) {
      invalidCount++;
      return null;
    }
    return value;
  });
  return { type, values, invalidCount };
}

function textOf(observation: Observation): StoredValue | undefined {
  switch (observation.kind) {
    case 'text':
      return observation.text;
    case 'number':
      return observation.identifierText ?? observation.text ?? formatNumber(observation.value);
    case 'date':
      return observation.text ?? observation.date;
    case 'boolean':
      return observation.text ?? (observation.value ? 'TRUE' : 'FALSE');
    default:
      return undefined;
  }
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}

/** A number format without quoted text, `[...]` blocks, escapes and padding: what its codes are. */
function visibleFormat(numFmt: string): string {
  return numFmt.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '').replace(/[_*]./g, '').split(';')[0];
}

/**
 * Day/month order an explicit date format shows (`dd/mm/yyyy` → dmy, `mmm d, yyyy` → mdy);
 * undefined for year-first formats and for Excel's locale-dependent built-ins (`mm-dd-yy`, `m/d/yy h:mm`).
 */
function dayMonthOrderOfFormat(numFmt: string): 'dmy' | 'mdy' | undefined {
  if (numFmt === 'mm-dd-yy' || numFmt === 'm/d/yy h:mm') return undefined;
  const format = visibleFormat(numFmt).toLowerCase();
  if (format.startsWith('y')) return undefined;
  const day = format.indexOf('d');
  const month = format.indexOf('m');
  if (day < 0 || month < 0) return undefined;
  return day < month ? 'dmy' : 'mdy';
}

/** Currency a number format shows: `[$€-407]`, `"$"#,##0`, `#,##0 "EUR"`, `£#,##0`. */
function currencyOfFormat(numFmt: string): string | undefined {
  const bracket = /\[\$([^\]-]+)(?:-[0-9A-Fa-f]+)?\]/.exec(numFmt);
  if (bracket) return currencyCodeOf(bracket[1]);
  for (const quoted of numFmt.match(/"[^"]*"/g) ?? []) {
    const code = currencyCodeOf(quoted.slice(1, -1));
    if (code) return code;
  }
  const symbol = /[$€£¥₹]/.exec(numFmt.replace(/"[^"]*"/g, ''));
  return symbol ? currencyCodeOf(symbol[0]) : undefined;
}
