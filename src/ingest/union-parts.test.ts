import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parseFile } from './parse-file.js';
import { findUnions } from './derived-tables.js';

type Cell = string | number | null;

/** A workbook with one sheet per entry, each sheet's rows written from A1 (null leaves a cell empty). */
async function workbook(sheets: Record<string, Cell[][]>): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    rows.forEach((row, index) => {
      row.forEach((value, column) => {
        if (value !== null) sheet.getCell(index + 1, column + 1).value = value;
      });
    });
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The labels of each union found among the tables read from the workbook. */
async function unionLabels(sheets: Record<string, Cell[][]>): Promise<string[][]> {
  const parsed = await parseFile('book.xlsx', await workbook(sheets));
  return findUnions(parsed.read.tables).map((spec) => spec.labels ?? []);
}

const HEADER = ['Region', 'Product', 'Units', 'Revenue'];
const REGIONS = ['North', 'South', 'East', 'West'];

/** Six order lines of one month, figures set apart by `month`. */
function orders(month: number): Cell[][] {
  return Array.from({ length: 6 }, (_, i) => [REGIONS[i % 4], `P${i}`, 3 + i * 2 + month, (3 + i * 2 + month) * 25 + month * 0.5]);
}

describe('findUnions over a workbook', () => {
  it('stacks monthly sheets of one series', async () => {
    expect(await unionLabels({ Jan: [HEADER, ...orders(0)], Feb: [HEADER, ...orders(1)], Mar: [HEADER, ...orders(2)] })).toEqual([['Jan', 'Feb', 'Mar']]);
  });

  it('does not stack two sheets showing the same figures in two arrangements', async () => {
    const lines = orders(0);
    const byProduct = [...lines].sort((a, b) => String(b[1]).localeCompare(String(a[1])));
    expect(await unionLabels({ 'By region': [HEADER, ...lines], 'By product': [HEADER, ...byProduct] })).toEqual([]);
  });

  it('does not stack a sheet on one that restates its totals', async () => {
    const lines = orders(0);
    const moved = lines.map((row, i) => (i === 0 ? [row[0], row[1], (row[2] as number) + 1, (row[3] as number) + 25] : i === 1 ? [row[0], row[1], (row[2] as number) - 1, (row[3] as number) - 25] : row));
    expect(await unionLabels({ Detail: [HEADER, ...lines], Restated: [HEADER, ...moved] })).toEqual([]);
  });

  it('does not stack sheets of two rows each: fragments, not parts', async () => {
    expect(await unionLabels({ North: [HEADER, ...orders(0).slice(0, 2)], South: [HEADER, ...orders(1).slice(0, 2)] })).toEqual([]);
    expect(await unionLabels({ North: [HEADER, ...orders(0).slice(0, 3)], South: [HEADER, ...orders(1).slice(0, 3)] })).toEqual([['North', 'South']]);
  });

  it('stacks blocks of two rows each when each has a banner and a header of its own on one sheet', async () => {
    const block = (banner: string, month: number): Cell[][] => [[banner], HEADER, ...orders(month).slice(0, 2)];
    expect(await unionLabels({ Data: [...block('Texas', 0), ...block('California', 1)] })).toEqual([['Texas', 'California']]);
    expect(await unionLabels({ Data: [...block('Texas', 0), [], ...block('California', 1)] })).toEqual([['Texas', 'California']]);
  });

  it('does not stack sheets of numbers without a header row', async () => {
    const numbers = (month: number) => orders(month).map((row) => [row[2], row[3], (row[2] as number) * 2]);
    expect(await unionLabels({ North: numbers(0), South: numbers(1) })).toEqual([]);
  });

  it('does not stack blocks of one sheet that no banner of their own tells apart', async () => {
    const blocks = (first: Cell, second: Cell): Cell[][] => [[first], HEADER, ...orders(0), [], [], [second], HEADER, ...orders(1)];
    expect(await unionLabels({ Data: blocks('North region', 'South region') })).toEqual([['North region', 'South region']]);
    expect(await unionLabels({ Data: blocks('North region', null) })).toEqual([]);
    expect(await unionLabels({ Data: blocks(1250, 72821) })).toEqual([]);
  });
});
