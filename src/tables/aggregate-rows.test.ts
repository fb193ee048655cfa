import { describe, expect, it } from 'vitest';
import { findGroupRows, flagAggregateRows, type RowFacts } from './aggregate-rows.js';

function row(label: string, numbers: (number | null)[], extra: Partial<RowFacts> = {}): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false, ...extra };
}

const additive = [false, true, true];

describe('flagAggregateRows', () => {
  it('keeps a population\'s average out of the rows it is listed under, though it is not their mean', () => {
    // Schools' scores by year, then the district's average over all its schools (not only these three).
    const rows = [row('Lincoln High', [null, 700, 710]), row('Garfield High', [null, 650, 660]), row('Roosevelt High', [null, 600, 640]), row('District average', [null, 680, 690])];
    const flags = flagAggregateRows(rows, [false, false, false]);
    expect(flags.isAggregate).toEqual([false, false, false, true]);
    expect(flags.kinds[3]).toBe('average');
    // … at the foot only: amid the rows it is a name (a band called National Average)
    const amid = flagAggregateRows([rows[0], row('National Average', [null, 90, 1]), rows[1], rows[2]], [false, false, false]);
    expect(amid.isAggregate).toEqual([false, false, false, false]);
    // A plain "Average" line must still be the mean of the rows above to be one.
    const plain = flagAggregateRows([...rows.slice(0, 3), row('Average', [null, 680, 690])], [false, false, false]);
    expect(plain.isAggregate[3]).toBe(false);
  });

  it('flags the summary lines at the foot of a result table, a difference line between the data and its total', () => {
    // Party, votes, share: six results, then "Majority" (top two's difference), "Turnout" (sum of votes), "X hold / Swing".
    const results = [
      row('Blue Ann', [null, 900, 45]),
      row('Red Bob', [null, 600, 30]),
      row('Gold Cy', [null, 300, 15]),
      row('Green Di', [null, 100, 5]),
      row('Grey Ed', [null, 60, 3]),
      row('Pink Flo', [null, 40, 2]),
    ];
    const foot = [row('Majority Majority', [null, 300, 15]), row('Turnout Turnout', [null, 2000, 61.5]), row('Blue hold Blue hold Swing', [null, null, null])];
    const flags = flagAggregateRows([...results, ...foot], [false, true, false]);
    expect(flags.isAggregate).toEqual([false, false, false, false, false, false, true, true, true]);
    expect(flags.kinds.slice(6)).toEqual(['other', 'other', 'other']);
  });

  it('reads the rule an accountant draws over a total as its evidence, where rules are rare', () => {
    // Gas deals by point; "WACOG" closes each group under a line, its quantities the sums of the deals above.
    const deals = (names: string[], quantities: number[]) => names.map((name, index) => row(name, [null, quantities[index], quantities[index] * 3]));
    const rows = [
      ...deals(['Aquila', 'Conoco', 'Enserco'], [5000, 7500, 2500]),
      row('WACOG', [null, 15000, 45000], { ruleAbove: true }),
      ...deals(['Cinergy', 'e prime', 'Coral'], [10000, 5000, 1250]),
      row('WACOG', [null, 16250, 48750]),
    ];
    rows[6] = { ...rows[6], ruleBelow: true };
    rows.forEach((facts, index) => (facts.sheetRow = index));
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false, true, false, false, false, true]);
    // Without the lines the label is no total word: data (the sums alone prove nothing).
    const plain = rows.map(({ ruleAbove, ruleBelow, ...facts }) => facts);
    expect(flagAggregateRows(plain, additive).isAggregate.some(Boolean)).toBe(false);
    // A grid boxing every cell says nothing by its lines.
    const boxed = plain.map((facts) => ({ ...facts, ruleAbove: true, ruleBelow: true }));
    expect(flagAggregateRows(boxed, additive).isAggregate.some(Boolean)).toBe(false);
  });

  it('flags a ruled subtotal that fills every cell as its items do (a category line "Occupancy 1,600" under Rent, Power, Water)', () => {
    const expense = (name: string, amount: number, extra: Partial<RowFacts> = {}) => row(name, [null, amount, null], { labelCells: [name, '', ''], ...extra });
    const rows = [
      expense('Rent', 1200), expense('Power', 300), expense('Water', 100), expense('Occupancy', 1600, { ruleAbove: true }),
      expense('Flights', 800), expense('Hotels', 450), expense('Meals', 150), expense('Travel', 1400, { ruleAbove: true }),
    ];
    rows.forEach((facts, index) => (facts.sheetRow = index));
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false, true, false, false, false, true]);
  });

  it('flags a "Totals" line over columns of scores (no amounts) when its numbers are their sums', () => {
    // Game, JSU score, TU score: the numbered column is additive, the scores are not; the Totals line leaves the number blank.
    const games = [row('1 Troy', [1, 14, 9]), row('2 Jacksonville', [2, 7, 21]), row('3 Troy', [3, 3, 3])];
    const scores = [true, false, false];
    expect(flagAggregateRows([...games, row('Totals', [null, 24, 33])], scores).isAggregate).toEqual([false, false, false, true]);
    // numbers that are no sums leave the line data where rows follow it; the last line labelled only "Totals" closes the
    // table where another cell counts the rows ("3 games"), and stays data where nothing but its label says so
    expect(flagAggregateRows([...games, row('Totals', [null, 25, 33]), row('4 Troy', [4, 7, 7])], scores).isAggregate).toEqual([false, false, false, false, false]);
    expect(flagAggregateRows([...games, row('Totals', [null, 25, 33], { labelCells: ['Totals', '3 games', '', ''] })], scores).isAggregate).toEqual([false, false, false, true]);
    expect(flagAggregateRows([...games, row('Totals', [null, 25, 33])], scores).isAggregate).toEqual([false, false, false, false]);
  });

  it('keeps foot rows with summary words as data when none of them sums or differences the rows above', () => {
    const rows = [row('North', [null, 10, 1]), row('South', [null, 20, 2]), row('East', [null, 30, 3]), row('Swing states', [null, 45, 4])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false, false]);
    const few = [row('Ann', [null, 10, 1]), row('Bob', [null, 20, 2]), row('Turnout', [null, 30, 3])];
    expect(flagAggregateRows(few, additive).isAggregate).toEqual([false, false, false]);
  });

  it('flags the count line under a list of names (=COUNTA(A3:A19), losers pool)', () => {
    const rows = [row('Nathen', [null, null, null]), row('Joey', [null, null, 20]), row('', [null, null, null], { columnCountFormulaCount: 1 })];
    const flags = flagAggregateRows(rows, additive);
    expect(flags.isAggregate).toEqual([false, false, true]);
    expect(flags.kinds[2]).toBe('other');
  });

  it('flags labelled subtotal and grand total rows', () => {
    const rows = [row('North', [null, 100, 1]), row('North', [null, 50, 2]), row('North Total', [null, 150, 3]), row('South', [null, 70, 4]), row('South Total', [null, 70, 4]), row('Grand Total', [null, 220, 7])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, true, false, true, true]);
  });

  it('flags an unlabelled row equal to the sum of the rows above it', () => {
    const rows = [row('Print', [null, 10, 100]), row('Social', [null, 20, 200]), row('Search', [null, 30, 300]), row('', [null, 60, 600]), row('Radio', [null, 5, 50])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false, true, false]);
  });

  it('flags an unlabelled row summing only the run right above it', () => {
    const rows = [row('A', [null, 7, 70]), row('B', [null, 10, 100]), row('C', [null, 20, 200]), row('', [null, 30, 300])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false, true]);
  });

  it('keeps a labelled data row that happens to equal a sum', () => {
    const rows = [row('A', [null, 1, 2]), row('B', [null, 2, 3]), row('C', [null, 3, 5])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false]);
  });

  it('needs three rows for an unlabelled single-number match', () => {
    const single = [false, true];
    expect(flagAggregateRows([row('a', [null, 2]), row('b', [null, 3]), row('', [null, 5])], single).isAggregate).toEqual([false, false, false]);
    expect(flagAggregateRows([row('a', [null, 2]), row('b', [null, 3]), row('c', [null, 4]), row('', [null, 9])], single).isAggregate).toEqual([false, false, false, true]);
  });

  it('flags a result line with formulas that sums everything above', () => {
    const rows = [
      row('Product A', [null, 100, 200]),
      row('Product B', [null, 50, 60]),
      row('Total Revenue', [null, 150, 260], { formulaCount: 2 }),
      row('Cost', [null, -30, -40]),
      row('Total Cost', [null, -30, -40], { formulaCount: 2 }),
      row('Gross Profit', [null, 120, 220], { formulaCount: 2 }),
    ];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, true, false, true, true]);
  });

  it('ignores rate columns: a weighted margin in the total row does not block it', () => {
    const rows = [row('', [null, 100, 0.2]), row('x', [null, 300, 0.4]), row('Subtotal', [null, 400, 0.35])];
    expect(flagAggregateRows(rows, [false, true, false]).isAggregate).toEqual([false, false, true]);
  });

  it('rejects a total label on a row that cannot be a total', () => {
    const rows = [row('Widget', [null, 100, 5]), row('Total Quality Kit', [null, 20, 1]), row('Gadget', [null, 300, 6])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false]);
  });

  it('keeps a "Total" line whose formulas multiply the rows above, unless its numbers are their sums', () => {
    // Volume, days, price; then "Total Charge" = volume × days × price, the largest number of the table.
    const inputs = [row('Volume', [null, 100, 200]), row('Days', [null, 365, 151]), row('Price', [null, 35, 30])];
    const product = { formulaCount: 2, productFormulaCount: 2, bold: true };
    expect(flagAggregateRows([...inputs, row('Total Charge', [null, 1277500, 906000], product)], additive).isAggregate).toEqual([false, false, false, false]);
    // Without formulas, bold or sums, "Total Charge" (no column named Charge) is taken as a line like the others: its size and place are no evidence.
    expect(flagAggregateRows([...inputs, row('Total Charge', [null, 1277500, 906000])], additive).isAggregate[3]).toBe(false);
    // Over a Charge column the label says what it totals, and its size flags it.
    expect(flagAggregateRows([...inputs, row('Total Charge', [null, 1277500, 906000])], additive, ['Item', 'Charge', 'Rate']).isAggregate[3]).toBe(true);
    // A product that happens to equal the sums is a total by its numbers.
    expect(flagAggregateRows([...inputs, row('Total Charge', [null, 500, 381], product)], additive).isAggregate[3]).toBe(true);
  });

  it('takes formulas as a sign of a sum only when they are not products of rows', () => {
    // Zero salaries, then "Merit" = salaries × rate: its zeros equal the sums above, its formula is no sum.
    const rows = [row('Salaries', [null, 0, 0]), row('Bonus', [null, 0, 0]), row('Merit', [null, 0, 0], { formulaCount: 2, productFormulaCount: 2 })];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, false]);
    const added = [row('Salaries', [null, 0, 0]), row('Bonus', [null, 0, 0]), row('Pay', [null, 0, 0], { formulaCount: 2 })];
    expect(flagAggregateRows(added, additive).isAggregate).toEqual([false, false, true]);
  });

  it('flags a row without numbers whose column sums show errors, labelled or not', () => {
    const rows = [row('a', [null, 1, 1]), row('b', [null, 2, 2]), row('Total', [null, null, null], { unreadSumFormulaCount: 2 }), row('c', [null, 3, 3]), row('', [null, null, null], { unreadSumFormulaCount: 1 }), row('d', [null, null, null])];
    expect(flagAggregateRows(rows, [false, false, false]).isAggregate).toEqual([false, false, true, false, true, false]);
  });

  it('flags rows of SUM formulas over the column', () => {
    const rows = [row('a', [null, 1, 1]), row('b', [null, 2, 2]), row('oops', [null, 4, 4], { columnSumFormulaCount: 2, formulaCount: 2 })];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, true]);
  });

  it('skips section rows when summing', () => {
    const rows = [row('Revenue', [null, null, null], { section: true }), row('A', [null, 1, 2]), row('B', [null, 3, 4]), row('', [null, 4, 6])];
    const flags = flagAggregateRows(rows, additive);
    expect(flags.isAggregate).toEqual([false, false, false, true]);
  });
});

describe('flagAggregateRows on rows labelled for the whole set', () => {
  it('flags "All regions" on top of a pivot export and "Overall" at the foot when they sum every other row', () => {
    const pivot = [row('All regions', [null, 1000, 40]), row('North', [null, 400, 15]), row('South', [null, 350, 14]), row('West', [null, 250, 11])];
    expect(flagAggregateRows(pivot, additive)).toEqual({ isAggregate: [true, false, false, false], kinds: ['sum', null, null, null] });
    const foot = [row('North', [null, 400, 15]), row('South', [null, 350, 14]), row('West', [null, 250, 11]), row('Overall', [null, 1000, 40])];
    expect(flagAggregateRows(foot, additive).isAggregate).toEqual([false, false, false, true]);
  });

  it('keeps "All Stars" as a team when its numbers do not add up the others, in every column', () => {
    const teams = [row('Eagles', [null, 10, 3]), row('All Stars', [null, 25, 4]), row('Hawks', [null, 15, 2])];
    expect(flagAggregateRows(teams, additive).isAggregate).toEqual([false, false, false]);
    const partly = [row('All', [null, 1000, 99]), row('North', [null, 400, 15]), row('South', [null, 350, 14]), row('West', [null, 250, 11])];
    expect(flagAggregateRows(partly, additive).isAggregate).toEqual([false, false, false, false]);
  });
});

describe('flagAggregateRows without a label column', () => {
  it('keeps a last row that equals the sum of the rows above when no row has a label', () => {
    const rows = [row('', [10, 20]), row('', [20, 40]), row('', [30, 60])];
    expect(flagAggregateRows(rows, [true, true]).isAggregate).toEqual([false, false, false]);
  });
});

describe('flagAggregateRows on rate lines', () => {
  it('flags a margin line among amounts as a summary, not data', () => {
    const rows = [
      row('Revenue', [null, 1000, 1200]),
      row('Cost', [null, -600, -700]),
      row('Gross Profit', [null, 400, 500], { formulaCount: 2 }),
      row('Gross Margin %', [null, 0.4, 0.42]),
    ];
    const flags = flagAggregateRows(rows, additive);
    expect(flags.isAggregate).toEqual([false, false, true, true]);
    expect(flags.kinds[3]).toBe('other');
  });

  it('flags a percent-formatted line', () => {
    const rows = [row('A', [null, 100, 200]), row('B', [null, 50, 80]), row('Share', [null, 0.2, 0.3], { percentFormatted: true })];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false, true]);
  });

  it('keeps small values in a table of small values', () => {
    const rows = [row('Conversion rate A', [null, 0.1, 0.2]), row('Conversion rate B', [null, 0.3, 0.4])];
    expect(flagAggregateRows(rows, additive).isAggregate).toEqual([false, false]);
  });
});

describe('flagAggregateRows in a table without amounts', () => {
  it('keeps a row named like a total when nothing in the table adds up', () => {
    const rows = [row('Applications', [null, null]), row('Total applications', [null, null])];
    expect(flagAggregateRows(rows, [false, false]).isAggregate).toEqual([false, false]);
  });
});

describe('findGroupRows', () => {
  it('needs more than one matching number, bold or three children', () => {
    const flat = [row('Alice', [null, 5, null], { depth: 0 }), row('  Bob', [null, 2, null], { depth: 2 }), row('  Carl', [null, 3, null], { depth: 2 })];
    expect(findGroupRows(flat, additive)).toEqual([false, false, false]);
    const bold = [row('North', [null, 5, null], { depth: 0, bold: true }), ...flat.slice(1)];
    expect(findGroupRows(bold, additive)).toEqual([true, false, false]);
  });
});

describe('flagAggregateRows: totals the label alone does not prove', () => {
  it('keeps a retailer or a club whose name begins with "Total" as data', () => {
    const retailers = [row('Total Wine & More CA', [null, 500]), row('Walmart TX', [null, 900]), row('Target CA', [null, 300]), row('Total Gym Direct TX', [null, 200]), row('Costco WA', [null, 700])];
    const flags = flagAggregateRows(retailers.map((r) => ({ ...r, leadText: r.label.replace(/ [A-Z]{2}$/, '') })), [false, true], ['Retailer', 'Sales']);
    expect(flags.isAggregate).toEqual([false, false, false, false, false]);
    const teams = [row('Alpha', [null, 10]), row('Total Football Club', [null, 25]), row('Beta', [null, 15])];
    expect(flagAggregateRows(teams, [false, true], ['Team', 'Points']).isAggregate).toEqual([false, false, false]);
  });

  it('keeps a "Total …" retailer as data wherever it sits: first, between, last, largest, above a real total', () => {
    const flagsOf = (labels: string[], values: number[]) =>
      flagAggregateRows(labels.map((label, i) => row(label, [null, values[i]])), [false, true], ['Retailer', 'Sales']).isAggregate;
    // Reviewer cases t8, t5, t7 and the same without "&": the largest value, or the last row, is no total.
    expect(flagsOf(['Costco', 'Total Wine & More', 'Target', 'Walmart'], [200, 300, 50, 150])).toEqual([false, false, false, false]);
    expect(flagsOf(['Costco', 'Total Wine', 'Target', 'Walmart'], [200, 300, 50, 150])).toEqual([false, false, false, false]);
    expect(flagsOf(['Costco', 'Target', 'Walmart', 'Total Wine & More'], [200, 50, 150, 300])).toEqual([false, false, false, false]);
    expect(flagsOf(['Costco', 'Target', 'Walmart', 'Total Wine'], [200, 50, 150, 300])).toEqual([false, false, false, false]);
    // Reviewer case t1: first row, above a real "Total" that sums all four.
    expect(flagsOf(['Total Wine & More', 'Costco', 'Target', 'Walmart', 'Total'], [100, 200, 50, 150, 500])).toEqual([false, false, false, false, true]);
    // With evidence it is a total: numbers equal to the rows above, or bold among plain rows.
    expect(flagsOf(['Costco', 'Target', 'Walmart', 'Total Wine'], [200, 50, 150, 400])).toEqual([false, false, false, true]);
    const bold = ['Costco', 'Target', 'Walmart', 'Total Wine'].map((label, i) => row(label, [null, [200, 50, 150, 300][i]], { bold: i === 3 }));
    expect(flagAggregateRows(bold, [false, true], ['Retailer', 'Sales']).isAggregate).toEqual([false, false, false, true]);
  });

  it('still takes "Total" and a total of the rows above at their word', () => {
    const rows = [row('Alpha', [null, 10]), row('Beta', [null, 15]), row('Total', [null, 25])];
    expect(flagAggregateRows(rows, [false, true]).isAggregate).toEqual([false, false, true]);
  });

  it('flags every row of numbers alone that sums the rows since the previous subtotal', () => {
    const rows = [row('Travel Sales', [null, 100]), row('Meals Sales', [null, 50]), row('Travel Marketing', [null, 200]), row('', [null, 350]), row('Travel Sales', [null, 300]), row('Meals Marketing', [null, 25]), row('', [null, 325])];
    expect(flagAggregateRows(rows, [false, true]).isAggregate).toEqual([false, false, false, true, false, false, true]);
  });
});
