import { describe, expect, it } from 'vitest';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { planQuestion } from './plan-question.js';

/*
 * A league table keeps the goals a team scored and those scored against it side by side
 * (Goals For, Goals Against, Goal Difference): the verb says which one "goals" is.
 */

const league: TableSpec = {
  sqlName: 'league', file: 'league.csv',
  columns: [
    { name: 'Pos', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Club', type: 'text' },
    { name: 'Won', type: 'integer' }, { name: 'Lost', type: 'integer' },
    { name: 'Goals For', type: 'integer' }, { name: 'Goals Against', type: 'integer' }, { name: 'Goal Difference', type: 'integer', aggregation: 'none' },
    { name: 'Points', type: 'integer' },
  ],
  rows: [[1, 'Avon', 12, 2, 40, 15, 25, 39], [2, 'Brent', 10, 4, 44, 20, 24, 33], [3, 'Calder', 7, 7, 28, 29, -1, 24], [4, 'Derwent', 3, 11, 18, 46, -28, 11]],
};
const baseball: TableSpec = {
  sqlName: 'baseball', file: 'baseball.csv',
  columns: [{ name: 'Team', type: 'text' }, { name: 'Runs Scored', type: 'integer' }, { name: 'Runs Allowed', type: 'integer' }],
  rows: [['Eagles', 640, 602], ['Falcons', 588, 651], ['Hawks', 702, 590]],
};

const { ask, db } = useTestTables([league, baseball]);

/** The label the top-ranked row of a "which …" question names. */
async function top(spec: TableSpec, question: string): Promise<unknown> {
  const plan = planQuestion(question, [catalogTable(spec)]);
  if (plan.kind !== 'sql') return plan.reason;
  const result = await db().query<Record<string, unknown>>(plan.sql);
  return result.rows[0]?.[result.fields[0].name];
}

describe('planQuestion: goals for and against', () => {
  it('reads "scored" as the For column and "conceded"/"allowed" as the Against column', async () => {
    expect((await ask(league, 'how many goals did brent score?')).value).toBe(44);
    expect((await ask(league, 'how many goals did brent concede?')).value).toBe(20);
    expect((await ask(league, 'how many goals has derwent allowed?')).value).toBe(46);
    expect((await ask(baseball, 'how many runs did the falcons allow?')).value).toBe(651);
    expect((await ask(league, 'how many clubs scored more than 30 goals?')).value).toBe(2);
  });

  it('ranks by the column the verb names', async () => {
    expect(await top(league, 'which club scored the most goals?')).toBe('Brent');
    expect(await top(league, 'which club conceded the fewest goals?')).toBe('Avon');
    expect(await top(baseball, 'which team scored the fewest runs?')).toBe('Falcons');
  });

  it('declines "goals" with no verb to say which column it is', async () => {
    expect((await ask(league, 'which club had the most goals?')).plan.kind).toBe('declined');
    expect((await ask(league, 'how many goals did calder have?')).plan.kind).toBe('declined');
  });
});
