import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings and guards added in the twenty-first session, from declines and wrong answers over the
 * dev sets' tables. The tables are small and invented; the expected numbers come from their rows.
 */

// a party's results, one election a row: the votes as a number and as a share
const elections: TableSpec = {
  sqlName: 'elections', file: 'elections.csv',
  columns: [{ name: 'Election', type: 'integer' }, { name: 'Number of popular votes', type: 'integer' }, { name: '% of popular votes', type: 'decimal' }],
  rows: [[1988, 139982, 22.16], [1991, 170757, 32.11], [1994, 242557, 35.34], [1999, 271251, 33.45], [2003, 150000, 44.67]],
};

describe('a comparison with the row of a year ("than 1991")', () => {
  const { ask, labels } = useTestTables([elections]);

  it('keeps the rows whose votes are below (or above) that year\'s', async () => {
    expect(await labels(elections, 'which year had a lower number of popular votes than 1991?')).toEqual(['1988', '2003']);
    expect((await ask(elections, 'how many elections had more popular votes than 1991?')).value).toBe(2);
  });

  it('reads the share where a share is said', async () => {
    expect((await ask(elections, 'how many elections had a higher percentage of popular votes than 1994?')).value).toBe(1);
  });

  it('declines a year no row holds, never a count of 0', async () => {
    const answer = await ask(elections, 'how many elections had more popular votes than 1995?');
    expect(answer.value).toBeUndefined();
  });
});

// a team's seasons: wins and losses
const seasons: TableSpec = {
  sqlName: 'seasons', file: 'seasons.csv',
  columns: [{ name: 'Season', type: 'integer' }, { name: 'Wins', type: 'integer' }, { name: 'Losses', type: 'integer' }],
  rows: [[2001, 7, 2], [2002, 8, 1], [2003, 9, 3], [2004, 5, 4]],
};

describe('"name the …" opening a question asks for labels, as "which" does', () => {
  const { labels } = useTestTables([seasons]);

  it('lists the seasons kept', async () => {
    expect(await labels(seasons, 'name the seasons that had more than 7 wins but less than 10.')).toEqual(['2002', '2003']);
    expect(await labels(seasons, 'identify all seasons with more than 3 losses')).toEqual(['2004']);
  });

  it('declines "name a season": one of several, which a list would not answer', async () => {
    expect(await labels(seasons, 'name a season that had more than 7 wins')).toBeUndefined();
  });
});
