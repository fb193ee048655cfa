/**
 * Layouts of real business workbooks (the annotated Enron dev set, `corpus/enron-annotated`):
 * each case names the class of layout it stands for and checks the tables found on the
 * annotated sheet against the experts' ranges in truth.json.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';
import { rangeToA1, readWorkbook } from '../extract/index.js';
import { readTables } from './read-tables.js';

const ENRON = path.join(CORPUS_DIR, 'enron-annotated');

interface TruthEntry {
  file: string;
  sheet: string;
  tables: { range: string; derived: string[] }[];
}

async function truthOf(prefix: string): Promise<TruthEntry> {
  const truth = JSON.parse(await readFile(path.join(ENRON, 'truth.json'), 'utf8')) as { workbooks: TruthEntry[] };
  const entry = truth.workbooks.find((workbook) => workbook.file.startsWith(prefix));
  if (entry === undefined) throw new Error(`no workbook ${prefix} in truth.json`);
  return entry;
}

async function tablesOf(entry: TruthEntry) {
  const workbook = await readWorkbook({ bytes: await readFile(path.join(ENRON, entry.file)), fileName: entry.file });
  return readTables(workbook).tables.filter((table) => table.sheet === entry.sheet);
}

const SAME_RANGES = [
  { prefix: 'deex_jeff_dasovich_14103', layout: 'records of two rows, a blank row after each' },
  { prefix: 'deex_rick_buy_32880', layout: 'a text table with a blank row between records' },
  { prefix: 'deex_lynn_blair_24412', layout: 'a two-row header, blank rows under it and between record pairs' },
  { prefix: 'deex_kevin_hyatt_19619', layout: 'print titles above a year/month header, blank rows before the totals at the foot' },
  { prefix: 'deex_vkaminski_40974', layout: 'side-by-side tables, one with a blank first data row' },
  { prefix: 'deex_andrea_ring_51', layout: 'form fields ("Facility:", "Rate: 338") above each table, tables side by side and stacked' },
  { prefix: 'deex_paul_lucci_28355', layout: 'a bold header over plain text rows, headings of weeks not played yet over empty columns' },
  { prefix: 'deex_cara_semperger_1471', layout: 'a heading over an empty column at the right edge' },
  { prefix: 'deex_diana_scholtes_8591', layout: 'a two-row header whose first label ("Date") stands over a blank, a blank row under it' },
  { prefix: 'deex_darron_c_giron_8053', layout: 'a three-row header whose first column names its levels (Curve Code, Curve Type, Book Type)' },
  { prefix: 'deex_sara_shackleton_36662', layout: 'a text log with sparse columns, group headings and a wide gap before the second group' },
  { prefix: 'deex_holden_salisbury_12308', layout: 'a PivotTable whose declared location starts at its "Data" caption row' },
  { prefix: 'deex_mike_grigsby_27691', layout: 'a caption naming the measure and its unit (MMBtu) above a header of months' },
  { prefix: 'deex_mary_hain_25857', layout: 'line numbers 1, 2, 3 … in an unheaded column beside the table' },
  { prefix: 'deex_joe_parks_14543', layout: 'an entry form whose headed columns are empty inside the table and at its right edge' },
];

describe('readTables on annotated Enron layouts', () => {
  it('finds side-by-side pivots with no spacer column and their grand totals (deex_andy_zipper_234)', async () => {
    const entry = await truthOf('deex_andy_zipper_234');
    const tables = await tablesOf(entry);
    const found = tables.map((table) => rangeToA1(table.range));
    // The declared pivot locations start at their caption rows ("Count of Buy/Sell"): the tables do too, the caption
    // still their title, the column names read from the header under it.
    expect(found).toEqual(expect.arrayContaining(['A1:B99', 'E1:K55']));
    const daily = tables.find((table) => rangeToA1(table.range) === 'A1:B99');
    expect(daily).toMatchObject({ title: 'Count of Buy/Sell', headerRows: 2 });
    expect(daily?.columns.map((column) => column.name)).toEqual(['date', 'Total']);
    expect(daily?.rows[0]).toMatchObject({ sheetRow: 3 });
    const aggregates = tables.flatMap((table) => table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow));
    expect(aggregates).toEqual(expect.arrayContaining([55, 99]));
    // Weekly sums of the daily pivot beside them are computed values, not totals of their own column.
    expect(aggregates.filter((row) => row < 22)).toEqual([]);
    // The monthly sums under them, after a gap, sum what several weekly rows sum: totals of the same table.
    expect(found).toContain('C1:D29');
    expect(aggregates).toEqual(expect.arrayContaining([25, 26, 27, 28, 29]));
  });

  for (const { prefix, layout } of SAME_RANGES) {
    it(`finds the annotated table of ${prefix}: ${layout}`, async () => {
      const entry = await truthOf(prefix);
      const found = (await tablesOf(entry)).map((table) => rangeToA1(table.range));
      for (const table of entry.tables) expect(found).toContain(table.range);
    });
  }
});

describe('readTables on form fields above a table (deex_darron_c_giron_8053)', () => {
  it('reads "Number of Curves" over "to Fetch: | 35" as a field, not as a table with a header', async () => {
    const entry = await truthOf('deex_darron_c_giron_8053');
    const found = (await tablesOf(entry)).map((table) => rangeToA1(table.range));
    expect(found).toEqual(entry.tables.map((table) => table.range));
  });
});

describe('readTables on a total row placed above the header (deex_errol_mclaughlin_jr_10315)', () => {
  it('reads "Total | SUM(N5:N65536)" as an aggregate row of the table below, not as its title', async () => {
    const entry = await truthOf('deex_errol_mclaughlin_jr_10315');
    const [table] = await tablesOf(entry);
    expect(rangeToA1(table.range)).toBe(entry.tables[0].range);
    expect(table.title).toBeNull();
    expect(table.rows[0]).toMatchObject({ sheetRow: 2, isAggregate: true });
    expect(table.rows.filter((row) => row.isAggregate)).toHaveLength(1);
  });
});

describe('readTables on the annotation tool\'s hidden sheets', () => {
  it('flags every table of a hidden sheet and names the sheet in a warning', async () => {
    const entry = await truthOf('deex_kevin_hyatt_19619');
    const workbook = await readWorkbook({ bytes: await readFile(path.join(ENRON, entry.file)), fileName: entry.file });
    const result = readTables(workbook);
    const hidden = result.tables.filter((table) => ['Range_Annotations_Data', 'Annotation_Status_Data', 'Usage_Log'].includes(table.sheet ?? ''));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((table) => table.sheetHidden)).toBe(true);
    expect(result.warnings.some((warning) => warning.includes('"Range_Annotations_Data" is hidden'))).toBe(true);
    expect(result.tables.filter((table) => table.sheet === entry.sheet).every((table) => !table.sheetHidden)).toBe(true);
  });
});

describe('readTables on a calculation sheet (deex_barry_tycholiz_870)', () => {
  it('keeps "Total Calendar Demand Charge" = volume × days × rate as a line of the table, not a total of the rows above', async () => {
    const entry = await truthOf('deex_barry_tycholiz_870');
    const tables = await tablesOf(entry);
    // C10 = C5*C6*(C7+C8)*-1: the experts annotate it as data (C10:G19), and its numbers are no sum of C5:C8.
    const line = tables.flatMap((table) => table.rows).find((row) => row.sheetRow === 10);
    expect(line).toMatchObject({ isAggregate: false });
  });
});

describe('readTables on a cost plan with its totals at the foot (deex_kevin_hyatt_19619)', () => {
  it('flags "Total For Month", "Grand Total to Date" and "Grand Total", not the cost line the month totals add up', async () => {
    const entry = await truthOf('deex_kevin_hyatt_19619');
    const [table] = await tablesOf(entry);
    const flagged = table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow);
    expect(flagged).toEqual([45, 46, 48]);
    // The experts' block A42:AD46 starts at "Third Party Contractor", but C45 = SUM(C8:C42) adds it up with the tasks: a data row.
    expect(table.rows.find((row) => row.sheetRow === 42)).toMatchObject({ isAggregate: false });
  });
});

describe('readTables on hidden rows and columns at a table\'s edge', () => {
  for (const { prefix, layout } of [
    { prefix: 'deex_mike_carson_27557', layout: 'option quotes whose last rows are hidden' },
    { prefix: 'deex_dan_hyvl_4707', layout: 'a contract list with hidden "ENA Review" and "Row" columns at the right' },
  ]) {
    it(`shows the annotated table of ${prefix} (${layout}) and still stores the hidden cells`, async () => {
      const entry = await truthOf(prefix);
      const tables = await tablesOf(entry);
      const shown = tables.map((table) => rangeToA1(table.shownRange ?? table.range));
      for (const table of entry.tables) expect(shown).toContain(table.range);
      const main = tables.find((table) => table.shownRange !== undefined);
      expect(main).toBeDefined();
      const inRange = (range: { top: number; bottom: number; left: number; right: number }, inner: { top: number; bottom: number; left: number; right: number }) =>
        inner.top >= range.top && inner.bottom <= range.bottom && inner.left >= range.left && inner.right <= range.right;
      expect(main && main.shownRange && inRange(main.range, main.shownRange)).toBe(true);
    });
  }
});

/** The tables of one sheet of a dev workbook, annotated or not. */
async function sheetTables(prefix: string, sheet: string) {
  const file = (await readdir(ENRON)).find((name) => name.startsWith(prefix));
  if (file === undefined) throw new Error(`no workbook ${prefix}`);
  const workbook = await readWorkbook({ bytes: await readFile(path.join(ENRON, file)), fileName: file });
  return readTables(workbook).tables.filter((table) => table.sheet === sheet);
}

describe('readTables on the other sheets of the Enron dev workbooks (no annotation: an analyst reading)', () => {
  it('keeps a row of month dates in the header over columns that hold only "NA", and the % lines as data (jeff_dasovich A28)', async () => {
    const [table] = await sheetTables('deex_jeff_dasovich_14103', 'A28');
    expect(table).toMatchObject({ headerRows: 3 });
    expect(table.rows.filter((row) => row.isAggregate)).toEqual([]);
    expect(table.columns[2].name).toBe('# of hours % of available hours 1999-06');
  });

  it('keeps every deal of a flat list whose round lots add up by chance, and flags the ruled WACOG subtotals (matthew_lenhart)', async () => {
    const [byDate] = await sheetTables('deex_matthew_lenhart_26351', 'PHYS_ByDate');
    expect(byDate.rows.filter((row) => row.isAggregate)).toEqual([]);
    expect(byDate.rows).toHaveLength(91);
    const [byPoint] = await sheetTables('deex_matthew_lenhart_26351', 'PHYS_ByPoint');
    expect(byPoint.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow)).toEqual([7, 14, 18, 39, 45, 79, 100, 107]);
  });
});

