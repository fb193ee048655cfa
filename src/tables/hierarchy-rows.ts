/**
 * Totals of a hierarchy told by arithmetic alone, without indentation or a total's label: a
 * row that is the sum of the rows right below it (a district over its municipalities, a state
 * over its districts), and a whole level listed beside its parts (the five constituencies at
 * the top of a results sheet that add up to the same as the 440 municipalities below them).
 * Source: official statistics sheets (election results, census tables) that list every level
 * of a code hierarchy in one column of names.
 * @module tables/hierarchy-rows
 */
import type { RowFacts } from './aggregate-rows.js';
import { ColumnSums, sumsMatch } from './column-sums.js';

/** Longest run of rows below a row that is tried as its parts. */
const MAX_PARTS = 2000;

/** Most rows summed over all tries of one table: past it the rest of the table is not read for groups (a sheet of tiny parts under large rows). */
const MAX_STEPS = 2_000_000;

/** Fewest columns, each with a non-zero number, that must agree for arithmetic to count as evidence. */
const MIN_AGREEING_COLUMNS = 2;

/**
 * Fewest significant digits the agreeing numbers must hold together: that 6 = 3 + 3 and
 * 24 = 10 + 14 in one row of orders is chance, and so is 10000 = 5000 + 5000 beside
 * 310000 = 155000 + 155000 in a list of trades in round lots (3 digits: round numbers add up
 * to round numbers all the time); that 75019 and 36919 are the sums of the 47 rows below is not.
 */
const MIN_AGREEING_DIGITS = 6;

/** Significant digits of a number as written: 75019 → 5, 310000 → 2, 2.875 → 4, 0.05 → 1. */
function significantDigits(value: number): number {
  const digits = Math.abs(value).toPrecision(15).replace(/e.*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length;
}

/** A summary level has at most this share of its parts' rows (5 constituencies over 440 municipalities). */
const MAX_LEVEL_SHARE = 1 / 3;

/**
 * Per column, true when `-1` stands for "no value" rather than a number: an additive column
 * whose only negative value is -1, held by at least two rows (a results sheet's "-1" on rows
 * with nothing to report). Such cells are left out of the arithmetic here.
 */
export function minusOneMarksMissing(rows: RowFacts[], additive: boolean[]): boolean[] {
  return additive.map((isAdditive, column) => {
    if (!isAdditive) return false;
    let minusOnes = 0;
    for (const row of rows) {
      const value = row.numbers[column];
      if (value === null || value === undefined || value >= 0) continue;
      if (value !== -1) return false;
      minusOnes++;
    }
    return minusOnes >= 2;
  });
}

function numbersOf(row: RowFacts, missing: boolean[]): (number | null)[] {
  return row.numbers.map((value, column) => (missing[column] && value === -1 ? null : value));
}

/**
 * True when `stated` agrees with `sums` as a level of a hierarchy: at least two additive columns
 * with a non-zero number equal their sums, they are at least two thirds of the columns where
 * `stated` or the parts hold a non-zero number (a column the parts leave empty, or the row
 * leaves empty, disagrees; a zero over parts that sum to more rules the split out), and
 * together they hold `MIN_AGREEING_DIGITS` significant digits (small counts and round lots agree by chance).
 * Looser than `ColumnSums.matches` on purpose: a sheet's code or time-stamp column typed as a
 * number (40400, 40293.74) never adds up, and the exact agreement of two or more count columns
 * is the evidence.
 */
export function agreesAsLevel(stated: (number | null)[], sums: ColumnSums, additive: boolean[]): boolean {
  let compared = 0;
  let agreeing = 0;
  let digits = 0;
  for (let column = 0; column < stated.length; column++) {
    const value = stated[column];
    if (!additive[column]) continue;
    if (value === null) {
      // Parts with numbers in a column the row leaves empty: no sum of them.
      if (sums.seen[column] && sums.totals[column] !== 0) compared++;
      continue;
    }
    // A number over parts that hold none in its column (a task's total beside two months' tasks) disagrees.
    if (!sums.seen[column]) {
      if (value !== 0) compared++;
      continue;
    }
    if (value === 0 && sumsMatch(value, sums.totals[column])) continue; // zeros over zeros say nothing
    if (value === 0) return false;
    compared++;
    if (!sumsMatch(value, sums.totals[column])) continue;
    agreeing++;
    digits += significantDigits(value);
  }
  return agreeing >= MIN_AGREEING_COLUMNS && agreeing * 3 >= compared * 2 && digits >= MIN_AGREEING_DIGITS;
}

/**
 * Rows that head their parts with their sum (`findGroupRows` without indentation): a row with a
 * label whose numbers agree (`agreesAsLevel`) with the sum of the ≥ 2 rows right below it
 * that hold numbers, and whose label names no row outside those (a counterparty that trades
 * again further down is an entity of the list: its 10000 lot equal to the two 5000 lots below is chance). Nested
 * levels are read bottom up: a row found as a group counts as one part of the rows above it, its
 * own parts skipped. Rows already taken (`taken`) and section rows are no group. The run of
 * parts stops once fewer than two of the row's positive count columns can still agree (a
 * column with no negative number only grows), after `MAX_PARTS` rows, and the table's tries
 * after `MAX_STEPS` rows summed in all.
 * @param ends when given, filled per row with the index of a group row's last part (-1 for other rows)
 * @returns per row, true for a group row
 */
export function findGroupsByArithmetic(rows: RowFacts[], additiveColumns: boolean[], taken: boolean[], ends?: number[]): boolean[] {
  const isGroup = rows.map(() => false);
  if (ends) rows.forEach((_, index) => (ends[index] = -1));
  // hours and pay at one rate, tickets and revenue at one price: a column in proportion to another adds up with it, no second evidence
  const additive = withoutProportional(rows, additiveColumns);
  if (rows.length < 3 || additive.filter(Boolean).length < MIN_AGREEING_COLUMNS) return isGroup;
  const missing = minusOneMarksMissing(rows, additive);
  const numbers = rows.map((row) => numbersOf(row, missing));
  const nonNegative = additive.map((isAdditive, column) => isAdditive && numbers.every((values) => (values[column] ?? 0) >= 0));
  const partsEnd = rows.map(() => -1);
  // Rows of each label: a label that names other rows too is an entity of the list (a counterparty
  // trading again), not a group over the rows below it.
  const rowsOfLabel = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const label = row.leadText.trim().toLowerCase();
    if (label === '') return;
    const list = rowsOfLabel.get(label);
    if (list === undefined) rowsOfLabel.set(label, [index]);
    else list.push(index);
  });
  const sums = new ColumnSums(additive.length);
  let steps = 0;
  for (let index = rows.length - 3; index >= 0 && steps < MAX_STEPS; index--) {
    const row = rows[index];
    if (taken[index] || row.section || row.hidden || row.leadText === '') continue;
    const stated = numbers[index];
    const bounded = stated.map((value, column) => value !== null && value > 0 && nonNegative[column]);
    let open = bounded.filter(Boolean).length;
    if (open < MIN_AGREEING_COLUMNS) continue;
    sums.clear();
    // Parts holding a number in an additive column: a row of blanks under the row is no second part.
    let numbered = 0;
    let below = index + 1;
    while (below < rows.length && below - index <= MAX_PARTS) {
      const part = rows[below];
      if (!part.section && !part.hidden) {
        sums.add(numbers[below]);
        if (numbers[below].some((value, column) => value !== null && additive[column])) numbered++;
      }
      steps++;
      below = partsEnd[below] >= 0 ? partsEnd[below] + 1 : below + 1;
      // A column of counts only grows: once its sum passes the stated number it can never agree.
      for (let column = 0; column < bounded.length; column++) {
        if (!bounded[column] || sums.totals[column] <= (stated[column] as number) || sumsMatch(stated[column] as number, sums.totals[column])) continue;
        bounded[column] = false;
        open--;
      }
      if (open < MIN_AGREEING_COLUMNS) break;
      if (numbered >= 2 && agreesAsLevel(stated, sums, additive)) {
        const last = below - 1;
        const namesOthers = (rowsOfLabel.get(row.leadText.trim().toLowerCase()) ?? []).some((other) => other < index || other > last);
        if (!namesOthers) {
          isGroup[index] = true;
          partsEnd[index] = last;
        }
        break;
      }
    }
  }
  if (ends) rows.forEach((_, index) => (ends[index] = isGroup[index] ? partsEnd[index] : -1));
  return isGroup;
}

/**
 * `additive` without the columns that are a fixed multiple of an earlier additive column on every
 * row holding both (three rows or more): Pay = 25 × Hours adds up wherever Hours does, so the
 * two agreeing is one piece of evidence, not two.
 */
function withoutProportional(rows: RowFacts[], additive: boolean[]): boolean[] {
  const kept = [...additive];
  for (let column = 0; column < additive.length; column++) {
    if (!additive[column]) continue;
    for (let earlier = 0; earlier < column; earlier++) {
      if (!kept[earlier]) continue;
      let ratio: number | undefined;
      let pairs = 0;
      let proportional = true;
      for (const row of rows) {
        const [a, b] = [row.numbers[earlier], row.numbers[column]];
        if (a === null || b === null || a === 0 || b === 0) continue;
        pairs++;
        ratio ??= b / a;
        if (Math.abs(b / a - ratio) > 1e-9 * Math.abs(ratio)) {
          proportional = false;
          break;
        }
      }
      if (proportional && pairs >= 3) {
        kept[column] = false;
        break;
      }
    }
  }
  return kept;
}

/** True when the rows summed in `first` agree as a level with the rest of `whole` (`rest` is overwritten). */
function splitAgrees(first: ColumnSums, whole: ColumnSums, rest: ColumnSums, additive: boolean[]): boolean {
  rest.rows = whole.rows - first.rows;
  for (let column = 0; column < additive.length; column++) {
    rest.totals[column] = whole.totals[column] - first.totals[column];
    rest.seen[column] = whole.seen[column];
  }
  const stated = first.totals.map((total, column) => (first.seen[column] ? total : null));
  return agreesAsLevel(stated, rest, additive);
}

/**
 * A whole level of a hierarchy listed beside its parts: the data rows (not `isAggregate`, not
 * hidden or sections), in order, split into a first and a second part that add up to the same
 * (`agreesAsLevel`), the shorter part at most a third as long as the longer one and ≥ 2 rows.
 * The shorter part is the summary level (constituencies beside their municipalities): its rows
 * are returned as aggregates; a first part takes along the rows right after it while the split
 * still agrees (its "no value" rows). Totals of a balance sheet (assets equal liabilities and equity)
 * are no match: their two sides are of like length.
 * @returns per row, true for a row of the summary level
 */
export function findParallelLevel(rows: RowFacts[], additive: boolean[], isAggregate: boolean[]): boolean[] {
  const level = rows.map(() => false);
  const data: number[] = [];
  rows.forEach((row, index) => {
    if (!isAggregate[index] && !row.section && !row.hidden && row.numbers.some((value) => value !== null)) data.push(index);
  });
  if (data.length < 8 || additive.filter(Boolean).length < MIN_AGREEING_COLUMNS) return level;
  const missing = minusOneMarksMissing(data.map((index) => rows[index]), additive);
  const numbers = data.map((index) => numbersOf(rows[index], missing));
  const whole = new ColumnSums(additive.length);
  for (const values of numbers) whole.add(values);
  const first = new ColumnSums(additive.length);
  const rest = new ColumnSums(additive.length);
  let found = -1;
  for (let split = 1; split < data.length; split++) {
    first.add(numbers[split - 1]);
    const shorter = Math.min(split, data.length - split);
    const agrees = shorter >= 2 && shorter <= MAX_LEVEL_SHARE * (data.length - shorter) && splitAgrees(first, whole, rest, additive);
    if (agrees) found = split;
    // The first part is the summary: rows of zeros or "no value" right after it still belong to it.
    if (found >= 0 && (!agrees || found * 2 > data.length)) break;
  }
  if (found < 0) return level;
  const summary = found * 2 <= data.length ? data.slice(0, found) : data.slice(found);
  for (const index of summary) level[index] = true;
  return level;
}

/** Fewest subtotals, each over ≥ 2 rows, that make a run of unlabelled subtotals evidence by arithmetic alone. */
const MIN_GROUP_SUBTOTALS = 2;

/**
 * Subtotals under their groups without a total's label (an accounts-receivable list: "Acme,
 * INV-1, 100 / Acme, INV-2, 250 / Acme, , 350"): rows whose identifier cell is blank, where the
 * identifier is a label column that every other row fills with a value of its own (an invoice
 * number, a team). Each such row must hold, in every additive column it fills, the sum of the
 * rows since the previous one (the rows of its group: any other label it shows, "Acme", is theirs
 * too), or, right after other subtotals, their sum (a grand total). The pattern must hold for
 * every blank-identifier row of the table, and at least `MIN_GROUP_SUBTOTALS` of them must sum
 * ≥ 2 rows each; one subtotal over ≥ 2 rows suffices when every such row is bold among plain
 * rows or holds formulas over its column. An analyst reads a row with no invoice number whose
 * amount is its customer's invoices added up as that customer's subtotal, not as an invoice;
 * one such coincidence is chance, a rule kept down the whole list is not.
 * @returns per row, true for a subtotal or grand total row found so
 */
export function findBlankIdentifierSubtotals(rows: RowFacts[], additive: boolean[]): boolean[] {
  const none = rows.map(() => false);
  const width = additive.length;
  if (rows.length < 4 || !additive.some(Boolean)) return none;
  const body: number[] = [];
  rows.forEach((row, index) => {
    if (!row.section && !row.hidden && row.numbers.some((value, column) => value !== null && additive[column])) body.push(index);
  });
  for (let column = 0; column < width; column++) {
    if (additive[column]) continue;
    const blanks = new Set(body.filter((index) => (rows[index].labelCells?.[column] ?? '') === ''));
    const filled = body.filter((index) => !blanks.has(index)).map((index) => rows[index].labelCells?.[column] as string);
    if (blanks.size === 0 || filled.length < 2 || new Set(filled).size !== filled.length) continue;
    const found = subtotalPatternHolds(rows, body, blanks, additive, column);
    if (found !== null) return found;
  }
  return none;
}

function subtotalPatternHolds(rows: RowFacts[], body: number[], blanks: Set<number>, additive: boolean[], identifier: number): boolean[] | null {
  const width = additive.length;
  const group = new ColumnSums(width);
  const subtotals = new ColumnSums(width);
  let groupStart = 0;
  let overRows = 0;
  for (let position = 0; position < body.length; position++) {
    const index = body[position];
    const row = rows[index];
    if (!blanks.has(index)) {
      if (group.rows === 0) groupStart = position;
      group.add(row.numbers);
      continue;
    }
    if (group.rows > 0) {
      if (!group.matches(row.numbers, additive) || !sharesGroupLabels(rows, body.slice(groupStart, position), row, identifier)) return null;
      if (group.rows >= 2) overRows++;
      subtotals.add(row.numbers);
    } else {
      // A total right under subtotals adds them up (a grand total); anything else breaks the rule.
      if (subtotals.rows < 2 || !subtotals.matches(row.numbers, additive)) return null;
      subtotals.clear();
    }
    group.clear();
  }
  const flagged = rows.map((_, index) => blanks.has(index));
  if (overRows >= MIN_GROUP_SUBTOTALS) return flagged;
  const others = body.filter((index) => !blanks.has(index));
  const marked = [...blanks].every((index) => rows[index].bold || rows[index].formulaCount > 0) && others.every((index) => !rows[index].bold);
  return overRows >= 1 && marked ? flagged : null;
}

/** True when every label `subtotal` shows (other than in the identifier column) is the same on each row of its group. */
function sharesGroupLabels(rows: RowFacts[], group: number[], subtotal: RowFacts, identifier: number): boolean {
  const labels = subtotal.labelCells ?? [];
  return labels.every((text, column) => column === identifier || text === '' || group.every((index) => rows[index].labelCells?.[column] === text));
}
