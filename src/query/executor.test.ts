import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { ATTACKS } from '../../test/attack-corpus.js';
import { AppError, LockdownError, SqlExecutionError } from '../errors.js';
import { composeQuery } from './compose-query.js';
import { createExecutor, type Executor } from './executor.js';
import { guardSql } from './guard.js';
import { signScope } from './scope-token.js';
import { FOREIGN_MARKERS, seedTwoTenants, TENANT_A, TENANT_B, type TwoTenants } from './__fixtures__/two-tenants.js';

const ATTACK_FILE = '/tmp/gridrag_attack';

/** The attack with our views in front, the way a composed query would carry them (guard bypassed). */
function withViews(sql: string, views: { name: string; sql: string }[]): string | undefined {
  if (!/\b(orders|feedback)\b/i.test(sql)) return undefined;
  const definitions = views.map((view) => `${view.name} AS (${view.sql})`).join(', ');
  const text = sql.trimStart();
  if (/^with\s+recursive\b/i.test(text)) return `WITH RECURSIVE ${definitions}, ${text.replace(/^with\s+recursive\s+/i, '')}`;
  if (/^with\b/i.test(text)) return `WITH ${definitions}, ${text.replace(/^with\s+/i, '')}`;
  return `WITH ${definitions} ${text}`;
}

for (const adapter of DB_ADAPTERS) {
  describe(`createExecutor on ${adapter.name}`, () => {
    let test: TestDb;
    let data: TwoTenants;
    let executor: Executor;
    let markers: string[];
    const scopeA = () => ({ tenantId: TENANT_A, tableIds: [data.ordersId, data.feedbackId] });

    beforeAll(async () => {
      test = await adapter.create();
      data = await seedTwoTenants(test.db);
      executor = await createExecutor({ db: test.db, databaseUrl: test.url, timeoutMs: 3000, rowCap: 200 });
      const secret = (await test.db.query<{ secret: string }>('select secret from gridrag_scope_secret')).rows[0].secret;
      markers = [...FOREIGN_MARKERS, secret];
    }, 60_000);

    afterAll(async () => {
      await executor?.close();
      await test?.dispose();
    });

    it('verifies the lock-down on its own connection', async () => {
      const report = await executor.verifyLockdown();
      expect(executor.kind).toBe(adapter.name);
      expect(report.ok).toBe(true);
      expect(report.checks.length).toBeGreaterThanOrEqual(14);
      expect(report.checks.every((check) => check.ok)).toBe(true);
      if (adapter.name === 'pglite') expect(report.notes.join(' ')).toMatch(/weaker|superuser/);
      const probes = await test.db.query<{ n: number }>(`select count(*)::int as n from record_manager where tenant_id like '__gridrag_probe%'`);
      expect(probes.rows[0].n).toBe(0);
    });

    it('runs a guarded, composed query and returns typed values', async () => {
      const guarded = await guardSql(
        `select customer, sum(amount) as total, min(order_date) as first from orders group by customer order by total desc`,
        { allowedTables: ['orders', 'feedback'] },
      );
      const result = await executor.run(composeQuery(guarded, data.views), scopeA());
      expect(result.columns).toEqual([
        { name: 'customer', type: 'text' },
        { name: 'total', type: 'numeric' },
        { name: 'first', type: 'date' },
      ]);
      expect(result.rows).toEqual([
        { customer: 'Globex', total: 300, first: '2024-02-20' },
        { customer: 'Acme', total: 200.5, first: '2024-01-15' },
        { customer: 'Initech', total: 45.25, first: '2024-03-01' },
        { customer: 'Umbrella', total: 10, first: '2024-03-09' },
      ]);
      expect(result).toMatchObject({ rowCount: 4, truncated: false });
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
    });

    it('caps rows and counts the true total', async () => {
      const guarded = await guardSql('select customer from orders order by order_date', { allowedTables: ['orders'] });
      const result = await executor.run(composeQuery(guarded, data.views), scopeA(), { rowCap: 2 });
      expect(result.rows).toEqual([{ customer: 'Acme' }, { customer: 'Acme' }]);
      expect(result).toMatchObject({ rowCount: 5, truncated: true });
      const big = await executor.run(`select g from generate_series(1, 12000) g`, scopeA(), { rowCap: 3 });
      expect(big).toMatchObject({ rowCount: 12000, truncated: true });
      expect(big.rows).toHaveLength(3);
    });

    it('keeps both columns when a join returns the same name twice', async () => {
      const guarded = await guardSql('select o.customer, f.customer, f.score from orders o join feedback f on f.customer = o.customer order by o.order_date limit 1', {
        allowedTables: ['orders', 'feedback'],
      });
      const result = await executor.run(composeQuery(guarded, data.views), scopeA());
      expect(result.columns.map((column) => column.name)).toEqual(['customer', 'customer_2', 'score']);
      expect(result.rows).toEqual([{ customer: 'Acme', customer_2: 'Acme', score: 4 }]);
    });

    it('shows the row table only within the signed scope, even with the guard bypassed', async () => {
      const own = await executor.run(`select row_data->>'customer' as customer from tabular_document_rows`, { tenantId: TENANT_A, tableIds: [data.ordersId] });
      expect(own.rowCount).toBe(6); // five data rows and the total row; not tenant B's stray row
      expect(JSON.stringify(own.rows)).not.toContain('TENANT_B_SECRET');
      const foreignTable = await executor.run(`select * from tabular_document_rows`, { tenantId: TENANT_A, tableIds: [data.otherOrdersId] });
      expect(foreignTable.rowCount).toBe(0);
      const otherTenant = await executor.run(`select * from tabular_document_rows`, { tenantId: TENANT_B, tableIds: [data.ordersId] });
      expect(otherTenant.rows.map((row) => (row.row_data as { customer: string }).customer)).toEqual(['TENANT_B_SECRET']);
    });

    it('ignores a scope the statement forges with set_config', async () => {
      const forged = signScope('not-the-secret', { tenantId: TENANT_B, tableIds: [data.ordersId, data.otherOrdersId] }, Date.now() / 1000 + 600);
      const statements = [
        `select row_data::text as data from tabular_document_rows, (select set_config('gridrag.scope', '${forged}', true)) s`,
        `with s as materialized (select set_config('gridrag.scope', '${forged}', true) as v) select s.v, r.row_data::text from s, tabular_document_rows r`,
        `select row_data::text from tabular_document_rows where set_config('gridrag.scope', '${forged}', true) is not null`,
      ];
      for (const sql of statements) {
        const result = await executor.run(sql, scopeA());
        expect(JSON.stringify(result.rows), sql).not.toContain('TENANT_B_SECRET');
      }
    });

    for (const attack of ATTACKS) {
      it(`contains with the guard bypassed: ${attack.note}`, async () => {
        const variants = [attack.sql, withViews(attack.sql, data.views)].filter((sql): sql is string => sql !== undefined);
        for (const sql of variants) {
          // Timed from a ready engine: a stop just before reopens it first (seconds on a busy machine).
          await executor.run('select 1', scopeA(), { timeoutMs: 60_000 });
          const started = performance.now();
          try {
            const result = await executor.run(sql.replace(/\u0000/g, ''), scopeA(), { timeoutMs: 1500 });
            const text = JSON.stringify(result);
            for (const marker of markers) expect(text, sql).not.toContain(marker);
          } catch (error) {
            expect(error, sql).toBeInstanceOf(AppError);
            expect(error).not.toBeInstanceOf(LockdownError);
          }
          // Stopped at the timeout (1.5 s), with room for a busy machine.
          expect(performance.now() - started, sql).toBeLessThan(1500 + 2500);
        }
      });
    }

    it('leaves every table, the secret and the file system as they were after all attacks', async () => {
      const before = await data.snapshot();
      expect(before.tabular_document_rows).toBe(10);
      expect(before.record_manager).toBe(3);
      expect(before.query_log).toBe(1);
      expect(before.gridrag_scope_secret).toBe(1);
      expect(existsSync(ATTACK_FILE)).toBe(false);
      const secret = (await test.db.query<{ secret: string }>('select secret from gridrag_scope_secret')).rows[0].secret;
      expect(markers).toContain(secret);
    });

    if (adapter.name === 'pg') {
      it('stops a long statement with the statement timeout', async () => {
        await expect(executor.run('select pg_sleep(30)', scopeA(), { timeoutMs: 300 })).rejects.toThrow(/ran longer than 300 ms/);
        const after = await executor.run('select 1 as one', scopeA());
        expect(after.rows).toEqual([{ one: 1 }]);
      });

      it('returns at its timeout from a statement the server may not stop (dropping the connection), ends its backend, and the pool keeps answering', async () => {
        // array_to_string builds its 300 MB result in one call that never checks for a cancel.
        const sql = `select length(array_to_string(string_to_array(array_to_string(string_to_array(lpad('',1000,'x'), NULL), lpad('',300,'y')), NULL), lpad('',1000,'z')))`;
        const readers = async () =>
          (await test.db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'gridrag-reader'`)).rows[0].n;
        await executor.run('select 1', scopeA());
        const before = await readers();
        const error = await executor.run(sql, scopeA(), { timeoutMs: 300 }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(SqlExecutionError);
        expect((error as Error).message).toMatch(/ran longer than 300 ms/);
        // Mostly the call outlives the timeout and the grace and the connection is dropped; on a quiet
        // machine the string is built before the grace ends and the server's own cancel lands: both are a stop.
        expect(((error as Error).cause as Error).message).toMatch(/the server did not stop it, the connection was dropped|canceling statement due to statement timeout/);
        expect((await executor.run('select 1 as one', scopeA())).rows).toEqual([{ one: 1 }]);
        // The terminated backend leaves once the call returns; the pool replaced its connection.
        let left = await readers();
        for (let tries = 0; left > before && tries < 150; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          left = await readers();
        }
        expect(left).toBeLessThanOrEqual(before);
      }, 60_000);

      it('releases advisory locks a statement took', async () => {
        await executor.run('select pg_advisory_lock(4242)', scopeA());
        const { rows } = await test.db.query<{ got: boolean }>('select pg_try_advisory_lock(4242) as got');
        expect(rows[0].got).toBe(true);
        await test.db.query('select pg_advisory_unlock(4242)');
      });
    }

    if (adapter.name === 'pglite') {
      it('refuses writes in the read-only transaction', async () => {
        // Even a statement that switches back to the superuser role (the known PGlite weakness) cannot write.
        await expect(executor.run(`select set_config('role', 'postgres', true), lo_create(0)`, scopeA())).rejects.toThrow(/read-only transaction/);
        const write = `with d as (delete from tabular_document_rows returning 1) select count(*) from d`;
        await expect(executor.run(write, scopeA())).rejects.toBeInstanceOf(SqlExecutionError);
        expect((await data.snapshot()).tabular_document_rows).toBe(10);
      });
    }

    it('takes the proof recorded for the same security state on a later start, and proves again when the state changes', async () => {
      await executor.verifyLockdown();
      let probes = 0;
      const counting = new Proxy(test.db, {
        get(target, property, receiver) {
          if (property !== 'query') return Reflect.get(target, property, receiver);
          return (sql: string, params?: unknown[]) => {
            if (/lock-down probe/.test(sql)) probes++;
            return target.query(sql, params);
          };
        },
      });
      const { rows: proofTable } = await test.db.query<{ relrowsecurity: boolean }>(`select relrowsecurity from pg_class where oid = 'gridrag_lockdown_proofs'::regclass`);
      expect(proofTable).toEqual([{ relrowsecurity: true }]);
      await expect(executor.run('select count(*) from gridrag_lockdown_proofs', scopeA())).rejects.toBeInstanceOf(SqlExecutionError);
      const later = await createExecutor({ db: counting, databaseUrl: test.url });
      try {
        expect((await later.run('select 1 as one', scopeA())).rows).toEqual([{ one: 1 }]);
        expect(probes).toBe(0);
      } finally {
        await later.close();
      }
      await test.db.exec(`create function gridrag_test_noop() returns int language sql as 'select 1'`);
      const changed = await createExecutor({ db: counting, databaseUrl: test.url });
      try {
        expect((await changed.run('select 1 as one', scopeA())).rows).toEqual([{ one: 1 }]);
        expect(probes).toBe(1);
      } finally {
        await changed.close();
        await test.db.exec('drop function gridrag_test_noop()');
      }
    });

    it('refuses to run once the lock-down is gone, though a proof was recorded before', async () => {
      await executor.verifyLockdown();
      await test.db.exec('alter table tabular_document_rows disable row level security');
      const unsafe = await createExecutor({ db: test.db, databaseUrl: test.url });
      try {
        await expect(unsafe.run('select 1', scopeA())).rejects.toBeInstanceOf(LockdownError);
      } finally {
        await unsafe.close();
        await test.db.exec('alter table tabular_document_rows enable row level security');
      }
      await test.db.exec('grant select on record_manager to gridrag_reader');
      const leaky = await createExecutor({ db: test.db, databaseUrl: test.url });
      try {
        await expect(leaky.run('select 1', scopeA())).rejects.toBeInstanceOf(LockdownError);
      } finally {
        await leaky.close();
        await test.db.exec('revoke select on record_manager from gridrag_reader');
      }
    });

    it('refuses to run until the lock-down verifies', async () => {
      await test.db.exec('alter table tabular_document_rows disable row level security');
      const unsafe = await createExecutor({ db: test.db, databaseUrl: test.url });
      try {
        await expect(unsafe.verifyLockdown()).rejects.toBeInstanceOf(LockdownError);
        await expect(unsafe.run('select 1', scopeA())).rejects.toBeInstanceOf(LockdownError);
      } finally {
        await unsafe.close();
        await test.db.exec('alter table tabular_document_rows enable row level security');
      }
    });
  });
}

describe('createExecutor', () => {
  it('needs a URL for the reader on a server', async () => {
    const fake = { kind: 'pg' } as unknown as Parameters<typeof createExecutor>[0]['db'];
    await expect(createExecutor({ db: fake })).rejects.toThrow(/GRIDRAG_READER_URL or DATABASE_URL/);
  });
});

if (existsSync(ATTACK_FILE)) rmSync(ATTACK_FILE);
