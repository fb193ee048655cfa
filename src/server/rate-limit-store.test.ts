/**
 * The rate limit counted in the database: two stores (two processes) on one database share a
 * key's hits, windows roll over, and on Postgres two real servers on one database refuse the
 * request past the shared limit (express-rate-limit's memory store would allow each its own).
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../test/helpers/api-client.js';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { createApiKey } from '../app/api-keys.js';
import { openApp } from '../app/index.js';
import { loadConfig } from '../config.js';
import { DbRateLimitStore } from './rate-limit-store.js';
import { startServer } from './start-server.js';

/** Waits for a fresh minute when the current one ends within 10 s, so a few requests share one window. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

for (const adapter of DB_ADAPTERS) {
  describe(`the database rate-limit store on ${adapter.name}`, () => {
    it('shares hits between stores, resets, takes back, and starts each window at zero', async () => {
      const test = await adapter.create();
      try {
        const one = new DbRateLimitStore(test.db);
        const two = new DbRateLimitStore(test.db);
        for (const store of [one, two]) store.init({ windowMs: 60_000 } as never);
        await awayFromMinuteEnd();
        expect((await one.increment('k1')).totalHits).toBe(1);
        expect((await two.increment('k1')).totalHits).toBe(2);
        const third = await one.increment('k1');
        expect(third.totalHits).toBe(3);
        expect(third.resetTime!.getTime() % 60_000).toBe(0);
        expect(third.resetTime!.getTime() - Date.now()).toBeGreaterThan(0);
        expect(third.resetTime!.getTime() - Date.now()).toBeLessThanOrEqual(60_000 + 1000);
        expect((await two.increment('k2')).totalHits).toBe(1); // another key counts alone
        await two.decrement('k1');
        expect((await one.get('k1'))?.totalHits).toBe(2);
        await one.resetKey('k1');
        expect(await two.get('k1')).toBeUndefined();

        const short = new DbRateLimitStore(test.db);
        short.init({ windowMs: 400 } as never);
        const first = await short.increment('k3');
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, first.resetTime!.getTime() - Date.now()) + 50));
        expect((await short.increment('k3')).totalHits).toBe(1);
      } finally {
        await test.dispose();
      }
    }, 60_000);
  });
}

for (const adapter of DB_ADAPTERS.filter((candidate) => candidate.name === 'pg')) {
  describe('two servers on one Postgres', () => {
    it('share one limit per key', async () => {
      const test = await adapter.create();
      const config = { ...loadConfig({}), DATABASE_URL: test.url, GRIDRAG_TENANT: 'acme' };
      const first = await openApp({ config, db: test.db, dataDir: null, llm: null });
      const second = await openApp({ config, dataDir: null, llm: null }); // its own pool, as another process has
      const servers = [
        await startServer({ app: first, logger: pino({ level: 'silent' }), port: 0, rateLimitPerMinute: 3 }),
        await startServer({ app: second, logger: pino({ level: 'silent' }), port: 0, rateLimitPerMinute: 3 }),
      ];
      try {
        const key = await createApiKey(first.db, { tenantId: 'acme', accessLevels: ['all'] });
        const other = await createApiKey(first.db, { tenantId: 'acme', accessLevels: ['all'] });
        await awayFromMinuteEnd();
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await callApi(servers[i % 2].url, 'GET', '/api/tables', key.key)).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
        const limited = await callApi(servers[0].url, 'GET', '/api/tables', key.key);
        expect(limited.body.error.code).toBe('RATE_LIMITED');
        expect((await callApi(servers[1].url, 'GET', '/api/tables', other.key)).status).toBe(200);
      } finally {
        for (const server of servers) await server.close(); // each closes its app
        await test.dispose().catch(() => undefined);
      }
    }, 60_000);
  });
}
