/**
 * The rectangle of a table as the sheet shows it. An analyst draws a table's edges where the
 * sheet shows cells: rows hidden under its last shown row (options no longer quoted, kept out
 * of sight) and columns hidden right of its last shown column (a working "Row" or "Review"
 * column) are not in the table they see. Hidden rows and columns between shown ones are inside
 * it, as the table's rectangle spans them, and so are the rows of a collapsed outline group.
 * The hidden cells are still read and stored with the table (rows as hidden rows, columns as
 * columns): only the reported edges move.
 * @module tables/shown-range
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, isBlankCell } from './cells.js';

/**
 * The part of `range` the sheet shows, or null when it is all of it.
 * Hidden rows at the foot are cut (and visible blank rows left above them), never into the
 * header or the first body row; rows an outline group hides are kept (a collapsed group is one
 * click from view, its rows are the group's details), and so is a foot hidden all the way up.
 * Hidden columns at the right edge likewise (and blank columns left beside them), never the
 * first column. Left and top edges are kept: a table starts where it is read from (its header,
 * its first column), and column offsets are counted from there.
 * @param range the table's cells, header rows included (0-based, inclusive)
 * @param headerRows the rows at the top of `range` that are its header
 */
export function shownRangeOf(grid: Grid, range: CellRange, headerRows: number): CellRange | null {
  const firstBodyRow = Math.min(range.bottom, range.top + headerRows);
  let { bottom, right } = range;
  const plainlyHidden = (row: number) => grid.rowHidden[row] === true && (grid.rowOutlineLevels?.[row] ?? 0) === 0;
  if (plainlyHidden(bottom)) {
    while (bottom > firstBodyRow && (plainlyHidden(bottom) || isBlankRowSpan(grid, bottom, range.left, range.right))) bottom--;
    // A table whose rows the sheet hides all the way up shows no edge to draw: it keeps its range.
    if (grid.rowHidden[bottom] === true) bottom = range.bottom;
  }
  if (grid.columnHidden[right] === true) {
    while (right > range.left && (grid.columnHidden[right] === true || isBlankColumnSpan(grid, right, range.top, bottom))) right--;
    if (grid.columnHidden[right] === true) right = range.right;
  }
  if (bottom === range.bottom && right === range.right) return null;
  return { ...range, bottom, right };
}

function isBlankRowSpan(grid: Grid, row: number, left: number, right: number): boolean {
  for (let column = left; column <= right; column++) if (!isBlankCell(cellAt(grid, row, column))) return false;
  return true;
}

function isBlankColumnSpan(grid: Grid, column: number, top: number, bottom: number): boolean {
  for (let row = top; row <= bottom; row++) if (!isBlankCell(cellAt(grid, row, column))) return false;
  return true;
}
