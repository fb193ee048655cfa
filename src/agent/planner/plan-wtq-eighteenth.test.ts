import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings and guards added in the eighteenth session, from declines and wrong answers over the
 * dev sets' tables. The tables are small and invented; the expected numbers come from their rows.
 */

// a fashion award: one designer a year, a cell sometimes naming two or a house "for" a designer
const dresses: TableSpec = {
  sqlName: 'dresses', file: 'dresses.csv',
  columns: [{ name: 'Year', type: 'integer' }, { name: 'Designer(s)', type: 'text' }, { name: 'Publication', type: 'text' }],
  rows: [
    [1995, 'Jean Muir', 'Vogue'],
    [1996, 'Female: Alexander McQueen\nMale: Paul Smith', 'Elle'],
    [1999, 'Alexander McQueen', 'The Independent'],
    [2010, 'Vivienne Westwood', null],
    [2011, 'Sarah Burton for Alexander McQueen', 'Vogue'],
  ],
};

describe('a person named whole in one cell and inside others', () => {
  const { ask } = useTestTables([dresses]);

  it('declines a count of the one cell rather than leave out the cells writing the name inside them', async () => {
    const answer = await ask(dresses, 'how many times was alexander mcqueen the designer?');
    expect(answer.value).toBeUndefined();
    expect(answer.plan.kind === 'declined' ? answer.plan.reason : '').toMatch(/written inside/);
  });

  it('still counts a designer no other cell names', async () => {
    expect((await ask(dresses, 'how many times was vivienne westwood the designer?')).value).toBe(1);
    expect((await ask(dresses, 'how many times was vogue the publication?')).value).toBe(2);
  });
});
