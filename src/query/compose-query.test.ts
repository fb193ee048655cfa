import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/index.js';
import { composeQuery } from './compose-query.js';
import { guardSql } from './guard.js';
import { seedTwoTenants, type TwoTenants } from './__fixtures__/two-tenants.js';

const views = [
  { name: 'orders', sql: 'SELECT 1 AS amount' },
  { name: 'feedback', sql: 'SELECT 2 AS score' },
];

async function compose(sql: string): Promise<string> {
  return composeQuery(await guardSql(sql, { allowedTables: ['orders', 'feedback'] }), views);
}

describe('composeQuery', () => {
  it('prefixes only the views the statement reads', async () => {
    expect(await compose('select amount from orders')).toBe('WITH "orders" AS (\nSELECT 1 AS amount\n)\nselect amount from orders');
  });

  it('joins its own WITH list after ours, found through the parse tree', async () => {
    const sql = await compose(`with t as (select * from feedback) select * from t`);
    expect(sql).toBe('WITH "feedback" AS (\nSELECT 2 AS score\n),\n t as (select * from feedback) select * from t');
  });

  it('finds a WITH inside parentheses and after a leading comment with multi-byte text', async () => {
    const sql = await compose(`-- a leading comment is not part of the statement\n(/* Zürich ☃ */ WITH t AS (select amount from orders) select * from t)`);
    expect(sql).toBe('(/* Zürich ☃ */ WITH "orders" AS (\nSELECT 1 AS amount\n),\n t AS (select amount from orders) select * from t)');
  });

  it('does not mistake a nested WITH for the statement’s own', async () => {
    const sql = await compose(`select * from (with t as (select 1 as x) select x from t) s, orders`);
    expect(sql.startsWith('WITH "orders" AS (')).toBe(true);
    expect(sql.endsWith('select * from (with t as (select 1 as x) select x from t) s, orders')).toBe(true);
  });

  it('returns a statement that reads no view unchanged', async () => {
    expect(await compose('select 1 as one;')).toBe('select 1 as one');
  });
});

describe('composeQuery on PGlite', () => {
  let db: Db;
  let data: TwoTenants;
  beforeAll(async () => {
    db = await createDb({ dataDir: null });
    data = await seedTwoTenants(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('gives statements Postgres runs, over the real views', async () => {
    const run = async (sql: string) => (await db.query(composeQuery(await guardSql(sql, { allowedTables: ['orders', 'feedback'] }), data.views))).rows;
    expect(await run('select count(*)::int as n, sum(amount) as total from orders')).toEqual([{ n: 5, total: 555.75 }]);
    expect(await run('with a as (select customer from orders), b as (select customer from feedback) select count(*)::int as n from a join b using (customer)')).toEqual([{ n: 3 }]);
    expect(await run('select customer from orders union select customer from feedback order by 1 limit 2')).toEqual([{ customer: 'Acme' }, { customer: 'Globex' }]);
    expect(await run('values (1)')).toEqual([{ column1: 1 }]);
  });
});
