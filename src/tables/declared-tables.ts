/**
 * Excel tables (ListObjects) a workbook declares: the author drew the table's rectangle and
 * said how many header and totals rows it has (`table@ref`, `headerRowCount`,
 * `totalsRowCount`). That is stronger evidence of a table's extent and header than anything
 * read from the cells, so a declared table is taken as it is declared, and the rest of the
 * sheet is read around it.
 * @module tables/declared-tables
 */
import type { CellRange, Grid } from '../extract/grid.js';
import type { Occupancy } from './find-blocks.js';
import type { TableRegion } from './detect-tables.js';

/**
 * The regions of the Excel tables declared on a sheet (PivotTables are not: their caption
 * rows are read by `takePivotCaptions`). A range is cut to the grid's rows (the first rows of
 * a streamed sheet), and trimmed of empty columns at its edges and blank rows at its foot; one
 * with no cell is left out.
 * @returns regions in reading order, `headerRows` as declared (0 for a table whose header row is
 *   hidden), `totalsRows` as declared when the range keeps its last row
 */
export function declaredTableRegions(grid: Grid, occupancy: Occupancy): TableRegion[] {
  const regions: TableRegion[] = [];
  for (const declared of grid.declaredTables ?? []) {
    if (declared.kind !== 'table') continue;
    const bottom = Math.min(declared.range.bottom, grid.rows.length - 1);
    const range = occupiedColumns(occupancy, { ...declared.range, bottom });
    if (range === null) continue;
    const headerRows = Math.min(declared.headerRows ?? 1, range.bottom - range.top + 1);
    const totalsRows = range.bottom === declared.range.bottom ? Math.min(declared.totalsRows ?? 0, range.bottom - range.top + 1 - headerRows) : 0;
    regions.push({ range, headerRows, title: null, notes: [], ...(totalsRows > 0 ? { totalsRows } : {}) });
  }
  return regions.sort((a, b) => a.range.top - b.range.top || a.range.left - b.range.left);
}

/** `range` trimmed to its occupied columns and its last occupied row (blank rows left at its foot), or null when no cell in it is occupied. */
function occupiedColumns(occupancy: Occupancy, range: CellRange): CellRange | null {
  let left = Infinity;
  let right = -Infinity;
  let bottom = -1;
  for (let row = range.top; row <= range.bottom; row++) {
    for (const column of occupancy.rows[row] ?? []) {
      if (column < range.left || column > range.right) continue;
      left = Math.min(left, column);
      right = Math.max(right, column);
      bottom = row;
    }
  }
  return right < left ? null : { ...range, left, right, bottom };
}

/**
 * The occupancy with the cells of `ranges` taken out, for reading the rest of the sheet
 * around declared tables. Rows no range touches keep their shared lists.
 */
export function occupancyWithout(occupancy: Occupancy, ranges: CellRange[]): Occupancy {
  if (ranges.length === 0) return occupancy;
  const rows = occupancy.rows.map((columns, row) => {
    const covering = ranges.filter((range) => row >= range.top && row <= range.bottom);
    if (covering.length === 0) return columns;
    return columns.filter((column) => !covering.some((range) => column >= range.left && column <= range.right));
  });
  return { rows, width: occupancy.width };
}
