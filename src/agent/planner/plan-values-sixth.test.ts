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

// a singer's singles: several on each album, some on none ("single only")
const singles: TableSpec = {
  sqlName: 'singles', file: '204-919.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Single', type: 'text' }, { name: 'Album', type: 'text' }],
  rows: [
    [1967, 'Forbidden Fruit', 'A World Called You'], [1968, 'Your Fool', 'A World Called You'], [1969, 'Dearly Beloved', 'single only'],
    [1971, 'Ruby', 'Need You'], [1972, 'Goodbye', 'Need You'], [1973, 'Just Thank Me', 'Just Thank Me'], [1976, 'Whispers', 'singles only'],
  ],
};
// an awards list with a free-text Category
const categories: TableSpec = {
  sqlName: 'categories', file: '204-348.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Category', type: 'text' }, { name: 'Character', type: 'text' }, { name: 'Real name', type: 'text' }],
  rows: [
    [2012, 'Best New Artist', 'Night Girl', 'Lydda Jath'], [2012, 'Rookie Award', 'Chameleon Girl', 'Yera Allon'], [2013, 'Best Female Artist', 'Karate Kid', 'Myg'],
    [2013, 'Artist of the Year', 'Girlfriend', 'Ann Best'], [2014, 'Best of the Best', 'Star Boy', 'Thom Kallor'],
  ],
};

// a player's finals, and a fleet of locomotives some of which carry names ("-" is stored blank)
const tennis: TableSpec = {
  sqlName: 'tennis', file: '203-388.csv',
  columns: [{ name: 'Outcome', type: 'text' }, { name: 'Date', type: 'text' }, { name: 'Opponent', type: 'text' }],
  rows: [['Runner-up', '2009', 'Youzhny'], ['Runner-up', '2010', 'Stakhovsky'], ['Winner', '2011', 'Baghdatis'], ['Runner-up', '2012', 'Raonic']],
};
const locomotives: TableSpec = {
  sqlName: 'locomotives', file: '203-658.csv',
  columns: [{ name: 'Locomotive', type: 'text', concept: 'identifier' }, { name: 'Name', type: 'text' }, { name: 'Livery', type: 'text' }],
  rows: [['9001', 'Ernest Henry', 'FreightCorp'], ['9002', null, 'FreightCorp'], ['9003', 'Matthew Ryan', 'Pacific'], ['9004', null, 'Pacific'], ['9005', 'Kevin Barry', 'Pacific']],
};

const { ask } = useTestTables([nominations, finals, singles, categories, tennis, locomotives]);

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

describe('planQuestion: "other … besides X" over the values of the counted column', () => {
  it('counts the other values, leaving out those that say a row has none ("single only")', async () => {
    const others = await ask(singles, 'how many other albums are there besides a world called you?');
    expect(others.value).toBe(2);
    expect(others.plan.kind === 'sql' && others.plan.explanation).toMatch(/single only/);
    expect((await ask(singles, 'how many other albums are there except need you?')).value).toBe(2);
  });

  it('still declines "other" with nothing set aside, and a count of albums whose rows repeat them', async () => {
    expect((await ask(singles, 'how many other albums are there?')).plan.kind).toBe('declined');
    // ("released" says every row came about: the count of albums whose rows repeat them is no value, and so declined)
    expect((await ask(singles, 'how many albums were released besides a world called you?')).value).toBeNull();
  });
});

describe('planQuestion: "the word X" in a column\'s cells', () => {
  it('counts the rows whose cell holds the word, whole and in any case', async () => {
    expect((await ask(categories, 'what is the number of times the word "artist" appears in the category column?')).value).toBe(3);
    expect((await ask(categories, 'how many characters have the word girl in their character?')).value).toBe(2); // not Girlfriend
  });

  it('declines a word no cell of the named column holds, or one a cell holds twice', async () => {
    // "her name" names Real name here, which holds no "girl": the column meant is another
    expect((await ask(categories, 'how many characters have the word "girl" in her real name?')).plan.kind).toBe('declined');
    expect((await ask(categories, 'what is the number of times the word "best" appears in the category column?')).plan.kind).toBe('declined');
  });

  it('leaves "best" outside "the word" a superlative', async () => {
    expect((await ask(categories, 'which year had the best category?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: a hyphenated value in the plural ("runner-ups")', () => {
  it('names the value with the plural on its last word too', async () => {
    expect((await ask(tennis, 'how many runner-ups are listed?')).value).toBe(3);
    expect((await ask(tennis, 'how many runners-up are listed?')).value).toBe(3);
  });

  it('does not read a word merely near the value as it', async () => {
    expect((await ask(tennis, 'how many ups are listed?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: "have names" over a text column with blank cells', () => {
  it('counts the rows whose cell is filled, or blank after a negation', async () => {
    expect((await ask(locomotives, 'how many locomotives have names?')).value).toBe(3);
    expect((await ask(locomotives, 'how many locomotives have a name?')).value).toBe(3);
    expect((await ask(locomotives, 'how many locomotives do not have names?')).value).toBe(2);
  });

  it('never reads a value after the column as a filled cell, and leaves a column with no blanks alone', async () => {
    // a name picks its one row (declined as a count of the rows named), never the filled names
    expect((await ask(locomotives, 'how many locomotives have the name kevin barry?')).value ?? null).not.toBe(3);
    expect((await ask(locomotives, 'how many locomotives have a name and the livery pacific?')).value).toBe(2);
    expect((await ask(locomotives, 'how many locomotives have a livery?')).plan.kind).toBe('declined');
  });
});
