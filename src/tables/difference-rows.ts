/**
 * Result lines computed from a statement's own totals: "Net profit" under "Total revenue" and
 * "Total costs" holds their difference. Such a line is neither data nor a sum of rows; counted
 * as data it adds the net result to the sections it nets.
 * @module tables/difference-rows
 */
import { isResultLabel } from './aggregate-labels.js';
import type { AggregateKind, RowFacts } from './aggregate-rows.js';
import { sumsMatch } from './column-sums.js';

/** Fewest additive columns agreeing for the difference alone to be evidence (without a result label, bold or formulas). */
const MIN_COLUMNS_ALONE = 2;

/**
 * Flags, in place, rows whose numbers are the difference of two total rows above them (kind
 * `sum`, the first minus a later one: Total revenue − Total costs) in every additive column the
 * row fills, with at least one non-zero number. Kind `other`: a derived line, not checked as a
 * sum. By arithmetic alone ≥ `MIN_COLUMNS_ALONE` columns must agree; one suffices for a result
 * label ("Net profit", `isResultLabel`), bold among plain rows, or formulas.
 * @returns per column, true where such a line nets the sections (its rows mix signs in meaning)
 */
export function flagDifferenceRows(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): boolean[] {
  const netted = additive.map(() => false);
  const totals: number[] = [];
  const boldRows = rows.filter((row) => row.bold && !row.section).length;
  rows.forEach((row, index) => {
    if (row.section || row.hidden) return;
    if (isAggregate[index]) {
      if (kinds[index] === 'sum') totals.push(index);
      return;
    }
    if (totals.length < 2) return;
    const compared = row.numbers.filter((value, column) => value !== null && additive[column]);
    if (compared.length === 0 || compared.every((value) => value === 0)) return;
    const marked = isResultLabel(row.leadText) || row.formulaCount > 0 || (row.bold && boldRows * 2 < rows.length);
    if (compared.length < MIN_COLUMNS_ALONE && !marked) return;
    for (let first = 0; first < totals.length; first++) {
      for (let second = first + 1; second < totals.length; second++) {
        if (!isDifference(row.numbers, rows[totals[first]].numbers, rows[totals[second]].numbers, additive)) continue;
        isAggregate[index] = true;
        kinds[index] = 'other';
        row.numbers.forEach((value, column) => {
          if (value !== null && additive[column]) netted[column] = true;
        });
        return;
      }
    }
  });
  return netted;
}

function isDifference(numbers: (number | null)[], minuend: (number | null)[], subtrahend: (number | null)[], additive: boolean[]): boolean {
  return numbers.every((value, column) => {
    if (value === null || !additive[column]) return true;
    const from = minuend[column];
    const less = subtrahend[column];
    return from !== null && less !== null && sumsMatch(value, from - less);
  });
}
