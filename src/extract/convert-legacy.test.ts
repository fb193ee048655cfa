import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileFormatError } from '../errors.js';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';
import { buildStoredZip } from './__fixtures__/stored-zip.js';
import { convertWithSoffice } from './convert-legacy.js';
import { readWorkbook } from './read-workbook.js';

const XLS = path.join(CORPUS_DIR, 'xlsx/poi_SubtotalsNested.xls');

async function salesXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sales');
  sheet.addRows([['Region', 'Amount'], ['North', 10], ['South', 20.5]]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const texts = (rows: unknown[][]) => rows.map((row) => row.map((cell) => (cell as { value?: unknown } | null)?.value ?? null));

describe('legacy workbooks through LibreOffice', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-legacy-test-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads an Excel 97-2003 .xls from the corpus', { timeout: 120_000 }, async () => {
    const workbook = await readWorkbook({ bytes: readFileSync(XLS), fileName: 'SubtotalsNested.xls' });
    expect(workbook).toMatchObject({ file: 'SubtotalsNested.xls', format: 'xlsx', convertedFrom: 'xls' });
    expect(workbook.sheets.map((sheet) => sheet.name)).toEqual(['Tabelle1']);
    expect(workbook.sheets[0].rows.flat().some((cell) => typeof cell?.value === 'string' && /Subtotal/i.test(cell.value))).toBe(true);
  });

  it('reads an OpenDocument .ods, two conversions at once', { timeout: 120_000 }, async () => {
    const ods = await convertWithSoffice(await salesXlsx(), 'sales.xlsx', 'ods');
    const [first, second] = await Promise.all([readWorkbook({ bytes: ods, fileName: 'sales.ods' }), readWorkbook({ bytes: ods, fileName: 'copy.ods' })]);
    for (const workbook of [first, second]) {
      expect(workbook).toMatchObject({ format: 'xlsx', convertedFrom: 'ods' });
      expect(texts(workbook.sheets[0].rows)).toEqual([['Region', 'Amount'], ['North', 10], ['South', 20.5]]);
    }
  });

  it('names the file and the missing converter when LibreOffice is not installed', async () => {
    const error = await readWorkbook({ bytes: readFileSync(XLS), fileName: 'SubtotalsNested.xls', converter: { sofficePath: '/nonexistent/soffice' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as Error).message).toBe(
      'SubtotalsNested.xls: reading a legacy Excel 97-2003 workbook (.xls) needs the LibreOffice converter "/nonexistent/soffice", which was not found; install LibreOffice (Debian/Ubuntu: apt-get install libreoffice-calc-nogui) or set GRIDRAG_SOFFICE to its soffice executable',
    );
  });

  it('takes the converter from GRIDRAG_SOFFICE', async () => {
    const before = process.env.GRIDRAG_SOFFICE;
    process.env.GRIDRAG_SOFFICE = '/nonexistent/libreoffice/soffice';
    try {
      const bytes = buildStoredZip({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': '<x/>' });
      await expect(readWorkbook({ bytes, fileName: 'report.ods' })).rejects.toThrow(/^report\.ods: reading an OpenDocument spreadsheet \(\.ods\) needs the LibreOffice converter "\/nonexistent\/libreoffice\/soffice"/);
    } finally {
      if (before === undefined) delete process.env.GRIDRAG_SOFFICE;
      else process.env.GRIDRAG_SOFFICE = before;
    }
  });

  it('stops a conversion that runs past its timeout', async () => {
    const hanging = path.join(folder, 'hanging-soffice');
    await writeFile(hanging, '#!/bin/sh\nsleep 30\n');
    await chmod(hanging, 0o755);
    const started = Date.now();
    await expect(convertWithSoffice(readFileSync(XLS), 'slow.xls', 'xlsx', { sofficePath: hanging, timeoutMs: 300 })).rejects.toThrow(
      /^slow\.xls: LibreOffice \(".*hanging-soffice"\) did not convert a legacy Excel 97-2003 workbook \(\.xls\) within 0\.3 s/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('says so when LibreOffice cannot convert the file', { timeout: 120_000 }, async () => {
    const failing = path.join(folder, 'failing-soffice');
    await writeFile(failing, '#!/bin/sh\necho "Error: source file could not be loaded" >&2\nexit 0\n');
    await chmod(failing, 0o755);
    await expect(convertWithSoffice(readFileSync(XLS), 'broken.xls', 'xlsx', { sofficePath: failing })).rejects.toThrow(
      /^broken\.xls: LibreOffice \(".*failing-soffice"\) could not convert a legacy Excel 97-2003 workbook \(\.xls\) \(exit 0\): Error: source file could not be loaded/,
    );
  });
});
