import { describe, expect, it } from 'vitest';
import { rangeToA1 } from '../extract/grid.js';
import { gridOf, type CellSpec } from './__fixtures__/grid-builder.js';
import { findBlocks } from './find-blocks.js';

function blocksOf(rows: CellSpec[][]): string[] {
  return findBlocks(gridOf(rows)).map(rangeToA1);
}

describe('findBlocks across blank rows (joinBands)', () => {
  it('keeps a header separated from its data by a blank row', () => {
    expect(blocksOf([['Date', 'Price', 'Volume'], [], ['2001-12-01', 29.03, 100], ['2001-12-02', 25.56, 120]])).toEqual(['A1:C4']);
  });

  it('reads on over blank rows between records of the same columns and kinds', () => {
    const rows: CellSpec[][] = [[{ v: 'Agency', bold: true }, { v: 'Rating', bold: true }], ['Moody', 'Baa3'], [], ['Fitch', 'BBB-'], [], ['S&P', 'BBB']];
    expect(blocksOf(rows)).toEqual(['A1:B6']);
  });

  it('stops at a new header under a blank row', () => {
    const rows: CellSpec[][] = [['Branch', 'Orders'], ['Oslo', 3], ['Bergen', 4], [], ['Region', 'Revenue'], ['North', 10]];
    expect(blocksOf(rows)).toEqual(['A1:B3', 'A5:B6']);
  });

  it('takes a total after a gap when its formulas sum the rows above, not one summing stacked tables', () => {
    const own: CellSpec[][] = [['Task', 'Cost'], ['Survey', 10], ['Permits', 20], [], [{ v: 'Total', formula: 'SUM(B2:B3)' }, { v: 30, formula: 'SUM(B2:B3)' }]];
    expect(blocksOf(own)).toEqual(['A1:B5']);
    const stacked: CellSpec[][] = [['Task', 'Cost'], ['Survey', 10], [], ['Task', 'Cost'], ['Permits', 20], [], ['Grand Total', { v: 30, formula: 'B2+B5' }]];
    expect(blocksOf(stacked)).toEqual(['A1:B2', 'A4:B5', 'A7:B7']);
  });

  it('reads on over a blank row before a group heading that opens a subgroup at once', () => {
    // An expense plan: "Office" heads a group whose first subgroup "Office Supplies" heads its items.
    const rows: CellSpec[][] = [
      ['Description', 'YTD', 'Plan'],
      ['Travel'],
      ['   Air', 10, 12],
      ['   Lodging', 20, 22],
      ['TOTAL TRAVEL', { v: 30, formula: 'SUM(B3:B4)' }, { v: 34, formula: 'SUM(C3:C4)' }],
      [],
      ['Office'],
      ['   Office Supplies'],
      ['      Postage', 5, 6],
      ['      Paper', 7, 8],
      ['TOTAL OFFICE', { v: 12, formula: 'SUM(B9:B10)' }, { v: 14, formula: 'SUM(C9:C10)' }],
    ];
    expect(blocksOf(rows)).toEqual(['A1:C11']);
  });

  it('stops at a title and subtitle over a new header under a blank row', () => {
    const rows: CellSpec[][] = [['Branch', 'Orders'], ['Oslo', 3], ['Bergen', 4], [], ['Region South'], ['All values in EUR'], ['Region', 'Revenue'], ['North', 10]];
    expect(blocksOf(rows)).toEqual(['A1:B3', 'A5:B8']);
  });

  it('stops at a remark row under a blank row, a sentence where the table holds numbers', () => {
    const rows: CellSpec[][] = [
      ['Item', 'Serv', 'Hourly', 'SW'],
      ['EPMI MW', 10648, 165, 6870],
      ['PAC MW', 11411, 165, 6870],
      [],
      ['Deal numbers truing up', 740406.1, 741715.1, 'Adjusted price of deal 700182 to reflect true up.'],
    ];
    expect(blocksOf(rows)).toEqual(['A1:D3', 'A5:D5']);
    // A short code in a column of numbers is mixed content, and the row reads on.
    rows[4] = ['ANCILLARY', 0, 0, 'n/a'];
    expect(blocksOf(rows)).toEqual(['A1:D5']);
  });

  it('never joins across more than two blank rows', () => {
    expect(blocksOf([['Date', 'Price'], ['2001-12-01', 1], [], [], [], ['2001-12-02', 2]])).toEqual(['A1:B2', 'A6:B6']);
  });
});

describe('findBlocks on side-by-side tables with no spacer column (splitSideBySide)', () => {
  it('cuts between two dense columns that start on the top row and end far apart', () => {
    const rows: CellSpec[][] = [['date', 'Total', 'Week Ending', 'Weekly Trades']];
    for (let day = 1; day <= 12; day++) rows.push([`2001-01-${String(day).padStart(2, '0')}`, day, ...(day <= 3 ? [`Week ${day}`, day * 10] : [])]);
    expect(blocksOf(rows)).toEqual(['A1:B13', 'C1:D4']);
  });

  it('keeps a list whose value column ends early (missing values, not a second table)', () => {
    const rows: CellSpec[][] = [['Name', 'Code', 'Score']];
    for (let index = 1; index <= 12; index++) rows.push([`Name ${index}`, `N${index}`, index <= 4 ? index * 3 : null]);
    expect(blocksOf(rows)).toEqual(['A1:C13']);
  });

  it('keeps a table whose last column is sparse', () => {
    const rows: CellSpec[][] = [['Item', 'Qty', 'Comment']];
    for (let index = 1; index <= 12; index++) rows.push([`Item ${index}`, index, index === 2 ? 'late' : null]);
    expect(blocksOf(rows)).toEqual(['A1:C13']);
  });
});
