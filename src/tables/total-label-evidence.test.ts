import { describe, expect, it } from 'vitest';
import type { RowFacts } from './aggregate-rows.js';
import { flagAggregateRows } from './aggregate-rows.js';
import { equalsSumBelow, totalLabelNeedsEvidence } from './total-label-evidence.js';

function row(label: string, numbers: (number | null)[]): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false };
}

describe('totalLabelNeedsEvidence', () => {
  const none = () => false;
  it('asks for more than the label of a name that merely opens with a total word', () => {
    expect(totalLabelNeedsEvidence('Total Wine & More', new Set(['retailer', 'sales']), none)).toBe(true);
    expect(totalLabelNeedsEvidence('Total Football Club', new Set(), none)).toBe(true);
    expect(totalLabelNeedsEvidence('Total Wine', new Set(['retailer', 'sales']), none)).toBe(true);
  });
  it('takes labels that say what they total at their word', () => {
    for (const label of ['Total', 'Grand Total', 'North Total', 'Sub total', 'Total:']) expect(totalLabelNeedsEvidence(label, new Set(), none), label).toBe(false);
    expect(totalLabelNeedsEvidence('Total Sales', new Set(['sales']), none)).toBe(false);
    expect(totalLabelNeedsEvidence('Total CA', new Set(), (word) => word === 'ca')).toBe(false);
    expect(totalLabelNeedsEvidence('Walmart', new Set(), none)).toBe(false);
    expect(totalLabelNeedsEvidence('Total stores', new Set(['store', 'sales']), none)).toBe(false);
    for (const label of ['Total for month', 'Total Q1', 'Total 2024', 'Total YTD', 'Total March']) expect(totalLabelNeedsEvidence(label, new Set(), none), label).toBe(false);
  });
});

describe('equalsSumBelow', () => {
  const rows = [row('Total North', [null, 300]), row('Oslo', [null, 100]), row('Bergen', [null, 200]), row('Total South', [null, 50]), row('Rome', [null, 50])];
  it('sees a group total on top of its parts, closed by the next total', () => {
    expect(equalsSumBelow(rows, 0, [false, true])).toBe(true);
    expect(equalsSumBelow(rows, 1, [false, true])).toBe(false);
  });
  it('sees no total in a first row equal by chance to all the rows below it (Total Wine & More over Costco, Aldi)', () => {
    const stores = [row('Total Wine & More', [null, 500]), row('Costco', [null, 300]), row('Aldi', [null, 200])];
    expect(equalsSumBelow(stores, 0, [false, true])).toBe(false);
    expect(equalsSumBelow(rows.slice(0, 3), 0, [false, true])).toBe(false);
  });
});

describe('flagAggregateRows: a "Total …" name in the first row', () => {
  const labels = ['Total Wine & More', 'Costco', 'Aldi'];
  const values = [500, 300, 200];
  it('keeps a store whose sales equal the rows below as data (reviewer case: Total sales 500, truth 1000)', () => {
    expect(flagAggregateRows(labels.map((label, i) => row(label, [null, values[i]])), [false, true], ['Store', 'Sales']).isAggregate).toEqual([false, false, false]);
  });
  it('takes it for a total on top when its cells are SUM formulas, and a plain "Total" on top at its word', () => {
    const withFormula = labels.map((label, i) => ({ ...row(label, [null, values[i]]), formulaCount: i === 0 ? 1 : 0, columnSumFormulaCount: i === 0 ? 1 : 0 }));
    expect(flagAggregateRows(withFormula, [false, true], ['Store', 'Sales']).isAggregate).toEqual([true, false, false]);
    const total = ['Total', 'Costco', 'Aldi'].map((label, i) => ({ ...row(label, [null, values[i]]), formulaCount: i === 0 ? 1 : 0, columnSumFormulaCount: i === 0 ? 1 : 0 }));
    expect(flagAggregateRows(total, [false, true], ['Store', 'Sales']).isAggregate).toEqual([true, false, false]);
  });
});
