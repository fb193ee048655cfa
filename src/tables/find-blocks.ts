/**
 * Splits a sheet into blocks: rectangles of cells separated by fully blank rows or
 * spacer columns (recursive XY cut). Blank rows inside a table (under its header, between
 * spaced-out records, over its totals) do not split it (`join-bands.ts`). A block is a table, a banner, a note or a stray cell;
 * `detect-tables.ts` decides which.
 * @module tables/find-blocks
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, cellKind, cellText, isBlankCell } from './cells.js';
import { isNoteText } from './notes.js';
import { joinBands } from './join-bands.js';
import { bridgeSpacerColumns } from './spacer-columns.js';
import { splitSideBySide } from './split-columns.js';
import { splitBesideTables } from './beside-tables.js';

/** Occupancy of a grid: `rows[r]` lists the 0-based columns of non-blank cells, ascending. */
export interface Occupancy {
  rows: number[][];
  width: number;
}

/**
 * Which cells of the grid show something. The lists are read only: a row occupied like the
 * row above it shares that row's list (a tall table's million rows hold a handful of lists).
 */
export function occupancyOf(grid: Grid): Occupancy {
  let width = 0;
  let previous: number[] = [];
  const rows = new Array<number[]>(grid.rows.length);
  const scratch: number[] = [];
  for (let r = 0; r < grid.rows.length; r++) {
    const row = grid.rows[r];
    scratch.length = 0;
    for (let column = 0; column < row.length; column++) if (!isBlankCell(row[column] ?? null)) scratch.push(column);
    if (!sameColumns(scratch, previous)) previous = scratch.slice();
    rows[r] = previous;
    if (previous.length > 0) width = Math.max(width, previous[previous.length - 1] + 1);
  }
  return { rows, width };
}

function sameColumns(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const NO_COLUMNS: readonly number[] = Object.freeze([]);

/**
 * Occupied columns of `row` within `[left, right]`. Read only: when every occupied column of
 * the row is inside the range, the occupancy's own list is returned (no copy).
 */
export function occupiedIn(occupancy: Occupancy, row: number, left: number, right: number): number[] {
  const columns = occupancy.rows[row];
  if (columns === undefined || columns.length === 0) return NO_COLUMNS as number[];
  if (columns[0] >= left && columns[columns.length - 1] <= right) return columns;
  return columns.filter((column) => column >= left && column <= right);
}

/**
 * Blocks of a grid in reading order (top to bottom, then left to right), each trimmed
 * to its occupied cells. A banner row spanning side-by-side tables is cut off as its own block.
 * A lone row is never split on blank cells ("Grand Total | | 120 | 45" stays one block).
 */
export function findBlocks(grid: Grid, occupancy: Occupancy = occupancyOf(grid)): CellRange[] {
  if (occupancy.width === 0) return [];
  const blocks: CellRange[] = [];
  cut(grid, occupancy, { top: 0, left: 0, bottom: occupancy.rows.length - 1, right: occupancy.width - 1 }, blocks, 0);
  return joinStrandedColumns(grid, joinNarrowNeighbours(grid, blocks)).sort((a, b) => a.top - b.top || a.left - b.left);
}

/**
 * Joins a column of values (one or two columns wide, ≥ 2 rows) to the table one empty column to
 * its left when it starts below that table's top row and ends within it, every one of its rows is
 * labelled in the table's first column, and it shows no header of its own (a text over numbers):
 * a second measure set off by a spacer whose first row is blank ("Monthly Volatility" beside
 * "Daily Volatility", the first period quoted daily only). Left alone it is cells in no table.
 */
function joinStrandedColumns(grid: Grid, blocks: CellRange[]): CellRange[] {
  const result = [...blocks];
  for (let index = 0; index < result.length; index++) {
    const right = result[index];
    if (right.right - right.left + 1 > 2 || right.bottom === right.top) continue;
    const at = result.findIndex(
      (left) => left.right + 2 === right.left && left.top < right.top && right.bottom <= left.bottom && left.right > left.left && labelsRows(grid, left.left, right),
    );
    if (at < 0 || holdsOwnRows(grid, right) || headsNumbers(grid, right) || !sameShapes(grid, result[at], right)) continue;
    const left = result[at];
    result[at] = { ...left, right: right.right };
    result.splice(index, 1);
    index = -1;
  }
  return result;
}

/** A cell's shape: digit runs as `9`, letter runs as `a` (`125 - 150` → `9 - 9`; a number → `9`). */
function shapeOf(grid: Grid, row: number, column: number): string | undefined {
  const cell = cellAt(grid, row, column);
  if (isBlankCell(cell)) return undefined;
  if (cellKind(cell) === 'number') return '9';
  return cellText(cell).trim().replace(/\d+(?:[.,]\d+)*/g, '9').replace(/\p{L}+/gu, 'a').replace(/\s+/g, ' ');
}

/**
 * True when every cell of `right` holds a value written as the values of `left`'s other columns
 * are, digits among them (`30 - 37` beside `125 - 150`; numbers beside numbers): more of the
 * same measure. A list of names or notes beside a table of numbers is another table.
 */
function sameShapes(grid: Grid, left: CellRange, right: CellRange): boolean {
  const shapes = new Set<string>();
  for (let row = left.top; row <= left.bottom; row++) {
    for (let column = left.left + 1; column <= left.right; column++) {
      const shape = shapeOf(grid, row, column);
      if (shape !== undefined) shapes.add(shape);
    }
  }
  for (let row = right.top; row <= right.bottom; row++) {
    for (let column = right.left; column <= right.right; column++) {
      const shape = shapeOf(grid, row, column);
      if (shape !== undefined && (!shape.includes('9') || !shapes.has(shape))) return false;
    }
  }
  return true;
}

/** True when every row of `block` holding a cell has a text in `column`: the rows a table labels. */
function labelsRows(grid: Grid, column: number, block: CellRange): boolean {
  for (let row = block.top; row <= block.bottom; row++) {
    let used = false;
    for (let at = block.left; at <= block.right && !used; at++) used = !isBlankCell(cellAt(grid, row, at));
    if (used && cellKind(cellAt(grid, row, column)) !== 'text') return false;
  }
  return true;
}

/** True when a block's top row holds text over a column of numbers below: a header of its own. */
function headsNumbers(grid: Grid, block: CellRange): boolean {
  for (let column = block.left; column <= block.right; column++) {
    if (cellKind(cellAt(grid, block.top, column)) !== 'text') continue;
    let numbers = 0;
    for (let row = block.top + 1; row <= block.bottom; row++) if (cellKind(cellAt(grid, row, column)) === 'number') numbers++;
    if (numbers * 2 > block.bottom - block.top) return true;
  }
  return false;
}

/**
 * Joins a block one or two columns wide to the block one blank column beside it when both
 * span exactly the same rows and their top rows share no label: a row-label column set off
 * by an empty spacer column (side-by-side tables of the same kind repeat their headers). The
 * block on the left may run on below with footnotes in its column ("* Average Tax Rates: …"
 * under a column of income bands): `detect-tables.ts` takes them as the table's notes. Two
 * blocks that each hold rows of their own (`holdsOwnRows`: a text key column and a column of
 * numbers under a header, "Employee | Hours" beside "Product | Price") stay two tables.
 */
function joinNarrowNeighbours(grid: Grid, blocks: CellRange[]): CellRange[] {
  // Only blocks starting on the same row can join: compare within those groups (a sheet may have thousands of blocks).
  const groups = new Map<number, CellRange[]>();
  for (const block of blocks) {
    const key = block.top;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [block]);
    else group.push(block);
  }
  const result: CellRange[] = [];
  for (const group of groups.values()) {
    if (group.length === 1) result.push(group[0]);
    else result.push(...joinWithinRows(grid, group));
  }
  return result;
}

function joinWithinRows(grid: Grid, blocks: CellRange[]): CellRange[] {
  const result = [...blocks];
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < result.length && !changed; i++) {
      for (let j = 0; j < result.length && !changed; j++) {
        const left = result[i];
        const right = result[j];
        if (i === j || left.right + 2 !== right.left || left.top !== right.top) continue;
        if (left.bottom !== right.bottom && !(left.bottom > right.bottom && notesBelow(grid, left, right.bottom))) continue;
        if (Math.min(left.right - left.left, right.right - right.left) + 1 > 2 || left.top === left.bottom) continue;
        const leftLabels = topTexts(grid, left);
        if ([...topTexts(grid, right)].some((text) => leftLabels.has(text))) continue;
        if (holdsOwnRows(grid, left) && holdsOwnRows(grid, right)) continue;
        result[i] = { top: left.top, bottom: left.bottom, left: left.left, right: right.right };
        result.splice(j, 1);
        changed = true;
      }
    }
  }
  return result;
}

/** True when every row of `block` below `row` holds one text that reads as a footnote (`isNoteText`) and nothing else. */
function notesBelow(grid: Grid, block: CellRange, row: number): boolean {
  for (let below = row + 1; below <= block.bottom; below++) {
    const texts: string[] = [];
    for (let column = block.left; column <= block.right; column++) {
      const cell = cellAt(grid, below, column);
      if (isBlankCell(cell)) continue;
      if (cellKind(cell) !== 'text') return false;
      texts.push(cellText(cell));
    }
    if (texts.length !== 1 || !isNoteText(texts[0])) return false;
  }
  return true;
}

function cut(grid: Grid, occupancy: Occupancy, rect: CellRange, out: CellRange[], depth: number): void {
  const bands = joinBands(grid, occupancy, rowRuns(occupancy, rect));
  if (bands.length === 0) return;
  if (depth > 64) {
    out.push(trim(occupancy, rect));
    return;
  }
  if (bands.length > 1 || bands[0].top !== rect.top || bands[0].bottom !== rect.bottom) {
    for (const band of bands) cut(grid, occupancy, band, out, depth + 1);
    return;
  }
  if (rect.top === rect.bottom) {
    out.push(trim(occupancy, rect));
    return;
  }
  const strips = bridgeSpacerColumns(grid, occupancy, columnRuns(occupancy, rect));
  if (strips.length > 1 || strips[0].left !== rect.left || strips[0].right !== rect.right) {
    for (const strip of strips) cut(grid, occupancy, strip, out, depth + 1);
    return;
  }
  const banners = leadingBannerRows(grid, occupancy, rect);
  if (banners > 0 && banners <= rect.bottom - rect.top) {
    const rest = { ...rect, top: rect.top + banners };
    if (bridgeSpacerColumns(grid, occupancy, columnRuns(occupancy, rest)).length > 1) {
      out.push(trim(occupancy, { ...rect, bottom: rect.top + banners - 1 }));
      cut(grid, occupancy, rest, out, depth + 1);
      return;
    }
  }
  const trimmed = trim(occupancy, rect);
  let sides = splitSideBySide(grid, occupancy, trimmed);
  if (sides.length === 1) sides = splitBesideTables(grid, trimmed);
  if (sides.length > 1) {
    for (const side of sides) cut(grid, occupancy, side, out, depth + 1);
    return;
  }
  out.push(trim(occupancy, rect));
}

/** Runs of consecutive rows with any occupied cell inside `rect`, each spanning rect's columns. */
function rowRuns(occupancy: Occupancy, rect: CellRange): CellRange[] {
  const runs: CellRange[] = [];
  let start = -1;
  for (let row = rect.top; row <= rect.bottom + 1; row++) {
    const used = row <= rect.bottom && occupiedIn(occupancy, row, rect.left, rect.right).length > 0;
    if (used && start < 0) start = row;
    if (!used && start >= 0) {
      runs.push({ top: start, bottom: row - 1, left: rect.left, right: rect.right });
      start = -1;
    }
  }
  return runs;
}

/** Runs of consecutive columns with any occupied cell inside `rect`. */
function columnRuns(occupancy: Occupancy, rect: CellRange): CellRange[] {
  const used = new Array<boolean>(rect.right - rect.left + 1).fill(false);
  for (let row = rect.top; row <= rect.bottom; row++) {
    for (const column of occupiedIn(occupancy, row, rect.left, rect.right)) used[column - rect.left] = true;
  }
  const runs: CellRange[] = [];
  let start = -1;
  for (let index = 0; index <= used.length; index++) {
    const on = index < used.length && used[index];
    if (on && start < 0) start = index;
    if (!on && start >= 0) {
      runs.push({ top: rect.top, bottom: rect.bottom, left: rect.left + start, right: rect.left + index - 1 });
      start = -1;
    }
  }
  return runs;
}

/** Leading rows of `rect` that show a single value (one cell, or one merged range): banners. */
function leadingBannerRows(grid: Grid, occupancy: Occupancy, rect: CellRange): number {
  let count = 0;
  for (let row = rect.top; row <= rect.bottom; row++) {
    const columns = occupiedIn(occupancy, row, rect.left, rect.right);
    if (!isSingleValueRow(grid, row, columns)) break;
    count++;
  }
  return count;
}

/** True when the occupied `columns` of `row` are one cell or all one merged range. */
export function isSingleValueRow(grid: Grid, row: number, columns: number[]): boolean {
  if (columns.length === 0) return false;
  if (columns.length === 1) return true;
  const first = grid.rows[row]?.[columns[0]]?.merge;
  if (first === undefined) return false;
  return columns.every((column) => {
    const merge = grid.rows[row]?.[column]?.merge;
    return merge !== undefined && merge.top === first.top && merge.left === first.left;
  });
}

/**
 * True when a block below its top row has a key column (text in most rows) and a column of
 * numbers (in most rows): a list with its own labels and values, a table of its own.
 */
function holdsOwnRows(grid: Grid, block: CellRange): boolean {
  const rows = block.bottom - block.top;
  if (rows < 1) return false;
  let key = false;
  let numbers = false;
  for (let column = block.left; column <= block.right; column++) {
    let texts = 0;
    let values = 0;
    for (let row = block.top + 1; row <= block.bottom; row++) {
      const kind = cellKind(cellAt(grid, row, column));
      if (kind === 'text') texts++;
      else if (kind === 'number') values++;
    }
    if (texts * 2 > rows) key = true;
    if (values * 2 > rows) numbers = true;
  }
  return key && numbers;
}

/** Texts of the first three rows of a block, lower case. */
function topTexts(grid: Grid, block: CellRange): Set<string> {
  const texts = new Set<string>();
  for (let row = block.top; row <= Math.min(block.bottom, block.top + 2); row++) {
    for (let column = block.left; column <= block.right; column++) {
      const value = grid.rows[row]?.[column]?.value;
      if (typeof value === 'string' && value.trim() !== '') texts.add(value.trim().toLowerCase());
    }
  }
  return texts;
}

/** Shrinks `rect` to the bounding box of its occupied cells. */
function trim(occupancy: Occupancy, rect: CellRange): CellRange {
  let top = Infinity;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  for (let row = rect.top; row <= rect.bottom; row++) {
    const columns = occupiedIn(occupancy, row, rect.left, rect.right);
    if (columns.length === 0) continue;
    top = Math.min(top, row);
    bottom = row;
    left = Math.min(left, columns[0]);
    right = Math.max(right, columns[columns.length - 1]);
  }
  return bottom < 0 ? rect : { top, bottom, left, right };
}
