/**
 * The "World" row at the foot (or the head) of a ranked list of countries: a summary of the
 * whole, countries not listed included, so an aggregate row that is no sum of the listed rows.
 * @module tables/world-summary-rows
 */
import { isWorldSummaryLabel } from './aggregate-labels.js';
import type { AggregateKind, RowFacts } from './aggregate-rows.js';
import { ColumnSums } from './column-sums.js';
import { isNoValueText } from './values.js';

/** Fewest data rows above a world row: a list, not a pair of rows. */
const MIN_LISTED_ROWS = 3;

/**
 * Flags, in place, rows labelled for the world or every country (`isWorldSummaryLabel`:
 * "World", "Worldwide", "Global", "All countries", "Total world") that stand apart from the
 * listed rows the way an analyst sees it:
 * - the row closes the table: only other summary rows (flagged, or so labelled), section
 *   headings or hidden rows follow it; or it opens the table: only world rows, section
 *   headings or hidden rows come before it;
 * - where the table has a rank column (`findRankColumn`: 1, 2, 3 … down the listed rows) its
 *   rank is blank or a dash, while a row with a rank like the others stays data;
 * - each of its additive numbers is at least as large as that column's number in every listed
 *   row (a whole is at least its largest part); without a rank column, at least the sum of the
 *   listed rows' numbers (a whole is at least its parts: "World" among "National, European,
 *   Olympic" is a category), and never a "Global" (a region of its own beside others).
 * Its kind is `sum` when its additive numbers are the sums of the listed rows (a worldwide gross
 * under its domestic and foreign parts), else `other`: not checked as a sum. A row labelled so
 * that an earlier rule flagged as a sum ("Total world", as large as the largest country) whose
 * numbers are no such sums becomes `other` too.
 * @param additive per column, true for measures whose rows add up
 */
export function flagWorldSummaryRows(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  let start = rows.length;
  while (start > 0) {
    const row = rows[start - 1];
    if (!isAggregate[start - 1] && !row.section && !row.hidden && !isWorldSummaryLabel(labelOf(row))) break;
    start--;
  }
  // … or opens it: "World" first, then the ranked countries (only world rows, section headings or hidden rows before the list)
  let lead = 0;
  while (lead < start) {
    const row = rows[lead];
    if (!row.section && !row.hidden && !isWorldSummaryLabel(labelOf(row))) break;
    lead++;
  }
  const listed = rows.filter((row, index) => index >= lead && index < start && !isAggregate[index] && !row.section && !row.hidden);
  const sums = new ColumnSums(additive.length);
  for (const row of listed) sums.add(row.numbers);
  const rankColumn = findRankColumn(listed);
  rows.forEach((row, index) => {
    if (row.section || row.hidden || !isWorldSummaryLabel(labelOf(row))) return;
    const summed = sums.rows >= 2 && sums.matches(row.numbers, additive);
    if (isAggregate[index]) {
      if (kinds[index] === 'sum' && !summed) kinds[index] = 'other';
      return;
    }
    if ((index >= lead && index < start) || listed.length < MIN_LISTED_ROWS) return;
    if (rankColumn >= 0 && row.numbers[rankColumn] !== null) return;
    // a World row opening the list ranked 1 above countries ranked 2, 3 … is ranked like them: one of the list
    if (index < lead && findRankColumn([row, ...listed]) >= 0) return;
    const largest = largestInEveryColumn(row, listed, additive);
    if (largest === null) return;
    // without a ranking, a "World" row may be a category among others ("National, European, World"): only a whole
    // at least the sum of the listed parts in every additive column is one, and never a "Global" (a region of its own)
    if (rankColumn < 0 && (largest === 0 || /^global/i.test(labelOf(row).trim()) || !atLeastTheSum(row, sums, additive))) return;
    isAggregate[index] = true;
    kinds[index] = summed ? 'sum' : 'other';
  });
}

/** True when each additive number of `row` is at least the sum of the listed rows' numbers there (a whole is at least its parts). */
function atLeastTheSum(row: RowFacts, sums: ColumnSums, additive: boolean[]): boolean {
  let compared = 0;
  for (let column = 0; column < additive.length; column++) {
    const value = row.numbers[column];
    if (!additive[column] || value === null || !sums.seen[column]) continue;
    if (value < sums.totals[column]) return false;
    compared++;
  }
  return compared > 0;
}

/** The row's label: its first label cell that says something (a dash in a rank column says nothing). */
function labelOf(row: RowFacts): string {
  const cells = row.labelCells ?? [row.leadText];
  return cells.find((cell) => cell !== '' && !isNoValueText(cell)) ?? '';
}

/**
 * How many additive columns hold a number of `row` at least as large as every listed row's
 * number there (columns with fewer than 2 listed numbers are not compared); null when one of
 * its numbers is smaller than a listed row's.
 */
function largestInEveryColumn(row: RowFacts, listed: RowFacts[], additive: boolean[]): number | null {
  let compared = 0;
  for (let column = 0; column < additive.length; column++) {
    const value = row.numbers[column];
    if (!additive[column] || value === null) continue;
    const others = listed.map((other) => other.numbers[column]).filter((other): other is number => other !== null);
    if (others.length < 2) continue;
    if (others.some((other) => other > value)) return null;
    compared++;
  }
  return compared;
}

/**
 * The column ranking the listed rows, or -1: every listed row holds a whole number there, the
 * first 1, none smaller than the one above, the last above 1 (1, 2, 3 …; ties 1, 2, 2, 4 and an
 * excerpt 1 … 4, 11, 12 count too, as does a number ranking rows by position), at least
 * `MIN_LISTED_ROWS` rows.
 */
export function findRankColumn(listed: RowFacts[]): number {
  if (listed.length < MIN_LISTED_ROWS) return -1;
  const width = listed[0].numbers.length;
  for (let column = 0; column < width; column++) {
    let ranked = true;
    let previous = 0;
    for (let position = 0; position < listed.length && ranked; position++) {
      const value = listed[position].numbers[column];
      ranked = value !== null && Number.isInteger(value) && value >= previous && (position > 0 || value === 1);
      if (value !== null) previous = value;
    }
    // … and it counts up: a column of 1s is a count, no ranking
    if (ranked && previous > 1) return column;
  }
  return -1;
}
