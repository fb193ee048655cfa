import { describe, expect, it } from 'vitest';
import type { Grid } from '../extract/index.js';
import { annotatedAggregateRows, describeSheetRow, errorOfBoundary, figuresOf, greedyMatches, intersectionOverUnion, parseA1Range } from './enron.js';

describe('parseA1Range', () => {
  it('reads ranges and single cells, with or without $', () => {
    expect(parseA1Range('$A$20:$K$40')).toEqual({ top: 19, left: 0, bottom: 39, right: 10 });
    expect(parseA1Range('AD48')).toEqual({ top: 47, left: 29, bottom: 47, right: 29 });
  });
});

describe('errorOfBoundary and intersectionOverUnion', () => {
  it('measure the largest edge offset and the shared cells', () => {
    const truth = parseA1Range('A3:D36');
    const found = parseA1Range('A4:D36');
    expect(errorOfBoundary(truth, found)).toBe(1);
    expect(intersectionOverUnion(truth, found)).toBeCloseTo(33 / 34);
    expect(intersectionOverUnion(truth, parseA1Range('F1:G2'))).toBe(0);
  });
});

describe('greedyMatches', () => {
  it('matches one to one, best pair first', () => {
    const truths = [parseA1Range('A1:B10'), parseA1Range('A12:B20')];
    // One detection covering both truths can match only one of them.
    const merged = [parseA1Range('A1:B20')];
    const iou = (a: ReturnType<typeof parseA1Range>, b: ReturnType<typeof parseA1Range>) => (intersectionOverUnion(a, b) > 0 ? intersectionOverUnion(a, b) : null);
    expect(greedyMatches(truths, merged, iou)).toBe(1);
    // The better pair wins: A1:B11 goes to A1:B10, not to A12:B20.
    expect(greedyMatches(truths, [parseA1Range('A1:B11'), parseA1Range('A11:B20')], iou)).toBe(2);
  });
});

describe('figuresOf', () => {
  it('computes precision, recall and F1, and 0 for empty denominators', () => {
    expect(figuresOf(17, 73, 39).precision).toBeCloseTo(17 / 73);
    expect(figuresOf(17, 73, 39).f1).toBeCloseTo((2 * (17 / 73) * (17 / 39)) / (17 / 73 + 17 / 39));
    expect(figuresOf(0, 0, 5)).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('describeSheetRow', () => {
  it('lists the filled cells of a row, formulas before their values, and says when it is blank', () => {
    const grid: Grid = {
      name: 'Sheet1',
      index: 0,
      hidden: false,
      rows: [[{ value: 'Total For Month' }, null, { value: 50000, formula: true, formulaText: 'SUM(C8:C42)' }, { value: '  ' }]],
      rowHidden: [],
      columnHidden: [],
      merges: [],
    };
    expect(describeSheetRow(grid, 1)).toBe('A1 "Total For Month" | C1 =SUM(C8:C42) 50000');
    expect(describeSheetRow(grid, 2)).toBe('(blank)');
  });
});

describe('annotatedAggregateRows', () => {
  it('leaves out blank sheet rows of an annotated derived range, and keeps them all without a grid', () => {
    const filled = (text: string) => [{ value: text }];
    const grid: Grid = {
      name: 'Sheet1',
      index: 0,
      hidden: false,
      rows: [filled('Task'), filled('Contractor'), [], [null, { value: ' ' }], filled('Total For Month'), filled('Grand Total')],
      rowHidden: [],
      columnHidden: [],
      merges: [],
    };
    const entry = { tables: [{ name: 't', range: 'A1:B6', derived: ['A2:B5'] }], derived_outside_tables: ['A6'] };
    const rows = annotatedAggregateRows(entry, grid);
    expect([...rows.inTables]).toEqual([2, 5]);
    expect([...rows.all]).toEqual([2, 5, 6]);
    expect([...annotatedAggregateRows(entry, undefined).inTables]).toEqual([2, 3, 4, 5]);
  });
});
