import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { createApiKey, createKeyUseRecorder, findApiKey, KEY_USE_INTERVAL_MS, listApiKeys } from './api-keys.js';

for (const adapter of DB_ADAPTERS) {
  describe(`API key use (${adapter.name})`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    const lastUsed = async (id: string) => (await listApiKeys(test.db)).find((key) => key.id === id)?.lastUsedAt;

    it('writes last_used_at on first use, then at most once a minute per key', async () => {
      const one = await createApiKey(test.db, { tenantId: 'acme', accessLevels: undefined });
      const two = await createApiKey(test.db, { tenantId: 'acme', accessLevels: ['all'] });
      expect(await lastUsed(one.id)).toBeNull();
      expect((await findApiKey(test.db, one.key))?.lastUsedAt).toBeNull();

      const start = Date.parse('2026-12-01T10:00:00.000Z');
      let clock = start;
      let writes = 0;
      const counting = { ...test.db, query: (async (sql: string, params?: unknown[]) => {
        if (/^\s*update api_keys/.test(sql)) writes++;
        return test.db.query(sql, params);
      }) as typeof test.db.query };
      const record = createKeyUseRecorder(counting, { now: () => clock });

      await record(one.id);
      expect(await lastUsed(one.id)).toBe('2026-12-01T10:00:00.000Z');
      expect(await lastUsed(two.id)).toBeNull();

      clock = start + 30_000; // within the minute: no write at all
      await record(one.id);
      await record(one.id);
      expect(writes).toBe(1);
      expect(await lastUsed(one.id)).toBe('2026-12-01T10:00:00.000Z');

      await record(two.id); // another key is throttled on its own
      expect(await lastUsed(two.id)).toBe('2026-12-01T10:00:30.000Z');

      clock = start + KEY_USE_INTERVAL_MS;
      await record(one.id);
      expect(await lastUsed(one.id)).toBe('2026-12-01T10:01:00.000Z');
      expect(writes).toBe(3);

      // A second server process (its own recorder) within the minute: the database skips the write.
      clock = start + KEY_USE_INTERVAL_MS + 10_000;
      await createKeyUseRecorder(test.db, { now: () => clock })(one.id);
      expect(await lastUsed(one.id)).toBe('2026-12-01T10:01:00.000Z');
    });
  });
}
