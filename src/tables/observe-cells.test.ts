import { describe, expect, it } from 'vitest';
import type { Cell } from '../extract/grid.js';
import { cellKind } from './cells.js';
import { observeCells, observedCellKind } from './observe-cells.js';

describe('observedCellKind', () => {
  const time = new Date(Date.UTC(1899, 11, 30, 14, 30));
  const cells: (Cell | null)[] = [
    null, { value: null }, { value: '   ' }, { value: null, error: '#N/A' }, { value: 'n/a' }, { value: ' - ' }, { value: 'TRUE' }, { value: ' false ' },
    { value: true }, { value: 12.5 }, { value: Number.NaN }, { value: Number.POSITIVE_INFINITY }, { value: 42, numFmt: '00000' },
    { value: new Date(Date.UTC(2025, 2, 4)) }, { value: new Date(Number.NaN) }, { value: time, numFmt: 'h:mm' }, { value: new Date(Date.UTC(2025, 2, 1)), numFmt: 'mmm yyyy' },
    { value: '0001234' }, { value: '1234567890123456789' }, { value: '12.34' }, { value: '2024.05' }, { value: '10.2024' }, { value: '1.234,50' }, { value: '$1,200' },
    { value: '(500)' }, { value: '12%' }, { value: '2025-03-04' }, { value: '04/03/2025' }, { value: '3 Apr 2025' }, { value: '3Apr2025' }, { value: 'Mar 2025' },
    { value: '2025-03-04 14:30' }, { value: 'Germany' }, { value: 'Product 12' }, { value: 'A-12' }, { value: 'x'.repeat(41) + '1' }, { value: '1 234' },
    { value: '13/13/2025' }, { value: '1e5' }, { value: '−5' }, { value: '5-' }, { value: 'EUR 12' }, { value: '12,5', numFmt: 'dd/mm/yyyy' },
  ];

  it('agrees with cellKind on every kind of cell, with either decimal separator', () => {
    for (const decimalSeparator of ['.', ','] as const) {
      const observations = observeCells(cells, { decimalSeparator });
      cells.forEach((cell, index) => {
        expect(observedCellKind(cell, observations[index], decimalSeparator), JSON.stringify(cell)).toBe(cellKind(cell, decimalSeparator));
      });
    }
  });
});
