import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, createTestDatabase, type TableSpec } from './__fixtures__/test-catalog.js';

const orders: (string | number)[][] = [
  ['O1', '2025-01-02', 'Chair', 'France', '75001', 3], ['O2', '2025-01-02', 'Chair', 'France', '75002', 5],
  ['O3', '2025-01-03', 'Desk', 'France', '75001', 1], ['O4', '2025-01-04', 'Chair', 'Spain', '28001', 2],
  ['O5', '2025-01-04', 'Desk', 'Spain', '28001', 4],
];
const headcount: (string | number)[][] = [
  ['2024-01-01', 'Sales', 10], ['2024-02-01', 'Sales', 11], ['2024-03-01', 'Sales', 12],
  ['2024-01-01', 'Ops', 20], ['2024-02-01', 'Ops', 20], ['2024-03-01', 'Ops', 21],
];
const specs: TableSpec[] = [
  {
    sqlName: 'orders', file: 'orders.csv',
    columns: [
      { name: 'Order ID', type: 'text', concept: 'identifier' }, { name: 'Order Date', type: 'date' }, { name: 'Product', type: 'text' },
      { name: 'Country', type: 'text' }, { name: 'Zip Code', type: 'text', concept: 'identifier' }, { name: 'Quantity', type: 'integer', unit: 'count' },
    ],
    rows: orders,
  },
  {
    sqlName: 'feedback_tracker_feedback', file: 'feedback_tracker.xlsx', sheet: 'Feedback', title: 'Customer Feedback Tracker',
    columns: [{ name: 'Ticket', type: 'text', concept: 'identifier' }, { name: 'Rating', type: 'integer', aggregation: 'avg' }],
    rows: [['F1', 4], ['F2', 5], ['F3', 2]],
  },
  {
    sqlName: 'suppliers', file: 'suppliers.csv',
    columns: [{ name: 'Supplier', type: 'text' }, { name: 'Fuel litres', type: 'integer' }, { name: 'Cost', type: 'integer', unit: 'currency' }],
    rows: [['Shell', 1200, 1800], ['BP', 800, 1150], ['Total', 950, 1400], ['Esso', 600, 880]],
  },
  {
    sqlName: 'deals', file: 'deals.csv',
    columns: [{ name: 'Rep', type: 'text' }, { name: 'Deal Size', type: 'integer', unit: 'currency' }],
    rows: [['Ann', 100], ['Ann', 300], ['Bob', 200]],
  },
  {
    sqlName: 'occ', file: 'occ.csv',
    columns: [{ name: 'Hotel', type: 'text' }, { name: 'Rooms', type: 'integer' }, { name: 'Occupancy', type: 'percent', aggregation: 'weighted_avg', weightBy: 'rooms' }],
    rows: [['H1', 300, 0.9], ['H2', 10, 0.2]],
  },
  {
    sqlName: 'util', file: 'util.csv',
    columns: [{ name: 'Team', type: 'text' }, { name: 'Hours', type: 'integer' }, { name: 'Utilisation', type: 'decimal', unit: 'percent', aggregation: 'weighted_avg', weightBy: 'hours' }],
    rows: [['A', 100, 0.5], ['B', 300, 0.9]],
  },
  {
    sqlName: 'headcount', file: 'headcount.csv',
    columns: [{ name: 'Month', type: 'date' }, { name: 'Department', type: 'text' }, { name: 'Staff', type: 'integer', qualifier: 'snapshot' }],
    rows: headcount,
  },
  {
    sqlName: 'invoices', file: 'invoices.csv',
    columns: [{ name: 'Invoice', type: 'text', concept: 'identifier' }, { name: 'Client', type: 'text' }, { name: 'Amount', type: 'decimal', unit: 'mixed_currency' }],
    rows: [['I1', 'Acme', 100], ['I2', 'Acme', 200], ['I3', 'Beta', 50]],
  },
];
const tables = new Map(specs.map((spec) => [spec.sqlName, catalogTable(spec)]));
const inventory = catalogTable({
  sqlName: 'inventory', file: 'inventory.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Warehouse', type: 'text' }, { name: 'Stock on hand', type: 'integer' }],
  rows: [['2024-01-31', 'W1', 100], ['2024-02-29', 'W1', 120], ['2024-01-31', 'W2', 50]],
});
let db: PGlite;

beforeAll(async () => {
  db = await createTestDatabase(specs);
});
afterAll(async () => {
  await db.close();
});

function plan(question: string, names: string[]) {
  return planQuestion(question, names.map((n) => tables.get(n) ?? inventory), { today: new Date('2025-04-10T00:00:00Z') });
}

async function value(question: string, names: string[]): Promise<unknown> {
  const planned = plan(question, names);
  if (planned.kind !== 'sql') throw new Error(`declined: ${planned.reason}`);
  const result = await db.query<Record<string, unknown>>(planned.sql);
  const row = result.rows[0];
  expect(result.rows).toHaveLength(1);
  return row ? Object.values(row)[0] : undefined;
}

describe('planQuestion guards against confident wrong numbers', () => {
  it('counts distinct values when "distinct" is said, even of identifier and date columns', async () => {
    expect(Number(await value('How many distinct zip codes are there?', ['orders']))).toBe(3);
    expect(Number(await value('How many distinct order dates?', ['orders']))).toBe(3);
  });

  it('declines "how many customers" over a sheet whose rows are feedback, not customers', () => {
    expect(plan('How many customers?', ['orders', 'feedback_tracker_feedback']).kind).toBe('declined');
    expect(plan('How many feedback entries are there?', ['feedback_tracker_feedback']).kind).toBe('sql');
  });

  it('adds up the quantity column for "how many <item> were sold"', async () => {
    expect(Number(await value('How many Chairs were sold in France?', ['orders']))).toBe(8);
    expect(Number(await value('How many Desks did Spain sell?', ['orders']))).toBe(4);
  });

  it('reads a supplier named "Total" as that row, and declines when "total" is ambiguous', async () => {
    expect(Number(await value('What is the cost for Total?', ['suppliers']))).toBe(1400);
    expect(plan('What is the total cost?', ['suppliers']).kind).toBe('declined');
    expect(Number(await value('What is the sum of cost?', ['suppliers']))).toBe(5230);
  });

  it('answers "average X per Y" with one number: sum(X) / count(distinct Y)', async () => {
    expect(Number(await value('What is the average deal size per rep?', ['deals']))).toBe(300);
  });

  it('never totals a rate and always weights its average', async () => {
    const total = plan('total occupancy', ['occ']);
    expect(total.kind).toBe('declined');
    expect(Number(await value('average occupancy', ['occ']))).toBeCloseTo((300 * 0.9 + 10 * 0.2) / 310, 9);
  });

  it('answers a percent column written as fractions (0.9) as a fraction, not as 0.9 percent points', async () => {
    const planned = plan('average utilisation', ['util']);
    expect(planned.kind === 'sql' && planned.unit).toBe('percent_fraction');
    expect(Number(await value('average utilisation', ['util']))).toBeCloseTo((100 * 0.5 + 300 * 0.9) / 400, 9);
  });

  it('never adds a point-in-time measure across dates, but sums it across departments at one date', async () => {
    expect(plan('What was Sales staff in Q1 2024?', ['headcount']).kind).toBe('declined');
    const grouped = plan('Staff by department in March 2024', ['headcount']);
    if (grouped.kind !== 'sql') throw new Error(grouped.reason);
    const rows = (await db.query<Record<string, unknown>>(grouped.sql)).rows.map((r) => Object.values(r).map(String));
    expect(rows).toEqual([['Ops', '21'], ['Sales', '12']]);
    expect(Number(await value('Total staff in January 2024', ['headcount']))).toBe(30);
    expect(plan('What is the total staff?', ['headcount']).kind).toBe('declined');
    expect(plan('What is the total stock on hand?', [inventory.sqlName]).kind).toBe('declined');
  });

  it('declines to add up amounts in mixed currencies', () => {
    const planned = plan('total amount for Acme', ['invoices']);
    expect(planned.kind).toBe('declined');
    expect(planned.kind === 'declined' && planned.reason).toMatch(/currenc/);
  });
});
