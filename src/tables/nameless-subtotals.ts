/**
 * The corroboration of nameless subtotals: a row of numbers alone inside a table (a named row
 * follows) equal to just the two rows above it is as likely a data row whose label was left
 * blank as their subtotal. It stays a subtotal only with a second sign that the table has
 * subtotals: another nameless subtotal, or a labelled total below that checks only without it.
 * @module tables/nameless-subtotals
 */
import { aggregateLabelKind } from './aggregate-labels.js';
import type { AggregateKind, RowFacts } from './aggregate-rows.js';
import { ColumnSums } from './column-sums.js';

/**
 * Unflags, in place, each nameless row inside the table flagged only for equalling the two rows
 * right above it (`Acme 1 10`, `Bolt 2 20`, `, 3 30`, `Corex 1 5`) unless a second sign says the table has subtotals: another
 * nameless row flagged as one, or a labelled total below it that equals the data rows' sums with
 * the nameless row left out (and not with it counted). Without one, a data row whose label was
 * left blank is as likely as a subtotal, and dropping a data row is a wrong number.
 * @param candidates indexes into `rows` of the nameless rows flagged only for equalling the two rows above (`flagAggregateRows`)
 * @param isAggregate the flags so far, one per row; unflagged rows get `kinds` null
 */
export function unflagUncorroboratedSubtotals(rows: RowFacts[], additive: boolean[], candidates: number[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  const unflag: number[] = [];
  for (const index of candidates) {
    const otherNameless = rows.some((row, other) => other !== index && isAggregate[other] && row.label === '' && !row.section);
    if (!otherNameless && !labelledTotalExcludes(rows, additive, index, isAggregate)) unflag.push(index);
  }
  for (const index of unflag) {
    isAggregate[index] = false;
    kinds[index] = null;
  }
}

/** True when a labelled sum row below `index` equals the sums of the data rows above it without `index`, and not with it. */
function labelledTotalExcludes(rows: RowFacts[], additive: boolean[], index: number, isAggregate: boolean[]): boolean {
  for (let below = index + 1; below < rows.length; below++) {
    const total = rows[below];
    if (!isAggregate[below] || total.label === '' || aggregateLabelKind(total.leadText) !== 'sum') continue;
    const without = new ColumnSums(additive.length);
    for (let above = 0; above < below; above++) {
      if (!isAggregate[above] && !rows[above].section && !rows[above].hidden) without.add(rows[above].numbers);
    }
    const withIt = new ColumnSums(additive.length);
    withIt.add(rows[index].numbers);
    for (let above = 0; above < below; above++) {
      if (!isAggregate[above] && !rows[above].section && !rows[above].hidden) withIt.add(rows[above].numbers);
    }
    if (without.matches(total.numbers, additive) && !withIt.matches(total.numbers, additive)) return true;
  }
  return false;
}
