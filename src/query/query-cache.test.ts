import { describe, expect, it } from 'vitest';
import { guardSql } from './guard.js';
import { cacheKey, createQueryCache } from './query-cache.js';
import type { QueryResult } from './run-capped.js';

const allowedTables = ['orders'];
const v1 = [{ tableId: '0f8fad5b-d9cb-469f-a165-70867728950e', contentHash: 'abc', version: 1 }];

function result(n: number): QueryResult {
  return { columns: [{ name: 'n', type: 'integer' }], rows: [{ n }], rowCount: 1, truncated: false, durationMs: 1 };
}

describe('cacheKey', () => {
  it('is the same for spacing, comments and keyword or identifier case', async () => {
    const a = await guardSql('select customer, sum(amount) from orders group by customer', { allowedTables });
    const b = await guardSql('SELECT  Customer,\n  SUM(amount) -- total\nFROM orders /* x */ GROUP BY customer;', { allowedTables });
    expect(cacheKey({ sql: a, tenantId: 't', versions: v1 })).toBe(cacheKey({ sql: b, tenantId: 't', versions: v1 }));
  });

  it('differs for other literals, another tenant, another row cap', async () => {
    const base = await guardSql(`select * from orders where amount > 5`, { allowedTables });
    const other = await guardSql(`select * from orders where amount > 6`, { allowedTables });
    const key = cacheKey({ sql: base, tenantId: 't', versions: v1 });
    expect(cacheKey({ sql: other, tenantId: 't', versions: v1 })).not.toBe(key);
    expect(cacheKey({ sql: base, tenantId: 'u', versions: v1 })).not.toBe(key);
    expect(cacheKey({ sql: base, tenantId: 't', versions: v1, rowCap: 10 })).not.toBe(key);
    const text = await guardSql(`select * from orders where customer = 'Acme'`, { allowedTables });
    const textOther = await guardSql(`select * from orders where customer = 'acme'`, { allowedTables });
    expect(cacheKey({ sql: text, tenantId: 't', versions: v1 })).not.toBe(cacheKey({ sql: textOther, tenantId: 't', versions: v1 }));
  });

  it('changes when a re-ingest changes the content hash or version, not with version order', async () => {
    const sql = await guardSql('select count(*) from orders', { allowedTables });
    const key = cacheKey({ sql, tenantId: 't', versions: v1 });
    expect(cacheKey({ sql, tenantId: 't', versions: [{ ...v1[0], contentHash: 'def' }] })).not.toBe(key);
    expect(cacheKey({ sql, tenantId: 't', versions: [{ ...v1[0], version: 2 }] })).not.toBe(key);
    const two = [v1[0], { tableId: '1f8fad5b-d9cb-469f-a165-70867728950e', contentHash: 'x', version: 3 }];
    expect(cacheKey({ sql, tenantId: 't', versions: two })).toBe(cacheKey({ sql, tenantId: 't', versions: [...two].reverse() }));
  });
});

describe('createQueryCache', () => {
  it('serves what was stored and never a stale version', async () => {
    const cache = createQueryCache({ maxEntries: 10 });
    const sql = await guardSql('select count(*) from orders', { allowedTables });
    cache.set(cacheKey({ sql, tenantId: 't', versions: v1 }), result(5));
    expect(cache.get(cacheKey({ sql, tenantId: 't', versions: v1 }))?.rows).toEqual([{ n: 5 }]);
    expect(cache.get(cacheKey({ sql, tenantId: 't', versions: [{ ...v1[0], version: 2 }] }))).toBeUndefined();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = createQueryCache({ maxEntries: 2 });
    cache.set('a', result(1));
    cache.set('b', result(2));
    cache.get('a');
    cache.set('c', result(3));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.rows).toEqual([{ n: 1 }]);
    expect(cache.get('c')?.rows).toEqual([{ n: 3 }]);
  });

  it('hands out copies, so a caller cannot change a cached result', () => {
    const cache = createQueryCache();
    const stored = result(1);
    cache.set('k', stored);
    stored.rows[0].n = 99;
    const first = cache.get('k');
    if (first) first.rows[0].n = 42;
    expect(cache.get('k')?.rows).toEqual([{ n: 1 }]);
  });

  it('drops entries older than maxAgeMs', () => {
    const cache = createQueryCache({ maxAgeMs: -1 });
    cache.set('k', result(1));
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', result(1));
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
