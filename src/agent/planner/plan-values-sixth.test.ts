import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings of words that name a column's values rather than a column, and of exclusions, found
 * on eval/wtq-extra in the sixth session. The tables are small and invented; the expected
 * numbers come from their rows.
 */

// an actor's awards list: every row a nomination, Result saying which of them won
const nominations: TableSpec = {
  sqlName: 'nominations', file: '203-709.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Result', type: 'text' }, { name: 'Award', type: 'text' }, { name: 'Film', type: 'text' }],
  rows: [
    [1989, 'Won', 'Bronze Wrangler', 'Young Guns'], [1999, 'Nominated', 'SAG Award', 'Malkovich'], [2002, 'Won', 'Golden Globe', 'Spin City'],
    [2005, 'Nominated', 'Emmy Award', 'Half Men'], [2006, 'Won', 'Golden Icon', 'Half Men'], [2007, 'Nominated', 'Teen Choice', 'Half Men'],
  ],
};
// a tournament record whose Result says Won or Lost: no awards list
const finals: TableSpec = {
  sqlName: 'finals', file: '203-900.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Result', type: 'text' }, { name: 'Opponent', type: 'text' }],
  rows: [[2001, 'Won', 'Ann'], [2002, 'Lost', 'Bea'], [2003, 'Won', 'Cy']],
};

const { ask } = useTestTables([nominations, finals]);

describe('planQuestion: nominations over an awards list (Result: Won, Nominated)', () => {
  it('counts every row for "nominated" and "nominations": the winners were nominated too', async () => {
    expect((await ask(nominations, 'how many times was he nominated?')).value).toBe(6);
    expect((await ask(nominations, 'how many times was he nominated for an award?')).value).toBe(6);
    expect((await ask(nominations, 'how many nominations did he get in total?')).value).toBe(6);
    expect((await ask(nominations, 'how many wins and nominations did he get?')).value).toBe(6);
  });

  it('keeps the rows that did not win for "only nominated" and "nominations that did not win"', async () => {
    expect((await ask(nominations, 'how many times was he only nominated?')).value).toBe(3);
    expect((await ask(nominations, 'how many times was he only nominated for an award?')).value).toBe(3);
    expect((await ask(nominations, 'how many nominations did not win?')).value).toBe(3);
  });

  it('reads a nomination that won or was awarded as the won rows', async () => {
    expect((await ask(nominations, 'how many times was a nomination awarded?')).value).toBe(3);
    const won = await ask(nominations, 'how many awards that he was nominated for did he win?');
    expect(won.plan.kind === 'declined' ? won.plan.reason : won.value).toBe(3);
    expect((await ask(nominations, 'how many times did he win?')).value).toBe(3);
  });

  it('declines "not nominated", which no row of the list is', async () => {
    expect((await ask(nominations, 'how many times was he not nominated?')).plan.kind).toBe('declined');
  });

  it('leaves a result column without nominations alone', async () => {
    expect((await ask(finals, 'how many nominations were there?')).plan.kind).toBe('declined');
    expect((await ask(finals, 'how many finals were won?')).value).toBe(2);
  });
});
