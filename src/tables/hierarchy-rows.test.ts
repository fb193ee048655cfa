import { describe, expect, it } from 'vitest';
import type { RowFacts } from './aggregate-rows.js';
import { ColumnSums } from './column-sums.js';
import { agreesAsLevel, findBlankIdentifierSubtotals, findGroupsByArithmetic, findParallelLevel, minusOneMarksMissing } from './hierarchy-rows.js';

function row(label: string, numbers: (number | null)[]): RowFacts {
  return { label, leadText: label, numbers, formulaCount: 0, columnSumFormulaCount: 0, bold: false, hidden: false, section: false };
}

/** Code, electorate, votes cast, postal votes: the code column never adds up. */
const additive = [true, true, true];

describe('agreesAsLevel', () => {
  it('needs two non-zero columns that agree, two thirds of those filled, and enough digits', () => {
    const sums = new ColumnSums(3);
    sums.add([40401, 3875, 1817]);
    sums.add([40402, 1888, 856]);
    expect(agreesAsLevel([40400, 5763, 2673], sums, additive)).toBe(true);
    expect(agreesAsLevel([40400, 5763, 2000], sums, additive)).toBe(false);
    const small = new ColumnSums(3);
    small.add([null, 3, 10]);
    small.add([null, 3, 14]);
    expect(agreesAsLevel([null, 6, 24], small, additive)).toBe(false);
  });
});

describe('findGroupsByArithmetic', () => {
  it('flags a district over its municipalities and the state over its districts, read bottom up', () => {
    const rows = [
      row('Land', [40000, 11127, 6143]),
      row('Bezirk A', [40100, 6054, 3317]),
      row('Alpha', [40101, 4021, 2008]),
      row('Beta', [40102, 2033, 1309]),
      row('Bezirk B', [40200, 5073, 2826]),
      row('Gamma', [40201, 3561, 1917]),
      row('Delta', [40202, 1512, 909]),
    ];
    expect(findGroupsByArithmetic(rows, additive, rows.map(() => false))).toEqual([true, true, false, false, true, false, false]);
    // … each group's last part: the state's is the last municipality, each district's its own last
    const ends: number[] = [];
    findGroupsByArithmetic(rows, additive, rows.map(() => false), ends);
    expect(ends).toEqual([6, 3, -1, -1, 6, -1, -1]);
  });

  it('leaves a list of trades in round lots alone: 10000 = 5000 + 5000 is chance, and so is a counterparty trading again', () => {
    // Daily and total quantity of gas trades; a 10000 lot over two 5000 lots holds 3 significant digits.
    const lots = [row('Cross Timbers', [null, 10000, 310000]), row('Aquila', [null, 5000, 155000]), row('Conoco', [null, 5000, 155000]), row('Enserco', [null, 7500, 232500])];
    expect(findGroupsByArithmetic(lots, additive, lots.map(() => false))).toEqual([false, false, false, false]);
    // Exact to the dollar, but "Conoco" trades again further down: an entity of the list, not a group.
    const trades = [
      row('Conoco', [null, 155000, 530100]),
      row('Conoco', [null, 310000, 1054000]),
      row('Cinergy', [null, 155000, 527775]),
      row('e prime', [null, 155000, 526225]),
      row('Cross Timbers', [null, 155000, 524287.5]),
    ];
    expect(findGroupsByArithmetic(trades, additive, trades.map(() => false))).toEqual([false, false, false, false, false]);
    // A row of blanks under a row is no second part.
    const units = [row('PV Unit 1', [null, 1016, 1016]), row('PV Unit 2', [null, 1016, 1016]), row('PV Unit 3', [null, 1016, 1016]), row('Local generation', [null, null, null])];
    expect(findGroupsByArithmetic(units, additive, units.map(() => false))).toEqual([false, false, false, false]);
  });

  it('takes a column in proportion to another for no second evidence (hours and pay at one rate)', () => {
    // Ana's 162 h / 4050 equals Ben's and Cara's rows below it, as any pay at 25 an hour would: she is an employee, no group
    const staff = [row('Ana Lopez', [null, 162, 4050]), row('Ben Ortiz', [null, 58, 1450]), row('Cara Diaz', [null, 104, 2600]), row('Dan Wu', [null, 80, 2000])];
    expect(findGroupsByArithmetic(staff, additive, staff.map(() => false))).toEqual([false, false, false, false]);
  });

  it('leaves a plan of round figures alone where a row and the rows below agree in one column only', () => {
    const rows = [row('Permits', [null, 25000, 5000]), row('Meetings', [null, 70000, 2500]), row('Tracking', [null, 35000, 2500]), row('Support', [null, 15000, null])];
    expect(findGroupsByArithmetic(rows, additive, rows.map(() => false))).toEqual([false, false, false, false]);
  });
});

describe('findParallelLevel', () => {
  it('flags the constituencies listed above the municipalities they add up to', () => {
    const municipalities = Array.from({ length: 12 }, (_, index) => row(`Gemeinde ${index}`, [null, 1000 + index * 100, 600 + index * 10]));
    const electorate = municipalities.reduce((sum, r) => sum + (r.numbers[1] as number), 0);
    const votes = municipalities.reduce((sum, r) => sum + (r.numbers[2] as number), 0);
    const rows = [row('Wahlkreis Nord', [null, electorate - 4000, votes - 2000]), row('Wahlkarten Nord', [null, 0, -1]), row('Wahlkreis Süd', [null, 4000, 2000]), row('Wahlkarten Süd', [null, 0, -1]), ...municipalities];
    const level = findParallelLevel(rows, additive, rows.map(() => false));
    expect(level.slice(0, 4)).toEqual([true, true, true, true]);
    expect(level.slice(4).some(Boolean)).toBe(false);
  });

  it('leaves the two like-sized sides of a balance sheet alone', () => {
    const rows = ['Cash', 'Receivables', 'Stock', 'Plant', 'Payables', 'Loans', 'Equity', 'Reserves'].map((label, index) => row(label, [null, [100, 200, 300, 400, 250, 250, 300, 200][index], [90, 210, 280, 420, 240, 260, 300, 200][index]]));
    expect(findParallelLevel(rows, additive, rows.map(() => false)).some(Boolean)).toBe(false);
  });
});

describe('minusOneMarksMissing', () => {
  it('reads -1 as "no value" in a column whose only negative number it is, held by two rows or more', () => {
    const rows = [row('A', [1, 10, -1]), row('B', [2, -1, -1]), row('C', [3, -5, 4])];
    expect(minusOneMarksMissing(rows, additive)).toEqual([false, false, true]);
  });
});

/** Customer, invoice, amount: the invoice cell is blank on a customer's subtotal. */
function invoice(customer: string, number: string, amount: number, extra: Partial<RowFacts> = {}): RowFacts {
  const label = `${customer} ${number}`.trim();
  return { ...row(label, [null, null, amount]), leadText: customer || number, labelCells: [customer, number, ''], ...extra };
}

const amounts = [false, false, true];

describe('findBlankIdentifierSubtotals', () => {
  it('flags rows without an invoice number that sum their customer\'s invoices, and a grand total under them', () => {
    const rows = [
      invoice('Acme', 'INV-1', 100),
      invoice('Acme', 'INV-2', 250),
      invoice('Acme', '', 350),
      invoice('Beta', 'INV-3', 80),
      invoice('Beta', '', 80),
      invoice('Gamma', 'INV-4', 40),
      invoice('Gamma', 'INV-5', 60),
      invoice('Gamma', '', 100),
    ];
    expect(findBlankIdentifierSubtotals(rows, amounts)).toEqual([false, false, true, false, true, false, false, true]);
    const unlabelled = [
      invoice('Sales', 'Inside', 100),
      invoice('Sales', 'Field', 200),
      invoice('', '', 300),
      invoice('Ops', 'Support', 50),
      invoice('Ops', 'Logistics', 70),
      invoice('', '', 120),
      invoice('', '', 420),
    ];
    expect(findBlankIdentifierSubtotals(unlabelled, amounts)).toEqual([false, false, true, false, false, true, true]);
  });

  it('keeps them as data when one blank row breaks the rule, or only one group adds up without bold or formulas', () => {
    const broken = [
      invoice('Acme', 'INV-1', 100),
      invoice('Acme', 'INV-2', 250),
      invoice('Acme', '', 350),
      invoice('Beta', 'INV-3', 80),
      invoice('Beta', 'INV-6', 20),
      invoice('Beta', '', 100),
      invoice('Gamma', 'INV-4', 40),
      invoice('Gamma', '', 75),
    ];
    expect(findBlankIdentifierSubtotals(broken, amounts).some(Boolean)).toBe(false);
    // The group label shown must be the group's: "Beta" under Acme's invoices is no subtotal of them.
    const otherGroup = [invoice('Acme', 'INV-1', 100), invoice('Acme', 'INV-2', 250), invoice('Beta', '', 350), invoice('Gamma', 'INV-4', 40), invoice('Gamma', 'INV-5', 60), invoice('Gamma', '', 100)];
    expect(findBlankIdentifierSubtotals(otherGroup, amounts).some(Boolean)).toBe(false);
    const once = [invoice('Acme', 'INV-1', 100), invoice('Acme', 'INV-2', 250), invoice('Acme', '', 350), invoice('Beta', 'INV-3', 80)];
    expect(findBlankIdentifierSubtotals(once, amounts).some(Boolean)).toBe(false);
    const bold = [invoice('Acme', 'INV-1', 100), invoice('Acme', 'INV-2', 250), invoice('Acme', '', 350, { bold: true }), invoice('Beta', 'INV-3', 80)];
    expect(findBlankIdentifierSubtotals(bold, amounts)).toEqual([false, false, true, false]);
  });

  it('reads no identifier in a column whose filled values repeat', () => {
    const rows = [invoice('Acme', 'open', 100), invoice('Acme', 'open', 250), invoice('Acme', '', 350), invoice('Beta', 'paid', 80), invoice('Beta', 'open', 20), invoice('Beta', '', 100)];
    expect(findBlankIdentifierSubtotals(rows, amounts).some(Boolean)).toBe(false);
  });
});
