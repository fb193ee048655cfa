import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { logQuery, readQueryLog } from './query-log.js';

for (const adapter of DB_ADAPTERS) {
  describe(`logQuery and readQueryLog on ${adapter.name}`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('records every outcome and reads a tenant’s entries newest first', async () => {
      const ids = [
        await logQuery(test.db, { tenantId: 't1', userId: 'u1', sessionId: 's1', question: 'How much?', sql: 'select sum(amount) from orders', rowCount: 1, durationMs: 12.6, outcome: 'ok', tableIds: ['a'] }),
        await logQuery(test.db, { tenantId: 't1', sessionId: 's2', sql: 'select * from record_manager', outcome: 'rejected', error: 'Table record_manager is not available.', tableIds: [] }),
        await logQuery(test.db, { tenantId: 't2', sql: 'select 1', outcome: 'failed', error: 'boom', tableIds: [] }),
        await logQuery(test.db, { tenantId: 't1', sessionId: 's1', sql: 'select sum(amount) from orders', rowCount: 1, outcome: 'cached', tableIds: ['a', 'b'] }),
      ];
      expect(new Set(ids).size).toBe(4);
      const entries = await readQueryLog(test.db, 't1');
      expect(entries.map((entry) => entry.outcome)).toEqual(['cached', 'rejected', 'ok']);
      expect(entries[2]).toMatchObject({
        id: ids[0], tenantId: 't1', userId: 'u1', sessionId: 's1', question: 'How much?', sql: 'select sum(amount) from orders',
        rowCount: 1, durationMs: 13, outcome: 'ok', tableIds: ['a'],
      });
      expect(entries[2].createdAt).toBeInstanceOf(Date);
      expect(entries[1]).toMatchObject({ error: 'Table record_manager is not available.', tableIds: [] });
      expect(entries[1].rowCount).toBeUndefined();
      expect(entries[0].tableIds).toEqual(['a', 'b']);
    });

    it('filters by session and limits the count', async () => {
      expect((await readQueryLog(test.db, 't1', { sessionId: 's1' })).map((entry) => entry.outcome)).toEqual(['cached', 'ok']);
      expect(await readQueryLog(test.db, 't1', { limit: 1 })).toHaveLength(1);
      expect(await readQueryLog(test.db, 'nobody')).toEqual([]);
    });

    it('clips very long text instead of failing', async () => {
      await logQuery(test.db, { tenantId: 't3', sql: `select ${'x'.repeat(50_000)}`, outcome: 'rejected', tableIds: [] });
      const [entry] = await readQueryLog(test.db, 't3');
      expect(entry.sql.length).toBe(20_001);
    });
  });
}
