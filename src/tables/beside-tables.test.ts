import { describe, expect, it } from 'vitest';
import { rangeToA1 } from '../extract/grid.js';
import { sheetTables } from './__fixtures__/workbook-tables.js';
import type { DetectedTable } from './types.js';

const ranges = (tables: DetectedTable[]) => tables.map((table) => rangeToA1(table.range));
const column = (table: DetectedTable, name: string) => table.rows.map((row) => row.values[name]);

describe('side-by-side tables with no spacer column', () => {
  it('cuts where a second key column starts under its own header and the two blocks end on other rows', async () => {
    const read = await sheetTables([
      ['Region', 'Revenue', 'Units', 'Product', 'Price', 'Launched'],
      ['North', 1000, 10, 'Widget', 9.99, '2019-01-01'],
      ['South', 2000, 20, 'Gadget', 19.5, '2020-06-01'],
      ['East', 1500, 15, 'Doohickey', 4.25, '2018-03-15'],
      ['West', 500, 5, null, null, null],
    ]);
    expect(ranges(read.tables)).toEqual(['A1:C5', 'D1:F4']);
    expect(column(read.tables[1], 'price')).toEqual([9.99, 19.5, 4.25]);
    expect(read.tables[1].columns.find((card) => card.sqlName === 'price')?.aggregation).toBe('avg');
  });

  it('keeps one table whose last row is a total under the measures only', async () => {
    const read = await sheetTables([
      ['Region', 'Revenue', 'Units', 'Manager', 'Office'],
      ['North', 1000, 10, 'Ann', 'Oslo'],
      ['South', 2000, 20, 'Bo', 'Rome'],
      ['East', 1500, 15, 'Cy', 'Kyiv'],
      ['Total', 4500, 45, null, null],
    ]);
    expect(ranges(read.tables)).toEqual(['A1:E5']);
  });

  it('cuts a header that names the same columns twice into two tables, each under its banner', async () => {
    const read = await sheetTables(
      [
        ['January', null, 'February', null],
        ['Desk', 'Volume', 'Desk', 'Volume'],
        ['Gas', 100, 'Gas', 110], ['Power', 200, 'Power', 190], ['Oil', 50, 'Coal', 70],
      ],
      ['A1:B1', 'C1:D1'],
    );
    expect(ranges(read.tables)).toEqual(['A2:B5', 'C2:D5']);
    expect(read.tables.map((table) => table.title)).toEqual(['January', 'February']);
    expect(column(read.tables[1], 'desk')).toEqual(['Gas', 'Power', 'Coal']);
  });
});
