import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, createTestDatabase, type TableSpec } from './__fixtures__/test-catalog.js';

const finals: (string | number)[][] = [
  ['Winner', 'Clay', 'Monte Carlo', 'Guillermo Coria'], ['Winner', 'Clay', 'Rome', 'Guillermo Coria'],
  ['Runner-up', 'Hard', 'Miami', 'Andre Agassi'], ['Winner', 'Grass', 'Halle', 'Marat Safin'],
];
const finalsColumns: TableSpec['columns'] = [
  { name: 'Outcome', type: 'text' }, { name: 'Surface', type: 'text' }, { name: 'Tournament', type: 'text' }, { name: 'Opponent', type: 'text' },
];
const specs: TableSpec[] = [
  { sqlName: 'finals', file: '203-388.csv', columns: finalsColumns, rows: finals },
  { sqlName: 'named_finals', file: 'tennis_finals.csv', columns: finalsColumns, rows: finals },
  {
    sqlName: 'plan', file: 'media_plan.xlsx', sheet: 'Plan', title: 'Q1 Media Plan',
    columns: [
      { name: 'Channel', type: 'text' }, { name: 'Spend Budget', type: 'decimal', unit: 'currency' },
      { name: 'Spend Actual', type: 'decimal', unit: 'currency' }, { name: 'Conversions', type: 'integer' },
    ],
    rows: [['Social', 1000, 900, 10], ['Search', 500, 700, 0], ['Display', 300, 350, 4]],
  },
  {
    sqlName: 'orders', file: 'orders.csv',
    columns: [{ name: 'order_id', type: 'text', concept: 'identifier' }, { name: 'ad_platform', type: 'text' }, { name: 'conversions', type: 'integer' }],
    rows: [['O1', 'Meta', 1], ['O2', 'Meta', 0], ['O3', 'Google', 2], ['O4', 'Meta', 3]],
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

function plan(question: string, names: string[]) {
  return planQuestion(question, names.map((n) => tables.get(n)!), { today: new Date('2025-04-10T00:00:00Z') });
}

async function value(question: string, names: string[]): Promise<unknown> {
  const planned = plan(question, names);
  if (planned.kind !== 'sql') throw new Error(`declined: ${planned.reason}`);
  const result = await db.query<Record<string, unknown>>(planned.sql);
  expect(result.rows).toHaveLength(1);
  return Object.values(result.rows[0])[0];
}

describe('planQuestion: a name over a table that nothing names', () => {
  it('reads a name in subject position as who the table is about, and says that it was not checked', async () => {
    const planned = plan('how many times did Federer win on clay?', ['finals']);
    expect(planned.kind === 'sql' && planned.explanation, planned.kind === 'declined' ? planned.reason : '').toMatch(/'federer' is read as who or what 203-388\.csv is about: .*not checked/);
    expect(await value('how many times did Federer win on clay?', ['finals'])).toBe(2);
  });

  it('still declines a name that is almost a value of the table (a misspelt opponent), or a number', () => {
    expect(plan('how many finals did Agasi win?', ['finals']).kind).toBe('declined');
    expect(plan('how many finals did no one win?', ['finals']).kind).toBe('declined');
  });
});

describe('planQuestion declines words it would otherwise drop', () => {
  it('declines a name the table neither holds nor is named after', () => {
    expect(plan('how many finals did Nadal win?', ['named_finals']).kind).toBe('declined');
    expect(plan('how many times did Federer win on clay?', ['named_finals']).kind).toBe('declined');
    expect(plan('How much did Unilever spend in total?', ['plan']).kind).toBe('declined');
    expect(plan('How much did Acme spend on Social?', ['plan']).kind).toBe('declined');
  });

  it('reads "rate" as the name of a ratio the question defines', async () => {
    expect(Number(await value('What was the spend rate, i.e. spend actual as a percentage of spend budget?', ['plan']))).toBeCloseTo((1950 / 1800) * 100, 6);
  });

  it('never reads "X rate" as the sum of X', () => {
    expect(plan('What is the total conversion rate?', ['plan', 'orders']).kind).toBe('declined');
    expect(plan('What is the conversion rate?', ['orders']).kind).toBe('declined');
  });

  it('never reads "ratio" as filler outside "ratio of A to B" (reviewer finding)', async () => {
    expect(plan('What is the conversions ratio for Meta?', ['orders']).kind).toBe('declined');
    expect(plan('What is the spend ratio of Social?', ['plan']).kind).toBe('declined');
    expect(Number(await value('What is the ratio of spend actual to spend budget?', ['plan']))).toBeCloseTo(1950 / 1800, 6);
  });

  it('declines "over budget" (a distance from the budget), not the largest budget', () => {
    expect(plan('Which channel went most over budget?', ['plan']).kind).toBe('declined');
    expect(plan('Which channel was furthest under its budget?', ['plan']).kind).toBe('declined');
  });

  it('declines "how many times did Meta drive a conversion" instead of counting every Meta row', async () => {
    expect(plan('How many times did Meta drive a conversion?', ['orders']).kind).toBe('declined');
    expect(Number(await value('How many orders came from Meta?', ['orders']))).toBe(3);
  });
});
