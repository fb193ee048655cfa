import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { correctedQuestionWords } from './spelling.js';

/*
 * Readings and guards added in the twenty-third session, from declines over the dev sets'
 * tables. The tables are small and invented; the expected numbers come from their rows.
 */

// one club's seasons: its league position each season, the last season not yet finished
const seasons: TableSpec = {
  sqlName: 'club_seasons', file: 'club-seasons.csv',
  columns: [{ name: 'Season', type: 'text' }, { name: 'League', type: 'text' }, { name: 'Pos.', type: 'integer' }],
  rows: [['2001–02', 'Bundesliga', 7], ['2002–03', 'Bundesliga', 2], ['2003–04', 'Bundesliga', 10], ['2004–05', 'Bundesliga', 1],
    ['2005–06', 'Bundesliga', 1], ['2006–07', 'Bundesliga', 9], ['2007–08', 'Bundesliga', 1], ['2008–09', 'Bundesliga', 2],
    ['2009–10', 'Bundesliga', 1], ['2010–11', 'Bundesliga', 7], ['2011–12', 'Bundesliga', null]],
};

// a ranked list of riders: a blank place is a tie with the row above
const riders: TableSpec = {
  sqlName: 'riders', file: 'riders.csv',
  columns: [{ name: 'Rank', type: 'integer' }, { name: 'Rider', type: 'text' }, { name: 'Points', type: 'integer' }],
  rows: [[1, 'Anna', 90], [2, 'Bea', 80], [null, 'Cleo', 80], [4, 'Dina', 70], [5, 'Eva', 60], [6, 'Fay', 50], [7, 'Gil', 40], [8, 'Hana', 30], [9, 'Ida', 20]],
};

// one athlete's results: positions written as ordinals, one a qualifying round's
const results: TableSpec = {
  sqlName: 'vaulter_results', file: 'vaulter-results.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Competition', type: 'text' }, { name: 'Position', type: 'text' }],
  rows: [[1999, 'World Youth Championships', '13th (q)'], [2001, 'European Junior Championships', '7th'], [2002, 'World Junior Championships', '10th (q)'],
    [2003, 'European U23 Championships', '12th'], [2005, 'World Championships', '2nd']],
};

describe('places compared through "the" and a place word, over a column of one club\'s league positions', () => {
  const { ask } = useTestTables([seasons, riders, results]);

  it('reads "below the 7th position" and "below 7th place" as worse than 7th', async () => {
    expect((await ask(seasons, 'how many seasons were they below the 7th position?')).value).toBe(2);
    expect((await ask(seasons, 'how many seasons did they finish below 7th place?')).value).toBe(2);
    expect((await ask(seasons, 'how many seasons did they finish above 2nd place?')).value).toBe(4);
  });

  it('still reads "7th place" alone as that place', async () => {
    expect((await ask(seasons, 'how many seasons did they finish in 7th place?')).value).toBe(2);
  });

  it('reads "at least 10th place" and "10th place or better" as that place or better', async () => {
    expect((await ask(results, 'how many times was a position of at least 10th place or better earned?')).value).toBe(3);
    expect((await ask(results, 'how many times did she finish 10th place or better?')).value).toBe(3);
    expect((await ask(results, 'how many times did she finish at least 10th place?')).value).toBe(3);
    expect((await ask(results, 'how many times did she finish 10th place or worse?')).value).toBe(3);
  });

  it('declines over a ranked list with a blank place, where the blank is a tie', async () => {
    expect((await ask(riders, 'how many riders finished below the 2nd place?')).value ?? undefined).toBeUndefined();
  });
});

// locomotives and what became of them, written as a sentence per cell
const locomotives: TableSpec = {
  sqlName: 'locomotives', file: 'locomotives.csv',
  columns: [{ name: 'Number/name', type: 'text' }, { name: 'Builder', type: 'text' }, { name: 'Disposition and Location', type: 'text' }],
  rows: [['1 Gov. Stanford', 'Norris', 'To Southern Pacific #1. On display at the California State Railroad Museum.'],
    ['2', 'Cooke', 'To Southern Pacific #2, #1109. Unknown.'], ['3', 'Cooke', 'To Southern Pacific #3. Unknown.'],
    ['4', 'Mason', 'To Southern Pacific #4. Scrapped in 1911.'], ['5', 'Mason', 'To Southern Pacific #5. Unknown.'],
    ['6', 'Baldwin', 'Unknown, maybe unknown.']],
};

describe('"<column> given as <word>": the rows whose cell holds that word', () => {
  const { ask } = useTestTables([locomotives]);

  it('counts the rows whose cell holds the word', async () => {
    expect((await ask(locomotives, 'how many engines have builder listed as cooke?')).value).toBe(2);
    expect((await ask(locomotives, 'what is the number of trains with location given as "scrapped"?')).value).toBe(1);
  });

  it('declines where a cell holds the word twice', async () => {
    expect((await ask(locomotives, 'what is the number of trains with location given as "unknown"?')).value ?? undefined).toBeUndefined();
  });
});

// a club's seasons with wins and a region
const clubRecords: TableSpec = {
  sqlName: 'club_records', file: 'club-records.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Region', type: 'text' }, { name: 'Wins', type: 'integer' }],
  rows: [[2003, 'Africa', 9], [2004, 'Europe', 4], [2005, 'Africa', 7], [2006, 'Asia', 11]],
};

describe('slips that make no English word: a letter added, dropped or changed, or two swapped', () => {
  const { ask } = useTestTables([clubRecords]);

  it('reads the word of the planner or of a column name the slip is one letter from', async () => {
    const recorded = await ask(clubRecords, 'what year is the least amount of wins recoreded?');
    expect(recorded.value).toBe(2004);
    expect(recorded.plan.kind === 'sql' && recorded.plan.explanation).toContain("'recoreded' read as 'recorded'");
    expect((await ask(clubRecords, 'how many are in the africa reigon?')).value).toBe(2);
    expect((await ask(clubRecords, 'how many wins in 2005 on the lsit?')).value).toBe(7);
  });

  it('leaves a real word and a short name alone', async () => {
    expect(correctedQuestionWords('how many complaint wins', [])).toBeUndefined();
    expect(correctedQuestionWords('how many wins did hell have', [])).toBeUndefined();
    expect((await ask(clubRecords, 'how many wins did winz have in 2005?')).value ?? undefined).toBeUndefined();
  });
});

// one driver's Le Mans entries: a retirement written DNF or Ret, a disqualification DSQ
const leMans: TableSpec = {
  sqlName: 'le_mans', file: 'le-mans.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Team', type: 'text' }, { name: 'Laps', type: 'integer' }, { name: 'Pos.', type: 'text' }],
  rows: [[1972, 'Ligier', 195, 'DNF'], [1973, 'Ligier', 24, 'DSQ'], [1974, 'Ligier', 310, '8th'], [1977, 'Inaltéra', 90, 'Ret'], [1978, 'Inaltéra', 293, '10th']],
};
// … and another whose Pos. also holds a start not made
const leMansWithDns: TableSpec = {
  sqlName: 'le_mans_dns', file: 'le-mans-dns.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Laps', type: 'integer' }, { name: 'Pos.', type: 'text' }],
  rows: [[1980, 195, 'DNF'], [1981, 0, 'DNS'], [1982, 310, '8th']],
};

describe('"did not finish" over a position column of retirement codes', () => {
  const { ask, labels } = useTestTables([leMans, leMansWithDns]);

  it('counts the rows marked DNF or Ret, not a disqualification', async () => {
    expect((await ask(leMans, 'how many times did this racer not finish the race?')).value).toBe(2);
    expect(await labels(leMans, 'which year did he not finish?')).toEqual(['1972', '1977']);
  });

  it('declines where the column also holds a start not made', async () => {
    expect((await ask(leMansWithDns, 'how many times did he not finish the race?')).value ?? undefined).toBeUndefined();
  });
});

// one driver's Indianapolis 500s: a qualifying Rank beside the Finish
const indy: TableSpec = {
  sqlName: 'indy_results', file: 'indy-results.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Start', type: 'integer' }, { name: 'Rank', type: 'integer' }, { name: 'Finish', type: 'integer' }, { name: 'Laps', type: 'integer' }],
  rows: [[1926, 12, 13, 11, 142], [1927, 27, 22, 3, 200], [1928, 4, 4, 10, 200], [1929, 3, 5, 28, 91], [1930, 9, 8, 6, 200]],
};

describe('a place compared over two columns of places: the one the question names', () => {
  const { ask } = useTestTables([indy]);

  it('reads "finish above tenth place" on Finish, "ranked above 6th" on Rank', async () => {
    expect((await ask(indy, 'how many times did he finish above tenth place?')).value).toBe(2);
    expect((await ask(indy, 'how many times was he ranked above 6th?')).value).toBe(2);
  });
});

// subway lines, named by their numbers
const subwayLines: TableSpec = {
  sqlName: 'subway_lines', file: 'subway-lines.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Route', type: 'text' }, { name: 'Stations', type: 'integer' }],
  rows: [['Line 1', 'Higashiyama Line', 22], ['Line 2', 'Meijō Line', 12], ['Line 6', 'Sakura-dōri Line', 21], ['Via trackage rights', 'Komaki Line', 13]],
};

describe('a number word a value writes as digits', () => {
  const { ask } = useTestTables([subwayLines]);

  it('reads "line six" as Line 6, and says so', async () => {
    const six = await ask(subwayLines, 'what are the total number of stations line six has?');
    expect(six.value).toBe(21);
    expect(six.plan.kind === 'sql' && six.plan.explanation).toContain("'six' read as '6'");
  });

  it('reads no number word that no value writes after the same word', async () => {
    expect((await ask(subwayLines, 'how many stations does line nine have?')).value ?? undefined).toBeUndefined();
    expect((await ask(subwayLines, 'how many stations do two lines have?')).value ?? undefined).toBeUndefined();
  });
});

// a college roster: each player's year written Fr./So./Jr./Sr.
const roster: TableSpec = {
  sqlName: 'roster', file: 'roster.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Position', type: 'text' }, { name: 'Class', type: 'text' }, { name: 'Weight', type: 'integer' }],
  rows: [['Mychal Ladd', 'G', 'So.', 190], ['Jonathan Wills', 'G', 'Jr.', 180], ['Taylor Kelly', 'G', 'Fr.', 220], ['Jerry Brown', 'F', 'Sr.', 195],
    ['Ben Ortner', 'C', 'Fr.', 240], ['Tyler Monaghan', 'F', 'RS Fr.', 210]],
};
// … and a table whose Class holds no class years
const boats: TableSpec = {
  sqlName: 'boat_classes', file: 'boat-classes.csv',
  columns: [{ name: 'Boat', type: 'text' }, { name: 'Class', type: 'text' }],
  rows: [['Aurora', 'Sr.'], ['Bella', 'Open'], ['Cosmo', 'Fr.']],
};

describe('class years of a college roster named by their words', () => {
  const { ask } = useTestTables([roster, boats]);

  it('reads seniors, freshmen and freshman as Sr. and Fr. (a redshirt year too)', async () => {
    expect((await ask(roster, 'how many seniors are there?')).value).toBe(1);
    expect((await ask(roster, 'how many freshmen are there?')).value).toBe(3);
    expect((await ask(roster, 'how many seniors and freshman are there combined?')).value).toBe(4);
    expect((await ask(roster, 'what is the total weight of the juniors?')).value).toBe(180);
  });

  it('reads no class word over a column that holds other values too', async () => {
    expect((await ask(boats, 'how many seniors are there?')).value ?? undefined).toBeUndefined();
  });
});
