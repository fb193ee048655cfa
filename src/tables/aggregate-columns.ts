/**
 * Flags aggregate columns: a "FY 2024" column that is the sum of Jan…Dec, a pivot's
 * "Grand Total" column, a "Q1" column summing the three months left of it.
 * @module tables/aggregate-columns
 */
import { aggregateLabelKind, labelWords } from './aggregate-labels.js';
import { sumsMatch } from './aggregate-rows.js';
import { periodOf } from './periods.js';

/** A month-like name (Jan, 2025-01) is a base period, never the total of others. */
function isBasePeriod(name: string): boolean {
  return periodOf(name) !== undefined && !/^\s*(q[1-4]|h[1-2]|fy|\d{4}\s*$|[1-4]q)/i.test(name);
}

/** True when a column name announces a row total: Total, Grand Total, Sum, Gesamt, FY 2024, YTD, Year. */
export function isAggregateColumnName(name: string): boolean {
  if (aggregateLabelKind(name) === 'sum') return true;
  const words = labelWords(name);
  if (words.length === 0 || words.length > 4) return false;
  const first = words[0];
  return /^(fy\d*|ytd|year|yearly|annual|jahr|gesamtjahr|ganzjahr|jahressumme|annee|ano|anno)$/.test(first) || (first === 'full' && words[1] === 'year');
}

/** "All", "All regions", "Overall": a label that stands for every column before it. */
const ALL_LABEL = /^(all|overall|combined)\b/i;

/** The name foldHeaderNames gives a column with a blank header. */
const BLANK_HEADER_NAME = /^Column \d+$/;

/**
 * A sign, short of a total label, that a column not named like a total may still be one, so
 * that its arithmetic is worth checking: a label for everything ("All", "Overall"), a coarser
 * period than a month ("Q1", "H1", "2024" after the months), or a blank header after at least
 * two labelled columns (an unlabelled total at the end of the measures). A column with its own
 * label ("Plums" beside "Apples | Pears") is data, whatever its numbers add up to in this sheet:
 * arithmetic alone is a coincidence of the data, not a total (reviewer case: Plums = Apples +
 * Pears in four stores; M3 = M1 + M2 in a sheet of 300 measures).
 */
function hasTotalSign(names: string[], column: number): boolean {
  const name = names[column].trim();
  if (ALL_LABEL.test(name)) return true;
  if (periodOf(name) !== undefined) return !isBasePeriod(name);
  if (!BLANK_HEADER_NAME.test(name)) return false;
  return names.slice(0, column).filter((other) => !BLANK_HEADER_NAME.test(other.trim())).length >= 2;
}

/**
 * Which columns are sums of other columns, decided left to right.
 * A column is an aggregate when it holds row-`SUM` formulas in most rows, or when it carries a
 * sign of a total and, over the data rows, equals the sum of ≥ 2 candidate columns left of it
 * (those since the previous aggregate column, or all non-aggregate ones, or all aggregate ones):
 * in ≥ 60 % of rows for a column named like a total (`isAggregateColumnName`), in every row
 * (≥ 3 rows, one non-zero) for one with a lesser sign (`hasTotalSign`: "All", "Q1", a blank
 * header). Arithmetic alone never makes a total column, nor makes a month one.
 * @param rows data rows (no totals), one number or null per column
 * @param candidate columns that may take part: numeric, additive, not the row label
 * @param rowSumFormulas per column, how many data cells hold a row-`SUM` formula
 */
export function flagAggregateColumns(
  names: string[],
  rows: (number | null)[][],
  candidate: boolean[],
  rowSumFormulas: number[] = [],
): boolean[] {
  const flags = names.map(() => false);
  // The three spans a column may be the sum of, kept as running per-row sums (added left to
  // right, as a loop over the span would): time linear in columns × rows, not quadratic.
  let sinceLastAggregate = emptySpan(rows.length);
  const allBase = emptySpan(rows.length);
  const allAggregates = emptySpan(rows.length);
  for (let column = 0; column < names.length; column++) {
    if (!candidate[column]) continue;
    const named = isAggregateColumnName(names[column]);
    let filled = 0;
    for (const row of rows) if (row[column] !== null) filled++;
    let aggregate = filled > 0 && (rowSumFormulas[column] ?? 0) * 2 >= filled;
    if (!aggregate && (named || hasTotalSign(names, column))) {
      const spans = [sinceLastAggregate, allBase, allAggregates].filter((span) => span.columns >= 2);
      aggregate = spans.some((span) => columnIsSumOf(rows, column, span, named));
    }
    flags[column] = aggregate;
    if (aggregate) {
      addToSpan(allAggregates, rows, column);
      sinceLastAggregate = emptySpan(rows.length);
    } else {
      addToSpan(sinceLastAggregate, rows, column);
      addToSpan(allBase, rows, column);
    }
  }
  return flags;
}

/** Per data row, the sum of a span's numbers and how many it had; `columns` counts the span's columns. */
interface RunningSpan {
  columns: number;
  sums: Float64Array;
  parts: Uint32Array;
}

function emptySpan(rowCount: number): RunningSpan {
  return { columns: 0, sums: new Float64Array(rowCount), parts: new Uint32Array(rowCount) };
}

function addToSpan(span: RunningSpan, rows: (number | null)[][], column: number): void {
  span.columns++;
  for (let r = 0; r < rows.length; r++) {
    const value = rows[r][column];
    if (value === null || value === undefined) continue;
    span.parts[r]++;
    span.sums[r] += value;
  }
}

function columnIsSumOf(rows: (number | null)[][], column: number, span: RunningSpan, named: boolean): boolean {
  let compared = 0;
  let matched = 0;
  let nonZero = false;
  for (let r = 0; r < rows.length; r++) {
    const stated = rows[r][column];
    if (stated === null) continue;
    if (span.parts[r] === 0) continue;
    compared++;
    if (sumsMatch(stated, span.sums[r])) {
      matched++;
      if (stated !== 0) nonZero = true;
    } else if (!named) {
      return false; // an unnamed column must match in every row
    }
  }
  if (!nonZero) return false;
  if (named) return matched >= 1 && matched >= 0.6 * compared;
  return compared >= 3 && matched === compared;
}
