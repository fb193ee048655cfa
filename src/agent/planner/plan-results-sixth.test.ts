import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings of one team's list of games found on eval/wtq-extra in the sixth session: the margin
 * a game was won by as a condition ("won by 7 points"), who scored when a "by" phrase or the
 * opponents say it, a team named as the owner of the amount ("the Rams' largest margin"). The
 * tables are small and invented; every expected number is counted by hand from their rows.
 */

// a college season: W/L before the winner's score ("L 23–24" is a loss by 1)
const tide: TableSpec = {
  sqlName: 'season94', file: '203-62.csv',
  columns: [{ name: 'Date', type: 'text' }, { name: 'Opponent#', type: 'text' }, { name: 'Site', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    ['September 3', 'Chattanooga', 'Legion Field', 'W 42–13', 82109], ['September 10', 'Vanderbilt', 'Bryant–Denny Stadium', 'W 17–7', 70123],
    ['September 17', 'at Arkansas', 'Razorback Stadium', 'W 13–6', 52089], ['October 1', 'Georgia', 'Bryant–Denny Stadium', 'W 29–28', 70123],
    ['October 15', 'at Tennessee', 'Neyland Stadium', 'W 24–17', 96856], ['November 5', 'at LSU', 'Tiger Stadium', 'W 35–17', 75453],
    ['December 3', 'Florida', 'Georgia Dome', 'L 23–24', 74751], ['January 2', 'Ohio State', 'Citrus Bowl', 'W 24–17', 71195],
  ],
};
// a season with the score beside an outcome column: the Score header is a name the verb "scored" also matches
const riders: TableSpec = {
  sqlName: 'riders', file: '204-993.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Opponent', type: 'text' }, { name: 'Score', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [[1, 'at Toronto Argonauts', '13–6', 'Loss'], [2, 'at Montreal Alouettes', '21–2', 'Loss'], [3, 'at Toronto Argonauts', '12–5', 'Win'], [4, 'at Hamilton Tiger-Cats', '45–0', 'Loss'], [5, 'vs. Montreal Alouettes', '14–12', 'Win']],
};

// a league season from August to May, each game's crowd: Millwall played twice
const league: TableSpec = {
  sqlName: 'league', file: '204-848.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Opponents', type: 'text' }, { name: 'Venue', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    ['1950-08-19', 'Nottingham Forest', 'H', '0–2', 16595], ['1950-09-07', 'Watford', 'A', '2–0', 9451], ['1950-10-07', 'Millwall', 'H', '2–3', 13129],
    ['1951-02-24', 'Millwall', 'A', '4–2', 15788], ['1951-05-05', 'Watford', 'H', '1–1', 11000],
  ],
};
// two seasons' games: a day with no year is on two dates
const twoSeasons: TableSpec = {
  ...league, sqlName: 'two_seasons', file: 'two_seasons.csv',
  rows: [['1950-10-07', 'Millwall', 'H', '2–3', 13129], ['1951-10-07', 'Watford', 'A', '1–0', 9000], ['1951-11-03', 'Millwall', 'A', '0–0', 12000]],
};

// matches between two named sides: whose number is first does not matter to their sum
const bowling: TableSpec = {
  sqlName: 'bowling', file: '203-380.csv',
  columns: [{ name: 'Match no.', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Team Europe', type: 'text' }, { name: 'Score', type: 'text' }, { name: 'Team USA', type: 'text' }],
  rows: [[25, 'Koivuniemi', '217 - 279', 'Barnes'], [26, 'Palermaa', '217 - 244', 'Jones'], [27, 'Moor', '210 - 199', 'Mack'], [30, 'Team Europe', '202 - 203', 'Team USA']],
};

const { ask } = useTestTables([tide, riders, league, twoSeasons, bowling]);

describe('planQuestion: "won by N" as a condition on the margin', () => {
  it('counts the wins by exactly, or more than, a number of points', async () => {
    // margins of the wins: 29, 10, 7, 1, 7, 18, 7
    expect((await ask(tide, 'how many wins did the tide have by 7 points.')).value).toBe(3);
    expect((await ask(tide, 'how many games did the team win by 7 points?')).value).toBe(3);
    expect((await ask(tide, 'how many games did they win by at least 10 points?')).value).toBe(3);
    expect((await ask(tide, 'how many games did they win by more than 10 points?')).value).toBe(2);
    expect((await ask(tide, 'how many games did they lose by 1 point?')).value).toBe(1);
  });

  it('never reads a number after "by" as a margin without an outcome word before it', async () => {
    expect((await ask(tide, 'how many games were decided by 7 points?')).plan.kind).toBe('declined');
    expect((await ask(tide, 'how many games did they win by 7 points per game?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: whose score a "by" phrase or the opponents name', () => {
  it('reads "scored by the tide" as the team\'s points, "by the opponents" as theirs', async () => {
    // the last 3 games: 35 + 23 + 24 for the team, 17 + 24 + 17 against
    expect((await ask(tide, 'what was the total number of points scored by the tide in the last 3 games combined.')).value).toBe(82);
    expect((await ask(tide, 'how many points were scored by the opponents in the last 3 games?')).value).toBe(58);
  });

  it('reads "by an opponent" and "did the opponents score" over a Score column as the opponent\'s score', async () => {
    // the opponents' scores: 13, 21, 5, 45, 12
    expect((await ask(riders, 'what is the highest amount of points scored in a game by an opponent?')).value).toBe(45);
    expect((await ask(riders, 'how many points did the opponents score?')).value).toBe(96);
    expect((await ask(riders, 'how many points did the opposing team score?')).value).toBe(96);
  });

  it('declines a "by" phrase naming neither side, or a name written in the cells', async () => {
    expect((await ask(tide, 'how many points were scored by the end of october?')).plan.kind).toBe('declined');
    expect((await ask(riders, 'how many points were scored by toronto argonauts?')).plan.kind).toBe('declined');
    expect((await ask(riders, 'what is the highest amount of points scored in a game?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: the team named as the owner of a margin', () => {
  it('reads "the rams\' largest margin of victory" as the team\'s', async () => {
    expect((await ask(tide, 'what was the tide\'s largest margin of victory?')).value).toBe(29);
    expect((await ask(tide, 'what was the tides\' largest margin of victory?')).value).toBe(29);
  });

  it('never reads the word before "margin" as a team\'s name (it was summed as "the narrowest margin")', async () => {
    expect((await ask(tide, 'what was the narrowest margin of victory?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: the games of a team\'s list named by their Opponent, date and "the game"', () => {
  it('reads "against Millwall" as the Opponent named, and "the October 7th game" as the one game of that day in the season', async () => {
    expect((await ask(league, 'how many games against millwall?')).value).toBe(2);
    expect((await ask(league, 'what is the number of fans who attended the october 7th game against millwall this season?')).value).toBe(13129);
    expect((await ask(league, 'what was the attendance of the game on october 7th?')).value).toBe(13129);
    expect((await ask(league, 'how many games were played in may?')).value).toBe(1);
  });

  it('gives the value of one game only when the conditions keep one row, never the sum of two', async () => {
    const two = await ask(league, 'what was the attendance of the game against millwall?');
    expect(two.value ?? null).toBeNull();
    // plural games are a total
    expect((await ask(league, 'how many people attended the games against millwall?')).value).toBe(28917);
  });

  it('declines a count over "the game", and a day with no year over dates of more than a year', async () => {
    expect((await ask(league, 'how many games were there in the game against watford on may 5?')).plan.kind).toBe('declined');
    expect((await ask(twoSeasons, 'what was the attendance of the game on october 7th?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: both sides\' score added up', () => {
  it('reads "combined score" over matches between two named sides', async () => {
    // totals: 496, 461, 409, 405
    expect((await ask(bowling, 'how many matches had a combined score above 450?')).value).toBe(2);
  });

  it('reads "goals scored in the game" with no scorer as the one game\'s whole score', async () => {
    // the Millwall game of October 7th: 2–3
    expect((await ask(league, 'what was the total number of goals scored in the game between reading and millwall on october 7th?')).value).toBe(5);
    expect((await ask(league, 'how many goals were scored in the game against nottingham forest?')).value).toBe(2);
  });

  it('declines "the game" with nothing naming it, and a total score with no "combined"', async () => {
    expect((await ask(league, 'how many goals were scored in the game?')).plan.kind).toBe('declined');
    expect((await ask(bowling, 'what was the total score?')).plan.kind).toBe('declined');
    // two Millwall games: no one value
    expect((await ask(league, 'how many goals were scored in the game against millwall?')).value ?? null).toBeNull();
  });
});
