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
      BLANK, BLANK, BLANK, BLANK,
      // Two rows only: the first, read alone, looks like a header; it holds an amount (20), so it is data.
      ['Jay', 20, 'Miami', 'Out', null],
      ['Ann', null, 'Miami', 'Out', null],
    ]);
    expect(result.tables.map((table) => rangeToA1(table.range))).toEqual(['A1:E4', 'A9:E11', 'A16:D18', 'A23:D24']);
    const [, eliminated, later] = result.tables;
    expect(eliminated.headerRows).toBe(0);
    expect(eliminated.columns.map((column) => column.name)).toEqual(['Player', 'Paid', 'Week 1', 'Week 2', 'Week 3']);
    expect(eliminated.rows.map((row) => row.values.player)).toEqual(['Doug', 'Steve', 'Gary']);
    // A section under a section that took the header takes it too.
    expect(later.columns.map((column) => column.name)).toEqual(['Player', 'Paid', 'Week 1', 'Week 2']);
    const short = result.tables[3];
    expect(short).toMatchObject({ headerRows: 0 });
    expect(short.rows.map((row) => row.values.player)).toEqual(['Jay', 'Ann']);
    // The header row stays the first table's: every row is stored once.
    expect(result.accounts[0]).toMatchObject({ stored: { data: 11, aggregate: 0, hidden: 0 }, excluded: { header: 1 } });
  });

  it('reads a section cut apart by its empty columns as one table under the header that spans them', async () => {
    const result = await tablesOf([
      ['District', 'School', 'Enrollment', 'Medicaid', 'IDEA', 'Title I', 'Lottery', 'Local'],
      ['Alachua', 'One Room', 102, 500, 200, 33699, 3818, 69408],
      ['Alachua', 'Micanopy', 120, null, 300, 20116, 1581, 128197],
      ['Walton', 'Seaside', 113, 700, null, null, 11261, 85884],
      ['Totals', null, 335, 1200, 500, 53815, 16660, 283489],
      // A summary box between the list and the district sections, as in the Florida charter school report.
      BLANK,
      [null, 'Statewide Totals', 'By Source'],
      [null, 'Total Federal', 55015],
      [null, 'Total Local', 283489],
      BLANK,
      ['Broward Charter Schools'],
      ['Broward', 'Somerset', 311, null, null, null, 4244, 60525],
      ['Broward', 'Central', 543, null, null, null, 12820, 413043],
      ['Broward', 'Pembroke', 606, null, null, null, 23925, 482773],
    ]);
    expect(result.tables.map((table) => rangeToA1(table.range))).toEqual(['A1:H5', 'B7:C9', 'A12:H14']);
    const broward = result.tables[2];
    expect(broward.title).toBe('Broward Charter Schools');
    expect(broward.columns.map((column) => column.name)).toEqual(['District', 'School', 'Enrollment', 'Lottery', 'Local']);
    expect(broward.rows.map((row) => row.values.local)).toEqual([60525, 413043, 482773]);
  });

  it('keeps a table with a header of its own beside a section apart from it', async () => {
    const result = await tablesOf([
      ['District', 'School', 'Enrollment', 'Medicaid', 'IDEA', 'Title I', 'Lottery', 'Local'],
      ['Alachua', 'One Room', 102, 500, 200, 33699, 3818, 69408],
      ['Alachua', 'Micanopy', 120, null, 300, 20116, 1581, 128197],
      ['Walton', 'Seaside', 113, 700, null, null, 11261, 85884],
      BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
      ['Broward', 'Somerset', 311, null, null, null, 'Contact', 'Phone'],
      ['Broward', 'Central', 543, null, null, null, 'Ann Lee', 'ext 5550'],
      ['Broward', 'Pembroke', 606, null, null, null, 'Bob Roe', 'ext 5561'],
    ]);
    expect(result.tables.map((table) => rangeToA1(table.range))).toEqual(['A1:H4', 'A14:C16', 'G14:H16']);
    expect(result.tables[1].columns.map((column) => column.name)).toEqual(['District', 'School', 'Enrollment']);
    expect(result.tables[2].columns.map((column) => column.name)).toEqual(['Contact', 'Phone']);
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
