/**
 * The validation gate: stated totals checked against the data rows they cover, the data
 * row count, and columns that came out empty though the source had values.
 * Outcome `verified` when at least one total was checked and every check passed,
 * `floor` when any check failed, `unverifiable` when there was nothing to check.
 * @module tables/validate-table
 */
import { aggregateLabelKind } from './aggregate-labels.js';
import { sumsMatch } from './aggregate-rows.js';
import type { ColumnCard, DetectedTable, StoredValue, TableRow, Validation, ValidationCheck } from './types.js';

/** Facts about the source that the table alone does not hold. */
export interface ValidationEvidence {
  /** Per column sqlName: non-blank source cells over the data rows. */
  sourceValueCounts?: Record<string, number>;
  /** Data rows the source holds once totals, hidden rows and section headings are removed. */
  expectedDataRows?: number;
  /** Per position in `table.rows`: the summary kind of an aggregate row (`sum`, `average`, `other`). */
  aggregateKinds?: Record<number, string>;
}

/**
 * Runs the gate over a table.
 * Totals: each `sum` aggregate row, per additive column by name, against the data rows it
 * covers (those since the previous total, else all above, else the subtotals above; a total printed
 * above every data row covers the rows below it, up to the next total, else all below, and one
 * that agrees with no column there is not checked, since it may close rows cut off above), within
 * 1e-6 relative or 0.005 absolute. A `weighted_avg` column is checked as Σ(x·w)/Σw; a column of
 * stated averages (qualifier `stated_average`, "Average of Price") against the plain mean of the
 * rows, so a grand average that disagrees fails the gate; other rates and averages are skipped. Average and other summary rows are not checked.
 */
export function validateTable(table: DetectedTable, evidence: ValidationEvidence = {}): Validation {
  const checks: ValidationCheck[] = [...totalChecks(table, evidence), ...rowCountChecks(table, evidence), ...emptyColumnChecks(table, evidence)];
  const failed = checks.some((check) => !check.ok);
  const totals = checks.some((check) => check.kind === 'total');
  return { outcome: failed ? 'floor' : totals ? 'verified' : 'unverifiable', checks };
}

function numberIn(row: TableRow, card: ColumnCard): number | null {
  const value = row.values[card.sqlName];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function rowLabel(row: TableRow, cards: ColumnCard[]): string {
  for (const card of cards) {
    const value: StoredValue | undefined = row.values[card.sqlName];
    if (typeof value === 'string' && value.trim() !== '' && card.derived === undefined) return value;
  }
  return '';
}

interface Coverage {
  rows: TableRow[];
  description: string;
}

function totalChecks(table: DetectedTable, evidence: ValidationEvidence): ValidationCheck[] {
  const additive = table.columns.filter((card) => card.derived === undefined && card.concept === 'measure' && card.aggregation === 'sum');
  const weighted = table.columns.filter((card) => card.derived === undefined && card.aggregation === 'weighted_avg' && card.weightBy !== undefined);
  // A stated average per row ("Average of Price") under a grand total: its plain mean must say what the total row says.
  const averages = table.columns.filter((card) => card.derived === undefined && card.qualifier === 'stated_average');
  if (additive.length === 0 && weighted.length === 0 && averages.length === 0) return [];
  const checks: ValidationCheck[] = [];
  let blockStart = 0;
  let totalsAbove = false;
  table.rows.forEach((row, position) => {
    if (!row.isAggregate) return;
    const kind = evidence.aggregateKinds?.[position] ?? aggregateLabelKind(rowLabel(row, table.columns)) ?? 'sum';
    const start = blockStart;
    blockStart = position + 1;
    if (kind !== 'sum') return;
    const above = coveragesFor(table.rows, position, start, evidence);
    // A total printed above its rows (a summary line under the header) covers the rows below it.
    // Once one is verified that way, the table's later totals may head their blocks too.
    const printedAbove = above.length === 0;
    const coverages = printedAbove ? coveragesBelow(table.rows, position) : totalsAbove ? [...coveragesBelow(table.rows, position), ...above] : above;
    const compared = [...additive, ...weighted, ...averages].filter((card) => numberIn(row, card) !== null);
    if (compared.length === 0 || coverages.length === 0) return;
    let best = coverages[0];
    let bestMatches = -1;
    for (const coverage of coverages) {
      const matches = compared.filter((card) => checkColumn(table, row, card, coverage.rows).ok).length;
      if (matches > bestMatches) {
        best = coverage;
        bestMatches = matches;
      }
      if (matches === compared.length) break;
    }
    // One that agrees with no column below may close rows cut off above the table: not checked.
    if (printedAbove && bestMatches === 0) return;
    if (printedAbove) totalsAbove = true;
    for (const card of compared) {
      const result = checkColumn(table, row, card, best.rows);
      if (result.computed === null) continue;
      // A stated total that only matches with hidden rows counts data the table leaves out.
      const hidden = best.rows.filter((other) => other.hidden && numberIn(other, card) !== null).length;
      const coversHidden = result.ok && hidden > 0;
      checks.push({
        kind: 'total',
        ok: result.ok && !coversHidden,
        column: card.name,
        sheetRow: row.sheetRow,
        stated: result.stated,
        computed: result.computed,
        message: coversHidden
          ? `${card.name}: total in row ${row.sheetRow} includes ${hidden} hidden rows that are left out of the data (stated ${result.stated}, visible rows alone do not add up to it)`
          : `${card.name} row ${row.sheetRow}: stated ${result.stated}, ${card.aggregation === 'weighted_avg' ? 'weighted average' : card.qualifier === 'stated_average' ? 'plain mean' : 'sum'} of ${best.description} ${result.computed}${result.ok ? '' : card.qualifier === 'stated_average' ? ' (mismatch: the mean of the averages is not the average stated)' : ' (mismatch)'}`,
      });
    }
  });
  return checks;
}

function coveragesFor(rows: TableRow[], position: number, blockStart: number, evidence: ValidationEvidence): Coverage[] {
  const data = (from: number, withHidden: boolean) => rows.slice(from, position).filter((row) => !row.isAggregate && (withHidden || !row.hidden));
  const subtotals = rows.slice(0, position).filter((row, index) => row.isAggregate && (evidence.aggregateKinds?.[index] ?? 'sum') === 'sum');
  const candidates: Coverage[] = [
    { rows: data(blockStart, false), description: `the ${data(blockStart, false).length} rows since the previous total` },
    { rows: data(0, false), description: `all ${data(0, false).length} data rows above` },
    { rows: subtotals, description: `the ${subtotals.length} subtotals above` },
    { rows: data(blockStart, true), description: 'the rows since the previous total, hidden rows included' },
    { rows: data(0, true), description: 'all rows above, hidden rows included' },
  ];
  return candidates.filter((candidate, index) => candidate.rows.length > 0 && (index !== 2 || candidate.rows.length >= 2));
}

/** Rows below a total that has none above it: up to the next aggregate row, else all data rows below. */
function coveragesBelow(rows: TableRow[], position: number): Coverage[] {
  const below = rows.slice(position + 1);
  const next = below.findIndex((row) => row.isAggregate);
  const block = (next < 0 ? below : below.slice(0, next)).filter((row) => !row.isAggregate && !row.hidden);
  const all = below.filter((row) => !row.isAggregate && !row.hidden);
  const candidates: Coverage[] = [
    { rows: block, description: `the ${block.length} rows below it, up to the next total` },
    { rows: all, description: `all ${all.length} data rows below it` },
  ];
  return candidates.filter((candidate) => candidate.rows.length > 0);
}

function checkColumn(table: DetectedTable, row: TableRow, card: ColumnCard, covered: TableRow[]): { ok: boolean; stated: number; computed: number | null } {
  const stated = numberIn(row, card) as number;
  if (card.aggregation === 'weighted_avg') {
    const weightCard = table.columns.find((other) => other.sqlName === card.weightBy);
    if (weightCard === undefined) return { ok: true, stated, computed: null };
    let numerator = 0;
    let denominator = 0;
    for (const other of covered) {
      const value = numberIn(other, card);
      const weight = numberIn(other, weightCard);
      if (value === null || weight === null) continue;
      numerator += value * weight;
      denominator += weight;
    }
    if (denominator === 0) return { ok: true, stated, computed: null };
    const computed = numerator / denominator;
    const tolerance = Math.max(1e-6 * Math.abs(computed), 0.5 * Math.pow(10, -decimalsOf(stated)));
    return { ok: Math.abs(stated - computed) <= tolerance, stated, computed };
  }
  if (card.qualifier === 'stated_average') return checkPlainMean(row, card, covered);
  let computed = 0;
  let seen = false;
  for (const other of covered) {
    const value = numberIn(other, card);
    if (value === null) continue;
    computed += value;
    seen = true;
  }
  if (!seen) return { ok: false, stated, computed: 0 };
  return { ok: sumsMatch(stated, computed), stated, computed };
}

/** A stated average against the plain mean of the averages it covers, within the rounding the stated number shows. */
function checkPlainMean(row: TableRow, card: ColumnCard, covered: TableRow[]): { ok: boolean; stated: number; computed: number | null } {
  const stated = numberIn(row, card) as number;
  const values = covered.map((other) => numberIn(other, card)).filter((value): value is number => value !== null);
  if (values.length === 0) return { ok: true, stated, computed: null };
  const computed = values.reduce((sum, value) => sum + value, 0) / values.length;
  const tolerance = Math.max(1e-6 * Math.abs(computed), 0.5 * Math.pow(10, -decimalsOf(stated)));
  return { ok: Math.abs(stated - computed) <= tolerance, stated, computed };
}

/** Decimal places a stated number shows (a weighted average is often stored rounded). */
function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 || text.includes('e') ? 0 : Math.min(10, text.length - dot - 1);
}

function rowCountChecks(table: DetectedTable, evidence: ValidationEvidence): ValidationCheck[] {
  const actual = table.rows.filter((row) => !row.isAggregate && !row.hidden).length;
  const expected = evidence.expectedDataRows ?? actual;
  const ok = actual === expected && actual > 0;
  const aggregates = table.rows.filter((row) => row.isAggregate).length;
  const message = actual === 0
    ? 'no data rows'
    : `${actual} data rows stored, ${expected} in the source after removing ${aggregates} total rows${ok ? '' : ' (mismatch)'}`;
  return [{ kind: 'row_count', ok, stated: expected, computed: actual, message }];
}

function emptyColumnChecks(table: DetectedTable, evidence: ValidationEvidence): ValidationCheck[] {
  if (evidence.sourceValueCounts === undefined) return [];
  const data = table.rows.filter((row) => !row.isAggregate && !row.hidden);
  const checks: ValidationCheck[] = [];
  for (const card of table.columns) {
    if (card.derived !== undefined) continue;
    const source = evidence.sourceValueCounts[card.sqlName] ?? 0;
    if (source === 0) continue;
    if (data.some((row) => row.values[card.sqlName] !== null && row.values[card.sqlName] !== undefined)) continue;
    checks.push({ kind: 'empty_column', ok: false, column: card.name, stated: source, computed: 0, message: `${card.name}: ${source} values in the source, none could be read as ${card.type}` });
  }
  return checks;
}
