import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings added in the fourteenth session, from declines over the dev sets' tables. The tables
 * are small and invented; the expected numbers come from their rows.
 */

// a wide table of one score per school and year; Santee has no 2009 score
const api: TableSpec = {
  sqlName: 'api_by_year', file: 'api_by_year.csv',
  columns: [
    { name: 'School', type: 'text' }, { name: '2009', type: 'integer', period: '2009' }, { name: '2010', type: 'integer', period: '2010' },
    { name: '2011', type: 'integer', period: '2011' },
  ],
  rows: [['Bravo Magnet', 815, 820, 832], ['Garfield High', 593, 632, 705], ['Lincoln High', 588, 616, 643], ['Santee Complex', null, 552, 565]],
};
// the same shape with text cells in the year columns
const ranks: TableSpec = {
  sqlName: 'rank_by_year', file: 'rank_by_year.csv',
  columns: [{ name: 'Country', type: 'text' }, { name: '2009', type: 'text', period: '2009' }, { name: '2010', type: 'text', period: '2010' }],
  rows: [['Finland', '(001) 6.40', '(001) 6.38'], ['Norway', '(003) 2.00', '(002) 1.50']],
};

describe('generic nouns for the cells of a wide table of years', () => {
  const { ask, labels } = useTestTables([api]);

  it('reads "score" as what the year columns hold', async () => {
    expect((await ask(api, "what was garfield high's score in 2010?")).value).toBe(632);
    expect((await ask(api, "what was garfield high's 2010 score?")).value).toBe(632);
    expect((await labels(api, 'which school had the highest score in 2011?'))?.[0]).toBe('Bravo Magnet');
    expect((await labels(api, 'which school had the lowest score in 2010?'))?.[0]).toBe('Santee Complex');
  });

  it('takes the difference of two years named apart, in question order', async () => {
    expect((await ask(api, "what was the difference between garfield high's 2009 score and its 2011 score?")).value).toBe(112);
    expect((await ask(api, "how much higher was lincoln high's score in 2011 than in 2009?")).value).toBe(55);
  });

  it('reads "the 2009 and 2011 scores" as those two columns, not the span between them (and adds no scores)', async () => {
    expect((await ask(api, 'what is the total of the 2010 and 2011 scores of lincoln high?')).value).toBeUndefined();
    expect((await ask(api, 'what is the difference between the 2009 and 2011 score of lincoln high?')).value).toBe(55);
    expect((await ask(api, 'what was the total for lincoln high between 2009 and 2011?')).value).toBe(588 + 616 + 643);
  });

  it('takes the highest or lowest of one year\'s cells, never their sum', async () => {
    expect((await ask(api, 'what was the highest score in 2009?')).value).toBe(815);
    expect((await ask(api, 'what was the lowest score in 2010?')).value).toBe(552);
  });

  it('declines scores of several years added, ranked or listed where no total of named rows is asked, or over a blank', async () => {
    expect((await ask(api, "what was garfield high's score?")).value).toBeUndefined();
    expect((await ask(api, "what were garfield high's scores in 2010 and 2011?")).value).toBeUndefined();
    expect((await ask(api, "what was garfield high's highest score?")).value).toBeUndefined();
    expect((await ask(api, 'which school had the highest score?')).value).toBeUndefined();
    expect((await ask(api, 'which school had the lowest total of the 2010 and 2011 scores?')).value).toBeUndefined();
    expect((await ask(api, 'what is the total of the 2009 and 2010 scores of santee complex?')).value).toBeUndefined();
  });

  it('declines a year the table has no column for', async () => {
    expect((await ask(api, 'what is the total of the 2009 and 2012 scores of lincoln high?')).value).toBeUndefined();
  });
});

// a school's measures by year, one row each: "score" is one of the rows, not every cell
const measuresByYear: TableSpec = {
  sqlName: 'school_measures', file: 'school_measures.csv',
  columns: [{ name: 'Measure', type: 'text' }, { name: '2007', type: 'integer', period: '2007' }, { name: '2008', type: 'integer', period: '2008' }],
  rows: [['API score', 553, 597], ['Statewide rank', 2, 3], ['Enrollment', 2400, 2350]],
};

// two schools of one name
const twoLincolns: TableSpec = { ...api, sqlName: 'api_two_lincolns', file: 'api_two_lincolns.csv', rows: [...api.rows, ['Lincoln High', 610, 600, 605]] };

describe('score cells of one name on two rows', () => {
  const { ask, labels } = useTestTables([twoLincolns]);

  it('never adds the two rows up', async () => {
    expect((await ask(twoLincolns, "what was lincoln high's score in 2009?")).value).toBeNull();
    expect(await labels(twoLincolns, 'which school had the highest score in 2009?')).toBeUndefined();
    expect((await ask(twoLincolns, 'what was the total score in 2011?')).value).toBeUndefined();
    expect((await ask(twoLincolns, "what was garfield high's score in 2009?")).value).toBe(593);
  });
});

describe('"score" over year columns whose rows are several measures', () => {
  const { ask } = useTestTables([measuresByYear]);

  it('is no name of every cell', async () => {
    expect((await ask(measuresByYear, 'what is the average score in 2008?')).value).toBeUndefined();
    expect((await ask(measuresByYear, 'what was the total score in 2007?')).value).toBeUndefined();
  });
});

describe('the mean of a wide table\'s year cells', () => {
  const { ask } = useTestTables([api]);

  it('averages the one row named over its year cells, and one year over the rows', async () => {
    expect((await ask(api, 'what is the average score of garfield high?')).value).toBeCloseTo((593 + 632 + 705) / 3, 6);
    expect((await ask(api, 'what is the average score of garfield high from 2010 to 2011?')).value).toBeCloseTo((632 + 705) / 2, 6);
    expect((await ask(api, 'what is the average score in 2011?')).value).toBeCloseTo((832 + 705 + 643 + 565) / 4, 6);
  });

  it('gives no mean for a row with a blank year, and declines a mean over every row and year', async () => {
    expect((await ask(api, 'what is the average score of santee complex?')).value).toBeNull();
    expect((await ask(api, 'what is the average score?')).value).toBeUndefined();
  });
});

describe('generic nouns stay unread elsewhere', () => {
  const { ask } = useTestTables([ranks]);

  it('does not read "score" over year columns of text', async () => {
    expect((await ask(ranks, "what was finland's score in 2010?")).value).toBeUndefined();
  });
});

// an airport's passengers by year
const airport: TableSpec = {
  sqlName: 'airport_traffic', file: 'airport_traffic.csv',
  columns: [
    { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Total passengers', type: 'integer' }, { name: 'Passenger Change', type: 'percent' },
    { name: 'Domestic', type: 'integer' }, { name: 'Aircraft Landings', type: 'integer' },
  ],
  rows: [[2005, 1553628, 0.1, 972287, 11816], [2006, 1764948, 0.13, 1128489, 13289], [2007, 2345097, 0.33, 1400000, 15000], [2008, 2529395, 0.08, 1500000, 16000]],
};

describe('a column whose name starts with "Total"', () => {
  const { ask, labels } = useTestTables([airport]);

  it('takes "total passengers" after a number as the column compared, not the year counted before it', async () => {
    expect((await ask(airport, 'how many years had more than 2,000,000 total passengers?')).value).toBe(2);
  });

  it('answers the year of an amount, the word "total" naming the column', async () => {
    expect(await labels(airport, 'which year had 1,764,948 total passengers?')).toEqual(['2006']);
    expect(await labels(airport, 'what years had more than 2,000,000 total passengers?')).toEqual(['2007', '2008']);
    expect(await labels(airport, 'what year had total passengers of 2,345,097?')).toEqual(['2007']);
  });

  it('still adds up where "total" asks for a sum', async () => {
    expect((await ask(airport, 'what were the total aircraft landings in 2006 and 2007?')).value).toBe(13289 + 15000);
  });
});

describe('a statement naming what it asks for', () => {
  const { ask, labels } = useTestTables([airport]);

  it('reads "the (only) year that …" as "which year …"', async () => {
    expect(await labels(airport, 'the only year that the total passengers was 1,764,948')).toEqual(['2006']);
    expect((await labels(airport, 'the year the number of aircraft landings was greatest'))?.[0]).toBe('2008');
  });

  it('leaves a statement of an amount alone', async () => {
    expect((await ask(airport, 'the total passengers in 2006')).value).toBe(1764948);
  });
});

// schools with long names, two of them sharing all but one word
const schools: TableSpec = {
  sqlName: 'school_enrolment', file: 'school_enrolment.csv',
  columns: [{ name: 'School', type: 'text' }, { name: 'Enrollment', type: 'integer' }],
  rows: [['Oscar De La Hoya Animo Charter High School', 600], ['Marc and Eva Stern Math School', 500], ['Green Dot Animo Charter High School', 450], ['Green Dot Animo Charter Middle School', 300]],
};

describe('a long name written with one word left out', () => {
  const { ask } = useTestTables([schools]);

  it('names the one value it shortens', async () => {
    expect((await ask(schools, 'what is the enrollment of the oscar de la hoya animo charter school?')).value).toBe(600);
  });

  it('declines words that shorten two names, and a name missing its first word', async () => {
    expect((await ask(schools, 'what is the enrollment of green dot animo charter school?')).value).toBeUndefined();
    expect((await ask(schools, 'what is the enrollment of de la hoya animo charter high school?')).value).toBeUndefined();
  });
});

// formats listed in the sheet's order, the numbers not sorted
const formats: TableSpec = {
  sqlName: 'decimal_formats', file: 'decimal_formats.csv',
  columns: [{ name: 'decimal32', type: 'integer' }, { name: 'decimal128', type: 'integer' }, { name: 'Format', type: 'text' }],
  rows: [[7, 34, 'Sign field'], [1, 1, 'Combination field'], [6, 12, 'Exponent field'], [20, -6176, 'Coefficient field']],
};

describe('"first" and "last" said of the list', () => {
  const { ask, labels } = useTestTables([formats]);

  it('answers the column named in the first or last row of the sheet', async () => {
    expect((await ask(formats, 'what is the first decimal32 on the list?')).value).toBe(7);
    expect((await ask(formats, 'what is the last number in column decimal128?')).value).toBe(-6176);
    expect(await labels(formats, 'what is the first format listed?')).toEqual(['Sign field']);
    expect(await labels(formats, 'which format is listed last?')).toEqual(['Coefficient field']);
  });

  it('declines the first or last with a condition, an amount, or no column named', async () => {
    expect((await ask(formats, 'what is the first decimal32 on the list with a decimal128 over 10?')).value).toBeUndefined();
    expect((await ask(formats, 'what is the total of the last decimal32 on the list?')).value).toBeUndefined();
    expect((await ask(formats, 'what is the last thing on the list?')).value).toBeUndefined();
  });
});

// a season's games with where each was played
const season: TableSpec = {
  sqlName: 'fire_season', file: 'fire_season.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Opponent', type: 'text' }, { name: 'Game site', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [[1, 'Rhein Fire', 'LTU arena', 30355], [2, 'Admirals', 'Amsterdam ArenA', 11000], [3, 'Galaxy', 'LTU arena', 14000], [4, 'Claymores', 'Murrayfield', 9500], [5, 'Thunder', 'Olympiastadion', 15000]],
};

// teams' wins and titles
const teams: TableSpec = {
  sqlName: 'team_titles', file: 'team_titles.csv',
  columns: [{ name: 'Team', type: 'text' }, { name: 'Wins', type: 'integer' }, { name: 'Titles', type: 'integer' }],
  rows: [['Hawks', 50, 1], ['Celtics', 60, 17], ['Bulls', 41, 6], ['Nets', 20, 0]],
};

describe('"at most" and "at least" after the number', () => {
  const { ask } = useTestTables([season, teams]);

  it('reads "15,000 people at most" and "14,000 at least" as conditions, "by 15,000" as no grouping', async () => {
    expect((await ask(season, 'how many weeks were attended by 15,000 people at most?')).value).toBe(4);
    expect((await ask(season, 'how many weeks had an attendance of 14,000 at least?')).value).toBe(3);
  });

  it('declines where the word before the bound is no column it could compare ("5 championships at least")', async () => {
    expect((await ask(teams, 'how many teams won 5 championships at least?')).value).toBeUndefined();
    expect((await ask(teams, 'how many teams won 5 titles at most?')).value).not.toBe(1);
  });

  it('does not read "at least once" as a bound on an amount', async () => {
    expect((await ask(season, 'how many game sites had 10,000 fans at least once?')).value).toBeUndefined();
  });
});

describe('a difference between the two ends of a range of years, and a rise or fall between them', () => {
  const { ask } = useTestTables([airport]);

  it('takes "between 2006 and 2008" in a difference as its two sides, not the span', async () => {
    expect((await ask(airport, 'what is the difference in aircraft landings between 2006 and 2008?')).value).toBe(16000 - 13289);
    expect((await ask(airport, 'how many aircraft landings were there between 2006 and 2008?')).value).toBe(13289 + 15000 + 16000);
  });

  it('reads "how much did X increase/decrease from Y1 to Y2" as the later less the earlier, no value against the verb', async () => {
    expect((await ask(airport, 'how much did aircraft landings increase from 2005 to 2007?')).value).toBe(15000 - 11816);
    expect((await ask(airport, 'by how much did domestic increase between 2006 and 2008?')).value).toBe(1500000 - 1128489);
    expect((await ask(airport, 'how much did aircraft landings decrease from 2005 to 2007?')).value).toBeNull();
  });

  it('declines a rise between years given latest first, or with no range', async () => {
    expect((await ask(airport, 'how much did aircraft landings increase from 2008 to 2005?')).value).toBeUndefined();
    expect((await ask(airport, 'how much did aircraft landings increase in 2007?')).value).toBeUndefined();
  });
});

describe('"<measure> was N" is no equality with a multiple or a share', () => {
  const { ask, labels } = useTestTables([airport]);

  it('declines "was 2 times …" and "was 62 percent of …"', async () => {
    expect(await labels(airport, 'the year the total passengers was 2 times that of 2005')).toBeUndefined();
    expect(await labels(airport, 'the year the domestic was 62 percent of the total passengers')).toBeUndefined();
    expect((await ask(airport, 'the year the aircraft landings was 15000')).value).toBe(2007);
  });
});

// an album's tracks on two sides, and a table ending in a total row
const tracks: TableSpec = {
  sqlName: 'album_tracks', file: 'album_tracks.csv',
  columns: [{ name: 'No.', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Title', type: 'text' }, { name: 'Side', type: 'text' }],
  rows: [[1, 'Dawn', 'A'], [2, 'Dust Road', 'A'], [3, 'Night Bus', 'B'], [4, 'Last Call', 'B']],
};
const totalled: TableSpec = { ...formats, sqlName: 'formats_totalled', file: 'formats_totalled.csv', aggregateRows: [6] };

describe('"first" and "last" of the list beside a condition or a total row', () => {
  const { labels } = useTestTables([tracks, totalled]);

  it('declines a list end beside another column named', async () => {
    expect(await labels(tracks, 'which title is listed last on side a?')).toBeUndefined();
    expect(await labels(tracks, 'what is the last title listed?')).toEqual(['Last Call']);
  });

  it('declines over a table with rows set apart (a total row)', async () => {
    expect(await labels(totalled, 'which format is listed last?')).toBeUndefined();
  });
});
