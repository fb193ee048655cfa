import { describe, expect, it } from 'vitest';
import { readCsv } from '../extract/index.js';
import { flagAggregateRows, type AggregateKind, type RowFacts } from './aggregate-rows.js';
import { readTables } from './read-tables.js';
import { findRankColumn, flagWorldSummaryRows } from './world-summary-rows.js';

/** A row of [rank, country, amount, year]; a null rank is written as a dash, as WTQ writes it. */
function row(rank: number | null, country: string, amount: number | null, year: number | null = 2012): RowFacts {
  const rankText = rank === null ? '-' : '';
  return {
    label: [rankText, country].filter(Boolean).join(' '),
    labelCells: [rankText, country, '', ''],
    leadText: rankText || country,
    numbers: [rank, null, amount, year],
    formulaCount: 0,
    columnSumFormulaCount: 0,
    bold: false,
    hidden: false,
    section: false,
  };
}

/** Rank, Country, Box office, Year: only the box office adds up. */
const additive = [false, false, true, false];

const countries = [row(1, 'Canada/United States', 10.8), row(2, 'China', 3.6), row(3, 'Japan', 1.88), row(4, 'United Kingdom', 1.7), row(5, 'Brazil', 0.72)];

function flag(rows: RowFacts[]): { isAggregate: boolean[]; kinds: (AggregateKind | null)[] } {
  const isAggregate = rows.map(() => false);
  const kinds: (AggregateKind | null)[] = rows.map(() => null);
  flagWorldSummaryRows(rows, additive, isAggregate, kinds);
  return { isAggregate, kinds };
}

describe('flagWorldSummaryRows', () => {
  it('flags the unranked World row closing a ranked list as a summary that is no sum', () => {
    const { isAggregate, kinds } = flag([...countries, row(null, 'World', 34.7)]);
    expect(isAggregate).toEqual([false, false, false, false, false, true]);
    expect(kinds[5]).toBe('other');
  });

  it('reads Worldwide, Global and All countries as the world, and a world row equal to the listed rows as their sum', () => {
    for (const label of ['Worldwide', 'Global', 'All countries', 'Total world']) {
      expect(flag([...countries, row(null, label, 34.7)]).isAggregate[5], label).toBe(true);
    }
    expect(flag([...countries, row(null, 'Worldwide', 18.7)]).kinds[5]).toBe('sum');
  });

  it('flags a world row among the closing summary rows, and one of a list without ranks when it is the largest', () => {
    // the countries' total (its rank cell blank), then the world's
    const closing = flagAggregateRows([...countries, { ...row(null, 'Total', 18.7), leadText: 'Total' }, row(null, 'World', 34.7)], additive);
    expect(closing.isAggregate.slice(5)).toEqual([true, true]);
    expect(closing.kinds.slice(5)).toEqual(['sum', 'other']);
    const unranked = [...countries, row(null, 'World', 34.7)].map((facts) => ({ ...facts, numbers: [null, ...facts.numbers.slice(1)] }));
    expect(flag(unranked).isAggregate[5]).toBe(true);
  });

  it('flags an unranked World row opening a ranked list, and keeps one ranked like the others', () => {
    const opening = flag([row(null, 'World', 34.7), ...countries]);
    expect(opening.isAggregate).toEqual([true, false, false, false, false, false]);
    expect(opening.kinds[0]).toBe('other');
    expect(flag([row(1, 'World', 34.7), ...countries.map((r) => ({ ...r, numbers: [r.numbers[0]! + 1, ...r.numbers.slice(1)] }))]).isAggregate[0]).toBe(false);
    // a World row smaller than a listed country is a category, not the whole
    expect(flag([row(null, 'World', 2), ...countries]).isAggregate[0]).toBe(false);
  });

  it('keeps a World row that is data: ranked like the others, inside the list, smaller than a listed row, or a longer name', () => {
    // a team called World, ranked 6th: its rank says it is one of the list, however large its numbers
    expect(flag([...countries, row(6, 'World', 11)]).isAggregate[5]).toBe(false);
    // a row of data after it: the World row does not close the list
    expect(flag([...countries, row(null, 'World', 34.7), row(6, 'Italy', 0.84)]).isAggregate[5]).toBe(false);
    // "World" among competitions, in a middle row
    expect(flag([countries[0], countries[1], row(null, 'World', 34.7), ...countries.slice(2)]).isAggregate[2]).toBe(false);
    // no whole is smaller than one of its parts
    expect(flag([...countries, row(null, 'World', 5)]).isAggregate[5]).toBe(false);
    expect(flag([...countries, row(null, 'World Championships', 34.7)]).isAggregate[5]).toBe(false);
    // without a rank column the row's size is the only sign of a whole: a World row with no number stays data
    const unranked = [...countries, row(null, 'World', null)].map((facts) => ({ ...facts, numbers: [null, ...facts.numbers.slice(1)] }));
    expect(flag(unranked).isAggregate[5]).toBe(false);
    // two listed rows are no list
    expect(flag([countries[0], countries[1], row(null, 'World', 34.7)]).isAggregate[2]).toBe(false);
  });

  it('turns a "Total world" flagged as a sum into a summary of another kind when the rows do not add up to it', () => {
    const rows = [...countries, row(null, 'Total world', 34.7)];
    const isAggregate = [false, false, false, false, false, true];
    const kinds: (AggregateKind | null)[] = [null, null, null, null, null, 'sum'];
    flagWorldSummaryRows(rows, additive, isAggregate, kinds);
    expect(kinds[5]).toBe('other');
  });

  it('runs within flagAggregateRows', () => {
    const flags = flagAggregateRows([...countries, row(null, 'World', 34.7)], additive);
    expect(flags.isAggregate[5]).toBe(true);
    expect(flags.kinds[5]).toBe('other');
  });
});

describe('flagWorldSummaryRows: lists without ranks (the second review)', () => {
  const unranked = (facts: RowFacts): RowFacts => ({ ...facts, numbers: [null, ...facts.numbers.slice(1)] });

  it('keeps a World row of a list without ranks that is less than the sum of the rows above: a category ("National, European, World")', () => {
    const levels = [row(null, 'National', 5), row(null, 'European', 3), row(null, 'Olympic', 2), row(null, 'World', 7)].map(unranked);
    expect(flag(levels).isAggregate).toEqual([false, false, false, false]);
  });

  it('keeps a Global row of a list without ranks even when it is the largest: a region of its own beside others', () => {
    const regions = [row(null, 'Africa', 12), row(null, 'Asia', 8), row(null, 'Latin America', 5), row(null, 'Global', 45)].map(unranked);
    expect(flag(regions).isAggregate).toEqual([false, false, false, false]);
  });
});

describe('findRankColumn', () => {
  it('finds 1, 2, 3 … down the listed rows, ties and gaps kept, but not a column of 1s, one starting elsewhere or going down', () => {
    expect(findRankColumn(countries)).toBe(0);
    const tied = [row(1, 'A', 5), row(2, 'B', 4), row(2, 'C', 4), row(4, 'D', 3)];
    expect(findRankColumn(tied)).toBe(0);
    expect(findRankColumn([row(1, 'A', 5), row(1, 'B', 4), row(1, 'C', 3)])).toBe(-1);
    expect(findRankColumn([row(1, 'A', 5), row(2, 'B', 4), row(11, 'C', 3)])).toBe(0);
    expect(findRankColumn([row(3, 'A', 5), row(4, 'B', 4), row(5, 'C', 3)])).toBe(-1);
    expect(findRankColumn([row(1, 'A', 5), row(3, 'B', 4), row(2, 'C', 3)])).toBe(-1);
  });
});

describe('readTables: a box office list by country closing with World', () => {
  it('stores the World row as an aggregate row, and the money with its scale word as dollars', () => {
    const csv = [
      '"Rank","Country","Box Office","Year","Box office\nfrom national films"',
      '"1","Canada/United States","$10.8 billion","2012","–"',
      '"2","China","$3.6 billion","2013","59% (2013)"',
      '"3","Japan","$1.88 billion","2013","61% (2013)"',
      '"4","United Kingdom","$1.7 billion","2012","36.1% (2011)"',
      '"11","Italy","$0.84 billion","2013","30% (2013)"',
      '"12","Brazil","$0.72 billion","2013","17% (2013)"',
      '"-","World","$34.7 billion","2012","–"',
    ].join('\n');
    const [table] = readTables(readCsv(new TextEncoder().encode(csv), 'box.csv')).tables;
    expect(table.rows.map((stored) => stored.isAggregate)).toEqual([false, false, false, false, false, false, true]);
    const boxOffice = table.columns.find((card) => card.name === 'Box Office');
    expect(boxOffice).toMatchObject({ type: 'integer', unit: 'currency', currency: 'USD' });
    expect(table.rows.map((stored) => stored.values[boxOffice?.sqlName ?? ''])).toEqual([10_800_000_000, 3_600_000_000, 1_880_000_000, 1_700_000_000, 840_000_000, 720_000_000, 34_700_000_000]);
    // the world is no sum of the countries listed: nothing is checked against it
    expect(table.validation.checks.filter((check) => check.kind === 'total')).toEqual([]);
  });
});
