/**
 * Flags total and subtotal rows: by their label ("Total", "North Total", "Gesamtsumme"),
 * by their formulas (`SUM(B4:B10)`), and by arithmetic (an unlabelled row whose numbers are
 * the sums of the rows above it, or a result line such as "Gross Profit").
 * @module tables/aggregate-rows
 */
import { aggregateLabelKind, isFootSummaryLabel, isScopeAverageLabel, isRatioLabel, isResultLabel, isWholeSetLabel, labelWords, type AggregateLabelKind } from './aggregate-labels.js';
import { ColumnSums, sumsMatch } from './column-sums.js';
import { flagDifferenceRows } from './difference-rows.js';
import { findBlankIdentifierSubtotals, findGroupsByArithmetic, findParallelLevel } from './hierarchy-rows.js';
import { closingTotalLine, flagClosingSumRow, flagNearSumClosingRow } from './closing-sum-rows.js';
import { unflagUncorroboratedSubtotals } from './nameless-subtotals.js';
import { findOutlineTotals } from './outline-rows.js';
import { flagRowsFromTotals } from './rows-from-totals.js';
import { equalsSumBelow, labelWordCounts, totalLabelNeedsEvidence } from './total-label-evidence.js';
import { flagWorldSummaryRows } from './world-summary-rows.js';

export { SUM_TOLERANCE, sumsMatch } from './column-sums.js';

/** What aggregate detection needs to know about one row of a table body. */
export interface RowFacts {
  /** Text of the row's label cells (cells of non-numeric columns), joined; '' when blank. */
  label: string;
  /** Per table column, the text of the row's label cell there ('' when blank or a number). */
  labelCells?: string[];
  /** First non-blank text cell of the row ('' if none): where a total label sits. */
  leadText: string;
  /** One entry per table column: the number the cell holds, or null. */
  numbers: (number | null)[];
  /** Numeric cells holding a formula over other rows of their own column (`B9+B14` in B15). */
  formulaCount: number;
  /** Numeric cells holding `SUM`/`SUBTOTAL` over a range of the same column. */
  columnSumFormulaCount: number;
  /**
   * Numeric cells whose formula multiplies or divides other rows of their own column
   * (`C5*C6*(C7+C8)`: volume × days × rate; `multipliesRowsOfColumn`): computed amounts, no sums.
   */
  productFormulaCount?: number;
  /**
   * Cells holding `SUM`/`SUBTOTAL` over a range of their own column whose number is unread: an
   * error value (`#NAME?`, `#REF!`: a broken link) or no value at all.
   */
  unreadSumFormulaCount?: number;
  /** Cells of any column holding `COUNT`/`COUNTA` over a range of the same column above. */
  columnCountFormulaCount?: number;
  /**
   * Numeric cells whose `SUM` adds up the cells that two or more rows above in the same table
   * column sum (`SUM(B3:B14)` under `SUM(B3:B6)`, `SUM(B7:B11)`): a rollup (`rollupCounts`).
   */
  rollupFormulaCount?: number;
  /** Every filled cell is bold. */
  bold: boolean;
  /** Every number of the row has a border on its top edge: the rule drawn over a total. */
  ruleAbove?: boolean;
  /** Every number of the row has a border on its bottom edge: the rule under the last item of a group (or a total's underline). */
  ruleBelow?: boolean;
  /** Every numeric cell shows a percent format (`0.0%`): a rate line among amounts. */
  percentFormatted?: boolean;
  hidden: boolean;
  /** A section header row ("Revenue" above its items): neither data nor aggregate. */
  section: boolean;
  /** Indentation of the row label (leading spaces + 4 per indent level); 0 when flat. */
  depth?: number;
  /** The sheet's outline level of the row (Excel's row grouping, `Grid.rowOutlineLevels`); 0 or absent when not grouped. */
  outlineLevel?: number;
  /** Its sheet row (0-based), as formulas count rows; absent when unknown. */
  sheetRow?: number;
  /**
   * One entry per numeric cell holding a formula: the sheet rows (0-based) the formula refers to
   * on its own sheet (`formulaRowReferences`). Absent when no numeric cell holds a formula.
   */
  formulaRowReferences?: number[][];
}

/** Result of aggregate row detection, one entry per input row. */
export interface AggregateFlags {
  isAggregate: boolean[];
  /**
   * The summary kind: the label's kind for label-flagged rows, `sum` for rows flagged by
   * arithmetic, `group` for a group row heading its indented items with their subtotal.
   */
  kinds: (AggregateKind | null)[];
  /** Per column, true where a line holds the difference of two totals (`flagDifferenceRows`); absent when none does. */
  nettedColumns?: boolean[];
  /**
   * Per row, for a group row found by its arithmetic alone (no indentation: a team's total above
   * its members), the index of its last part; -1 for every other row. Absent when there is none,
   * or when some group ends before the next group or total row starts (a row between is in none).
   */
  groupEnds?: number[];
}

/** The shape of a label: letters as "a", digits as "9", each run once ("Norway (NOR)" → "a (a)"). */
function labelShape(label: string): string {
  return label.trim().replace(/\p{L}+/gu, 'a').replace(/\d+/g, '9').replace(/\s+/g, ' ').replace(/a( a)+/g, 'a');
}

/** What an aggregate row sums up. */
export type AggregateKind = AggregateLabelKind | 'group';

/**
 * Flags aggregate rows of a table body, top to bottom.
 * - A summary label ("Total", "Subtotal DACH", "Gesamt") flags the row when it is plausible:
 *   it has no numbers, or formulas, or bold, or its numbers equal the sums (or means, for
 *   "Average") of the rows above, or one of them is at least as large as any above.
 *   A sum label ("Total Demand Charge") on a row whose formulas all multiply or divide the rows
 *   above (`C5*C6*(C7+C8)`: volume × days × rate) needs its numbers to equal the sums: the
 *   formulas say it is an amount computed from those rows, not their total.
 * - `SUM(...)` formulas over the column in most numeric cells flag the row, and so do they in a
 *   row without numbers whose sums show errors (`#NAME?`, `#REF!`: broken links); so do
 *   `COUNTA(...)` formulas over the column above when the row holds no other numbers.
 * - Otherwise the row is flagged when its additive numbers equal the sums of the data rows
 *   above (since the previous aggregate, since the table start, or, for an unlabelled row,
 *   a run of ≥ 2 rows right above) and it has a blank label, formulas (not only products of
 *   rows: `J25*E26` is no sum), bold among plain rows, the accountant's rule over it (a border over its
 *   numbers or under those of the row above, where such lines are rare: a boxed grid says nothing),
 *   or a result label ("Gross Profit"); a row of zeros only with formulas. An unlabelled row with one number needs ≥ 3 rows summed,
 *   or ≥ 2 after a subtotal: a row of numbers alone equal to the rows since the previous subtotal,
 *   or, inside the table (a named row follows), exactly the 2 non-zero rows of its block (the table's
 *   first rows, or those since a total): a subtotal closing a group, the next one below it.
 * - A name that merely opens with a total word ("Total Wine & More") needs more than its label
 *   (`nameLikeTotalHasEvidence`): formulas, bold or a sum of rows; not its size or its place.
 * - Totals of a hierarchy by arithmetic (`hierarchy-rows.ts`): a row equal to the sum of the
 *   rows right below it is a group row; a whole level listed beside its parts (the same sums,
 *   a third as many rows) is flagged as group rows too; rows with a blank identifier (no invoice
 *   number) that each sum their group above (`findBlankIdentifierSubtotals`) are subtotals.
 * - Totals of the sheet's outline (`outline-rows.ts`): a row closing a group of rows one outline
 *   level deeper, below them (or above them when `summaryBelow` is false), whose additive numbers
 *   equal their sums; kind `sum` below its group, `group` above it.
 * - A rate line among amounts ("Gross Margin %" in a P&L: percent-formatted, or a rate label
 *   with values within ±1.5 where most rows hold amounts) is flagged as a summary of kind `other`.
 * - A row labelled for the whole set ("All", "All regions", "(All)", "Overall") is a total when
 *   its numbers are the sums of all the other rows, wherever it sits (`flagWholeSetRows`).
 * - A row holding the difference of two totals above it ("Net profit" = Total revenue − Total
 *   costs: `flagDifferenceRows`) is a derived line of kind `other`.
 * - The last row of the table, whatever its label, when its numbers are the column sums of every
 *   row above and its label names their whole span ("Career", "2010-2012": `flagClosingSumRow`);
 *   the arithmetic alone is no evidence (a Q4 or a Delta that happens to equal the rows above).
 * - A nameless row inside the table (a named row follows) equal to just the two rows above it stays a subtotal only with a second sign
 *   (`unflagUncorroboratedSubtotals`): another nameless subtotal, or a labelled total below that
 *   checks only without it.
 * - Rows every number of which is a formula over a total row above (a "Check" `=C5-600` under
 *   the total in C5: `flagRowsFromTotals`) are derived lines of kind `other`.
 * - Summary lines at the foot (`flagFootSummaryRows`): the run of last rows labelled with
 *   summary words ("Majority", "Turnout", "Swing") is flagged when one of them equals the sum
 *   of the data rows above the run, or the difference of the two largest ("Majority").
 * - A "World" (or "Worldwide", "All countries") row closing a ranked list, with no rank of its own
 *   and numbers as large as any listed row's (`flagWorldSummaryRows`): the whole, no sum of the
 *   rows above (kind `other`).
 * @param additive per column: numbers that add up (money, counts), not rates or scores
 * @param headerNames the table's column names: "Total Sales" over a Sales column says what it totals
 * @param summaryBelow the sheet's outline puts summary rows below their detail rows (`Grid.outlineSummaryBelow`)
 */
export function flagAggregateRows(rows: RowFacts[], additive: boolean[], headerNames: string[] = [], summaryBelow = true): AggregateFlags {
  const isAggregate = rows.map(() => false);
  const kinds: (AggregateKind | null)[] = rows.map(() => null);
  const width = additive.length;
  const groups = findGroupRows(rows, additive);
  const groupEnds: number[] = [];
  const groupsByArithmetic = findGroupsByArithmetic(rows, additive, groups, groupEnds);
  const outlineTotals = rows.some((row) => (row.outlineLevel ?? 0) > 0) ? findOutlineTotals(rows, additive, summaryBelow) : rows.map(() => false);
  const blankIdentifierSubtotals = findBlankIdentifierSubtotals(rows, additive);
  const headerWords = new Set(headerNames.flatMap((name) => labelWords(name)));
  const heldElsewhere = labelWordCounts(rows);
  const needsEvidence = (row: RowFacts) => totalLabelNeedsEvidence(row.leadText, headerWords, (word) => heldElsewhere(word, row));
  const boldIsRare = rows.filter((row) => row.bold && !row.section).length * 2 < rows.length;
  // The accounting rule between items and their total: a line over the row's numbers, or under the numbers of the row right above.
  const ruled = rows.map((row, index) => row.ruleAbove === true || (index > 0 && rows[index - 1].ruleBelow === true && rows[index - 1].sheetRow === (row.sheetRow ?? -2) - 1));
  // A sheet ruled like a grid (every cell boxed) says nothing by its lines.
  const ruleIsRare = ruled.filter(Boolean).length * 3 <= rows.length;
  const labelled = rows.some((row) => row.label !== '');
  const blankRows = rows.filter((row) => row.label === '' && row.numbers.some((value) => value !== null)).length;
  const blankIsRare = labelled && blankRows <= Math.max(3, 0.2 * rows.length);
  const percentRows = rows.filter((row) => row.percentFormatted).length;
  const largeRows = rows.filter((row) => row.numbers.some((value) => value !== null && Math.abs(value) > 10)).length;
  const sums = { block: new ColumnSums(width), blockHidden: new ColumnSums(width), all: new ColumnSums(width), allHidden: new ColumnSums(width), subtotals: new ColumnSums(width) };
  let lastPlainRow = -1;
  rows.forEach((row, index) => {
    if (!row.section && row.numbers.some((value) => value !== null) && aggregateLabelKind(row.leadText) === null) lastPlainRow = index;
  });
  let blockRows: (number | null)[][] = [];
  const dataRows: (number | null)[][] = [];
  const twoRowNameless: number[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if (row.section) continue;
    let numericCount = 0;
    for (const value of row.numbers) if (value !== null) numericCount++;
    // "National Average" amid the rows is a name (a band's); a population's average closes the list
    const labelKind = isScopeAverageLabel(row.leadText) && index < lastPlainRow ? null : aggregateLabelKind(row.leadText);
    const rateLine =
      numericCount > 0 &&
      ((row.percentFormatted === true && percentRows * 2 < rows.length) ||
        (isRatioLabel(row.leadText) && row.numbers.every((value) => value === null || Math.abs(value) <= 1.5) && largeRows * 2 > rows.length));
    if (rateLine) {
      isAggregate[index] = true;
      kinds[index] = 'other';
      continue;
    }
    if (groups[index] || groupsByArithmetic[index] || (outlineTotals[index] && !summaryBelow)) {
      isAggregate[index] = true;
      kinds[index] = 'group';
      continue;
    }
    // A total the outline shows closing its group, and arithmetic confirms, sums it whatever its label.
    let flagged = outlineTotals[index];
    let kind: AggregateLabelKind = labelKind ?? 'sum';
    if (flagged || blankIdentifierSubtotals[index]) {
      flagged = true;
      kind = 'sum';
    } else if (labelKind !== null) {
      flagged = labelIsPlausible(row, labelKind, numericCount, blockRows, sums, additive, boldIsRare, dataRows) || closingTotalLine(rows, index);
      if (flagged && numericCount > 0 && needsEvidence(row)) flagged = nameLikeTotalHasEvidence(rows, index, sums, additive, boldIsRare);
    } else if (numericCount > 0 && (row.columnSumFormulaCount + (row.rollupFormulaCount ?? 0)) * 2 >= numericCount) {
      flagged = true;
    } else if (numericCount === 0 && (row.unreadSumFormulaCount ?? 0) > 0) {
      // Its cells sum their columns even though the numbers show as errors (#NAME?, #REF!).
      flagged = true;
    } else if ((row.columnCountFormulaCount ?? 0) > 0 && numericCount <= (row.columnCountFormulaCount ?? 0)) {
      // `=COUNTA(A3:A19)` under a list of names: the count of the column, not a name.
      flagged = true;
      kind = 'other';
    } else if (numericCount > 0 && !row.hidden) {
      const blank = blankIsRare && row.label === '';
      // A product of rows above (`J25*E26`: salaries × merit rate) is no sign of a sum.
      const sumFormulas = row.formulaCount - (row.productFormulaCount ?? 0);
      const formulas = sumFormulas > 0 && sumFormulas * 2 >= numericCount;
      // Zeros equal the sum of any zeros above: without formulas, a row of 0s proves nothing (a stray 0 under a column of them).
      const zeros = row.numbers.every((value, column) => value === null || !additive[column] || value === 0);
      const evidence = blank || formulas || (row.bold && boldIsRare) || (ruled[index] && ruleIsRare) || isResultLabel(row.leadText);
      if (evidence && (formulas || !zeros)) {
        const inside = blank && namedRowFollows(rows, index);
        const summed = equalsSumsAbove(row, sums, blockRows, additive, blank, inside);
        flagged = summed > 0;
        // Numbers alone inside the table equal to just the two rows above are as likely a data row that coincides with them: kept pending a second sign.
        if (flagged && inside && summed === 2 && !formulas && !(row.bold && boldIsRare)) twoRowNameless.push(index);
      }
    }
    if (flagged) {
      isAggregate[index] = true;
      kinds[index] = kind;
      if (kind === 'sum') sums.subtotals.add(row.numbers);
      sums.block.clear();
      sums.blockHidden.clear();
      blockRows = [];
      continue;
    }
    sums.blockHidden.add(row.numbers);
    sums.allHidden.add(row.numbers);
    if (row.hidden) continue;
    sums.block.add(row.numbers);
    sums.all.add(row.numbers);
    blockRows.push(row.numbers);
    dataRows.push(row.numbers);
  }
  unflagUncorroboratedSubtotals(rows, additive, twoRowNameless, isAggregate, kinds);
  flagWholeSetRows(rows, additive, isAggregate, kinds);
  flagClosingSumRow(rows, additive, isAggregate, kinds);
  flagNearSumClosingRow(rows, additive, isAggregate, kinds);
  const nettedColumns = flagDifferenceRows(rows, additive, isAggregate, kinds);
  flagFootSummaryRows(rows, additive, isAggregate, kinds);
  flagWorldSummaryRows(rows, additive, isAggregate, kinds);
  flagParallelLevel(rows, additive, isAggregate, kinds);
  flagRowsFromTotals(rows, isAggregate, kinds);
  const flags: AggregateFlags = nettedColumns.some(Boolean) ? { isAggregate, kinds, nettedColumns } : { isAggregate, kinds };
  const ends = groupEnds.map((end, index) => (kinds[index] === 'group' && !groups[index] ? end : -1));
  // … only where the groups close where the next group or total starts: a row left between ("Otto Olsen" under a team
  // total of its best three) belongs to no group its sums show, so no group is said of any row
  // (a row after a group written as the group heads are, "Czechoslovakia (TCH)" after "Norway (NOR)", heads a group of one)
  const headShapes = new Set(ends.flatMap((end, index) => (end >= 0 ? [labelShape(rows[index].leadText)] : [])));
  const headLike = (index: number): boolean => headShapes.size === 1 && headShapes.has(labelShape(rows[index].leadText)) && /[()]/.test(rows[index].leadText);
  const tiled = ends.every((end) => end < 0 || end + 1 >= rows.length || ends[end + 1] >= 0 || isAggregate[end + 1] || headLike(end + 1));
  if (tiled && ends.some((end) => end >= 0)) flags.groupEnds = ends;
  return flags;
}

/**
 * A name that merely opens with a total word ("Total Wine & More", "Total Wine",
 * `totalLabelNeedsEvidence`) is a total only with more than its label: formulas, bold among
 * plain rows, or numbers equal to the sums of ≥ 2 rows above or right below. Its place (the last
 * row of its block) or its size (the largest value) is no evidence: a retailer listed last, or
 * the biggest one, is still a retailer, and dropping it loses a row from every sum.
 */
function nameLikeTotalHasEvidence(rows: RowFacts[], index: number, sums: RunningSums, additive: boolean[], boldIsRare: boolean): boolean {
  const row = rows[index];
  if (row.formulaCount > 0 || (row.bold && boldIsRare)) return true;
  const above = [sums.block, sums.all].some((candidate) => candidate.rows >= 2 && candidate.matches(row.numbers, additive));
  return above || equalsSumBelow(rows, index, additive);
}

/** Flags, in place, a summary level listed beside its parts (`findParallelLevel`) as group rows. */
function flagParallelLevel(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  findParallelLevel(rows, additive, isAggregate).forEach((summary, index) => {
    if (!summary) return;
    isAggregate[index] = true;
    kinds[index] = 'group';
  });
}

/**
 * Flags, in place, rows labelled for the whole set ("All", "All regions", "(All)", "Overall":
 * `isWholeSetLabel`) whose numbers are the sums of all the other data rows of the table, in
 * every additive column the others fill, above or below them (a pivot export puts its total row
 * first). Without that arithmetic the row stays data: "All Stars" is a team.
 */
function flagWholeSetRows(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  rows.forEach((row, index) => {
    if (isAggregate[index] || row.section || row.hidden || !isWholeSetLabel(row.leadText)) return;
    const others = new ColumnSums(additive.length);
    rows.forEach((other, position) => {
      if (position !== index && !isAggregate[position] && !other.section && !other.hidden) others.add(other.numbers);
    });
    const everyColumn = additive.every((isAdditive, column) => !isAdditive || !others.seen[column] || row.numbers[column] !== null);
    if (others.rows < 2 || !everyColumn || !others.matches(row.numbers, additive)) return;
    isAggregate[index] = true;
    kinds[index] = 'sum';
  });
}

/** Fewest data rows above a foot run for its sum or difference to count as evidence. */
const MIN_FOOT_DATA_ROWS = 3;

/**
 * Flags the summary lines at the foot of a table, in place: the longest run of last rows
 * each labelled with a summary word (`isFootSummaryLabel`: "Majority", "Turnout", "Swing",
 * "Rejected ballots", "Total") or already flagged, when some labelled row of the run holds, in
 * an additive column, the sum of the ≥ 3 data rows above the run ("Turnout" = all votes) or
 * the difference of their two largest values ("Majority"). Rows of the run with a total's
 * label whose additive numbers all equal those sums are kind `sum`; the others `other`. Source: election results
 * (WTQ), where "Majority" sits between the candidates and the "Turnout" that sums them.
 */
function flagFootSummaryRows(rows: RowFacts[], additive: boolean[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  let start = rows.length;
  while (start > 0) {
    const row = rows[start - 1];
    if (!isAggregate[start - 1] && (row.section || row.hidden || !isFootSummaryLabel(row.label))) break;
    start--;
  }
  if (start === rows.length) return;
  const data = new ColumnSums(additive.length);
  const columnValues: number[][] = additive.map(() => []);
  for (let index = 0; index < start; index++) {
    const row = rows[index];
    if (isAggregate[index] || row.section || row.hidden) continue;
    data.add(row.numbers);
    row.numbers.forEach((value, column) => {
      if (value !== null && additive[column]) columnValues[column].push(value);
    });
  }
  if (data.rows < MIN_FOOT_DATA_ROWS) return;
  const topGap = columnValues.map((values) => {
    if (values.length < 2) return null;
    const sorted = [...values].sort((a, b) => b - a);
    return sorted[0] - sorted[1];
  });
  let anchored = false;
  for (let index = start; index < rows.length && !anchored; index++) {
    if (isAggregate[index]) continue;
    anchored = rows[index].numbers.some((value, column) => {
      if (value === null || !additive[column] || columnValues[column].length < MIN_FOOT_DATA_ROWS) return false;
      const gap = topGap[column];
      return sumsMatch(value, data.totals[column]) || (gap !== null && gap > 0 && sumsMatch(value, gap));
    });
  }
  if (!anchored) return;
  for (let index = start; index < rows.length; index++) {
    if (isAggregate[index]) continue;
    isAggregate[index] = true;
    // Only a total's label makes a line a checked sum: a "Turnout" row also states the share of the electorate, no weighted average.
    kinds[index] = aggregateLabelKind(rows[index].leadText) === 'sum' && data.matches(rows[index].numbers, additive) ? 'sum' : 'other';
  }
}

/**
 * Group rows of an indented hierarchy that carry their subtotal on top (a pivot in compact
 * form: "North 300" over "  Berlin 100", "  Hamburg 200"): the label sits shallower than the
 * ≥ 2 rows below it, and its additive numbers equal the sums of the rows at the next depth
 * until a row as shallow as it. With one number to compare, the row must be bold or head ≥ 3 rows.
 */
export function findGroupRows(rows: RowFacts[], additive: boolean[]): boolean[] {
  return rows.map((row, index) => {
    const depth = row.depth ?? 0;
    if (row.section || row.hidden || row.leadText === '' || !row.numbers.some((value) => value !== null)) return false;
    const first = rows[index + 1];
    if (first === undefined || first.section || first.leadText === '' || (first.depth ?? 0) <= depth) return false;
    const children: RowFacts[] = [];
    for (let below = index + 1; below < rows.length; below++) {
      const other = rows[below];
      if (other.section || other.leadText === '') break;
      if ((other.depth ?? 0) <= depth) break;
      children.push(other);
    }
    if (children.length < 2) return false;
    const childDepth = children.reduce((lowest, child) => Math.min(lowest, child.depth ?? 0), Infinity);
    const sums = new ColumnSums(additive.length);
    for (const child of children) if ((child.depth ?? 0) === childDepth && !child.hidden) sums.add(child.numbers);
    const compared = row.numbers.filter((value, column) => value !== null && additive[column]).length;
    if (compared < 2 && !row.bold && sums.rows < 3) return false;
    return sums.rows >= 2 && sums.matches(row.numbers, additive);
  });
}

type RunningSums = Record<'block' | 'blockHidden' | 'all' | 'allHidden' | 'subtotals', ColumnSums>;

function labelIsPlausible(
  row: RowFacts,
  kind: AggregateLabelKind,
  numericCount: number,
  blockRows: (number | null)[][],
  sums: RunningSums,
  additive: boolean[],
  boldIsRare: boolean,
  dataRows: (number | null)[][] = blockRows,
): boolean {
  if (numericCount === 0) return additive.some(Boolean) || (row.unreadSumFormulaCount ?? 0) > 0;
  const sumsAbove = sums.block.matches(row.numbers, additive) || sums.all.matches(row.numbers, additive);
  // Its formulas show how a "Total …" line is computed: products of the rows above (volume × days × rate) are no sum of them.
  const product = row.formulaCount > 0 && (row.productFormulaCount ?? 0) === row.formulaCount;
  if (kind === 'sum' && product) return sumsAbove;
  if (row.formulaCount > 0 || (row.bold && boldIsRare)) return true;
  if (kind === 'sum') {
    if (sumsAbove) return true;
    // Columns that are no amounts (scores) still add up on a "Totals" line with no amount of its own: the sums of its number columns prove it.
    if (!row.numbers.some((value, column) => value !== null && additive[column])) {
      const filled = row.numbers.map((value) => value !== null);
      return sums.block.matches(row.numbers, filled) || sums.all.matches(row.numbers, filled);
    }
    return row.numbers.some((value, column) => {
      if (value === null || !additive[column]) return false;
      return blockRows.every((above) => above[column] === null || Math.abs(above[column] as number) <= Math.abs(value));
    });
  }
  const extreme = EXTREME_LABELS[labelWords(row.leadText).join(' ')];
  if (extreme) {
    // "Max" as a plain row's label may be a name (a rep called Max): without formulas or bold it is the
    // maximum only when one of its numbers is the largest of the data rows above it (the smallest for "Min")
    return row.numbers.some((value, column) => {
      const above = dataRows.map((cells) => cells[column]).filter((cell): cell is number => cell !== null);
      return value !== null && above.length >= 2 && sumsMatch(value, extreme === 'max' ? Math.max(...above) : Math.min(...above));
    });
  }
  if (kind === 'average') {
    // "District average" under five of the district's schools: the population's average, not theirs
    if (isScopeAverageLabel(row.leadText)) return true;
    return row.numbers.some((value, column) => {
      if (value === null) return false;
      const values = blockRows.map((above) => above[column]).filter((cell): cell is number => cell !== null);
      return values.length > 0 && sumsMatch(value, values.reduce((sum, cell) => sum + cell, 0) / values.length);
    });
  }
  return true;
}

/** Summary labels checked against the rows above: the largest or smallest value of a column. */
const EXTREME_LABELS: Record<string, 'max' | 'min'> = { max: 'max', maximum: 'max', min: 'min', minimum: 'min' };

/** Longest run of rows right above an unlabelled row that is tried as its sum. */
const MAX_RUN = 50;

/** True when a named row with numbers comes after `index` (sections aside): the table goes on below it. */
function namedRowFollows(rows: RowFacts[], index: number): boolean {
  for (let below = index + 1; below < rows.length; below++) {
    const next = rows[below];
    if (next.section || next.hidden) continue;
    return next.label !== '' && next.numbers.some((value) => value !== null);
  }
  return false;
}

/**
 * How many rows above `row` its additive numbers are the sums of (0: none; `SUBTOTAL_RUN` when
 * subtotals above corroborate it).
 * @param groupBreak the row has no label and a named row follows it: it closes a group inside the
 *   table, and may sum just the 2 rows of its block
 */
function equalsSumsAbove(row: RowFacts, sums: RunningSums, blockRows: (number | null)[][], additive: boolean[], blankLabel: boolean, groupBreak = false): number {
  const compared = row.numbers.filter((value, column) => value !== null && additive[column]).length;
  if (compared === 0) return 0;
  const minRows = compared === 1 ? 3 : 2;
  // The sum of the subtotals above: a grand total, which those subtotals corroborate.
  if (sums.subtotals.rows >= 2 && sums.subtotals.matches(row.numbers, additive)) return SUBTOTAL_RUN;
  const candidates = [sums.block, sums.all, sums.blockHidden, sums.allHidden];
  const matched = candidates.filter((candidate) => candidate.rows >= minRows && candidate.matches(row.numbers, additive));
  if (matched.length > 0) return Math.max(...matched.map((candidate) => candidate.rows));
  // Numbers alone, equal to the rows since the previous subtotal: the next subtotal of a run of them (the subtotal above is the second sign).
  if (blankLabel && sums.subtotals.rows >= 1 && sums.block.rows >= 2 && sums.block.matches(row.numbers, additive)) return SUBTOTAL_RUN;
  // A nameless number inside the table equal to the two non-zero numbers of its block right above (`A 4`, `B 6`, `, 10`, `C 1`): larger than each, their subtotal.
  if (groupBreak && sums.block.rows === 2 && blockRows.length === 2 && sums.block.matches(row.numbers, additive) && addendsNonZero(row, blockRows, additive)) return 2;
  if (!blankLabel || compared < 2) return 0;
  const run = new ColumnSums(additive.length);
  for (let length = 1; length < Math.min(blockRows.length, MAX_RUN); length++) {
    run.add(blockRows[blockRows.length - length]);
    if (length >= 2 && run.matches(row.numbers, additive)) return length;
  }
  return 0;
}

/** What `equalsSumsAbove` returns for a row summing subtotals, or the rows since a subtotal above: corroborated by them. */
const SUBTOTAL_RUN = Number.MAX_SAFE_INTEGER;

/** True when every additive number of `row` sums rows that are all non-zero in its column. */
function addendsNonZero(row: RowFacts, addends: (number | null)[][], additive: boolean[]): boolean {
  return row.numbers.every((value, column) => value === null || !additive[column] || addends.every((above) => above[column] !== null && above[column] !== 0));
}
