/**
 * Aggregate rows and row accounting of small CSV and xlsx files read end to end (reader, table
 * finding, aggregate flags, account): career lines, a nameless subtotal, a check line under a
 * total, a result line, footnotes, Excel's `sep=` line.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsv, readWorkbook } from '../extract/index.js';
import { accountBalances } from './account-rows.js';
import { readTables } from './read-tables.js';

function tablesOf(text: string, fileName = 'probe.csv') {
  return readTables(readCsv(new TextEncoder().encode(text), fileName));
}

/** The stored rows of the one table: [sheet row, is aggregate]. */
function flagsOf(text: string): [number, boolean][] {
  const { tables } = tablesOf(text);
  expect(tables).toHaveLength(1);
  return tables[0].rows.map((row) => [row.sheetRow, row.isAggregate]);
}

describe('aggregate rows of CSV files', () => {
  it('flags a career line and a year-span line closing the seasons, and verifies the table by them', () => {
    for (const label of ['Career', '2010-2012']) {
      const { tables } = tablesOf(`Year,Tournament,Wins,Losses\n2010,Open A,3,1\n2011,Open B,4,1\n2012,Open C,2,1\n${label},,9,3\n`);
      expect(tables[0].rows.map((row) => row.isAggregate), label).toEqual([false, false, false, true]);
      expect(tables[0].validation.outcome).toBe('verified');
    }
  });

  it('keeps last rows that equal a sum by chance as data', () => {
    expect(flagsOf('Player,Goals\nAnn,2\nBea,3\nCat,5\n').map(([, flag]) => flag)).toEqual([false, false, false]);
    expect(flagsOf('Week,Opponent,Points For,Points Against\n1,Bears,10,7\n2,Lions,14,3\n3,Packers,24,10\n4,Vikings,3,21\n').map(([, flag]) => flag)).toEqual([false, false, false, false]);
  });

  it('flags a nameless subtotal of the two rows above inside the table only with a second sign', () => {
    // Another nameless subtotal closing its own group.
    expect(flagsOf('Item,Qty\nA,4\nB,6\n,10\nC,1\nD,2\n,3\n')).toEqual([[2, false], [3, false], [4, true], [5, false], [6, false], [7, true]]);
    // A labelled total below that checks only with the nameless row left out.
    expect(flagsOf('Item,Qty\nA,4\nB,6\n,10\nC,1\nTotal,11\n')).toEqual([[2, false], [3, false], [4, true], [5, false], [6, true]]);
    // Alone, a row whose label was left blank is as likely data.
    expect(flagsOf('Item,Qty\nA,4\nB,6\n,10\nC,1\n')).toEqual([[2, false], [3, false], [4, false], [5, false]]);
  });

  it('keeps a nameless data row equal to the two rows above in every column as data', () => {
    const { tables } = tablesOf('Vendor,Qty,Amount\nAcme,1,10\nBolt,2,20\n,3,30\nCorex,1,5\nDyn,4,40\n');
    expect(tables[0].rows.map((row) => row.isAggregate)).toEqual([false, false, false, false, false]);
    const nameless = tablesOf('Region,Staff,Sales\nNorth,1,10\nSouth,2,20\n,3,30\nEast,2,15\nWest,1,5\n');
    expect(nameless.tables[0].rows.map((row) => row.isAggregate)).toEqual([false, false, false, false, false]);
  });

  it('keeps a last row whose numbers equal the sums above as data when its label continues the series', () => {
    expect(flagsOf('Quarter,Orders,Returns\nQ1,10,1\nQ2,20,2\nQ3,30,3\nQ4,60,6\n').map(([, flag]) => flag)).toEqual([false, false, false, false]);
    expect(flagsOf('Team,Wins,Losses\nAlpha,1,0\nBeta,0,1\nGamma,1,1\nDelta,2,2\n').map(([, flag]) => flag)).toEqual([false, false, false, false]);
  });

  it('flags Gross Margin, the sum of revenue and negative costs in parentheses', () => {
    const { tables } = tablesOf('Account,Jan,Feb\nRevenue,"$1,234.50","$2,000.00"\nCOGS,"(500.25)","(750.00)"\nGross Margin,734.25,1250.00\n');
    expect(tables[0].rows.map((row) => row.isAggregate)).toEqual([false, false, true]);
  });
});

describe('row accounting of CSV files', () => {
  it('keeps footnote lines under the data out of the table, as its notes, whatever their field count', () => {
    const { tables, accounts } = tablesOf('Player,Team,Goals\nMessi,Barcelona,50\nRonaldo,Real Madrid,46\nFalcao,Atletico,24\n* Includes penalties\n** Source: LFP, 2012\n');
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toHaveLength(3);
    expect(tables[0].notes).toEqual(['* Includes penalties', '** Source: LFP 2012']);
    expect(accounts[0].excluded.note).toBe(2);
    expect(accountBalances(accounts[0])).toBe(true);
  });

  it("counts Excel's sep= line as a dialect line and keeps the table's rows on the file's lines", () => {
    const { tables, accounts } = tablesOf('sep=;\nName;Amount\nA;1,5\nB;2,25\nC;3\n');
    expect(tables[0].rows.map((row) => row.sheetRow)).toEqual([3, 4, 5]);
    expect(accounts[0].rows).toBe(5);
    expect(accounts[0].excluded.dialect).toBe(1);
    expect(accounts[0].details[0]).toEqual({ sheetRow: 1, reason: 'dialect', text: 'sep=;' });
    expect(accountBalances(accounts[0])).toBe(true);
  });

  it('stores no row for a trailing Ctrl-Z', () => {
    const { tables, accounts } = tablesOf('Name,Amount\r\nA,10\r\nB,20\r\n\x1a');
    expect(tables[0].rows.map((row) => row.values.name)).toEqual(['A', 'B']);
    expect(accounts[0].rows).toBe(3);
  });

  it("reads a file quoted with ' into its two columns", () => {
    const { tables } = tablesOf("name,quote\nann,'hello, world'\nbob,'bye'\n");
    expect(tables[0].columns.map((column) => column.name)).toEqual(['name', 'quote']);
    expect(tables[0].rows.map((row) => row.values.quote)).toEqual(['hello, world', 'bye']);
  });
});

describe('rows computed from a total (xlsx)', () => {
  it('flags a check line whose formula is over the total, so it is no trade', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Book');
    sheet.addRows([['Trade ID', 'Desk', 'Volume'], ['T1', 'Gas', 100], ['T2', 'Gas', 200], ['T3', 'Power', 300]]);
    sheet.addRow([null, 'Total', { formula: 'SUM(C2:C4)', result: 600 }]);
    sheet.addRow([null, 'Check', { formula: 'C5-600', result: 0 }]);
    const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'book.xlsx' });
    const [table] = readTables(workbook).tables;
    expect(table.rows.map((row) => [row.sheetRow, row.isAggregate])).toEqual([[2, false], [3, false], [4, false], [5, true], [6, true]]);
  });
});
