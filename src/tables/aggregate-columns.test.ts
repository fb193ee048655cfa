import { describe, expect, it } from 'vitest';
import { flagAggregateColumns, isAggregateColumnName } from './aggregate-columns.js';

describe('flagAggregateColumns', () => {
  it('flags a named total equal to the months left of it', () => {
    const names = ['Line', 'Jan', 'Feb', 'Mar', 'FY 2024'];
    const rows = [[null, 1, 2, 4, 7], [null, 10, 20, 35, 65]];
    expect(flagAggregateColumns(names, rows, [false, true, true, true, true])).toEqual([false, false, false, false, true]);
  });

  it('never takes a month for the total of the months before it', () => {
    const names = ['Line', 'Jan', 'Feb', 'Mar'];
    const rows = [[null, 1, 2, 3], [null, 10, 20, 30], [null, 5, 5, 10]];
    expect(flagAggregateColumns(names, rows, [false, true, true, true])).toEqual([false, false, false, false]);
  });

  it('flags an unnamed column that is the sum of the others in every row', () => {
    const names = ['Severity', 'AMER', 'APAC', 'EMEA', 'All'];
    const rows = [[null, 39, 20, 40, 99], [null, 11, 43, 47, 101], [null, 1, 2, 3, 6]];
    expect(flagAggregateColumns(names, rows, [false, true, true, true, true])).toEqual([false, false, false, false, true]);
  });

  it('flags quarter totals and the year total over them', () => {
    const names = ['Item', 'Jan', 'Feb', 'Mar', 'Q1', 'Apr', 'May', 'Jun', 'Q2', 'Total'];
    const rows = [[null, 1, 2, 4, 7, 4, 5, 7, 16, 23], [null, 2, 2, 2, 6, 1, 1, 1, 3, 9], [null, 0, 1, 0, 1, 5, 0, 0, 5, 6]];
    expect(flagAggregateColumns(names, rows, names.map((_, index) => index > 0))).toEqual([false, false, false, false, true, false, false, false, true, true]);
  });

  it('does not flag a named column that is not a sum', () => {
    const names = ['Branch', 'Revenue', 'Orders', 'Year'];
    const rows = [[null, 100, 3, 2024], [null, 200, 5, 2025]];
    expect(flagAggregateColumns(names, rows, [false, true, true, true])).toEqual([false, false, false, false]);
  });

  it('never flags a labelled data column that only happens to equal the sum of the columns before it (reviewer case: Plums = Apples + Pears)', () => {
    const names = ['Store', 'Apples', 'Pears', 'Plums'];
    const rows = [[null, 10, 5, 15], [null, 20, 7, 27], [null, 3, 4, 7], [null, 8, 1, 9]];
    expect(flagAggregateColumns(names, rows, [false, true, true, true])).toEqual([false, false, false, false]);
    const wide = ['Name', ...Array.from({ length: 12 }, (_, index) => `M${index + 1}`)];
    const wideRows = [0, 1, 2, 3, 4].map((r) => [null, ...Array.from({ length: 12 }, (_, index) => r * (index + 1))]);
    expect(flagAggregateColumns(wide, wideRows, wide.map((_, index) => index > 0)).some(Boolean)).toBe(false);
  });

  it('flags a column with a sign of a total: row SUM formulas, a blank header after the measures, a coarser period', () => {
    const rows = [[null, 10, 5, 15], [null, 20, 7, 27], [null, 3, 4, 7], [null, 8, 1, 9]];
    const candidate = [false, true, true, true];
    expect(flagAggregateColumns(['Store', 'Apples', 'Pears', 'Plums'], rows, candidate, [0, 0, 0, 4])).toEqual([false, false, false, true]);
    expect(flagAggregateColumns(['Store', 'Apples', 'Pears', 'Column 4'], rows, candidate)).toEqual([false, false, false, true]);
    expect(flagAggregateColumns(['Store', 'Jan', 'Feb', 'Q1'], rows, candidate)).toEqual([false, false, false, true]);
    expect(flagAggregateColumns(['Store', 'Apples', 'Pears', 'Total'], rows, candidate)).toEqual([false, false, false, true]);
  });

  it('accepts row SUM formulas as proof for a named column', () => {
    expect(flagAggregateColumns(['x', 'a', 'b', 'Total'], [[null, 1, 1, 5]], [false, true, true, true], [0, 0, 0, 1])).toEqual([false, false, false, true]);
  });
});

describe('isAggregateColumnName', () => {
  it('reads totals and years', () => {
    expect(isAggregateColumnName('Grand Total')).toBe(true);
    expect(isAggregateColumnName('FY 2024')).toBe(true);
    expect(isAggregateColumnName('Gesamt')).toBe(true);
    expect(isAggregateColumnName('YTD')).toBe(true);
    expect(isAggregateColumnName('Revenue')).toBe(false);
  });
});
