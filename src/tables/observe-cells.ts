/**
 * Reading each cell once for column typing: what it holds (number, date, boolean, text,
 * empty, error) with what its text or number format says (percent, currency, code with
 * leading zeros, day/month order). `column-types.ts` decides a column's type from these.
 * @module tables/observe-cells
 */
import type { Cell } from '../extract/grid.js';
import { cellKind, isBooleanText, type CellKind } from './cells.js';
import type { TypeColumnContext } from './column-types.js';
import { currencyCodeOf, isNoValueText, parseDurationText, parseNumberText, readDateText } from './values.js';

/** One cell as typing reads it (`observeCells`): shared between cells with the same text; never change one. */
export type Observation =
  | { kind: 'empty' }
  | { kind: 'error' }
  | { kind: 'boolean'; value: boolean; text?: string }
  | { kind: 'number'; value: number; percent: boolean; currency?: string; text?: string; identifierText?: string; duration?: boolean }
  | { kind: 'date'; date: string; monthOnly: boolean; text?: string; numericParts?: [number, number]; yearFirst?: boolean; formatOrder?: 'dmy' | 'mdy' }
  /**
   * `excelTime`: the time of day an Excel date cell shows (`h:mm`, `[h]:mm:ss` formats), written
   * `hh:mm:ss` within its day: never read as a stopwatch time (a duration past a day would be cut).
   */
  | { kind: 'text'; text: string; excelTime?: boolean };

/** The observation of a blank cell (or one typing leaves out). */
export const EMPTY_OBSERVATION: Observation = Object.freeze({ kind: 'empty' });
const ERROR_OBSERVATION: Observation = Object.freeze({ kind: 'error' });

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
  if (format !== '' && !/[yd]/.test(format) && !/mmm/.test(format)) return { kind: 'text', text: time, excelTime: true };
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
  // "202 (estimate)", "1,234 [a]": a number with a note in words or a footnote mark is that number
  const noted = NOTED_NUMBER.exec(text);
  const plain = noted ? parseNumberText(noted[1], decimalSeparator) : null;
  if (plain !== null && plain.unit === undefined) {
    const observation: Observation = { kind: 'number', value: plain.value, percent: false, text };
    if (isIdentifierText(noted?.[1] ?? text)) observation.identifierText = text;
    return observation;
  }
  const seconds = parseDurationText(text);
  if (seconds !== null) return { kind: 'number', value: seconds, percent: false, text, duration: true };
  const parsed = readDateText(text, 'dmy') ?? readDateText(text, 'mdy');
  if (parsed !== null) {
    return { kind: 'date', date: parsed.date, monthOnly: parsed.monthOnly, text, numericParts: parsed.numericParts, yearFirst: parsed.yearFirst };
  }
  return { kind: 'text', text };
}

/**
 * A number, then a note on how sure it is in brackets ("(estimate)", "(est.)", "(provisional)",
 * "(p)") or a footnote mark ("[a]", "[12]"). Other words in brackets may be a unit, a currency, a
 * scale or a kind ("5 (km)", "1.5 (million)", "5 (Express)"): those stay text.
 */
const NOTED_NUMBER = /^([-+−]?[\d.,' ]*\d)\s*(?:\(\s*(?:est|estimate|estimated|approx|approximate|approximately|provisional|prov|prelim|preliminary|projected|forecast|revised|rev|unofficial|p|e|r)\.?\s*\)|\[[A-Za-z0-9]{1,3}\])$/i;

const UNSIGNED_EXPONENT = /^\d+[eE]\d+$/;

/** Number text that is a code: a leading zero (`000827`, `$04027`), more than 15 digits, or `4E099`. */
function isIdentifierText(text: string): boolean {
  // `4E099`, `4E000`: digits around an unsigned E with no decimal point are a code (an election
  // district, a part number); software that writes numbers in exponent form writes `4E+99`, `1.5e6`.
  if (UNSIGNED_EXPONENT.test(text)) return true;
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

/** Words of a status that says a row has no values: not played, not held, not known yet. */
const ABSENCE_STATUS = /\b(no|not|none|never|did ?n[o']?t|dnp|dns|dnf|dnq|tba|tbd|tbc|upcoming|cancell?ed|postponed|abandoned|injured|withdrawn|withdrew|retired|suspended|vacant|unknown|missing|folded|defunct|inactive|hiatus)\b/i;

/** Fewest cells of one row holding the same text for it to be the row's status, not a value of each column. */
const ROW_STATUS_MIN_CELLS = 3;

/**
 * Reads a text written across a row's number columns as the row's status, no value of those
 * columns: "No Team" in every column of a season the team did not play, "Injured, did not
 * compete" across a skier's results, "Upcoming" over a season not played yet. In each column
 * where numbers are the rule (every other filled cell of it is a number), such a cell is typed
 * as blank, so one status row does not turn a column of wins into text. A text is a status when
 * the same text fills at least 3 cells of its row, 2 of them in number columns, and says the row
 * has none (`ABSENCE_STATUS`: "Unlimited" across a phone plan's allowances is a value). Changes
 * `observed` in place (per column, per row) and returns the number of cells read as blank.
 */
export function blankRowStatusTexts(observed: Observation[][]): number {
  const columns = observed.length;
  const rows = columns === 0 ? 0 : observed[0].length;
  const numberRule = observed.map((column) => {
    let numbers = 0;
    let others = 0;
    for (const observation of column) {
      if (observation.kind === 'number') numbers++;
      else if (observation.kind !== 'empty' && observation.kind !== 'error') others++;
    }
    return { numbers, others };
  });
  const pending: { row: number; columns: number[] }[] = [];
  for (let row = 0; row < rows; row++) {
    const byText = new Map<string, number[]>();
    for (let column = 0; column < columns; column++) {
      const observation = observed[column][row];
      // A status says the row has no values ("No Team", "Upcoming", "did not compete"); "Unlimited" across a plan's allowances is a value.
      if (observation.kind !== 'text' || !ABSENCE_STATUS.test(observation.text)) continue;
      const key = observation.text.toLowerCase();
      byText.set(key, [...(byText.get(key) ?? []), column]);
    }
    for (const cells of byText.values()) {
      if (cells.length < ROW_STATUS_MIN_CELLS) continue;
      pending.push({ row, columns: cells });
    }
  }
  // A column's texts that are all row statuses leave it a number column.
  const statusCells = observed.map(() => 0);
  for (const { columns: cells } of pending) for (const column of cells) statusCells[column]++;
  // One stray text besides them (a totals line "Total Wins 473") is left to the column's typing.
  const numeric = numberRule.map(({ numbers, others }, column) => numbers > 0 && others - statusCells[column] <= 1 && numbers >= 2 * statusCells[column]);
  let blanked = 0;
  for (const { row, columns: cells } of pending) {
    const inNumbers = cells.filter((column) => numeric[column]);
    if (inNumbers.length < 2) continue;
    for (const column of inNumbers) {
      observed[column][row] = EMPTY_OBSERVATION;
      blanked++;
    }
  }
  return blanked;
}

