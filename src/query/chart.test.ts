import { describe, expect, it } from 'vitest';
import { chartFor, shapeOf } from './chart.js';
import type { QueryResult } from './executor.js';

function result(rows: Record<string, unknown>[], types: [string, string] = ['text', 'numeric']): QueryResult {
  const names = Object.keys(rows[0] ?? { a: 0, b: 0 });
  return { columns: names.map((name, i) => ({ name, type: types[i] ?? 'text' })), rows, rowCount: rows.length, truncated: false, durationMs: 1 };
}

describe('shapeOf', () => {
  it('shows one cell as a stat, categories as bars and a monthly series in time order as a line', () => {
    expect(shapeOf(result([{ total: 5 }], ['numeric', 'numeric']))).toBe('stat');
    expect(shapeOf(result([{ region: 'North', sales: 5 }, { region: 'South', sales: 3 }]))).toBe('bar');
    expect(shapeOf(result([{ month: '2024-01', sales: 5 }, { month: '2024-02', sales: 3 }, { month: '2024-03', sales: 4 }]))).toBe('line');
  });

  // Break-it finding: the top five months (May, Aug, Sep, Oct, Nov) were drawn as one line through June and July.
  it('draws a ranking of months as bars in ranked order, never a line through the months it left out', () => {
    const ranked = result([{ month: '2024-09', sales: 9 }, { month: '2024-05', sales: 8 }, { month: '2024-11', sales: 7 }]);
    expect(shapeOf(ranked)).toBe('bar');
    expect(chartFor(ranked)).toMatchObject({ mark: 'bar', encoding: { x: { field: 'month', type: 'nominal', sort: null } } });
  });

  it('keeps a table for two numbers or more than two columns', () => {
    expect(shapeOf(result([{ a: 1, b: 2 }, { a: 2, b: 3 }], ['numeric', 'numeric']))).toBe('table');
    expect(shapeOf({ ...result([{ a: 'x', b: 1 }, { a: 'y', b: 2 }]), columns: [{ name: 'a', type: 'text' }, { name: 'b', type: 'numeric' }, { name: 'c', type: 'text' }] })).toBe('table');
  });
});
