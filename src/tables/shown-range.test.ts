import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rangeToA1, readWorkbook } from '../extract/index.js';
import { readTables } from './read-tables.js';
import { tableWarnings } from './table-warnings.js';

/** An options quote sheet: a header, six rows, the last two hidden; a hidden "Row" column at the right. */
async function quoteSheet(options: { hideLastRows: boolean; hideRowColumn: boolean }) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Quotes');
  sheet.addRows([
    ['Month', 'Option', 'Bid', 'Offer', 'Row'],
    ['Nov', 'ATM straddle', 5, 7, 3],
    ['Nov', '20 dp', 0.5, 0.75, 4],
    ['Dec', '25 dc', 2.5, 3, 5],
    ['Dec', '30 dc', 0.75, 1.75, 6],
    ['Jan', '21 mp', 0.4, 0.8, 7],
    ['Jan', '22 mp', 0.3, 0.6, 8],
  ]);
  if (options.hideLastRows) for (const row of [6, 7]) sheet.getRow(row).hidden = true;
  sheet.getRow(3).hidden = true;
  if (options.hideRowColumn) sheet.getColumn(5).hidden = true;
  const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'quotes.xlsx' });
  return readTables(workbook);
}

describe('shownRangeOf (through readTables)', () => {
  it('ends the shown table at its last shown row and column; the hidden cells stay stored', async () => {
    const result = await quoteSheet({ hideLastRows: true, hideRowColumn: true });
    const [table] = result.tables;
    expect(rangeToA1(table.range)).toBe('A1:E7');
    expect(table.shownRange && rangeToA1(table.shownRange)).toBe('A1:D5');
    // The hidden rows are stored as hidden rows (kept out of answers), the hidden column as a column.
    expect(table.rows.filter((row) => row.hidden).map((row) => row.sheetRow)).toEqual([3, 6, 7]);
    expect(table.columns.map((column) => column.name)).toEqual(['Month', 'Option', 'Bid', 'Offer', 'Row']);
    expect(result.accounts[0]).toMatchObject({ rows: 7, stored: { data: 3, aggregate: 0, hidden: 3 } });
    // The user is told which hidden column the shown table leaves at its right, and that it is stored.
    expect(tableWarnings(table, 'Quotes', 3)).toContain('the sheet hides column E at the right of the table in sheet "Quotes" A1:D5; it is stored with the table (A1:E7)');
  });

  it('keeps a hidden row between shown rows inside the table', async () => {
    const [table] = (await quoteSheet({ hideLastRows: false, hideRowColumn: false })).tables;
    expect(rangeToA1(table.range)).toBe('A1:E7');
    expect(table.shownRange).toBeUndefined();
  });
});

describe('shownRangeOf on a collapsed outline group', () => {
  it('keeps the rows of a collapsed group at the foot inside the shown table', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Results');
    sheet.addRows([
      ['Region', 'Year', 'Score'],
      ['North', 2016, 510],
      ['North', 2017, 520],
      ['South', 2016, 480],
      ['South', 2017, 490],
    ]);
    for (const row of [4, 5]) {
      sheet.getRow(row).outlineLevel = 1;
      sheet.getRow(row).hidden = true;
    }
    const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'results.xlsx' });
    const [table] = readTables(workbook).tables;
    expect(rangeToA1(table.range)).toBe('A1:C5');
    expect(table.shownRange).toBeUndefined();
  });
});
