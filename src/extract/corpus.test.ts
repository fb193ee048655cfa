import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileFormatError } from '../errors.js';
import { readWorkbook } from './read-workbook.js';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';

const CORPUS = CORPUS_DIR;

function listFiles(folder: string): string[] {
  return readdirSync(folder)
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    })
    .sort();
}

const files = listFiles(CORPUS);

/**
 * Every corpus file is read: data files (xlsx, xlsm, legacy xls through LibreOffice, csv, tsv)
 * must give a Workbook unless they hold nothing; non-data files (.json expectations, metadata)
 * must give a FileFormatError that names the file. Nothing else may be thrown, and nothing may hang.
 */
describe('readWorkbook over the corpus', () => {
  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  for (const path of files) {
    const name = relative(CORPUS, path);
    it(`reads ${name} or refuses it clearly`, { timeout: 60_000 }, async () => {
      const bytes = readFileSync(path);
      const outcome = await readWorkbook({ bytes, fileName: basename(path) }).catch((error: unknown) => error);
      const extension = /\.([^.]+)$/.exec(path)?.[1]?.toLowerCase();
      const holdsData = bytes.toString('latin1').trim() !== '';
      if (['xlsx', 'xlsm', 'xls', 'csv', 'tsv'].includes(extension ?? '') && holdsData) {
        if (outcome instanceof Error) throw outcome;
        expect(outcome).toMatchObject({ file: basename(path) });
        expect((outcome as { sheets: unknown[] }).sheets.length).toBeGreaterThan(0);
      } else if (outcome instanceof Error) {
        expect(outcome).toBeInstanceOf(FileFormatError);
        expect(outcome.message).toContain(basename(path));
      }
    });
  }
});

describe('readWorkbook against csv-spectrum expected output', () => {
  const folder = join(CORPUS, 'csv/csv-spectrum');
  const cases = readdirSync(join(folder, 'csvs')).map((csv) => ({
    csv,
    expected: JSON.parse(readFileSync(join(folder, 'json', csv.replace(/\.csv$/, '.json')), 'utf8')) as unknown,
  }));
  // location_coordinates.json is a single object with another phone number than its CSV: not an expectation.
  for (const { csv, expected } of cases.filter((entry) => Array.isArray(entry.expected)) as { csv: string; expected: Record<string, string>[] }[]) {
    it(`matches the expected rows of ${csv}`, async () => {
      const workbook = await readWorkbook({ bytes: readFileSync(join(folder, 'csvs', csv)), fileName: csv });
      const [header, ...rows] = workbook.sheets[0].rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell.value))));
      const actual = rows.map((row) => Object.fromEntries(header.map((key, i) => [key, row[i] ?? ''])));
      // Line breaks inside quoted fields are normalized to \n.
      const normalized = expected.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value.replace(/\r\n?/g, '\n')])));
      expect(actual).toEqual(normalized);
    });
  }
});
