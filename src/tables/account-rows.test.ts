import { describe, expect, it } from 'vitest';
import { readCsv } from '../extract/index.js';
import { accountBalances, accountRows } from './account-rows.js';
import { readTables } from './read-tables.js';
import { gridOf, workbookOf } from './__fixtures__/grid-builder.js';

function csv(text: string) {
  return readTables(readCsv(Buffer.from(text), 'test.csv'));
}

describe('accountRows', () => {
  it('gives every row of a sheet with a banner, header, section heading, total and note a place', () => {
    const grid = gridOf([
      ['Sales report 2025'],
      [],
      ['Region', 'Q1', 'Q2'],
      ['North', null, null],
      ['Oslo', 10, 20],
      ['Bergen', 5, 6],
      ['South', null, null],
      ['Rome', 1, 2],
      ['Milan', 3, 4],
      ['Total', 19, 32],
      [],
      ['Source: internal ledger, figures in EUR.'],
    ], { name: 'Sheet1' });
    const read = readTables(workbookOf([grid]));
    const [account] = read.accounts;
    expect(account.rows).toBe(12);
    expect(accountBalances(account)).toBe(true);
    expect(account.stored.aggregate).toBe(1);
    expect(account.excluded.blank).toBe(2);
    const reasons = Object.fromEntries(account.details.map((row) => [row.sheetRow, row.reason]));
    expect(reasons[1]).toBe('title');
    expect(reasons[3]).toBe('header');
    expect(reasons[12]).toBe('note');
    expect(account.noTable).toBeUndefined();
    // Every non-blank row that is not stored is listed.
    const stored = read.tables.flatMap((table) => table.rows.map((row) => row.sheetRow));
    expect([...stored, ...account.details.map((row) => row.sheetRow)].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
  });

  it('lists rows that belong to no table as outside, with their text', () => {
    const grid = gridOf([['Name', 'Amount'], ['A', 1], ['B', 2]]);
    const account = accountRows(grid, []);
    expect(account.excluded.outside).toBe(3);
    expect(account.details[0]).toEqual({ sheetRow: 1, reason: 'outside', text: 'Name | Amount' });
    expect(account.noTable).toMatch(/^no table: 3 rows/);
    expect(accountBalances(account)).toBe(true);
  });

  it('says why a header-only CSV has no table', () => {
    const read = csv('id,name,amount\n');
    expect(read.tables).toEqual([]);
    expect(read.accounts[0].noTable).toBe('no table: a single row (a header with no data rows, or one line of text)');
    expect(read.accounts[0].excluded.outside).toBe(1);
  });

  it('counts a row shared by side-by-side tables once', () => {
    const grid = gridOf([
      ['Name', 'Amount', null, null, 'City', 'Count'],
      ['A', 1, null, null, 'X', 5],
      ['B', 2, null, null, 'Y', 6],
      ['C', 3, null, null, 'Z', 7],
    ], { name: 'S' });
    const read = readTables(workbookOf([grid]));
    expect(read.tables).toHaveLength(2);
    expect(read.accounts[0]).toMatchObject({ rows: 4, stored: { data: 3, aggregate: 0, hidden: 0 }, excluded: { header: 1 } });
    expect(read.accounts[0].details.map((row) => row.table)).toEqual([0]);
  });

  it('reads a value merged down over two rows once and accounts for the second row as merged', () => {
    const grid = gridOf([
      ['Spent', 'Share', 'Item'],
      [2336, 0.62, 'Rent'],
      [null, null, 'Food'],
      [null, null, null],
      [500, 0.1, 'Car'],
      [600, 0.2, 'Misc'],
    ], { name: 'S', merges: ['A2:A4', 'B2:B4'] });
    const read = readTables(workbookOf([grid]));
    expect(read.tables).toHaveLength(1);
    const [table] = read.tables;
    // Row 3 has a value of its own (Food) and stays a row; row 4 only continues the merge.
    expect(table.rows.map((row) => [row.sheetRow, row.values.item])).toEqual([[2, 'Rent'], [3, 'Food'], [5, 'Car'], [6, 'Misc']]);
    const [account] = read.accounts;
    expect(accountBalances(account)).toBe(true);
    expect(account.details.filter((row) => row.reason === 'merged').map((row) => row.sheetRow)).toEqual([4]);
    expect(account.stored.data).toBe(4);
  });

  it('names a repeated header row a repeated header', () => {
    const read = csv('Name,Amount\nA,1\nB,2\nC,3\nName,Amount\n');
    const [account] = read.accounts;
    expect(accountBalances(account)).toBe(true);
    expect(account.details.map((row) => [row.sheetRow, row.reason])).toContainEqual([5, 'repeated header']);
  });

  it('names every row of a header of two rows printed again a repeated header', () => {
    const body = (from: number) => Array.from({ length: 4 }, (_, i) => [`O-${from + i}`, ['North', 'South'][i % 2], i + 1, 10 * (i + 1)]);
    const layouts = [
      // Names over a row of units.
      { upper: ['Order', 'Region', 'Quantity', 'Amount'], lower: [null, null, 'units', 'EUR'], merges: [] },
      // A group name merged over two columns, the names beside it merged down.
      { upper: ['Order', 'Region', 'Sales', null], lower: [null, null, 'Quantity', 'Amount'], merges: ['A1:A2', 'B1:B2', 'C1:D1', 'A7:A8', 'B7:B8', 'C7:D7'] },
    ];
    for (const { upper, lower, merges } of layouts) {
      const grid = gridOf([upper, lower, ...body(1), upper, lower, ...body(5)], { name: 'Orders', merges });
      const read = readTables(workbookOf([grid]));
      expect(read.tables).toHaveLength(1);
      expect(read.tables[0].headerRows).toBe(2);
      const [account] = read.accounts;
      expect(account.stored.data).toBe(8);
      expect(account.details.map((row) => [row.sheetRow, row.reason])).toEqual([[1, 'header'], [2, 'header'], [7, 'repeated header'], [8, 'repeated header']]);
    }
  });
});
