import { describe, expect, it } from 'vitest';
import { rangeToA1 } from '../extract/grid.js';
import { csvGridOf, gridOf, type CellSpec } from './__fixtures__/grid-builder.js';
import { buildTable } from './build-table.js';
import { detectTableRegions } from './detect-tables.js';

const xlsx = { decimalSeparator: '.' as const, format: 'xlsx' as const };

function ranges(result: ReturnType<typeof detectTableRegions>): string[] {
  return result.regions.map((region) => rangeToA1(region.range));
}

/** A small plan table: header, `rows` data rows, a Total row; placed at (top, left). */
function planTable(rows: number, seed: number): CellSpec[][] {
  const data = Array.from({ length: rows }, (_, index) => [`Channel ${index + 1}`, seed + index * 10, seed * 2 + index]);
  const totals = [0, 1].map((offset) => data.reduce((sum, row) => sum + (row[offset + 1] as number), 0));
  return [['Channel', 'Budget', 'Actual'], ...data, [{ v: 'Total', bold: true }, totals[0], totals[1]]];
}

function place(blocks: { top: number; left: number; cells: CellSpec[][] }[]): CellSpec[][] {
  const rows: CellSpec[][] = [];
  for (const block of blocks) {
    block.cells.forEach((cells, offset) => {
      const row = (rows[block.top + offset] ??= []);
      cells.forEach((cell, column) => {
        row[block.left + column] = cell;
      });
    });
  }
  return Array.from({ length: rows.length }, (_, index) => Array.from(rows[index] ?? [], (cell) => cell ?? null));
}

describe('detectTableRegions', () => {
  it('splits three side-by-side tables under merged banners, anywhere on the sheet', () => {
    const cells = place([
      { top: 4, left: 1, cells: [[{ v: 'North plan', bold: true }], ...planTable(3, 100)] },
      { top: 4, left: 5, cells: [[{ v: 'South plan', bold: true }], ...planTable(5, 200)] },
      { top: 4, left: 9, cells: [[{ v: 'East plan', bold: true }], ...planTable(2, 300)] },
    ]);
    const grid = gridOf(cells, { merges: ['B5:D5', 'F5:H5', 'J5:L5'] });
    const result = detectTableRegions(grid, xlsx);
    expect(ranges(result)).toEqual(['B6:D10', 'F6:H12', 'J6:L9']);
    expect(result.regions.map((region) => region.title)).toEqual(['North plan', 'South plan', 'East plan']);
  });

  it('splits side-by-side tables under one banner spanning both', () => {
    const cells = place([
      { top: 0, left: 0, cells: [[{ v: 'Plan 2025', bold: true }]] },
      { top: 1, left: 0, cells: planTable(3, 100) },
      { top: 1, left: 4, cells: planTable(3, 500) },
    ]);
    const grid = gridOf(cells, { merges: ['A1:G1'] });
    expect(ranges(detectTableRegions(grid, xlsx))).toEqual(['A2:C6', 'E2:G6']);
  });

  it('takes banners above stacked tables as titles, across a blank row, and a footnote as a note', () => {
    const cells = place([
      { top: 0, left: 0, cells: [[{ v: 'Region Nord', bold: true }], [null]] },
      { top: 2, left: 0, cells: planTable(2, 10) },
      { top: 7, left: 0, cells: [[{ v: 'Region Süd', bold: true }], [null]] },
      { top: 9, left: 0, cells: planTable(4, 20) },
      { top: 16, left: 0, cells: [['Quelle: Controlling, Stand März']] },
    ]);
    const result = detectTableRegions(gridOf(cells), xlsx);
    expect(ranges(result)).toEqual(['A3:C6', 'A10:C15']);
    expect(result.regions.map((region) => region.title)).toEqual(['Region Nord', 'Region Süd']);
    expect(result.regions[1].notes).toEqual(['Quelle: Controlling, Stand März']);
    expect(result.textLines).toEqual([]);
  });

  it('keeps a title and subtitle above the header, blank rows between', () => {
    const cells: CellSpec[][] = [['Acme GmbH – Umsatz 2025'], ['Alle Werte in EUR'], [], [], ...planTable(3, 5)];
    const [region] = detectTableRegions(gridOf(cells), xlsx).regions;
    expect(region.title).toBe('Acme GmbH – Umsatz 2025');
    expect(region.notes).toEqual(['Alle Werte in EUR']);
    expect(rangeToA1(region.range)).toBe('A5:C9');
  });

  it('reads a sheet of text only as loose text', () => {
    const result = detectTableRegions(gridOf([['About this report'], [], ['Revenue is net of returns.'], ['Orders exclude cancellations.']]), xlsx);
    expect(result.regions).toEqual([]);
    expect(result.textLines).toEqual(['About this report', 'Revenue is net of returns.', 'Orders exclude cancellations.']);
  });

  it('joins data rows after a blank line to the table above', () => {
    const grid = csvGridOf([['a', 'b'], ['1', '2'], ['', ''], ['3', '4'], ['5', '6']]);
    const result = detectTableRegions(grid, { decimalSeparator: '.', format: 'csv' });
    expect(ranges(result)).toEqual(['A1:B5']);
  });

  it('does not join a second table with its own header', () => {
    const cells = [...planTable(2, 1), [], ['Name', 'Team'], ['Ann', 'Ops'], ['Bo', 'Eng']];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:C4', 'A6:B8']);
  });

  it('joins a row-label column set off by an empty spacer column', () => {
    const cells: CellSpec[][] = [
      ['Income', null, 2023, 2024],
      [15000, null, 0.1, 0.12],
      [20000, null, 0.15, 0.16],
      [30000, null, 0.2, 0.21],
    ];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:D4']);
  });

  it('keeps two lists apart across one blank column when each has its own labels and numbers', () => {
    // Reviewer case sp1.xlsx: Employee/Hours, a blank column, Product/Price — unrelated lists on the same rows.
    const cells: CellSpec[][] = [
      ['Employee', 'Hours', null, 'Product', 'Price'],
      ['Ann', 10, null, 'Pen', 2],
      ['Bob', 20, null, 'Ink', 5],
      ['Cid', 30, null, 'Pad', 3],
      ['Dee', 40, null, 'Cap', 1],
    ];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:B5', 'D1:E5']);
  });

  it('reports a grand total row standing below stacked tables', () => {
    const cells = [...planTable(2, 10), [], ...planTable(2, 30), [], [{ v: 'Grand Total', bold: true }, null, 999]];
    const result = detectTableRegions(gridOf(cells), xlsx);
    expect(ranges(result)).toEqual(['A1:C4', 'A6:C9']);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain('Grand Total');
  });

  it('finds a one-column CSV table', () => {
    const result = detectTableRegions(csvGridOf([['value'], ['1'], ['2']]), { decimalSeparator: '.', format: 'csv' });
    expect(ranges(result)).toEqual(['A1:A3']);
  });
});

describe('detectTableRegions on stacked tables without blank rows', () => {
  it('cuts where the header comes again, with the banner above it', () => {
    const cells: CellSpec[][] = [
      [{ v: 'Nordics', bold: true }],
      ['Branch', 'Orders', 'Revenue'],
      ['Oslo', 3, 10.5],
      ['Bergen', 4, 12.25],
      [{ v: 'Subtotal Nordics', bold: true }, 7, 22.75],
      [{ v: 'DACH', bold: true }],
      ['Branch', 'Orders', 'Revenue'],
      ['Wien', 5, 7.5],
      ['Graz', 1, 2],
      ['Values are net of returns and discounts.'],
    ];
    const result = detectTableRegions(gridOf(cells), xlsx);
    expect(ranges(result)).toEqual(['A2:C5', 'A7:C9']);
    expect(result.regions.map((region) => region.title)).toEqual(['Nordics', 'DACH']);
    expect(result.regions[1].notes).toEqual(['Values are net of returns and discounts.']);
  });
});

describe('detectTableRegions titles', () => {
  it('prefers a banner above to a filter caption inside the block', () => {
    const cells: CellSpec[][] = [
      [{ v: 'Customer Feedback', bold: true }],
      [],
      ['Region:', 'All'],
      ['Date', 'Location', 'Rating', 'Comment'],
      ['2025-01-02', 'Ghent', 4, 'ok'],
      ['2025-01-03', 'Brussels', 2, 'slow'],
    ];
    const [region] = detectTableRegions(gridOf(cells), xlsx).regions;
    expect(region.title).toBe('Customer Feedback');
    expect(region.notes).toEqual(['Region:']);
    expect(rangeToA1(region.range)).toBe('A4:D6');
  });
});

describe('detectTableRegions with scribbles under the table', () => {
  it('keeps sparse text rows below the data out of the table when they write over number columns', () => {
    const cells: CellSpec[][] = [
      ['Name', 'Age', 'Kids'],
      ['Ann', 41, 2],
      ['Bo', 35, 0],
      ['Some'],
      [null, 'notes at the', 'bottom'],
    ];
    const [region] = detectTableRegions(gridOf(cells), xlsx).regions;
    expect(rangeToA1(region.range)).toBe('A1:C3');
    expect(region.notes).toEqual(['Some', 'notes at the bottom']);
  });

  it('keeps a last data row that only has a label', () => {
    const cells: CellSpec[][] = [['Name', 'Age', 'Kids'], ['Ann', 41, 2], ['Bo', 35, 0], ['Cleo']];
    expect(rangeToA1(detectTableRegions(gridOf(cells), xlsx).regions[0].range)).toBe('A1:C4');
  });
});

describe('detectTableRegions on narrow side-by-side tables', () => {
  it('keeps two-column tables of the same kind apart', () => {
    const half = (seed: number): CellSpec[][] => [['Channel', 'Spend'], ['TV', seed], ['Radio', seed + 1], ['Print', seed + 2]];
    const cells = place([
      { top: 0, left: 0, cells: half(10) },
      { top: 0, left: 3, cells: half(20) },
    ]);
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:B4', 'D1:E4']);
  });
});

describe('detectTableRegions on captions above the header', () => {
  const months: CellSpec[] = [new Date(Date.UTC(2000, 0, 1)), new Date(Date.UTC(2000, 1, 1)), new Date(Date.UTC(2000, 2, 1))];

  it('keeps a caption naming the measure and its unit over the value columns as the top of the header', () => {
    const cells: CellSpec[][] = [
      [{ v: 'City of Palo Alto', bold: true }],
      [{ v: 'Direct Access Eligible Load', bold: true }, { v: 'MMBtu', bold: true }],
      ['Customer', ...months],
      [1, 25872, 29259, 31561],
      [2, 13757, 16820, 6930],
      [3, 55948, 73666, 60353],
    ];
    const [region] = detectTableRegions(gridOf(cells), xlsx).regions;
    expect(rangeToA1(region.range)).toBe('A2:D6');
    expect(region).toMatchObject({ headerRows: 2, captionRows: 1, title: 'City of Palo Alto', notes: ['Direct Access Eligible Load MMBtu'] });
  });

  it('reads a caption without a unit as a banner, not part of the header', () => {
    const cells: CellSpec[][] = [
      [{ v: 'Direct Access Eligible Load', bold: true }, { v: 'preliminary', bold: true }],
      ['Customer', ...months],
      [1, 25872, 29259, 31561],
      [2, 13757, 16820, 6930],
    ];
    const [region] = detectTableRegions(gridOf(cells), xlsx).regions;
    expect(rangeToA1(region.range)).toBe('A2:D4');
    expect(region.captionRows).toBeUndefined();
  });

  it('starts a table at the caption row of the PivotTable the sheet declares there', () => {
    const cells: CellSpec[][] = [
      ['Count of Buy/Sell'],
      ['date', 'Total'],
      [new Date(Date.UTC(2001, 0, 16)), 10],
      [new Date(Date.UTC(2001, 0, 17)), 18],
      [new Date(Date.UTC(2001, 0, 18)), 7],
    ];
    const plain = gridOf(cells);
    expect(ranges(detectTableRegions(plain, xlsx))).toEqual(['A2:B5']);
    const declared = { ...plain, declaredTables: [{ kind: 'pivot' as const, range: { top: 0, left: 0, bottom: 4, right: 1 } }] };
    const [region] = detectTableRegions(declared, xlsx).regions;
    expect(rangeToA1(region.range)).toBe('A1:B5');
    expect(region).toMatchObject({ headerRows: 2, captionRows: 1, title: 'Count of Buy/Sell' });
  });
});

describe('detectTableRegions on line numbers beside a table', () => {
  const body = (numbers: CellSpec[]): CellSpec[][] => [
    [{ v: 'WSCC control areas' }],
    [],
    [null, { v: 'Control Area', bold: true }, { v: 'Organization Name', bold: true }],
    [numbers[0], 'AVA', 'Avista Corp.'],
    [numbers[1], 'AZPS', 'Arizona Public Service'],
    [numbers[2], 'BCHA', 'B.C. Hydro'],
    [numbers[3], 'CISO', 'CAISO'],
  ];

  it('leaves an unheaded column numbering the rows 1, 2, 3 … out of the table', () => {
    expect(ranges(detectTableRegions(gridOf(body([1, 2, 3, 4])), xlsx))).toEqual(['B3:C7']);
  });

  it('keeps an unheaded column of numbers that are not the line numbers (ranks with a tie, a gap)', () => {
    expect(ranges(detectTableRegions(gridOf(body([1, 2, 2, 4])), xlsx))).toEqual(['A3:C7']);
    expect(ranges(detectTableRegions(gridOf(body([3, 4, 5, 6])), xlsx))).toEqual(['A3:C7']);
  });

  it('keeps a numbering column that has a heading', () => {
    const cells = body([1, 2, 3, 4]);
    cells[2][0] = { v: 'No.', bold: true };
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A3:C7']);
  });
});

describe('detectTableRegions on spacer columns and headers under lead rows', () => {
  /** A statistics release: numbered title, unit, group labels merged over spacer columns, the year on a month's first row only. */
  function releaseSheet(): CellSpec[][] {
    const months = ['Nov', 'Dec', 'Jan†', 'Feb', 'Mar', 'Apr¹'];
    return [
      [{ v: 1, bold: true }, { v: "Overseas residents' visits to the UK by month", bold: true }],
      [null, null, null, null, null, null, null, null, 'thousands'],
      [null, null, 'All Visits', null, null, null, 'Area of residence', null, null],
      [null, null, null, null, null, null, 'North America', null, 'Europe'],
      [null, null, 'NSA', null, 'SA', null, 'NSA', null, 'NSA'],
      ...months.map((month, index) => [index === 0 ? 2012 : index === 2 ? 2013 : null, month, 2000 + index * 17.5, null, 2600 + index * 10, null, 190 + index * 3.25, null, 1700 + index * 4.5]),
    ];
  }

  it('reads value columns set off by empty spacer columns under merged group labels as one table', () => {
    const grid = gridOf(releaseSheet(), { merges: ['C3:E3', 'G3:I3'] });
    const result = detectTableRegions(grid, xlsx);
    expect(ranges(result)).toEqual(['A3:I11']);
    expect(result.regions[0]).toMatchObject({ headerRows: 3, title: "1 Overseas residents' visits to the UK by month", notes: ['thousands'] });
    const table = buildTable(grid, result.regions[0], { sheet: 'Table 1', sheetIndex: 0, sheetHidden: false, decimalSeparator: '.' });
    expect(table.columns.map((column) => column.name)).toEqual(['Year', 'Month', 'All Visits NSA', 'All Visits SA', 'Area of residence North America NSA', 'Area of residence Europe NSA']);
    expect(table.rows).toHaveLength(6);
  });

  it('joins the levels of a header parted by a blank row', () => {
    const cells = releaseSheet();
    cells.splice(4, 0, []);
    const grid = gridOf(cells, { merges: ['C3:E3', 'G3:I3'] });
    const result = detectTableRegions(grid, xlsx);
    expect(ranges(result)).toEqual(['A3:I12']);
    expect(result.regions[0].headerRows).toBe(4);
  });

  it('keeps a strip of numbers apart when its rows are not the rows of the labelled table beside it', () => {
    const cells: CellSpec[][] = [
      ['Region', 'Sales', null, 'Rate'],
      ['North', 10, null, 1.5],
      ['South', 20, null, 1.25],
      ['East', 30, null, 1.75],
      ['West', 40],
      ['Central', 50],
      ['Islands', 60],
      ['Overseas', 70],
    ];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:B8', 'D1:D4']);
  });

  it('joins a column of row labels to the numbers beside it under a header with a blank corner', () => {
    // Side calculation under an Enron invoice: the labels name the rows, the header names the columns.
    const cells: CellSpec[][] = [
      [null, null, { v: 'ST W SERV', bold: true }, { v: 'ST W HOURLY', bold: true }, { v: 'ST SW', bold: true }],
      ['EPMI MW', null, 10648, 165, 6870],
      ['EPMI $', null, 39252.32, 963.6, 67560],
      [],
      ['PAC MW', null, 11411, 165, 6870],
      ['PAC $', null, 43440.64, 963.6, 51856.2],
    ];
    const result = detectTableRegions(gridOf(cells), xlsx);
    expect(ranges(result)).toEqual(['A1:E6']);
    const table = buildTable(gridOf(cells), result.regions[0], { sheet: 'Sheet1', sheetIndex: 0, sheetHidden: false, decimalSeparator: '.' });
    expect(table.rows.map((row) => Object.values(row.values)[0])).toEqual(['EPMI MW', 'EPMI $', 'PAC MW', 'PAC $']);
  });

  it('joins a column of values set off by a spacer that starts below the first row, on rows the table labels', () => {
    // Volatility quotes: periods in A, daily ranges in B; the monthly ranges in D start on the second period.
    const cells: CellSpec[][] = [
      ['Period', 'Daily', null, null],
      ['Nov', '125 - 150', null, null],
      ['Cal 02', null, null, '30 - 37'],
      ['FG', '80 - 95', null, '48 - 58'],
      ['HJ', '55 - 75', null, '35 - 42'],
    ];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:D5']);
    // A block with a header of its own over numbers is a table of its own.
    const beside: CellSpec[][] = [
      ['Period', 'Daily', null, null],
      ['Nov', '125 - 150', null, 'Lots'],
      ['Cal 02', '90 - 99', null, 30],
      ['FG', '80 - 95', null, 48],
      ['HJ', '55 - 75', null, 35],
    ];
    expect(ranges(detectTableRegions(gridOf(beside), xlsx))).not.toContain('A1:D5');
    // A list of names (a lookup of managers) beside a table of figures is a table of its own.
    const lookup: CellSpec[][] = [
      ['Region', 'Sales', null, null],
      ['East', 950, null, null],
      ['North', 700, null, 'Manager'],
      ['South', 640, null, 'Alice'],
      ['West', 820, null, 'Bob'],
    ];
    expect(ranges(detectTableRegions(gridOf(lookup), xlsx))).not.toContain('A1:D5');
  });

  it('joins a column of row labels with group headings across two spacer columns', () => {
    // An expense statement: labels in A, amounts from D on, groups headed by a label alone.
    const cells: CellSpec[][] = [
      ['Description', null, null, 'Forecast', 'Plan'],
      ['Compensation'],
      ['   Salaries', null, null, 100, 120],
      ['   Benefits', null, null, 20, 25],
      ['Travel'],
      ['   Air', null, null, 5, 6],
      ['   Lodging', null, null, 10, 11],
      ['Total', null, null, 135, 162],
    ];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:E8']);
  });

  it('joins a column of income bands to the rates beside it when footnotes run on below the bands', () => {
    // A tax-rate table: bands in A, a spacer, rates from C; the footnotes under it sit in column A.
    const cells: CellSpec[][] = [
      ['FULL RATE PRSI', null, 'MARRIED', 'MARRIED', 'MARRIED'],
      ['€', null, 1997, 1998, 1999],
      [15000, null, 0.111, 0.085, 0.034],
      [20000, null, 0.159, 0.135, 0.097],
      [25000, null, 0.203, 0.18, 0.147],
      [30000, null, 0.222, 0.2, 0.173],
      [' *  Average Tax Rates:  Total of Income Tax, Levies and PRSI as a proportion of gross income.'],
      ['** The Married two-Incomes figures assume that the joint income is divided 65% and 35%.'],
    ];
    const result = detectTableRegions(gridOf(cells), xlsx);
    expect(ranges(result)).toEqual(['A1:E6']);
    expect(result.regions[0].notes).toHaveLength(2);
    // A list running on below with more names is no footnote: the strips stay apart.
    const list: CellSpec[][] = [['Name', null, 'Q1', 'Q2'], ['Ann', null, 5, 6], ['Bob', null, 6, 7], ['Cid', null, 7, 8], ['Dee'], ['Eve']];
    expect(ranges(detectTableRegions(gridOf(list), xlsx))).not.toContain('A1:D4');
  });

  it('keeps a list of labels apart from a strip of numbers that covers only its first rows', () => {
    const cells: CellSpec[][] = [['Name', null, 'Q1'], ['Ann', null, 5], ['Bob', null, 6], ['Cid', null, 7], ['Dee'], ['Eve'], ['Fay'], ['Gus']];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).not.toContain('A1:C8');
  });

  it('joins the labels of total rows, standing without a number, to the numbers beside them', () => {
    // A G&A worksheet: account number and name on the left, amounts right of a spacer; totals labelled in the account column.
    const cells: CellSpec[][] = [
      ['Account', 'Name', 'Centre', null, 'YTD', 'Forecast', 'Plan'],
      [52002000, 'Tuition', 'Gas', null, 10, 11, 12],
      [52002500, 'Other Employee', 'Gas', null, 20, 21, 22],
      [52003000, 'Overtime', 'Power', null, 30, 31, 32],
      ['Total Employee Expenses', null, null, null, { v: 60, formula: 'SUM(E2:E4)' }, { v: 63, formula: 'SUM(F2:F4)' }, { v: 66, formula: 'SUM(G2:G4)' }],
      [52004500, 'Travel - Air', 'Gas', null, 5, 6, 6],
      [52004600, 'Travel - Lodging', 'Power', null, 7, 8, 8],
      [52004700, 'Travel - Meals', 'Gas', null, 9, 10, 10],
      ['Total Travel', null, null, null, { v: 21, formula: 'SUM(E6:E8)' }, { v: 24, formula: 'SUM(F6:F8)' }, { v: 24, formula: 'SUM(G6:G8)' }],
    ];
    expect(ranges(detectTableRegions(gridOf(cells), xlsx))).toEqual(['A1:G9']);
  });

  it('finds the header below summary rows and leaves them out of it', () => {
    const cells: CellSpec[][] = [
      ['Master Contracts', null, { v: 2, formula: '+C9' }, { v: 3, formula: '+D9' }],
      [new Date(Date.UTC(2001, 3, 16)), null, 'Staying', 'Going'],
      ['Counterparty', 'Type', 'HOUGAS', 'HPL', 'Going'],
      ['ABB Alstom Power', 'GISB Base Contract', null, 1, 'going'],
      ['ABB Alstom Power', 'GISB 6.3.1', 1, null, 'staying'],
      ['AEP Energy Services', 'GISB Base Contract', null, 1, 'going'],
      ['Air Liquide America', 'Master Purchase Sale Firm', null, 1, 'going/need?'],
      ['Amerada Hess', 'Master Purchase Firm', 1, null, 'staying'],
      [null, null, { v: 2, formula: 'SUM(C3:C8)' }, { v: 3, formula: 'SUM(D3:D8)' }],
    ];
    const result = detectTableRegions(gridOf(cells), xlsx);
    expect(ranges(result)).toEqual(['A3:E9']);
    expect(result.regions[0]).toMatchObject({ headerRows: 1, title: 'Master Contracts', notes: ['2001-04-16'] });
  });
});

describe('detectTableRegions on declared Excel tables', () => {
  const people: CellSpec[][] = [
    ['Lots of people'],
    ['simply cannot resist writing', null, null, 'some notes'],
    ['or', 'merging', null, 'cells'],
    ['Name', 'Profession', 'Age', 'Born'],
    ['David Bowie', 'musician', 69, 1947],
    ['Carrie Fisher', 'actor', 60, 1956],
    ['Prince', 'musician', 57, 1958],
    [],
    ['Name', 'Profession', 'Age', 'Born'],
    ['Harper Lee', 'author', 89, 1926],
    ['Alan Rickman', 'actor', 69, 1946],
    [],
    [null, 'written at the bottom too'],
  ];

  it('takes each declared table as declared, and the text around it as its captions', () => {
    const grid = {
      ...gridOf(people, { merges: ['B3:C3'] }),
      declaredTables: [
        { kind: 'table' as const, range: { top: 3, left: 0, bottom: 6, right: 3 }, headerRows: 1, totalsRows: 0 },
        { kind: 'table' as const, range: { top: 8, left: 0, bottom: 10, right: 3 }, headerRows: 1, totalsRows: 0 },
      ],
    };
    const result = detectTableRegions(grid, xlsx);
    expect(ranges(result)).toEqual(['A4:D7', 'A9:D11']);
    expect(result.regions.map((region) => region.headerRows)).toEqual([1, 1]);
    expect(result.regions[1].notes).toContain('written at the bottom too');
  });

  it('reads a declared one-column list of names as a table', () => {
    const list: CellSpec[][] = [['STATE'], ['Alabama'], ['Alaska'], ['Arizona']];
    expect(ranges(detectTableRegions(gridOf(list), xlsx))).toEqual([]);
    const grid = { ...gridOf(list), declaredTables: [{ kind: 'table' as const, range: { top: 0, left: 0, bottom: 9, right: 0 }, headerRows: 1, totalsRows: 0 }] };
    const result = detectTableRegions(grid, xlsx);
    expect(ranges(result)).toEqual(['A1:A4']);
    expect(result.regions[0].headerRows).toBe(1);
  });
});
