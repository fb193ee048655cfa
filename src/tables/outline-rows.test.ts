import { describe, expect, it } from 'vitest';
import { gridOf } from './__fixtures__/grid-builder.js';
import { flagAggregateRows, type RowFacts } from './aggregate-rows.js';
import { buildTable } from './build-table.js';
import { detectTableRegions } from './detect-tables.js';
import { findOutlineTotals } from './outline-rows.js';

function row(label: string, numbers: (number | null)[], outlineLevel: number, extra: Partial<RowFacts> = {}): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false, outlineLevel, ...extra };
}

const additive = [false, true, true];

/** A desk report grouped in Excel: deals one level deeper than their desk's line below them, desks one deeper than the region's. */
function deskReport(): RowFacts[] {
  return [
    row('Deal 1', [null, 10, 100], 2),
    row('Deal 2', [null, 20, 200], 2),
    row('Gas Desk', [null, 30, 300], 1),
    row('Deal 3', [null, 5, 50], 2),
    row('Deal 4', [null, 7, 70], 2, { hidden: true }),
    row('Power Desk', [null, 12, 120], 1),
    row('West Region', [null, 42, 420], 0),
  ];
}

describe('findOutlineTotals', () => {
  it('finds the rows that close a group of deeper rows and equal their sums, nested groups summed by their subtotals', () => {
    expect(findOutlineTotals(deskReport(), additive, true)).toEqual([false, false, true, false, false, true, true]);
  });

  it('takes no row whose numbers are not the sums of its group, or whose group holds one row', () => {
    const rows = [row('Deal 1', [null, 10, 100], 1), row('Deal 2', [null, 20, 200], 1), row('Gas Desk', [null, 31, 300], 0), row('Deal 3', [null, 5, 50], 1), row('Power Desk', [null, 5, 50], 0)];
    expect(findOutlineTotals(rows, additive, true)).toEqual([false, false, false, false, false]);
  });

  it('reads the summary row above its group when the sheet puts summaries above', () => {
    const rows = [row('Gas Desk', [null, 30, 300], 0), row('Deal 1', [null, 10, 100], 1), row('Deal 2', [null, 20, 200], 1)];
    expect(findOutlineTotals(rows, additive, false)).toEqual([true, false, false]);
    expect(findOutlineTotals(rows, additive, true)).toEqual([false, false, false]);
  });
});

describe('flagAggregateRows with the sheet outline', () => {
  it('flags the lines closing outline groups as sums, though their labels name desks and they hold no formula', () => {
    const flags = flagAggregateRows(deskReport(), additive);
    expect(flags.isAggregate).toEqual([false, false, true, false, false, true, true]);
    expect(flags.kinds[2]).toBe('sum');
    // The same rows without an outline read as data: nothing marks "Gas Desk" as a total.
    const flat = deskReport().map((facts) => ({ ...facts, outlineLevel: 0 }));
    expect(flagAggregateRows(flat, additive).isAggregate.slice(0, 3)).toEqual([false, false, false]);
  });

  it('flags a summary row above its group as a group row', () => {
    const rows = [row('Gas Desk', [null, 30, 300], 0), row('Deal 1', [null, 10, 100], 1), row('Deal 2', [null, 20, 200], 1)];
    const flags = flagAggregateRows(rows, additive, [], false);
    expect(flags.isAggregate).toEqual([true, false, false]);
    expect(flags.kinds[0]).toBe('group');
  });
});

describe('buildTable with the sheet outline', () => {
  it('keeps the desk lines that close outline groups out of the data rows', () => {
    const cells = [['Deal', 'MW', 'Amount'], ['Deal 1', 10, 100], ['Deal 2', 20, 200], ['Gas Desk', 30, 300], ['Deal 3', 5, 50], ['Deal 4', 7, 70], ['Power Desk', 12, 120]];
    const grid = { ...gridOf(cells), rowOutlineLevels: [0, 1, 1, 0, 1, 1, 0], outlineSummaryBelow: true };
    const [region] = detectTableRegions(grid, { decimalSeparator: '.', format: 'xlsx' }).regions;
    const table = buildTable(grid, region, { sheet: 'Desks', sheetIndex: 0, sheetHidden: false, decimalSeparator: '.' });
    expect(table.rows.filter((tableRow) => tableRow.isAggregate).map((tableRow) => tableRow.sheetRow)).toEqual([4, 7]);
  });
});
