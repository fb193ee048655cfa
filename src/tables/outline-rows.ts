/**
 * Total rows told by the sheet's outline. Excel's row grouping (Data › Group, Data › Subtotal)
 * sets a group's detail rows one outline level deeper than the row that sums them, and puts that
 * row below them (Excel's default) or above them (`summaryBelow="0"`). A row right below (or
 * above) a run of deeper rows whose additive numbers equal the sums of the run's rows one level
 * deeper is their total: the layout says it closes the group and the arithmetic says it sums it.
 * The rows one level deeper are summed, so nested groups count their subtotals, not their items
 * twice; hidden rows count too (a collapsed group hides its detail rows).
 * @module tables/outline-rows
 */
import type { RowFacts } from './aggregate-rows.js';
import { ColumnSums } from './column-sums.js';

/** Fewest rows one level deeper that an outline total must sum: a one-row group's total equals its row, no evidence of a sum. */
const MIN_GROUP_ROWS = 2;

/**
 * Per row of a table body (in sheet order): true when the outline makes it the total of the
 * group next to it (`RowFacts.outlineLevel`) and its additive numbers equal the group's sums.
 * @param summaryBelow the sheet's outline puts summary rows below their detail (`Grid.outlineSummaryBelow`)
 */
export function findOutlineTotals(rows: RowFacts[], additive: boolean[], summaryBelow: boolean): boolean[] {
  const levels = rows.map((row) => row.outlineLevel ?? 0);
  const step = summaryBelow ? -1 : 1;
  return rows.map((row, index) => {
    const level = levels[index];
    if (row.section || !row.numbers.some((value) => value !== null)) return false;
    const next = index + step;
    if (next < 0 || next >= rows.length || levels[next] <= level) return false;
    const sums = new ColumnSums(additive.length);
    for (let other = next; other >= 0 && other < rows.length && levels[other] > level; other += step) {
      if (levels[other] === level + 1 && !rows[other].section) sums.add(rows[other].numbers);
    }
    return sums.rows >= MIN_GROUP_ROWS && sums.matches(row.numbers, additive);
  });
}
