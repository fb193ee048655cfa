/**
 * Reading single cells the way table finding needs them: is it blank, what kind of
 * value does it hold, what number or text does it show. Number parsing is `values.ts`'s.
 * @module tables/cells
 */
import type { Cell, Grid } from '../extract/grid.js';
import { parseDateText, parseDurationText, parseNumberText } from './values.js';

/** What a cell holds, as far as layout decisions care. */
export type CellKind = 'empty' | 'number' | 'date' | 'boolean' | 'text' | 'error';

/** The grid cell at 0-based `row`, `column`, or null when absent. */
export function cellAt(grid: Grid, row: number, column: number): Cell | null {
  return grid.rows[row]?.[column] ?? null;
}

/** True when the cell shows nothing: absent, null value without error, or whitespace text. */
export function isBlankCell(cell: Cell | null): boolean {
  if (cell === null) return true;
  if (cell.error !== undefined) return false;
  const value = cell.value;
  if (value === null) return true;
  return typeof value === 'string' && value.trim() === '';
}

/** Text a cell shows, trimmed; dates as `YYYY-MM-DD` (or `YYYY-MM` when the format hides the day). */
export function cellText(cell: Cell | null): string {
  if (cell === null) return '';
  const value = cell.value;
  if (value === null) return cell.error ?? '';
  if (value instanceof Date) return formatDate(value, cell.numFmt);
  if (typeof value === 'number') return formatNumber(value);
  return String(value).trim();
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}

function formatDate(value: Date, numFmt: string | undefined): string {
  const iso = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (!showsDay(numFmt) && value.getUTCDate() === 1) return iso.slice(0, 7);
  return iso.slice(0, 10);
}

const showsDayCache = new Map<string, boolean>();

/** True when a number format shows the day (or there is none); read once per format. */
function showsDay(numFmt: string | undefined): boolean {
  if (!numFmt) return true;
  let shows = showsDayCache.get(numFmt);
  if (shows === undefined) {
    shows = /d/.test(numFmt.toLowerCase().replace(/\[[^\]]*\]/g, ''));
    if (showsDayCache.size >= 1000) showsDayCache.clear();
    showsDayCache.set(numFmt, shows);
  }
  return shows;
}

const DATE_ORDERS = ['ymd', 'dmy', 'mdy'] as const;

/**
 * Kind of a cell. Text that reads as a number (`1.234,50`, `$1,200`, `12%`) is `number`;
 * text that reads as a date in any order is `date`.
 * @param decimalSeparator the file's decimal separator for text numbers
 */
export function cellKind(cell: Cell | null, decimalSeparator: '.' | ',' = '.'): CellKind {
  if (cell === null) return 'empty';
  if (cell.error !== undefined) return 'error';
  const value = cell.value;
  if (value === null) return 'empty';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (value instanceof Date) return 'date';
  const text = value.trim();
  if (text === '') return 'empty';
  return textKind(text, decimalSeparator);
}

/** Kinds of text already read, per decimal separator (bounded: cleared when full). */
const textKindCaches: Record<'.' | ',', Map<string, CellKind>> = { '.': new Map(), ',': new Map() };
const TEXT_KIND_CACHE_LIMIT = 50_000;

function textKind(text: string, decimalSeparator: '.' | ','): CellKind {
  // Fast paths, same answers as the full reading below: text without a digit is a boolean
  // or text; plain digits (no sign, separator or space) are a number and never a date.
  const digits = digitCount(text);
  if (digits === 0) return isBooleanText(text) ? 'boolean' : 'text';
  if (text.length > 40) return 'text';
  if (digits === text.length) return 'number';
  const cache = textKindCaches[decimalSeparator];
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let kind: CellKind = 'text';
  if (looksLikeDateText(text)) kind = 'date';
  else if (parseNumberText(text, decimalSeparator) !== null || parseDurationText(text) !== null) kind = 'number';
  if (cache.size >= TEXT_KIND_CACHE_LIMIT) cache.clear();
  cache.set(text, kind);
  return kind;
}

/** `true` or `false` in any case. */
export function isBooleanText(text: string): boolean {
  return (text.length === 4 || text.length === 5) && /^(true|false)$/i.test(text);
}

/** ASCII digits in `text` (what `/\d/` matches). */
function digitCount(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) count++;
  }
  return count;
}

function looksLikeDateText(text: string): boolean {
  if (!/[-/.\s]/.test(text)) return false;
  return DATE_ORDERS.some((order) => parseDateText(text, order) !== null);
}

/** True for kinds that carry data rather than labels: numbers, dates, booleans. */
export function isValueKind(kind: CellKind): boolean {
  return kind === 'number' || kind === 'date' || kind === 'boolean';
}

/**
 * The number a cell holds: numbers as is, text through `parseNumberText`, stopwatch times
 * (`1:03.49`) as seconds (`parseDurationText`); null otherwise.
 * Percent text (`12%`) yields the number as written (12) only when `values.ts` does so.
 */
export function cellNumber(cell: Cell | null, decimalSeparator: '.' | ',' = '.'): number | null {
  if (cell === null || cell.error !== undefined) return null;
  const value = cell.value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || !/\d/.test(text)) return null;
  return parseNumberText(text, decimalSeparator)?.value ?? parseDurationText(text);
}

/** Number of leading spaces of a text cell plus 4 per alignment indent level: how deep a row label sits. */
export function labelDepth(cell: Cell | null): number {
  if (cell === null) return 0;
  const indent = (cell.indent ?? 0) * 4;
  if (typeof cell.value !== 'string') return indent;
  const value = cell.value;
  if (value.length === 0 || !/[\s\u00a0]/.test(value[0])) return indent;
  return indent + (/^[\s\u00a0]*/.exec(value)?.[0].length ?? 0);
}
