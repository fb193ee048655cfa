import { describe, expect, it } from 'vitest';
import { formatResultForTool } from './format-result.js';
import type { QueryResult } from './run-capped.js';

function result(rows: Record<string, unknown>[], extra: Partial<QueryResult> = {}): QueryResult {
  return {
    columns: [{ name: 'customer', type: 'text' }, { name: 'total', type: 'numeric' }, { name: 'first', type: 'date' }],
    rows,
    rowCount: rows.length,
    truncated: false,
    durationMs: 3,
    ...extra,
  };
}

describe('formatResultForTool', () => {
  it('writes a header, one line per row and the row count', () => {
    const text = formatResultForTool(result([{ customer: 'Acme', total: 200.5, first: '2024-01-15' }, { customer: null, total: 0, first: null }]));
    expect(text).toBe('customer | total | first\nAcme | 200.5 | 2024-01-15\nNULL | 0 | NULL\n(2 rows)');
  });

  it('says when the row cap cut the result', () => {
    const text = formatResultForTool(result([{ customer: 'A', total: 1, first: null }], { rowCount: 5000, truncated: true }));
    expect(text.split('\n').pop()).toBe('truncated: showing 1 of 5000 rows');
  });

  it('marks a row count that is only a lower bound', () => {
    const text = formatResultForTool(result([{ customer: 'A', total: 1, first: null }], { rowCount: 1, truncated: true, rowCountIsLowerBound: true }));
    expect(text.split('\n').pop()).toBe('truncated: showing 1 of 1+ rows');
  });

  it('never exceeds maxChars and says how many rows it showed', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ customer: `Customer number ${i}`, total: i * 1.5, first: '2024-01-01' }));
    for (const maxChars of [8000, 1000, 120, 40]) {
      const text = formatResultForTool(result(rows), maxChars);
      expect(text.length).toBeLessThanOrEqual(maxChars);
      expect(text).toMatch(/truncated: showing \d+ of 500 rows$/);
    }
    const shown = Number(/showing (\d+)/.exec(formatResultForTool(result(rows), 1000))?.[1]);
    expect(formatResultForTool(result(rows), 1000).split('\n')).toHaveLength(shown + 2);
  });

  it('keeps each row on one line and shortens long cells', () => {
    const text = formatResultForTool(result([{ customer: 'a|b\nc', total: 1, first: 'x'.repeat(500) }]));
    const line = text.split('\n')[1];
    expect(line.startsWith('a\\|b c | 1 | ')).toBe(true);
    expect(line.length).toBeLessThan(220);
    expect(line.endsWith('…')).toBe(true);
  });
});
