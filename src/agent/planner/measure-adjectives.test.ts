import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Superlative adjectives that name their measure by its kind: "oldest" and "newest" over the
 * one year or date column, "youngest" over a birth date or an age, "longest" over a length.
 * Small invented tables; declines where the kind fits several columns or none.
 */

const ships: TableSpec = {
  sqlName: 'ships', file: 'ships.csv',
  columns: [{ name: 'Ship', type: 'text' }, { name: 'Launched', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Tonnage', type: 'integer' }],
  rows: [['Aurora', 1986, 4000], ['Borealis', 1979, 5200], ['Cygnus', 1991, 3100], ['Draco', 2003, 6100]],
};
const players: TableSpec = {
  sqlName: 'players', file: 'players.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Club', type: 'text' }, { name: 'Age', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [['Ann Ames', 'Rovers', 31], ['Bo Berg', 'United', 19], ['Cy Cole', 'Rovers', 24]],
};
const rivers: TableSpec = {
  sqlName: 'rivers', file: 'rivers.csv',
  columns: [{ name: 'River', type: 'text' }, { name: 'Length (km)', type: 'decimal', aggregation: 'none' }, { name: 'Country', type: 'text' }],
  rows: [['Ash', 120.5, 'Fiji'], ['Birch', 310, 'Chile'], ['Cedar', 87, 'Chile']],
};
// two columns of years: "oldest" could be either
const bridges: TableSpec = {
  sqlName: 'bridges', file: 'bridges.csv',
  columns: [{ name: 'Bridge', type: 'text' }, { name: 'Built', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Rebuilt', type: 'integer', aggregation: 'none', concept: 'dimension' }],
  rows: [['Ash', 1890, 1950], ['Birch', 1910, 1930]],
};

const { ask } = useTestTables([ships, players, rivers, bridges]);

describe('planQuestion: superlative adjectives of a measure\'s kind', () => {
  // Before, "oldest", "youngest" and "longest" were unmapped words and declined the question.
  it('ranks by the one year column ("which ship is the oldest", "the newest ship") and gives its extreme year', async () => {
    const oldest = await ask(ships, 'which ship is the oldest?');
    expect(oldest.plan.kind === 'sql' && oldest.plan.answerKind).toBe('top1');
    expect(oldest.plan.kind === 'sql' && oldest.plan.sql).toMatch(/min\("launched"\)/);
    expect((await ask(ships, 'when was the oldest ship launched?')).value).toBe(1979);
    expect((await ask(ships, 'what year was the newest ship launched?')).value).toBe(2003);
  });

  it('reads "youngest" over an Age column as the smallest age, and "oldest" as the largest', async () => {
    expect((await ask(players, 'how old is the youngest player?')).value).toBe(19);
    expect((await ask(players, 'what is the age of the oldest player from rovers?')).value).toBe(31);
    const who = await ask(players, 'who is the youngest player?');
    expect(who.plan.kind === 'sql' && who.plan.sql).toMatch(/"name".*min\("age"\)/);
  });

  it('reads "longest" over the one length column', async () => {
    expect((await ask(rivers, 'what is the length of the longest river in chile?')).value).toBe(310);
  });

  it('declines when the kind fits two columns, or with a count or another measure', async () => {
    expect((await ask(bridges, 'which bridge is the oldest?')).plan.kind).toBe('declined');
    expect((await ask(ships, 'how many years at most was the oldest ship active?')).plan.kind).toBe('declined');
    expect((await ask(ships, 'what is the tonnage of the oldest ship?')).plan.kind).toBe('declined');
    expect((await ask(rivers, 'which river is the oldest?')).plan.kind).toBe('declined');
  });
});
