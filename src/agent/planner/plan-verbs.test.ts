import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Verbs that carry no filter or measure meaning of their own: "achieve" and "record" as the
 * verb of an amount a measure column holds, "consist of" as the rows a table lists. They pass
 * only when every other word is mapped; a verb that is itself the question ("what did he
 * achieve"), or an amount the question names but does not use, still declines.
 */

// one rider's seasons: the Season column of years is typed as a number, as the ingest may read it
const seasons: TableSpec = {
  sqlName: 'seasons', file: 'seasons.csv',
  columns: [
    { name: 'Season', type: 'integer' }, { name: 'Team', type: 'text' }, { name: 'Races', type: 'integer' },
    { name: 'Wins', type: 'integer' }, { name: 'Points', type: 'integer' }, { name: 'Position', type: 'text' },
  ],
  rows: [[2008, 'Ducati', 18, 2, 210, '5th'], [2009, 'Ducati', 18, 4, 260, '3rd'], [2010, 'Honda', 17, 0, 150, '8th'], [2011, 'Honda', 18, 6, 320, '1st']],
};
const jumps: TableSpec = {
  sqlName: 'jumps', file: 'jumps.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Competition', type: 'text' }, { name: 'Venue', type: 'text' }, { name: 'Position', type: 'text' }],
  rows: [[1999, 'World Youth Championships', 'Bydgoszcz, Poland', '13th'], [2003, 'European U23 Championships', 'Bydgoszcz, Poland', '7th'], [2010, 'European Championships', 'Barcelona, Spain', '3rd']],
};
const games: TableSpec = {
  sqlName: 'games', file: 'games.csv',
  columns: [
    { name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Nation', type: 'text' },
    { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }, { name: 'Bronze', type: 'integer' }, { name: 'Total', type: 'integer' },
  ],
  rows: [[1, 'Norway', 9, 5, 4, 18], [2, 'Canada', 6, 7, 3, 16], [3, 'Austria', 0, 4, 2, 6], [4, 'Japan', 0, 1, 3, 4], [5, 'Chile', 1, 0, 0, 1]],
};
const rounds: TableSpec = {
  sqlName: 'rounds', file: 'rounds.csv',
  columns: [{ name: 'Rd.', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Circuit', type: 'text' }, { name: 'Winner', type: 'text' }],
  rows: [[1, 'Adelaide', 'Ann Ames'], [2, 'Winton', 'Bo Berg'], [3, 'Sandown', 'Ann Ames']],
};

// one driver's Indianapolis 500 starts: the laps he completed and, of those, the laps he led
const starts: TableSpec = {
  sqlName: 'starts', file: 'starts.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Car', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Laps', type: 'integer' }, { name: 'Led', type: 'integer' }],
  rows: [[1926, 31, 142, 0], [1927, 27, 200, 0], [1928, 8, 200, 33], [1938, 12, 130, 5]],
};

// a singer's chart runs: one row per song and chart; one song shares its album's name
const charts: TableSpec = {
  sqlName: 'charts', file: 'charts.csv',
  columns: [
    { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Song', type: 'text' }, { name: 'Album', type: 'text' },
    { name: 'Position', type: 'integer', aggregation: 'none' }, { name: 'Chart', type: 'text' },
  ],
  rows: [
    [1987, 'Summergirls', '24/7', 50, 'Billboard Hot 100'], [1989, '24/7', '24/7', 42, 'Billboard Hot 100'], [1989, '24/7', '24/7', 12, 'Hot R&B Songs'],
    [1989, 'I Like It', '24/7', 7, 'Billboard Hot 100'], [1990, 'Romeo', 'Swingin', 6, 'Billboard Hot 100'],
  ],
};

// a singer's singles, several a year
const singles: TableSpec = {
  sqlName: 'singles', file: 'singles.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Single', type: 'text' }, { name: 'Album', type: 'text' }],
  rows: [[1968, 'Dearly Beloved', 'First'], [1968, 'Wichita', 'First'], [1969, 'Galveston', 'First'], [1971, 'Rhinestone', 'Second'], [1971, 'Southern Nights', 'Second'], [1971, 'Gentle', 'Second']],
};

// a team's all-time roster: two players wore 44
const roster: TableSpec = {
  sqlName: 'roster', file: 'roster.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'No.', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Position', type: 'text' }],
  rows: [['Jim Farmer', 30, 'Guard'], ['Derek Fisher', 2, 'Guard'], ['Kyrylo Fesenko', 44, 'Center'], ['Greg Foster', 44, 'Forward']],
};

const { ask } = useTestTables([seasons, jumps, rounds, games, starts, charts, singles, roster]);

describe('planQuestion: verbs of an amount and of membership', () => {
  it('reads "achieve", "record" and "rack up" as the verb of the amount a measure holds', async () => {
    expect((await ask(seasons, 'how many points did he achieve in 2009?')).value).toBe(260);
    expect((await ask(seasons, 'how many wins did he achieve with honda?')).value).toBe(6);
    expect((await ask(seasons, 'how many points did he record with ducati?')).value).toBe(470);
    expect((await ask(seasons, 'how many points did he rack up in 2011?')).value).toBe(320);
  });

  it('reads "won" as the verb of the amount in "won no gold medals" and "won more than 10 total medals"', async () => {
    expect((await ask(games, 'how many nations won no gold medals?')).value).toBe(2);
    expect((await ask(games, 'how many nations won more than 10 total medals?')).value).toBe(2);
    // "did not win a gold medal", "didn't win any": the nations that won none
    expect((await ask(games, 'how many nations did not win a gold medal?')).value).toBe(2);
    expect((await ask(games, "how many nations didn't win any gold medals?")).value).toBe(2);
    // "the fewest total medals": the amount after the superlative, with its "total"
    const fewest = await ask(games, 'which nation won the fewest total medals?');
    expect(fewest.plan.kind === 'sql' && fewest.plan.sql, JSON.stringify(fewest.plan)).toMatch(/ORDER BY 2 ASC/);
    // "won gold medals" sets no amount: any gold, or every nation listed? the verb stays unexplained
    expect((await ask(games, 'how many nations won gold medals?')).plan.kind).toBe('declined');
  });

  it('reads "consist of" as the rows the table lists', async () => {
    expect((await ask(rounds, 'how many rounds did this championship consist of?')).value).toBe(3);
    expect((await ask(seasons, 'what are the number of times a honda was used?')).value).toBe(2);
  });

  it('declines "achieve" with no amount to be the verb of, or with a place named only as a venue', async () => {
    expect((await ask(seasons, 'what did he achieve in 2009?')).plan.kind).toBe('declined');
    expect((await ask(jumps, 'what year did poland achieve its highest position?')).plan.kind).toBe('declined');
  });

  // Before, "win" was explained by the Wins column and then every season was counted: 4.
  it('declines a count of rows when the question also names a measure it would not use ("how many seasons did he win")', async () => {
    expect((await ask(seasons, 'how many seasons did he win?')).plan.kind).toBe('declined');
    expect((await ask(seasons, 'how many seasons did he achieve?')).plan.kind).toBe('declined');
  });

  it('declines an unknown name beside a filler verb', async () => {
    expect((await ask(seasons, 'how many points did rossi achieve in 2009?')).plan.kind).toBe('declined');
    expect((await ask(rounds, 'how many rounds did the 2009 fujitsu series consist of?')).plan.kind).toBe('declined');
  });

  it('reads "race", "run" and "complete" as the verb of the laps a measure holds', async () => {
    expect((await ask(starts, 'did he race more laps in 1926 or 1938?')).value).toBe(1926);
    expect((await ask(starts, 'how many laps did he complete in 1927?')).value).toBe(200);
    // no amount asked: "race" names nothing
    expect((await ask(starts, 'how many times did he race in car 8?')).plan.kind).toBe('declined');
  });

  it('reads "lead" as the Led column beside Laps: the laps led, not every lap', async () => {
    expect((await ask(starts, 'in what year did he lead the most laps?')).value).toBe(1928);
    expect((await ask(starts, 'how many laps did he lead in 1938?')).value).toBe(5);
    expect((await ask(starts, 'what was the total number of laps led?')).value).toBe(38);
    expect((await ask(starts, 'in what year did he complete the most laps?')).plan.kind).toBe('sql');
  });

  it('reads "hit" and "reached" right before a condition on a chart or its positions as what that column records', async () => {
    expect((await ask(charts, 'what is the total number of songs to hit the billboard hot 100 from the album 24/7?')).value).toBe(3);
    expect((await ask(charts, 'how many songs reached the top 10?')).value).toBe(2);
    // no condition on a chart column: "reached" names nothing
    expect((await ask(charts, 'how many songs reached 1990?')).plan.kind).toBe('declined');
  });

  it('reads a value of two named columns as the one whose name stands right before it ("the album 24/7")', async () => {
    expect((await ask(charts, 'how many songs from the album 24/7 hit the billboard hot 100 in 1989?')).value).toBe(2);
    expect((await ask(charts, 'how many times did the song 24/7 chart?')).value).toBe(2);
  });

  it('reads "released" over the years of every row as what the one Year column records, and counts the different years', async () => {
    expect((await ask(singles, 'what is the total number of years he released any singles?')).value).toBe(3);
    expect((await ask(singles, 'which year had the most releases?')).value).toBe(1971);
    // one row's year: the Year of a list may be another event's (an award's), so "released" stays unexplained
    expect((await ask(singles, 'what year was galveston released?')).plan.kind).toBe('declined');
    expect((await ask(singles, 'how many years was he born?')).plan.kind).toBe('declined');
  });

  it('reads "named" right before a value as the name the row goes by, and "when" as the one Year of the row a value picks', async () => {
    expect((await ask(singles, 'when did the artist make his/her single named dearly beloved?')).value).toBe(1968);
    expect((await ask(singles, 'when was the single galveston made?')).value).toBe(1969);
    // a value of several rows (an album's singles date the singles, not the album); no row named, nothing to date
    expect((await ask(singles, 'when was the album second made?')).plan.kind).toBe('declined');
    expect((await ask(singles, 'when did he make singles?')).plan.kind).toBe('declined');
  });

  it('reads "wore the number N" over a roster\'s No. column as that value', async () => {
    expect((await ask(roster, 'how many players wore the number 44?')).value).toBe(2);
    const fisher = await ask(roster, 'who wore jersey number 2?');
    expect(fisher.plan.kind === 'sql' && fisher.plan.sql, JSON.stringify(fisher.plan)).toMatch(/"no" = 2/);
    // no shirt said: "number 30" may be a place, so it stays unexplained
    expect((await ask(roster, 'what position was number 30?')).plan.kind).toBe('declined');
  });
});
