import { describe, expect, it } from 'vitest';
import type { ColumnCard, DetectedTable, StoredValue, TableRow } from './types.js';
import { validateTable } from './validate-table.js';

const cards: ColumnCard[] = [
  { name: 'Branch', sqlName: 'branch', sourceColumn: 0, type: 'text', concept: 'dimension', aggregation: 'none' },
  { name: 'Revenue', sqlName: 'revenue', sourceColumn: 1, type: 'decimal', concept: 'measure', aggregation: 'sum' },
  { name: 'Margin', sqlName: 'margin', sourceColumn: 2, type: 'decimal', concept: 'measure', unit: 'percent', aggregation: 'weighted_avg', weightBy: 'revenue' },
];

function row(sheetRow: number, branch: StoredValue, revenue: StoredValue, margin: StoredValue, isAggregate = false, hidden = false): TableRow {
  return { sheetRow, values: { branch, revenue, margin }, isAggregate, hidden };
}

function table(rows: TableRow[], columns = cards): DetectedTable {
  return {
    sheet: 'Sales', sheetIndex: 0, sheetHidden: false, range: { top: 0, left: 0, bottom: rows.length, right: 2 }, headerRows: 1,
    title: null, label: null, columns, rows, aggregateColumns: [], validation: { outcome: 'unverifiable', checks: [] }, fingerprint: '', notes: [],
  };
}

describe('validateTable', () => {
  it('verifies subtotals, a grand total and a weighted margin', () => {
    const result = validateTable(table([
      row(2, 'Oslo', 100, 0.2),
      row(3, 'Bergen', 300, 0.4),
      row(4, 'Subtotal North', 400, 0.35, true),
      row(5, 'Wien', 50, 0.1),
      row(6, 'Subtotal South', 50, 0.1, true),
      row(7, 'Grand Total', 450, 0.32222222, true),
    ]));
    expect(result.outcome).toBe('verified');
    expect(result.checks.filter((check) => check.kind === 'total')).toHaveLength(6);
  });

  it('fails on a stated total that does not match', () => {
    const result = validateTable(table([row(2, 'Oslo', 100, null), row(3, 'Bergen', 300, null), row(4, 'Total', 401, null, true)]));
    expect(result.outcome).toBe('floor');
    const failed = result.checks.find((check) => !check.ok);
    expect(failed).toMatchObject({ kind: 'total', column: 'Revenue', sheetRow: 4, stated: 401, computed: 400 });
  });

  it('verifies a total printed above its rows by the rows below it, and leaves one that agrees with none unchecked', () => {
    const above = validateTable(table([row(2, 'Total', 400, null, true), row(3, 'Oslo', 100, null), row(4, 'Bergen', 300, null)]));
    expect(above.outcome).toBe('verified');
    expect(above.checks.find((check) => check.kind === 'total')).toMatchObject({ ok: true, sheetRow: 2, stated: 400, computed: 400 });
    const cutOff = validateTable(table([row(2, 'Total', 999, null, true), row(3, 'Oslo', 100, null), row(4, 'Bergen', 300, null)]));
    expect(cutOff.outcome).toBe('unverifiable');
    expect(cutOff.checks.filter((check) => check.kind === 'total')).toHaveLength(0);
    const blocks = validateTable(table([
      row(2, 'North', 400, null, true), row(3, 'Oslo', 100, null), row(4, 'Bergen', 300, null),
      row(5, 'South', 50, null, true), row(6, 'Wien', 50, null), row(7, 'Grand Total', 450, null, true),
    ]));
    expect(blocks.checks.filter((check) => check.kind === 'total').map((check) => [check.sheetRow, check.ok])).toEqual([[2, true], [5, true], [7, true]]);
  });

  it('is unverifiable without totals', () => {
    expect(validateTable(table([row(2, 'Oslo', 100, 0.1), row(3, 'Bergen', 300, 0.2)])).outcome).toBe('unverifiable');
  });

  it('skips average rows and rate columns without a weight', () => {
    const plain = cards.map((card) => (card.name === 'Margin' ? { ...card, aggregation: 'none' as const, weightBy: undefined } : card));
    const result = validateTable(table([row(2, 'Oslo', 100, 0.2), row(3, 'Bergen', 300, 0.4), row(4, 'Average', 200, 0.3, true), row(5, 'Total', 400, 0.9, true)], plain));
    expect(result.outcome).toBe('verified');
    expect(result.checks.filter((check) => check.kind === 'total').map((check) => check.column)).toEqual(['Revenue']);
  });

  it('does not verify a stated total that covers hidden rows left out of the data', () => {
    const result = validateTable(table([row(2, 'Oslo', 100, null), row(3, 'Hidden', 50, null, false, true), row(4, 'Total', 150, null, true)]));
    expect(result.outcome).toBe('floor');
    expect(result.checks.find((check) => !check.ok)?.message).toMatch(/total in row 4 includes 1 hidden rows/);
    const visible = validateTable(table([row(2, 'Oslo', 100, null), row(3, 'Hidden', 50, null, false, true), row(4, 'Total', 100, null, true)]));
    expect(visible.outcome).toBe('verified');
  });

  it('fails when a column with source values came out empty, and when row counts differ', () => {
    const rows = [row(2, 'Oslo', null, null), row(3, 'Bergen', null, null)];
    expect(validateTable(table(rows), { sourceValueCounts: { revenue: 2 } }).checks.find((check) => !check.ok)?.kind).toBe('empty_column');
    expect(validateTable(table(rows), { expectedDataRows: 3 }).outcome).toBe('floor');
    expect(validateTable(table([])).outcome).toBe('floor');
  });

  it('fails a grand average that is not the plain mean of the stated averages above it', () => {
    const columns: ColumnCard[] = [
      { name: 'Day', sqlName: 'branch', sourceColumn: 0, type: 'text', concept: 'dimension', aggregation: 'none' },
      { name: 'Sum of MW', sqlName: 'revenue', sourceColumn: 1, type: 'integer', concept: 'measure', aggregation: 'sum' },
      { name: 'Average of Price', sqlName: 'margin', sourceColumn: 2, type: 'decimal', concept: 'measure', aggregation: 'none', qualifier: 'stated_average' },
    ];
    const rows = [row(2, '1', 100, 1.5), row(3, '2', 300, 2.5), row(4, 'Grand Total', 400, 2.25, true)];
    const failed = validateTable(table(rows, columns));
    expect(failed.outcome).toBe('floor');
    expect(failed.checks.find((check) => !check.ok)?.message).toMatch(/Average of Price row 4: stated 2.25, plain mean .* 2 \(mismatch/);
    expect(validateTable(table([...rows.slice(0, 2), row(4, 'Grand Total', 400, 2, true)], columns)).outcome).toBe('verified');
  });
});
