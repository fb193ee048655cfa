/**
 * Side-by-side tables with no spacer column between them. An analyst sees where one ends
 * and the next begins by their extents: each has its own header on the top row and runs
 * down to its own last row ("date | Total" for 98 days beside "Week Ending | Weekly Trades"
 * for 20 weeks). A block is cut between two adjacent dense columns that both start at the
 * block's top row and end far apart.
 * @module tables/split-columns
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, cellKind } from './cells.js';
import type { Occupancy } from './find-blocks.js';

/** When two adjacent columns are read as the edges of two tables; from the side-by-side pivots of the Enron dev set. */
const COLUMN_SPLIT = {
  /** Share of its rows, from the block top to its last row, a column must fill to be dense. */
  minDensity: 0.8,
  /** Least difference of the two columns' last rows: rows, and share of the block height. */
  minBottomRows: 3,
  minBottomShare: 0.1,
  /** Least rows each side must span. */
  minRows: 3,
  /** Least columns each side must have. */
  minColumns: 2,
};

/** Per column of the block: its last filled row and how many rows it fills. */
function columnExtents(occupancy: Occupancy, block: CellRange): { bottom: number[]; filled: number[]; top: boolean[] } {
  const width = block.right - block.left + 1;
  const bottom = new Array<number>(width).fill(-1);
  const filled = new Array<number>(width).fill(0);
  const top = new Array<boolean>(width).fill(false);
  for (let row = block.top; row <= block.bottom; row++) {
    for (const column of occupancy.rows[row] ?? []) {
      if (column < block.left || column > block.right) continue;
      const index = column - block.left;
      bottom[index] = row;
      filled[index]++;
      if (row === block.top) top[index] = true;
    }
  }
  return { bottom, filled, top };
}

/** True when most filled cells of `column` in rows `from`…`to` are text or dates (a column of keys or labels). */
export function isKeyColumn(grid: Grid, column: number, from: number, to: number): boolean {
  let keys = 0;
  let filled = 0;
  for (let row = from; row <= to; row++) {
    const kind = cellKind(cellAt(grid, row, column));
    if (kind === 'empty' || kind === 'error') continue;
    filled++;
    if (kind === 'text' || kind === 'date') keys++;
  }
  return filled > 0 && keys * 2 > filled;
}

/**
 * Cuts a block into side-by-side tables where two adjacent columns are both dense, both
 * start at the block's top row and end at least `minBottomRows` (and `minBottomShare` of the
 * height) apart, when each part has two columns or more and the right part starts with a key
 * column (labels or dates). Returns the block itself when there is no such place.
 */
export function splitSideBySide(grid: Grid, occupancy: Occupancy, block: CellRange): CellRange[] {
  const height = block.bottom - block.top + 1;
  if (block.right === block.left || height < COLUMN_SPLIT.minRows * 2) return [block];
  const { bottom, filled, top } = columnExtents(occupancy, block);
  const dense = (index: number) => bottom[index] >= 0 && filled[index] >= COLUMN_SPLIT.minDensity * (bottom[index] - block.top + 1);
  const cuts: number[] = [];
  for (let index = 0; index < bottom.length - 1; index++) {
    if (!top[index] && !top[index + 1]) continue;
    if (!top[index + 1] || !dense(index) || !dense(index + 1)) continue;
    const difference = Math.abs(bottom[index] - bottom[index + 1]);
    if (difference < Math.max(COLUMN_SPLIT.minBottomRows, COLUMN_SPLIT.minBottomShare * height)) continue;
    if (Math.min(bottom[index], bottom[index + 1]) - block.top + 1 < COLUMN_SPLIT.minRows) continue;
    // Each table keeps a column of its own: no part narrower than two columns.
    const previous = cuts.length > 0 ? cuts[cuts.length - 1] + 1 : block.left;
    if (block.left + index - previous + 1 < COLUMN_SPLIT.minColumns || block.right - (block.left + index) < COLUMN_SPLIT.minColumns) continue;
    // … and so do the two sides as wholes: a sparse column ending early beside one running to the end on its own side
    // ("Certifications" filled in two rows, then "Album" in every row) is one table's column with gaps, not the edge of a table
    const lastRow = (from: number, to: number): number => Math.max(...bottom.slice(from, to + 1));
    if (Math.abs(lastRow(previous - block.left, index) - lastRow(index + 1, bottom.length - 1)) < Math.max(COLUMN_SPLIT.minBottomRows, COLUMN_SPLIT.minBottomShare * height)) continue;
    // The table on the right starts with a key column (labels or dates); a column of numbers ending early is missing values, not a new table.
    if (!isKeyColumn(grid, block.left + index + 1, block.top + 1, Math.min(bottom[index + 1], block.top + 50))) continue;
    cuts.push(block.left + index);
  }
  if (cuts.length === 0) return [block];
  const parts: CellRange[] = [];
  let left = block.left;
  for (const cut of cuts) {
    parts.push({ ...block, left, right: cut });
    left = cut + 1;
  }
  parts.push({ ...block, left, right: block.right });
  return parts;
}
