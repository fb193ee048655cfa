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
import type { DetectOptions } from './detect-tables.js';
import { bodyKinds } from './headers.js';

/** When a header-less block reads under the header above it, from the stacked report sections of real workbooks. */
const HEADER_ABOVE = {
  /** Fewest of the block's filled columns the header above must name. */
  minNamedColumns: 2,
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
 * same one. Tables the workbook declares are left as declared.
 */
export function nameUnderHeaderAbove(grid: Grid, pieces: Piece[], options: DetectOptions): void {
  const tables = pieces.filter((piece) => piece.kind === 'table' && piece.region !== undefined).sort((a, b) => (a.region?.range.top ?? 0) - (b.region?.range.top ?? 0));
  for (const piece of tables) {
    const region = piece.region;
    if (region === undefined || region.headerRows > 0 || piece.declared === true) continue;
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
  }
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
