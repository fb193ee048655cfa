/**
 * One hostile slow query must not stall the other requests of `gridrag serve` beyond its
 * statement timeout (issue 9), through real HTTP on 127.0.0.1, on every database adapter. On
 * PGlite the engine's thread is stopped at the timeout and opened again; a cheap request that
 * arrived meanwhile waits for the new thread, never for the runaway. A bound on stalling, not a
 * speed test: the margin is generous, the exact figures are in `npm run bench`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { callApi, uploadFiles } from '../../test/helpers/api-client.js';
import { createApiKey } from '../app/api-keys.js';
import { openApp } from '../app/index.js';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from './start-server.js';

const TIMEOUT_MS = 3000;
/** Time allowed past the timeout for reopening the engine and answering, on a loaded machine. */
const MARGIN_MS = 2500;
/** 10^12 rows: runs far beyond any timeout (the plan caps are lifted so that it runs). */
const RUNAWAY = 'select count(*) as n from generate_series(1,10000) a, generate_series(1,10000) b, generate_series(1,10000) c';

for (const adapter of DB_ADAPTERS) {
  describe(`gridrag serve on ${adapter.name} while a hostile query runs`, () => {
    let running: RunningServer;
    let dispose: () => Promise<void>;
    let key: string;

    beforeAll(async () => {
      const test = await adapter.create();
      const config = loadConfig({
        GRIDRAG_TENANT: 'acme',
        GRIDRAG_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
        GRIDRAG_PLAN_MAX_ROWS: '1000000000000000',
        GRIDRAG_PLAN_MAX_COST: '1000000000000000',
      });
      const app = await openApp({ config: { ...config, DATABASE_URL: test.url }, db: test.db, dataDir: null, llm: null });
      dispose = () => test.dispose().catch(() => undefined);
      key = (await createApiKey(app.db, { tenantId: 'acme', name: 'owner', accessLevels: undefined })).key;
      running = await startServer({ app, logger: pino({ level: 'silent' }), port: 0, rateLimitPerMinute: 10_000, uploadMaxBytes: 256 * 1024 });
      const upload = await uploadFiles(running.url, key, [{ name: 'items.csv', content: Buffer.from('item,count\nbolts,3\nnuts,4\n') }]);
      expect(upload.body.failed).toBe(0);
      // Warm: the lock-down proof and the first statement's caches.
      expect((await callApi(running.url, 'POST', '/api/sql', key, { sql: 'select sum(count) as n from items' })).status).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await dispose?.();
    });

    it('answers a cheap request sent during the hostile one within the timeout plus a margin, and the hostile one with a timeout', async () => {
      const started = Date.now();
      const hostile = callApi(running.url, 'POST', '/api/sql', key, { sql: RUNAWAY }).then((response) => ({ response, ms: Date.now() - started }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const cheapStarted = Date.now();
      const tables = await callApi(running.url, 'GET', '/api/tables', key);
      const cheapMs = Date.now() - cheapStarted;
      const sql = await callApi(running.url, 'POST', '/api/sql', key, { sql: 'select sum(count) as n from items' });
      const slow = await hostile;
      if (process.env.GRIDRAG_TEST_FIGURES) process.stdout.write(`cheap request ${cheapMs} ms, hostile answered after ${slow.ms} ms\n`);

      expect(tables.status).toBe(200);
      expect(JSON.stringify(tables.body)).toContain('items');
      expect(cheapMs, `a cheap request waited ${cheapMs} ms behind the hostile query`).toBeLessThanOrEqual(TIMEOUT_MS + MARGIN_MS);
      expect(sql.status).toBe(200);
      expect(JSON.stringify(sql.body)).toContain('7');
      expect(slow.response.status).toBeGreaterThanOrEqual(400);
      // Stopped by the timeout, or on Postgres by temp_file_limit when the series spill first (load decides which comes first).
      expect(JSON.stringify(slow.response.body)).toMatch(new RegExp(`ran longer than ${TIMEOUT_MS} ms|more memory or temporary space`));
      expect(slow.ms).toBeLessThanOrEqual(TIMEOUT_MS + MARGIN_MS);
    }, 60_000);
  });
}
