import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings found on eval/wtq-extra in the fourth session. Who a table is about, read from the question when nothing names the table (WikiTableQuestions
 * tables come with a file name of digits only): a singer's list of awards whose Recipient says
 * "Herself", and one team's season described in full ("for the 1994 … football team"); and what
 * "the total number of games" counts beside a column of people (Attendance); verbs of handing out
 * and ordering; a Date column of years; a month over days written without a year. The tables are
 * small and invented; the expected numbers come from their rows.
 */

// a singer's awards: Recipient is the singer herself or one of her songs, its title in quotes
const awards: TableSpec = {
  sqlName: 'awards', file: '204-1.csv',
  columns: [
    { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Award', type: 'text' },
    { name: 'Recipient', type: 'text' }, { name: 'Result', type: 'text' },
  ],
  rows: [
    [2012, 'Golden Disc Awards', 'Herself', 'Won'], [2012, 'Melon Music Awards', '"Heaven"', 'Won'], [2012, 'Seoul Music Awards', 'Herself', 'Nominated'],
    [2013, 'Golden Disc Awards', '"U&I"', 'Won'], [2013, 'Mnet Asian Music Awards', 'Herself', 'Nominated'],
  ],
};
// the same list over many people: an unknown name is a row not listed, never the table's subject
const peopleAwards: TableSpec = {
  sqlName: 'people_awards', file: '204-2.csv',
  columns: awards.columns,
  rows: [
    [2012, 'Golden Disc Awards', 'Kim Min', 'Won'], [2012, 'Melon Music Awards', 'Park Ji', 'Won'], [2013, 'Golden Disc Awards', 'Lee Su', 'Nominated'],
  ],
};
// many nominees, one of them playing himself (break-it review: one "Himself" made it one subject's list)
const nominees: TableSpec = {
  sqlName: 'nominees', file: '302-7.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Award', type: 'text' }, { name: 'Nominee', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [[2010, 'Emmy', 'Jon Stewart', 'Won'], [2010, 'Emmy', 'Stephen Colbert', 'Nominated'], [2011, 'Peabody', 'Himself', 'Won'], [2011, 'Emmy', 'Jon Stewart', 'Won']],
};
// one team's season: no column says which team
const tide: TableSpec = {
  sqlName: 'tide', file: '203-3.csv',
  columns: [{ name: 'Date', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    ['September 3', 'Chattanooga', 'W 42–13', 82109], ['September 10', 'Vanderbilt', 'W 17–7', 70123],
    ['September 17', 'at Arkansas', 'W 13–6', 52089], ['September 24', 'Tulane', 'L 20–24', 81421],
  ],
};
// a league's games: a Team column names who each row is
const leagueGames: TableSpec = {
  sqlName: 'league_games', file: '203-4.csv',
  columns: [{ name: 'Team', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [['Auburn', 'Vanderbilt', 80000], ['Georgia', 'Tulane', 60000], ['Auburn', 'Tulane', 75000]],
};

const medals: TableSpec = {
  sqlName: 'medals', file: '204-5.csv',
  columns: [{ name: 'Nation', type: 'text' }, { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }],
  rows: [['Kenya', 4, 1], ['Ethiopia', 2, 3], ['Morocco', 1, 0]],
};
// orders of one boat type by nation; "Date" holds the year of the order
const vessels: TableSpec = {
  sqlName: 'vessels', file: '204-6.csv',
  columns: [{ name: 'Nation', type: 'text' }, { name: 'Date', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Quantity', type: 'integer' }],
  rows: [['Netherlands', 2001, 2], ['Canada', 2009, 9], ['Canada', 2011, 1], ['Mexico', 2009, 4]],
};
// sales by album; one Date is a year with a note, so the column is no column of years
const albums: TableSpec = {
  sqlName: 'albums', file: '311-3.csv',
  columns: [{ name: 'Date', type: 'text' }, { name: 'Album', type: 'text' }, { name: 'Sales', type: 'integer' }],
  rows: [['1994', 'First', 120000], ['2003', 'Second', 340000], ['2003 (re-release)', 'First', 50000], ['2007', 'Third', 210000]],
};
// a tour's events, dated from start to finish with no year
const tours: TableSpec = {
  sqlName: 'tours', file: '204-7.csv',
  columns: [{ name: 'Tour', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Title', type: 'text' }, { name: 'Date Start', type: 'text' }, { name: 'Date Finish', type: 'text' }],
  rows: [[1, 'Malaysia Open', 'January 16', 'January 21'], [2, 'Korea Open', 'January 23', 'January 28'], [6, 'Thailand Masters', 'February 26', 'March 2'], [3, 'All England', 'March 4', 'March 9'], [4, 'Swiss Open', 'March 27', 'April 1'], [5, 'India Open', 'April 24', 'April 29']],
};

// a diving event: the last four divers did not reach the final
const diving: TableSpec = {
  sqlName: 'diving', file: '203-8.csv',
  columns: [{ name: 'Diver', type: 'text' }, { name: 'Nationality', type: 'text' }, { name: 'Preliminary Points', type: 'decimal' }, { name: 'Final Points', type: 'decimal' }],
  rows: [['Sylvie Bernier', 'Canada', 489.51, 530.7], ['Kelly McCormick', 'United States', 516.75, 527.46], ['Christina Seufert', 'United States', 481.41, 517.62], ['Ann Fargher', 'New Zealand', 421.65, null], ['Sharon Chan', 'Hong Kong', 245.1, null]],
};

const { ask } = useTestTables([albums, awards, peopleAwards, nominees, tide, leagueGames, medals, vessels, tours, diving]);

describe('planQuestion: a list whose who-column says "Herself" is one subject\'s record', () => {
  it('reads the singer named as the subject of "did X win" as who the list is about', async () => {
    const won = await ask(awards, 'how many awards did ailee win in 2012?');
    expect(won.value).toBe(2);
    expect(won.plan.kind === 'sql' && won.plan.explanation).toMatch(/'ailee' is read as who or what/);
  });

  it('reads the name of a passive ("was X only nominated") as the subject too', async () => {
    expect((await ask(awards, 'how many times was ailee only nominated?')).value).toBe(2);
  });

  it('declines the same name over a list of many recipients, one of whom is "Himself"', async () => {
    expect((await ask(peopleAwards, 'how many awards did ailee win in 2012?')).plan.kind).toBe('declined');
    expect((await ask(nominees, 'how many times did john oliver win?')).plan.kind).toBe('declined');
    // "is X listed" says only that a row is there: a missing name is no subject
    expect((await ask(awards, 'how many times is springfield listed?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: one team described in full as the table\'s subject', () => {
  it('reads "for the 1994 alabama crimson tide football team" as the team, its year no date of the rows', async () => {
    const games = await ask(tide, 'how many games were there at least 70,000 people in attendance for the 1994 alabama crimson tide football team?');
    expect(games.value).toBe(3);
    // … and after "did": "how many wins did the 1994 … football team have"
    expect((await ask(tide, 'how many total wins did the 1994 alabama crimson tide football team have?')).value).toBe(3);
  });

  it('declines the description over a table with a Team column, and a description with no who-noun', async () => {
    expect((await ask(leagueGames, 'how many games had at least 70,000 people in attendance for the 1994 alabama crimson tide football team?')).plan.kind).toBe('declined');
    expect((await ask(tide, 'how many games had at least 70,000 people in attendance for the 1994 alabama crimson tide?')).plan.kind).toBe('declined');
    // a role is no name: "for the opposing team" is no subject of the table
    expect((await ask(tide, 'what was the average attendance for the visiting team?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: the total number of games beside a column of people', () => {
  it('counts the rows: Attendance tallies people, never games', async () => {
    expect((await ask(tide, 'total number of games played')).value).toBe(4);
    // … but people may be what it tallies: "the total number of fans" is no count of games
    expect((await ask(tide, 'what is the total number of fans?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: verbs of handing out and ordering, and a Date column of years', () => {
  it('adds up the medals "distributed" as those awarded', async () => {
    expect((await ask(medals, 'how many gold medals were distributed?')).value).toBe(7);
  });

  it('adds up the quantity "ordered" in a year of the Date column', async () => {
    expect((await ask(vessels, 'during 2009 what was the total number of vessels that canada ordered?')).value).toBe(9);
    expect((await ask(vessels, 'how many vessels were ordered in 2009?')).value).toBe(13);
  });

  it('keeps a Date column with one noted year ("2003 (re-release)") a column of labels that contain the year', async () => {
    expect((await ask(albums, 'what were the total sales in 2003?')).value).toBe(390000);
  });
});

describe('planQuestion: a month over days written without a year', () => {
  it('reads "began in March" on the start column and "finished in April" on the end column', async () => {
    expect((await ask(tours, 'how many tours began in march?')).value).toBe(2);
    expect((await ask(tours, 'how many tours finished in april?')).value).toBe(2);
  });

  it('gives no number for a month when the start and end columns disagree on the rows', async () => {
    // by start All England and the Swiss Open, by finish the Thailand Masters and All England: two each, not the same rows
    expect((await ask(tours, 'how many tours were in march?')).value).toBeNull();
    expect((await ask(tours, 'how many tours were in january?')).value).toBe(2);
  });
});

describe('planQuestion: points at the last stage reached', () => {
  it('reads one row\'s points as its final points, or its preliminary points where it did not reach the final', async () => {
    expect((await ask(diving, 'how many points did ann fargher have?')).value).toBe(421.65);
    expect((await ask(diving, 'how many points did kelly mccormick have?')).value).toBe(527.46);
    expect((await ask(diving, 'how many points did hong kong get?')).value).toBe(245.1);
  });

  it('declines the stages over several rows, a total or a superlative, and reads a named stage as that column', async () => {
    // one value naming two rows: the plan reads one row only, so no number
    expect((await ask(diving, 'how many points did the united states divers have?')).value).toBeNull();
    expect((await ask(diving, 'how many points did kelly mccormick and ann fargher have?')).plan.kind).toBe('declined');
    expect((await ask(diving, 'what was the highest points?')).plan.kind).toBe('declined');
    expect((await ask(diving, 'how many final points did kelly mccormick have?')).value).toBe(527.46);
  });
});
