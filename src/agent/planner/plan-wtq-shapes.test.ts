import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Phrasings of WikiTableQuestions-style questions over one published table each: ordinals,
 * the table's own subject, amount nouns counted by a quantity column, "total amount of …",
 * spelled dates and year columns. The tables are small and invented; the expected numbers are
 * computed from their rows, and the declines are the cases where a guess would be wrong.
 */

const elements: TableSpec = {
  sqlName: 'elements', file: 'elements.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Symbol', type: 'text' }, { name: 'Period', type: 'integer' }],
  rows: [['Hydrogen', 'H', 1], ['Helium', 'He', 1], ['Lithium', 'Li', 2], ['Carbon', 'C', 2], ['Sodium', 'Na', 3]],
};
const golf: TableSpec = {
  sqlName: 'golf', file: 'golf.csv',
  columns: [{ name: 'Place', type: 'text' }, { name: 'Player', type: 'text' }, { name: 'Country', type: 'text' }],
  rows: [['1', 'Ann Ames', 'Fiji'], ['2', 'Bo Berg', 'Chile'], ['T3', 'Cy Cole', 'Chile'], ['T3', 'Di Dunn', 'Fiji'], ['T3', 'Ed Eck', 'Peru'], ['6', 'Flo Fox', 'Peru']],
};
// one skier's World Cup podiums: no column says who, the question's name is the table's subject (its title names her)
const podiums: TableSpec = {
  sqlName: 'podiums', file: 'podiums.csv', title: 'Tina Weirather World Cup podiums',
  columns: [
    { name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Date', type: 'date' },
    { name: 'Discipline', type: 'text' }, { name: 'Place', type: 'text' },
  ],
  rows: [
    [2013, '2012-12-01', 'Downhill', '2nd'], [2014, '2013-11-29', 'Downhill', '2nd'], [2014, '2013-12-07', 'Super-G', '2nd'],
    [2014, '2014-01-24', 'Downhill', '2nd'], [2014, '2014-01-25', 'Downhill', '3rd'], [2015, '2014-12-06', 'Downhill', '1st'],
  ],
};
const medallists: TableSpec = {
  sqlName: 'medallists', file: 'medallists.csv',
  columns: [{ name: 'Athlete', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Place', type: 'text' }],
  rows: [['Ann Ames', 2010, '2nd'], ['Bo Berg', 2010, '1st'], ['Ann Ames', 2011, '2nd']],
};
const vessels: TableSpec = {
  sqlName: 'vessels', file: 'vessels.csv',
  columns: [{ name: 'Nation', type: 'text' }, { name: 'Quantity', type: 'integer' }, { name: 'Notes', type: 'text', concept: 'text' }],
  rows: [['Canada', 9, 'Nine patrol vessels for the coast guard'], ['Honduras', 2, '2 patrol vessels in service'], ['Canada', 1, 'one more patrol vessels order']],
};
const discs: TableSpec = {
  sqlName: 'discs', file: 'discs.csv',
  columns: [{ name: 'Band', type: 'text' }, { name: 'Disc/Song', type: 'text' }, { name: 'Released', type: 'integer' }, { name: 'Disc Description', type: 'text', concept: 'text' }],
  rows: [['Devo', 'World', 1981, 'Astronaut head'], ['Gangrene', 'Cheese', 1989, 'A slice'], ['Numan', 'Berserker', 1989, 'Round'], ['U2', 'Streets', 1987, 'Square']],
};
const routes: TableSpec = {
  sqlName: 'routes', file: 'routes.csv',
  columns: [{ name: 'Route Number', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Route', type: 'text' }, { name: 'Operator', type: 'text' }],
  rows: [[25, 'Ilford to Oxford Circus', 'First'], [66, 'Leytonstone to Romford', 'Arriva'], [86, 'Stratford to Romford', 'Stagecoach']],
};
const toys: TableSpec = {
  sqlName: 'toys', file: 'toys.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Deaths (age <15)', type: 'integer', aggregation: 'avg' }],
  rows: [[1998, 14], [1999, 16], [2000, 17]],
};
const skaters: TableSpec = {
  sqlName: 'skaters', file: 'skaters.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Time', type: 'text' }],
  rows: [['Ann Ames', '1:08.89'], ['Bo Berg', 'DQ'], ['Cy Cole', '1:09.16'], ['Di Dunn', 'DQ']],
};
const grandPrix: TableSpec = {
  sqlName: 'grand_prix', file: 'grand_prix.csv',
  columns: [{ name: 'Driver', type: 'text' }, { name: 'Time/Retired', type: 'text' }],
  rows: [['Ann Ames', '1:48:31.3'], ['Bo Berg', 'Not Classified'], ['Cy Cole', 'Engine'], ['Di Dunn', 'Not Classified']],
};
const relay: TableSpec = {
  sqlName: 'relay', file: 'relay.csv',
  columns: [{ name: 'Lane', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Nation', type: 'text' }, { name: 'Time behind', type: 'decimal' }],
  rows: [[1, 'Canada', 0], [2, 'France', 0.5], [3, 'Greece', 1.2]],
};
const season: TableSpec = {
  sqlName: 'season', file: 'season.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Date', type: 'text' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [[1, 'Aug 28', 'at Toronto', 'Loss'], [2, 'Sept 4', 'at Montreal', 'Loss'], [3, 'Sept 11', 'Hamilton', 'Win'], [4, 'Oct 2', 'Ottawa', 'Win']],
};
const schools: TableSpec = {
  sqlName: 'schools', file: 'schools.csv',
  columns: [
    { name: 'School', type: 'text' },
    ...['2007', '2008', '2009'].map((year) => ({ name: year, type: 'integer' as const, period: year })),
  ],
  rows: [['Lincoln High School', 600, 610, 650], ['Wilson High School', 700, 720, 754]],
};
const operas: TableSpec = {
  sqlName: 'operas', file: 'operas.csv',
  columns: [{ name: 'Opus', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Title', type: 'text' }, { name: 'Subdivisions', type: 'text' }],
  rows: [[15, 'Der Kobold', '1 act'], [16, 'Banadietrich', '3 acts'], [17, 'Schwarzschwanenreich', '3 acts']],
};

const olympics: TableSpec = {
  sqlName: 'olympics', file: 'olympics.csv',
  columns: [{ name: 'Games', type: 'text' }, { name: 'Athletes', type: 'integer' }, { name: 'Gold', type: 'integer' }],
  rows: [['2000 Sydney', 20, 1], ['2004 Athens', 25, 0], ['2008 Beijing', 30, 2], ['2012 London', 17, 1]],
};
const stations: TableSpec = {
  sqlName: 'stations', file: 'stations.csv',
  columns: [{ name: 'Stations', type: 'text' }, { name: 'Parking', type: 'text' }],
  rows: [['North Hollywood', '951 Spaces'], ['Universal City', '1,200 Spaces'], ['Laurel Canyon', 'None']],
};

const standings: TableSpec = {
  sqlName: 'standings', file: 'standings.csv',
  columns: [{ name: 'Position', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Driver', type: 'text' }, { name: 'Lak.', type: 'integer' }, { name: 'Ora.', type: 'integer' }, { name: 'Total', type: 'integer' }],
  rows: [[1, 'Ann Ames', 42, 42, 84], [2, 'Bo Berg', 38, 36, 74], [3, 'Cy Cole', 26, 28, 54], [4, 'Di Dunn', 20, 18, 38]],
};
// order lines: each row is one order, qty the items on it
const lines: TableSpec = {
  sqlName: 'lines', file: 'lines.csv',
  columns: [{ name: 'id', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'region', type: 'text' }, { name: 'qty', type: 'integer' }],
  rows: [[1, 'North', 5], [2, 'North', 3], [3, 'South', 4]],
};

// oldest living presidents: one row per span (Taft's two), the duration written in days
const presidents: TableSpec = {
  sqlName: 'presidents', file: 'presidents.csv', title: 'Oldest living presidents',
  columns: [{ name: 'President', type: 'text' }, { name: 'Duration (Years, Days)', type: 'text' }, { name: 'Duration (Days)', type: 'integer', aggregation: 'avg', unit: 'days' }],
  rows: [['John Adams', '26 years, 202 days', 9698], ['James Madison', '9 years, 360 days', 3647], ['William Howard Taft', '1 years, 2 days', 367], ['Herbert Hoover', '31 years, 290 days', 11611], ['William Howard Taft', '2 years, 1 days', 731], ['Gerald Ford', '2 years, 204 days', 934], ['Thomas Jefferson', '0 years, 3 days', 3], ['John Quincy Adams', '7 years, 2 days', 2559], ['Martin Van Buren', '3 years, 50 days', 1145], ['Andrew Jackson', '8 years, 345 days', 3267]],
};
// one skier's seasons: World Cup places per discipline, nothing says whether a larger number is better
const skier: TableSpec = {
  sqlName: 'skier', file: 'skier.csv',
  columns: [{ name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Super G', type: 'integer' }, { name: 'Downhill', type: 'integer' }],
  rows: [[2005, 51, 49], [2008, 12, 20], [2009, 2, 5]],
};
const teams: TableSpec = {
  sqlName: 'teams', file: 'teams.csv',
  columns: [{ name: 'Team', type: 'text' }, { name: 'Points', type: 'integer' }],
  rows: [['Fram', 17], ['KR', 30], ['Valur', 25], ['Fylkir', 24]],
};

const pageant: TableSpec = {
  sqlName: 'pageant', file: 'pageant.csv',
  columns: [{ name: 'Represent', type: 'text' }, { name: 'Candidate', type: 'text' }, { name: 'Age', type: 'integer', aggregation: 'avg' }],
  rows: [['Altai Krai', 'Anastasija Nindova', 22], ['Amur Oblast', 'Myriam Asfry', 18], ['Adygean Republic', 'Alissa Joanndova', 19]],
};

// toy injuries by year, the counts written as text with notes ("202 (estimate)")
const injuries: TableSpec = {
  sqlName: 'injuries', file: 'injuries.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Injuries (US $000)', type: 'text' }],
  rows: [[1999, '152'], [2000, '191'], [2001, '255'], [2002, '212'], [2003, '206 (estimate)'], [2004, 'no data']],
};

// world records by distance: the distances, one row each, written with their unit, name the rows
const records: TableSpec = {
  sqlName: 'records', file: 'records.csv',
  columns: [{ name: 'Distance', type: 'integer', unit: 'm' }, { name: 'Time', type: 'decimal', unit: 'seconds' }, { name: 'Athlete', type: 'text' }],
  rows: [[100, 9.58, 'Usain Bolt'], [200, 19.19, 'Usain Bolt'], [400, 43.03, 'Wayde van Niekerk'], [800, 100.91, 'David Rudisha']],
};
// a rivalry: one row per game, the Winner column says who won it
const rivalry: TableSpec = {
  sqlName: 'rivalry', file: 'rivalry.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Location', type: 'text' }, { name: 'Winner', type: 'text' }, { name: 'Points', type: 'integer' }],
  rows: [[1990, 'Troy', 'Troy State', 21], [1991, 'Jacksonville', 'Jacksonville State', 14], [1992, 'Troy', 'Troy State', 30], [1993, 'Troy', 'Jacksonville State', 7]],
};
// broadcasts by season: the year is the first column, the crew in text columns
const broadcasts: TableSpec = {
  sqlName: 'broadcasts', file: 'broadcasts.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Lap-by-lap', type: 'text' }, { name: 'Pit reporters', type: 'text' }],
  rows: [[2006, 'Bob Dole', 'Ann Ames'], [2007, 'Allen Bestwick', 'Bo Berg'], [2008, 'Bob Dole', 'Cy Cole']],
};
// a discography: one row per album, the year it came out
const albums: TableSpec = {
  sqlName: 'albums', file: 'albums.csv',
  columns: [{ name: 'Album', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Label', type: 'text' }],
  rows: [['First Light', 2004, 'Sony'], ['Second Wind', 2008, 'EMI'], ['Third Eye', 2012, 'Sony']],
};
// senate seats: the years each seat was last contested, several per cell
const seats: TableSpec = {
  sqlName: 'seats', file: 'seats.csv',
  columns: [{ name: 'State', type: 'text' }, { name: 'Election results', type: 'text' }],
  rows: [['Delaware', '2000 2006 2012'], ['Hawaii', '2012'], ['California', '1992 1994 2000 2006 2012'], ['Maine', '2012']],
};
// prize laureates: the award year and the laureate's birth year
const laureates: TableSpec = {
  sqlName: 'laureates', file: 'laureates.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Laureate', type: 'text' }, { name: 'Birth year', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [[1950, 'Ann Ames', 1890], [1955, 'Bo Berg', 1901], [1960, 'Cy Cole', 1899]],
};
const buses: TableSpec = {
  sqlName: 'buses', file: 'buses.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Model', type: 'text' }, { name: 'Fuel', type: 'text' }],
  rows: [[1996, 'D60', 'Diesel'], [1998, 'C40', 'CNG'], [2000, 'D40', 'Diesel'], [2001, 'D45', 'Diesel']],
};
const scorers: TableSpec = {
  sqlName: 'scorers', file: 'scorers.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'League', type: 'integer' }, { name: 'JP Trophy', type: 'integer' }],
  rows: [['Ann Ames', 10, 1], ['Bo Berg', 6, 0], ['Cy Cole', 3, 2], ['Di Dunn', 1, 0]],
};
const dated: TableSpec = {
  sqlName: 'dated', file: 'dated.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Event', type: 'text' }],
  rows: [['2008-10-31', 'Sprint'], ['2008-10-31', 'Keirin'], ['2008-11-01', 'Omnium'], ['2009-02-13', 'Madison']],
};
const charts: TableSpec = {
  sqlName: 'charts', file: 'charts.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Single', type: 'text' }, { name: 'Peak chart positions US Country', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Peak chart positions CAN Country', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [[1968, 'One', 5, null], [1969, 'Two', 12, 3], [1970, 'Three', 30, 8]],
};
const airport: TableSpec = {
  sqlName: 'airport', file: 'airport.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Passengers', type: 'integer' }],
  rows: [[2003, 900000], [2004, 2500000], [2005, 3500000]],
};
const squad: TableSpec = {
  sqlName: 'squad', file: 'squad.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'Goals', type: 'integer' }],
  rows: [['Andy Johnson', 20], ['Rod Stewart', 16], ['Bo Johnsen', 3], ['OWN GOALS', 2]],
};
const track: TableSpec = {
  sqlName: 'track', file: 'track.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Competition', type: 'text' }, { name: 'Country', type: 'text' }],
  rows: [['2007-10-31', 'World Cup', 'United Kingdom'], ['2008-11-01', 'World Cup', 'United Kingdom'], ['2009-02-13', 'World Cup', 'Denmark'], ['2009-03-25', 'World Championships', 'Poland']],
};
const awardsByYear: TableSpec = {
  sqlName: 'awards_by_year', file: 'awards_by_year.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'MVP', type: 'text' }, { name: 'Newcomer of the Year', type: 'text' }],
  rows: [[1993, 'Ann Ames', 'Bo Berg'], [1994, 'Ann Ames', 'Cy Cole'], [1995, 'Bo Berg', 'Di Dunn']],
};
const episodes: TableSpec = {
  sqlName: 'episodes', file: 'episodes.csv',
  columns: [{ name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Episode', type: 'integer' }, { name: 'Title', type: 'text' }],
  rows: [[1, 1, 'Pilot'], [1, 2, 'The Door'], [1, 3, 'Rain'], [2, 1, 'Return'], [2, 2, 'Ashes']],
};
// the break-it review's tables: a month's orders named by its date, films in millions, accounts opened, a tournament's rounds
const marchOrders: TableSpec = {
  sqlName: 'march_orders', file: '2025-03.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Customer', type: 'text' }, { name: 'Rep', type: 'text' }, { name: 'Amount', type: 'integer' }],
  rows: [['2025-03-01', 'Globex', 'Ann Lee', 1200], ['2025-03-02', 'Initech', 'Bob Stone', 800], ['2025-03-03', 'Globex', 'Ann Lee', 450], ['2025-03-05', 'Umbrella', 'Dan Roe', 2300]],
};
const films: TableSpec = {
  sqlName: 'films', file: 'films.csv',
  columns: [{ name: 'Film', type: 'text' }, { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Gross (millions)', type: 'decimal' }, { name: 'Viewers', type: 'integer' }],
  rows: [['Alpha', 2001, 12.5, 2500000], ['Beta', 2003, 45, 800000], ['Gamma', 2005, 3.2, 3100000], ['Delta', 2007, 88.1, 950000]],
};
const accounts: TableSpec = {
  sqlName: 'accounts', file: 'accounts.csv',
  columns: [{ name: 'Account', type: 'text' }, { name: 'Opened', type: 'date' }, { name: 'Status', type: 'text' }],
  rows: [['A1', '2021-02-10', 'Active'], ['A2', '2022-05-03', 'Closed'], ['A3', '2023-01-20', 'Active']],
};
const rounds: TableSpec = {
  sqlName: 'rounds', file: '212-40.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Tournament', type: 'text' }, { name: 'Round', type: 'text' }, { name: 'Venue', type: 'text' }],
  rows: [['2012-01-02', 'Brisbane', 'R1', 'Brisbane'], ['2012-01-02', 'Brisbane', 'R2', 'Brisbane'], ['2012-01-16', 'Australian Open', 'R1', 'Melbourne'], ['2012-05-28', 'French Open', 'R1', 'Paris']],
};
const specs = [laureates, seats, albums, broadcasts, rivalry, records, presidents, skier, teams, pageant, injuries, lines, standings, olympics, stations, elements, golf, podiums, medallists, vessels, discs, routes, toys, skaters, grandPrix, relay, season, schools, operas, buses, scorers, dated, charts, airport, squad, track, awardsByYear, episodes, marchOrders, films, accounts, rounds];
/** Plans over one table alone and runs the SQL; undefined value when the plan declines. */
const { ask } = useTestTables(specs);

describe('planQuestion: ordinals', () => {
  it('reads an ordinal next to a numbered column as that number ("the first period")', async () => {
    expect((await ask(elements, 'how many elements are in the first period?')).value).toBe(2);
    expect((await ask(elements, 'how many elements are in the 3rd period?')).value).toBe(1);
  });

  it('reads "4th place", "tied for 3rd" and "placed second" over the one rank column (1st, 2nd, T3)', async () => {
    expect((await ask(golf, 'how many players tied for 3rd place?')).value).toBe(3);
    expect((await ask(golf, 'how many players from chile finished in 3rd place?')).value).toBe(1);
    expect((await ask(medallists, 'how many times did ann ames place second?')).value).toBe(2);
  });

  it('declines an ordinal the column does not hold, rather than filter on nothing ("the first year")', async () => {
    expect((await ask(medallists, 'how many athletes placed in the first year?')).plan.kind).toBe('declined');
  });

  it('does not count rows when the counted noun is written inside the cells ("3 acts")', async () => {
    const { plan } = await ask(operas, 'what was the number of acts listed in the 16th opus?');
    expect(plan.kind === 'sql' && plan.sql).not.toMatch(/count\(\*\)/);
  });
});

describe("planQuestion: the table's own subject", () => {
  it('takes a name in subject position that the table\'s title names as who the table is about, and a whole year as its Season', async () => {
    const { plan, value } = await ask(podiums, 'how many times did weirather place second in 2014?');
    expect(value, plan.kind === 'sql' ? plan.sql : plan.reason).toBe(3);
  });

  it('declines an unknown name that the table\'s title, file and sheet never mention (it may be someone else)', async () => {
    expect((await ask({ ...podiums, title: null }, 'how many times did weirather place second in 2014?')).plan.kind).toBe('declined');
  });

  it('takes such a name as the subject of a table that nothing names (file "204-921.csv", no title): what it is about cannot be checked', async () => {
    const unnamed = { ...podiums, file: '204-921.csv', title: null };
    const { plan, value } = await ask(unnamed, 'how many times did weirather place second in 2014?');
    expect(value, plan.kind === 'sql' ? plan.sql : plan.reason).toBe(3);
    expect((await ask({ ...unnamed, file: 'podium-list.csv' }, 'how many times did weirather place second in 2014?')).plan.kind).toBe('declined');
    expect((await ask({ ...medallists, file: '204-921.csv' }, 'how many times did weirather place second?')).plan.kind).toBe('declined');
  });

  it('declines an unknown name over a table that lists who each row is (it would be a missing row, not the subject)', async () => {
    expect((await ask(medallists, 'how many times did weirather place second?')).plan.kind).toBe('declined');
  });

  it('declines an unknown predicate after "are" (it would narrow the rows)', async () => {
    expect((await ask(routes, 'how many routes are handicap accessible?')).plan.kind).toBe('declined');
  });

  it('reads "she" and "the race" as the subject and event of the one table', async () => {
    expect((await ask(podiums, 'how many times did she place second in 2014?')).value).toBe(3);
    expect((await ask(relay, 'how many teams competed in the race?')).value).toBe(3);
  });
});

describe('planQuestion: amounts and totals', () => {
  it('counts amount nouns with the one quantity column, also in a difference', async () => {
    expect((await ask(vessels, 'how many more patrol vessels does canada have than honduras?')).value).toBe(10 - 2);
    expect((await ask(vessels, 'how many vessels does canada have?')).value).toBe(10);
  });

  it('never counts records (orders, bookings) with the quantity column: a Qty counts the items on each order', async () => {
    for (const question of ['How many orders went to North?', 'how many bookings were there in North?']) {
      const { plan, value } = await ask(lines, question);
      expect(plan.kind === 'sql' ? plan.sql : '', question).not.toMatch(/sum\("qty"\)/);
      if (plan.kind === 'sql') expect(value, question).toBe(2);
    }
    expect((await ask(lines, 'how many units went to North?')).value).toBe(8);
  });

  it('declines a modifier the table never uses with the noun (it could narrow the rows)', async () => {
    expect((await ask(vessels, 'how many more frigate vessels does canada have than honduras?')).plan.kind).toBe('declined');
  });

  it('reads "total points" as the one Total column, and "win"/"score" as the verb of the amount', async () => {
    expect((await ask(standings, 'how many total points did the first three finishers win?')).value).toBe(84 + 74 + 54);
    expect((await ask(standings, 'how many total points did bo berg score?')).value).toBe(74);
    // "win" is no verb of a measure here: it could be a filter, so the unknown word still blocks
    expect((await ask(standings, 'how many drivers did win?')).plan.kind).toBe('declined');
  });

  it('reads "the total amount of <things>" as their number', async () => {
    expect((await ask(routes, 'what is the total amount of routes listed?')).value).toBe(3);
    expect((await ask(discs, 'what is the total amount of discs released in 1989?')).value).toBe(2);
  });

  it('reads a non-additive count column as the single value of the row asked', async () => {
    expect((await ask(toys, 'how many deaths were reported in 1999?')).value).toBe(16);
    expect((await ask(toys, 'how many deaths were reported?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: values and dates as published', () => {
  it("reads an abbreviation made a verb (dq'ed) and a value that starts with 'not'", async () => {
    expect((await ask(skaters, "how many people were dq'ed?")).value).toBe(2);
    expect((await ask(grandPrix, 'how many finished as not classified?')).value).toBe(2);
  });

  // Before, "lost" stemmed to lose and met no "Loss" value: declined as an unknown word.
  it('reads the verbs of an outcome (lost, lose, won) as the Result values Loss and Win', async () => {
    expect((await ask(season, 'how many games were lost?')).value).toBe(2);
    expect((await ask(season, 'how many games did the team lose?')).value).toBe(2);
    expect((await ask(season, 'how many games were won?')).value).toBe(2);
  });

  // Before, "one" and "two" after "at least" / "more than" were unknown words.
  it('reads a number word after comparison words as the number ("at least one gold medal")', async () => {
    expect((await ask(olympics, 'how many games had at least one gold medal?')).value).toBe(3);
    expect((await ask(olympics, 'how many games had more than one gold medal?')).value).toBe(1);
    expect((await ask(olympics, 'how many games had more than two gold medals?')).value).toBe(0);
  });

  it('filters a month over a Date column spelled without a year ("Sept 4")', async () => {
    expect((await ask(season, 'how many games did the team play in september?')).value).toBe(2);
    expect((await ask(season, 'how many games did the team play in july?')).value).toBe(0);
  });

  it('reads a whole year over labels that start with their year (2008 Beijing), and subtracts the two ends of a range', async () => {
    expect((await ask(olympics, 'how many athletes competed in 2008?')).value).toBe(30);
    expect((await ask(olympics, 'what is the difference in amount of athletes that competed from 2008 to 2012?')).value).toBe(13);
    expect((await ask(olympics, 'how many athletes competed from 2004 to 2012?')).value).toBe(25 + 30 + 17);
    // three years in the range: no two sides to subtract
    expect((await ask(olympics, 'what is the difference in amount of athletes that competed from 2004 to 2012?')).plan.kind).toBe('declined');
  });

  it('answers the number a cell writes before the counted noun ("951 Spaces"), for one row only', async () => {
    expect((await ask(stations, 'how many parking spaces does north hollywood have at its station?')).value).toBe(951);
    expect((await ask(stations, 'how many parking spaces does universal city have?')).value).toBe(1200);
    expect((await ask(stations, 'how many parking spaces are there?')).plan.kind).toBe('declined');
    expect((await ask(operas, 'what was the number of acts listed in the 16th opus?')).value).toBe(3);
  });

  it('subtracts the two ends of a year range over year columns', async () => {
    expect((await ask(schools, 'what is the difference between wilson high school in 2007 and 2009?')).value).toBe(54);
    expect((await ask(schools, 'what is the difference between 2007 and 2009?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: lookups in one row per name', () => {
  it('answers "how many days" with the column written in days, for one row or the rows named together', async () => {
    const hoover = await ask(presidents, 'how many days was herbert hoover the oldest living president?');
    expect(hoover.value, JSON.stringify(hoover.plan)).toBe(11611);
    expect((await ask(presidents, 'how many total days were john adams and herbert hoover the oldest living president combined?')).value).toBe(21309);
  });

  it('declines a count of the rows a name picks when the counted noun names no column (the count is how many names were said)', async () => {
    // "years" is written in a text column only: counting Madison's rows would say 1
    const madison = await ask(presidents, 'how many years was james madison the oldest living president?');
    expect(madison.plan.kind, JSON.stringify(madison)).toBe('declined');
    // "times" counts the rows: Taft was the oldest twice
    expect((await ask(presidents, 'how many times was william howard taft the oldest living president?')).value).toBe(2);
    // the counted noun heads a column's name: the rows themselves are asked for
    // a year equated in a table of one row per year, the counted noun heading a column of amounts written as text
    expect((await ask(injuries, 'how many injuries were reported in 2001?')).plan.kind).toBe('declined');
    const amur = await ask(pageant, 'what is the total number of candidates from amur oblast?');
    expect(amur.value, JSON.stringify(amur.plan)).toBe(1);
  });

  it('reads a distance written with its unit as the name of its row, where the distances are distinct ("the 400 m", "the 800m")', async () => {
    expect((await ask(records, 'what is the time of the 400 m record?')).value).toBe(43.03);
    expect((await ask(records, 'what was the time in the 800m?')).value).toBe(100.91);
    // a number without the unit names nothing
    expect((await ask(records, 'what was the time in 800?')).plan.kind).toBe('declined');
    // after a comparison word the quantity is a bound, never the row it would name; its unit names the column in that
    // unit (Distance, in m): the 400 m and 800 m records
    expect((await ask(records, 'how many records are over 200m?')).value).toBe(2);
    // "longer than" names the one column of lengths (Distance): the 400 m and 800 m records
    expect((await ask(records, 'how many records are longer than 200 m?')).value).toBe(2);
    expect((await ask(records, 'what is the total of the 400 m and 800 m times?')).value).toBeCloseTo(143.94, 6);
    // two values of one column named with nothing joining them: one of them is no value the question gives
    expect((await ask(records, 'what was the 100 m 200 m time?')).plan.kind).toBe('declined');
  });

  it('reads a verb saying when a row came about ("released", "aired") by the date condition on the year column, and declines it without one', async () => {
    expect((await ask(albums, 'how many albums were released before 2010?')).value).toBe(2);
    // with no date, the verb says only that the rows came about, where every row is dated: Sony's albums
    expect((await ask(albums, 'how many albums were released by sony?')).value).toBe(2);
    // beside a second column of years ("Birth year") the verb may name that one: declined, never read against the award year
    expect((await ask(laureates, 'how many laureates were born before 1900?')).plan.kind).toBe('declined');
  });

  it('declines a year asked of a text column whose cells list several years (the first is no year of the row)', async () => {
    expect((await ask(seats, 'how many states have election results from 2000?')).plan.kind).toBe('declined');
  });

  it('declines "what year" when the values it would list are no years', async () => {
    const asked = await ask(broadcasts, 'what was the only year that allen bestwick a pit reporter?');
    expect(asked.plan.kind, JSON.stringify(asked.plan)).toBe('declined');
  });

  it('reads "wins" and "won" as the rows a Winner column gives the named value, and declines them with no such column', async () => {
    expect((await ask(rivalry, 'how many total wins does troy state have?')).value).toBe(2);
    expect((await ask(rivalry, 'how many times did jacksonville state win?')).value).toBe(2);
    // the named value is in no winner column: "wins" names nothing
    expect((await ask(rivalry, 'how many wins were in troy?')).plan.kind).toBe('declined');
  });

  it('spreads "each <row>" of an average over the rows, as "per" does, over one row per team', async () => {
    expect((await ask(teams, 'how many points did each team earn on average?')).value).toBe(24);
  });

  it('declines "best" and "worst" over whole numbers from 1 with no unit: a place or an amount is not written', async () => {
    expect((await ask(skier, 'what was her best super g result?')).plan.kind).toBe('declined');
    expect((await ask(skier, 'in which season did she have her worst downhill result?')).plan.kind).toBe('declined');
    expect((await ask(skier, 'what was her lowest super g result?')).value).toBe(2);
    // "highest" says which way
    const kr = await ask(teams, 'which team has the highest points?');
    expect(kr.plan.kind === 'sql' && kr.plan.sql).toMatch(/ORDER BY 2 DESC/);
  });
});

describe('planQuestion: phrasings of time and counts from unseen WikiTableQuestions tables', () => {
  it('reads "the first year" and "the last season" as the earliest and latest of the one year column, and a verb of making as that column', async () => {
    expect((await ask(buses, 'the first year on the list')).value).toBe(1996);
    expect((await ask(buses, 'which year was the first year a model was manufactured?')).value).toBe(1996);
    expect((await ask(buses, 'what year was the last diesel built?')).value).toBe(2001);
    // an ordinal of a place or a name is no time
    expect((await ask(buses, 'what was the first place model?')).plan.kind).toBe('declined');
  });

  it('reads "before the year 2011" and "previous to 1990" as open ranges of years', async () => {
    expect((await ask(buses, 'how many models were built before the year 2000?')).value).toBe(2);
    expect((await ask(buses, 'how many models were there previous to 2000?')).value).toBe(2);
    expect((await ask(buses, 'how many models were built after the year 2000?')).value).toBe(1);
  });

  it('multiplies a number by the scale word after it ("3 million"), and reads "the last year" as the latest year, not last calendar year', async () => {
    expect((await ask(airport, 'how many years had fewer than 3 million passengers?')).value).toBe(2);
    expect((await ask(airport, 'in how many years were there more than one million passengers?')).value).toBe(2);
    expect((await ask(airport, 'what was the last year on the list?')).value).toBe(2005);
  });

  it('names a person of a Player column by the surname alone, when no other name ends with it', async () => {
    const both = await ask(squad, 'what was the total number of goals scored by johnson and stewart?');
    expect(both.value, both.plan.kind === 'declined' ? both.plan.reason : both.plan.sql).toBe(36);
    expect((await ask(squad, 'how many goals did stewart score?')).value).toBe(16);
    expect((await ask(squad, 'how many goals did johnsen score?')).value).toBe(3);
  });

  it('counts each dated row as one competition ("how many competitions"), and still declines repeated values of other things', async () => {
    expect((await ask(track, 'how many competitions were not in the united kingdom?')).value).toBe(2);
    expect((await ask(track, 'what is the total number of competitions?')).value).toBe(4);
    // countries held again are the same countries: rows and distinct countries differ, so no answer
    expect((await ask(track, 'how many countries were competitions held in?')).value ?? null).toBeNull();
  });

  it('reads "win <column>" as the value being that column\'s winner, and "during the season" as the season the games record', async () => {
    expect((await ask(awardsByYear, 'how many times did ann ames win mvp?')).value).toBe(2);
    expect((await ask(awardsByYear, 'how many times did bo berg win the newcomer of the year?')).value).toBe(1);
    expect((await ask(season, 'how many games were lost during the season?')).value).toBe(2);
  });

  it('names a country by its short name ("the US", "the UK"), never by the pronoun "us"', async () => {
    expect((await ask(track, 'how many competitions were in the uk?')).value).toBe(2);
    expect((await ask(track, 'how many competitions were held near us?')).plan.kind).toBe('declined');
  });

  it('counts the rows for "the total number of games" and "how many total games", as for "how many games"', async () => {
    expect((await ask(season, 'what is the total number of games?')).value).toBe(4);
    expect((await ask(season, 'how many total games were played?')).value).toBe(4);
  });

  it('averages a column of counts for "the average number of", never a column of numbered things', async () => {
    expect((await ask(episodes, 'what is the average number of episodes?')).plan.kind).toBe('declined');
    expect((await ask(episodes, 'how many episodes are there?')).value).toBe(5);
    expect((await ask(scorers, 'what is the average number of league goals?')).value).toBe(5);
    // "the average number of players" has nothing to average over
    expect((await ask(scorers, 'what is the average number of players?')).plan.kind).toBe('declined');
  });

  it('declines "both" over several named values and "how many days between" two dates rather than answer a sum or a row count', async () => {
    expect((await ask(scorers, 'ann ames and bo berg both have how many league goals?')).plan.kind).toBe('declined');
    expect((await ask(dated, 'how many days is between 31 october 2008 and 1 november 2008')).plan.kind).toBe('declined');
    expect((await ask(dated, 'how many events were between 31 october 2008 and 1 november 2008?')).value).toBe(3);
  });

  it('declines a numeric column the question names by its own words when the plan would not use it', async () => {
    const { plan } = await ask(charts, 'what are the number of singles that made the peak chart positions in can country?');
    expect(plan.kind === 'declined' && plan.reason).toMatch(/unclear what/);
  });
});

describe('planQuestion: what the break-it review of these readings found', () => {
  it('reads "last year" in a business question as the previous calendar year, not as the latest year', async () => {
    const { plan } = await ask(marchOrders, 'what was the total amount last year?');
    expect(plan.kind === 'sql' && plan.explanation, plan.kind === 'declined' ? plan.reason : '').toMatch(/2025-01-01 to 2025-12-31/);
  });

  it('never takes a name as the subject of a table named by its date, of a table of reps, or with its verb', async () => {
    expect((await ask(marchOrders, 'how many orders did acme place?')).plan.kind).toBe('declined');
    expect((await ask({ ...podiums, file: '204-921.csv', title: null }, 'how many times did tokyo host?')).plan.kind).toBe('declined');
    expect((await ask({ ...podiums, file: '204-921.csv', title: null }, 'how many times did dave close?')).plan.kind).toBe('declined');
  });

  it('declines a name that is a word of a value (a club named in part), rather than read it as the subject', async () => {
    expect((await ask({ ...season, file: '188-12.csv' }, 'how many times did montreal play?')).plan.kind).toBe('declined');
  });

  it('undoes the scale word over a column counted in millions ("more than 10 million" over Gross (millions))', async () => {
    expect((await ask(films, 'how many films grossed more than 10 million?')).value).toBe(3);
    expect((await ask(films, 'how many films had more than 1 million viewers?')).value).toBe(2);
    expect((await ask(films, 'how many films grossed more than 10,000,000?')).value).toBe(3);
  });

  it('never explains a verb by a date column named for another event ("closed" beside Opened)', async () => {
    expect((await ask(accounts, 'when was the last account closed?')).plan.kind).toBe('declined');
    expect((await ask(accounts, 'how many accounts were closed in 2022?')).plan.kind).toBe('declined');
    expect((await ask(accounts, 'how many accounts were opened in 2022?')).value).toBe(1);

  });

  it('counts rows as competitions only when no two rows hold one competition on one date (rounds of one tournament)', async () => {
    expect((await ask(rounds, 'how many tournaments are there?')).value ?? null).toBeNull();
    // rounds on other days of one tournament's year are still one tournament
    const spread: TableSpec = { ...rounds, rows: [['2012-01-02', 'Brisbane', 'R1', 'Brisbane'], ['2012-01-04', 'Brisbane', 'R2', 'Brisbane'], ['2012-05-28', 'French Open', 'R1', 'Paris']] };
    expect((await ask(spread, 'how many tournaments are there?')).value ?? null).toBeNull();
    expect((await ask(track, 'how many competitions were held in 2009?')).value).toBe(2);
  });

  it('declines "how many days from X to Y" as a span length, not a count of rows', async () => {
    expect((await ask(marchOrders, 'what is the number of days from march 1 2025 to march 18 2025?')).plan.kind).toBe('declined');
  });

  it('reads a surname before a plural noun as a word ("young players"), not as the person', async () => {
    expect((await ask(squad, 'how many goals were scored by stewart players?')).plan.kind).toBe('declined');
  });
});
