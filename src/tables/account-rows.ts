/**
 * Row accounting: where every row of a sheet went. Each row is stored (data, aggregate or
 * hidden row of a table) or excluded with a reason. Independent of how tables were found:
 * it reads only the grid and the finished tables, so no detection change can drop a row
 * without it showing here.
 * @module tables/account-rows
 */
import { sheetRowOf, type Grid } from '../extract/grid.js';
import { cellText, isBlankCell } from './cells.js';
import { continuesMergedRow, firstBodyRowOf } from './body-rows.js';
import { isCommentRecord } from './clean-csv.js';
import type { DetectedTable } from './types.js';

/**
 * Why a row is not stored as a table row:
 * - `blank`: nothing in it;
 * - `header`: a header row of a table (its names are the column names);
 * - `repeated header`: a table's header printed again below it (a page break in a report or an
 *   export): the table goes on under it;
 * - `title`: a banner line above a table;
 * - `note`: a footnote or remark below (or beside) a table;
 * - `section`: a group heading inside a table, kept as the value of its `section` column;
 * - `merged`: a row inside a table that only continues cells merged down from the row above
 *   (one logical value over several sheet rows, read once on the merge's first row);
 * - `comment`: a CSV comment line (`# updated 12/31/2010`);
 * - `dialect`: a CSV line naming how the file is written, not data: Excel's `sep=;` (`Grid.dialectHint`);
 * - `outside`: text or values that belong to no table (on a sheet with no table, every row).
 */
export type ExclusionReason = 'blank' | 'header' | 'repeated header' | 'title' | 'note' | 'section' | 'merged' | 'comment' | 'dialect' | 'outside';

/** The reasons in the order summaries list them. */
export const EXCLUSION_REASONS: readonly ExclusionReason[] = ['header', 'repeated header', 'title', 'note', 'section', 'merged', 'comment', 'dialect', 'outside', 'blank'];

/** One excluded, non-blank row. */
export interface ExcludedRow {
  /** 1-based sheet row (CSV: record number, the first record is 1). */
  sheetRow: number;
  reason: Exclude<ExclusionReason, 'blank'>;
  /** Index of the table (in the sheet's `tables` order) the row belongs to, for header/title/note/section. */
  table?: number;
  /** The row's text, cells joined by ` | `, at most `TEXT_LIMIT` characters. */
  text: string;
}

/** Where the rows of one sheet went. `stored + sum(excluded) === rows`. */
export interface SheetAccount {
  /** Sheet name; null for CSV. */
  sheet: string | null;
  /** 0-based position of the sheet in the workbook (what `DetectedTable.sheetIndex` holds). */
  sheetIndex: number;
  /** Rows of the sheet through its last non-blank row. */
  rows: number;
  /** Rows stored as table rows, each row counted once (side-by-side tables share rows). */
  stored: { data: number; aggregate: number; hidden: number };
  /** Rows excluded, counted by reason. */
  excluded: Record<ExclusionReason, number>;
  /** The non-blank excluded rows, in sheet order; at most `DETAIL_LIMIT` (counts stay exact). */
  details: ExcludedRow[];
  /** Set when the sheet holds no table: why, in words. */
  noTable?: string;
}

/** Most excluded rows listed per sheet; the counts cover all of them. */
export const DETAIL_LIMIT = 200;
const TEXT_LIMIT = 120;

/**
 * Accounts for every row of `grid` against the tables found on it.
 * @param tables the sheet's finished tables (template replays included)
 */
export function accountRows(grid: Grid, tables: DetectedTable[]): SheetAccount {
  let rows = grid.rows.length;
  while (rows > 0 && isBlankRow(grid, rows - 1)) rows--;
  const stored = { data: 0, aggregate: 0, hidden: 0 };
  const excluded: Record<ExclusionReason, number> = { blank: 0, header: 0, 'repeated header': 0, title: 0, note: 0, section: 0, merged: 0, comment: 0, dialect: 0, outside: 0 };
  const details: ExcludedRow[] = [];

  // What each table stores, by 0-based sheet row: 3 data, 2 aggregate, 1 hidden (highest wins).
  const storedAs = new Map<number, number>();
  for (const table of tables) {
    for (const row of table.rows) {
      const rank = row.hidden ? 1 : row.isAggregate ? 2 : 3;
      const index = row.sheetRow - 1;
      if ((storedAs.get(index) ?? 0) < rank) storedAs.set(index, rank);
    }
  }
  const lines = tables.map((table) => new Set([table.title, ...table.notes].filter((text): text is string => text !== null).map(normalize)));

  for (let row = 0; row < rows; row++) {
    const rank = storedAs.get(row);
    if (rank !== undefined) {
      if (rank === 3) stored.data++;
      else if (rank === 2) stored.aggregate++;
      else stored.hidden++;
      continue;
    }
    if (row === 0 && grid.dialectHint !== undefined) {
      excluded.dialect++;
      details.push({ sheetRow: 1, reason: 'dialect', text: grid.dialectHint });
      continue;
    }
    if (isBlankRow(grid, row)) {
      excluded.blank++;
      continue;
    }
    const { reason, table } = reasonFor(grid, row, tables, lines);
    excluded[reason]++;
    if (details.length < DETAIL_LIMIT) details.push({ sheetRow: row + 1, reason, ...(table === undefined ? {} : { table }), text: rowText(grid, row) });
  }
  const account: SheetAccount = { sheet: grid.name, sheetIndex: grid.index, rows, stored, excluded, details };
  if (tables.length === 0) account.noTable = noTableReason(rows, rows - excluded.blank);
  return account;
}

/** True when every row of the account is stored or excluded: the check tests and eval make. */
export function accountBalances(account: SheetAccount): boolean {
  const stored = account.stored.data + account.stored.aggregate + account.stored.hidden;
  const excluded = EXCLUSION_REASONS.reduce((sum, reason) => sum + account.excluded[reason], 0);
  return stored + excluded === account.rows;
}

function reasonFor(grid: Grid, row: number, tables: DetectedTable[], lines: Set<string>[]): { reason: ExcludedRow['reason']; table?: number } {
  if (grid.name === null && isCommentRecord(grid.rows[row] ?? [])) {
    const index = tables.findIndex((table) => row >= table.range.top && row <= table.range.bottom);
    return index < 0 ? { reason: 'comment' } : { reason: 'comment', table: index };
  }
  // Inside a table's range: a header row, or a body row not stored (a section heading).
  for (let index = 0; index < tables.length; index++) {
    const { range, headerRows } = tables[index];
    if (row < range.top || row > range.bottom || !overlapsColumns(grid, row, range.left, range.right)) continue;
    if (row < range.top + headerRows) return { reason: 'header', table: index };
    if (repeatsHeaderOf(grid, row, tables[index])) return { reason: 'repeated header', table: index };
    if (lines[index].has(normalize(rowLine(grid, row)))) return { reason: 'note', table: index };
    const cells = (grid.rows[row] ?? []).slice(range.left, range.right + 1);
    return { reason: continuesMergedRow(cells, sheetRowOf(grid, row), firstBodyRowOf(grid, range.top + headerRows)) ? 'merged' : 'section', table: index };
  }
  // A table's header repeated (a page break in an export), or a line kept as a table's title or note.
  const text = normalize(rowLine(grid, row));
  for (let index = 0; index < tables.length; index++) {
    if (repeatsHeaderOf(grid, row, tables[index])) return { reason: 'repeated header', table: index };
  }
  for (let index = 0; index < tables.length; index++) {
    if (!lines[index].has(text)) continue;
    return { reason: row < tables[index].range.top ? 'title' : 'note', table: index };
  }
  // Touching a table with no blank row between: a banner above it, a note below it.
  for (let index = 0; index < tables.length; index++) {
    const { range } = tables[index];
    if (row < range.top && contiguous(grid, row, range.top)) return { reason: 'title', table: index };
    if (row > range.bottom && contiguous(grid, range.bottom, row)) return { reason: 'note', table: index };
  }
  return { reason: 'outside' };
}

/**
 * True when `row` reads as a header row of `table` printed again (spaces folded, any case): its
 * last header row, or one above it naming two things or more (the upper row of a two-row header,
 * "Order | Region | Sales" over "Quantity | Amount"; one word alone is as likely a section heading).
 */
function repeatsHeaderOf(grid: Grid, row: number, table: DetectedTable): boolean {
  const { range, headerRows } = table;
  if (headerRows === 0 || (row >= range.top && row < range.top + headerRows)) return false;
  const text = normalize(rowLine(grid, row));
  if (text === '') return false;
  for (let offset = 0; offset < headerRows; offset++) {
    if (normalize(rowLine(grid, range.top + offset)) !== text) continue;
    if (offset === headerRows - 1 || distinctTexts(grid, row) >= 2) return true;
  }
  return false;
}

function distinctTexts(grid: Grid, row: number): number {
  return new Set((grid.rows[row] ?? []).map((cell) => cellText(cell ?? null)).filter((text) => text !== '')).size;
}

function noTableReason(rows: number, filled: number): string {
  if (filled === 0) return 'no table: the sheet holds no values';
  if (filled === 1) return 'no table: a single row (a header with no data rows, or one line of text)';
  return `no table: ${filled} rows of text or single values, none of them a table with a header and data rows`;
}

/** No blank row between `from` and `to` (exclusive both ends). */
function contiguous(grid: Grid, from: number, to: number): boolean {
  for (let row = from + 1; row < to; row++) if (isBlankRow(grid, row)) return false;
  return true;
}

function overlapsColumns(grid: Grid, row: number, left: number, right: number): boolean {
  const cells = grid.rows[row] ?? [];
  for (let column = left; column <= Math.min(right, cells.length - 1); column++) if (!isBlankCell(cells[column] ?? null)) return true;
  return false;
}

function isBlankRow(grid: Grid, row: number): boolean {
  const cells = grid.rows[row];
  if (cells === undefined) return true;
  for (const cell of cells) if (!isBlankCell(cell ?? null)) return false;
  return true;
}

/** The row's distinct texts joined by a space, the way detection writes title and note lines. */
function rowLine(grid: Grid, row: number): string {
  const seen: string[] = [];
  for (const cell of grid.rows[row] ?? []) {
    const text = cellText(cell ?? null);
    if (text !== '' && seen[seen.length - 1] !== text) seen.push(text);
  }
  return seen.join(' ');
}

function rowText(grid: Grid, row: number): string {
  const texts = (grid.rows[row] ?? []).map((cell) => cellText(cell ?? null)).filter((text) => text !== '');
  const text = texts.join(' | ').replace(/\s+/g, ' ');
  return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT - 1)}…` : text;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
