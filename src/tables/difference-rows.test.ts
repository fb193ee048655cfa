import { describe, expect, it } from 'vitest';
import { flagAggregateRows, type RowFacts } from './aggregate-rows.js';

function row(label: string, numbers: (number | null)[], extra: Partial<RowFacts> = {}): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false, ...extra };
}

const additive = [false, true, true];

/** A P&L: Revenue and Costs sections, their totals, then the net result line. */
function statement(net: string, numbers: (number | null)[]): RowFacts[] {
  return [
    row('Revenue', [null, null, null], { section: true }),
    row('Product sales', [null, 800, 900]),
    row('Services', [null, 200, 300]),
    row('Total revenue', [null, 1000, 1200]),
    row('Costs', [null, null, null], { section: true }),
    row('Salaries', [null, 500, 550]),
    row('Rent', [null, 100, 100]),
    row('Total costs', [null, 600, 650]),
    row(net, numbers),
  ];
}

describe('flagDifferenceRows (through flagAggregateRows)', () => {
  it('flags a line holding Total revenue − Total costs as a derived line, not data', () => {
    const flags = flagAggregateRows(statement('Net profit', [null, 400, 550]), additive);
    expect(flags.isAggregate).toEqual([false, false, false, true, false, false, false, true, true]);
    expect(flags.kinds[8]).toBe('other');
    // Unlabelled as a result, the two columns agreeing are evidence enough.
    expect(flagAggregateRows(statement('Margin line', [null, 400, 550]), additive).isAggregate[8]).toBe(true);
  });

  it('keeps a line that is no difference of the totals, or agrees in one column without a result label', () => {
    expect(flagAggregateRows(statement('Other income', [null, 400, 20]), additive).isAggregate[8]).toBe(false);
    expect(flagAggregateRows(statement('Consulting', [null, 400, null]), additive).isAggregate[8]).toBe(false);
    expect(flagAggregateRows(statement('Net profit', [null, 400, null]), additive).isAggregate[8]).toBe(true);
  });
});
