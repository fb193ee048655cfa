import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { encodeCopyText } from './db.js';

const BUG22 = path.resolve(__dirname, '../../../shared/fixtures/bugs/22-jsonb-array-parameter/rows.json');

describe('encodeCopyText', () => {
  it('escapes tabs, newlines and backslashes and writes null as \\N', () => {
    expect(encodeCopyText([['a\tb', null, { x: 'c\\d\ne' }, true, 1.5]])).toBe('a\\tb\t\\N\t{"x":"c\\\\\\\\d\\\\ne"}\tt\t1.5\n');
  });
});

for (const adapter of DB_ADAPTERS) {
  describe(`Db on ${adapter.name}`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('migrates the core schema and records it', async () => {
      const { rows } = await test.db.query<{ name: string }>('select name from schema_migrations order by name');
      expect(rows.map((row) => row.name)).toContain('20261130000100_core_schema.sql');
      const tables = await test.db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = tables.rows.map((row) => row.table_name);
      for (const table of ['record_manager', 'tabular_tables', 'tabular_document_rows', 'query_log']) expect(names).toContain(table);
    });

    it('reports whether pgvector is on, matching the server', async () => {
      const { rows } = await test.db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'vector'`);
      expect(test.db.vectorEnabled).toBe(rows[0].n === 1);
      if (adapter.name === 'pglite') expect(test.db.vectorEnabled).toBe(true);
    });

    it('stores arrays and nested arrays passed as JSON parameters as real JSON (bug 22)', async () => {
      const elements = JSON.parse(await readFile(BUG22, 'utf8')) as unknown[];
      await test.db.exec('create table bug22 (id int generated always as identity, data jsonb)');
      for (const element of elements) await test.db.query('insert into bug22 (data) values ($1::jsonb)', [JSON.stringify(element)]);
      const first = await test.db.query<{ kind: string }>('select jsonb_typeof(data) as kind from bug22 where id = 1');
      expect(first.rows[0].kind).toBe('array');
      const second = await test.db.query<{ tag: string }>(`select data->'tags'->>1 as tag from bug22 where id = 2`);
      expect(second.rows[0].tag).toBe('b');
    });

    it('bulk-loads rows with COPY, keeping tabs, newlines and backslashes in JSON', async () => {
      await test.db.exec('create table copy_check (n int, label text, data jsonb)');
      const rows = Array.from({ length: 2500 }, (_, i) => [i, i % 2 ? null : `a\tb\\c\n${i}`, { v: `x\\y\t${i}` }]);
      expect(await test.db.copyRows('copy_check', ['n', 'label', 'data'], rows)).toBe(2500);
      const { rows: back } = await test.db.query<{ label: string; v: string; total: number }>(
        `select label, data->>'v' as v, (select sum(n) from copy_check) as total from copy_check where n = 10`,
      );
      expect(back[0]).toEqual({ label: 'a\tb\\c\n10', v: 'x\\y\t10', total: (2499 * 2500) / 2 });
    });

    it('rolls a failed transaction back completely', async () => {
      await test.db.exec('create table tx_check (n int primary key)');
      await expect(
        test.db.transaction(async (tx) => {
          await tx.query('insert into tx_check values (1)');
          await tx.query('insert into tx_check values (1)');
        }),
      ).rejects.toThrow(/duplicate key/);
      const { rows } = await test.db.query<{ n: number }>('select count(*) as n from tx_check');
      expect(rows[0].n).toBe(0);
    });

    it('returns numeric as numbers and dates as YYYY-MM-DD text', async () => {
      const { rows } = await test.db.query<{ a: number; d: string }>(`select 12.50::numeric as a, date '2025-03-01' as d`);
      expect(rows[0]).toEqual({ a: 12.5, d: '2025-03-01' });
    });
  });
}
