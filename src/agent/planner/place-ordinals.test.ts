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

const { ask } = useTestTables([final, numbered, gaps, judo, shuffled]);

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
