/**
 * Empty spacer columns inside a table. Statistical releases (ONS, Eurostat, central banks)
 * set every value column off by a narrow empty column: "2012 | Jan | 2245 | · | 2660 | · | 192"
 * under "All Visits" and "Area of residence". A strip of numbers beside such a gap has no row
 * labels of its own: an analyst reads its rows by the labels on the left, so it is part of
 * that table, not a table of its own. Side-by-side tables each carry their own key column
 * (names, dates), so the rule leaves them apart.
 * @module tables/spacer-columns
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, cellKind } from './cells.js';
import { occupiedIn, type Occupancy } from './find-blocks.js';

/** When a gap of empty columns is a spacer inside a table; from ONS monthly releases (one column between value columns). */
const SPACER = {
  /** Most empty columns in a spacer gap. */
  maxGapColumns: 2,
  /** Least rows of numbers the strip on the right must hold. */
  minValueRows: 3,
  /** Least share of the two strips' rows of numbers (within the right strip's span) that they share. */
  minSharedRows: 0.9,
  /**
   * Least share of a column of labels' rows (within the right strip's span) that label a row of
   * numbers; the others are group headings ("Employee Expense" over its items).
   */
  minLabelledRows: 0.5,
  /** Most rows by which the two strips' last rows of numbers may differ (stray zeros in a spacer). */
  maxBottomDifference: 2,
};

/** What a strip holds, read once per strip. */
interface StripFacts {
  /** Rows holding a number, ascending. */
  valueRows: number[];
  /** Rows holding text (labels), ascending. */
  labelRows: number[];
  /** The strip itself (its cells are read again through the occupancy). */
  strip: CellRange;
  /** A column of the strip holds mostly text or dates below its first number: row labels. */
  hasKeyColumn: boolean;
}

/**
 * Rows of numbers and key columns of a strip; kinds are counted from its first
 * row of numbers (the header above it is text), from its top when it holds no number.
 */
function factsOf(grid: Grid, occupancy: Occupancy, strip: CellRange): StripFacts {
  const valueRows: number[] = [];
  const labelRows: number[] = [];
  for (let row = strip.top; row <= strip.bottom; row++) {
    const columns = occupiedIn(occupancy, row, strip.left, strip.right);
    if (columns.length === 0) continue;
    const kinds = columns.map((column) => cellKind(cellAt(grid, row, column)));
    if (kinds.includes('number')) valueRows.push(row);
    if (kinds.includes('text')) labelRows.push(row);
  }
  const keys = new Map<number, number>();
  const filled = new Map<number, number>();
  for (let row = valueRows[0] ?? strip.top; row <= strip.bottom; row++) {
    for (const column of occupiedIn(occupancy, row, strip.left, strip.right)) {
      const kind = cellKind(cellAt(grid, row, column));
      if (kind === 'empty' || kind === 'error') continue;
      filled.set(column, (filled.get(column) ?? 0) + 1);
      if (kind === 'text' || kind === 'date') keys.set(column, (keys.get(column) ?? 0) + 1);
    }
  }
  const hasKeyColumn = [...filled].some(([column, count]) => (keys.get(column) ?? 0) * 2 > count);
  return { valueRows, labelRows, strip, hasKeyColumn };
}

/**
 * True when `right`, a strip of numbers with no key column, sits beside `left`, a strip with
 * row labels, on the same rows: nearly every row of numbers on the right has a label or a
 * number on the left (a total's label, "Total Employee Expenses:", stands on the left without a
 * number of its own), the left strip's rows of numbers are nearly all rows of numbers on the
 * right (when it holds no number, a column of row labels, "EPMI MW | · | 10648": at least
 * `minLabelledRows` of its labels; the rest head groups), and both end within
 * `maxBottomDifference` rows. (A column of labels spanning exactly the rows
 * of the block beside it is also `joinNarrowNeighbours`' case in `find-blocks.ts`.)
 */
function continuesLeft(occupancy: Occupancy, left: StripFacts, right: StripFacts): boolean {
  if (right.hasKeyColumn || !left.hasKeyColumn || right.valueRows.length < SPACER.minValueRows) return false;
  const labelsOnly = left.valueRows.length === 0;
  const leftRows = labelsOnly ? left.labelRows : left.valueRows;
  if (leftRows.length === 0) return false;
  const first = right.valueRows[0];
  const last = right.valueRows[right.valueRows.length - 1];
  if (Math.abs(last - leftRows[leftRows.length - 1]) > SPACER.maxBottomDifference) return false;
  const rightRows = new Set(right.valueRows);
  const leftInSpan = leftRows.filter((row) => row >= first && row <= last);
  const labelled = right.valueRows.filter((row) => occupiedIn(occupancy, row, left.strip.left, left.strip.right).length > 0).length;
  const shared = leftInSpan.filter((row) => rightRows.has(row)).length;
  return labelled >= SPACER.minSharedRows * right.valueRows.length && shared >= (labelsOnly ? SPACER.minLabelledRows : SPACER.minSharedRows) * leftInSpan.length;
}

/**
 * Joins column strips (runs of occupied columns of one rectangle, left to right) across
 * spacer gaps of at most `maxGapColumns` empty columns where the strip on the right is a
 * strip of numbers without row labels continuing the rows of the strip on its left.
 * @returns the strips, joined where they are one table (the input when none are)
 */
export function bridgeSpacerColumns(grid: Grid, occupancy: Occupancy, strips: CellRange[]): CellRange[] {
  if (strips.length < 2) return strips;
  const joined: CellRange[] = [strips[0]];
  let leftFacts: StripFacts | null = null;
  for (const strip of strips.slice(1)) {
    const previous = joined[joined.length - 1];
    if (strip.left - previous.right - 1 <= SPACER.maxGapColumns) {
      leftFacts ??= factsOf(grid, occupancy, previous);
      if (continuesLeft(occupancy, leftFacts, factsOf(grid, occupancy, strip))) {
        joined[joined.length - 1] = { ...previous, right: strip.right };
        continue;
      }
    }
    joined.push(strip);
    leftFacts = null;
  }
  return joined;
}
