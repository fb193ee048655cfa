import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from './helpers/db-adapters.js';
import { RUNAWAYS } from './attack-corpus.js';
import { SqlExecutionError, SqlRejectedError } from '../src/errors.js';
import { composeQuery } from '../src/query/compose-query.js';
import { createExecutor, type Executor } from '../src/query/executor.js';
import { guardSql } from '../src/query/guard.js';
import { seedNumbers, seedTwoTenants, TENANT_A, type TwoTenants } from '../src/query/__fixtures__/two-tenants.js';

const TIMEOUT_MS = 1500;
const MEMORY_MB = 256;
/** Time to answer past the timeout, on a busy machine (each run starts from a ready engine). */
const STOP_SLACK_MS = 2500;
/** Memory past the cap: the sampling interval, a reopened engine, the test runner. */
const MEMORY_SLACK_MB = 200;

/** Runs `fn`, sampling this process's resident memory every 20 ms; returns the growth at the peak. */
async function measured<T>(fn: () => Promise<T>): Promise<{ outcome: T | Error; ms: number; peakGrowthMb: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  let outcome: T | Error;
  try {
    outcome = await fn();
  } catch (error) {
    outcome = error as Error;
  } finally {
    clearInterval(sampler);
  }
  return { outcome, ms: performance.now() - started, peakGrowthMb: (peak - baseline) / 2 ** 20 };
}

function withViews(sql: string, views: { name: string; sql: string }[]): string {
  return `WITH ${views.map((view) => `${view.name} AS (${view.sql})`).join(', ')} ${sql}`;
}

for (const adapter of DB_ADAPTERS) {
  describe(`runaway statements on ${adapter.name}`, () => {
    let test: TestDb;
    let data: TwoTenants;
    let executor: Executor;
    let views: { name: string; sql: string }[];
    let scope: () => { tenantId: string; tableIds: string[] };

    beforeAll(async () => {
      test = await adapter.create();
      data = await seedTwoTenants(test.db);
      const numbers = await seedNumbers(test.db, 1000);
      views = [...data.views, numbers.view];
      scope = () => ({ tenantId: TENANT_A, tableIds: [data.ordersId, data.feedbackId, numbers.tableId] });
      executor = await createExecutor({ db: test.db, databaseUrl: test.url, timeoutMs: TIMEOUT_MS, memoryMb: MEMORY_MB });
    }, 60_000);

    afterAll(async () => {
      await executor?.close();
      await test?.dispose();
    });

    for (const runaway of RUNAWAYS) {
      it(`refuses or stops in time, through the guard: ${runaway.note}`, async () => {
        await executor.run('select 1', scope(), { timeoutMs: 60_000 });
        const run = await measured(async () => {
          const guarded = await guardSql(runaway.sql, { allowedTables: ['orders', 'feedback', 't'] });
          return executor.run(composeQuery(guarded, views), scope());
        });
        expect(run.outcome, runaway.sql).toBeInstanceOf(Error);
        const error = run.outcome as Error;
        expect(error instanceof SqlRejectedError || error instanceof SqlExecutionError, `${runaway.sql}: ${error.message}`).toBe(true);
        if (error instanceof SqlRejectedError) expect(error.message).toMatch(/limit is|not allowed|allowed only/);
        else expect(error.message).toMatch(/ran longer than 1500 ms|more memory/);
        expect(run.ms, runaway.sql).toBeLessThan(TIMEOUT_MS + STOP_SLACK_MS);
        expect(run.peakGrowthMb, runaway.sql).toBeLessThan(MEMORY_MB + MEMORY_SLACK_MB);
      });

      it(`stops in time with the guard bypassed: ${runaway.note}`, async () => {
        await executor.run('select 1', scope(), { timeoutMs: 60_000 });
        const run = await measured(() => executor.run(withViews(runaway.sql, views), scope()));
        expect(run.outcome, runaway.sql).toBeInstanceOf(Error);
        expect((run.outcome as Error).message).toMatch(/ran longer than 1500 ms|more memory|limit is/);
        expect(run.ms, runaway.sql).toBeLessThan(TIMEOUT_MS + STOP_SLACK_MS);
        expect(run.peakGrowthMb, runaway.sql).toBeLessThan(MEMORY_MB + MEMORY_SLACK_MB);
      });
    }

    it('runs each statement with the memory caps set', async () => {
      const result = await executor.run(`select current_setting('work_mem') as work_mem, current_setting('temp_file_limit') as temp_files, current_setting('hash_mem_multiplier') as hash_multiplier`, scope());
      expect(result.rows[0].work_mem).toBe('32MB');
      expect(result.rows[0].hash_multiplier).toBe('1');
      if (adapter.name === 'pg') expect(result.rows[0].temp_files).toBe('256MB');
    });

    it('stops returning rows at the byte cap while reading, and says so', async () => {
      const capped = await createExecutor({ db: test.db, databaseUrl: test.url, timeoutMs: TIMEOUT_MS, maxResultBytes: 10_000, rowCap: 200 });
      try {
        const result = await capped.run(withViews(`select n, lpad('', 500, 'x') as pad from t order by n`, views), scope());
        expect(result.rows.length).toBeGreaterThan(5);
        expect(result.rows.length).toBeLessThan(25);
        expect(result).toMatchObject({ byteCapped: true, truncated: true, rowCount: 1000 });
      } finally {
        await capped.close();
      }
    });

    it('still answers, with every table as it was', async () => {
      const result = await executor.run(withViews('select count(*) as n, sum(n) as total from t', views), scope());
      expect(result.rows).toEqual([{ n: 1000, total: 500500 }]);
      const counts = await data.snapshot();
      expect(counts.record_manager).toBe(4);
      expect(counts.tabular_document_rows).toBe(1010);
    });
  });
}
