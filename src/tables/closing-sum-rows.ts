/**
 * The closing row of a table that sums every row above it, though its label is no total
 * word: a player's "Career" line under his seasons, "2010-2012" under 2010, 2011 and 2012. Counted as data
 * it doubles every sum ("How many wins?" answers 18 where the seasons hold 9).
 * @module tables/closing-sum-rows
 */
import { aggregateLabelKind, labelWords } from './aggregate-labels.js';
import type { AggregateKind, RowFacts } from './aggregate-rows.js';
import { ColumnSums } from './column-sums.js';

/** Fewest rows above a closing row labelled for the whole span ("Career", "2010-2012"). */
const MIN_ROWS_SPAN = 2;

/**
 * Flags, in place, the last row of a table (below every other stored row) when each additive
 * number it holds equals the sum of all the data rows above it in that column, and either
 * - its label names the whole span of the rows (`spanLabelCovers`: "Career", "Lifetime",
 *   "Cumulative", a year span "2010-2012" / "1996–2000" covering the years the rows hold in the
 *   label's column), with ≥ `MIN_ROWS_SPAN` rows above.
 * The arithmetic alone never flags it: a label that continues the series above (another quarter
 * "Q4" under Q1-Q3, another team) is a data row whose numbers happen to equal the sums.
 * Only additive columns are compared (rates, averages and scores are not sums: a "Career"
 * batting average is no evidence either way). Kind `sum`. Source: sports statistics tables
 * (Wikipedia career tables, basketball-reference), where the career line closes the seasons.
 */
export function flagClosingSumRow(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  let last = rows.length - 1;
  while (last >= 0 && (rows[last].section || rows[last].hidden)) last--;
  if (last < 0 || isAggregate[last]) return;
  const row = rows[last];
  const above: number[] = [];
  const sums = new ColumnSums(additive.length);
  for (let index = 0; index < last; index++) {
    const other = rows[index];
    if (isAggregate[index] || other.section || other.hidden) continue;
    above.push(index);
    sums.add(other.numbers);
  }
  // Every additive column the rows above fill must be summed by the row (a career line leaves none out).
  const everyColumn = additive.every((isAdditive, column) => !isAdditive || !sums.seen[column] || row.numbers[column] !== null);
  if (above.length < MIN_ROWS_SPAN || !everyColumn || !sums.matches(row.numbers, additive)) return;
  if (!spanLabelCovers(row, above.map((index) => rows[index]))) return;
  isAggregate[last] = true;
  kinds[last] = 'sum';
}

/** Words of a label that names a whole run of rows in time ("Career", "Lifetime", "All-time" is `isWholeSetLabel`'s). */
const SPAN_WORDS = new Set(['career', 'lifetime', 'cumulative', 'combined', 'karriere', 'carriere', 'carrera']);

/** A year span: `2010-2012`, `2010–12`, `1996/2000`, `2010 - 2012`. */
const YEAR_SPAN = /^((?:18|19|20)\d\d)\s*[-–—/]\s*(\d{2}|\d{4})$/;

/** A year or a season in a cell: `2011`, `2011-12`, `2011/2012`, `2011–12`. */
const YEAR_CELL = /^((?:18|19|20)\d\d)(?:\s*[-–—/]\s*(\d{2}|\d{4}))?$/;

/**
 * True when the row's label names the whole span of the rows above it: a span word opening a
 * label of at most three words ("Career", "Career (NHL)"), or a year span whose first year is no
 * later than, and last year no earlier than, the years every row above holds in the label's
 * column ("2010-2012" over 2010, 2011, 2012; "1996-2000" over seasons 1996-97 … 1999-00).
 */
export function spanLabelCovers(row: RowFacts, above: RowFacts[]): boolean {
  const label = row.leadText.trim();
  const words = labelWords(label);
  if (words.length > 0 && words.length <= 3 && SPAN_WORDS.has(words[0])) return true;
  const span = yearsOf(label);
  if (span === null || span.first === span.last || row.labelCells === undefined) return false;
  const column = row.labelCells.findIndex((text) => text === label);
  if (column < 0) return false;
  return above.every((other) => {
    const years = yearsOf(other.labelCells?.[column] || String(other.numbers[column] ?? ''));
    return years !== null && years.first >= span.first && years.last <= span.last;
  });
}

/** First and last year of a year, season or span text, or null. */
function yearsOf(text: string): { first: number; last: number } | null {
  const trimmed = text.trim();
  const match = YEAR_SPAN.exec(trimmed) ?? YEAR_CELL.exec(trimmed);
  if (match === null) return null;
  const first = Number(match[1]);
  if (match[2] === undefined) return { first, last: first };
  // `2010-12`: the century of the first year; a season `1999-00` rolls over.
  let last = match[2].length === 2 ? Math.floor(first / 100) * 100 + Number(match[2]) : Number(match[2]);
  if (last < first) last += 100;
  if (last - first > 200) return null;
  return { first, last };
}

/**
 * "Totals | 30 coaches | 121 seasons | .623" closing a list: a label of total words alone
 * ("Total", "Totals", "Grand Total") on the table's last row, beside a cell that counts what the
 * rows are ("30 coaches"), is its total line even where the numbers cannot show it (counts
 * written as text, rates that do not add up). A label with other words ("Total Wine & More"),
 * or alone ("Total", an oil company listed last), is left to the arithmetic.
 */
export function closingTotalLine(rows: RowFacts[], index: number): boolean {
  const row = rows[index];
  const words = labelWords(row.leadText);
  const pure = words.length > 0 && words.every((word) => aggregateLabelKind(word) === 'sum' || word === 'grand');
  if (!pure || !rows.slice(index + 1).every((next) => next.section || (next.label === '' && next.numbers.every((value) => value === null)))) return false;
  // … and something besides the label says so: another cell counts what the rows are ("30 coaches", "121 seasons"); a
  // company called Total listed last among oil companies says nothing more and stays a row
  return (row.labelCells ?? []).some((cell) => cell !== row.leadText && /^\d[\d,.]*\s+\p{L}{3,}/u.test(cell.trim()));
}

/** Fewest data rows above a closing row read by its near sums. */
const MIN_ROWS_NEAR = 5;
/** Largest relative gap between a closing row's number and the sum above it still read as that sum (sources round, or miss a row). */
const NEAR_SUM = 0.02;
/** A cell that stands for nothing: blank, a dash, a question mark. */
const PLACEHOLDER = /^(?:|[-–—?]+|n\/?a)$/i;

/**
 * "Maharashtra | - | - | 307,713 | 96,878,627 | - | 314.42" closing a list of the state's 35
 * districts: the last row, blank or a dash in every text cell but its one label (dashes in two
 * cells at least, or no number in a column numbering every row above: "# | Saint Lucia"), whose additive
 * numbers are, in two columns or more, within `NEAR_SUM` of the sums of the data rows above
 * (306,160 and 96,610,328: the source's own total, off by a district's rounding) and never
 * smaller than a row above. It is the whole those rows are part of, not one more of them:
 * flagged with kind `other` (a total that is not the exact sum, so it is not checked as one).
 * A data row never has its name alone: the other text cells of a row say what it is.
 */
export function flagNearSumClosingRow(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  let last = rows.length - 1;
  while (last >= 0 && (rows[last].section || rows[last].hidden)) last--;
  if (last < 0 || isAggregate[last]) return;
  const row = rows[last];
  const cells = row.labelCells ?? [];
  const named = cells.filter((cell) => !PLACEHOLDER.test(cell.trim()));
  const dashed = cells.filter((cell) => /^[-–—?]+$/.test(cell.trim())).length;
  if (named.length > 1) return;
  const above = rows.slice(0, last).filter((other, index) => !isAggregate[index] && !other.section && !other.hidden);
  if (above.length < MIN_ROWS_NEAR) return;
  // … and something besides its name says it is no row of the list: dashes in its text cells, or no number where every
  // row above is numbered ("#" 1 … 11, blank beside "Saint Lucia")
  const numbering = additive.some((isAdditive, column) => {
    if (isAdditive || row.numbers[column] !== null) return false;
    const values = above.map((other) => other.numbers[column]);
    return values.every((value) => value !== null && Number.isInteger(value)) && new Set(values).size === values.length && Math.min(...(values as number[])) === 1;
  });
  if (dashed < 2 && !numbering) return;
  let near = 0;
  for (let column = 0; column < additive.length; column++) {
    const stated = row.numbers[column];
    if (!additive[column] || stated === null) continue;
    const values = above.map((other) => other.numbers[column]).filter((value): value is number => value !== null);
    if (values.length === 0) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    if (stated < Math.max(...values)) return; // a whole is at least its largest part
    if (sum > 0 && Math.abs(stated - sum) <= NEAR_SUM * sum) near++;
  }
  if (near < 2) return;
  isAggregate[last] = true;
  kinds[last] = 'other';
}
