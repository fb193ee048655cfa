import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DEFAULT_READ_LIMITS, readWorkbook } from '../extract/index.js';
import { readTables } from './read-tables.js';
import { STREAM_CHUNK_ROWS } from './streamed-table.js';
import { accountBalances } from './account-rows.js';
import type { DetectedTable, TableRow } from './types.js';

/** A report CSV: a banner, a header, 20,000 rows with a subtotal every 3,000, a text and a decimal late in number columns, a total and a note. */
function reportCsv(): string {
  const lines = ['Sales report 2024', '', 'region,product,qty,amount'];
  let block = [0, 0];
  const all = [0, 0];
  for (let i = 1; i <= 20_000; i++) {
    const qty = (i % 7) + 1;
    const amount = i === 17_000 ? 12.5 : (i % 13) * 10 + 5;
    lines.push(`${['North', 'South', 'East'][i % 3]},P${i % 40},${i === 15_000 ? 'n/a' : qty},${amount}`);
    if (i !== 15_000) {
      block[0] += qty;
      all[0] += qty;
    }
    block[1] += amount;
    all[1] += amount;
    if (i % 3000 === 0) {
      lines.push(`Subtotal,,${block[0]},${block[1]}`);
      block = [0, 0];
    }
  }
  lines.push(`Total,,${all[0]},${all[1]}`, '', 'Source: internal system, figures in EUR.');
  return `${lines.join('\n')}\n`;
}

async function ordersXlsx(rows: number, merges: string[] = [], banner = false): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  if (banner) sheet.addRows([['Orders 2024'], []]);
  sheet.addRow(['Order', 'Date', 'Country', 'Quantity', 'Amount']);
  for (let i = 0; i < rows; i++) sheet.addRow([`O-${i + 1}`, new Date(Date.UTC(2024, 0, 1 + (i % 300))), ['DE', 'FR', 'ES'][i % 3], (i % 9) + 1, ((i * 37) % 5000) / 100]);
  sheet.getRow(rows + 1 - 5000).hidden = true;
  for (const merge of merges) sheet.mergeCells(merge);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const rowsOf = (table: DetectedTable): TableRow[] => (table.streamed ? [...table.streamed.chunks()].flat() : table.rows);

async function both(fileName: string, bytes: Uint8Array) {
  const whole = readTables(await readWorkbook({ bytes, fileName }));
  const workbook = await readWorkbook({ bytes, fileName, limits: { streamRows: 5000 } });
  const streamed = readTables(workbook, { chunkRows: 2000 });
  return { whole, streamed, workbook };
}

describe('streamed tables (a sheet over the stream threshold read in chunks)', () => {
  for (const [label, make] of [
    ['CSV with banner, subtotals, a total, a note and late odd values', async () => ({ name: 'report.csv', bytes: new TextEncoder().encode(reportCsv()) })],
    ['xlsx with dates and a hidden row', async () => ({ name: 'orders.xlsx', bytes: await ordersXlsx(20_000) })],
    // The rows are built again from the compact store, which holds them unmerged: a merge in the first rows keeps its copied value.
    ['xlsx with a merged cell in its first rows', async () => ({ name: 'orders.xlsx', bytes: await ordersXlsx(20_000, ['C101:C104']) })],
    // A number merged over rows is counted once, and warned about, in any chunk: the chunks (rows 4-2003, 2004-4003 …
    // under a banner) count rows from their own top, the merges from the sheet's.
    ['xlsx with a banner and numbers merged over rows in the first and second chunk and across them', async () => ({
      name: 'orders.xlsx', bytes: await ordersXlsx(20_000, ['D101:D103', 'D2002:D2005', 'D3001:D3004'], true),
    })],
  ] as const) {
    it(`gives the rows, totals, validation and accounting of reading the sheet whole: ${label}`, async () => {
      const { name, bytes } = await make();
      const { whole, streamed, workbook } = await both(name, bytes);
      expect(workbook.sheets[0].store?.length).toBeGreaterThan(20_000);
      expect(workbook.sheets[0].rows.length).toBeLessThanOrEqual(5000);
      expect(streamed.tables).toHaveLength(whole.tables.length);
      streamed.tables.forEach((table, index) => {
        const reference = whole.tables[index];
        expect(table.streamed).toBeDefined();
        expect(table.rows).toHaveLength(0);
        const rows = rowsOf(table);
        expect(rows).toEqual(reference.rows);
        expect(table.streamed?.dataRows).toBe(reference.rows.filter((row) => !row.isAggregate && !row.hidden).length);
        expect(table.streamed?.aggregateSheetRows).toEqual(reference.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow));
        const { rows: _a, streamed: _b, ...shape } = table;
        const { rows: _c, ...referenceShape } = reference;
        expect(shape).toEqual(referenceShape);
      });
      expect(streamed.warnings).toEqual(whole.warnings);
      if (label.includes('numbers merged')) expect(streamed.warnings.filter((warning) => warning.includes('counted once'))).toHaveLength(3);
      expect(streamed.accounts).toEqual(whole.accounts);
      expect(streamed.accounts.every(accountBalances)).toBe(true);
    }, 120_000);
  }

  it('excludes the header printed again inside the body as a repeated header, as reading the sheet whole does', async () => {
    // An export over the stream threshold that prints its header again at page breaks: in the first rows, on the first row
    // of the second chunk (sheet row 10,002 under a one-row header), in the stored rows past the first ones, in the last chunk.
    const records = DEFAULT_READ_LIMITS.streamRows + 10_000;
    const repeatsAfter = new Set([3000, STREAM_CHUNK_ROWS - 1, DEFAULT_READ_LIMITS.streamRows + 2000, records - 100]);
    const lines = ['Order,Region,Quantity,Amount'];
    for (let i = 1; i <= records; i++) {
      lines.push(`O-${i},${['North', 'South', 'East'][i % 3]},${(i % 9) + 1},${(i % 13) * 10 + 5}`);
      if (repeatsAfter.has(i)) lines.push('Order,Region,Quantity,Amount');
    }
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
    const workbook = await readWorkbook({ bytes, fileName: 'orders.csv' });
    expect(workbook.sheets[0].store?.length).toBe(records + 1 + repeatsAfter.size);
    expect(lines[STREAM_CHUNK_ROWS + 1]).toBe('Order,Region,Quantity,Amount');
    const streamed = readTables(workbook);
    const whole = readTables(await readWorkbook({ bytes, fileName: 'orders.csv', limits: { streamRows: Infinity } }));
    expect(streamed.tables).toHaveLength(1);
    expect(whole.tables).toHaveLength(1);
    const [table] = streamed.tables;
    expect(table.streamed?.dataRows).toBe(records);
    expect(rowsOf(table)).toEqual(whole.tables[0].rows);
    expect(table.columns.map((card) => [card.name, card.type, card.invalidCount])).toEqual(whole.tables[0].columns.map((card) => [card.name, card.type, card.invalidCount]));
    expect(table.columns.find((card) => card.name === 'Quantity')?.type).toBe('integer');
    expect(streamed.accounts).toEqual(whole.accounts);
    expect(streamed.accounts[0].excluded['repeated header']).toBe(repeatsAfter.size);
    expect(streamed.accounts[0].details.filter((row) => row.reason === 'repeated header').map((row) => row.sheetRow)).toEqual(
      lines.flatMap((line, index) => (index > 0 && line.startsWith('Order,') ? [index + 1] : [])),
    );
    expect(accountBalances(streamed.accounts[0])).toBe(true);
  }, 180_000);

  it('excludes a header of two rows printed again whole, across two chunks too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    const header = [['Order', 'Region', 'Quantity', 'Amount'], [null, null, 'units', 'EUR']];
    sheet.addRows(header);
    // Sheet rows (0-based) of the upper header row printed again: in the first rows, and as the last row of the
    // fourth chunk (rows 6,002 to 8,001 under the two header rows; chunks of 2,000), its lower row starting the fifth.
    const upperAt = new Set([1500, 2 + 4 * 2000 - 1]);
    for (let i = 0; sheet.rowCount < 12_000; i++) {
      if (upperAt.has(sheet.rowCount)) sheet.addRows(header);
      else sheet.addRow([`O-${i + 1}`, ['North', 'South', 'East'][i % 3], (i % 9) + 1, ((i * 37) % 5000) / 100]);
    }
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { whole, streamed } = await both('orders.xlsx', bytes);
    expect(whole.tables).toHaveLength(1);
    expect(whole.tables[0].headerRows).toBe(2);
    expect(streamed.tables[0].streamed).toBeDefined();
    expect(rowsOf(streamed.tables[0])).toEqual(whole.tables[0].rows);
    expect(rowsOf(streamed.tables[0])).toHaveLength(12_000 - 2 - 2 * upperAt.size);
    expect(streamed.accounts).toEqual(whole.accounts);
    expect(streamed.accounts[0].excluded['repeated header']).toBe(2 * upperAt.size);
  }, 120_000);

  it('widens a column whose chunks type differently, and keeps every row', async () => {
    const lines = ['id,code'];
    for (let i = 1; i <= 12_000; i++) lines.push(`${i},${i <= 6000 ? i : `C${i}`}`);
    const workbook = await readWorkbook({ bytes: new TextEncoder().encode(lines.join('\n')), fileName: 'codes.csv', limits: { streamRows: 5000 } });
    const { tables, accounts } = readTables(workbook, { chunkRows: 2000 });
    const code = tables[0].columns.find((card) => card.name === 'code');
    expect(code?.type).toBe('text');
    const rows = rowsOf(tables[0]);
    expect(rows).toHaveLength(12_000);
    expect(rows[0].values.code).toBe('1');
    expect(rows[11_999].values.code).toBe('C12000');
    expect(accounts[0].stored.data).toBe(12_000);
    expect(accountBalances(accounts[0])).toBe(true);
  });
});
