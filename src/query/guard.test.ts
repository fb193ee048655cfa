import { describe, expect, it } from 'vitest';
import { SqlRejectedError } from '../errors.js';
import { charIndex, guardSql } from './guard.js';
import { seriesRowCount } from './series-bounds.js';
import { parse } from 'libpg-query';

const allowedTables = ['orders', 'feedback'];

async function reason(sql: string, tables = allowedTables): Promise<string | undefined> {
  try {
    await guardSql(sql, { allowedTables: tables });
    return undefined;
  } catch (error) {
    if (error instanceof SqlRejectedError) return error.reason;
    throw error;
  }
}

describe('guardSql', () => {
  it('returns the statement without trailing semicolons, the tables it reads and its CTEs', async () => {
    const guarded = await guardSql('  with x as (select * from orders), y as (select * from x)\nselect * from y join feedback using (customer) ;; ', { allowedTables });
    expect(guarded.sql).toBe('with x as (select * from orders), y as (select * from x)\nselect * from y join feedback using (customer)');
    expect(guarded.tables).toEqual(['orders', 'feedback']);
    expect(guarded.ctes).toEqual(['x', 'y']);
    expect((guarded.parseTree as { stmts: unknown[] }).stmts).toHaveLength(1);
  });

  it('lists only the offered tables a statement really reads', async () => {
    const guarded = await guardSql('select count(*) from feedback', { allowedTables });
    expect(guarded.tables).toEqual(['feedback']);
    expect(guarded.ctes).toEqual([]);
  });

  it('compares names after Postgres folding: unquoted upper case matches, quoted upper case does not', async () => {
    expect((await guardSql('SELECT * FROM ORDERS', { allowedTables })).tables).toEqual(['orders']);
    expect(await reason('select * from "Orders"')).toBe('FORBIDDEN_TABLE');
    expect((await guardSql('select * from "Orders"', { allowedTables: ['Orders'] })).tables).toEqual(['orders']);
  });

  it('refuses internal tables even when a caller offers them', async () => {
    expect(await reason('select * from record_manager', ['record_manager'])).toBe('FORBIDDEN_TABLE');
    expect(await reason('select * from pg_class', ['pg_class'])).toBe('FORBIDDEN_TABLE');
    expect(await reason('select * from gridrag_scope_secret', ['gridrag_scope_secret'])).toBe('FORBIDDEN_TABLE');
  });

  it('scopes CTE names: a CTE is visible in later CTEs and subqueries, not in sibling subqueries', async () => {
    expect(await reason('with a as (select 1 as x) select * from (select * from a) s')).toBeUndefined();
    expect(await reason('with a as (select 1 as x), b as (select * from a) select * from b')).toBeUndefined();
    expect(await reason('with a as (select * from b), b as (select 1) select * from a')).toBe('FORBIDDEN_TABLE');
    expect(await reason('select * from (with a as (select 1) select * from a) s, a')).toBe('FORBIDDEN_TABLE');
    expect(await reason('with a as (select 1 as x) select x from a union select x from a')).toBeUndefined();
  });

  it('refuses a CTE that would hide an offered table', async () => {
    expect(await reason('with orders as (select 1) select * from orders')).toBe('FORBIDDEN_CLAUSE');
  });

  it('says which tables may be used', async () => {
    await expect(guardSql('select * from record_manager', { allowedTables })).rejects.toThrow(
      'Table record_manager is not available. Tables you can query: orders, feedback.',
    );
    await expect(guardSql('select * from secrets', { allowedTables: [] })).rejects.toThrow('No tables are available');
  });

  it('admits generate_series with small literal bounds and refuses large or computed ones', async () => {
    expect(await reason('select * from generate_series(1, 10000)')).toBeUndefined();
    expect(await reason('select * from generate_series(1, 10001)')).toBe('FORBIDDEN_FUNCTION');
    expect(await reason('select * from generate_series(10, 1, -1)')).toBeUndefined();
    expect(await reason('select * from generate_series(1, 10, 0)')).toBe('FORBIDDEN_FUNCTION');
    expect(await reason(`select * from generate_series(date '2020-01-01', date '2024-12-31', interval '1 day')`)).toBeUndefined();
    expect(await reason(`select * from generate_series(date '2000-01-01', date '2100-01-01', interval '1 hour')`)).toBe('FORBIDDEN_FUNCTION');
    expect(await reason(`select * from generate_series(date '2024-01-01', date '2024-12-31', interval '1 ms')`)).toBe('FORBIDDEN_FUNCTION');
    expect(await reason('select generate_series(1, amount::int) from orders')).toBe('FORBIDDEN_FUNCTION');
  });

  it('allows only bounded set-returning functions in FROM', async () => {
    expect(await reason(`select * from unnest(array[1, 2]) with ordinality as u(v, n)`)).toBeUndefined();
    expect(await reason(`select * from rows from (unnest(array[1]), generate_series(1, 3)) as r(a, b)`)).toBeUndefined();
    expect(await reason(`select * from lower('x')`)).toBe('FORBIDDEN_FUNCTION');
    expect(await reason(`select * from pg_ls_dir('.')`)).toBe('FORBIDDEN_FUNCTION');
    expect(await reason(`select * from rows from (unnest(array[1]), pg_sleep(1))`)).toBe('FORBIDDEN_FUNCTION');
  });

  it('allows the parser-written pg_catalog functions of SQL syntax but not written ones', async () => {
    expect(await reason(`select extract(year from order_date), order_date at time zone 'UTC', trim(both ' ' from customer), position('a' in customer) from orders`)).toBeUndefined();
    expect(await reason('select pg_catalog.extract(year, order_date) from orders')).toBe('FORBIDDEN_FUNCTION');
    expect(await reason('select "LOWER"(customer) from orders')).toBe('FORBIDDEN_FUNCTION');
  });

  it('refuses casts to catalog types, also in typed literals and array casts', async () => {
    expect(await reason(`select regclass 'orders'`)).toBe('FORBIDDEN_CAST');
    expect(await reason(`select '{1}'::regclass[]`)).toBe('FORBIDDEN_CAST');
    expect(await reason(`select '{1,2}'::int[]`)).toBeUndefined();
    expect(await reason(`select x::public.mytype from orders`)).toBe('FORBIDDEN_CAST');
  });

  it('keeps statement text right when it holds multi-byte characters', async () => {
    const guarded = await guardSql(`  select 'Zürich — ☃' as city from orders;`, { allowedTables });
    expect(guarded.sql).toBe(`select 'Zürich — ☃' as city from orders`);
  });

  it('refuses an empty statement and a comment alone', async () => {
    expect(await reason('   ')).toBe('PARSE_ERROR');
    expect(await reason('-- nothing')).toBe('PARSE_ERROR');
  });

  it('honours maxLength', async () => {
    await expect(guardSql('select 1', { allowedTables, maxLength: 5 })).rejects.toMatchObject({ reason: 'TOO_LONG' });
  });
});

describe('charIndex', () => {
  it('turns UTF-8 byte offsets into string indexes', async () => {
    const sql = `select 'ü' as a, x from orders`;
    const tree = (await parse(sql)) as unknown as { stmts: { stmt: { SelectStmt: { fromClause: { RangeVar: { location: number } }[] } } }[] };
    const location = tree.stmts[0].stmt.SelectStmt.fromClause[0].RangeVar.location;
    expect(sql.slice(charIndex(sql, location))).toBe('orders');
  });
});

describe('seriesRowCount', () => {
  it('counts rows of numeric and date series and gives up on anything not literal', async () => {
    const args = async (text: string) =>
      ((await parse(`select generate_series(${text})`)) as unknown as { stmts: { stmt: { SelectStmt: { targetList: { ResTarget: { val: { FuncCall: { args: unknown[] } } } }[] } } }[] })
        .stmts[0].stmt.SelectStmt.targetList[0].ResTarget.val.FuncCall.args;
    expect(seriesRowCount(await args('1, 10'))).toBe(10);
    expect(seriesRowCount(await args('0, 1e3, 10'))).toBe(101);
    expect(seriesRowCount(await args('-5, 5'))).toBe(11);
    expect(seriesRowCount(await args(`date '2024-01-01', date '2024-01-31', interval '1 day'`))).toBe(31);
    expect(seriesRowCount(await args(`'2024-01-01'::date, '2024-12-01'::date, '1 month'::interval`))).toBe(12);
    expect(seriesRowCount(await args('1, x'))).toBeUndefined();
    expect(seriesRowCount(await args(`date '2024-01-01', date '2024-02-01', interval '1 fortnight'`))).toBeUndefined();
  });

  it('gives up on a step that may not advance, and counts a negative step', async () => {
    const args = async (text: string) =>
      ((await parse(`select generate_series(${text})`)) as unknown as { stmts: { stmt: { SelectStmt: { targetList: { ResTarget: { val: { FuncCall: { args: unknown[] } } } }[] } } }[] })
        .stmts[0].stmt.SelectStmt.targetList[0].ResTarget.val.FuncCall.args;
    expect(seriesRowCount(await args(`'2000-01-01'::timestamp, '2000-01-01'::timestamp, '-1200 months 36524 days'::interval`))).toBeUndefined();
    expect(seriesRowCount(await args(`'2000-01-01'::timestamp, '2001-01-01'::timestamp, '1 month -30 days'::interval`))).toBeUndefined();
    expect(seriesRowCount(await args(`'2000-01-01'::timestamp, '2000-01-01'::timestamp, '0 days'::interval`))).toBeUndefined();
    expect(seriesRowCount(await args(`date '2024-12-01', date '2024-01-01', interval '-1 month'`))).toBe(12);
    expect(seriesRowCount(await args(`date '2024-01-01', date '2023-01-01', interval '1 month'`))).toBe(0);
  });
});

describe('guardSql text builders', () => {
  const reasonOf = async (sql: string) => {
    try {
      await guardSql(sql, { allowedTables: ['orders'] });
      return undefined;
    } catch (error) {
      return error as SqlRejectedError;
    }
  };

  it('refuses builders whose literal sizes make more than 100,000 characters, saying what to do', async () => {
    const nested = await reasonOf(`select replace(replace(lpad('',1000,'x'),'x',lpad('',1000,'y')),'y',lpad('',1000,'z'))`);
    expect(nested?.reason).toBe('TOO_BIG');
    expect(nested?.message).toMatch(/replace\(…\) can be up to 1000000000 characters long; the limit is 100000\. Build shorter strings/);
    expect((await reasonOf(`select lpad('',1000,'x') || lpad('',1000,'y') || replace(lpad('',1000,'a'), 'a', lpad('',1000,'b'))`))?.reason).toBe('TOO_BIG');
    expect((await reasonOf(`select array_to_string(string_to_array(lpad('',1000,'x'), NULL), lpad('',1000,'y'))`))?.reason).toBe('TOO_BIG');
    expect((await reasonOf(`select concat(lpad('',1000,'x'), lpad('',1000,'y'))`))?.reason).toBeUndefined();
    expect((await reasonOf(`select replace(customer, 'a', lpad('',1000,'y')) from orders`))?.reason).toBeUndefined();
  });
});
