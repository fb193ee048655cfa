import { describe, expect, it } from 'vitest';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { planQuestion } from './plan-question.js';

/*
 * "Which constructor won the most races?" over a table of races: the rows are counted per
 * value of the column asked for. The plural of a money column's name ("wins" over "Win $")
 * counts things, never their money.
 */

const races: TableSpec = {
  sqlName: 'races', file: 'season.csv',
  columns: [
    { name: 'Round', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Grand Prix', type: 'text' },
    { name: 'Pole Position', type: 'text' }, { name: 'Winning Driver', type: 'text' }, { name: 'Constructor', type: 'text' },
  ],
  rows: [
    [1, 'Australian', 'Ann Ames', 'Bo Berg', 'Ferrari'], [2, 'Malaysian', 'Bo Berg', 'Bo Berg', 'Ferrari'], [3, 'Bahrain', 'Cy Cole', 'Ann Ames', 'McLaren'],
    [4, 'Spanish', 'Ann Ames', 'Cy Cole', 'Williams'], [5, 'Monaco', 'Bo Berg', 'Bo Berg', 'Ferrari'], [6, 'Canadian', 'Cy Cole', 'Ann Ames', 'McLaren'],
  ],
};
const stakes: TableSpec = {
  sqlName: 'stakes', file: 'stakes.csv',
  columns: [
    { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Jockey', type: 'text' },
    { name: 'Win $', type: 'integer', unit: 'currency' },
  ],
  rows: [[2010, 'Ann Ames', 500000], [2011, 'Bo Berg', 90000], [2012, 'Bo Berg', 80000], [2013, 'Cy Cole', 60000]],
};
const standings: TableSpec = {
  sqlName: 'standings', file: 'standings.csv',
  columns: [{ name: 'Team', type: 'text' }, { name: 'Won', type: 'integer' }, { name: 'Lost', type: 'integer' }, { name: 'Points', type: 'integer' }],
  rows: [['Avon', 12, 2, 36], ['Brent', 10, 4, 30], ['Calder', 7, 7, 21]],
};

// a singer's releases, one a row (WTQ 204-817 in small)
const discography: TableSpec = {
  sqlName: 'discography', file: 'singles.csv',
  columns: [{ name: 'Title', type: 'text' }, { name: 'Label', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [['Your Love', 'Burn', 2009], ['Left To Right', 'Wearhouse', 2010], ['Fresh', 'Wearhouse', 2010], ['Crush', 'Burn', 2011]],
};

const { db } = useTestTables([races, stakes, standings, discography]);

/** The first label of the ranked answer, or the decline reason. */
async function top(spec: TableSpec, question: string): Promise<unknown> {
  const plan = planQuestion(question, [catalogTable(spec)]);
  if (plan.kind !== 'sql') return `declined: ${plan.reason}`;
  const result = await db().query<Record<string, unknown>>(plan.sql);
  return result.rows[0]?.[result.fields[0].name];
}

describe('planQuestion: the most rows per value', () => {
  it('counts the rows per value of the column asked for ("won the most races")', async () => {
    expect(await top(races, 'which constructor won the most races?')).toBe('Ferrari');
    expect(await top(races, 'which driver won the most races?')).toBe('Bo Berg');
    expect(await top(races, 'which constructor won the fewest races?')).toBe('Williams');
  });

  it('counts the rows per year when the column asked for is a Year of integers', async () => {
    expect(await top(discography, 'which year had the most releases?')).toBe('2010');
    expect(await top(discography, 'which year had the most points?')).toMatch(/^declined/);
  });

  it('declines an amount noun no column holds, a verb other than getting, and a noun another column names', async () => {
    expect(await top(races, 'which constructor won the most points?')).toMatch(/^declined/);
    expect(await top(races, 'which constructor lost the most races?')).toMatch(/^declined/);
    expect(await top(races, 'which constructor won the most poles?')).toMatch(/^declined/);
  });

  it('never counts rows where the verb names a measure column ("won" over Won)', async () => {
    const plan = planQuestion('which team won the most games?', [catalogTable(standings)]);
    expect(plan.kind === 'sql' ? plan.sql : '').not.toMatch(/count\(\*\)/);
  });

  // Before, "wins" named the prize column "Win $", and the jockey with the most prize money was named.
  it('declines "the most wins" over a money column named "Win $"', async () => {
    expect(await top(stakes, 'which jockey has the most wins?')).toMatch(/^declined/);
    expect(await top(stakes, 'which jockey won the most money?')).toBe('Ann Ames');
  });

  it('reads "winnings" as the money column ("Win $")', async () => {
    expect(await top(stakes, 'how many years were the winnings more than $85,000?')).toBe(2);
    expect(await top(stakes, 'which jockey had the most winnings?')).toBe('Ann Ames');
  });
});
