import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, createTestDatabase, type TableSpec } from './__fixtures__/test-catalog.js';

// Reviewer findings W2 (a negation dropped when a verb or "about" sits before its value) and
// M1 ("how many countries are there" answered "no value").
const specs: TableSpec[] = [
  {
    sqlName: 'orders', file: 'orders.csv',
    columns: [
      { name: 'Order ID', type: 'text', concept: 'identifier' }, { name: 'Order Date', type: 'date' }, { name: 'Country', type: 'text' },
      { name: 'Ad Platform', type: 'text' }, { name: 'Revenue', type: 'decimal', unit: 'currency' },
    ],
    rows: [
      ['O1', '2024-01-02', 'France', 'Meta', 10], ['O2', '2024-01-03', 'France', 'Google', 20], ['O3', '2024-02-01', 'Spain', 'Meta', 30],
      ['O4', '2024-02-05', 'Spain', null, 40], ['O5', '2025-03-01', 'Italy', 'TikTok', 50],
    ],
  },
  {
    sqlName: 'feedback', file: 'feedback.xlsx', sheet: 'Feedback',
    columns: [{ name: 'Ticket', type: 'text', concept: 'identifier' }, { name: 'Category', type: 'text' }, { name: 'Type', type: 'text' }],
    rows: [['F1', 'Delivery', 'Complaint'], ['F2', 'Billing', 'Complaint'], ['F3', 'Delivery', 'Praise'], ['F4', 'Product', 'Question']],
  },
  {
    sqlName: 'seasons', file: 'seasons.csv',
    columns: [{ name: 'Year', type: 'text' }, { name: 'League', type: 'text' }, { name: 'Playoffs', type: 'text' }],
    rows: [['1934/35', 'ASL', 'No playoff'], ['1935/36', 'ASL', 'Final'], ['1936/37', 'ASL', 'No playoff'], ['1937/38', 'ASL', null]],
  },
];
const tables = new Map(specs.map((spec) => [spec.sqlName, catalogTable(spec)]));
let db: PGlite;

beforeAll(async () => {
  db = await createTestDatabase(specs);
});
afterAll(async () => {
  await db.close();
});

function plan(question: string, name: string) {
  return planQuestion(question, [tables.get(name)].filter((t) => t !== undefined), { today: new Date('2025-04-10T00:00:00Z') });
}

async function value(question: string, name: string): Promise<number | null> {
  const planned = plan(question, name);
  if (planned.kind !== 'sql') throw new Error(`declined: ${planned.reason}`);
  const result = await db.query<Record<string, unknown>>(planned.sql);
  expect(result.rows).toHaveLength(1);
  const cell = Object.values(result.rows[0])[0];
  return cell === null ? null : Number(cell);
}

describe('planQuestion: a negation reaches its value or the question is declined', () => {
  it('negates the value after a verb or "about" ("did not come from", "were not about")', async () => {
    expect(await value('How many feedback entries were not about Delivery?', 'feedback')).toBe(2);
    expect(await value('How many feedback entries were not complaints?', 'feedback')).toBe(2);
    // the blank platform is unknown: left out, and the explanation says so (reviewer finding)
    expect(await value('How many orders did not come from Meta?', 'orders')).toBe(2);
    expect(await value("How many orders didn't come from Meta?", 'orders')).toBe(2);
    expect(await value('How many orders never came from Meta?', 'orders')).toBe(2);
    const planned = plan('How many orders did not come from Meta?', 'orders');
    expect(planned.kind === 'sql' && planned.explanation).toContain('blank Ad Platform cells left out');
  });

  it('reads "no" only as a blank condition or as the first word of a value, never as filler', async () => {
    expect(await value('How many orders had no ad platform?', 'orders')).toBe(1);
    // "no Meta" is neither: declined rather than counting the Meta orders
    expect(plan('How many orders with no Meta platform?', 'orders').kind).toBe('declined');
    expect(await value('How many seasons had no playoff?', 'seasons')).toBe(2);
    // the blank Playoffs cell is not "No playoff": "no playoffs" is the value, the blank stays out
    expect(plan('How many seasons had no playoffs?', 'seasons').kind).toBe('sql');
    expect(await value('How many seasons had no playoffs?', 'seasons')).toBe(2);
  });

  it('negates the numerator of a share', async () => {
    expect(await value('What share of orders did not come from France?', 'orders')).toBeCloseTo(60, 6);
  });

  it('declines when the negation lands on no value it can negate', () => {
    const declined = plan('How many orders were not in 2024?', 'orders');
    expect(declined.kind).toBe('declined');
    if (declined.kind === 'declined') expect(declined.reason).toContain('negation');
    expect(plan('What revenue did not come in 2024?', 'orders').kind).toBe('declined');
  });
});

describe('planQuestion: counting the values a noun names', () => {
  it('counts the distinct values for "how many countries are there"', async () => {
    expect(await value('How many countries are there?', 'orders')).toBe(3);
  });

  it('marks a repeat-ambiguous distinct count so a NULL result declines instead of "no value"', async () => {
    const planned = plan('How many countries had orders from Meta?', 'orders');
    expect(planned.kind).toBe('sql');
    if (planned.kind !== 'sql') return;
    expect(planned.declineIfNull).toContain('Country');
    // the Meta rows (France, Spain) have one country each: both readings agree, so a number comes back
    expect(await value('How many countries had orders from Meta?', 'orders')).toBe(2);
  });

  it('takes "how many countries were there" (what happened, each row may be one) as both readings: no value when they differ', async () => {
    const planned = plan('How many countries were there?', 'orders');
    expect(planned.kind).toBe('sql');
    if (planned.kind !== 'sql') return;
    expect(planned.declineIfNull).toContain('number of rows and of different Country values');
    expect(await value('How many countries were there?', 'orders')).toBeNull();
    expect(await value('How many different countries were there?', 'orders')).toBe(3);
    // the rows count as such when no column is named
    expect(await value('How many feedback entries were there?', 'feedback')).toBe(4);
    // each order once per row: both readings agree
    expect(await value('How many orders were there?', 'orders')).toBe(5);
  });
});
