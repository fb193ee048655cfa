import { describe, expect, it } from 'vitest';
import { rangeToA1 } from '../extract/grid.js';
import { csvGridOf, gridOf, rangeOf, workbookOf, type CellSpec } from './__fixtures__/grid-builder.js';
import { buildTable, type TableSource } from './build-table.js';
import { readTables } from './read-tables.js';

const source: TableSource = { sheet: 'Sheet1', sheetIndex: 0, sheetHidden: false, decimalSeparator: '.' };

function aggregateRows(table: ReturnType<typeof buildTable>): number[] {
  return table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow);
}

describe('buildTable', () => {
  it('fills down the row labels of a pivot written once per group, and only those', () => {
    const pivotRows: CellSpec[][] = [
      ['Sex', 'Qualification', 'Young', 'Old'],
      ['Female', 'Bachelor', 7000, 12000],
      [null, 'Certificate', 29000, 34000],
      [null, 'Diploma', null, 10000],
      ['Male', 'Bachelor', null, 9000],
      [null, 'Certificate', 30000, 31000],
      [null, 'Diploma', 9000, 8000],
    ];
    // The workbook declares the PivotTable: the layout evidence that the labels head groups.
    const grid = { ...gridOf(pivotRows), declaredTables: [{ kind: 'pivot' as const, range: rangeOf('A1:D7') }] };
    const table = buildTable(grid, { range: rangeOf('A1:D7'), headerRows: 1, title: null, notes: [] }, source);
    expect(table.rows.map((row) => [row.values.sex, row.values.qualification, row.values.young])).toEqual([
      ['Female', 'Bachelor', 7000],
      ['Female', 'Certificate', 29000],
      ['Female', 'Diploma', null],
      ['Male', 'Bachelor', null],
      ['Male', 'Certificate', 30000],
      ['Male', 'Diploma', 9000],
    ]);
    // The same layout with no evidence of a pivot is a list: its blanks stay blank.
    const plain = buildTable(gridOf(pivotRows), { range: rangeOf('A1:D7'), headerRows: 1, title: null, notes: [] }, source);
    expect(plain.rows.map((row) => row.values.sex)).toEqual(['Female', null, null, 'Male', null, null]);
    // A column filled on most rows has missing values, not groups; labels written on every row are not filled either.
    const missing = gridOf([
      ['Name', 'City', 'Age'],
      ['Ann', 'Oslo', 30],
      [null, 'Rome', 41],
      ['Bob', 'Oslo', 25],
      ['Cleo', 'Bern', 33],
      ['Dan', 'Rome', 52],
    ]);
    const names = buildTable(missing, { range: rangeOf('A1:C6'), headerRows: 1, title: null, notes: [] }, source);
    expect(names.rows.map((row) => row.values.name)).toEqual(['Ann', null, 'Bob', 'Cleo', 'Dan']);
    const repeated = gridOf([
      ['Region', 'Store', 'Sales'],
      ['North', 'N1', 10],
      ['North', 'N2', 20],
      [null, 'N3', 30],
      [null, 'N4', 30],
      ['South', 'S1', 40],
      [null, 'S2', 40],
    ]);
    const regions = buildTable(repeated, { range: rangeOf('A1:C7'), headerRows: 1, title: null, notes: [] }, source);
    expect(regions.rows.map((row) => row.values.region)).toEqual(['North', 'North', null, null, 'South', null]);
    // Lists side by side: the shorter one stops, the longer one goes on; its blanks are not a group.
    const lists = gridOf([
      ['Counterparty', 'Location', 'Month'],
      ['GE', 'Waha', 'Nov'],
      ['EOG', 'Katy', 'Dec'],
      ['T', 'Lomax', 'Jan'],
      [null, 'Tejas', 'Feb'],
      [null, 'Perm', 'Mar'],
      [null, 'Ship', 'Apr'],
    ]);
    const counterparties = buildTable(lists, { range: rangeOf('A1:C7'), headerRows: 1, title: null, notes: [] }, source);
    expect(counterparties.rows.map((row) => row.values.counterparty)).toEqual(['GE', 'EOG', 'T', null, null, null]);
  });

  it('reads a text written across a row of number columns as the row status: the columns stay numbers ("No Team", "Upcoming")', () => {
    const lines = [
      ['Season', 'Coach', 'Wins', 'Losses', 'Ties'],
      ['1942', 'Ann Ames', '5', '3', '1'],
      ['1943', 'No Team', 'No Team', 'No Team', 'No Team'],
      ['1944', 'No Team', 'No Team', 'No Team', 'No Team'],
      ['1946', 'Bo Berg', '7', '2', '0'],
      ['1947', 'Bo Berg', '6', '3', '0'],
      ['1948', 'Bo Berg', '4', '4', '1'],
      ['1949', 'Cy Cole', '8', '1', '0'],
      ['1950', 'Cy Cole', '3', '6', '0'],
      ['2014', 'Cy Cole', 'Upcoming', 'Upcoming', 'Upcoming'],
    ];
    const range = { range: rangeOf('A1:E10'), headerRows: 1, title: null, notes: [] };
    const table = buildTable(csvGridOf(lines), range, { ...source, sheet: null });
    expect(table.columns.map((column) => column.type)).toEqual(['integer', 'text', 'integer', 'integer', 'integer']);
    expect(table.rows.map((row) => row.values.wins)).toEqual([5, null, null, 7, 6, 4, 8, 3, null]);
    expect(table.rows.map((row) => row.values.coach)).toEqual(['Ann Ames', 'No Team', 'No Team', 'Bo Berg', 'Bo Berg', 'Bo Berg', 'Cy Cole', 'Cy Cole', 'Cy Cole']);
    // A text in one or two cells of its row is a value of its column: the column is text.
    const once = lines.map((line, index) => (index === 9 ? ['2014', 'Cy Cole', 'Upcoming', '1', '0'] : index === 2 || index === 3 ? ['1943', 'Dee Dunn', 'TBD', '2', '2'] : line));
    expect(buildTable(csvGridOf(once), range, { ...source, sheet: null }).columns[2].type).toBe('text');
    // A text that is a value across the row ("Unlimited" minutes, texts and data) keeps its columns text.
    const plans = [['Plan', 'Price', 'Minutes', 'Texts', 'Data GB'], ['Basic', '10', '100', '100', '1'], ['Standard', '20', '500', '500', '5'], ['Plus', '30', '1000', '1000', '10'], ['Max', '40', 'Unlimited', 'Unlimited', 'Unlimited']];
    const plan = buildTable(csvGridOf(plans), { range: rangeOf('A1:E5'), headerRows: 1, title: null, notes: [] }, { ...source, sheet: null });
    expect(plan.rows.map((row) => row.values.minutes)).toEqual(['100', '500', '1000', 'Unlimited']);
  });

  it('never fills down a flat list: a CSV, or a sheet with no pivot layout (reviewer cases p2.csv, p1.xlsx)', () => {
    const lines = [['Coupon', 'Order', 'Amount'], ['SPRING', '1001', '20'], ['', '1002', '35'], ['', '1003', '15'], ['WELCOME', '1004', '40'], ['', '1005', '10'], ['', '1006', '25']];
    const csv = buildTable(csvGridOf(lines), { range: rangeOf('A1:C7'), headerRows: 1, title: null, notes: [] }, { ...source, sheet: null });
    expect(csv.rows.map((row) => row.values.coupon)).toEqual(['SPRING', null, null, 'WELCOME', null, null]);
    const tickets = gridOf([
      ['Escalated to', 'Ticket', 'Hours'],
      ['Maria', 'T1', 3],
      [null, 'T2', 1],
      [null, 'T3', 2],
      ['Jon', 'T4', 5],
      [null, 'T5', 1],
      [null, 'T6', 1],
      ['Maria', 'T7', 4],
      [null, 'T8', 2],
      [null, 'T9', 1],
    ]);
    const list = buildTable(tickets, { range: rangeOf('A1:C10'), headerRows: 1, title: null, notes: [] }, source);
    expect(list.rows.map((row) => row.values.escalated_to)).toEqual(['Maria', null, null, 'Jon', null, null, 'Maria', null, null]);
  });

  it('fills down the groups of a report that closes each with its subtotal row (reviewer case pv1.xlsx)', () => {
    const grid = gridOf([
      ['Region', 'Rep', 'Sales'],
      ['North', 'Ann', 10],
      [null, 'Bob', 20],
      ['North Total', null, 30],
      ['South', 'Cid', 5],
      [null, 'Dee', 7],
      [null, 'Eve', 8],
      ['South Total', null, 20],
      ['Grand Total', null, 50],
    ]);
    const table = buildTable(grid, { range: rangeOf('A1:C9'), headerRows: 1, title: null, notes: [] }, source);
    const data = table.rows.filter((row) => !row.isAggregate);
    expect(data.map((row) => [row.values.region, row.values.rep, row.values.sales])).toEqual([
      ['North', 'Ann', 10],
      ['North', 'Bob', 20],
      ['South', 'Cid', 5],
      ['South', 'Dee', 7],
      ['South', 'Eve', 8],
    ]);
  });

  it('keeps a number merged over two data rows on the first row only, and says so (reviewer cases m2.xlsx, m3.xlsx)', () => {
    const grid = gridOf(
      [
        ['Item', 'Owner', 'Amount'],
        ['Rent', 'Ann', 1000],
        [null, 'Bob', null],
        ['Power', 'Cid', 200],
        ['Water', 'Dee', 50],
      ],
      { merges: ['A2:A3', 'C2:C3'] },
    );
    const table = buildTable(grid, { range: rangeOf('A1:C5'), headerRows: 1, title: null, notes: [] }, source);
    expect(table.rows.map((row) => [row.values.item, row.values.owner, row.values.amount])).toEqual([
      ['Rent', 'Ann', 1000],
      ['Rent', 'Bob', null],
      ['Power', 'Cid', 200],
      ['Water', 'Dee', 50],
    ]);
    expect(table.mergedNumbers).toEqual([{ column: 'Amount', range: rangeOf('C2:C3') }]);
    const { warnings } = readTables(workbookOf([grid], { file: 'm2.xlsx' }));
    expect(warnings).toContain('m2.xlsx: sheet "Sheet1" C2:C3 merges one number of column "Amount" over 2 rows; it is counted once, on the first row');
    // An order number merged over its lines is the lines' key, left of the labels: it keeps its copies.
    const orders = gridOf(
      [
        ['Order', 'Customer', 'Item', 'Qty'],
        [1, 'Acme', 'Bolt', 5],
        [null, null, 'Nut', null],
        [2, 'Beta', 'Bolt', 3],
        [3, 'Cole', 'Nut', 4],
      ],
      { merges: ['A2:A3', 'B2:B3', 'D2:D3'] },
    );
    const lines = buildTable(orders, { range: rangeOf('A1:D5'), headerRows: 1, title: null, notes: [] }, source);
    const orderKey = lines.columns[0].sqlName;
    expect(lines.rows.map((row) => [row.values[orderKey], row.values.customer, row.values.qty])).toEqual([
      [1, 'Acme', 5],
      [1, 'Acme', null],
      [2, 'Beta', 3],
      [3, 'Cole', 4],
    ]);
  });

  it('reads a German P&L: sections, indented items, totals, a result line and a year column', () => {
    const cells: CellSpec[][] = [
      [{ v: 'Position', bold: true }, { v: 'Jan', bold: true }, { v: 'Feb', bold: true }, { v: 'Mär', bold: true }, { v: 'Gesamtjahr', bold: true }],
      [{ v: 'Umsatz', bold: true }],
      [{ v: 'Produkte', indent: 1 }, 100, 110, 120, 330],
      ['   Dienstleistungen', 50, 60, 70, 180],
      [{ v: 'Summe Umsatz', bold: true }, 150, 170, 190, 510],
      [{ v: 'Kosten', bold: true }],
      [{ v: 'Material', indent: 1 }, -40, -45, -50, -135],
      [{ v: 'Personal', indent: 1 }, -30, -30, -30, -90],
      [{ v: 'Summe Kosten', bold: true }, -70, -75, -80, -225],
      [{ v: 'Rohertrag', bold: true }, { v: 80, formula: 'B5+B9' }, { v: 95, formula: 'C5+C9' }, { v: 110, formula: 'D5+D9' }, { v: 285, formula: 'E5+E9' }],
    ];
    const grid = gridOf(cells, { name: 'GuV' });
    const table = buildTable(grid, { range: rangeOf('A1:E10'), headerRows: 1, title: null, notes: [] }, { ...source, sheet: 'GuV' });
    expect(aggregateRows(table)).toEqual([5, 9, 10]);
    expect(table.rows.some((row) => row.sheetRow === 2 || row.sheetRow === 6)).toBe(false);
    const data = table.rows.filter((row) => !row.isAggregate);
    expect(data.map((row) => [row.values.position, row.values.section])).toEqual([
      ['Produkte', 'Umsatz'],
      ['Dienstleistungen', 'Umsatz'],
      ['Material', 'Kosten'],
      ['Personal', 'Kosten'],
    ]);
    expect(table.aggregateColumns).toEqual(['Gesamtjahr']);
    expect(table.columns.map((card) => card.sqlName)).toEqual(['position', 'jan', 'feb', 'mar', 'gesamtjahr', 'section']);
    expect(table.validation.outcome).toBe('verified');
  });

  it('flags an unlabelled subtotal between labelled rows, and checks both totals', () => {
    const cells: CellSpec[][] = [
      ['Channel', 'Budget', 'Actual'],
      ['Print', 10, 9.5],
      ['Social', 20, 21.25],
      ['Search', 30, 28],
      [null, 60, 58.75],
      ['Radio', 5, 4],
      [{ v: 'Total', bold: true }, { v: 65, formula: 'SUM(B2:B4,B6)' }, { v: 62.75, formula: 'SUM(C2:C4,C6)' }],
    ];
    const table = buildTable(gridOf(cells), { range: rangeOf('A1:C7'), headerRows: 1, title: null, notes: [] }, source);
    expect(aggregateRows(table)).toEqual([5, 7]);
    expect(table.validation.outcome).toBe('verified');
  });

  it('marks a stated total that disagrees with its rows as floor', () => {
    const cells: CellSpec[][] = [['Region', 'Revenue'], ['North', 100], ['South', 50], ['Total', 160]];
    const table = buildTable(gridOf(cells), { range: rangeOf('A1:B4'), headerRows: 1, title: null, notes: [] }, source);
    expect(aggregateRows(table)).toEqual([4]);
    expect(table.validation.outcome).toBe('floor');
    expect(table.validation.checks.find((check) => !check.ok)).toMatchObject({ column: 'Revenue', stated: 160, computed: 150 });
  });

  it('stores hidden rows as hidden, never as data', () => {
    const grid = gridOf([['Name', 'Qty'], ['a', 1], ['b', 2], ['c', 3]], { hiddenRows: [3] });
    const table = buildTable(grid, { range: rangeOf('A1:B4'), headerRows: 1, title: null, notes: [] }, source);
    expect(table.rows.map((row) => [row.sheetRow, row.hidden])).toEqual([[2, false], [3, true], [4, false]]);
  });

  it('pads short rows and names a header-less CSV by position', () => {
    const grid = csvGridOf([['1', '2', 'x'], ['3', '4'], ['5', '6', 'y']]);
    const table = buildTable(grid, { range: rangeOf('A1:C3'), headerRows: 0, title: null, notes: [] }, { ...source, sheet: null });
    expect(table.columns.map((card) => card.name)).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(table.rows.map((row) => row.values)).toEqual([
      { column_1: 1, column_2: 2, column_3: 'x' },
      { column_1: 3, column_2: 4, column_3: null },
      { column_1: 5, column_2: 6, column_3: 'y' },
    ]);
  });

  it('reads decimal commas and a weighted score in a German CSV', () => {
    const grid = csvGridOf([['Standort', 'Monat', 'CSAT', 'Antworten'], ['Zürich', '2025-01', '3,83', '800'], ['Genève', '2025-01', '4,10', '533']]);
    const table = buildTable(grid, { range: rangeOf('A1:D3'), headerRows: 1, title: null, notes: [] }, { ...source, sheet: null, decimalSeparator: ',' });
    expect(table.rows.map((row) => row.values.csat)).toEqual([3.83, 4.1]);
    expect(table.columns[2]).toMatchObject({ aggregation: 'weighted_avg', weightBy: 'antworten' });
  });

  it('drops an empty spacer column inside the range', () => {
    const grid = gridOf([['Income', null, 2023, 2024], [15000, null, 0.1, 0.12], [20000, null, 0.15, 0.16]]);
    const table = buildTable(grid, { range: rangeOf('A1:D3'), headerRows: 1, title: null, notes: [] }, source);
    expect(table.columns.map((card) => [card.name, card.sourceColumn])).toEqual([['Income', 0], ['2023', 2], ['2024', 3]]);
  });
});

describe('buildTable on a declared totals row', () => {
  const cells: CellSpec[][] = [
    ['City', 'Latitude', 'Population'],
    ['Tokyo', 35.69, 37400000],
    ['Delhi', 28.61, 28500000],
    ['Shanghai', 31.23, 25600000],
    [null, { v: 31.84, formula: 'SUBTOTAL(101,BigCity[Latitude])' }, { v: 91500000, formula: 'SUBTOTAL(109,BigCity[Population])' }],
  ];

  it('flags the rows an Excel table declares as totals, and checks none that averages as a sum', () => {
    const grid = gridOf(cells);
    const table = buildTable(grid, { range: rangeOf('A1:C5'), headerRows: 1, title: null, notes: [], totalsRows: 1 }, source);
    expect(aggregateRows(table)).toEqual([5]);
    expect(table.validation.outcome).toBe('unverifiable');
  });

  it('checks a declared totals row that sums', () => {
    const sums = cells.map((row, index) => (index === 4 ? [null, null, { v: 91500000, formula: 'SUBTOTAL(109,BigCity[Population])' }] : row));
    const table = buildTable(gridOf(sums), { range: rangeOf('A1:C5'), headerRows: 1, title: null, notes: [], totalsRows: 1 }, source);
    expect(aggregateRows(table)).toEqual([5]);
    expect(table.validation.outcome).toBe('verified');
  });
});

describe('readTables', () => {
  it('labels stacked tables by banner and single tables by sheet, and flags hidden sheets', () => {
    const stacked = gridOf(
      [[{ v: 'DACH', bold: true }], ['Branch', 'Orders'], ['Wien', 3], ['Graz', 4], [], [{ v: 'Benelux', bold: true }], ['Branch', 'Orders'], ['Gent', 5]],
      { name: 'Sales' },
    );
    const lookup = gridOf([['Code', 'City'], ['AMS', 'Amsterdam']], { name: 'Lookup', hidden: true });
    const result = readTables(workbookOf([stacked, lookup]));
    expect(result.tables.map((table) => [rangeToA1(table.range), table.label, table.sheetHidden])).toEqual([
      ['A2:B4', 'DACH', false],
      ['A7:B8', 'Benelux', false],
      ['A1:B2', 'Lookup', true],
    ]);
  });

  it('keeps a text-only sheet as prose and reads nothing from an empty one', () => {
    const notes = gridOf([['About'], [], ['This workbook holds the plan.']], { name: 'Notes' });
    const empty = gridOf([], { name: 'Empty' });
    const result = readTables(workbookOf([notes, empty]));
    expect(result.tables).toEqual([]);
    expect(result.prose).toEqual([{ sheet: 'Notes', text: 'About\nThis workbook holds the plan.' }]);
  });
});

describe('readTables on a German regional report', () => {
  it('reads stacked tables with German totals, a weighted margin and a footnote', () => {
    const block = (region: string, rows: [string, number, number, number][]): CellSpec[][] => {
      const revenue = rows.reduce((sum, row) => sum + row[1], 0);
      const margin = rows.reduce((sum, row) => sum + row[1] * row[2], 0) / revenue;
      const orders = rows.reduce((sum, row) => sum + row[3], 0);
      return [
        [{ v: region, bold: true }],
        ['Filiale', 'Umsatz [EUR]', 'Marge [%]', 'Aufträge'],
        ...rows,
        [{ v: `Zwischensumme ${region}`, bold: true }, { v: revenue, formula: 'SUM(B3:B5)' }, { v: margin, formula: 'SUMPRODUCT(B3:B5,C3:C5)/B6' }, orders],
      ];
    };
    const cells: CellSpec[][] = [
      ...block('Nord', [['Hamburg', 1000.5, 20, 10], ['Bremen', 500.25, 30, 5], ['Kiel', 250, 10, 2]]),
      [],
      ...block('Süd', [['München', 2000, 25, 20], ['Stuttgart', 800, 15, 8], ['Ulm', 100, 40, 1]]),
      [],
      [{ v: 'Gesamtsumme', bold: true }, null, 4650.75, null, 46],
      [],
      ['Alle Angaben in EUR; Marge umsatzgewichtet'],
    ];
    const result = readTables(workbookOf([gridOf(cells, { name: 'Umsatz' })]));
    expect(result.tables.map((table) => [rangeToA1(table.range), table.label, table.validation.outcome])).toEqual([
      ['A2:D6', 'Nord', 'verified'],
      ['A9:D13', 'Süd', 'verified'],
    ]);
    const [north, south] = result.tables;
    expect(north.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow)).toEqual([6]);
    expect(north.columns.find((card) => card.name === 'Marge [%]')).toMatchObject({ aggregation: 'weighted_avg', weightBy: 'umsatz_eur' });
    expect(north.validation.checks.filter((check) => check.kind === 'total').map((check) => [check.column, check.ok])).toEqual([
      ['Umsatz [EUR]', true],
      ['Aufträge', true],
      ['Marge [%]', true],
    ]);
    expect(south.notes).toEqual(['Alle Angaben in EUR; Marge umsatzgewichtet']);
    expect(result.warnings.some((warning) => warning.includes('Gesamtsumme'))).toBe(true);
  });
});

describe('buildTable on a compact pivot', () => {
  it('reads group rows that carry their subtotal above indented items', () => {
    const cells: CellSpec[][] = [
      ['Row Labels', 'Sum of Revenue', 'Count of Orders'],
      [{ v: 'North', bold: true }, 300, 5],
      [{ v: 'Berlin', indent: 1 }, 100, 2],
      [{ v: 'Hamburg', indent: 1 }, 200, 3],
      [{ v: 'South', bold: true }, 90, 4],
      [{ v: 'Munich', indent: 1 }, 50, 1],
      [{ v: 'Ulm', indent: 1 }, 40, 3],
      [{ v: 'Grand Total', bold: true }, 390, 9],
    ];
    const table = buildTable(gridOf(cells, { name: 'Pivot' }), { range: rangeOf('A1:C8'), headerRows: 1, title: null, notes: [] }, source);
    expect(aggregateRows(table)).toEqual([2, 5, 8]);
    expect(table.rows.filter((row) => !row.isAggregate).map((row) => [row.values.row_labels, row.values.section])).toEqual([
      ['Berlin', 'North'],
      ['Hamburg', 'North'],
      ['Munich', 'South'],
      ['Ulm', 'South'],
    ]);
    expect(table.validation.outcome).toBe('verified');
  });

  it('gives the parts of a group found by its sums alone their group as Section, with no indentation', () => {
    // A team event: each nation's row sums its shooters below it, in a plain grid (a CSV: no bold, no indent).
    const cells: CellSpec[][] = [
      ['Place', 'Shooter', '5 pts', '4 pts', 'Total'],
      [1, 'Norway (NOR)', 12, 16, 160], [1, 'Ole Olsen', 4, 5, 43], [1, 'Einar Liberg', 5, 2, 42], [1, 'Harald Natvig', 2, 4, 38], [1, 'Otto Olsen', 1, 5, 37],
      [2, 'Sweden (SWE)', 8, 19, 154], [2, 'Alfred Swahn', 3, 4, 40], [2, 'Fredric Landelius', 3, 5, 39], [2, 'Erik Lundqvist', 1, 5, 38], [2, 'Karl Richter', 1, 5, 37],
    ];
    const table = buildTable(gridOf(cells, { name: 'Team' }), { range: rangeOf('A1:E11'), headerRows: 1, title: null, notes: [] }, source);
    expect(aggregateRows(table)).toEqual([2, 7]);
    expect(table.rows.filter((row) => !row.isAggregate).map((row) => row.values.section)).toEqual([...Array(4).fill('Norway (NOR)'), ...Array(4).fill('Sweden (SWE)')]);
  });

  it('says no Section where a group total leaves out a row before the next group (a team counting its best three)', () => {
    const cells: CellSpec[][] = [
      ['Place', 'Shooter', '5 pts', '4 pts', 'Total'],
      [1, 'Norway (NOR)', 11, 11, 120], [1, 'Ole Olsen', 4, 5, 43], [1, 'Einar Liberg', 5, 2, 42], [1, 'Harald Natvig', 2, 4, 35], [1, 'Otto Olsen', 1, 5, 34],
      [2, 'Sweden (SWE)', 7, 14, 115], [2, 'Alfred Swahn', 3, 4, 40], [2, 'Fredric Landelius', 3, 5, 38], [2, 'Erik Lundqvist', 1, 5, 37],
    ];
    const table = buildTable(gridOf(cells, { name: 'Team' }), { range: rangeOf('A1:E10'), headerRows: 1, title: null, notes: [] }, source);
    expect(aggregateRows(table)).toEqual([2, 7]);
    expect(table.rows.filter((row) => !row.isAggregate).every((row) => row.values.section === undefined || row.values.section === null)).toBe(true);
  });

  it('keeps indented rows whose parent does not sum them as data', () => {
    const cells: CellSpec[][] = [['Item', 'Qty'], ['Kit', 7], [{ v: 'Bolt', indent: 1 }, 2], [{ v: 'Nut', indent: 1 }, 3]];
    const table = buildTable(gridOf(cells), { range: rangeOf('A1:B4'), headerRows: 1, title: null, notes: [] }, source);
    expect(aggregateRows(table)).toEqual([]);
  });
});
