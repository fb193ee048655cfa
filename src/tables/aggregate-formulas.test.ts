import { describe, expect, it } from 'vitest';
import { isColumnCountFormula, isColumnSumFormula, isRowSumFormula, multipliesRowsOfColumn, refersUpOwnColumn, rollupCounts } from './aggregate-formulas.js';

describe('isColumnCountFormula', () => {
  it('reads COUNT and COUNTA over one column, not over a row or another function', () => {
    expect(isColumnCountFormula('COUNTA(A3:A19)')).toBe(true);
    expect(isColumnCountFormula('=count($B$2:$B$40)')).toBe(true);
    expect(isColumnCountFormula('COUNTA(B7:IV7)')).toBe(false);
    expect(isColumnCountFormula('SUM(A3:A19)')).toBe(false);
  });
});

describe('isColumnSumFormula', () => {
  it('knows column sums from row sums', () => {
    expect(isColumnSumFormula('SUM(B4:B10)')).toBe(true);
    expect(isColumnSumFormula('SUM(I4:I6,I8:I11)')).toBe(true);
    expect(isColumnSumFormula('SUBTOTAL(9,$C$2:$C$40)')).toBe(true);
    expect(isColumnSumFormula('SUM(B6:M6)')).toBe(false);
    // A group of one item: AutoSum over its single cell.
    expect(isColumnSumFormula('SUM(C84)')).toBe(true);
    expect(isColumnSumFormula('SUM(G94:G94)')).toBe(true);
    expect(isColumnSumFormula('SUBTOTAL(9,C84)')).toBe(true);
    expect(isColumnSumFormula('SUBTOTAL(1,C84)')).toBe(false);
    expect(isColumnSumFormula('SUM(C84,D84)')).toBe(false);
    expect(isColumnSumFormula('SUM(C84,5)')).toBe(false);
    expect(isColumnSumFormula('SUM(C84*2)')).toBe(false);
    expect(isColumnSumFormula('A2*2')).toBe(false);
    expect(isColumnSumFormula(undefined)).toBe(false);
    expect(isRowSumFormula('SUM(B6:M6)')).toBe(true);
    expect(isRowSumFormula('SUM(B4:B10)')).toBe(false);
  });
});

describe('refersUpOwnColumn', () => {
  it('tells formulas over the column from formulas within the row', () => {
    expect(refersUpOwnColumn('B9+B14', 1, 14)).toBe(true);
    expect(refersUpOwnColumn('SUM(B4:B8)', 1, 9)).toBe(true);
    expect(refersUpOwnColumn('SUMPRODUCT(C3:C17,D3:D17)/C18', 3, 17)).toBe(true);
    expect(refersUpOwnColumn('A2*2', 1, 1)).toBe(false);
    expect(refersUpOwnColumn('SUM(B6:M6)', 13, 5)).toBe(false);
    expect(refersUpOwnColumn(undefined, 0, 0)).toBe(false);
  });
});

describe('rollupCounts', () => {
  it('counts SUMs that hold two or more ranges summed by rows above in the same column', () => {
    const formulas = [['A6', 'SUM(B3:B6)'], ['A11', 'SUM(B7:B11)'], ['A16', 'SUM(B12:B16)'], [undefined, 'SUM(B3:B14)'], [undefined, 'SUM(B15:B20)'], [undefined, 'SUM(C3:C16)']];
    // Jan holds the first two weeks whole; B15:B20 holds none whole; column C sums nothing the rows above sum.
    expect(rollupCounts(formulas)).toEqual([0, 0, 0, 1, 0, 0]);
  });

  it('does not count overlapping running sums or a range holding one range above', () => {
    expect(rollupCounts([['SUM(B1:B5)'], ['SUM(B1:B6)'], ['SUM(B2:B7)']])).toEqual([0, 0, 0]);
    expect(rollupCounts([['SUM(B1:B5)'], ['SUM(B6:B9)'], ['SUM(B1:B9)']])).toEqual([0, 0, 1]);
  });
});

describe('multipliesRowsOfColumn', () => {
  it('finds products and quotients of rows of the same column', () => {
    // C10 of a tariff sheet: volume/day × days × (demand charge + GRI) × -1.
    expect(multipliesRowsOfColumn('=C5*C6*(C7+C8)*-1', 2, 9)).toBe(true);
    expect(multipliesRowsOfColumn('D10/D4', 3, 11)).toBe(true);
    expect(multipliesRowsOfColumn('SUM(D3:D9)/COUNT(D3:D9)', 3, 9)).toBe(true);
  });

  it('does not count sums, constant factors, other columns or other sheets', () => {
    expect(multipliesRowsOfColumn('SUM(B4:B8)', 1, 8)).toBe(false);
    expect(multipliesRowsOfColumn('B9+B14', 1, 14)).toBe(false);
    expect(multipliesRowsOfColumn('SUM(B4:B8)*1.1', 1, 8)).toBe(false);
    expect(multipliesRowsOfColumn('B9*$A$1', 1, 9)).toBe(false);
    expect(multipliesRowsOfColumn('B9*Rates!B2', 1, 9)).toBe(false);
    expect(multipliesRowsOfColumn('C5*D5', 2, 9)).toBe(false);
    expect(multipliesRowsOfColumn('$C$15/5', 2, 15)).toBe(false);
  });

  it('reads formulas outside its grammar as no product', () => {
    expect(multipliesRowsOfColumn('IF(C5>0,C5*C6,0)', 2, 9)).toBe(false);
    expect(multipliesRowsOfColumn('C5*', 2, 9)).toBe(false);
    expect(multipliesRowsOfColumn(undefined, 2, 9)).toBe(false);
  });
});
