import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings and guards added in the twenty-second session, from declines over the dev sets'
 * tables. The tables are small and invented; the expected numbers come from their rows.
 */

// colleges: enrollment in two parts and their total (a column the ingest found to be the row sum)
const colleges: TableSpec = {
  sqlName: 'colleges', file: 'colleges.csv',
  columns: [{ name: 'Institution', type: 'text' }, { name: 'Undergraduate enrollment', type: 'integer' }, { name: 'Graduate enrollment', type: 'integer' },
    { name: 'Total enrollment', type: 'integer', isAggregateColumn: true }, { name: 'Academic staff', type: 'integer' }],
  rows: [['Brown University', 6316, 2333, 8649, 736], ['Dartmouth College', 4248, 1893, 6141, 571], ['Columbia University', 7160, 15760, 22920, 3763]],
};

describe('"students" of an enrollment column, and the total of its parts', () => {
  const { ask, labels } = useTestTables([colleges]);

  it('reads one part where the question names it', async () => {
    expect((await ask(colleges, 'what are the total number of graduate students enrolled at dartmouth college according to this chart?')).value).toBe(1893);
  });

  it('reads the total column where the question names only what the parts share', async () => {
    expect((await ask(colleges, 'how many students are enrolled at brown university?')).value).toBe(8649);
    expect((await ask(colleges, 'what is the total enrollment at brown university?')).value).toBe(8649);
    expect((await labels(colleges, 'which institution has the most students?'))?.[0]).toBe('Columbia University');
  });
});

// the same parts, but the total column also adds a third part the question may not mean
const collegesWithOnline: TableSpec = {
  sqlName: 'colleges_online', file: 'colleges-online.csv',
  columns: [{ name: 'Institution', type: 'text' }, { name: 'Undergraduate enrollment', type: 'integer' }, { name: 'Graduate enrollment', type: 'integer' },
    { name: 'Online courses', type: 'integer' }, { name: 'Total enrollment', type: 'integer', isAggregateColumn: true }],
  rows: [['Brown University', 6316, 2333, 10, 8659], ['Dartmouth College', 4248, 1893, 5, 6146]],
};

// a total named by words a part does not have is no total of the parts in doubt
const medals: TableSpec = {
  sqlName: 'medal_points', file: 'medal-points.csv',
  columns: [{ name: 'Nation', type: 'text' }, { name: 'Gold points', type: 'integer' }, { name: 'Silver points', type: 'integer' }, { name: 'Total score', type: 'integer', isAggregateColumn: true }],
  rows: [['Norway', 10, 4, 14], ['Sweden', 6, 8, 14]],
};

describe('the total of parts is read only where its parts are the columns in doubt', () => {
  const { ask } = useTestTables([collegesWithOnline, medals]);

  it('still reads a total whose parts all share its words', async () => {
    expect((await ask(collegesWithOnline, 'how many students are enrolled at brown university?')).value).toBe(8659);
  });

  it('declines where the total is named by other words than the parts', async () => {
    expect((await ask(medals, 'how many points did norway get?')).value).toBeUndefined();
  });
});

// cities by year founded, reaching back before 1500
const cities: TableSpec = {
  sqlName: 'cities', file: 'cities.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'City', type: 'text' }, { name: 'Country', type: 'text' }],
  rows: [[200, 'Cholula', 'Mexico'], [1536, 'Buenos Aires', 'Argentina'], [1904, 'Campo Grande', 'Brazil'], [1904, 'Londrina', 'Brazil'], [1904, 'Rosario', 'Argentina'], [1911, 'Maringá', 'Brazil']],
};

describe('a Year column reaching back past 1500 is a year column', () => {
  const { ask } = useTestTables([cities]);

  it('reads "founded in 1904" as that year', async () => {
    expect((await ask(cities, 'how many cities were founded in brazil in 1904?')).value).toBe(2);
    expect((await ask(cities, 'how many cities were founded before 1600?')).value).toBe(2);
  });
});

// a country's medallists, one medal a row
const medallists: TableSpec = {
  sqlName: 'medallists', file: 'medallists.csv',
  columns: [{ name: 'Medal', type: 'text' }, { name: 'Name', type: 'text' }, { name: 'Sport', type: 'text' }],
  rows: [['Gold', 'Brahim Asloum', 'Boxing'], ['Gold', 'Tony Estanguet', 'Canoeing'], ['Silver', 'Brigitte Guibal', 'Canoeing'], ['Bronze', 'Jérôme Thomas', 'Boxing'], ['Bronze', 'Anne-Lise Bardet', 'Canoeing']],
};

// a list of awards, one category a row: the Medal column here names a kind of award, not a colour
const awardsList: TableSpec = {
  sqlName: 'awards_list', file: 'awards-list.csv',
  columns: [{ name: 'Medal', type: 'text' }, { name: 'Year', type: 'integer' }],
  rows: [['Fields Medal', 1990], ['Fields Medal', 1994], ['Fields Medal', 1994], ['Copley Medal', 1994]],
};

describe('a medallists\' list counts its rows as medals', () => {
  const { ask } = useTestTables([medallists, awardsList]);

  it('counts the rows, each one medal, with "given out" read as a verb of giving', async () => {
    expect((await ask(medallists, 'how many total medals were given out?')).value).toBe(5);
    expect((await ask(medallists, 'how many medals did canoeing win?')).value).toBe(3);
    expect((await ask(medallists, 'how many gold medals were handed out?')).value).toBe(2);
  });

  it('keeps the old reading where the Medal column names kinds of award, not colours', async () => {
    // three rows, two different medals: the rows are not one medal each, so it stays declined
    expect((await ask(awardsList, 'how many medals were awarded in 1994?')).value ?? undefined).toBeUndefined();
  });
});

// a track list: lengths written "m:ss", kept as text (they could be hours and minutes)
const tracks: TableSpec = {
  sqlName: 'tracks', file: 'tracks.csv',
  columns: [{ name: '#', type: 'integer' }, { name: 'Title', type: 'text' }, { name: 'Time', type: 'text' }],
  rows: [[1, 'Everything Man', '3:16'], [2, 'Come Get It', '4:35'], [3, 'Interlude', '1:31'], [4, 'The Truth', '2:30'], [5, 'Stay', '10:02']],
};

describe('a time in the question compared with texts written the same way ("at least 2:30" over "3:16")', () => {
  const { ask } = useTestTables([tracks]);

  it('compares part by part, whatever the parts are', async () => {
    expect((await ask(tracks, 'how many titles have a run time of at least 2:30?')).value).toBe(4);
    expect((await ask(tracks, 'how many songs have a time longer than 4:00?')).value).toBe(2);
    expect((await ask(tracks, 'how many tracks have a time under 2:00?')).value).toBe(1);
  });

  it('declines a time written with a fraction or three parts, which the texts are not', async () => {
    expect((await ask(tracks, 'how many titles have a time of at least 2:30.5?')).value).toBeUndefined();
    expect((await ask(tracks, 'how many titles have a time of at least 1:02:30?')).value).toBeUndefined();
  });
});

// a derby's winner a year, no year skipped, and a season's rounds numbered "Rd."
const derby: TableSpec = {
  sqlName: 'derby', file: 'derby.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Derby winner', type: 'text' }, { name: 'Galaxy', type: 'integer' }],
  rows: [[2005, 'Galaxy', 5], [2006, 'Galaxy', 2], [2007, 'Chivas', 1], [2008, 'Galaxy', 1], [2009, 'Galaxy', 3], [2010, 'Galaxy', 2]],
};
const derbyGaps: TableSpec = {
  sqlName: 'derby_gaps', file: 'derby-gaps.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Derby winner', type: 'text' }],
  rows: [[2005, 'Galaxy'], [2007, 'Galaxy'], [2008, 'Chivas'], [2010, 'Galaxy']],
};
const rounds: TableSpec = {
  sqlName: 'rounds', file: 'rounds.csv',
  columns: [{ name: 'Rd.', type: 'integer' }, { name: 'Event', type: 'text' }, { name: 'Winner', type: 'text' }],
  rows: [[1, 'Clipsal 500', 'David Russell'], [2, 'Winton', 'Jonathon Webb'], [3, 'Townsville 400', 'James Moffat'], [4, 'Sandown', 'David Russell'], [5, 'Queensland 300', 'Jonathon Webb'], [6, 'Bathurst 1000', 'Jonathon Webb']],
};

describe('"consecutive" follows a Year of one row a year, or a round numbered "Rd."', () => {
  const { ask } = useTestTables([derby, derbyGaps, rounds]);

  it('counts the longest run in that order', async () => {
    expect((await ask(derby, 'how many consecutive times has galaxy won the derby?')).value).toBe(3);
    expect((await ask(rounds, 'how many consecutive races did jonathon webb win?')).value).toBe(2);
  });

  it('declines years with a gap (a run of rows is no run of years), and a condition on the order column itself', async () => {
    expect((await ask(derbyGaps, 'how many consecutive times has galaxy won the derby?')).value).toBeUndefined();
    expect((await ask(derby, 'how many consecutive years after 2006?')).value).toBeUndefined();
  });
});

// a discography: peak positions on two charts named by country codes, "—" (blank) where a single did not chart
const discography: TableSpec = {
  sqlName: 'discography', file: 'discography.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Single', type: 'text' }, { name: 'Peak chart positions US Country', type: 'integer' },
    { name: 'Peak chart positions CAN Country', type: 'integer' }, { name: 'Album', type: 'text' }],
  rows: [[1967, 'Forbidden Fruit', null, null, 'A World Called You'], [1968, 'Fool Again', 69, null, 'A World Called You'], [1969, 'Dearly Beloved', 59, 40, 'single only'],
    [1970, 'Wake Up in Heaven', 26, 12, 'Heaven'], [1971, 'So Much in Love', 46, 30, 'Heaven']],
};

describe('a chart named by its country ("the Canadian country chart" over CAN Country), and "were on the … chart"', () => {
  const { ask } = useTestTables([discography]);

  it('reads the country\'s name or people for its chart code', async () => {
    expect((await ask(discography, 'how many singles charted in canada?')).value).toBe(3);
    expect((await ask(discography, 'how many singles were on the canadian country chart?')).value).toBe(3);
  });

  it('reads "were on the … chart" as charted there, and "not on" as blank there', async () => {
    expect((await ask(discography, 'how many singles were on the us country chart?')).value).toBe(4);
    expect((await ask(discography, 'how many singles were not on the canadian country chart?')).value).toBe(2);
  });

  it('declines words before "chart" that name both charts', async () => {
    expect((await ask(discography, 'how many singles were on the country chart?')).value).toBeUndefined();
  });
});

// a discography with three US charts beside others
const usCharts: TableSpec = {
  sqlName: 'us_charts', file: 'us-charts.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Title', type: 'text' }, { name: 'Chart positions UK', type: 'integer' }, { name: 'Chart positions US Hot 100', type: 'integer' },
    { name: 'Chart positions US Airplay', type: 'integer' }, { name: 'Chart positions US Alternative', type: 'integer' }],
  rows: [[1995, 'You Oughta Know', 22, null, 13, 1], [1995, 'Hand in My Pocket', 26, null, 15, 1], [1996, 'Ironic', 11, 4, 2, 1], [1996, 'You Learn', 24, 6, 1, 18], [1996, 'Head over Feet', 7, null, 3, 8]],
};

describe('"on the Billboard Hot 100", "on the US Hot 100": the one US chart the most words name', () => {
  const { ask } = useTestTables([usCharts]);

  it('reads the chart whose name the words after the verb spell most fully', async () => {
    expect((await ask(usCharts, 'how many singles did not chart on the billboard hot 100?')).value).toBe(3);
    expect((await ask(usCharts, 'how many singles charted on the us hot 100?')).value).toBe(2);
  });

  it('declines "the US charts", which names three', async () => {
    expect((await ask(usCharts, 'how many singles charted on the us charts?')).value).toBeUndefined();
  });
});

// singles and their certifications (several in one cell), blank where a single has none
const certified: TableSpec = {
  sqlName: 'certified', file: 'certified.csv',
  columns: [{ name: 'Single', type: 'text' }, { name: 'Certifications (sales thresholds)', type: 'text' }, { name: 'Album', type: 'text' }],
  rows: [['Around the World', 'GER: Platinum\nAUT: Gold\nSWI: Gold', 'Planet Pop'], ['My Heart Beats', 'GER: Gold', 'Planet Pop'], ['Why Oh Why', null, 'Planet Pop'],
    ['In Heaven', 'FRA: Silver', 'Touch the Sky'], ['Call on Me', null, 'Touch the Sky']],
};

describe('"a gold certification": a word qualifying a column\'s noun, found inside its cells', () => {
  const { ask } = useTestTables([certified]);

  it('keeps the rows whose cell holds the word', async () => {
    expect((await ask(certified, 'how many singles had a gold certification?')).value).toBe(2);
    expect((await ask(certified, 'how many singles had a platinum certification?')).value).toBe(1);
  });

  it('declines where the column\'s things are counted and a cell holds the word twice, or no cell holds it', async () => {
    expect((await ask(certified, 'how many gold certifications were there?')).value ?? undefined).toBeUndefined();
    expect((await ask(certified, 'how many singles had a diamond certification?')).value).toBeUndefined();
  });
});

// plant closings: the closing written as a year or a month and year (text), beside dates of announcement
const closings: TableSpec = {
  sqlName: 'closings', file: 'closings.csv',
  columns: [{ name: 'Date announced', type: 'date' }, { name: 'Plant name', type: 'text' }, { name: 'Date of closing', type: 'text' }],
  rows: [['2006-01-23', 'St. Louis Assembly', '2006'], ['2006-01-23', 'Atlanta Assembly', 'Oct. 2006'], ['2006-01-23', 'Batavia Transmission', '2008'],
    ['2006-09-14', 'Essex Engine', '2007'], ['2006-09-14', 'Maumee Stamping', 'June 2007'], ['2006-09-14', 'Norfolk Assembly', '2011']],
};

describe('a year phrase over the text column the question names, whose values each write one year', () => {
  const { ask } = useTestTables([closings]);

  it('keeps the values written in that year', async () => {
    expect((await ask(closings, 'how many plants closed in 2007?')).value).toBe(2);
    expect((await ask(closings, 'how many plants had a date of closing in 2006?')).value).toBe(2);
    expect((await ask(closings, 'how many plants had a date of closing before 2008?')).value).toBe(4);
  });

  it('keeps the date column where the question names it', async () => {
    expect((await ask(closings, 'how many plants were announced in 2006?')).value).toBe(6);
  });
});

// a team's games: "Game site" is where a game was played, not the games themselves
const schedule: TableSpec = {
  sqlName: 'schedule', file: 'schedule.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Game site', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [[1, 'at Rhein Fire', 'LTU arena', 30355], [2, 'Scottish Claymores', 'Waldstadion', 12000], [3, 'at Berlin Thunder', 'Olympiastadion', 14500],
    [4, 'Amsterdam Admirals', 'Waldstadion', 11000], [5, 'at Barcelona Dragons', 'Estadi Olímpic', 9000]],
};

describe('"how many games" over a list of games beside a "Game site" column counts the games', () => {
  const { ask } = useTestTables([schedule]);

  it('counts the rows the condition keeps', async () => {
    expect((await ask(schedule, 'how many games were attended by 15,000 people at most?')).value).toBe(4);
    expect((await ask(schedule, 'how many games had an attendance of at most 12,000?')).value).toBe(3);
  });
});

describe('"after week 5", "before week 3", "since week 4": a bound on the column that numbers the rows', () => {
  const { ask } = useTestTables([schedule]);

  it('keeps the rows numbered past or before the number', async () => {
    expect((await ask(schedule, 'how many games were played after week 3?')).value).toBe(2);
    expect((await ask(schedule, 'what was the total attendance before week 3?')).value).toBe(42355);
    expect((await ask(schedule, 'what was the total attendance since week 4?')).value).toBe(20000);
  });

  it('keeps "in week 2" the one row, and declines a week past the last', async () => {
    expect((await ask(schedule, 'what was the attendance in week 2?')).value).toBe(12000);
    expect((await ask(schedule, 'how many games were played after week 9?')).value).toBeUndefined();
  });
});

// findings of the break-it review: each a wrong answer the readings above gave before they were narrowed
const results: TableSpec = {
  sqlName: 'results', file: 'results.csv',
  columns: [{ name: 'Athlete', type: 'text' }, { name: 'Event', type: 'text' }, { name: 'Medal', type: 'text' }],
  rows: [['Anna Berg', '100 m', 'Gold'], ['Anna Berg', '200 m', null], ['Carl Dahl', '400 m', 'Silver'], ['Carl Dahl', '800 m', null], ['Eva Lind', '1500 m', 'Bronze']],
};
const medalCounts: TableSpec = {
  sqlName: 'medal_counts', file: 'medal-counts.csv',
  columns: [{ name: 'Country', type: 'text' }, { name: 'Medal', type: 'text' }, { name: 'Count', type: 'integer' }],
  rows: [['China', 'Gold', 51], ['China', 'Silver', 21], ['USA', 'Gold', 36], ['USA', 'Bronze', 36]],
};
const kickoffs: TableSpec = {
  sqlName: 'kickoffs', file: 'kickoffs.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Time', type: 'text' }],
  rows: [[1, 'Bears', '12:00'], [2, 'Lions', '3:30'], [3, 'Packers', '7:00'], [4, 'Vikings', '8:15']],
};
const roster: TableSpec = {
  sqlName: 'roster', file: 'roster.csv',
  columns: [{ name: 'Student', type: 'text' }, { name: 'State', type: 'text' }, { name: 'Enrollment year', type: 'integer' }],
  rows: [['Ann', 'Ohio', 2019], ['Bob', 'Ohio', 2019], ['Cy', 'Ohio', 2020], ['Di', 'Iowa', 2021]],
};
const byeWeek: TableSpec = {
  sqlName: 'bye_week', file: 'bye-week.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Game site', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [[1, 'Bears', 'Soldier Field', 60000], [2, 'Lions', 'Ford Field', 55000], [3, 'Bye', null, null], [4, 'Packers', 'Lambeau Field', 70000]],
};
const postseasons: TableSpec = {
  sqlName: 'postseasons', file: 'postseasons.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Postseason', type: 'text' }],
  rows: [[2005, null], [2006, 'NLDS'], [2007, null], [2008, 'NLDS'], [2009, 'NLDS'], [2010, null]],
};

describe('findings of the break-it review', () => {
  const { ask } = useTestTables([results, medalCounts, kickoffs, roster, byeWeek, postseasons, schedule, certified]);

  it('reads "from week 5" as that week, never as a bound', async () => {
    expect((await ask(schedule, 'what was the attendance from week 2?')).value).toBe(12000);
  });

  it('counts no row without a medal, and no rows of a table that counts its medals', async () => {
    expect((await ask(results, 'how many medals did anna berg win?')).value).toBe(1);
    expect((await ask(results, 'how many medals were won?')).value ?? undefined).not.toBe(5);
    expect((await ask(medalCounts, 'how many medals were given out?')).value ?? undefined).not.toBe(4);
  });

  it('compares no kick-off times as lengths of time', async () => {
    expect((await ask(kickoffs, 'how many games had a time of at least 3:00?')).value).toBeUndefined();
  });

  it('reads no "Enrollment year" as a number of students', async () => {
    expect((await ask(roster, 'how many students are from ohio?')).value ?? undefined).not.toBe(2);
  });

  it('counts no bye week as a game', async () => {
    expect((await ask(byeWeek, 'how many games were played after week 1?')).value ?? undefined).not.toBe(3);
  });

  it('breaks a run of years at a blank year', async () => {
    expect((await ask(postseasons, 'how many consecutive years was the postseason nlds?')).value).toBe(2);
  });

  it('reads "one gold certification" as no qualifier ("one" counts)', async () => {
    expect((await ask(certified, 'how many singles had one gold certification?')).value ?? undefined).not.toBe(2);
  });
});
