import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings and guards added in the twentieth session, from declines and wrong answers over the
 * dev sets' tables and pre-existing wrong answers a break-it review had found. The tables are
 * small and invented; the expected numbers come from their rows.
 */

// one race's winners, a year a row, with the race time of each
const winners: TableSpec = {
  sqlName: 'winners', file: '204-604.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Driver', type: 'text' }, { name: 'Manufacturer', type: 'text' }, { name: 'Race Time', type: 'text' }, { name: 'Laps', type: 'integer' }],
  rows: [
    [1997, 'Jeff Gordon', 'Chevrolet', '3:13:32', 250],
    [1998, 'Mark Martin', 'Ford', '3:33:57', 250],
    [1999, 'Jeff Gordon', 'Chevrolet', '2:47:04', 250],
    [2000, 'Jeremy Mayfield', 'Ford', '2:53:59', 250],
  ],
};

describe('"how many times" names no column of times', () => {
  const { ask } = useTestTables([winners]);

  it('counts the rows kept, never reads the "times" counted as Race Time', async () => {
    const answer = await ask(winners, 'how many times has chevrolet appeared?');
    expect(answer.value).toBe(2);
    expect(answer.plan.kind === 'sql' ? answer.plan.sql : '').not.toMatch(/race_time/);
  });
});

// a squad's scoring
const players: TableSpec = {
  sqlName: 'players', file: 'players.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'Club', type: 'text' }, { name: 'Goals', type: 'integer' }, { name: 'Assists', type: 'integer' }],
  rows: [['Ann', 'Reds', 12, 3], ['Bea', 'Blues', 4, 11], ['Cat', 'Reds', 2, 2], ['Dee', 'Greens', 15, 12]],
};

describe('one bound said of two columns joined by "or"', () => {
  const { ask } = useTestTables([players]);

  it('declines "goals or assists over 10" (was the Goals of the rows with Assists over 10 added up)', async () => {
    for (const question of ['list the players with goals or assists over 10', 'how many players had goals or assists over 10?']) {
      const answer = await ask(players, question);
      expect(answer.value).toBeUndefined();
      expect(answer.plan.kind === 'declined' ? answer.plan.reason : '').toMatch(/joins two columns/);
    }
  });

  it('still reads values of one column joined by "or" and a bound on one column', async () => {
    expect((await ask(players, 'how many players from reds or blues had over 3 goals?')).value).toBe(2);
    expect((await ask(players, 'how many players had more than 10 assists?')).value).toBe(2);
  });
});

// a team's games: the game's score, and the league points it earned
const games: TableSpec = {
  sqlName: 'games', file: 'games.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Score', type: 'text' }, { name: 'Points', type: 'integer' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    [1, 'Lions', 'W', '24–10', 2, 30000],
    [2, 'Bears', 'L', '14–21', 0, 41000],
    [3, 'Eagles', 'W', '31–3', 2, 28000],
    [4, 'Lions', 'W', '17–16', 2, 35000],
  ],
};

describe('a game list with a Score of both sides and league Points', () => {
  const { ask } = useTestTables([games]);

  it('declines "how many games scored more than 20 points" (was a count of Points over 20: 0)', async () => {
    expect((await ask(games, 'how many games scored more than 20 points?')).value).toBeUndefined();
    expect((await ask(games, 'in how many games did the team score more than 20 points?')).value).toBeUndefined();
  });

  it('still reads a bound on Points said without the verb of scoring', async () => {
    expect((await ask(games, 'how many games had more than 1 points?')).value).toBe(3);
  });

  it('reads "the attendance when playing X" as one game\'s value, declined where X was met twice', async () => {
    expect((await ask(games, 'what was the attendance when playing the eagles?')).value).toBe(28000);
    expect((await ask(games, 'what was the attendance when playing the lions?')).value ?? null).toBeNull();
    expect((await ask(games, 'what was the total attendance when playing the lions?')).value).toBe(65000);
  });
});

// a list of office holders and their parties
const ministers: TableSpec = {
  sqlName: 'ministers', file: 'ministers.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Term start', type: 'integer' }, { name: 'Political Party', type: 'text' }],
  rows: [['Ann Lee', 1955, 'Sangkum'], ['Bo Chan', 1958, 'Sangkum'], ['Cy Dao', 1970, 'Khmer Republic'], ['Di Ek', 1972, 'Independent']],
};

describe('verbs of belonging that only state a value of the row', () => {
  const { ask } = useTestTables([ministers]);

  it('reads "affiliated with" and "associated with" as the value named', async () => {
    expect((await ask(ministers, 'how many ministers were affiliated with the sangkum party?')).value).toBe(2);
    expect((await ask(ministers, 'how many ministers were associated with the independent party?')).value).toBe(1);
  });
});
