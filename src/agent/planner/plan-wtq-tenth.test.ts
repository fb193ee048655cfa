import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings added in the tenth session, from declines over the probe set's tables: years before
 * 1900 ("established before 1898", "born after 1873"); a count beside its share ("# of votes"
 * and "% of votes") read as the count unless a share is said; "Election year" as the year. The tables are small and invented; the
 * expected numbers come from their rows.
 */

// lighthouses and the year each was established (a column of years, not named Year)
const lights: TableSpec = {
  sqlName: 'lights', file: 'lights.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Municipality', type: 'text' }, { name: 'Established', type: 'integer' }, { name: 'Focal plane (m)', type: 'integer' }],
  rows: [['Los Morrillos', 'Cabo Rojo', 1882, 37], ['Punta Higuero', 'Rincon', 1892, 27], ['Punta Borinquen', 'Aguadilla', 1892, 89], ['Arecibo', 'Arecibo', 1898, 36], ['Cabras', 'Ceiba', 1908, 14]],
};

// a season list with a Year column of the nineteenth century
const clubs: TableSpec = {
  sqlName: 'club_seasons', file: 'club_seasons.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Wins', type: 'integer' }, { name: 'Losses', type: 'integer' }],
  rows: [[1876, 52, 14], [1877, 31, 27], [1878, 41, 19], [1879, 46, 33]],
};

// a party's results: each vote count beside its share, in an "Election year" column
const party: TableSpec = {
  sqlName: 'party_results', file: 'party_results.csv',
  columns: [
    { name: 'Election year', type: 'integer', aggregation: 'none', concept: 'dimension' },
    { name: '# of constituency votes', type: 'integer', unit: 'count' },
    { name: '% of constituency votes', type: 'decimal', unit: 'percent', aggregation: 'none' },
    { name: '# of party list votes', type: 'integer', unit: 'count' },
    { name: '% of party list votes', type: 'decimal', unit: 'percent', aggregation: 'none' },
  ],
  rows: [[1965, 587216, 1.8, 664193, 2.0], [1969, 1189375, 3.6, 1422010, 4.3], [1972, 194389, 0.5, 207465, 0.6], [1980, null, null, 68096, 0.2], [1987, 182880, 0.5, 227054, 0.6]],
};

// grants of citizenship by year and by route
const grants: TableSpec = {
  sqlName: 'grants', file: 'grants.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Naturalisation by marriage', type: 'integer' }, { name: 'Registration of a minor child', type: 'integer' }, { name: 'Registration by other means', type: 'integer' }],
  rows: [[2004, 1020, 640, 51], [2005, 950, 770, 40], [2006, 880, 655, 37], [2007, 990, 725, 48]],
};

// a club's locomotives, numbered in a Locomotive column
const engines: TableSpec = {
  sqlName: 'engines', file: 'engines.csv',
  columns: [{ name: 'Locomotive', type: 'integer' }, { name: 'Builder', type: 'text' }, { name: 'Built', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [[3, 'Baldwin', 1912], [7, 'Alco', 1920], [12, 'Baldwin', 1925], [19, 'Lima', 1930]],
};

const { ask } = useTestTables([lights, clubs, party, grants, engines]);

describe('years before 1900', () => {
  it('are conditions on the column of years the question names', async () => {
    expect((await ask(lights, 'how many lighthouses were established before 1898?')).value).toBe(3);
    expect((await ask(lights, 'how many lighthouses were established after 1890?')).value).toBe(4);
    expect((await ask(lights, 'how many lighthouses were established in 1892?')).value).toBe(2);
  });

  it('are years of a Year column', async () => {
    expect((await ask(clubs, 'how many wins did the club have in 1878?')).value).toBe(41);
    expect((await ask(clubs, 'how many wins did they have between 1877 and 1879?')).value).toBe(118);
  });

  it('stay numbers where no word makes them years', async () => {
    expect((await ask(lights, 'how many lighthouses have a focal plane over 30?')).value).toBe(3);
  });
});

describe('a count beside its share', () => {
  it('is the count unless the question says a share', async () => {
    expect((await ask(party, 'what year had the most number of constituency votes?')).value).toBe(1969);
    expect((await ask(party, 'in what year was the lowest number of party list votes earned?')).value).toBe(1980);
    expect((await ask(party, 'how many elections had more than 200,000 party list votes?')).value).toBe(4);
    expect((await ask(party, 'what year had the highest percentage of party list votes?')).value).toBe(1969);
  });

  it('is the share where a share word or "%" names it, as a condition too', async () => {
    expect((await ask(party, 'how many years was the % of party list votes less than 1?')).value).toBe(3);
    expect((await ask(party, 'how many years was the percentage of constituency votes under 1?')).value).toBe(2);
  });

  it('still declines a share to compute that no column holds', async () => {
    expect((await ask(party, 'what percentage of the party list votes came in 1969?')).plan.kind).toBe('declined');
  });
});

describe('the number of a plural the question names with the rest of a column\'s name', () => {
  it('is that column\'s quantity, not a count of rows', async () => {
    expect((await ask(grants, 'what year had the greatest number of registrations of a minor child?')).value).toBe(2005);
    expect((await ask(grants, 'what was the number of registrations of minors in 2006?')).value).toBe(655);
  });

  it('still counts the rows a one-word singular column numbers', async () => {
    expect((await ask(engines, 'how many locomotives are from baldwin?')).value).toBe(2);
  });
});
