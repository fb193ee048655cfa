import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FileFormatError } from '../errors.js';
import type { Cell, Workbook } from './grid.js';
import { buildStoredZip } from './__fixtures__/stored-zip.js';
import { readWorkbook } from './read-workbook.js';
import { SHARED_DIR } from '../../test/helpers/shared-paths.js';

const FIXTURES = join(SHARED_DIR, 'fixtures');

async function readFixture(relativePath: string): Promise<Workbook> {
  const bytes = readFileSync(join(FIXTURES, relativePath));
  return readWorkbook({ bytes, fileName: relativePath.split('/').pop() as string });
}

function values(workbook: Workbook, sheet = 0): unknown[][] {
  return workbook.sheets[sheet].rows.map((row) => row.map((cell) => cell?.value ?? null));
}

async function expectFormatError(bytes: Uint8Array, fileName: string, pattern: RegExp): Promise<FileFormatError> {
  const error = await readWorkbook({ bytes, fileName }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(FileFormatError);
  expect((error as FileFormatError).message).toContain(fileName);
  expect((error as FileFormatError).message).toMatch(pattern);
  return error as FileFormatError;
}

describe('readWorkbook', () => {
  describe('bug fixtures', () => {
    it('copies a merged group label to every row it spans (01)', async () => {
      const workbook = await readFixture('bugs/01-merged-group-label/sales.xlsx');
      const rows = values(workbook);
      expect(rows[1]).toEqual(['North', 'Jan', 100]);
      expect(rows[2]).toEqual(['North', 'Feb', 150]);
      const covered = workbook.sheets[0].rows[2][0] as Cell;
      expect(covered.merge).toEqual({ top: 1, left: 0, bottom: 2, right: 0 });
      expect(workbook.sheets[0].merges).toEqual([{ top: 1, left: 0, bottom: 2, right: 0 }]);
    });

    it('reads the cached result of every shared formula copy (03)', async () => {
      const workbook = await readFixture('bugs/03-shared-formula-cached/doubles.xlsx');
      const doubles = workbook.sheets[0].rows.slice(1).map((row) => row[1] as Cell);
      expect(doubles.map((cell) => cell.value)).toEqual([20, 40, 60]);
      expect(doubles.every((cell) => cell.formula === true)).toBe(true);
      expect(doubles[0].formulaText).toBe('A2*2');
    });

    it('flattens rich text and hyperlink cells to plain text (05)', async () => {
      const workbook = await readFixture('bugs/05-richtext-hyperlink-values/deals.xlsx');
      expect(values(workbook).slice(1).map((row) => row[0])).toEqual([
        'user-a@example.com',
        'user-a@example.com',
        'user-a@example.com',
      ]);
    });

    it('drops styled empty rows and leaves short rows short (08)', async () => {
      const workbook = await readFixture('bugs/08-trailing-empty-and-styled-rows/quarters.xlsx');
      expect(values(workbook)).toEqual([
        ['Name', 'Q1', 'Q2', 'Notes'],
        ['P1', 10],
        ['P2', 5, 7, 'ok'],
      ]);
      expect(workbook.sheets[0].rowHidden).toHaveLength(3);
    });

    it('strips the UTF-8 byte order mark from the first header (12)', async () => {
      const workbook = await readFixture('bugs/12-utf8-bom-header/amounts.csv');
      expect(workbook.encoding).toBe('utf-8-bom');
      expect(values(workbook)).toEqual([
        ['id', 'amount'],
        ['1', '10'],
        ['2', '20'],
      ]);
    });

    it('detects a semicolon delimiter with decimal commas (13)', async () => {
      const workbook = await readFixture('bugs/13-semicolon-decimal-comma/amounts.csv');
      expect(workbook.delimiter).toBe(';');
      expect(workbook.decimalSeparator).toBe(',');
      expect(values(workbook)[1]).toEqual(['P1', '1.234,50']);
    });

    it('decodes Windows-1252 and UTF-16LE to the same text (15)', async () => {
      const legacy = await readFixture('bugs/15-legacy-encodings/names-cp1252.csv');
      const utf16 = await readFixture('bugs/15-legacy-encodings/names-utf16le.csv');
      expect(legacy.encoding).toBe('windows-1252');
      expect(utf16.encoding).toBe('utf-16le');
      for (const workbook of [legacy, utf16]) {
        expect(values(workbook)).toEqual([
          ['Name', 'Amount'],
          ['Müller', '10'],
          ['Gómez', '20'],
        ]);
      }
    });

    it('keeps zip codes as the text written (16)', async () => {
      const workbook = await readFixture('bugs/16-zip-leading-zeros/zips.csv');
      expect(values(workbook).map((row) => row[0])).toEqual(['zip', '02134', '10001', '00501']);
    });

    it('keeps a delimiter-only line as an empty row and drops the trailing blank line (19)', async () => {
      const workbook = await readFixture('bugs/19-trailing-newline-empty-records/values.csv');
      expect(values(workbook)).toEqual([
        ['a', 'b'],
        ['1', '2'],
        [],
        ['3', '4'],
      ]);
    });

    it('keeps accounting strings as raw text with blanks as null (25)', async () => {
      const workbook = await readFixture('bugs/25-accounting-strings/amounts.csv');
      expect(values(workbook).map((row) => row[1])).toEqual(['amount', '1,234.50', '$1,200', '(500)', null, '-']);
    });
  });

  describe('dev fixtures', () => {
    it('reads csat_by_month.csv as windows-1252, semicolons, decimal comma', async () => {
      const workbook = await readFixture('dev/csat_by_month.csv');
      expect(workbook).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';', decimalSeparator: ',' });
      expect(values(workbook)[0]).toEqual(['Standort', 'Monat', 'CSAT', 'Antworten']);
      expect(values(workbook)[1]).toEqual(['Zürich', '2025-01', '3,83', '800']);
      expect(workbook.sheets[0].rows).toHaveLength(73);
    });

    it('reads orders.csv as utf-8-bom with 1000 data rows and quoted thousands', async () => {
      const workbook = await readFixture('dev/orders.csv');
      expect(workbook).toMatchObject({ encoding: 'utf-8-bom', delimiter: ',', decimalSeparator: '.' });
      expect(workbook.sheets[0].rows).toHaveLength(1001);
      expect(values(workbook)[0][0]).toBe('order_id');
      expect(values(workbook)[4]).toContain('1,199.92');
    });

    it('flags the hidden Lookup sheet and reads Excel dates as UTC midnight', async () => {
      const workbook = await readFixture('dev/feedback_tracker.xlsx');
      const lookup = workbook.sheets.find((sheet) => sheet.name === 'Lookup');
      expect(lookup?.hidden).toBe(true);
      const firstDate = workbook.sheets[0].rows[4][0]?.value;
      expect(firstDate).toBeInstanceOf(Date);
      expect((firstDate as Date).toISOString()).toBe('2024-10-01T00:00:00.000Z');
    });

    it('copies merged two-row headers of media_plan.xlsx', async () => {
      const workbook = await readFixture('dev/media_plan.xlsx');
      const rows = values(workbook);
      expect(rows[1].slice(0, 6)).toEqual(['Channel', 'Reach', 'Reach', 'Reach', 'Spend', 'Spend']);
      expect(rows[2].slice(0, 6)).toEqual(['Channel', 'Potential', 'Planned', 'Achieved', 'Budget', 'Actual']);
    });
  });

  describe('refusals', () => {
    it('refuses an empty file', async () => {
      await expectFormatError(new Uint8Array(0), 'empty.csv', /no data/);
      await expectFormatError(new TextEncoder().encode('\n\r\n ,, \n'), 'blank.csv', /no data/);
    });

    it('refuses a password-protected workbook (OLE2 holding EncryptedPackage)', async () => {
      const bytes = new Uint8Array(2048);
      bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      bytes.set(Buffer.from('EncryptedPackage', 'utf16le'), 1024);
      await expectFormatError(bytes, 'secret.xlsx', /password-protected/);
    });

    it('refuses a truncated xlsx', async () => {
      const bytes = readFileSync(join(FIXTURES, 'bugs/01-merged-group-label/sales.xlsx'));
      await expectFormatError(bytes.subarray(0, Math.floor(bytes.length / 2)), 'cut.xlsx', /damaged or truncated/);
    });

    it('refuses a ZIP-encrypted workbook and says it is password-protected', async () => {
      const bytes = Uint8Array.from(buildStoredZip({ 'xl/workbook.xml': '<workbook/>' }));
      const view = new DataView(bytes.buffer);
      view.setUint16(6, 1, true); // local header: general purpose flag bit 0 = encrypted
      const central = Buffer.from(bytes).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      view.setUint16(central + 8, 1, true); // central directory header flag
      await expectFormatError(bytes, 'locked.xlsx', /password-protected \(encrypted\).*save it as \.xlsx/);
    });

    it('refuses an xlsx whose sheet data is corrupt', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Data').addRow(['a', 1]);
      const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
      const corrupt = Uint8Array.from(bytes);
      // Overwrite the middle of the archive: local data no longer inflates, the directory stays intact.
      for (let i = 200; i < Math.min(corrupt.length - 400, 1200); i++) corrupt[i] = 0x55;
      const error = await readWorkbook({ bytes: corrupt, fileName: 'bad.xlsx' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FileFormatError);
      expect((error as Error).message).toMatch(/^bad\.xlsx: /);
    });

    it('refuses an OpenDocument file that is not a spreadsheet', async () => {
      const bytes = buildStoredZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' });
      await expectFormatError(bytes, 'letter.odt', /OpenDocument file that is not a spreadsheet/);
    });

    it('refuses a PDF, an HTML page under an .xls name, random binary and unknown types', async () => {
      await expectFormatError(new TextEncoder().encode('%PDF-1.7 ...'), 'a.pdf', /PDF/);
      await expectFormatError(new TextEncoder().encode('<html><table><tr><td>1</td></tr></table></html>'), 'export.xls', /HTML/);
      await expectFormatError(Uint8Array.from({ length: 512 }, (_, i) => (i * 7) % 32), 'blob.bin', /binary/);
      await expectFormatError(new TextEncoder().encode('{"a": 1}'), 'data.json', /unsupported file type \.json/);
    });

    it('refuses a .txt file that is prose, not delimited', async () => {
      await expectFormatError(new TextEncoder().encode('Dear team\nplease find the figures attached\n'), 'notes.txt', /not a delimited/);
    });
  });

  it('reads delimited text saved under an .xlsx name', async () => {
    const workbook = await readWorkbook({ bytes: new TextEncoder().encode('a;b\n1;2\n'), fileName: 'export.xlsx' });
    expect(workbook.format).toBe('csv');
    expect(values(workbook)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
