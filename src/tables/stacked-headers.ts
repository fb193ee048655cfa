/**
 * Header rows inside a table's block, read the way an analyst reads a printout: the table's own
 * header printed again (a page break in a report, an export that repeats it every N rows) is no
 * new table and no data row, it only continues the table; a different header under which the
 * columns change type ("Vendor | Invoice Date | Amount" right under the rows of "Employee |
 * Hours | Rate") starts the next table, blank row or not.
 * @module tables/stacked-headers
 */
import type { Cell, CellRange, Grid } from '../extract/grid.js';
import { aggregateLabelKind } from './aggregate-labels.js';
import type { Piece } from './attach-blocks.js';
import { cellAt, cellKind, cellText, isValueKind, type CellKind } from './cells.js';

/** Fewest non-blank rows above and below a candidate header whose kinds are compared. */
const MIN_SIDE_ROWS = 2;
/** Most rows read on each side of a candidate header to tell its columns' kinds. */
const KIND_ROWS = 50;

/**
 * A line a report prints on every page, not a title of the table under it: "Page 2", "Page 2
 * of 7", "- 3 -".
 */
export const PAGE_MARKER = /^(?:page\s+\d+(?:\s*(?:of|\/)\s*\d+)?|-\s*\d+\s*-)$/i;

/** True when `text` is a page marker (`PAGE_MARKER`). */
export function isPageMarker(text: string | null | undefined): boolean {
  return text !== null && text !== undefined && PAGE_MARKER.test(text.trim());
}

/** The header texts of `row` over the block's columns, spaces folded and lower-cased ('' for a blank cell). */
export function headerKey(grid: Grid, row: number, block: CellRange): string[] {
  const texts: string[] = [];
  for (let column = block.left; column <= block.right; column++) texts.push(normalizeHeader(cellText(cellAt(grid, row, column))));
  return texts;
}

/** True when `row` writes the texts of `key` (`headerKey`) and names two columns or more: the header printed again. */
export function repeatsHeader(grid: Grid, row: number, block: CellRange, key: string[]): boolean {
  return cellsRepeatHeader(grid.rows[row] ?? [], block, key);
}

/**
 * `repeatsHeader` over one row's cells (0-based columns, as `Grid.rows` holds them): true when
 * they write the texts of `key` over the block's columns and the key names two columns or more.
 */
export function cellsRepeatHeader(cells: readonly (Cell | null | undefined)[], block: Pick<CellRange, 'left' | 'right'>, key: string[]): boolean {
  if (key.filter((text) => text !== '').length < 2) return false;
  for (let column = block.left; column <= block.right; column++) {
    if (normalizeHeader(cellText(cells[column] ?? null)) !== key[column - block.left]) return false;
  }
  return true;
}

/**
 * The first row of a table's header printed again whole that ends at `row`: null when `row` does
 * not print the last header row again (`cellsRepeatHeader`); else the topmost of the rows right
 * above it, down to `bodyStart`, that print the header rows above the last one in order (a header
 * of two rows or more printed again whole), as `splitAtRepeatedHeaders` skips them.
 * @param cells the cells of `row`
 * @param rowAt the cells of a 0-based sheet row above it
 * @param keys the header rows' texts (`headerKey`), top first
 * @param bodyStart the table's first body row: the rows above it are its header
 */
export function repeatedHeaderStart(
  cells: readonly (Cell | null)[], row: number, rowAt: (row: number) => readonly (Cell | null)[], block: Pick<CellRange, 'left' | 'right'>, keys: string[][], bodyStart: number,
): number | null {
  if (keys.length === 0 || !cellsRepeatHeader(cells, block, keys[keys.length - 1])) return null;
  let first = row;
  while (row - first + 1 < keys.length && first - 1 >= bodyStart && cellsRepeatHeader(rowAt(first - 1), block, keys[keys.length - 2 - (row - first)])) first--;
  return first;
}

function normalizeHeader(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * True when body row `row` of a table whose (last) header row is `headerRow` is the header of a
 * table stacked under it: its filled cells are all text, two or more, distinct, naming at least
 * half the block's columns, every column filled below it, and none a total label, not the table's
 * own header, with two data rows or more above it and below it; and under it the columns change: a column holding numbers
 * or dates under this row whose rows above held another kind, or, in a table of two value columns
 * or more, text over every one of them with values again below (the names of other measures). A
 * section heading (one label) or a data row with a text note in a number column is no header.
 * @param decimalSeparator the file's, for numbers written as text
 */
export function startsStackedTable(grid: Grid, block: CellRange, headerRow: number, row: number, decimalSeparator: '.' | ','): boolean {
  const width = block.right - block.left + 1;
  const texts: string[] = [];
  const filled: number[] = [];
  for (let column = block.left; column <= block.right; column++) {
    const cell = cellAt(grid, row, column);
    const kind = cellKind(cell, decimalSeparator);
    if (kind === 'empty') continue;
    if (kind !== 'text') return false;
    texts.push(normalizeHeader(cellText(cell)));
    filled.push(column);
  }
  if (texts.length < 2 || texts.length * 2 < width || new Set(texts).size !== texts.length) return false;
  if (texts.some((text) => aggregateLabelKind(text) !== null || isPageMarker(text))) return false;
  if (repeatsHeader(grid, row, block, headerKey(grid, headerRow, block))) return false;
  const above = kindsOf(grid, block, rowsBetween(grid, block, headerRow + 1, row - 1, -1), decimalSeparator);
  const below = kindsOf(grid, block, rowsBetween(grid, block, row + 1, block.bottom, 1), decimalSeparator);
  if (above === null || below === null) return false;
  let changed = false;
  let valueColumns = 0;
  let textOverValues = 0;
  for (let index = 0; index < width; index++) {
    const before = above[index];
    const after = below[index];
    // A header names every column of the table under it.
    if (after !== 'empty' && !filled.includes(block.left + index)) return false;
    if (isValueKind(after) && before !== 'empty' && before !== after) changed = true;
    if (isValueKind(before)) {
      valueColumns++;
      if (filled.includes(block.left + index) && isValueKind(after)) textOverValues++;
    }
  }
  return changed || (valueColumns >= 2 && textOverValues === valueColumns);
}

/** Up to `KIND_ROWS` non-blank rows from `from` towards `to` (`step` 1: down, -1: up from `to`); null when fewer than `MIN_SIDE_ROWS`. */
function rowsBetween(grid: Grid, block: CellRange, from: number, to: number, step: 1 | -1): number[] | null {
  const rows: number[] = [];
  const start = step === 1 ? from : to;
  const end = step === 1 ? to : from;
  for (let row = start; step === 1 ? row <= end : row >= end; row += step) {
    if (rows.length >= KIND_ROWS) break;
    let blank = true;
    for (let column = block.left; column <= block.right && blank; column++) if (cellKind(cellAt(grid, row, column)) !== 'empty') blank = false;
    if (!blank) rows.push(row);
  }
  return rows.length >= MIN_SIDE_ROWS ? rows : null;
}

/** The most common kind of each column over `rows` ('empty' when none is filled); null when `rows` is null. */
function kindsOf(grid: Grid, block: CellRange, rows: number[] | null, decimalSeparator: '.' | ','): CellKind[] | null {
  if (rows === null) return null;
  const kinds: CellKind[] = [];
  for (let column = block.left; column <= block.right; column++) {
    const counts = new Map<CellKind, number>();
    for (const row of rows) {
      const kind = cellKind(cellAt(grid, row, column), decimalSeparator);
      if (kind !== 'empty' && kind !== 'error') counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    let best: CellKind = 'empty';
    let count = 0;
    for (const [kind, seen] of counts) if (seen > count) [best, count] = [kind, seen];
    kinds.push(best);
  }
  return kinds;
}

/** Most blank or page-marker rows between a table and its header printed again. */
const MAX_PAGE_GAP = 3;

/**
 * Joins a table to the one above it when it is that table's next page: over the same columns,
 * a few rows below (blank rows, page markers), its header rows the same texts as the table's,
 * and no banner of its own but a page marker ("Page 2 of 2"): one logical table printed with its
 * header repeated every page. Blocks under a banner of their own ("Texas", "California") stay
 * apart (the parts of a series, see `ingest/union-parts.ts`), as do blocks under a table that
 * ends on a total or carries footnotes. The repeated header and the page markers become the
 * table's `skipRows`, the markers its notes; a page marker over the first page is no title either.
 * @param pieces the sheet's pieces in reading order (changed in place: a joined table becomes a stray piece with no lines)
 */
export function joinRepeatedPages(grid: Grid, pieces: Piece[]): void {
  for (const piece of pieces) {
    const page = piece.region;
    if (piece.kind !== 'table' || page === undefined || piece.declared === true || page.headerRows === 0) continue;
    if (page.title !== null && !isPageMarker(page.title)) continue;
    if (page.notes.some((note) => !isPageMarker(note))) continue;
    const above = pieces.find((other) => other !== piece && isPageAbove(grid, pieces, other, piece));
    const region = above?.region;
    if (above === undefined || region === undefined) continue;
    const skipped: number[] = [];
    for (let row = region.range.bottom + 1; row < page.range.top + page.headerRows; row++) if (!isBlankRow(grid, row, page.range)) skipped.push(row);
    region.skipRows = [...(region.skipRows ?? []), ...skipped, ...(page.skipRows ?? [])].sort((a, b) => a - b);
    for (const other of pieces) {
      if (other.kind !== 'text' || other.block.top <= region.range.bottom || other.block.bottom >= page.range.top) continue;
      region.notes.push(...other.lines);
      other.lines = [];
    }
    if (region.title !== null && isPageMarker(region.title)) {
      region.notes.unshift(region.title);
      region.title = null;
    }
    region.notes.push(...(page.title === null ? [] : [page.title]), ...page.notes);
    region.range = { ...region.range, bottom: page.range.bottom };
    above.reach = Math.max(piece.reach ?? page.range.bottom, page.range.bottom);
    above.block = { ...above.block, bottom: piece.block.bottom };
    piece.kind = 'stray';
    piece.region = undefined;
    piece.lines = [];
  }
}

/** True when `above` is a table that `piece` (a table) is the next page of (`joinRepeatedPages`). */
function isPageAbove(grid: Grid, pieces: Piece[], above: Piece, piece: Piece): boolean {
  const region = above.region;
  const page = piece.region;
  if (above.kind !== 'table' || region === undefined || page === undefined || above.declared === true) return false;
  if (region.range.left !== page.range.left || region.range.right !== page.range.right || region.headerRows !== page.headerRows) return false;
  if (piece.block.top <= region.range.bottom || piece.block.top - region.range.bottom - 1 > MAX_PAGE_GAP) return false;
  if (region.notes.some((note) => !isPageMarker(note))) return false;
  if (aggregateLabelKind(cellText(cellAt(grid, region.range.bottom, region.range.left))) !== null) return false;
  // A header printed on every page is a copy: the same words in the same case ("debt service" under "Debt service" is another block's own header).
  for (let offset = 0; offset < region.headerRows; offset++) {
    const key = headerKey(grid, region.range.top + offset, region.range);
    if (!repeatsHeader(grid, page.range.top + offset, region.range, key)) return false;
    for (let column = region.range.left; column <= region.range.right; column++) {
      if (spaced(cellAt(grid, region.range.top + offset, column)) !== spaced(cellAt(grid, page.range.top + offset, column))) return false;
    }
  }
  // The same keys again (Jan, Feb, Mar under Jan, Feb, Mar) are another block, not a next page.
  const before = dataRows(grid, region.range, region.range.top + region.headerRows, region.range.bottom, region.skipRows ?? []);
  const after = dataRows(grid, page.range, page.range.top + page.headerRows, page.range.bottom, page.skipRows ?? []);
  if (repeatsKeyValues(grid, region.range, before, after)) return false;
  // Nothing else between them but page markers.
  return !pieces.some(
    (other) =>
      other !== above &&
      other !== piece &&
      other.block.left <= region.range.right &&
      other.block.right >= region.range.left &&
      other.block.top > region.range.bottom &&
      other.block.bottom < piece.block.top &&
      !(other.kind === 'text' && other.lines.every(isPageMarker)),
  );
}

function spaced(cell: Cell | null): string {
  return cellText(cell).replace(/\s+/g, ' ');
}

function isBlankRow(grid: Grid, row: number, range: CellRange): boolean {
  for (let column = range.left; column <= range.right; column++) if (cellKind(cellAt(grid, row, column)) !== 'empty') return false;
  return true;
}

/**
 * True when the rows after a repeated header take again the key values of the rows before it: in
 * the first column of text (Month, Store), the rows before name each value once ("Jan", "Feb",
 * "Mar") and most rows after name those same values again. That is a new block of the same schema
 * (the next year, another snapshot), not the next page of one table, whose rows go on with
 * other keys.
 * @param before the data rows above the repeated header (sheet row numbers)
 * @param after the data rows under it (sheet row numbers)
 */
export function repeatsKeyValues(grid: Grid, range: CellRange, before: number[], after: number[]): boolean {
  for (let column = range.left; column <= range.right; column++) {
    const above = before.map((row) => cellAt(grid, row, column)).filter((cell) => cellKind(cell) !== 'empty');
    if (above.length < 2 || above.some((cell) => cellKind(cell) !== 'text')) continue;
    const keys = new Set(above.map((cell) => normalizeHeader(cellText(cell))));
    // Not a key column when a value comes twice above (a trader on several dates): no evidence either way.
    if (keys.size !== above.length) return false;
    const below = after.map((row) => normalizeHeader(cellText(cellAt(grid, row, column)))).filter((text) => text !== '');
    const seen = below.filter((text) => keys.has(text)).length;
    return seen >= 2 && seen * 2 > below.length;
  }
  return false;
}

/** The non-blank rows from `from` to `to` of `range` but `skipRows`. */
export function dataRows(grid: Grid, range: CellRange, from: number, to: number, skipRows: number[]): number[] {
  const rows: number[] = [];
  for (let row = from; row <= to; row++) if (!skipRows.includes(row) && !isBlankRow(grid, row, range)) rows.push(row);
  return rows;
}
