/**
 * Blocks with no header of their own read under the header of the table above them. Reports
 * stack sections of one layout down a sheet: the eliminated players of a pool listed after a
 * gap, a district's schools under the statewide list, each under its banner and over its own
 * totals. Only the first section carries the header; an analyst reads the others' columns by
 * the names above them. Each section stays its own table: it is set off by a gap, a banner or
 * the totals of the table above, and a section may repeat rows the table above already holds
 * (a district's schools are in the statewide list too), so joining them would count rows twice.
 * @module tables/header-above
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, isBlankCell, isValueKind, type CellKind } from './cells.js';
import type { Piece } from './attach-blocks.js';
import type { DetectOptions, TableRegion } from './detect-tables.js';
import { bodyKinds } from './headers.js';

/** When a header-less block reads under the header above it, from the stacked report sections of real workbooks. */
const HEADER_ABOVE = {
  /**
   * Fewest of the block's filled columns the header above must name, and fewest columns compared
   * by kind: a label and a number under a label and a number is any list of figures, not a
   * section of that table ("Total Statewide Revenues | 28,495,992,942" under "Indeterminate Revenues").
   */
  minNamedColumns: 3,
  /** Share of the block's filled columns the header above must name (a key column left unnamed in both is allowed). */
  namedShare: 0.75,
  /** Share of compared columns whose kind may differ from the kind the column holds above (mixed columns: "Rec 60667" above, 35111 below). */
  mismatchShare: 0.25,
};

/**
 * Gives each header-less table piece whose columns line up with a headed table above it
 * (same first column; the header names most of the block's filled columns; the block's columns
 * hold the kinds of values those columns hold above) that header's rows as the source of its
 * column names (`TableRegion.namesFrom`). A section under a section that took a header takes the
 * same one. A section of a few rows whose first row was read as its header although it holds
 * amounts ("Rick | 20 | Denver | Out") is such a block too: that row becomes its first data row.
 * Tables the workbook declares are left as declared.
 */
export function nameUnderHeaderAbove(grid: Grid, pieces: Piece[], options: DetectOptions): void {
  const tables = pieces.filter((piece) => piece.kind === 'table' && piece.region !== undefined).sort((a, b) => (a.region?.range.top ?? 0) - (b.region?.range.top ?? 0));
  for (const piece of tables) {
    const region = piece.region;
    if (region === undefined || piece.declared === true) continue;
    // A short section's first row of data may have been read as its header: a header holds no amounts.
    const misread = region.headerRows === 1 && (region.captionRows ?? 0) === 0 && headerHoldsAmount(grid, region);
    if (region.headerRows > 0 && !misread) continue;
    const { range } = region;
    // The nearest table above starting in the same column: the one whose columns this block lines up with.
    const above = tables
      .filter((other) => other !== piece && other.region !== undefined && other.region.range.bottom < range.top && other.region.range.left === range.left)
      .sort((a, b) => (b.region?.range.bottom ?? 0) - (a.region?.range.bottom ?? 0))[0]?.region;
    if (above === undefined) continue;
    const captionRows = above.captionRows ?? 0;
    const header = above.headerRows > captionRows ? { top: above.range.top + captionRows, rows: above.headerRows - captionRows } : above.namesFrom;
    if (header === undefined) continue;
    if (!namesColumns(grid, header, range)) continue;
    const aboveBody = { ...above.range, left: range.left, right: range.right };
    const aboveKinds = bodyKinds(grid, aboveBody, above.range.top + above.headerRows, options.decimalSeparator);
    const ownKinds = bodyKinds(grid, range, range.top, options.decimalSeparator);
    if (!sameKinds(aboveKinds, ownKinds)) continue;
    region.namesFrom = { ...header };
    region.headerRows = 0;
    takeFragments(grid, pieces, piece, above.range.right);
  }
}

/**
 * Takes into a section the pieces its empty columns cut off to its right, on its own rows and
 * under the header it reads by: a section's sparse columns (a district's schools with no
 * federal grants) leave empty columns that the header row above spans, so the sheet cut the
 * section there, while the header says the columns go on.
 * @param right the last column of the table whose header the section reads by
 */
function takeFragments(grid: Grid, pieces: Piece[], section: Piece, right: number): void {
  const range = section.region?.range;
  if (range === undefined) return;
  let widest = range.right;
  for (const piece of pieces) {
    if (piece === section || piece.declared === true) continue;
    const { block } = piece;
    if (block.top < range.top || block.bottom > range.bottom || block.left <= range.right || block.right > right) continue;
    // A table with a header of labels beside the section is a table of its own; a "header" of amounts is a data row read as one.
    if (piece.kind === 'table' && piece.region !== undefined && piece.region.headerRows > 0 && hasOwnHeader(grid, piece.region)) continue;
    widest = Math.max(widest, block.right);
    piece.kind = 'stray';
    piece.region = undefined;
    piece.reach = undefined;
    piece.lines = [];
  }
  if (widest === range.right) return;
  range.right = widest;
  section.block = { ...section.block, right: Math.max(section.block.right, widest) };
}

/** True when the header rows name enough of the block's filled columns (`HEADER_ABOVE`). */
function namesColumns(grid: Grid, header: { top: number; rows: number }, block: CellRange): boolean {
  let filled = 0;
  let named = 0;
  for (let column = block.left; column <= block.right; column++) {
    let used = false;
    for (let row = block.top; row <= block.bottom && !used; row++) used = !isBlankCell(cellAt(grid, row, column));
    if (!used) continue;
    filled++;
    let name = false;
    for (let row = header.top; row < header.top + header.rows && !name; row++) name = !isBlankCell(cellAt(grid, row, column));
    if (name) named++;
  }
  return named >= HEADER_ABOVE.minNamedColumns && named >= HEADER_ABOVE.namedShare * filled;
}

/** True when the first column has the kind it has above and few others differ (columns empty on either side are not compared). */
function sameKinds(above: CellKind[], own: CellKind[]): boolean {
  const agree = (a: CellKind, b: CellKind) => a === b || (isValueKind(a) && isValueKind(b));
  if (above[0] === 'empty' || own[0] === 'empty' || !agree(above[0], own[0])) return false;
  let compared = 0;
  let mismatches = 0;
  for (let index = 0; index < Math.min(above.length, own.length); index++) {
    if (above[index] === 'empty' || own[index] === 'empty') continue;
    compared++;
    if (!agree(above[index], own[index])) mismatches++;
  }
  return compared >= HEADER_ABOVE.minNamedColumns && mismatches <= Math.floor(compared * HEADER_ABOVE.mismatchShare);
}

/** True when a header row of the region holds a number that is not a year (2001 may head a column; 413,043 is data). */
function headerHoldsAmount(grid: Grid, region: TableRegion): boolean {
  const { range } = region;
  for (let row = range.top; row < range.top + region.headerRows; row++) {
    for (let column = range.left; column <= range.right; column++) {
      const value = cellAt(grid, row, column)?.value;
      if (typeof value === 'number' && !(Number.isInteger(value) && value >= 1900 && value <= 2100)) return true;
    }
  }
  return false;
}

/** True when the region's header rows name columns the way a table of its own does: two labels or more and no amount among them. */
function hasOwnHeader(grid: Grid, region: TableRegion): boolean {
  if (headerHoldsAmount(grid, region)) return false;
  const { range } = region;
  let labels = 0;
  for (let row = range.top; row < range.top + region.headerRows; row++) {
    for (let column = range.left; column <= range.right; column++) {
      const value = cellAt(grid, row, column)?.value;
      if (typeof value === 'string' && value.trim() !== '') labels++;
    }
  }
  return labels >= 2;
}
