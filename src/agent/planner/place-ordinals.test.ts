import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Places written as ordinals that share one place word, as a cardinal before "place", and the
 * medal rows of a ranked list whose first Rank cells are blank. Small invented tables; the
 * expected numbers are computed from their rows.
 */

// a swimming final copied from a page that shows the medals as pictures: Rank is blank for the first three rows
const final: TableSpec = {
  sqlName: 'final', file: 'final.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Name', type: 'text' }, { name: 'Time', type: 'decimal', unit: 'seconds' }],
  rows: [[null, 'Ann Ames', 283.64], [null, 'Bo Berg', 288.31], [null, 'Cy Cole', 297.24], [4, 'Di Dunn', 303.15], [5, 'Ed Eck', 303.43], [6, 'Flo Fox', 313.95], [7, 'Gil Gray', 314.02], [8, 'Hal Hunt', 314.5]],
};
// the same list with every place written
const numbered: TableSpec = { ...final, sqlName: 'numbered', file: 'numbered.csv', rows: final.rows.map((row, k) => [k + 1, row[1], row[2]]) };
// blanks that are no medal rows: the numbers do not go on from them (a blank in the middle, or numbers starting at 1)
const gaps: TableSpec = { ...final, sqlName: 'gaps', file: 'gaps.csv', rows: [[1, 'Ann Ames', 283.64], [null, 'Bo Berg', 288.31], [3, 'Cy Cole', 297.24], [4, 'Di Dunn', 303.15]] };
// four blank rows: a second bronze or a tie may be among them
const judo: TableSpec = { ...final, sqlName: 'judo', file: 'judo.csv', rows: [[null, 'Ann Ames', 1], [null, 'Bo Berg', 2], [null, 'Cy Cole', 3], [null, 'Di Dunn', 4], [5, 'Ed Eck', 5]] };
// the blanks are not the first rows of the list as stored: the condition keeps no row, so no value is given
const shuffled: TableSpec = { ...final, sqlName: 'shuffled', file: 'shuffled.csv', rows: [[4, 'Di Dunn', 303.15], [null, 'Ann Ames', 283.64], [null, 'Bo Berg', 288.31], [null, 'Cy Cole', 297.24], [5, 'Ed Eck', 303.43]] };

// the medals written in a column: "silver" is its value, not a place
const medals: TableSpec = {
  sqlName: 'medals', file: 'medals.csv',
  columns: [{ name: 'Medal', type: 'text' }, { name: 'Name', type: 'text' }, { name: 'Time', type: 'decimal', unit: 'seconds' }],
  rows: [['Silver', 'Bo Berg', 288.31], ['Gold', 'Ann Ames', 283.64], ['Bronze', 'Cy Cole', 297.24]],
};
// no column of places at all
const unranked: TableSpec = { sqlName: 'unranked', file: 'unranked.csv', columns: [{ name: 'Name', type: 'text' }, { name: 'Time', type: 'decimal', unit: 'seconds' }], rows: [['Ann Ames', 283.64], ['Bo Berg', 288.31]] };

// standings listed by name, not by place
const byName: TableSpec = {
  sqlName: 'by_name', file: 'by_name.csv',
  columns: [{ name: 'Position', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Driver', type: 'text' }, { name: 'Points', type: 'integer' }],
  rows: [[3, 'Ann Ames', 54], [1, 'Bo Berg', 84], [4, 'Cy Cole', 38], [2, 'Di Dunn', 74]],
};

const { ask } = useTestTables([final, numbered, gaps, judo, shuffled, medals, unranked, byName]);

describe('matchOrdinals: ordinals sharing a place word', () => {
  // Before, "first" had no place word next to it and "eight" was no ordinal: both unmapped, declined.
  it('reads "the first and eighth place" as two places, and "eight place" as the 8th', async () => {
    expect((await ask(numbered, 'the difference between the first and sixth place time')).value).toBeCloseTo(313.95 - 283.64, 6);
    expect((await ask(numbered, 'the difference between the first and six place time')).value).toBeCloseTo(313.95 - 283.64, 6);
    expect((await ask(numbered, 'what was the time difference between the 2nd and 5th place?')).value).toBeCloseTo(303.43 - 288.31, 6);
  });

  it('keeps a cardinal before a plural or after "up" a number, not a place', async () => {
    expect((await ask(numbered, 'how many swimmers moved up one place?')).plan.kind).toBe('declined');
    const { plan } = await ask(numbered, 'what is the total time of the first three places?');
    expect(plan.kind === 'sql' ? plan.sql : '').not.toMatch(/"rank" = 3\b/);
  });
});

describe('matchOrdinals: medal rows with no number', () => {
  // Before, Rank held no 1: "the first place time" was declined as an unmapped word.
  it('reads the first blank rows before place 4 as places 1 to 3', async () => {
    expect((await ask(final, 'the difference between the first and six place time')).value).toBeCloseTo(313.95 - 283.64, 6);
    expect((await ask(final, 'what was the time difference between the 1st place and the 6th place?')).value).toBeCloseTo(313.95 - 283.64, 6);
    expect((await ask(final, 'what was the second place time?')).value).toBeCloseTo(288.31, 6);
  });

  it('never counts rows with a medal row (a layout the rows do not bear out would count 0)', async () => {
    expect((await ask(final, 'how many swimmers finished in first place?')).plan.kind).toBe('declined');
  });

  it('declines blanks that are no medal rows: numbers not following them, or more than three', async () => {
    expect((await ask(gaps, 'what was the second place time?')).plan.kind).toBe('declined');
    expect((await ask(judo, 'what was the fourth place time?')).plan.kind).toBe('declined');
  });

  it('gives no value when the blank rows are not the first rows as stored', async () => {
    const { plan, value } = await ask(shuffled, 'what was the first place time?');
    expect(plan.kind).toBe('sql');
    expect(value).toBeNull();
  });
});

describe('matchOrdinals: medal colours as places', () => {
  // Before, "gold", "silver", "medal" and "winners" were unmapped words.
  it('reads "the gold and silver medal winners" as places 1 and 2 of the rank column', async () => {
    expect((await ask(final, 'what was the time difference between the gold and silver medal winners?')).value).toBeCloseTo(288.31 - 283.64, 6);
    expect((await ask(numbered, 'what was the time of the bronze medalist?')).value).toBeCloseTo(297.24, 6);
  });

  it('leaves a colour that is a value to that value, and declines without a rank column', async () => {
    const { plan } = await ask(medals, 'what was the time of the silver medal winner?');
    expect(plan.kind === 'sql' ? plan.sql : plan.reason).not.toMatch(/_sheet_row|place 2/);
    expect((await ask(unranked, 'what was the time of the gold medal winner?')).plan.kind).toBe('declined');
  });
});

describe('interpretMatch: the first finishers are the first places', () => {
  // Before, "the first three finishers" took the first three rows as stored: 54 + 84 + 38 over a list sorted by name.
  it('reads "the first three finishers" as places 1 to 3 of the Position column, whatever the rows\' order', async () => {
    expect((await ask(byName, 'how many points did the first three finishers score?')).value).toBe(84 + 74 + 54);
  });

  it('keeps the rows\' own order over places with blank medal rows (they come first)', async () => {
    const { plan } = await ask(final, 'what was the total time of the first two finishers?');
    expect(plan.kind === 'sql' ? plan.sql : plan.reason).not.toMatch(/BETWEEN 1 AND 2/);
  });
});

