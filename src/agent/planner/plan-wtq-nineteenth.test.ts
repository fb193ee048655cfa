import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings and guards added in the nineteenth session, from declines and wrong answers over the
 * dev sets' tables. The tables are small and invented; the expected numbers come from their rows.
 */

// a club's league games, one opponent met twice
const season: TableSpec = {
  sqlName: 'season', file: 'season.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Opponents', type: 'text' }, { name: 'Venue', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    ['1950-08-19', 'Nottingham Forest', 'H', '0–2', 16595],
    ['1950-10-07', 'Millwall', 'H', '2–3', 13129],
    ['1950-10-14', 'Bristol City', 'A', '1–2', 22930],
    ['1951-02-24', 'Millwall', 'A', '1–1', 15788],
  ],
};

describe('"what was the attendance against X" over a list of games', () => {
  const { ask } = useTestTables([season]);

  it('reads it as one game\'s value, declined where the opponent was met twice', async () => {
    expect((await ask(season, 'what was the attendance against bristol city?')).value).toBe(22930);
    const twice = await ask(season, 'what is the number of attendance for millwall?');
    expect(twice.value ?? null).toBeNull();
    expect(twice.plan.kind === 'sql' ? twice.plan.declineIfNull : '').toMatch(/names one row/);
  });

  it('still adds up the games where the question says a total or names the games', async () => {
    expect((await ask(season, 'what was the total attendance against millwall?')).value).toBe(28917);
    expect((await ask(season, 'how many people attended the games against millwall?')).value).toBe(28917);
  });
});
