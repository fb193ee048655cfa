import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * A season's games with a Venue column of codes (H, A, N): "at home", "away games" name them.
 */

const fixtures: TableSpec = {
  sqlName: 'fixtures', file: 'fixtures.csv',
  columns: [
    { name: 'Date', type: 'date' }, { name: 'Opponents', type: 'text' }, { name: 'Venue', type: 'text' },
    { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer', aggregation: 'avg' },
  ],
  rows: [
    ['1921-08-27', 'Reading', 'H', 'W', 12000], ['1921-09-03', 'Reading', 'A', 'L', 9000], ['1921-09-10', 'Millwall', 'H', 'D', 15000],
    ['1921-09-17', 'Millwall', 'A', 'W', 20000], ['1921-09-24', 'Luton', 'N', 'W', 5000], ['1921-10-01', 'Luton', 'H', 'L', 11000],
  ],
};
// H and A that are no venue codes: a column of grades also holding B
const grades: TableSpec = {
  sqlName: 'grades', file: 'grades.csv',
  columns: [{ name: 'Student', type: 'text' }, { name: 'Grade', type: 'text' }, { name: 'Score', type: 'integer' }],
  rows: [['Ann', 'A', 91], ['Bo', 'H', 75], ['Cy', 'B', 84]],
};

const { ask } = useTestTables([fixtures, grades]);

describe('planQuestion: venue codes', () => {
  it('reads "at home", "away" and "on neutral ground" as the codes H, A and N', async () => {
    expect((await ask(fixtures, 'how many games were played at home?')).value).toBe(3);
    expect((await ask(fixtures, 'how many games were played away?')).value).toBe(2);
    expect((await ask(fixtures, 'how many games were played on neutral ground?')).plan.kind).toBe('declined'); // "ground" names nothing
    expect((await ask(fixtures, 'how many neutral games were there?')).value).toBe(1);
  });

  it('reads the game noun after the venue word as the rows', async () => {
    expect((await ask(fixtures, 'what was the average attendance at home games?')).value).toBe(38000 / 3);
    expect((await ask(fixtures, 'what was the highest attendance for an away game?')).value).toBe(20000);
    expect((await ask(fixtures, 'what was the lowest attendance of the home matches?')).value).toBe(11000);
  });

  it('declines "home" and "away" over a column whose letters are not venue codes', async () => {
    expect((await ask(grades, 'what was the highest score at home?')).plan.kind).toBe('declined');
    expect((await ask(grades, 'how many students were away?')).plan.kind).toBe('declined');
  });
});
