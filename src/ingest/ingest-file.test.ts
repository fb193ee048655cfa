import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { DEV_FIXTURES } from '../../test/helpers/shared-paths.js';
import { ingestFile, type IngestInput } from './index.js';
import { loadCatalog } from '../store/index.js';

const csv = (text: string) => new TextEncoder().encode(text);

function input(tenantId: string, fileName: string, bytes: Uint8Array, sourceRef = fileName): IngestInput {
  return { tenantId, sourceKind: 'upload', sourceRef, sourcePath: fileName, fileName, bytes };
}

async function monthlyReport(month: string, amounts: number[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow([`Cost report ${month}`]);
  sheet.addRow([]);
  sheet.addRow(['Cost centre', 'Amount']);
  amounts.forEach((amount, i) => sheet.addRow([`Centre ${i + 1}`, amount]));
  const total = sheet.addRow(['Total', { formula: `SUM(B4:B${3 + amounts.length})`, result: amounts.reduce((a, b) => a + b, 0) }]);
  total.font = { bold: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function dataRowCount(db: TestDb['db'], tenantId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from tabular_document_rows where tenant_id = $1 and not is_aggregate', [tenantId]);
  return rows[0].n;
}

for (const adapter of DB_ADAPTERS) {
  describe(`ingestFile (${adapter.name})`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('skips the same content, replaces changed content atomically and keeps the table name', async () => {
      const first = await ingestFile(test.db, input('t1', 'sales.csv', csv('region,amount\nNorth,10\nSouth,20\n')));
      expect(first).toMatchObject({ status: 'ingested', tables: 1, rows: 2 });
      expect(await ingestFile(test.db, input('t1', 'sales.csv', csv('region,amount\nNorth,10\nSouth,20\n')))).toMatchObject({ status: 'unchanged', recordId: first.recordId });
      const second = await ingestFile(test.db, input('t1', 'sales.csv', csv('region,amount\nNorth,10\nSouth,20\nEast,5\n')));
      expect(second).toMatchObject({ status: 'replaced', recordId: first.recordId, rows: 3 });
      const [table] = await loadCatalog(test.db, 't1');
      expect(table).toMatchObject({ sqlName: 'sales', rowCount: 3 });
      expect(table.record.version).toBe(2);
      expect(await dataRowCount(test.db, 't1')).toBe(3);
    });

    it('keeps the stored version when a replacement cannot be read, notes the error, and clears it when the file comes back', async () => {
      const good = csv('region,amount\nNorth,10\nSouth,20\nEast,5\n');
      const broken = await ingestFile(test.db, input('t1', 'sales.csv', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0])));
      expect(broken.status).toBe('failed');
      expect(broken.errorCode).toBe('FILE_FORMAT');
      expect(broken.error).toMatch(/^sales\.csv: /);
      expect(await dataRowCount(test.db, 't1')).toBe(3);
      const noted = await test.db.query<{ error: string; status: string }>(`select error, status from record_manager where id = $1`, [broken.recordId]);
      expect(noted.rows[0]).toMatchObject({ status: 'ready', error: expect.stringMatching(/latest version not ingested/) });
      expect((await ingestFile(test.db, input('t1', 'sales.csv', good))).status).toBe('unchanged');
      const cleared = await test.db.query<{ error: string | null }>(`select error from record_manager where id = $1`, [broken.recordId]);
      expect(cleared.rows[0].error).toBeNull();
    });

    it('records schema drift when a re-ingested table’s columns change', async () => {
      const outcome = await ingestFile(test.db, input('t1', 'sales.csv', csv('region,revenue,units\nNorth,10,1\n')));
      expect(outcome.status).toBe('replaced');
      expect(outcome.warnings).toEqual([expect.stringMatching(/schema drift in sales: added revenue, units; removed amount/)]);
      const [table] = await loadCatalog(test.db, 't1');
      expect(table.warnings[0]).toMatch(/schema drift/);
    });

    it('stores a failed record for a file that never ingested, without tables', async () => {
      const outcome = await ingestFile(test.db, input('t1', 'empty.csv', csv('')));
      expect(outcome).toMatchObject({ status: 'failed', tables: 0 });
      const { rows } = await test.db.query<{ status: string }>(`select status from record_manager where id = $1`, [outcome.recordId]);
      expect(rows[0].status).toBe('failed');
      expect((await loadCatalog(test.db, 't1')).map((table) => table.file)).not.toContain('empty.csv');
    });

    it('reads again content whose last read failed (a raised limit takes it), instead of answering the stored failure', async () => {
      const bytes = csv(`id,note\n1,${'y'.repeat(3000)}\n`);
      const refused = await ingestFile(test.db, { ...input('t1', 'long-note.csv', bytes), limits: { maxCellChars: 1000 } });
      expect(refused).toMatchObject({ status: 'failed', error: expect.stringContaining('3,000 characters') });
      const again = await ingestFile(test.db, { ...input('t1', 'long-note.csv', bytes), limits: { maxCellChars: 1000 } });
      expect(again).toMatchObject({ status: 'failed', recordId: refused.recordId });
      const stored = await ingestFile(test.db, { ...input('t1', 'long-note.csv', bytes), limits: { maxCellChars: 5000 } });
      expect(stored).toMatchObject({ status: 'replaced', recordId: refused.recordId, tables: 1, rows: 1 });
      const { rows } = await test.db.query<{ status: string; error: string | null }>(`select status, error from record_manager where id = $1`, [refused.recordId]);
      expect(rows[0]).toEqual({ status: 'ready', error: null });
    });

    it('stores a verified layout as a template of its tenant only, and reads the next month’s file with it', async () => {
      const january = await ingestFile(test.db, input('t2', 'costs-2025-01.xlsx', await monthlyReport('January', [100, 250, 75])));
      expect(january.status).toBe('ingested');
      const [first] = await loadCatalog(test.db, 't2');
      expect(first.outcome).toBe('verified');
      const templates = await test.db.query<{ tenant_id: string; fingerprint: string }>('select tenant_id, fingerprint from layout_templates');
      expect(templates.rows.filter((row) => row.tenant_id === 't2')).toHaveLength(1);
      expect(templates.rows.filter((row) => row.tenant_id === 't3')).toHaveLength(0);

      await ingestFile(test.db, input('t2', 'costs-2025-02.xlsx', await monthlyReport('February', [120, 240, 80, 60])));
      const february = (await loadCatalog(test.db, 't2')).find((table) => table.file === 'costs-2025-02.xlsx');
      expect(february).toMatchObject({ outcome: 'verified', rowCount: 4, range: 'A3:B8' });
      const stored = await test.db.query<{ fingerprint: string }>(`select fingerprint from tabular_tables where id = $1`, [february!.id]);
      expect(stored.rows[0].fingerprint).toBe(templates.rows.find((row) => row.tenant_id === 't2')!.fingerprint);
    });

    it('reads a UTF-16 text document as prose chunks', async () => {
      const text = 'Quarterly notes.\n\nRevenue grew in Zürich and Malmö.';
      const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
      const outcome = await ingestFile(test.db, input('t5', 'notes.txt', bytes));
      expect(outcome.status).toBe('ingested');
      const { rows } = await test.db.query<{ content: string }>(`select content from document_chunks where record_id = $1 order by chunk_index`, [outcome.recordId]);
      expect(rows.map((row) => row.content).join(' ')).toContain('Zürich and Malmö');
    });

    it('offers union and long-form views beside the tables found', async () => {
      for (const file of ['regional_sales.xlsx', 'pnl_2024.xlsx']) {
        await ingestFile(test.db, input('t4', file, await readFile(path.join(DEV_FIXTURES, file))));
      }
      const catalog = await loadCatalog(test.db, 't4');
      const union = catalog.find((table) => table.kind === 'union');
      expect(union).toMatchObject({ sqlName: 'regional_sales_sales_all', rowCount: 42 });
      expect(union!.columns[0]).toMatchObject({ sqlName: 'label', derived: 'label', profile: { distinct: ['Benelux', 'DACH', 'Nordics'] } });
      const long = catalog.find((table) => table.kind === 'long');
      expect(long!.sqlName).toBe('pnl_2024_p_and_l_long');
      expect(long!.rowCount).toBe(6 * 12);
      expect(long!.columns.map((column) => column.sqlName)).toEqual(expect.arrayContaining(['line_item', 'section', 'period', 'period_index', 'value']));
    });
  });
}
