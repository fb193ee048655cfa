import { describe, expect, it } from 'vitest';
import type { AggregateKind, RowFacts } from './aggregate-rows.js';
import { unflagUncorroboratedSubtotals } from './nameless-subtotals.js';

/** A row labelled `label` ('' for a nameless one) over the numbers of its columns. */
function row(label: string, numbers: (number | null)[]): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false };
}

const additive = [true];

/** The flags after corroboration, the rows at `flagged` flagged first (kind `sum`), `candidates` the two-row nameless ones. */
function corroborate(rows: RowFacts[], flagged: number[], candidates: number[]): boolean[] {
  const isAggregate = rows.map((_, index) => flagged.includes(index));
  const kinds: (AggregateKind | null)[] = isAggregate.map((flag) => (flag ? 'sum' : null));
  unflagUncorroboratedSubtotals(rows, additive, candidates, isAggregate, kinds);
  isAggregate.forEach((flag, index) => expect(kinds[index] === null).toBe(!flag));
  return isAggregate;
}

describe('unflagUncorroboratedSubtotals', () => {
  it('unflags a nameless row equal to the two rows above when nothing else says the table has subtotals', () => {
    expect(corroborate([row('A', [4]), row('B', [6]), row('', [10]), row('C', [1])], [2], [2])).toEqual([false, false, false, false]);
  });

  it('keeps it with another nameless subtotal in the table', () => {
    const rows = [row('A', [4]), row('B', [6]), row('', [10]), row('C', [1]), row('D', [2]), row('', [3])];
    expect(corroborate(rows, [2, 5], [2])).toEqual([false, false, true, false, false, true]);
  });

  it('keeps it when a labelled total below checks only with it left out, not when it checks with it counted', () => {
    const checksWithout = [row('A', [4]), row('B', [6]), row('', [10]), row('C', [1]), row('Total', [11])];
    expect(corroborate(checksWithout, [2, 4], [2])).toEqual([false, false, true, false, true]);
    const checksWith = [row('A', [4]), row('B', [6]), row('', [10]), row('C', [1]), row('Total', [21])];
    expect(corroborate(checksWith, [2, 4], [2])).toEqual([false, false, false, false, true]);
  });
});
