import { describe, expect, it } from 'vitest';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { readScoreCell } from './score-cells.js';
import { scoreColumnsOf } from './score-columns.js';

/*
 * Questions over one team's list of games whose result cells write the score ("W 20–17",
 * "0–2", "Won" beside "2-1"), and runs of consecutive games. The tables are small and invented;
 * every expected number is counted by hand from their rows. The declines are the tables where
 * whose score comes first cannot be told, and the questions a guess would answer wrongly.
 */

// a football season as an American season page writes it: W/L before the winner's score first ("L 34–31" is a loss)
const gridiron: TableSpec = {
  sqlName: 'gridiron', file: 'gridiron.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Record', type: 'text' }],
  rows: [
    [1, 'at Eagles', 'W 20–17 (OT)', '1–0'], [2, 'Giants', 'W 35–0', '2–0'], [3, 'Saints', 'W 15–14', '3–0'], [4, 'Bye', 'Bye', 'Bye'],
    [5, 'at Jets', 'L 34–31', '3–1'], [6, 'Falcons', 'W 42–10', '4–1'], [7, 'Bears', 'L 23–24', '4–2'], [8, 'Lions', 'T 7–7', '4–2–1'],
  ],
};
// a club's league season: no outcome written, the club's own goals first against each Opponent
const club: TableSpec = {
  sqlName: 'club', file: 'club.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Opponent', type: 'text' }, { name: 'Venue', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    ['2005-08-13', 'Charlton', 'Stadium of Light', '1–3', 34446], ['2005-08-20', 'Liverpool', 'Anfield', '0–1', 44913], ['2005-09-10', 'Chelsea', 'Stamford Bridge', '0–2', 41969],
    ['2005-09-17', 'Fulham', 'Stadium of Light', '1–1', 31657], ['2005-09-25', 'Everton', 'Goodison Park', '2–0', 29583], ['2006-01-15', 'Chelsea', 'Stadium of Light', '1–2', 32420],
  ],
};
// a national team's year: the outcome in its own column, the score beside it (team first here, but the outcome decides)
const nation: TableSpec = {
  sqlName: 'nation', file: 'nation.csv',
  columns: [{ name: 'Date', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Scoreline', type: 'text' }, { name: 'China scorers', type: 'text' }],
  rows: [
    ['January 10', 'UAE', 'Drawn', '0-0', '—'], ['January 27', 'Syria', 'Won', '2-1', 'Qu Bo, Zhu Ting'], ['March 15', 'Thailand', 'Drawn', '3-3', 'Qu Bo, Han Peng, Zhu Ting'],
    ['April 16', 'Mexico', 'Lost', '0-1', '—'], ['May 25', 'Jordan', 'Won', '2-0', 'Hao Junmin, Li Weifeng'], ['Dec 17', 'Oman', 'Lost', '1-3', 'Qu Bo'],
  ],
};
// results with a Win/Loss column and the points in their own columns: one team's record too
const cowboys: TableSpec = {
  sqlName: 'season77', file: 'season77.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Result', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Points For', type: 'integer' }, { name: 'Points Against', type: 'integer' }],
  rows: [[1, 'Win', 'Vikings', 16, 10], [2, 'Win', 'Giants', 41, 21], [3, 'Loss', 'Cardinals', 17, 24], [4, 'Win', 'Eagles', 24, 14], [5, 'Win', 'Lions', 37, 0], [6, 'Win', 'Bears', 14, 7], [7, 'Loss', 'Steelers', 13, 28]],
};
// the same season with its weeks out of order: the sheet's row order is not the order of the games
const shuffled: TableSpec = {
  sqlName: 'shuffled', file: 'shuffled.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [[1, 'Eagles', 'W 20–17'], [3, 'Saints', 'W 15–14'], [2, 'Giants', 'L 35–0'], [4, 'Jets', 'W 34–31']],
};
// scores with no outcome and no Opponent column: whose number comes first is unknown
const fixtures: TableSpec = {
  sqlName: 'fixtures', file: 'fixtures.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Venue', type: 'text' }, { name: 'Score', type: 'text' }],
  rows: [['2010-05-01', 'Wembley', '2–1'], ['2010-05-08', 'Anfield', '0–3'], ['2010-05-15', 'Old Trafford', '1–1']],
};
// a list of matches between two named teams: the score is the home team's first, no row is one team's
const matches: TableSpec = {
  sqlName: 'matches', file: 'matches.csv',
  columns: [{ name: 'Home team', type: 'text' }, { name: 'Score', type: 'text' }, { name: 'Away team', type: 'text' }],
  rows: [['Arsenal', '2–1', 'Chelsea'], ['Chelsea', '0–0', 'Spurs'], ['Spurs', '1–3', 'Arsenal']],
};
// some cells write the outcome and others not: the order of the others is unknown
const mixed: TableSpec = {
  sqlName: 'mixed', file: 'mixed.csv',
  columns: [{ name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [['Ajax', 'W 2–1'], ['PSV', '1–3'], ['Feyenoord', 'L 0–2']],
};
// a win written at a level score with no tie-break: the cell contradicts itself
const contradicting: TableSpec = {
  sqlName: 'contradicting', file: 'contradicting.csv',
  columns: [{ name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [['Ajax', 'W 2–1'], ['PSV', 'W 1–1'], ['Feyenoord', 'L 0–2']],
};
// a scorers' list with a competition column of zeros, listed in the sheet's order
const scorers: TableSpec = {
  sqlName: 'scorers', file: 'scorers.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'League', type: 'integer' }, { name: 'FA Cup', type: 'integer' }],
  rows: [['Ann Ames', 5, 1], ['Bo Berg', 3, 0], ['Cy Cole', 1, 0], ['Di Dunn', 4, 0], ['Ed Eck', 11, 2], ['Flo Fox', 2, 0]],
};

// a season with a Home/Away column whose scores are the home side's first: the scorers show it (an away 0–1 with a scorer)
const homeFirst: TableSpec = {
  sqlName: 'home_first', file: 'home_first.csv',
  columns: [{ name: 'Round', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Home/Away', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Score', type: 'text' }, { name: 'Scorers', type: 'text' }],
  rows: [[1, 'Away', 'Vllaznia', '0–0', null], [2, 'Away', 'Teuta', '0–1', 'Memelli'], [3, 'Home', 'Partizani', '2–1', 'Xhafa, Lila'], [4, 'Home', 'Besa', '1–0', 'Lila']],
};
// the same with the team's own goals first: the scorers agree game by game
const teamFirst: TableSpec = {
  sqlName: 'team_first', file: 'team_first.csv',
  columns: [{ name: 'Round', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Venue', type: 'text' }, { name: 'Opponents', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Scorers', type: 'text' }],
  rows: [[1, 'H', 'Forest', '0–2', null], [2, 'A', 'Vale', '0–1', null], [3, 'A', 'Torquay', '4–3', 'Cowley, Parker 2, Roffi'], [4, 'H', 'Vale', '2–1', 'Parker, Moore']],
};
// a Home/Away column and no scorers: nothing shows whose number is first
const homeAwayOnly: TableSpec = {
  sqlName: 'home_away_only', file: 'home_away_only.csv',
  columns: [{ name: 'Opponent', type: 'text' }, { name: 'H/A', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [['Forest', 'H', '0–2'], ['Vale', 'A', '0–1'], ['Torquay', 'A', '4–3']],
};

// the same games under a header of two levels: "Results" over "Final score" and "Team record"
const grouped: TableSpec = {
  ...gridiron,
  sqlName: 'grouped', file: 'grouped.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Opponent', type: 'text' }, { name: 'Results Score', type: 'text' }, { name: 'Results Record', type: 'text' }],
};
const specs = [grouped, homeFirst, teamFirst, homeAwayOnly, gridiron, club, nation, cowboys, shuffled, fixtures, matches, mixed, contradicting, scorers];
const { ask } = useTestTables(specs);

describe('readScoreCell', () => {
  it('reads the outcome and both numbers, with overtime and tie-break notes', () => {
    expect(readScoreCell('W 20–17 (OT)')).toEqual({ first: 20, second: 17, marker: 'won', tieBreak: false });
    expect(readScoreCell('Won 4–2')).toEqual({ first: 4, second: 2, marker: 'won', tieBreak: false });
    expect(readScoreCell('1-1 (a.e.t.)')).toEqual({ first: 1, second: 1, tieBreak: false });
    expect(readScoreCell('1–1 (4–2 p)')).toEqual({ first: 1, second: 1, tieBreak: true });
  });

  it('reads no score from words it does not know or from other text', () => {
    expect(readScoreCell('3–1 agg.')).toBeUndefined();
    expect(readScoreCell('Bye')).toBeUndefined();
    expect(readScoreCell('Abandoned 1–0')).toBeUndefined();
  });
});

describe('scoreColumnsOf', () => {
  it('reads a marked column, an outcome column and a team-first column, and nothing where whose score is unclear', () => {
    expect(scoreColumnsOf(catalogTable(gridiron))?.convention).toMatch(/W\/L written in Result/);
    expect(scoreColumnsOf(catalogTable(nation))?.convention).toMatch(/^Result says who won/);
    expect(scoreColumnsOf(catalogTable(club))?.convention).toMatch(/team's own score first/);
    for (const spec of [fixtures, matches, mixed, contradicting, cowboys]) expect(scoreColumnsOf(catalogTable(spec))).toBeUndefined();
  });
});

describe('planQuestion: scores read from result cells', () => {
  it('counts games by the team\'s own score when the cells write W/L and the winner first ("L 34–31")', async () => {
    // the team's scores: 20, 35, 15, 31, 42, 23, 7 (the bye has none)
    const atMost = await ask(gridiron, 'in how many games did the rams score at most 30 points?');
    expect(atMost.value).toBe(4);
    expect(atMost.plan.kind === 'sql' && atMost.plan.explanation).toMatch(/winner's number is the larger/);
    expect((await ask(gridiron, 'in how many games did the team score at least 31 points?')).value).toBe(3);
    expect((await ask(gridiron, 'how many games did the team win?')).value).toBe(4);
    expect((await ask(gridiron, 'how many games did the team lose?')).value).toBe(2);
    expect((await ask(gridiron, 'how many points did the team allow?')).value).toBe(106);
  });

  it('reads the scores of a column named under a group header ("Results Score")', async () => {
    expect((await ask(grouped, 'how many games did the team win?')).value).toBe(4);
    expect((await ask(grouped, 'how many points did the team allow?')).value).toBe(106);
  });

  it('never reads a name written in the cells ("Jets" of "at Jets") as the team whose games these are', async () => {
    expect((await ask(gridiron, 'how many points did the jets score?')).plan.kind).toBe('declined');
    expect((await ask(gridiron, 'how many games did the jets win?')).plan.kind).toBe('declined');
  });

  it('reads an Opponent named before "score" as the opponent\'s goals, with the club\'s own goals first', async () => {
    expect((await ask(club, 'how many goals did chelsea score on 10 september 2005?')).value).toBe(2);
    expect((await ask(club, 'how many goals did chelsea score?')).value).toBe(4);
    expect((await ask(club, 'how many goals did the team score?')).value).toBe(5);
    expect((await ask(club, 'how many goals did the team concede?')).value).toBe(9);
    expect((await ask(club, 'how many games did the team lose?')).value).toBe(4);
    // an Opponent's wins are the club's losses
    expect((await ask(club, 'how many games did chelsea win?')).value).toBe(2);
  });

  it('declines where "win" may be the verb of the amount or a named Opponent\'s outcome over an outcome column', async () => {
    expect((await ask(gridiron, 'how many points did the team win?')).plan.kind).toBe('declined');
    expect((await ask(cowboys, 'how many games did the giants win?')).plan.kind).toBe('declined');
  });

  it('with a Home/Away column, reads the team\'s goals first only when the scorers agree in every game', async () => {
    expect((await ask(teamFirst, 'in how many games did the team score at least 2 goals?')).value).toBe(2);
    const homeSide = await ask(homeFirst, 'in how many games did the team score at least 1 goal?');
    expect(homeSide.plan.kind === 'sql' && homeSide.plan.declineIfNull).toMatch(/home side's/);
    expect(homeSide.value).toBeNull();
    expect((await ask(homeAwayOnly, 'in how many games did the team score at least 1 goal?')).plan.kind).toBe('declined');
  });

  it('declines where the question does not say whose score: both sides\' goals, or the whole score of a game', async () => {
    expect((await ask(club, 'how many goals were scored against chelsea?')).plan.kind).toBe('declined');
    expect((await ask(club, 'how many goals in total?')).plan.kind).toBe('declined');
    expect((await ask(club, 'what was the score against fulham?')).plan.kind).toBe('declined');
    expect((await ask(club, 'how many goals did the venue score?')).plan.kind).toBe('declined');
  });

  it('takes the outcome from its own column, and a header naming the team ("China scorers") as the team', async () => {
    // China's goals: 0, 2, 3, 0, 2, 1
    expect((await ask(nation, 'in how many games did china score at least 2 goals?')).value).toBe(3);
  });

  it('reads "won by" as the margin of the games won', async () => {
    expect((await ask(gridiron, 'what is the smallest number of points the team won by?')).value).toBe(1);
    expect((await ask(gridiron, 'what is the largest number of points the team won by?')).value).toBe(35);
  });

  it('declines when no outcome and no Opponent column tell whose number comes first', async () => {
    for (const spec of [fixtures, matches, mixed, contradicting]) {
      const result = await ask(spec, 'how many goals were scored?');
      expect(result.plan.kind).toBe('declined');
    }
    expect((await ask(matches, 'how many goals did arsenal score?')).plan.kind).toBe('declined');
  });

  it('leaves "score" and "points" unmapped in a table with no scores to read', async () => {
    const result = await ask(scorers, 'in how many games did the team score at least 2 points?');
    expect(result.plan.kind).toBe('declined');
  });
});

describe('planQuestion: consecutive rows', () => {
  it('counts the longest run in the sheet\'s row order, skipping the bye', async () => {
    const run = await ask(gridiron, 'how many consecutive games did the team win?');
    expect(run.value).toBe(3);
    expect(run.plan.kind === 'sql' && run.plan.explanation).toMatch(/sheet's row order/);
    expect((await ask(gridiron, 'how many games in a row did the team win at the beginning of the season?')).value).toBe(3);
  });

  it('counts a run of an outcome column, the name before "win" being the team', async () => {
    expect((await ask(cowboys, 'how many consecutive games did the cowboys win?')).value).toBe(3);
    expect((await ask(cowboys, 'how many consecutive games did the cowboys win at the start of the season?')).value).toBe(2);
  });

  it('gives no number when the weeks are out of sheet order', async () => {
    const run = await ask(shuffled, 'how many consecutive games did the team win?');
    expect(run.plan.kind === 'sql' && run.plan.declineIfNull).toMatch(/not in Week order/);
    expect(run.value).toBeNull();
  });

  it('declines a run over rows no column orders, unless the question speaks of the list', async () => {
    expect((await ask(scorers, 'how many consecutive players have 0 fa cup goals?')).plan.kind).toBe('declined');
  });
});
