import { describe, expect, it } from 'vitest';
import { buildCellAt, buildLongCell, buildMissingStrings, buildSharedStrings, buildZipBomb } from './__fixtures__/hostile-files.js';
import { FileLimitError, resolveReadLimits, type ReadLimits } from './read-limits.js';
import { readWorkbook } from './read-workbook.js';
import { createPace } from './pace.js';

async function failureOf(bytes: Uint8Array, fileName: string, limits: Partial<ReadLimits> = {}): Promise<FileLimitError> {
  const error = await readWorkbook({ bytes, fileName, limits }).then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(FileLimitError);
  return error as FileLimitError;
}

describe('readWorkbook limits', () => {
  it('refuses a zip bomb by the size its directory declares, naming file, part and limit', async () => {
    const bomb = await buildZipBomb(50_000);
    expect(bomb.length).toBeLessThan(512 * 1024); // the file is well under the limit; its sheet is not
    const error = await failureOf(bomb, 'bomb.xlsx', { maxPartBytes: 1024 * 1024 });
    expect(error.limit).toBe('maxPartBytes');
    expect(error.code).toBe('FILE_FORMAT');
    expect(error.message).toMatch(/^bomb\.xlsx: the part xl\/worksheets\/sheet1\.xml inflates to [\d.]+ MiB, over the limit of 1 MiB per part/);
  });

  it('stops inflating a zip bomb whose directory lies about its size at the limit', async () => {
    const bomb = await buildZipBomb(50_000, { lie: true });
    const error = await failureOf(bomb, 'liar.xlsx', { maxPartBytes: 1024 * 1024 });
    expect(error.message).toMatch(/^liar\.xlsx: the part xl\/worksheets\/sheet1\.xml inflates to more than 1 MiB, over the limit of 1 MiB per part/);
  });

  it('refuses a CSV record past the column limit before its cells are made, naming the record, paced or not', async () => {
    const header = Array.from({ length: 16_385 }, (_, index) => `c${index}`).join(',');
    const bytes = Buffer.from(`a,b\n1,2\n${header}\n`);
    for (const pace of [undefined, createPace()]) {
      const error = await readWorkbook({ bytes, fileName: 'wide.csv', pace }).then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(FileLimitError);
      expect((error as FileLimitError).limit).toBe('maxColumns');
      expect((error as FileLimitError).message).toBe("wide.csv: record 3 has 16,385 fields, beyond the 16,384 columns a sheet can have (Excel's limit)");
    }
    // At the limit, and past it with a raised limit, the file is read.
    const edge = await readWorkbook({ bytes: Buffer.from(`${header.split(',').slice(0, 16_384).join(',')}\n`), fileName: 'edge.csv' });
    expect(edge.sheets[0].rows[0]).toHaveLength(16_384);
    const raised = await readWorkbook({ bytes, fileName: 'wide.csv', limits: { maxColumns: 20_000 } });
    expect(raised.sheets[0].rows[2]).toHaveLength(16_385);
  });

  it('reads the same workbook when it is within the limit', async () => {
    const workbook = await readWorkbook({ bytes: await buildZipBomb(2_000), fileName: 'fine.xlsx', limits: { maxPartBytes: 1024 * 1024 } });
    expect(workbook.sheets[0].rows).toHaveLength(2_000);
  });

  it('refuses a sheet past Excel’s 1,048,576 rows or 16,384 columns', async () => {
    const rows = await failureOf(buildCellAt('A1048577'), 'tall.xlsx');
    expect(rows.limit).toBe('maxRows');
    expect(rows.message).toBe('tall.xlsx: sheet "Data" (xl/worksheets/sheet1.xml): row 1,048,577 is beyond the 1,048,576 rows a sheet can have (Excel\'s limit)');
    const columns = await failureOf(buildCellAt('XFE1'), 'wide.xlsx');
    expect(columns.limit).toBe('maxColumns');
    expect(columns.message).toMatch(/^wide\.xlsx: sheet "Data" \(xl\/worksheets\/sheet1\.xml\): cell XFE1 of row 1 is beyond the 16,384 columns/);
    // The last cell Excel allows is read (a sheet this tall is held in the compact row store).
    const edge = await readWorkbook({ bytes: buildCellAt('XFD1048576'), fileName: 'edge.xlsx' });
    const store = edge.sheets[0].store;
    expect(store?.length).toBe(1_048_576);
    expect(store?.row(1_048_575)[16_383]?.value).toBe(1);
  });

  it('refuses shared strings beyond their limit, and a shared string longer than a cell may be', async () => {
    const total = await failureOf(buildSharedStrings(50, 100), 'strings.xlsx', { maxSharedStringChars: 2_000 });
    expect(total.limit).toBe('maxSharedStringChars');
    expect(total.message).toMatch(/^strings\.xlsx: xl\/sharedStrings\.xml: the shared strings hold more than the limit of 2,000 characters/);
    const one = await failureOf(buildSharedStrings(2, 500), 'long-string.xlsx', { maxCellChars: 100 });
    expect(one.limit).toBe('maxCellChars');
    expect(one.message).toMatch(/^long-string\.xlsx: xl\/sharedStrings\.xml: shared string 0 is longer than the limit of 100 characters per cell/);
  });

  it('refuses a cell longer than the limit, in xlsx and CSV, naming the cell', async () => {
    const xlsx = await failureOf(buildLongCell(5_000), 'long.xlsx', { maxCellChars: 1_000 });
    expect(xlsx.message).toMatch(/^long\.xlsx: sheet "Data" \(xl\/worksheets\/sheet1\.xml\): cell B2 is longer than the limit of 1,000 characters per cell/);
    const csv = new TextEncoder().encode(`id,note\n1,${'z'.repeat(5_000)}\n`);
    const text = await failureOf(csv, 'long.csv', { maxCellChars: 1_000 });
    expect(text.message).toBe('long.csv: cell B2 holds 5,000 characters, over the limit of 1,000 per cell (GRIDRAG_MAX_CELL_CHARS)');
  });

  it('names the cells whose shared string index is out of range in a warning, and stores them empty', async () => {
    const workbook = await readWorkbook({ bytes: buildMissingStrings(), fileName: 'damaged.xlsx' });
    expect(workbook.warnings).toEqual([
      'damaged.xlsx: sheet "Data": 2 cells point past the end of the shared strings and are stored empty (B3, B4); the file is damaged, open it in Excel and save it again',
    ]);
    expect(workbook.sheets[0].rows[2][1] ?? null).toBeNull();
    expect(workbook.sheets[0].rows[1][1]?.value).toBe('id');
  });

  it('keeps the defaults for limits left out', () => {
    expect(resolveReadLimits({ maxCellChars: 10 })).toMatchObject({ maxCellChars: 10, maxRows: 1_048_576, maxColumns: 16_384 });
  });
});
