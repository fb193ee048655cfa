import ExcelJS from 'exceljs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv, readWorkbook } from '../extract/index.js';
import { rangeToA1, type Workbook } from '../extract/grid.js';
import { readTables } from './read-tables.js';
import type { DetectedTable } from './types.js';
import { gridOf, workbookOf } from './__fixtures__/grid-builder.js';
import { BUG_FIXTURES, CORPUS_DIR, DEV_FIXTURES } from '../../test/helpers/shared-paths.js';

const DEV = DEV_FIXTURES;
const BUGS = BUG_FIXTURES;
const CORPUS = CORPUS_DIR;

interface TruthTable {
  id: string;
  file: string;
  sheet: string | null;
  range: string;
  title: string | null;
  label?: string;
  hidden?: boolean;
  header_rows: number;
  columns: string[];
  data_rows: number;
  aggregate_rows: number[];
  aggregate_columns?: string[];
  section_rows?: number[];
  weighted_columns?: Record<string, string>;
}

const truth = JSON.parse(await readFile(path.join(DEV, 'truth.json'), 'utf8')) as { files: string[]; tables: TruthTable[] };

async function load(file: string): Promise<Workbook> {
  return readWorkbook({ bytes: await readFile(file), fileName: path.basename(file) });
}

const readCache = new Map<string, Promise<ReturnType<typeof readTables>>>();

/** Reads a dev file once per test run. */
function readDev(file: string): Promise<ReturnType<typeof readTables>> {
  let cached = readCache.get(file);
  if (cached === undefined) {
    cached = load(path.join(DEV, file)).then((workbook) => readTables(workbook));
    readCache.set(file, cached);
  }
  return cached;
}

function dataRows(table: DetectedTable): number {
  return table.rows.filter((row) => !row.isAggregate && !row.hidden).length;
}

function aggregateRows(table: DetectedTable): number[] {
  return table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow);
}

function sourceColumnNames(table: DetectedTable): string[] {
  return table.columns.filter((card) => card.derived === undefined).map((card) => card.name);
}

describe('readTables on the dev fixtures', () => {
  for (const file of truth.files) {
    describe(file, () => {
      const expected = truth.tables.filter((table) => table.file === file);

      it('finds exactly the tables of truth.json', async () => {
        const result = await readDev(file);
        expect(result.tables.map((table) => `${table.sheet}!${rangeToA1(table.range)}`).sort()).toEqual(
          expected.map((table) => `${table.sheet}!${table.range}`).sort(),
        );
      });

      for (const want of expected) {
        it(`reads ${want.id} like truth.json`, async () => {
          const result = await readDev(file);
          const table = result.tables.find((candidate) => candidate.sheet === want.sheet && rangeToA1(candidate.range) === want.range);
          expect(table, `${want.id} at ${want.range}`).toBeDefined();
          if (table === undefined) return;
          expect(table.title).toBe(want.title);
          expect(table.headerRows).toBe(want.header_rows);
          expect(sourceColumnNames(table)).toEqual(want.columns);
          expect(dataRows(table)).toBe(want.data_rows);
          expect(aggregateRows(table)).toEqual(want.aggregate_rows);
          expect(table.aggregateColumns).toEqual(want.aggregate_columns ?? []);
          expect(table.sheetHidden).toBe(want.hidden ?? false);
          if (want.label !== undefined) expect(table.label).toBe(want.label);
          for (const row of want.section_rows ?? []) expect(table.rows.some((stored) => stored.sheetRow === row)).toBe(false);
          for (const [rate, base] of Object.entries(want.weighted_columns ?? {})) {
            const rateCard = table.columns.find((card) => card.name === rate);
            const baseCard = table.columns.find((card) => card.name === base);
            expect(rateCard).toMatchObject({ aggregation: 'weighted_avg', weightBy: baseCard?.sqlName });
          }
          expect(table.validation.outcome).toBe(want.aggregate_rows.length > 0 ? 'verified' : 'unverifiable');
        });
      }
    });
  }

  it('keeps the text-only sheet as prose and the footnote as a note', async () => {
    const result = await readDev('regional_sales.xlsx');
    expect(result.prose.map((prose) => prose.sheet)).toEqual(['Notes']);
    expect(result.prose[0].text).toContain('About this report');
    const benelux = result.tables.find((table) => table.title === 'Benelux');
    expect(benelux?.notes).toContain('Figures in EUR; margin is revenue-weighted');
    expect(result.warnings.some((warning) => warning.includes('Grand Total'))).toBe(true);
  });

  it('derives a Section column for the P&L and trims labels', async () => {
    const [pnl] = (await readDev('pnl_2024.xlsx')).tables;
    const section = pnl.columns.find((card) => card.derived === 'section');
    expect(section).toMatchObject({ name: 'Section', sqlName: 'section', sourceColumn: -1 });
    const services = pnl.rows.find((row) => row.values.line_item === 'Services');
    expect(services?.values.section).toBe('Revenue');
    expect(pnl.rows.find((row) => row.values.line_item === 'Direct Labour')?.values.section).toBe('Cost of Sales');
    expect(pnl.columns.filter((card) => card.period).map((card) => card.period)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'FY 2024']);
    expect(pnl.columns.find((card) => card.name === 'FY 2024')?.isAggregateColumn).toBe(true);
  });

  it('sums the Q2 media plan without its unlabelled subtotal', async () => {
    const result = await readDev('media_plan.xlsx');
    const q2 = result.tables.find((table) => table.title === 'Q2 Media Plan');
    const budget = q2?.rows.filter((row) => !row.isAggregate).reduce((sum, row) => sum + Number(row.values.spend_budget), 0);
    expect(budget).toBe(398000);
  });
});

describe('readTables on the bug fixtures', () => {
  it('applies a merged group label to every row it spans (01)', async () => {
    const [table] = readTables(await load(path.join(BUGS, '01-merged-group-label/sales.xlsx'))).tables;
    const north = table.rows.filter((row) => row.values.region === 'North');
    expect(north.map((row) => row.values.sales)).toEqual([100, 150]);
  });

  it('keeps filled-down formula rows as data (03)', async () => {
    const [table] = readTables(await load(path.join(BUGS, '03-shared-formula-cached/doubles.xlsx'))).tables;
    expect(table.rows.filter((row) => !row.isAggregate).map((row) => row.values.double)).toEqual([20, 40, 60]);
  });

  it('pads short rows to the header and ignores styled empty rows (08)', async () => {
    const [table] = readTables(await load(path.join(BUGS, '08-trailing-empty-and-styled-rows/quarters.xlsx'))).tables;
    expect(rangeToA1(table.range)).toBe('A1:D3');
    expect(table.rows).toHaveLength(2);
    expect(table.rows[0].values).toEqual({ name: 'P1', q1: 10, q2: null, notes: null });
  });

  it('flags North Total, South Total and Grand Total so data sums to 220 (24)', async () => {
    const [table] = readTables(await load(path.join(BUGS, '24-subtotal-rows/revenue.xlsx'))).tables;
    expect(aggregateRows(table)).toEqual([4, 6, 7]);
    expect(table.rows.filter((row) => !row.isAggregate).reduce((sum, row) => sum + Number(row.values.revenue), 0)).toBe(220);
    expect(table.validation.outcome).toBe('verified');
  });

  it('reads delimiter-only lines as no rows (19)', async () => {
    const [table] = readTables(await load(path.join(BUGS, '19-trailing-newline-empty-records/values.csv'))).tables;
    expect(table.rows.map((row) => row.values.b)).toEqual([2, 4]);
  });

  it('keeps zip codes as text identifiers (16)', async () => {
    const [table] = readTables(await load(path.join(BUGS, '16-zip-leading-zeros/zips.csv'))).tables;
    expect(table.columns[0]).toMatchObject({ concept: 'identifier', aggregation: 'none', type: 'text' });
    expect(table.rows.map((row) => row.values.zip)).toEqual(['02134', '10001', '00501']);
  });

  it('keeps CSV line numbers across blank lines and reads a footnote after a blank line as a note', () => {
    const csv = 'Sales report\nGenerated: 2024-05-01 10:00\nFilter: Region = All\n\nRegion,Sales,Orders\nNorth,1000,10\nSouth,2000,20\nEast,3000,30\nTotal,6000,60\n\nConfidential - internal use only\n';
    const result = readTables(readCsv(new TextEncoder().encode(csv), 'meta.csv'));
    expect(result.tables).toHaveLength(1);
    const [table] = result.tables;
    expect(rangeToA1(table.range)).toBe('A5:C9');
    expect(table.title).toBe('Sales report');
    expect(table.notes).toContain('Confidential - internal use only');
    expect(table.rows.filter((row) => !row.isAggregate).map((row) => row.sheetRow)).toEqual([6, 7, 8]);
    expect(table.validation.outcome).toBe('verified');
  });

  it('keeps a sparse text column ending early inside its table when the columns right of it run to the end (WTQ 201-0)', () => {
    const csv = [
      'Year,Single,Peak chart positions,Peak chart positions,Certifications,Album',
      'Year,Single,AUS,AUT,Certifications,Album',
      '2000,Around the World,11,1,GER: Platinum,Planet Pop',
      '2000,My Heart Beats,76,6,GER: Gold,Planet Pop',
      '2000,Why Oh Why,—,16,,Planet Pop',
      '2001,In Heaven,—,27,,Touch the Sky',
      '2001,Call on Me,—,—,,Touch the Sky',
      '2001,Set Me Free,—,—,,Touch the Sky',
    ].join('\n');
    const result = readTables(readCsv(new TextEncoder().encode(csv), 'singles.csv'));
    expect(result.tables).toHaveLength(1);
    expect(rangeToA1(result.tables[0].range)).toBe('A1:F8');
    expect(result.tables[0].rows).toHaveLength(6);
    expect(result.tables[0].columns.map((column) => column.name)).toContain('Certifications');
  });
});


async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(full)));
    else if (!/\.(json|md)$/i.test(entry.name) && entry.name !== 'MANIFEST.tsv') files.push(full);
  }
  return files.sort();
}

describe('readTables on the public corpus', () => {
  it('never throws on a workbook readWorkbook returned', async () => {
    const files = await filesUnder(CORPUS);
    expect(files.length).toBeGreaterThan(100);
    let read = 0;
    for (const file of files) {
      let workbook: Workbook;
      try {
        workbook = await load(file);
      } catch {
        continue;
      }
      read++;
      const result = readTables(workbook);
      for (const table of result.tables) {
        expect(table.columns.length, file).toBeGreaterThan(0);
        expect(table.range.bottom, file).toBeGreaterThanOrEqual(table.range.top);
        expect(new Set(table.columns.map((card) => card.sqlName)).size, file).toBe(table.columns.length);
      }
      expect(result.warnings.every((warning) => !warning.includes('could not be read')), `${file}: ${result.warnings.join('; ')}`).toBe(true);
    }
    expect(read).toBeGreaterThan(100);
  });
});

describe('readTables on reviewed corpus workbooks', () => {
  const read = async (name: string) => readTables(await load(path.join(CORPUS, 'xlsx', name)));

  it('fills the pivot row labels down (unpivotr_purpose Pivot: Sex on every row)', async () => {
    const pivot = (await read('unpivotr_purpose.xlsx')).tables.find((table) => table.sheet === 'Pivot');
    const sexes = pivot?.rows.map((row) => row.values.sex);
    expect(sexes).toEqual([...Array(5).fill('Female'), ...Array(5).fill('Male')]);
  });

  it('reads a value merged down over two rows as one row (poi_simple-monthly-budget, percentage of income spent)', async () => {
    const spent = (await read('poi_simple-monthly-budget.xlsx')).tables.find((table) => table.title === 'PERCENTAGE OF INCOME SPENT');
    expect(spent?.rows.map((row) => row.sheetRow)).toEqual([4]);
  });

  it('keeps the notes above the header out of the column names (readxl_deaths)', async () => {
    const { tables } = await read('readxl_deaths.xlsx');
    for (const sheet of ['arts', 'other']) {
      const table = tables.find((candidate) => candidate.sheet === sheet);
      expect(table?.columns.map((card) => card.name), sheet).toEqual(['Name', 'Profession', 'Age', 'Has kids', 'Date of birth', 'Date of death']);
      expect(table?.headerRows, sheet).toBe(1);
    }
  });

  it('reads a first row of numbers as data, not as header names (poi_SubtotalsNested.xls)', async () => {
    const { tables } = await read('poi_SubtotalsNested.xls');
    expect(tables.map((table) => table.headerRows)).toEqual([0, 0, 0]);
    expect(tables[2].rows.map((row) => [row.sheetRow, row.values.column_1])).toEqual([[22, 10], [23, 20], [24, 30]]);
  });
});

describe('readTables on big sheets', () => {
  it('reads a table of 150,000 rows (more rows than a call may take arguments)', () => {
    const lines = ['id,region,amount', ...Array.from({ length: 150_000 }, (_, i) => `${i + 1},${['North', 'South', 'East'][i % 3]},${(i % 97) + 0.5}`)];
    const workbook = readCsv(new TextEncoder().encode(lines.join('\n')), 'big.csv');
    const read = readTables(workbook);
    expect(read.warnings).toEqual([]);
    expect(read.tables).toHaveLength(1);
    expect(rangeToA1(read.tables[0].range)).toBe('A1:C150001');
    expect(read.tables[0].rows).toHaveLength(150_000);
    expect(read.tables[0].columns.map((card) => card.type)).toEqual(['integer', 'text', 'decimal']);
  });

  it('keeps a one-column list of 60,000 names as one table (no quadratic section search)', () => {
    const lines = ['name', ...Array.from({ length: 60_000 }, (_, i) => `Person ${String.fromCharCode(65 + (i % 26))}${i}`)];
    const read = readTables(readCsv(new TextEncoder().encode(lines.join('\n')), 'names.csv'));
    expect(read.tables).toHaveLength(1);
    expect(read.tables[0].rows).toHaveLength(60_000);
  });

  it('warns how many hidden rows it left out and does not verify a total that covers them', () => {
    const grid = gridOf([['Region', 'Rep', 'Revenue'], ['North', 'N1', 100], ['North', 'N2', 50], ['North', 'N3', 25], ['Total', null, 175]], { hiddenRows: [3, 4] });
    const result = readTables(workbookOf([grid], { file: 'outline.xlsx' }));
    expect(result.warnings).toContain('outline.xlsx: 2 hidden rows of the table in sheet "Sheet1" A1:C5 left out of the data (kept out of answers; totals in the sheet may include them)');
    expect(result.tables[0].validation.outcome).toBe('floor');
  });
});

describe('readTables on formulas stored without a result (a workbook written by a script)', () => {
  it('reads an unlabelled =SUM row and a "Total" row as aggregates of the rows above, with their numbers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Costs');
    sheet.addRows([['Item', 'Q1', 'Q2'], ['Rent', 100, 110], ['Staff', 200, 210], ['Travel', 30, 40]]);
    sheet.addRow([null, { formula: 'SUM(B2:B4)' }, { formula: 'SUM(C2:C4)' }]);
    sheet.addRow(['Fees', 5, 6]);
    sheet.addRow(['Total', { formula: 'B5+B6' }, { formula: 'C5+C6' }]);
    const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'costs.xlsx' });
    const [table] = readTables(workbook).tables;
    expect(rangeToA1(table.range)).toBe('A1:C7');
    expect(table.rows.filter((row) => row.isAggregate).map((row) => [row.sheetRow, row.values.q1, row.values.q2])).toEqual([
      [5, 330, 360],
      [7, 335, 366],
    ]);
    expect(table.validation.outcome).toBe('verified');
  });

  it('reads =SUM(B2) under a group of one item as that group\'s total line, beside a =SUM(B4:B5) one', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Costs');
    sheet.addRows([['Item', 'Q1', 'Q2'], ['Rent', 100, 110]]);
    sheet.addRow([null, { formula: 'SUM(B2)' }, { formula: 'SUM(C2)' }]);
    sheet.addRows([['Staff', 200, 210], ['Travel', 30, 40]]);
    sheet.addRow([null, { formula: 'SUM(B4:B5)' }, { formula: 'SUM(C4:C5)' }]);
    const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'groups.xlsx' });
    const [table] = readTables(workbook).tables;
    expect(rangeToA1(table.range)).toBe('A1:C6');
    expect(table.rows.filter((row) => row.isAggregate).map((row) => [row.sheetRow, row.values.q1])).toEqual([
      [3, 100],
      [6, 230],
    ]);
  });
});

describe('readTables on formulas whose stored result is an error (a broken link)', () => {
  it('reads a row of =SUM cells that show #REF! (a broken link) as a total row, labelled or not', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Fuel');
    sheet.addRows([['Unit', 'Share', 'Burn'], ['Rio Grande 8', 1, 100], ['Rio Grande 7', 1, 120], ['Rio Grande 6', 0.5, 80]]);
    sheet.addRow(['Total', null, { formula: 'SUM(C2:C4)', result: { error: '#REF!' } }]);
    sheet.addRows([['Newman 4', 1, 90], ['Newman 3', 1, 70]]);
    sheet.addRow([null, null, { formula: 'SUM(C6:C7)', result: { error: '#REF!' } }]);
    const workbook = await readWorkbook({ bytes: new Uint8Array(await book.xlsx.writeBuffer()), fileName: 'fuel.xlsx' });
    const [table] = readTables(workbook).tables;
    expect(rangeToA1(table.range)).toBe('A1:C8');
    expect(table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow)).toEqual([5, 8]);
  });
});


describe('readTables on "no value" text in a number column', () => {
  const expected = (file: string, sheet: string) => `${file}: column "Budget" of the table in ${sheet}A1:D6 is integer; 2 cells say "no value" ("TBD", "-") and are stored empty`;
  const rows = [['Project', 'Owner', 'Budget', 'Spent'], ['Alpha', 'Ann', 1000, 800], ['Beta', 'Bob', 'TBD', 200], ['Gamma', 'Cid', 500, null], ['Delta', 'Dan', '-', 50], ['Epsilon', 'Eve', 2000, 1500]];

  it('warns the same for a CSV and a workbook: the cells are stored empty, not silently', () => {
    const csv = rows.map((row) => row.map((value) => value ?? '').join(',')).join('\n');
    const fromCsv = readTables(readCsv(new TextEncoder().encode(csv), 'tbd.csv'));
    expect(fromCsv.warnings).toContain(expected('tbd.csv', ''));
    expect(fromCsv.tables[0].columns[2].noValue).toEqual({ count: 2, texts: ['TBD', '-'] });
    const fromSheet = readTables(workbookOf([gridOf(rows)], { file: 'tbd.xlsx' }));
    expect(fromSheet.warnings).toContain(expected('tbd.xlsx', 'sheet "Sheet1" '));
  });

  it('says nothing of a blank cell', () => {
    const read = readTables(readCsv(new TextEncoder().encode('Project,Budget\nAlpha,10\nBeta,\nGamma,30\n'), 'blank.csv'));
    expect(read.warnings).toEqual([]);
  });
});

describe('readTables on a record longer than the header row', () => {
  const read = (csv: string, file: string) => readTables(readCsv(new TextEncoder().encode(csv), file));

  it('warns, naming the row and the cell, that the extra cell is kept in a column no header names', () => {
    expect(read('Name,Dept,Hours\nAnn,Ops,10\nBob,Ops,12,extra\nCid,Sales\nDan,Sales,8\n', 'ragged.csv').warnings).toEqual([
      'ragged.csv: 1 row has more fields than the header row of the table in A1:D5 (row 3: "extra" in D3); kept in column "Column 4", which no header names',
    ]);
  });

  it('gives one warning for many over-long records: how many, the first row numbers, every column they fill', () => {
    const lines = ['Name,Dept,Hours'];
    for (let index = 0; index < 30; index++) {
      // every third record one field too long, every third two, the rest fit the header
      lines.push(index % 3 === 0 ? `P${index},Ops,1${index},x${index}` : index % 3 === 1 ? `P${index},Ops,1${index},a,b` : `P${index},Ops,${index}`);
    }
    const many = read(`${lines.join('\n')}\n`, 'many.csv');
    expect(many.tables).toHaveLength(1);
    expect(many.tables[0].rows).toHaveLength(30);
    expect(many.warnings).toEqual([
      'many.csv: 20 rows have more fields than the header row of the table in A1:E31 (rows 2, 3, 5, 6, 8 and 15 more; row 2: "x0" in D2); kept in columns "Column 4" and "Column 5", which no header names',
    ]);
    expect(many.tables[0].warnings).toEqual(many.warnings);
  });

  it('hints at a decimal comma read as the delimiter once, when every over-long record is one field of decimals too long (reviewer case: Preis 12 and a stray 5)', () => {
    expect(read('Produkt,Preis\nStuhl,€ 12,5\nTisch,€ 30\n', 'preise.csv').warnings).toEqual([
      'preise.csv: 1 row has more fields than the header row of the table in A1:C3 (row 2: "5" in C2); each is one field too long, as if a number\'s decimal comma were read as the delimiter (row 2: perhaps "€ 12,5"): quote such numbers or use another delimiter; kept in column "Column 3", which no header names',
    ]);
    const lines = ['Produkt,Preis'];
    for (let index = 0; index < 20; index++) lines.push(index % 2 === 1 ? `Stuhl ${index},€ ${index},${index % 4 === 1 ? '5' : '25'}` : `Tisch ${index},€ 30`);
    const hinted = read(`${lines.join('\n')}\n`, 'preisliste.csv').warnings;
    expect(hinted).toHaveLength(1);
    expect(hinted[0]).toBe(
      'preisliste.csv: 10 rows have more fields than the header row of the table in A1:C21 (rows 3, 5, 7, 9, 11 and 5 more; row 3: "5" in C3); each is one field too long, as if a number\'s decimal comma were read as the delimiter (row 3: perhaps "€ 1,5"): quote such numbers or use another delimiter; kept in column "Column 3", which no header names',
    );
  });

  it('gives no decimal-comma hint when an over-long record has more than one extra field, or its extra field is not decimals', () => {
    // Row 2 is two fields too long ("5" and "x"): not one decimal comma, however the digits look.
    expect(read('Produkt,Preis\nStuhl,€ 12,5,x\nTisch,€ 30\nBank,€ 7,25\n', 'two.csv').warnings).toEqual([
      'two.csv: 2 rows have more fields than the header row of the table in A1:D4 (rows 2, 4; row 2: "5" in C2); kept in columns "Column 3" and "Column 4", which no header names',
    ]);
    // Row 2 has one extra field after an empty one: its field before is no number.
    expect(read('Produkt,Preis,Menge\nStuhl,€ 12,,5\nTisch,€ 30,2\n', 'gap.csv').warnings).toEqual([
      'gap.csv: 1 row has more fields than the header row of the table in A1:D3 (row 2: "5" in D2); kept in column "Column 4", which no header names',
    ]);
    expect(read('Name,Dept\nAnn,Ops,x\nBob,Ops,y\n', 'both.csv').warnings).toEqual([
      'both.csv: 2 rows have more fields than the header row of the table in A1:C3 (rows 2, 3; row 2: "x" in C2); kept in column "Column 3", which no header names',
    ]);
  });

  it('says nothing when every record fits the header row', () => {
    const read = readTables(readCsv(new TextEncoder().encode('Name,Dept,Hours\nAnn,Ops,10\nCid,Sales\nDan,Sales,8\n'), 'short.csv'));
    expect(read.warnings).toEqual([]);
  });
});

describe('readTables on cells beside a table', () => {
  it('warns of a column after an empty spacer column and of a lone cell far right, by address and text', () => {
    const beside = readTables(readCsv(new TextEncoder().encode('Country,Revenue,,Note\nNL,100,,check NL figure\nBE,50,,\nDE,200,,\n'), 'beside.csv'));
    expect(beside.warnings).toContain('beside.csv: 2 cells beside the tables, in no table, not stored: D1 "Note", D2 "check NL figure"');
    const row = (day: string, visitors: number) => [day, visitors];
    const grid = gridOf([['Day', 'Visitors'], row('D1', 10), [...row('D2', 20), ...Array.from({ length: 23 }, () => null), 'reviewed by Kim'], row('D3', 30), row('D4', 40)], { name: 'Log' });
    const log = readTables(workbookOf([grid], { file: 'log.xlsx' }));
    expect(log.warnings).toContain('log.xlsx: sheet "Log": 1 cell beside the tables, in no table, not stored: Z3 "reviewed by Kim"');
  });
});
