/**
 * No silent row loss over every CSV of the shared corpus (`csv/` and `qa/wtq/tables/`): each
 * record of the file is stored as a table row or excluded with a reason, and a CSV that
 * papaparse reads as one rectangular table under a text header keeps every record as a row.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../src/extract/index.js';
import { csvTextOf, papaparseCleanTable } from '../src/eval/rows-lost.js';
import { accountBalances, readTables } from '../src/tables/index.js';
import { CORPUS_DIR } from './helpers/shared-paths.js';

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const files = [...listFiles(join(CORPUS_DIR, 'csv')), ...listFiles(join(CORPUS_DIR, 'qa/wtq/tables'))].filter((path) => /\.(csv|tsv)$/i.test(path)).sort();

const blank = (record: string[]) => record.every((field) => field.trim() === '');

describe('row accounting over the corpus CSVs', () => {
  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(140);
  });

  for (const path of files) {
    it(`accounts for every record of ${relative(CORPUS_DIR, path)}`, async () => {
      const bytes = readFileSync(path);
      const text = csvTextOf(bytes);
      if (text.trim() === '') {
        await expect(readWorkbook({ bytes, fileName: basename(path) })).rejects.toThrow(/no data/);
        return;
      }
      const workbook = await readWorkbook({ bytes, fileName: basename(path) });
      const read = readTables(workbook);
      const [account] = read.accounts;

      // The file's records as papaparse reads them with the detected delimiter (trailing blank lines aside).
      // Excel's `sep=` line is one record of the file (a `dialect` line), the rest parsed as the reader's dialect says.
      const hint = /^sep=.\n/i.exec(text);
      const body = hint ? text.slice(hint[0].length) : text;
      const quoteChar = workbook.quoteChar ?? '"';
      const escapeChar = workbook.quoteEscape === 'backslash' ? '\\' : quoteChar;
      const records = Papa.parse<string[]>(body, { delimiter: workbook.delimiter, newline: '\n', quoteChar, escapeChar }).data;
      if (hint) records.unshift([hint[0].trim()]);
      while (records.length > 0 && blank(records[records.length - 1])) records.pop();
      expect(account.rows).toBe(records.length);
      expect(accountBalances(account)).toBe(true);

      // Every non-blank record is a stored row or listed as excluded, each once.
      const stored = new Set(read.tables.flatMap((table) => table.rows.map((row) => row.sheetRow)));
      const excluded = account.details.map((row) => row.sheetRow);
      expect(excluded.filter((row) => stored.has(row))).toEqual([]);
      const nonBlank = records.flatMap((record, index) => (blank(record) ? [] : [index + 1]));
      expect([...stored, ...excluded].sort((a, b) => a - b)).toEqual(nonBlank);
      if (read.tables.length === 0) expect(account.noTable).toMatch(/^no table: /);

      const clean = papaparseCleanTable(text, escapeChar === '\\' ? '\\' : '"');
      if (clean !== null && clean.repeats === 0) {
        expect(read.tables).toHaveLength(1);
        expect(account.stored.data + account.stored.aggregate).toBe(clean.records);
      }
    });
  }
});
