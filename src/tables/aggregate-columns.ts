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

/**
 * Which columns are sums of other columns, decided left to right.
 * A column is an aggregate when, over the data rows, it equals the sum of ≥ 2 candidate
 * columns left of it (those since the previous aggregate column, or all non-aggregate ones,
 * or all aggregate ones): in every row for an unnamed column (≥ 3 rows, one non-zero; never
 * a month), in
 * ≥ 60 % of rows for a named one (`isAggregateColumnName`), or when a named one holds
 * row-`SUM` formulas in most rows.
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
  let lastAggregate = -1;
  for (let column = 0; column < names.length; column++) {
    if (!candidate[column]) continue;
    const named = isAggregateColumnName(names[column]);
    const filled = rows.filter((row) => row[column] !== null).length;
    if (named && filled > 0 && (rowSumFormulas[column] ?? 0) * 2 >= filled) {
      flags[column] = true;
      lastAggregate = column;
      continue;
    }
    const left = (from: number, aggregates: boolean) => {
      const picked: number[] = [];
      for (let other = from; other < column; other++) {
        if (candidate[other] && flags[other] === aggregates) picked.push(other);
      }
      return picked;
    };
    if (!named && isBasePeriod(names[column])) continue;
    const spans = [left(lastAggregate + 1, false), left(0, false), left(0, true)].filter((span) => span.length >= 2);
    if (spans.some((span) => columnIsSumOf(rows, column, span, named))) {
      flags[column] = true;
      lastAggregate = column;
    }
  }
  return flags;
}

function columnIsSumOf(rows: (number | null)[][], column: number, span: number[], named: boolean): boolean {
  let compared = 0;
  let matched = 0;
  let nonZero = false;
  for (const row of rows) {
    const stated = row[column];
    if (stated === null) continue;
    let parts = 0;
    let sum = 0;
    for (const other of span) {
      const value = row[other];
      if (value === null) continue;
      parts++;
      sum += value;
    }
    if (parts === 0) continue;
    compared++;
    if (sumsMatch(stated, sum)) {
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
