import { describe, expect, it } from 'vitest';
import type { AggregateKind } from './aggregate-rows.js';
import { flagAggregateRows } from './aggregate-rows.js';
import { findPeriodColumn, flagPeriodSummaryRows, isPeriodCell, isPeriodSummaryLabel, type PeriodRowFacts } from './period-summary-rows.js';

describe('isPeriodSummaryLabel', () => {
  it('reads the summary lines of a statistics release', () => {
    for (const label of ['Latest three months', 'Last 12 months', 'Year to date', 'YTD', '% change from year earlier', 'Change on previous year', 'Average', 'Total', 'Rolling 12 months']) {
      expect(isPeriodSummaryLabel(label), label).toBe(true);
    }
  });
  it('does not read periods or items as summaries', () => {
    for (const label of ['March', 'June¹', '2015', 'Holiday', 'Costco', '']) expect(isPeriodSummaryLabel(label), label).toBe(false);
  });
});

describe('isPeriodCell and findPeriodColumn', () => {
  const text = (value: string | null) => (value === null ? null : { value });
  it('finds the month column, footnote marks and all', () => {
    expect(isPeriodCell(text('Apr¹'))).toBe(true);
    expect(isPeriodCell(text('Latest three months'))).toBe(false);
    const rows = ['Jan†', 'Feb', 'Mar', null].map((month, index) => ({ cells: [text(index === 0 ? '2015' : null), text(month), { value: 10 }], hasNumbers: true }));
    expect(findPeriodColumn(rows, [false, false, true])).toBe(1);
    expect(findPeriodColumn(rows.slice(0, 2), [false, false, true])).toBe(-1);
  });
});

describe('flagPeriodSummaryRows', () => {
  const month = (name: string): PeriodRowFacts => ({ leadText: name, period: true, periodBlank: false, section: false });
  const line = (label: string): PeriodRowFacts => ({ leadText: label, period: false, periodBlank: true, section: false });
  it('flags "Latest three months", "Year to date" and their "% change" lines under the months, blank rows among them too', () => {
    // OTT Table 2: Apr, May, June, then a row holding a stray 0 only, then the summaries.
    const rows = [month('Apr'), month('May'), month('June'), line(''), line('Latest three months'), line('% change from year earlier'), line(''), line('Year to date'), line('% change from year earlier')];
    const isAggregate = rows.map(() => false);
    const kinds: (AggregateKind | null)[] = rows.map(() => null);
    flagPeriodSummaryRows(rows, isAggregate, kinds);
    expect(isAggregate).toEqual([false, false, false, true, true, true, true, true, true]);
    expect(kinds.slice(3)).toEqual(['other', 'other', 'other', 'other', 'other', 'other']);
  });
  it('leaves rows alone that are no summary, and tables without a run of periods', () => {
    const items = [month('Jan'), month('Feb'), month('Mar'), line('Widgets'), line('Year to date')];
    const flags = items.map(() => false);
    flagPeriodSummaryRows(items, flags, items.map(() => null));
    expect(flags).toEqual([false, false, false, false, false]);
    const short = [month('Jan'), month('Feb'), line('Year to date')];
    const shortFlags = short.map(() => false);
    flagPeriodSummaryRows(short, shortFlags, short.map(() => null));
    expect(shortFlags).toEqual([false, false, false]);
  });
  it('keeps the kind of a total already flagged', () => {
    const rows = [month('Jan'), month('Feb'), month('Mar'), line('Total'), line('% change')];
    const isAggregate = [false, false, false, true, false];
    const kinds: (AggregateKind | null)[] = [null, null, null, 'sum', null];
    flagPeriodSummaryRows(rows, isAggregate, kinds);
    expect(kinds).toEqual([null, null, null, 'sum', 'other']);
  });
});

describe('flagAggregateRows: zeros', () => {
  it('does not take an unlabelled row of 0s for the sum of the 0s above', () => {
    const row = (label: string, numbers: (number | null)[]) => ({ label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false });
    const rows = [row('Jan', [null, 5, 0]), row('Feb', [null, 7, null]), row('Mar', [null, 6, 0]), row('Apr', [null, 4, 0]), row('', [null, null, 0])];
    expect(flagAggregateRows(rows, [false, true, true]).isAggregate).toEqual([false, false, false, false, false]);
  });
});
