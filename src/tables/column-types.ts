/**
 * Typing a column from the evidence of all its cells: integer, decimal, percent, date,
 * boolean or text, with the values converted to what is stored in `row_data`.
 * @module tables/column-types
 */
import type { Cell } from '../extract/grid.js';
import { cellKind, isBooleanText, type CellKind } from './cells.js';
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

/** One cell as typing reads it (`observeCells`): shared between cells with the same text; never change one. */
export type Observation =
  | { kind: 'empty' }
  | { kind: 'error' }
  | { kind: 'boolean'; value: boolean; text?: string }
  | { kind: 'number'; value: number; percent: boolean; currency?: string; text?: string; identifierText?: string }
  | { kind: 'date'; date: string; monthOnly: boolean; text?: string; numericParts?: [number, number]; yearFirst?: boolean; formatOrder?: 'dmy' | 'mdy' }
  | { kind: 'text'; text: string };

/** The observation of a blank cell (or one typing leaves out). */
export const EMPTY_OBSERVATION: Observation = Object.freeze({ kind: 'empty' });
const ERROR_OBSERVATION: Observation = Object.freeze({ kind: 'error' });

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
  return typeObservations(observeCells(cells, context), context);
}

/**
 * Reads every cell once for typing; `typeObservations` then types all of them or any subset
 * (the same cells typed over data rows and over all stored rows are read once).
 * Text is trimmed; cells with the same text share one observation.
 */
export function observeCells(cells: (Cell | null)[], context: TypeColumnContext = {}): Observation[] {
  const decimalSeparator = context.decimalSeparator ?? '.';
  const cache = new Map<string, Observation>();
  const observations = new Array<Observation>(cells.length);
  for (let index = 0; index < cells.length; index++) observations[index] = observe(cells[index], decimalSeparator, cache);
  return observations;
}

/** Types a column from its cells' observations (see `typeColumn` for the rules). */
export function typeObservations(observations: Observation[], context: TypeColumnContext = {}): TypedColumn {
  let numbers = 0;
  let dates = 0;
  let booleans = 0;
  let identifiers = 0;
  let voting = 0;
  for (const observation of observations) {
    if (observation.kind === 'number') {
      numbers++;
      if (observation.identifierText !== undefined) identifiers++;
    } else if (observation.kind === 'date') dates++;
    else if (observation.kind === 'boolean') booleans++;
    if (observation.kind !== 'empty' && observation.kind !== 'error') voting++;
  }
  const allowance = Math.max(voting >= 50 ? 1 : 0, Math.floor(voting * 0.02));
  if (voting > 0 && booleans === voting) return finish('boolean', observations, (o) => (o.kind === 'boolean' ? o.value : undefined));
  if (voting > 0 && identifiers === 0 && numbers >= dates && numbers >= voting - allowance) {
    return typeNumbers(observations, context.headerName);
  }
  if (voting > 0 && dates >= voting - allowance) return typeDates(observations);
  return finish('text', observations, textOf);
}

/**
 * `cellKind` of a cell, read off its typing observation where the two readings must agree
 * (they differ in order only: `cellKind` tries dates before numbers and keeps `n/a` as text);
 * the cell is read again only for number text with a date separator and for date text.
 */
export function observedCellKind(cell: Cell | null, observation: Observation, decimalSeparator: '.' | ','): CellKind {
  const value = cell?.value;
  switch (observation.kind) {
    case 'error':
    case 'boolean':
      return observation.kind;
    case 'number':
      return observation.text === undefined || !DATE_SEPARATOR.test(observation.text) ? 'number' : cellKind(cell, decimalSeparator);
    case 'text':
      // Besides text: an Excel number that is not finite, an Excel time of day.
      return typeof value === 'number' ? 'number' : value instanceof Date ? 'date' : 'text';
    case 'empty':
      return typeof value === 'string' && value.trim() !== '' ? 'text' : value instanceof Date ? 'date' : 'empty';
    default:
      return cellKind(cell, decimalSeparator);
  }
}

/** Characters a date written as text needs (`cells.ts` reads no date without one). */
const DATE_SEPARATOR = /[-/.\s]/;

function observe(cell: Cell | null, decimalSeparator: '.' | ',', cache: Map<string, Observation>): Observation {
  if (cell === null) return EMPTY_OBSERVATION;
  if (cell.error !== undefined) return ERROR_OBSERVATION;
  const value = cell.value;
  if (value === null) return EMPTY_OBSERVATION;
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number') return observeNumber(value, cell.numFmt);
  if (value instanceof Date) return observeDate(value, cell.numFmt);
  const text = value.trim();
  let observation = cache.get(text);
  if (observation === undefined) {
    observation = text === '' || isNoValueText(text) ? EMPTY_OBSERVATION : observeText(text, decimalSeparator);
    if (cache.size < 10_000) cache.set(text, observation);
  }
  if (observation.kind !== 'date' || !cell.numFmt) return observation;
  const formatOrder = formatFactsOf(cell.numFmt).dayMonthOrder;
  return formatOrder ? { ...observation, formatOrder } : observation;
}

/** What a number format says, read once per distinct format. */
interface FormatFacts {
  /** `visibleFormat`, lower case. */
  visible: string;
  percent: boolean;
  currency: string | undefined;
  /** Digits of a `00000` code format, else 0. */
  zeroPadding: number;
  dayMonthOrder: 'dmy' | 'mdy' | undefined;
}

const NO_FORMAT: FormatFacts = { visible: '', percent: false, currency: undefined, zeroPadding: 0, dayMonthOrder: undefined };
const formatFactsCache = new Map<string, FormatFacts>();

function formatFactsOf(numFmt: string | undefined): FormatFacts {
  if (!numFmt) return NO_FORMAT;
  let facts = formatFactsCache.get(numFmt);
  if (facts === undefined) {
    const visible = visibleFormat(numFmt);
    facts = {
      visible: visible.toLowerCase(),
      percent: visible.includes('%'),
      currency: currencyOfFormat(numFmt),
      zeroPadding: /^0{2,}$/.test(visible) ? visible.length : 0,
      dayMonthOrder: dayMonthOrderOfFormat(numFmt),
    };
    if (formatFactsCache.size >= 1000) formatFactsCache.clear();
    formatFactsCache.set(numFmt, facts);
  }
  return facts;
}

function observeNumber(value: number, numFmt: string | undefined): Observation {
  if (!Number.isFinite(value)) return { kind: 'text', text: String(value) };
  const format = formatFactsOf(numFmt);
  const observation: Observation = { kind: 'number', value, percent: format.percent };
  if (format.currency) observation.currency = format.currency;
  // A `00000` format pads codes (ZIP 02134 stored as 2134): keep them as the text shown.
  if (format.zeroPadding > 0 && Number.isInteger(value) && value >= 0 && String(value).length < format.zeroPadding) {
    observation.identifierText = String(value).padStart(format.zeroPadding, '0');
  }
  return observation;
}

function observeDate(value: Date, numFmt: string | undefined): Observation {
  if (Number.isNaN(value.getTime())) return EMPTY_OBSERVATION;
  const facts = formatFactsOf(numFmt);
  const format = facts.visible;
  const iso = value.toISOString();
  const hasTime = !iso.endsWith('T00:00:00.000Z');
  const time = iso.slice(11, 19);
  if (format !== '' && !/[yd]/.test(format) && !/mmm/.test(format)) return { kind: 'text', text: time };
  const date = hasTime ? `${iso.slice(0, 10)}T${time}` : iso.slice(0, 10);
  const monthOnly = format !== '' && !format.includes('d') && !hasTime && value.getUTCDate() === 1;
  const formatOrder = facts.dayMonthOrder;
  return formatOrder ? { kind: 'date', date, monthOnly, formatOrder } : { kind: 'date', date, monthOnly };
}

function observeText(text: string, decimalSeparator: '.' | ','): Observation {
  if (isBooleanText(text)) return { kind: 'boolean', value: text.toLowerCase() === 'true', text };
  const number = parseNumberText(text, decimalSeparator);
  if (number !== null) {
    const observation: Observation = { kind: 'number', value: number.value, percent: number.unit === 'percent', text };
    if (number.currency) observation.currency = number.currency;
    if (isIdentifierText(text)) observation.identifierText = text;
    return observation;
  }
  const parsed = readDateText(text, 'dmy') ?? readDateText(text, 'mdy');
  if (parsed !== null) {
    return { kind: 'date', date: parsed.date, monthOnly: parsed.monthOnly, text, numericParts: parsed.numericParts, yearFirst: parsed.yearFirst };
  }
  return { kind: 'text', text };
}

/** Number text that is a code: a leading zero (`000827`, `$04027`) or more than 15 digits. */
function isIdentifierText(text: string): boolean {
  let digits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) continue;
    if (digits === 0 && code === 48) {
      const next = text.charCodeAt(index + 1);
      if (next >= 48 && next <= 57) return true;
    }
    digits++;
  }
  return digits > 15;
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
  else if (currencies.size > 1) typed.unit = 'mixed_currency';
  else if (currencies.size > 0) typed.unit = 'currency';
  // Values in several currencies (€100 and $200) keep their numbers but must not be added up.
  if (currencies.size > 1) typed.currency = 'mixed';
  else if (currencies.size > 0) typed.currency = [...currencies.keys()][0];
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
