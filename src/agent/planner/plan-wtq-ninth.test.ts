import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Wrong answers found in the ninth session by asking new phrasings over tables of the dev sets:
 * a chart's peak positions read as amounts ("the highest position" answered the largest number),
 * "average" dropped beside a superlative, and a counted noun that ends some of the rows' names
 * ("how many buildings" over "Ordway Building" and "Kaiser Center") read as a kind among them.
 * The tables are small and invented; the expected numbers come from their rows.
 */

// a rapper's albums: peak positions on two charts ("—" did not chart, stored blank), weeks on one chart
const albums: TableSpec = {
  sqlName: 'albums', file: 'albums.csv',
  columns: [
    { name: 'Title', type: 'text' },
    { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' },
    { name: 'Peak chart positions US', type: 'integer' },
    { name: 'Peak chart positions US R&B', type: 'integer' },
    { name: 'Weeks on chart', type: 'integer' },
  ],
  rows: [['Can-I-Bus', 1998, 2, 2, 20], ['2000 B.C.', 2000, 23, 6, 12], ['True Stories', 2001, null, 71, 3], ['Rip the Jacker', 2003, 194, 34, 2], ['Mind Control', 2005, null, 79, 1]],
};

// a city's tallest buildings: some names end in "Building", every row is one
const towers: TableSpec = {
  sqlName: 'towers', file: 'towers.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Name', type: 'text' }, { name: 'Floors', type: 'integer' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [[1, 'Ordway Building', 28, 1970], [2, 'Kaiser Center', 28, 1960], [3, 'Tribune Tower', 22, 1923], [4, 'Clorox Building', 24, 1976], [5, 'Lake Merritt Plaza', 27, 1985]],
};

// sports competitions: three of five names end in "League", and the two that do not are small
const leagues: TableSpec = {
  sqlName: 'crowds', file: 'crowds.csv',
  columns: [{ name: 'Competition', type: 'text' }, { name: 'Total spectatorship', type: 'integer' }],
  rows: [['Australian Football League', 6931085], ['National Rugby League', 3345248], ['Big Bash League', 550262], ['Super Rugby', 773940], ['Rugby Championship', 133532]],
};

// a team's seasons (wins and losses, no share), and districts with their literacy rate in percent
const record: TableSpec = {
  sqlName: 'record', file: 'record.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'W', type: 'integer' }, { name: 'L', type: 'integer' }],
  rows: [[2004, 7, 2], [2005, 3, 5], [2006, 5, 4]],
};
const withPct: TableSpec = {
  sqlName: 'districts', file: 'districts.csv',
  columns: [{ name: 'District', type: 'text' }, { name: 'Population', type: 'integer' }, { name: 'Literacy (%)', type: 'decimal', aggregation: 'none' }],
  rows: [['Kollam', 2629703, 93.8], ['Idukki', 1107453, 91.9], ['Wayanad', 817420, 89.3]],
};

// a club's record signings: the fee is an amount of each transfer, and two are alike
const signings: TableSpec = {
  sqlName: 'signings', file: 'signings.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'Transfer Fee (€ millions)', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [['Neymar', '86.0', 2013], ['Alex Song', '19.0', 2012], ['Jordi Alba', '14.0', 2012], ['Adriano', '14.0', 2010]],
};

// a composer's films by language
const scores: TableSpec = {
  sqlName: 'scores', file: 'scores.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Film', type: 'text' }, { name: 'Language', type: 'text' }],
  rows: [[1990, 'Anjali', 'Tamil'], [1991, 'Dalapathi', 'Tamil'], [1992, 'Roja', 'Telugu'], [1993, 'Gentleman', 'Hindi'], [1994, 'Bombay', 'Hindi'], [1995, 'Indira', 'Malayalam']],
};

// a driver's class results at one race, by year
const lemans: TableSpec = {
  sqlName: 'lemans', file: 'lemans.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Team', type: 'text' }, { name: 'Class', type: 'text' }, { name: 'Class Pos.', type: 'text' }],
  rows: [[2007, 'Aston Martin', 'GT1', '3rd'], [2008, 'Team Essex', 'LMP2', '2nd'], [2009, 'Team Essex', 'LMP2', '1st']],
};
// long-running shows: one show had two runs
const shows: TableSpec = {
  sqlName: 'shows', file: 'shows.csv',
  columns: [{ name: 'Title', type: 'text' }, { name: 'Opening', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Performances', type: 'integer' }],
  rows: [['Jersey Boys', 2005, 3476], ['Grease', 1972, 3388], ['Grease', 1994, 1505], ['Cats', 1982, 7485]],
};

// a series' episodes: some directed by two people, written "A / B"
const episodes: TableSpec = {
  sqlName: 'episodes', file: 'episodes.csv',
  columns: [{ name: 'No.', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Title', type: 'text' }, { name: 'Directed by', type: 'text' }],
  rows: [[5, 'Free Fall', 'Milan Cheylov / John Bell'], [7, 'The Underneath', 'Milan Cheylov / Allan Kroeker'], [9, 'Dead Man', 'Allan Kroeker'], [16, 'The Light', 'Milan Cheylov'], [19, 'Second Sight', 'Milan Cheylov'], [21, 'Mind Games', 'Allan Kroeker']],
};
// counties and their populations
const counties: TableSpec = {
  sqlName: 'counties', file: 'counties.csv',
  columns: [{ name: 'County', type: 'text' }, { name: 'Population', type: 'integer' }],
  rows: [['Carbon', 10078], ['Yellowstone', 147972], ['Big Horn', 12865]],
};

// a derby's results by year: the winner, and each side's wins that year
const derby: TableSpec = {
  sqlName: 'derby', file: 'derby.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Derby winner', type: 'text' }, { name: 'Galaxy', type: 'integer' }, { name: 'Chivas', type: 'integer' }],
  rows: [[2005, 'Galaxy', 5, 0], [2006, 'Galaxy', 2, 1], [2007, 'Chivas', 1, 2], [2008, 'Galaxy', 1, 0]],
};
// executions: the ages carry a qualifier in brackets
const executions: TableSpec = {
  sqlName: 'executions', file: 'executions.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Age (at Execution)', type: 'integer', aggregation: 'none' }, { name: 'Method', type: 'text' }],
  rows: [['Ann Lee', 54, 'Electrocution'], ['Bea Roe', 54, 'Electrocution'], ['Cat Poe', 28, 'Lethal injection']],
};

// a driver's seasons: counts of wins and top 5 finishes each season, and the season's standing
const career: TableSpec = {
  sqlName: 'career', file: 'career.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Starts', type: 'integer' }, { name: 'Wins', type: 'integer' }, { name: 'Top 5', type: 'integer' }, { name: 'Position', type: 'text' }],
  rows: [[2001, 30, 2, 8, '3rd'], [2002, 31, 0, 4, '12th'], [2003, 29, 5, 11, '1st'], [2004, 30, 1, 6, '7th']],
};

// a college team's seasons: a coach over several seasons
const coached: TableSpec = {
  sqlName: 'coached', file: 'coached.csv',
  columns: [{ name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Head Coach', type: 'text' }, { name: 'Total Wins', type: 'integer' }],
  rows: [[1990, 'Ann Lee', 8], [1991, 'Ann Lee', 9], [1992, 'Bob Roe', 11], [1993, 'Bob Roe', 4], [1994, 'Cy Poe', 7]],
};
// a golf tournament's leaders: the best score is the lowest
const open: TableSpec = {
  sqlName: 'open', file: 'open.csv',
  columns: [{ name: 'Place', type: 'text' }, { name: 'Player', type: 'text' }, { name: 'Score', type: 'integer', unit: 'score', aggregation: 'avg' }],
  rows: [['T1', 'Bobby Jones', 294], ['T1', 'Al Espinosa', 294], ['3', 'Gene Sarazen', 296], ['4', 'Horton Smith', 302]],
};

// the biggest opening weekends: films and their years
const openings: TableSpec = {
  sqlName: 'openings', file: 'openings.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Film', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [[1, 'The Avengers', 2012], [2, 'Iron Man 3', 2013], [3, 'Spider-Man', 2002]],
};

// a line's stations: one station is named after the city others are in
const stations: TableSpec = {
  sqlName: 'stations', file: 'stations.csv',
  columns: [{ name: 'Station', type: 'text' }, { name: 'City', type: 'text' }],
  rows: [['Redondo Beach', 'Redondo Beach'], ['Douglas', 'El Segundo'], ['Mariposa', 'El Segundo'], ['El Segundo', 'El Segundo'], ['Aviation', 'Hawthorne']],
};

// a driver's seasons with a count of pole positions; a sprint's times in seconds; a studio's films and their grosses
const poles: TableSpec = {
  sqlName: 'poles', file: 'poles.csv',
  columns: [{ name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Pole positions', type: 'integer' }],
  rows: [[2001, 4], [2002, 10], [2003, 15], [2004, 0]],
};
const sprint: TableSpec = {
  sqlName: 'sprint', file: 'sprint.csv',
  columns: [{ name: 'Athlete', type: 'text' }, { name: 'Time (in seconds)', type: 'decimal' }],
  rows: [['Usain Bolt', 9.58], ['Tyson Gay', 9.71], ['Asafa Powell', 9.72]],
};
const releases: TableSpec = {
  sqlName: 'releases', file: 'releases.csv',
  columns: [{ name: 'Film', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Gross ($ millions)', type: 'decimal' }],
  rows: [['Northbound', 2010, 150.3], ['Eastward', 2008, 80.1], ['Southside', 2006, 95.5]],
};

// a race's winners by year, each with the race's average speed
const daytona: TableSpec = {
  sqlName: 'daytona', file: 'daytona.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Driver', type: 'text' }, { name: 'Laps', type: 'integer' }, { name: 'Average Speed (mph)', type: 'decimal', aggregation: 'avg', qualifier: 'stated_average' }],
  rows: [[2001, 'Ann Lee', 200, 143.118], [2002, 'Bob Roe', 251, 130.5], [2003, 'Ann Lee', 200, 150.2]],
};

// a film-maker's credits: Yes where he directed, produced or wrote
const credits: TableSpec = {
  sqlName: 'credits', file: 'credits.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Film', type: 'text' }, { name: 'Director', type: 'text' }, { name: 'Producer', type: 'text' }],
  rows: [[1953, 'The Sea Around Us', 'Yes', 'Yes'], [1956, 'The Animal World', 'Yes', 'Yes'], [1960, 'The Lost World', 'Yes', null], [1962, 'Five Weeks', null, 'Yes']],
};

// box office by country, and the part of it from national films ("–" where none is given)
const boxOffice: TableSpec = {
  sqlName: 'box_office', file: 'box_office.csv',
  columns: [{ name: 'Country', type: 'text' }, { name: 'Box Office', type: 'decimal', unit: 'currency', currency: 'USD' }, { name: 'Box office from national films', type: 'text' }],
  rows: [['Canada/United States', 10.8e9, null], ['China', 2.7e9, '48.5%'], ['Japan', 2.4e9, '65.7%'], ['France', 1.7e9, '40.5%'], ['India', 1.4e9, '90%']],
};

// a player's caps by competition: two header rows (Appearances over Start and Sub)
const caps: TableSpec = {
  sqlName: 'caps', file: 'caps.csv',
  columns: [{ name: 'Competition', type: 'text' }, { name: 'Appearances Start', type: 'integer' }, { name: 'Appearances Sub', type: 'integer' }, { name: 'Goals', type: 'integer' }],
  rows: [['Cup', 4, 0, 2], ['Games', 3, 1, 4], ['Qualifiers', 6, 2, 5]],
};

const { ask } = useTestTables([albums, towers, leagues, record, withPct, signings, scores, lemans, shows, episodes, counties, derby, executions, career, coached, open, openings, stations, poles, sprint, releases, daytona, credits, boxOffice, caps]);

// Before, "how many starts did he make" counted the competitions (3, where he started 13 times).
describe('a counted noun a number column counts on each row', () => {
  it('declines counting the rows', async () => {
    expect((await ask(caps, 'how many starts did he make?')).plan.kind).toBe('declined');
    expect((await ask(caps, 'how many goals did he score?')).value).toBe(11);
  });
});

// Before, "had a box office over 1.5 billion" also kept only rows with a national-films share (3, where 4 is right).
describe('words two columns are named by', () => {
  it('add no presence condition on the longer column', async () => {
    expect((await ask(boxOffice, 'how many countries had a box office over 1.5 billion?')).value).toBe(4);
  });
});

// Before, "how many films did he direct" counted every film (4, where he directed 3).
describe('a verb naming a column of Yes marks', () => {
  it('declines a count that keeps no condition on the column the verb names', async () => {
    expect((await ask(credits, 'how many films did he direct?')).plan.kind).toBe('declined');
    expect((await ask(credits, 'how many films are listed?')).value).toBe(4);
  });
});

describe('a stated average of one row', () => {
  it('reads the one row\'s average, and declines the mean of several', async () => {
    expect((await ask(daytona, 'what was the average speed in 2001?')).value).toBe(143.118);
    expect((await ask(daytona, 'what is the average speed?')).plan.kind).toBe('declined');
  });
});

// From the review of this session's changes: "Pole positions" is a count, "(in seconds)" a unit, and "the highest grossing
// film" asks for a film.
describe('guards of this session kept to what they are for', () => {
  it('reads pole positions as amounts', async () => {
    expect((await ask(poles, 'what was the highest number of pole positions?')).value).toBe(15);
  });

  it('answers a count of a unit in brackets opened by "in"', async () => {
    expect((await ask(sprint, 'how many seconds did usain bolt run?')).value).toBe(9.58);
  });

  it('declines the amount where the superlative is said of a film two words on', async () => {
    expect((await ask(releases, 'what was the highest grossing film?')).plan.kind).toBe('declined');
    expect((await ask(releases, 'what was the most recent film?')).plan.kind).toBe('declined');
  });
});

// Before, "how many stations are in El Segundo" counted the one station so named (1, where 3 are in the city).
describe('a value of two columns where the counted noun names one', () => {
  it('declines rather than let the counted noun pick the column of the value', async () => {
    expect((await ask(stations, 'how many stations are in el segundo?')).plan.kind).toBe('declined');
    expect((await ask(stations, 'how many stations are in hawthorne?')).value).toBe(1);
  });
});

// Before, "what was the oldest film on the list" answered 2002, the year, where the film was asked.
describe('a superlative said of named rows', () => {
  it('declines giving the ranked year where the question asks which film', async () => {
    expect((await ask(openings, 'what was the oldest film on the list?')).plan.kind).toBe('declined');
    expect((await ask(openings, 'what year was the oldest film released?')).value).toBe(2002);
  });
});

// Before, "more than 10 total wins" was read of single seasons (0 coaches, where two had more in all), and "the best score"
// of a golf tournament was the highest.
describe('a condition of each row or of each one added up, and best without a direction', () => {
  it('declines a distinct count over repeated names under a condition on an amount that adds up', async () => {
    expect((await ask(coached, 'how many coaches had more than 10 total wins?')).plan.kind).toBe('declined');
  });

  it('declines "best" over plain scores, whichever path reads it', async () => {
    expect((await ask(open, 'what was the best score?')).plan.kind).toBe('declined');
    expect((await ask(open, 'which player had the best score?')).plan.kind).toBe('declined');
    expect((await ask(open, 'what was the lowest score?')).value).toBe(294);
  });
});

// Before, "how many races did he win" counted the seasons (4) and "how many top 5 finishes" the seasons placed in the top 5 (2).
describe('a verb or phrase that a column tallies on each row', () => {
  it('declines counting rows where a column counts what the verb says', async () => {
    expect((await ask(career, 'how many races did he win?')).plan.kind).toBe('declined');
    expect((await ask(career, 'how many wins did he have?')).value).toBe(8);
    expect((await ask(career, 'how many seasons did he have at least one win?')).value).toBe(3);
  });

  it('declines "top 5" where a column is called Top 5', async () => {
    expect((await ask(career, 'how many top 5 finishes did he have?')).plan.kind).toBe('declined');
  });
});

// Before, "at least 2 Galaxy wins" kept the years from 2 on, and "how many were executed by electrocution" gave an age.
describe('a number that is no year, and a column named by its qualifier', () => {
  it('never reads a small number as a year', async () => {
    const { plan, value } = await ask(derby, 'how many years had at least 2 galaxy wins?');
    expect(value === 2 || plan.kind === 'declined').toBe(true);
  });

  it('declines a count that names a column only by the words in its brackets', async () => {
    expect((await ask(executions, 'how many were executed by electrocution?')).plan.kind).toBe('declined');
    expect((await ask(executions, 'what was the age at execution of cat poe?')).value).toBe(28);
  });
});

describe('names listed with a spaced slash, and a number the question gives', () => {
  it('counts a director in every cell that lists them ("A / B")', async () => {
    expect((await ask(episodes, 'how many episodes were directed by milan cheylov?')).value).toBe(4);
  });

  it('declines where the measured column is kept equal to a number the question gives', async () => {
    expect((await ask(counties, 'carbon county has a population of 10,078, but yellowstone county has a population of ?')).plan.kind).toBe('declined');
    expect((await ask(counties, 'what is the population of yellowstone county?')).value).toBe(147972);
  });
});

// Before, "finish first" was read as the earliest year (2008), and "how many more … than Grease" answered -1417.
describe('places and signed differences', () => {
  it('never reads "finish first" as the earliest', async () => {
    const { plan, value } = await ask(lemans, 'what year did team essex finish first in the lmp2 class?');
    expect(value === 2009 || plan.kind === 'declined').toBe(true);
  });

  it('gives no value where "how many more A than B" comes out negative', async () => {
    const { plan, value } = await ask(shows, 'how many more performances has jersey boys had than grease?');
    expect(plan.kind === 'sql' && plan.declineIfNull).toBeTruthy();
    expect(value).toBeNull();
    expect((await ask(shows, 'how many more performances has cats had than jersey boys?')).value).toBe(4009);
  });
});

// Before, "other than Telugu and Tamil" kept the Tamil films and left out the Telugu ones (10 where 3 was right).
describe('a negation over a list of values', () => {
  it('keeps out every value listed after it', async () => {
    expect((await ask(scores, 'how many films were in languages other than telugu and tamil?')).value).toBe(3);
    expect((await ask(scores, 'how many films were not in telugu or tamil?')).value).toBe(3);
    expect((await ask(scores, 'how many films were in languages other than telugu, tamil and hindi?')).value).toBe(1);
  });

  it('leaves a value named before the negation kept', async () => {
    expect((await ask(scores, 'how many films were in tamil and not in telugu?')).value).toBe(2);
  });
});

describe('a counted noun that a column holds an amount of', () => {
  it('declines "how many transfers" over Transfer Fee rather than count the different fees', async () => {
    expect((await ask(signings, 'how many transfers were after 2010?')).plan.kind).toBe('declined');
    expect((await ask(signings, 'how many different transfer fees are there?')).value).toBe(3);
  });
});

describe('a share asked of a measure that is none', () => {
  it('declines "the win percentage" over wins and losses (it would answer the wins)', async () => {
    expect((await ask(record, 'what is the win percentage in 2005?')).plan.kind).toBe('declined');
  });

  it('answers it from a column that holds the share, and keeps a percent in a condition', async () => {
    expect((await ask(withPct, 'what was the literacy percentage in kollam?')).value).toBe(93.8);
    expect((await ask(withPct, 'how many districts have more than 90% literacy?')).value).toBe(2);
  });
});

describe('chart positions', () => {
  it('reads the highest or best peak position as the smallest number, the lowest as the largest', async () => {
    expect((await ask(albums, 'what is the highest position on the us r&b charts?')).value).toBe(2);
    expect((await ask(albums, 'what was the best us r&b peak?')).value).toBe(2);
    expect((await ask(albums, 'what is the lowest us r&b chart position?')).value).toBe(79);
  });

  it('leaves a count kept beside a chart an amount', async () => {
    expect((await ask(albums, 'what is the most weeks on chart?')).value).toBe(20);
  });

  it('declines "average" beside a superlative that no column name takes', async () => {
    expect((await ask(albums, 'what is the average us r&b peak position?')).plan.kind).toBe('declined');
    expect((await ask(albums, 'what was the average of the highest us r&b positions?')).plan.kind).toBe('declined');
  });
});

describe('a counted noun that ends some of the names', () => {
  it('gives no value where the rows so named and all rows differ', async () => {
    const { plan, value } = await ask(towers, 'how many buildings have at least 25 floors?');
    expect(plan.kind === 'sql' && plan.declineIfNull).toBeTruthy();
    expect(value).toBeNull(); // 1 named so, 3 in all
  });

  it('answers where both readings keep the same rows', async () => {
    expect((await ask(leagues, 'how many leagues had at least 1 million spectators?')).value).toBe(2);
  });
});
