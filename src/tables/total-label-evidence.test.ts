import { describe, expect, it } from 'vitest';
import type { RowFacts } from './aggregate-rows.js';
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
  const rows = [row('Total North', [null, 300]), row('Oslo', [null, 100]), row('Bergen', [null, 200]), row('', [null, 300])];
  it('sees a total on top of its parts', () => {
    expect(equalsSumBelow(rows, 0, [false, true])).toBe(true);
    expect(equalsSumBelow(rows, 1, [false, true])).toBe(false);
  });
});
