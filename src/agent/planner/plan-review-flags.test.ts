import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, createTestDatabase, planAndRun, type TableSpec } from './__fixtures__/test-catalog.js';

// Reviewer findings: a "Has …"/"Is …" column filtered every "which … has/is" question; "no <yes/no column>"
// read as yes; a numbered "Order" column summed for "most orders"; blanks left out of an average silently.
const staff: TableSpec = {
  sqlName: 'k1', file: 'k1.csv',
  columns: [{ name: 'Employee', type: 'text' }, { name: 'Dept', type: 'text' }, { name: 'Has car', type: 'text' }, { name: 'Salary', type: 'integer' }],
  rows: [['Ann', 'Ops', 'yes', 100], ['Bob', 'Ops', 'no', 200], ['Cid', 'Ops', 'no', 150], ['Dee', 'Sales', 'yes', 120], ['Eve', 'Sales', 'yes', 130]],
};
const stores: TableSpec = {
  sqlName: 'k3', file: 'k3.csv',
  columns: [{ name: 'Store', type: 'text' }, { name: 'City', type: 'text' }, { name: 'Is open', type: 'text' }, { name: 'Revenue', type: 'integer' }],
  rows: [['S1', 'Leeds', 'yes', 500], ['S2', 'Leeds', 'no', 900], ['S3', 'York', 'yes', 300], ['S4', 'York', 'yes', 350], ['S5', 'Hull', 'no', 100]],
};
const people: TableSpec = {
  sqlName: 'deaths', file: 'deaths.xlsx',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Profession', type: 'text' }, { name: 'Has kids', type: 'boolean' }],
  rows: [['A', 'actor', true], ['B', 'actor', true], ['C', 'actor', false], ['D', 'singer', true], ['E', 'writer', true], ['F', 'writer', true], ['G', 'writer', false]],
};
const orders: TableSpec = {
  sqlName: 'o1', file: 'o1.csv',
  columns: [{ name: 'Order', type: 'integer', unit: 'count' }, { name: 'Customer', type: 'text' }, { name: 'Amount', type: 'integer' }],
  rows: [[1001, 'Acme', 20], [1002, 'Beta', 35], [1003, 'Acme', 35], [1004, 'Gamma', 10]],
};
const medals: TableSpec = {
  sqlName: 'medals', file: '204-306.csv',
  columns: [{ name: 'Nation', type: 'text' }, { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }],
  rows: [['NL', 8, 3], ['AU', 3, 3], ['US', 2, 5], ['HU', 1, 1], ['CA', 1, null], ['IT', null, 2], ['RU', null, 1], ['CN', null, null]],
};
let db: PGlite;

beforeAll(async () => {
  db = await createTestDatabase([staff, stores, people, orders, medals]);
});
afterAll(async () => {
  await db.close();
});

/** The first row of the plan's result, label and value. */
async function topRow(spec: TableSpec, question: string): Promise<unknown[]> {
  const plan = planQuestion(question, [catalogTable(spec)]);
  expect(plan.kind, plan.kind === 'declined' ? plan.reason : '').toBe('sql');
  if (plan.kind !== 'sql') return [];
  const result = await db.query<Record<string, unknown>>(plan.sql);
  return Object.values(result.rows[0] ?? {}).slice(0, 2).map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
}

describe('a "Has …"/"Is …" yes/no column', () => {
  it('is not named by the verb "has"/"is" of a "which … has/is …" question', async () => {
    expect(await topRow(staff, 'Which employee has the highest salary?')).toEqual(['Bob', 200]);
    expect(await topRow(staff, 'Which dept has the highest total salary?')).toEqual(['Ops', 450]);
    expect(await topRow(stores, 'Which city is the biggest by revenue?')).toEqual(['Leeds', 1400]);
    expect(await topRow(people, 'Which profession has the most people?')).toEqual(['actor', 3]);
  });

  it('is still named by its other words ("car", "open", "kids")', async () => {
    expect((await planAndRun(db, staff, 'How many employees have a car?')).value).toBe(3);
    expect((await planAndRun(db, stores, 'How many stores are open?')).value).toBe(3);
    expect((await planAndRun(db, people, 'How many people had kids?')).value).toBe(5);
  });

  it('reads "no <column>" as its no value, for yes/no text and booleans', async () => {
    const noCar = await planAndRun(db, staff, 'How many employees have no car?');
    expect(noCar.value).toBe(2);
    expect(noCar.plan.kind === 'sql' && noCar.plan.explanation).toContain('Has car = no');
    expect((await planAndRun(db, people, 'How many people had no kids?')).value).toBe(2);
    expect((await planAndRun(db, people, 'What percentage of people had no kids?')).value).toBeCloseTo(200 / 7, 6);
    expect((await planAndRun(db, stores, 'How many stores are not open?')).value).toBe(2);
  });
});

describe('a numbered document column ("Order" 1001, 1002, …)', () => {
  it('is counted, never summed, for "most orders"', async () => {
    expect(await topRow(orders, 'Which customer has the most orders?')).toEqual(['Acme', 2]);
    expect((await planAndRun(db, orders, 'How many orders are there?')).value).toBe(4);
  });

  it('is no amount to max: "the largest order" declines rather than answer 1004', () => {
    const plan = planQuestion('What is the largest order?', [catalogTable(orders)]);
    expect(plan.kind).toBe('declined');
  });

  it('stays a measure when values repeat (a count of orders per row)', () => {
    const counts: TableSpec = { ...orders, rows: [[2, 'Acme', 20], [3, 'Beta', 35], [2, 'Gamma', 10]] };
    const plan = planQuestion('What is the total order?', [catalogTable(counts)]);
    expect(plan.kind === 'sql' && plan.sql).toContain('sum("order_")');
  });
});

describe('an average over a column with blank cells', () => {
  it('declines when more than a third of a column of counts is blank (a blank may mean none)', () => {
    const plan = planQuestion('What is the average number of gold medals?', [catalogTable(medals)]);
    expect(plan.kind === 'declined' && plan.reason).toMatch(/Gold is blank in 3 of 8 rows/);
  });

  it('averages the filled cells of a rate column with many blanks (not measured), saying how many were left out', async () => {
    const rates: TableSpec = {
      sqlName: 'rates', file: 'rates.csv',
      columns: [{ name: 'Branch', type: 'text' }, { name: 'Rate', type: 'decimal' }],
      rows: [['A', 0.09], ['B', null], ['C', 0.105], ['D', null], ['E', null]],
    };
    const plan = planQuestion('What is the average rate?', [catalogTable(rates)]);
    expect(plan.kind === 'sql' && plan.sql).toContain('avg("rate")');
    expect(plan.kind === 'sql' && plan.explanation).toContain('3 blank cells in the column left out');
  });

  it('says how many blank cells it left out otherwise', async () => {
    const silver = await planAndRun(db, medals, 'What is the average number of silver medals?');
    expect(silver.value).toBe(2.5);
    expect(silver.plan.kind === 'sql' && silver.plan.explanation).toContain('2 blank cells in the column left out');
  });
});
