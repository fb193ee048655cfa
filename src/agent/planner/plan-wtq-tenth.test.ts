import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings added in the tenth session, from declines over the probe set's tables: years before
 * 1900 ("established before 1898", "born after 1873"). The tables are small and invented; the
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

const { ask } = useTestTables([lights, clubs]);

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
