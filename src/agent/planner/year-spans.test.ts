import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, createTestDatabase, type TableSpec } from './__fixtures__/test-catalog.js';

// Year spans written in one cell ("1990–2000"): the length asked by "how many years …".
const scorers: TableSpec = {
  sqlName: 'scorers', file: 'scorers.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'Goals', type: 'integer' }, { name: 'Career', type: 'text' }],
  rows: [['Landon Donovan', 57, '2000–present'], ['Eric Wynalda', 34, '1990–2000'], ['Brian McBride', 30, '1993-2006'], ['Cobi Jones', 15, '1992–2004']],
};
const roster: TableSpec = {
  sqlName: 'roster', file: 'roster.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'Goals', type: 'integer' }],
  rows: [['Ann Ames', 3], ['Bo Berg', 5]],
};
const specs = [scorers, roster];
let db: PGlite;

beforeAll(async () => {
  db = await createTestDatabase(specs);
});
afterAll(async () => {
  await db.close();
});

async function ask(question: string) {
  const plan = planQuestion(question, [catalogTable(scorers)]);
  if (plan.kind !== 'sql') return { plan, value: undefined };
  const result = await db.query<Record<string, unknown>>(plan.sql);
  const first = result.rows[0]?.[result.fields[0].name];
  return { plan, value: first === null || first === undefined ? first : Number(first) };
}

describe('yearSpanColumn: "how many years" over a column of year spans', () => {
  it('answers the end year minus the start year of the row asked', async () => {
    expect((await ask("How many years was Eric Wynalda's career?")).value).toBe(10);
    expect((await ask('How many years was the career of Brian McBride?')).value).toBe(13);
  });

  it('reads "how many years did X play" over the one span column; never counts rows for "years"', async () => {
    expect((await ask('How many years did Cobi Jones play?')).value).toBe(12);
    const seasons = planQuestion('How many years did Ann Ames play?', [catalogTable(roster)]);
    // no span column: "years" names nothing (it is no filler), so the one row of Ann Ames is not counted as "1 year"
    expect(seasons.kind).toBe('declined');
  });

  it('gives no value for a span still open ("2000–present")', async () => {
    const { plan, value } = await ask("How many years was Landon Donovan's career?");
    expect(plan.kind).toBe('sql');
    expect(value).toBeNull();
  });

  it('declines without a row, and for totals or averages of spans', async () => {
    expect((await ask('How many years was the career?')).value).toBeUndefined();
    expect((await ask('What is the average number of years of a career?')).value).toBeUndefined();
  });
});
