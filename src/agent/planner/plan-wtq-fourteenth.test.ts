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

  it('reads "the 2009 and 2011 scores" as those two columns, not the span between them', async () => {
    expect((await ask(api, 'what is the total of the 2009 and 2011 scores of lincoln high?')).value).toBe(588 + 643);
    expect((await ask(api, 'what is the difference between the 2009 and 2011 score of lincoln high?')).value).toBe(55);
    expect((await ask(api, 'what was the total for lincoln high between 2009 and 2011?')).value).toBe(588 + 616 + 643);
  });

  it('declines a year the table has no column for', async () => {
    expect((await ask(api, 'what is the total of the 2009 and 2012 scores of lincoln high?')).value).toBeUndefined();
  });
});

describe('generic nouns stay unread elsewhere', () => {
  const { ask } = useTestTables([ranks]);

  it('does not read "score" over year columns of text', async () => {
    expect((await ask(ranks, "what was finland's score in 2010?")).value).toBeUndefined();
  });
});
