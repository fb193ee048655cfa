import { describe, expect, it } from 'vitest';
import { flagAggregateRows, type RowFacts } from './aggregate-rows.js';
import { spanLabelCovers } from './closing-sum-rows.js';

/** A row whose first column holds `lead` (a year as a number when it is one), the others `numbers`. */
function row(lead: string | number, numbers: (number | null)[], extra: Partial<RowFacts> = {}): RowFacts {
  const text = typeof lead === 'number' ? '' : lead;
  return {
    label: text,
    labelCells: [text, ...numbers.map(() => '')],
    leadText: text,
    numbers: [typeof lead === 'number' ? lead : null, ...numbers],
    formulaCount: 0,
    columnSumFormulaCount: 0,
    bold: false,
    hidden: false,
    section: false,
    ...extra,
  };
}

// Year (not additive), Wins, Losses.
const additive = [false, true, true];
const seasons = [row(2010, [3, 1]), row(2011, [4, 1]), row(2012, [2, 1])];

describe('flagClosingSumRow', () => {
  it('flags a career line and a year-span line that sum the seasons above (a sports record)', () => {
    for (const label of ['Career', '2010-2012', '2010–12', 'Career totals']) {
      const flags = flagAggregateRows([...seasons, row(label, [9, 3])], additive);
      expect(flags.isAggregate, label).toEqual([false, false, false, true]);
      expect(flags.kinds[3]).toBe('sum');
    }
  });

  it('flags a span label with one summed column and two rows above; a plain name needs more', () => {
    const one = [false, true];
    const twoSeasons = [row(2011, [4]), row(2012, [2])];
    expect(flagAggregateRows([...twoSeasons, row('Career', [6])], one).isAggregate).toEqual([false, false, true]);
    expect(flagAggregateRows([...twoSeasons, row('2011-2012', [6])], one).isAggregate).toEqual([false, false, true]);
    // Goals of Ann, Bea, then Cat with their sum by chance: one column is no evidence for a name.
    const players = [row('Ann', [2]), row('Bea', [3]), row('Cat', [5])];
    expect(flagAggregateRows(players, one).isAggregate).toEqual([false, false, false]);
    expect(flagAggregateRows([row('Ann', [2]), row('Bea', [3]), row('Cy', [4]), row('Dee', [9])], one).isAggregate).toEqual([false, false, false, false]);
  });

  it('keeps a last row whose label continues the series above as data, though its numbers equal the sums', () => {
    // Q4 orders and returns equal Q1-Q3's by chance: a fourth quarter, not a total (120 orders, not 60).
    const quarters = [row('Q1', [10, 1]), row('Q2', [20, 2]), row('Q3', [30, 3]), row('Q4', [60, 6])];
    expect(flagAggregateRows(quarters, additive).isAggregate).toEqual([false, false, false, false]);
    // Delta's wins and losses equal the three teams' above: another team (4 wins, not 2).
    const teams = [row('Alpha', [1, 0]), row('Beta', [0, 1]), row('Gamma', [1, 1]), row('Delta', [2, 2])];
    expect(flagAggregateRows(teams, additive).isAggregate).toEqual([false, false, false, false]);
  });

  it('keeps a plain-named last row as data when the agreement is a coincidence of small numbers or copies', () => {
    // Two rows above only.
    expect(flagAggregateRows([row('A', [1, 2]), row('B', [2, 3]), row('C', [3, 5])], additive).isAggregate).toEqual([false, false, false]);
    // Columns of zeros and ones: each sum equals the one non-zero number above.
    const flags = flagAggregateRows([row('A', [1, 0]), row('B', [0, 0]), row('C', [0, 1]), row('D', [1, 1])], additive);
    expect(flags.isAggregate).toEqual([false, false, false, false]);
    // The same column twice proves nothing twice.
    const copies = flagAggregateRows([row('A', [1, 1]), row('B', [2, 2]), row('C', [3, 3]), row('D', [6, 6])], additive);
    expect(copies.isAggregate).toEqual([false, false, false, false]);
    // A near miss in one column.
    const weeks = [row('Bears', [10, 7]), row('Lions', [14, 3]), row('Packers', [24, 10]), row('Vikings', [48, 21])];
    expect(flagAggregateRows(weeks, additive).isAggregate).toEqual([false, false, false, false]);
  });

  it('ignores columns that are not additive (a career batting average) but needs every additive column summed', () => {
    const rate = [false, true, false];
    const rows = [row('2010', [3, 0.3]), row('2011', [4, 0.25]), row('2012', [2, 0.2]), row('Career', [9, 0.26])];
    expect(flagAggregateRows(rows, rate).isAggregate).toEqual([false, false, false, true]);
    const missing = [...seasons, row('Career', [9, null])];
    expect(flagAggregateRows(missing, additive).isAggregate).toEqual([false, false, false, false]);
  });
});

describe('spanLabelCovers', () => {
  it('reads a year span over the years or seasons the rows hold in the label column', () => {
    const seasonRows = ['1996-97', '1997-98', '1998-99', '1999-00'].map((season) => row(season, [1, 1]));
    expect(spanLabelCovers(row('1996-2000', [4, 4]), seasonRows)).toBe(true);
    expect(spanLabelCovers(row('1997-2000', [4, 4]), seasonRows)).toBe(false);
    expect(spanLabelCovers(row('2010-2012', [9, 3]), seasons)).toBe(true);
    expect(spanLabelCovers(row('2011-2012', [9, 3]), seasons)).toBe(false);
    expect(spanLabelCovers(row('2012', [9, 3]), seasons)).toBe(false);
    expect(spanLabelCovers(row('Lifetime', [9, 3]), seasons)).toBe(true);
    expect(spanLabelCovers(row('Careers fair', [9, 3]), seasons)).toBe(false);
  });
});

// Before, "Totals | 30 coaches | 121 seasons | .623" under a list of coaches stayed a data row: its counts are
// written as text and its rate does not add up, so no number showed it, and "how many coaches" said 31.
describe('closingTotalLine', () => {
  const rate = [false, false];
  const coaches = [row('Ann Lee', [null, 0.5]), row('Bob Roe', [null, 0.75]), row('Cy Poe', [null, 0.6])];

  it('flags a last row labelled only with total words beside a cell counting the rows, whatever its numbers', () => {
    for (const label of ['Totals', 'Total', 'Grand Total']) {
      const totals = row(label, [null, 0.62], { labelCells: [label, '3 coaches', ''] });
      expect(flagAggregateRows([...coaches, totals], rate).isAggregate, label).toEqual([false, false, false, true]);
    }
  });

  it('leaves a company called Total listed last a row', () => {
    // oil companies: Total's numbers are its own, not the others' sums
    const companies = [row('BP', [null, 0.5]), row('Shell', [null, 0.75]), row('Total', [null, 0.6], { labelCells: ['Total', 'France', ''] })];
    expect(flagAggregateRows(companies, rate).isAggregate).toEqual([false, false, false]);
  });

  it('leaves a name that opens with a total word, and a total label with rows after it, to the arithmetic', () => {
    expect(flagAggregateRows([...coaches, row('Total Wine & More', [null, 0.62])], rate).isAggregate).toEqual([false, false, false, false]);
    expect(flagAggregateRows([row('Totals', [null, 0.62]), ...coaches], rate).isAggregate).toEqual([false, false, false, false]);
  });
});

describe('flagNearSumClosingRow', () => {
  /** A district: No, Name, Division (text), Area, Population (additive), Literacy % (no sum). */
  const district = (name: string, division: string, area: number, population: number, literacy: number): RowFacts => ({
    label: `${name} ${division}`, labelCells: ['', name, division, '', '', ''], leadText: name,
    numbers: [null, null, null, area, population, literacy], formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false,
  });
  const columns = [false, false, false, true, true, false];
  const districts = [district('Thane', 'Konkan', 9558, 8131849, 80.7), district('Raigad', 'Konkan', 7152, 2207929, 77.0), district('Pune', 'Pune', 15643, 7232555, 80.5),
    district('Washim', 'Amravati', 5150, 1020216, 74.0), district('Nagpur', 'Nagpur', 9892, 4067637, 84.0), district('Akola', 'Amravati', 5429, 1630239, 81.4)];
  const total = { area: districts.reduce((a, d) => a + (d.numbers[3] ?? 0), 0), population: districts.reduce((a, d) => a + (d.numbers[4] ?? 0), 0) };
  const state = (area: number, population: number, cells = ['Maharashtra', '-', '-', '', '', '']): RowFacts => ({
    label: 'Maharashtra', labelCells: cells, leadText: 'Maharashtra', numbers: [null, null, null, area, population, 79.3], formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false,
  });

  it('flags a last row named alone, dashes in its other text cells, whose numbers are within 2% of the sums above', () => {
    const flags = flagAggregateRows([...districts, state(Math.round(total.area * 1.005), Math.round(total.population * 1.003))], columns);
    expect(flags.isAggregate).toEqual([false, false, false, false, false, false, true]);
    expect(flags.kinds[6]).toBe('other');
  });

  it('flags such a row named alone where a column numbers every row above and it has no number', () => {
    const numbered = districts.map((d, k) => ({ ...d, labelCells: ['', d.labelCells?.[1] ?? '', '', '', '', ''], numbers: [k + 1, ...d.numbers.slice(1)] }));
    const island = { ...state(Math.round(total.area * 0.987), total.population), labelCells: ['', 'Saint Lucia', '', '', '', ''], leadText: 'Saint Lucia' };
    expect(flagAggregateRows([...numbered, island], columns).isAggregate[6]).toBe(true);
    // … numbered like the others, it is one of them
    expect(flagAggregateRows([...numbered, { ...island, numbers: [7, ...island.numbers.slice(1)] }], columns).isAggregate[6]).toBe(false);
  });

  it('keeps a last row whose numbers are far from the sums, or whose other text cells say what it is', () => {
    expect(flagAggregateRows([...districts, state(Math.round(total.area * 1.2), Math.round(total.population * 1.2))], columns).isAggregate[6]).toBe(false);
    expect(flagAggregateRows([...districts, state(Math.round(total.area * 1.005), Math.round(total.population * 1.003), ['Maharashtra', 'Mumbai', 'Konkan', '', '', ''])], columns).isAggregate[6]).toBe(false);
    // … and a row with only one number near its column's sum is no evidence
    expect(flagAggregateRows([...districts, state(Math.round(total.area * 1.005), 5000000)], columns).isAggregate[6]).toBe(false);
  });
});
