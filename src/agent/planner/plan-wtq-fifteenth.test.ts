import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings added in the fifteenth session, from declines over the dev sets' tables. The tables
 * are small and invented; the expected numbers come from their rows.
 */

// woods, one row each; one name is quoted in its cell
const woods: TableSpec = {
  sqlName: 'reserves', file: 'reserves.csv',
  columns: [{ name: 'No.', type: 'integer' }, { name: 'Name', type: 'text' }, { name: 'Area', type: 'decimal' }, { name: 'County', type: 'text' }],
  rows: [
    [1, 'Aversley Wood', 61.2, 'Hunts'], [2, 'Waresley Wood', 30.5, 'Cambs'], [3, 'west wood', 12, 'Cambs'],
    [4, '"Wicken Wood"', 8.1, 'Cambs'], [5, 'Brampton Wood', 132.1, 'Hunts'], [6, 'Archer Wood', 3, 'Hunts'],
  ],
};
const arrivals: TableSpec = {
  sqlName: 'arrivals', file: 'arrivals.csv',
  columns: [{ name: 'Selected countries', type: 'text' }, { name: 'Tourist arrivals', type: 'integer' }],
  rows: [['Chile', 2766], ['Colombia', 2385], ['Cuba', 2507], ['Brazil', 5161], ['Argentina', 5325]],
};
const players: TableSpec = {
  sqlName: 'jazz_players', file: 'jazz_players.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'No.', type: 'integer' }, { name: 'Position', type: 'text' }],
  rows: [['Jim Farmer', 30, 'Guard'], ['Derrick Favors', 15, 'Forward'], ['Adam Keefe', 31, 'Forward'], ['Frank Layden', 12, 'Guard']],
};

describe('the letter a name begins with', () => {
  const { ask } = useTestTables([woods, arrivals, players]);

  it('counts the rows whose names begin with a letter, in either case and past a leading quote', async () => {
    expect((await ask(woods, 'how many woods\' names begin with the letter "w"?')).value).toBe(3);
    expect((await ask(woods, 'how many names start with an a?')).value).toBe(2);
    expect((await ask(woods, 'what is the total area where the name starts with b?')).value).toBe(132.1);
  });

  it('reads the column the noun before the verb names', async () => {
    expect((await ask(arrivals, 'what is the total tourist arrivals for all countries beginning with the letter c?')).value).toBe(2766 + 2385 + 2507);
    expect((await ask(arrivals, 'how many countries start with a?')).value).toBe(1);
  });

  it('declines a first or last name, which is only part of a cell', async () => {
    expect((await ask(players, 'how many players with a last name starting with the letter f are there?')).value).toBeUndefined();
  });
});

describe('"than" as it is often mistyped', () => {
  const { ask } = useTestTables([arrivals]);

  it('reads "more that 2500" and "less then 2500" as comparisons', async () => {
    expect((await ask(arrivals, 'how many countries had more that 2500 tourist arrivals?')).value).toBe(4);
    expect((await ask(arrivals, 'how many countries had less then 2500 tourist arrivals?')).value).toBe(1);
  });
});

// the best and worst score each dance got
const dances: TableSpec = {
  sqlName: 'dance_scores', file: 'dance_scores.csv',
  columns: [{ name: 'Dance', type: 'text' }, { name: 'Best score', type: 'integer' }, { name: 'Worst score', type: 'integer' }],
  rows: [['Cha Cha', 34, 14], ['Waltz', 38, 20], ['Tango', 29, 18], ['Rumba', 40, 22]],
};

describe('a superlative that begins a column\'s name', () => {
  const { ask } = useTestTables([dances]);

  it('names the column where the question asks another amount of it', async () => {
    expect((await ask(dances, 'how many dances had a best score above 30?')).value).toBe(3);
    expect((await ask(dances, 'what is the average worst score?')).value).toBe(18.5);
  });

  it('still declines the bare superlative that could rank either column', async () => {
    expect((await ask(dances, 'what is the largest score listed?')).value).toBeUndefined();
  });
});

const releases: TableSpec = {
  sqlName: 'releases', file: 'releases.csv',
  columns: [{ name: 'Single', type: 'text' }, { name: 'Tracks', type: 'text' }, { name: 'Year', type: 'integer' }],
  rows: [['Electric', 'Electric', 2009], ['Groovin', 'Crush', 2009], ['Fresh', 'Fresh Mix', 2009], ['Nights', 'Nights', 2011], ['Wires', 'Wires', 2011]],
};

describe('which of two years had more, counting the values the noun names', () => {
  const { labels } = useTestTables([releases]);

  it('counts the different tracks of each year and answers the year', async () => {
    expect((await labels(releases, 'were there more tracks in 2009 or 2011?'))?.[0]).toBe('2009');
    expect((await labels(releases, 'were there fewer tracks in 2009 or 2011?'))?.[0]).toBe('2011');
  });
});

const season: TableSpec = {
  sqlName: 'season85', file: 'season85.csv',
  columns: [{ name: 'Date', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [
    ['November 26', 'Loyola', 'W 95–64', 13143], ['November 30', 'Hawaii', 'W 80–71', 2400], ['December 3', 'Utah', 'L 60–62', 9000],
    ['December 7', 'Iowa', 'W 70–58', 16000], ['December 14', 'Purdue', 'L 66–70', 14000],
  ],
};

describe('"the total wins": the number of rows a condition keeps', () => {
  const { ask } = useTestTables([season]);

  it('counts the games won or lost, and still adds up a measure named', async () => {
    expect((await ask(season, "what's the total wins for this season?")).value).toBe(3);
    expect((await ask(season, 'what were the total losses?')).value).toBe(2);
    expect((await ask(season, 'how many wins were there over the course of the season?')).value).toBe(3);
    expect((await ask(season, 'what was the total attendance of the wins?')).value).toBe(13143 + 2400 + 16000);
  });
});

const elections: TableSpec = {
  sqlName: 'party_results', file: 'party_results.csv',
  columns: [{ name: 'Election', type: 'integer' }, { name: 'Number of popular votes', type: 'integer' }, { name: '% of popular votes', type: 'decimal' }],
  rows: [[1988, 139295, 2.5], [1991, 170757, 3.1], [2007, 249640, 4.4], [2011, 464512, 7.8]],
};

describe('an Election column of years is the year of each election', () => {
  const { ask, labels } = useTestTables([elections]);

  it('answers "which year" with it and applies a year to it', async () => {
    expect((await labels(elections, 'which year had the most popular votes?'))?.[0]).toBe('2011');
    expect((await ask(elections, 'how many popular votes were there in 1991?')).value).toBe(170757);
  });
});

const lions: TableSpec = {
  sqlName: 'season_games', file: 'season_games.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Final score', type: 'text' }, { name: 'Team record', type: 'text' }],
  rows: [[1, 'at Detroit Lions', 'W 16–13', '1–0'], [2, 'Chicago Bears', 'L 10–17', '1–1'], [3, 'at Green Bay', 'W 21–7', '2–1']],
};

describe('"the team" as the subject of a team\'s season', () => {
  const { ask } = useTestTables([lions]);

  it('is who the table is about, not the Team record column it names in part', async () => {
    expect((await ask(lions, 'how many wins did the team have over the course of the season?')).value).toBe(2);
  });
});

// one actress's roles; the table names nobody (a file name of digits, no title)
const roles: TableSpec = {
  sqlName: 'c_203_797', file: '203-797.csv',
  columns: [{ name: 'Genre', type: 'text' }, { name: 'Year', type: 'integer' }, { name: 'Title', type: 'text' }, { name: 'Role', type: 'text' }],
  rows: [['Film', 2010, 'Tyrannosaur', 'Hannah'], ['Film', 2012, 'Hyde Park', 'Queen'], ['Film', 2012, 'Labyrinth', 'Ana'], ['TV', 2012, 'Accused', 'Mo'], ['TV', 2011, 'Exile', 'Nancy']],
};

describe('the subject of a clause, and the plural of a value kept', () => {
  const { ask } = useTestTables([roles]);

  it('reads "films that Colman appeared in" as the table\'s subject and counts the films', async () => {
    expect((await ask(roles, 'what is the total amount of films that colman appeared in 2012?')).value).toBe(2);
    expect((await ask(roles, 'what is the total number of films that colman appeared in?')).value).toBe(3);
  });
});

// a team event: each nation's total is a group row (set apart); its shooters carry the nation as Section
const shooting: TableSpec = {
  sqlName: 'team_shooting', file: 'team_shooting.csv',
  columns: [
    { name: 'Place', type: 'integer' }, { name: 'Shooter', type: 'text' }, { name: '5 pts', type: 'integer' }, { name: '4 pts', type: 'integer' },
    { name: 'Total', type: 'integer' }, { name: 'Section', type: 'text', derived: 'section' },
  ],
  rows: [
    [1, 'Ole Olsen', 4, 5, 43, 'Norway (NOR)'], [1, 'Einar Liberg', 5, 2, 42, 'Norway (NOR)'],
    [2, 'Alfred Swahn', 3, 4, 40, 'Sweden (SWE)'], [2, 'Fredric Landelius', 3, 5, 39, 'Sweden (SWE)'],
  ],
};
// a race series: eight rounds and their Total
const series: TableSpec = {
  sqlName: 'series_points', file: 'series_points.csv',
  columns: [{ name: 'Driver', type: 'text' }, { name: 'Rd 1', type: 'integer' }, { name: 'Rd 2', type: 'integer' }, { name: 'Total', type: 'integer' }],
  rows: [['Greg Crick', 98, 108, 206], ['Bryce Washington', 85, 0, 85], ['Ian Tulloch', 40, 30, 70]],
};

describe('the Total of a table of rounds or shots worth points is its score', () => {
  const { ask } = useTestTables([shooting, series]);

  it('reads "points" and "scored" as the Total, by nation through the section', async () => {
    expect((await ask(shooting, 'what is the difference in points scored between norway and sweden?')).value).toBe(6);
    expect((await ask(shooting, 'what was the total score of ole olsen?')).value).toBe(43);
    expect((await ask(series, 'how many drivers scored more than 80 points?')).value).toBe(2);
  });

  it('does not take a plural after the number for the unit of the score', async () => {
    expect((await ask(series, 'how many drivers scored in at least 2 races?')).value).toBeUndefined();
  });
});

// a wide table whose label column says what the year cells hold
const origins: TableSpec = {
  sqlName: 'naturalisations', file: 'naturalisations.csv',
  columns: [
    { name: 'Naturalisations by origin', type: 'text' }, { name: '2000', type: 'integer', period: '2000' }, { name: '2005', type: 'integer', period: '2005' },
    { name: 'Section', type: 'text', derived: 'section' },
  ],
  rows: [['Maghreb', 68185, 75224, 'Africa'], ['Sub-Saharan Africa', 10622, 15624, 'Africa'], ['East Asia', 1139, 1280, 'Asia'], ['South Asia', 4246, 4436, 'Asia']],
};

describe('"Naturalisations by origin": the noun before "by" names the year cells', () => {
  const { ask } = useTestTables([origins]);

  it('adds up the cells of the year named, and counts no origins', async () => {
    expect((await ask(origins, 'how many naturalisations from asia were there in 2005?')).value).toBe(1280 + 4436);
    expect((await ask(origins, 'what is the total number of naturalisations from asia?')).value).toBeUndefined();
    expect((await ask(origins, 'how many origins are listed?')).value).toBe(4);
  });
});

const race: TableSpec = {
  sqlName: 'race_results', file: 'race_results.csv',
  columns: [{ name: 'Pos', type: 'integer' }, { name: 'Driver', type: 'text' }, { name: 'Points', type: 'integer' }],
  rows: [[6, 'Oriol Servià1', 42], [9, 'Marco Andretti', 27], [22, 'John Andretti', 16], [23, 'Team2', 15]],
};

describe('a footnote mark written onto the end of a name', () => {
  const { ask } = useTestTables([race]);

  it('is no part of the name the question writes', async () => {
    expect((await ask(race, 'what is the difference in points between oriol servia and john andretti?')).value).toBe(26);
    expect((await ask(race, 'how many points did oriol servia score?')).value).toBe(42);
  });

  it('is left on a one-word value', async () => {
    expect((await ask(race, 'how many points did team score?')).value).toBeUndefined();
  });
});

const elements: TableSpec = {
  sqlName: 'elements', file: 'elements.csv',
  columns: [{ name: 'Atomic no.', type: 'integer', concept: 'identifier' }, { name: 'Name', type: 'text' }, { name: 'Symbol', type: 'text' }],
  rows: [[6, 'Carbon', 'C'], [7, 'Nitrogen', 'N'], [8, 'Oxygen', 'O']],
};

describe('"the atomic number of nitrogen": a word before "number of" names a column', () => {
  const { ask } = useTestTables([elements]);

  it('reads the column of the row named, and still counts after a determiner', async () => {
    expect((await ask(elements, 'what is the atomic number of nitrogen?')).value).toBe(7);
    expect((await ask(elements, 'what is the total number of elements?')).value).toBe(3);
  });
});

describe('a number alone names no column named by words too', () => {
  const rounds: TableSpec = {
    sqlName: 'round_points', file: 'round_points.csv',
    columns: [{ name: 'Position', type: 'integer' }, { name: 'Driver', type: 'text' }, { name: 'Rd 1', type: 'integer' }, { name: 'Rd 3', type: 'integer' }, { name: 'Total', type: 'integer' }],
    rows: [[1, 'Greg Crick', 98, 91, 713], [2, 'Bryce Washington', 85, 104, 651], [3, 'Ian Tulloch', 40, 30, 524.5]],
  };
  const { ask } = useTestTables([rounds]);

  it('reads "position 1 and position 3" as no Rd 1 and Rd 3', async () => {
    // the two positions' Totals since the twenty-first session (`interpret-difference.ts`), never the rounds' columns
    const answer = await ask(rounds, 'what is the difference in total between position 1 and position 3?');
    expect(answer.value).toBe(188.5);
    expect(answer.plan.kind === 'sql' ? answer.plan.sql : '').not.toMatch(/rd_/);
    expect((await ask(rounds, 'what did greg crick get in rd 3?')).value).toBe(91);
  });
});

describe('the people of a nation or a sex are never what every row is', () => {
  // the one table asked, whose rows are tournaments; nationalities are written nowhere
  const tour: TableSpec = {
    sqlName: 'c_204_351', file: '204-351.csv',
    columns: [{ name: 'Week of', type: 'text' }, { name: 'Tournament', type: 'text' }, { name: 'Champions', type: 'text' }],
    rows: [['7 November', 'South American Open', 'Àlex Corretja'], ['14 November', 'Kremlin Cup', 'Pat Cash'], ['21 November', 'Paris Open', 'Mark Woodforde']],
  };
  const { ask } = useTestTables([tour]);

  it('declines "how many Australians" rather than count every row', async () => {
    expect((await ask(tour, 'how many australians are there?')).value).toBeUndefined();
    expect((await ask(tour, 'how many women are there?')).value).toBeUndefined();
    expect((await ask(tour, 'how many tournaments are there?')).value).toBe(3);
  });
});

describe('a name before a verb of when the rows came about is the subject', () => {
  // one band's singles; the table names nobody (a file name of digits, no title)
  const singles: TableSpec = {
    sqlName: 'c_201_15', file: '201-15.csv',
    columns: [{ name: 'Year', type: 'integer' }, { name: 'Single', type: 'text' }, { name: 'Album', type: 'text' }],
    rows: [[2011, 'Breathe in the Light', 'Endless Road'], [2012, 'Heartbreaker', 'Endless Road'], [2012, 'I Met An Angel', 'Christmas non-album release'], [2014, 'Ghost', 'Ghost']],
  };
  // several artists' singles: a name missing from the Artist column is no subject
  const charts: TableSpec = {
    sqlName: 'c_201_16', file: '201-16.csv',
    columns: [{ name: 'Year', type: 'integer' }, { name: 'Single', type: 'text' }, { name: 'Artist', type: 'text' }],
    rows: [[2011, 'Breathe', 'Adele'], [2012, 'Hearts', 'Muse'], [2012, 'Angel', 'Adele']],
  };
  const { ask } = useTestTables([singles, charts]);

  it('reads "did the band Auryn release" over one band\'s singles', async () => {
    expect((await ask(singles, 'how many singles did the band auryn release between 2011 and 2013?')).value).toBe(3);
  });

  it('declines where the table lists who each row is by', async () => {
    expect((await ask(charts, 'how many singles did auryn release between 2011 and 2013?')).value).toBeUndefined();
  });
});

/* Fixes from the break-it review of this session's readings. */

describe('review: "the total <noun>" counts only the outcomes of games', () => {
  const ledger: TableSpec = {
    sqlName: 'ledger', file: 'ledger.csv',
    columns: [{ name: 'Month', type: 'text' }, { name: 'Category', type: 'text' }, { name: 'Region', type: 'text' }, { name: 'Amount', type: 'integer' }],
    rows: [['Jan', 'Sales', 'North', 20000], ['Jan', 'Refunds', 'North', 800], ['Feb', 'Sales', 'South', 16000], ['Feb', 'Refunds', 'North', 500], ['Mar', 'Sales', 'North', 18000]],
  };
  const { ask } = useTestTables([ledger, season]);

  it('never counts the rows of a category beside an amount', async () => {
    expect((await ask(ledger, 'what were the total sales?')).value).not.toBe(3);
    expect((await ask(ledger, 'how much were total refunds?')).value).not.toBe(2);
    expect((await ask(season, "what's the total wins for this season?")).value).toBe(3);
  });
});

describe('review: the year cells named by the label column', () => {
  const { ask } = useTestTables([origins]);

  it('declines an average or a highest of them', async () => {
    expect((await ask(origins, 'what is the average number of naturalisations in 2005?')).value).toBeUndefined();
    expect((await ask(origins, 'what is the highest number of naturalisations in 2005?')).value).toBeUndefined();
  });
});

describe('review: the letter a name begins with', () => {
  const countries: TableSpec = {
    sqlName: 'countries', file: 'countries.csv',
    columns: [{ name: 'Country', type: 'text' }, { name: 'Continent', type: 'text' }, { name: 'Team', type: 'text' }],
    rows: [['Chile', 'South America', 'La Roja'], ['Colombia', 'South America', 'Los Cafeteros'], ['Cuba', 'North America', 'Leones'], ['Austria', 'Europe', 'Das Team'], ['Estonia', 'Europe', 'Sinisärgid'], ['Argentina', 'South America', 'Albiceleste']],
  };
  const { ask } = useTestTables([countries, elements]);

  it('takes every letter joined by "or", and never counts the rows of a repeated value as values', async () => {
    expect((await ask(countries, 'how many countries start with c or a?')).value).toBe(5);
    // Europe is one continent on two rows: one, or no number, never the two rows
    expect([undefined, null, 1]).toContain((await ask(countries, 'how many continents start with e?')).value);
  });

  it('reads the names of the noun before "have names"', async () => {
    expect((await ask(countries, 'how many teams have names starting with l?')).value).toBe(3);
  });

  it('gives the number column asked first, not the noun named after it', async () => {
    expect((await ask(elements, 'what is the atomic number of the element whose symbol starts with o?')).value).toBe(8);
  });
});

describe('review: a superlative that begins a column name beside a count or another measure', () => {
  const cars: TableSpec = {
    sqlName: 'cars', file: 'cars.csv',
    columns: [{ name: 'Car', type: 'text' }, { name: 'Top speed', type: 'integer' }, { name: 'Price', type: 'integer' }],
    rows: [['Chiron', 420, 2600000], ['Huayra', 383, 3000000], ['Senna', 340, 1000000]],
  };
  const { ask, labels } = useTestTables([cars, dances]);

  it('declines where it may rank by that column or name it', async () => {
    expect((await ask(cars, 'what is the price of the car with the top speed?')).value).toBeUndefined();
    expect((await ask(cars, 'how many cars have the top speed?')).value).toBeUndefined();
    expect((await ask(dances, 'how many dances had the best score?')).value).toBeUndefined();
    expect((await labels(cars, 'which car has the top speed?'))?.[0]).toBe('Chiron');
  });
});

describe('review: which of two years had more, where the values repeat', () => {
  const repeated: TableSpec = {
    sqlName: 'releases_rep', file: 'releases_rep.csv',
    columns: [{ name: 'Single', type: 'text' }, { name: 'Tracks', type: 'text' }, { name: 'Year', type: 'integer' }],
    rows: [['Electric', 'Electric', 2009], ['Electric EP', 'Electric', 2009], ['Fresh', 'Fresh', 2009], ['Nights', 'Nights', 2011], ['Wires', 'Wires', 2011]],
  };
  const { ask } = useTestTables([repeated]);

  it('declines rather than rank a count that may give no number', async () => {
    expect((await ask(repeated, 'were there more tracks in 2009 or 2011?')).value).toBeUndefined();
  });
});

describe('review: a trailing number shared by several values is part of their names', () => {
  const phones: TableSpec = {
    sqlName: 'phones', file: 'phones.csv',
    columns: [{ name: 'Model', type: 'text' }, { name: 'Price', type: 'decimal' }],
    rows: [['Galaxy Note9', 999.99], ['Galaxy Note10', 949.99], ['Galaxy Note20', 1049.99], ['Pixel Seven', 599]],
  };
  const { ask } = useTestTables([phones]);

  it('reads no "Galaxy Note" out of Note9, Note10 and Note20', async () => {
    expect((await ask(phones, 'what was the price of the galaxy note?')).value).toBeUndefined();
  });
});

describe('review 2: readings that answered what the table does not say', () => {
  const pnl: TableSpec = {
    sqlName: 'pnl_lines', file: 'pnl_lines.csv',
    columns: [{ name: 'Quarter', type: 'text' }, { name: 'Category', type: 'text' }, { name: 'Amount', type: 'integer' }],
    rows: [['Q1', 'Losses', 1500], ['Q2', 'Losses', 1000], ['Q3', 'Losses', 2000], ['Q1', 'Income', 9000]],
  };
  const jerseys: TableSpec = {
    sqlName: 'jerseys', file: 'jerseys.csv',
    columns: [{ name: 'Player', type: 'text' }, { name: 'Jersey number', type: 'integer', concept: 'identifier' }, { name: 'Position', type: 'text' }, { name: 'Goals', type: 'integer' }],
    rows: [['Lionel Messi', 10, 'Forward', 29], ['Gerard Pique', 3, 'Defender', 4], ['Jordi Alba', 18, 'Defender', 2], ['Ousmane Dembele', 11, 'Forward', 5]],
  };
  const orders: TableSpec = {
    sqlName: 'orders_ids', file: 'orders_ids.csv',
    columns: [{ name: 'Order ID', type: 'text', concept: 'identifier' }, { name: 'Customer', type: 'text' }, { name: 'Amount', type: 'integer' }],
    rows: [['A-1001', 'Brown', 120], ['B-1002', 'Adams', 340], ['A-1003', 'Allen', 210], ['A-1004', 'Brown', 135]],
  };
  const { ask } = useTestTables([pnl, jerseys, orders, roles]);

  it('adds up "the total losses" of a Category beside an Amount, never counts them', async () => {
    expect((await ask(pnl, 'what are the total losses?')).value).not.toBe(3);
  });

  it('declines a number asked of the row another column ranks', async () => {
    expect((await ask(jerseys, 'what is the jersey number of the defender with the most goals?')).value).toBeUndefined();
    expect((await ask(jerseys, 'what is the jersey number of lionel messi?')).value).toBe(10);
  });

  it('reads no names out of a column of codes', async () => {
    expect((await ask(orders, 'what is the total amount for names starting with a?')).value).toBeUndefined();
  });

  it('takes no role verb for the table subject\'s ("did Colman direct")', async () => {
    expect((await ask(roles, 'how many films did colman direct?')).value).toBeUndefined();
    expect((await ask(roles, 'how many films did colman write?')).value).toBeUndefined();
  });
});

describe('review 2: a counted noun whose stem is an event verb\'s', () => {
  const roster: TableSpec = {
    sqlName: 'roster', file: 'roster.csv',
    columns: [{ name: 'Player', type: 'text' }, { name: 'Team', type: 'text' }, { name: 'Points', type: 'integer' }],
    rows: [['Jim Farmer', 'Boston Celtics', 812], ['Karl Malone', 'Utah Jazz', 2100], ['John Stockton', 'Utah Jazz', 1100]],
  };
  const { ask } = useTestTables([roster]);

  it('names things ("how many awards"), not that the rows happened', async () => {
    expect((await ask(roster, 'how many awards were there?')).value).toBeUndefined();
    expect((await ask(roster, 'how many players are there?')).value).toBe(3);
  });
});
