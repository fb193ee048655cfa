import { describe, expect, it } from 'vitest';
import { flagAggregateRows, type RowFacts } from './aggregate-rows.js';
import { formulaRowReferences } from './rows-from-totals.js';

function row(label: string, numbers: (number | null)[], sheetRow: number, extra: Partial<RowFacts> = {}): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false, sheetRow, ...extra };
}

const additive = [false, true];

describe('formulaRowReferences', () => {
  it('reads the sheet rows a formula refers to on its own sheet', () => {
    expect(formulaRowReferences('C5-600')).toEqual([4]);
    expect(formulaRowReferences('SUM($C$2:C4)')).toEqual([1, 3]);
    expect(formulaRowReferences('Data!C5+B$7')).toEqual([6]);
    expect(formulaRowReferences("'P&L'!C5*2")).toEqual([]);
    expect(formulaRowReferences('LOG10(100)+"A1"')).toEqual([]);
  });
});

describe('flagRowsFromTotals', () => {
  it('flags a check line computed from the total above it (=C5-600 under the total in C5)', () => {
    const rows = [
      row('T1', [null, 100], 1),
      row('T2', [null, 200], 2),
      row('T3', [null, 300], 3),
      row('Total', [null, 600], 4, { formulaCount: 1, columnSumFormulaCount: 1, formulaRowReferences: [[1, 3]] }),
      row('Check', [null, 0], 5, { formulaCount: 1, formulaRowReferences: [[4]] }),
    ];
    const flags = flagAggregateRows(rows, additive);
    expect(flags.isAggregate).toEqual([false, false, false, true, true]);
    expect(flags.kinds[4]).toBe('other');
  });

  it('keeps rows with typed-in numbers beside a share of the total, and rows computed from data rows, as data', () => {
    const rows = [
      row('A', [null, 100, 0.25], 1, { formulaRowReferences: [[1, 5]] }),
      row('B', [null, 300, 0.75], 2, { formulaRowReferences: [[2, 5]] }),
      row('C', [null, 150, null], 3, { formulaCount: 1, formulaRowReferences: [[1]] }),
      row('Total', [null, 550, 1], 4, { formulaCount: 2, columnSumFormulaCount: 2, formulaRowReferences: [[1, 3], [1, 2]] }),
    ];
    expect(flagAggregateRows(rows, [false, true, false]).isAggregate).toEqual([false, false, false, true]);
  });
});
