import { describe, expect, it } from 'vitest';
import { readCsv } from '../extract/index.js';
import { rangeToA1 } from '../extract/grid.js';
import { accountBalances } from './account-rows.js';
import { readTables } from './read-tables.js';
import { gridOf } from './__fixtures__/grid-builder.js';
import { headerKey, repeatedHeaderStart } from './stacked-headers.js';
import { sheetTables } from './__fixtures__/workbook-tables.js';
import type { DetectedTable } from './types.js';

function csvTables(text: string) {
  return readTables(readCsv(Buffer.from(text), 'report.csv'));
}

const ranges = (tables: DetectedTable[]) => tables.map((table) => rangeToA1(table.range));
const column = (table: DetectedTable, name: string) => table.rows.map((row) => row.values[name]);
const day = (month: number, date: number) => new Date(Date.UTC(2001, month - 1, date));

describe('stacked tables with no blank row between them', () => {
  it('starts a new table at a header under which the columns change type', async () => {
    const read = await sheetTables([
      ['Employee', 'Hours', 'Rate'],
      ['Alice', 40, 25], ['Bob', 35, 30], ['Carol', 20, 45],
      ['Vendor', 'Invoice Date', 'Amount'],
      ['Acme', day(3, 1), 1200], ['Globex', day(3, 15), 800], ['Initech', day(4, 2), 450],
    ]);
    expect(ranges(read.tables)).toEqual(['A1:C4', 'A5:C8']);
    expect(column(read.tables[0], 'employee')).toEqual(['Alice', 'Bob', 'Carol']);
    expect(read.tables[0].columns.map((card) => card.type)).toEqual(['text', 'integer', 'integer']);
    expect(read.tables[1].columns.map((card) => card.name)).toEqual(['Vendor', 'Invoice Date', 'Amount']);
    expect(read.tables[1].columns[1].type).toBe('date');
  });

  it('keeps a row of text notes in the number columns as data, and a section label as a section', async () => {
    const read = await sheetTables([
      ['Trader', 'Volume', 'Price'],
      ['Smith', 100, 2.5], ['Jones', 200, 2.75],
      ['Lee', 'pending', 'pending'],
      ['Kim', 300, 2.25], ['Park', 50, 3],
    ]);
    expect(ranges(read.tables)).toEqual(['A1:C6']);
  });
});

describe('a header printed again inside or right after a table (a page break)', () => {
  it('continues the table over a header repeated with no blank row, the repeat excluded as a repeated header', () => {
    const read = csvTables('Date,Trader,Volume\n2001-01-02,Smith,100\n2001-01-03,Jones,200\nDate,Trader,Volume\n2001-01-04,Smith,300\n2001-01-05,Lee,400\n');
    expect(ranges(read.tables)).toEqual(['A1:C6']);
    expect(column(read.tables[0], 'volume')).toEqual([100, 200, 300, 400]);
    const [account] = read.accounts;
    expect(accountBalances(account)).toBe(true);
    expect(account.details.map((row) => [row.sheetRow, row.reason])).toEqual([[1, 'header'], [4, 'repeated header']]);
  });

  it('continues the table over blank rows and a page marker with the header again', () => {
    const read = csvTables('Page 1 of 2\nDate,Trader,Volume\n2001-01-02,Smith,100\n2001-01-03,Jones,200\n\nPage 2 of 2\nDate,Trader,Volume\n2001-01-04,Smith,300\n2001-01-05,Lee,400\n');
    expect(ranges(read.tables)).toEqual(['A2:C9']);
    expect(read.tables[0].title).toBeNull();
    expect(column(read.tables[0], 'trader')).toEqual(['Smith', 'Jones', 'Smith', 'Lee']);
    const [account] = read.accounts;
    expect(accountBalances(account)).toBe(true);
    expect(account.details.map((row) => row.reason)).toEqual(['title', 'header', 'note', 'repeated header']);
  });

  it('keeps a block under blank rows whose header is written otherwise apart: no printed copy of the header', async () => {
    const read = await sheetTables([
      ['Desk', 'Debt service', 'Capital'], ['Gas', 100, 200], ['Power', 300, 400],
      [], [],
      ['desk', 'debt service', 'capital'], ['Oil', 500, 600], ['Coal', 700, 800],
    ]);
    expect(ranges(read.tables)).toEqual(['A1:C3', 'A6:C8']);
  });

  it('keeps blocks of the same header under banners of their own apart (regions of one series)', async () => {
    const read = await sheetTables([
      ['Texas'], ['Plant', 'Capacity MW', 'Online'], ['Plant A', 500, 1998], ['Plant B', 300, 2000],
      ['California'], ['Plant', 'Capacity MW', 'Online'], ['Plant C', 700, 1995], ['Plant D', 200, 2001],
    ]);
    expect(ranges(read.tables)).toEqual(['A2:C4', 'A6:C8']);
    expect(read.tables.map((table) => table.title)).toEqual(['Texas', 'California']);
  });
});

describe('the same header again over the same keys (another block of one schema, not a next page)', () => {
  const block = (revenue: number[]) => ['Jan', 'Feb', 'Mar'].map((month, index) => [month, 'North', revenue[index]]);

  it('splits at the repeated header when Jan, Feb, Mar come again, banner above the first block only', async () => {
    const read = await sheetTables([['Sales 2023'], [], ['Month', 'Region', 'Revenue'], ...block([100, 110, 120]), [], ['Month', 'Region', 'Revenue'], ...block([200, 210, 220])]);
    expect(ranges(read.tables)).toEqual(['A3:C6', 'A8:C11']);
    expect(read.tables[0].title).toBe('Sales 2023');
    expect(column(read.tables[0], 'revenue')).toEqual([100, 110, 120]);
    expect(column(read.tables[1], 'revenue')).toEqual([200, 210, 220]);
  });

  it('splits with no blank row between the blocks', async () => {
    const read = await sheetTables([['Month', 'Region', 'Revenue'], ...block([100, 110, 120]), ['Month', 'Region', 'Revenue'], ...block([200, 210, 220])]);
    expect(ranges(read.tables)).toEqual(['A1:C4', 'A5:C8']);
  });

  it('splits two blocks of the same stores under a blank row', async () => {
    const read = await sheetTables([['Store', 'Units'], ['A', 5], ['B', 6], ['C', 7], [], ['Store', 'Units'], ['A', 50], ['B', 60], ['C', 70]]);
    expect(ranges(read.tables)).toEqual(['A1:B4', 'A6:B9']);
  });

  it('still joins pages whose rows go on with other keys (a trader on both pages)', () => {
    const read = csvTables('Trader,Volume\nSmith,100\nJones,200\n\nTrader,Volume\nSmith,300\nLee,400\nPark,50\n');
    expect(ranges(read.tables)).toEqual(['A1:B8']);
  });
});

describe('repeatedHeaderStart', () => {
  const grid = gridOf([
    ['Order', 'Region', 'Quantity', 'Amount'],
    [null, null, 'units', 'EUR'],
    ['O-1', 'North', 1, 10],
    ['Order', 'Region', 'Quantity', 'Amount'],
    [null, null, 'units', 'EUR'],
    ['O-2', 'South', 2, 20],
    [null, null, 'units', 'EUR'],
    ['O-3', 'East', 3, 30],
  ]);
  const block = { left: 0, right: 3 };
  const keys = [0, 1].map((row) => headerKey(grid, row, { top: 0, bottom: 1, ...block }));
  const start = (row: number) => repeatedHeaderStart(grid.rows[row], row, (above) => grid.rows[above], block, keys, 2);

  it('gives the first row of a header of two rows printed again whole, from its last row', () => {
    expect(start(4)).toBe(3);
  });

  it('gives the row itself when only the last header row is printed again, and null for a data row or an upper row alone', () => {
    expect(start(6)).toBe(6);
    expect(start(5)).toBeNull();
    expect(start(3)).toBeNull();
  });
});
