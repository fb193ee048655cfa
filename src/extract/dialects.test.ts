/**
 * Dialects detected, not guessed, against the expected outputs that come with the corpus
 * suites: csvw (rows and values of its tree-ops tests), xlsx2csv (the CSV each workbook
 * converts to), and the backslash-escaped quotes of real scraped tables.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';
import { cellText } from '../tables/cells.js';
import { readTables } from '../tables/index.js';
import { detectQuoteEscape } from './detect-escape.js';
import { readCsv } from './read-csv.js';
import { readWorkbook } from './read-workbook.js';

const CSV = join(CORPUS_DIR, 'csv');

describe('detectQuoteEscape', () => {
  it('reads doubled quotes as the standard escape', () => {
    expect(detectQuoteEscape('a,b\n1,"ha ""ha"" ha"\n', ',')).toBe('"');
  });

  it('detects backslash-escaped quotes', () => {
    expect(detectQuoteEscape('"a","b"\n"1","\\"The Flying Brick\\" Delves"\n"2","x"\n', ',')).toBe('\\');
  });

  it('keeps the standard reading when a backslash before a quote is just a character', () => {
    expect(detectQuoteEscape('path,n\n"C:\\dir\\",1\n"D:\\",2\n', ',')).toBe('"');
  });

  it('reads a scraped table with \\" as one field, not extra columns', () => {
    const path = join(CORPUS_DIR, 'qa/wtq/tables/202-91.csv');
    const workbook = readCsv(readFileSync(path), '202-91.csv');
    expect(workbook.quoteEscape).toBe('backslash');
    const rows = workbook.sheets[0].rows.map((row) => row.map((cell) => cellText(cell ?? null)));
    expect(rows.every((row) => row.length === 5)).toBe(true);
    expect(rows[5][1]).toBe('"The Flying Brick" Delves');
  });
});

interface CsvwExpectation {
  tables: { row: { rownum: number; describes: Record<string, string>[] }[] }[];
}

/**
 * The csvw tests whose CSV a reader sees without the metadata file: header or none, quoted
 * fields, spaces around values, comment lines, blank rows, a tab-separated file. (test054
 * skips a column by metadata alone, which no reading of the file can know, so it is not here.)
 */
const CSVW_CASES: [test: string, file: string][] = [
  ['test001', 'test001.csv'], ['test002', 'test002.csv'], ['test003', 'test003.csv'], ['test019', 'test019.csv'],
  ['test020', 'test020.csv'], ['test021', 'test021.csv'], ['test022', 'test022.csv'], ['test050', 'tree-ops.tsv'],
  ['test051', 'test051.csv'], ['test052', 'test052.csv'], ['test055', 'test055.csv'], ['test056', 'test056.csv'], ['test262', 'test262.csv'],
];

describe('csv reading against the csvw expected rows', () => {
  for (const [test, file] of CSVW_CASES) {
    it(`reads the rows of ${test} (${file})`, () => {
      const expected = (JSON.parse(readFileSync(join(CSV, 'csvw', `${test}.json`), 'utf8')) as CsvwExpectation).tables[0].row.map((row) => Object.values(row.describes[0]));
      const workbook = readCsv(readFileSync(join(CSV, 'csvw', file)), file);
      const read = readTables(workbook);
      expect(read.tables).toHaveLength(1);
      const [table] = read.tables;
      const grid = workbook.sheets[0];
      expect(table.rows.filter((row) => !row.isAggregate)).toHaveLength(expected.length);
      table.rows.forEach((row, index) => {
        const columns = table.columns.map((column) => column.sourceColumn);
        const texts = columns.map((column) => cellText(grid.rows[row.sheetRow - 1][column] ?? null));
        const values = table.columns.map((column) => row.values[column.sqlName]);
        // Each value reads as expected: the text (trimmed, as csvw's trim dialects give it) or, for a typed date, the ISO date.
        expected[index].forEach((value, column) => {
          expect([texts[column], String(values[column])]).toContain(value.trim());
        });
      });
      if (test === 'test051' || test === 'test052') {
        // The `#` comment lines are accounted for, not stored.
        expect(read.accounts[0].details.filter((row) => row.text.startsWith('#')).map((row) => row.reason)).toEqual(['comment', 'comment']);
      }
    });
  }
});

/** The expected CSV's sheets: xlsx2csv's all-sheets output separates them with `-------- 1 - name` or `! 1 - name` lines. */
function expectedSheets(text: string, delimiter: string): string[][][] {
  const records = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), { delimiter, newline: '\n' }).data;
  const sheets: string[][][] = [[]];
  for (const record of records) {
    if (record.length === 1 && /^(-{8}|!) \d+ - /.test(record[0])) {
      if (sheets[sheets.length - 1].length > 0) sheets.push([]);
      continue;
    }
    sheets[sheets.length - 1].push(record);
  }
  return sheets.map((rows) => rows.filter((record) => record.some((field) => field.trim() !== '')));
}

/** Numbers and dates: xlsx2csv writes them through the cell's number format; gridrag keeps the value. */
const FORMATTED = /^[-+]?[\d.,\s%:$€"/-]*\d[\d.,\s%:$€"/-]*$|^\d{1,2}-[A-Za-z]{3}-\d{4}$/;

describe('xlsx reading against the xlsx2csv expected output', () => {
  const cases: [workbook: string, delimiter: string][] = [
    'empty_row', 'escape', 'float', 'float_formatting', 'formatted_inline_string', 'input-weird', 'last-column-empty', 'namespace',
    'no_cell_ids', 'percentage', 'skip_empty_lines', 'twolettercolumns', 'utf8', 'xlsx2csv-test-file', 'datetime', 'junk-small', 'sheets',
  ].map((name) => [name, ',']);
  cases.push(['variousdelim', '\t']);
  for (const [name, delimiter] of cases) {
    it(`reads the rows and texts of ${name}.xlsx as xlsx2csv does`, async () => {
      const workbook = await readWorkbook({ bytes: readFileSync(join(CSV, 'xlsx2csv', `${name}.xlsx`)), fileName: `${name}.xlsx` });
      const expected = expectedSheets(readFileSync(join(CSV, 'xlsx2csv', `${name}.csv`), 'utf8'), delimiter);
      expected.forEach((rows, sheet) => {
        const grid = workbook.sheets[sheet];
        const ours = grid.rows.map((row) => row.map((cell) => cellText(cell ?? null))).filter((row) => row.some((text) => text !== ''));
        expect(ours).toHaveLength(rows.length);
        rows.forEach((record, row) => {
          record.forEach((field, column) => {
            // Merged cells: gridrag copies the value over the range, xlsx2csv writes it once; compare where xlsx2csv wrote a value.
            const value = field.replace(/\\n/g, '\n').replace(/\\t/g, '\t').trim();
            if (value === '' || FORMATTED.test(value)) return;
            expect(ours[row][column]?.toLowerCase(), `${name} sheet ${sheet + 1} row ${row + 1} column ${column + 1}`).toBe(value.toLowerCase());
          });
        });
      });
    });
  }
});
