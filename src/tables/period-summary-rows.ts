/**
 * Summary lines under a run of periods: a statistics release lists months, then "Latest three
 * months", "Year to date", "Latest 12 months", each with a "% change from year earlier", in the
 * same columns. They sum some of the months, or compare them; they are no month, and adding
 * them to the months counts each visit twice (or adds a percentage to thousands).
 * @module tables/period-summary-rows
 */
import type { Cell } from '../extract/grid.js';
import { aggregateLabelKind, labelWords, type AggregateLabelKind } from './aggregate-labels.js';
import type { AggregateKind } from './aggregate-rows.js';
import { isMonthName, periodOf } from './periods.js';

/** Fewest rows holding a period for a column to be the table's period column. */
const MIN_PERIOD_ROWS = 3;

const COUNT_WORDS = new Set(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fifty', 'fiftytwo']);
const UNIT_WORDS = new Set(['day', 'days', 'week', 'weeks', 'month', 'months', 'quarter', 'quarters', 'year', 'years', 'period', 'periods']);
const SPAN_WORDS = new Set(['latest', 'last', 'past', 'previous', 'prior', 'rolling', 'trailing', 'moving', 'next', 'first']);
/** Whole phrases of a summary over periods: "Year to date", "YTD", "Moving annual total". */
const SUMMARY_PHRASES = ['year to date', 'month to date', 'quarter to date', 'financial year to date', 'fiscal year to date', 'calendar year to date', 'moving annual total', 'annual total', 'full year'];
const SHORT_FORMS = new Set(['ytd', 'mtd', 'qtd', 'fytd', 'mat', 'ltm', 'ttm', 'l12m', 'r12m']);
/** Words of a comparison line: "% change from year earlier", "Change on previous year", "Growth". */
const CHANGE_WORDS = new Set(['change', 'changes', 'growth', 'difference', 'variance', 'increase', 'decrease']);

/**
 * True when a label reads as a summary over periods rather than a period or an item:
 * "Latest three months", "Last 12 months", "Year to date", "YTD", "% change from year earlier",
 * "Change on year", "Average", "Total". False for "March", "2015", "Holiday".
 */
export function isPeriodSummaryLabel(label: string): boolean {
  if (label.trim() === '') return false;
  if (aggregateLabelKind(label) !== null) return true;
  if (label.includes('%')) return true;
  const words = labelWords(label);
  if (words.length === 0 || words.length > 10) return false;
  const joined = words.join(' ');
  if (SUMMARY_PHRASES.some((phrase) => joined === phrase || joined.startsWith(`${phrase} `))) return true;
  if (words.some((word) => SHORT_FORMS.has(word))) return true;
  if (words.some((word) => CHANGE_WORDS.has(word))) return true;
  // "Latest three months", "Last 12 months", "Rolling 12-month", "Past 3 years".
  for (let index = 0; index + 1 < words.length; index++) {
    if (!SPAN_WORDS.has(words[index])) continue;
    const count = words[index + 1];
    const unit = words[index + 2] ?? '';
    if ((/^\d{1,3}$/.test(count) || COUNT_WORDS.has(count)) && UNIT_WORDS.has(unit)) return true;
    if (/^\d{1,3}$/.test(count) && unit === 'm') return true;
  }
  return false;
}

/** True when a cell names a period: a date, a month name ("Jan", "June¹"), a quarter, a year-month ("2025-01"). */
export function isPeriodCell(cell: Cell | null | undefined): boolean {
  if (cell === null || cell === undefined) return false;
  if (cell.value instanceof Date) return true;
  if (typeof cell.value !== 'string') return false;
  const text = cell.value.trim();
  if (text === '' || /^\d+$/.test(text)) return false;
  return isMonthName(text) || periodOf(text) !== undefined;
}

/**
 * The table's period column: the first column that is not numeric and holds a period
 * (`isPeriodCell`) in ≥ 3 rows and in at least half the rows with numbers. -1 when none.
 * @param rows per body row, its cells (one per table column) and whether it holds a number
 */
export function findPeriodColumn(rows: { cells: (Cell | null)[]; hasNumbers: boolean }[], numericColumns: boolean[]): number {
  const withNumbers = rows.filter((row) => row.hasNumbers).length;
  for (let column = 0; column < numericColumns.length; column++) {
    if (numericColumns[column]) continue;
    let periods = 0;
    for (const row of rows) if (isPeriodCell(row.cells[column])) periods++;
    if (periods >= MIN_PERIOD_ROWS && periods * 2 >= withNumbers) return column;
  }
  return -1;
}

/** What the pass needs to know about one body row. */
export interface PeriodRowFacts {
  /** First non-blank text cell of the row ('' if none). */
  leadText: string;
  /** The row's cell in the period column names a period. */
  period: boolean;
  /** The row's cell in the period column is blank. */
  periodBlank: boolean;
  /** A section heading row: neither data nor summary. */
  section: boolean;
}

/**
 * Flags, in place, the summary lines below a table's run of period rows: after the last row
 * naming a period (of ≥ 3), the rows whose period cell is blank and whose label reads as a
 * summary over periods (`isPeriodSummaryLabel`: "Latest three months", "Year to date",
 * "% change from year earlier", "Average", "Total"), with the unlabelled rows among and after
 * them. A row with another label ends the search. Rows already flagged keep their kind; the
 * others get kind `other` (a part-sum or a rate: never checked as a total of the table, so the
 * table is not called verified on their account), or the kind their total's label says.
 * Source: ONS travel and tourism releases (OTT Table 2), where these lines follow the months
 * in the same columns with no blank row between.
 */
export function flagPeriodSummaryRows(rows: PeriodRowFacts[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  let periodRows = 0;
  let last = -1;
  rows.forEach((row, index) => {
    if (!row.period) return;
    periodRows++;
    last = index;
  });
  if (periodRows < MIN_PERIOD_ROWS) return;
  const pending: number[] = [];
  let found = false;
  for (let index = last + 1; index < rows.length; index++) {
    const row = rows[index];
    if (row.section) continue;
    if (!row.periodBlank) break;
    if (row.leadText === '') {
      pending.push(index);
      continue;
    }
    if (!isPeriodSummaryLabel(row.leadText)) break;
    found = true;
    pending.push(index);
  }
  if (!found) return;
  for (const index of pending) {
    if (isAggregate[index]) continue;
    isAggregate[index] = true;
    const labelKind: AggregateLabelKind | null = aggregateLabelKind(rows[index].leadText);
    kinds[index] = labelKind === 'average' ? 'average' : 'other';
  }
}
