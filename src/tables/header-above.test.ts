import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rangeToA1, readWorkbook } from '../extract/index.js';
import { readTables } from './read-tables.js';

async function tablesOf(rows: (string | number | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Pool');
  rows.forEach((row, index) => {
    if (row.length > 0) sheet.getRow(index + 1).values = row;
  });
  const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'pool.xlsx' });
  return readTables(workbook);
}

const BLANK: (string | number | null)[] = [];

describe('nameUnderHeaderAbove (through readTables)', () => {
  it('names the columns of header-less sections by the header of the first one, each section its own table', async () => {
    const result = await tablesOf([
      ['Player', 'Paid', 'Week 1', 'Week 2', 'Week 3'],
      ['Nathen', 20, 'Baltimore', 'Denver', 'Miami'],
      ['Joey', 20, 'Baltimore', 'Denver', 'Oakland'],
      ['Dale', null, 'Tampa Bay', 'Green Bay', 'Oakland'],
      BLANK, BLANK, BLANK, BLANK,
      ['Doug', 20, 'Minnesota', 'Out', null],
      ['Steve', null, 'Minnesota', 'Out', null],
      ['Gary', 20, 'Seattle', 'Denver', 'Out'],
      BLANK, BLANK, BLANK, BLANK,
      ['Rick', 20, 'Denver', 'Out', null],
      ['Tom', null, 'Denver', 'Out', null],
      ['Chris', 20, 'Seattle', 'Out', null],
    ]);
    expect(result.tables.map((table) => rangeToA1(table.range))).toEqual(['A1:E4', 'A9:E11', 'A16:D18']);
    const [, eliminated, later] = result.tables;
    expect(eliminated.headerRows).toBe(0);
    expect(eliminated.columns.map((column) => column.name)).toEqual(['Player', 'Paid', 'Week 1', 'Week 2', 'Week 3']);
    expect(eliminated.rows.map((row) => row.values.player)).toEqual(['Doug', 'Steve', 'Gary']);
    // A section under a section that took the header takes it too.
    expect(later.columns.map((column) => column.name)).toEqual(['Player', 'Paid', 'Week 1', 'Week 2']);
    // The header row stays the first table's: every row is stored once.
    expect(result.accounts[0]).toMatchObject({ stored: { data: 9, aggregate: 0, hidden: 0 }, excluded: { header: 1 } });
  });

  it('leaves a header-less block whose columns hold other kinds of values unnamed', async () => {
    const result = await tablesOf([
      ['Player', 'Team', 'City'],
      ['Nathen', 'Ravens', 'Baltimore'],
      ['Joey', 'Broncos', 'Denver'],
      ['Dale', 'Bucs', 'Tampa'],
      BLANK, BLANK, BLANK, BLANK,
      [20010701, 120, 130],
      [20010702, 90, 95],
      [20010703, 70, 72],
    ]);
    expect(result.tables.map((table) => rangeToA1(table.range))).toEqual(['A1:C4', 'A9:C11']);
    expect(result.tables[1].columns.map((column) => column.name)).toEqual(['Column 1', 'Column 2', 'Column 3']);
  });
});
