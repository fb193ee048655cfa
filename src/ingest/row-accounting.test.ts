import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { ingestFile, type IngestInput } from './index.js';
import { loadCatalog, loadRowAccounts } from '../store/index.js';

const bytesOf = (text: string) => new TextEncoder().encode(text);

function input(tenantId: string, fileName: string, text: string): IngestInput {
  return { tenantId, sourceKind: 'upload', sourceRef: fileName, sourcePath: fileName, fileName, bytes: bytesOf(text) };
}

const REPORT = 'Sales report 2025,,\n,,\nRegion,Q1,Q2\nOslo,10,20\nBergen,5,6\nTotal,15,26\n,,\nSource: internal ledger.,,\n';

for (const adapter of DB_ADAPTERS) {
  describe(`row accounting in ingest (${adapter.name})`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('stores where every row went, on the record and on the table', async () => {
      const outcome = await ingestFile(test.db, input('t1', 'report.csv', REPORT));
      expect(outcome).toMatchObject({ status: 'ingested', tables: 1, rows: 2 });
      expect(outcome.rowAccount).toMatchObject({ rows: 8, data: 2, aggregate: 1, excluded: { header: 1, title: 1, note: 1, blank: 2, outside: 0 } });
      expect(outcome.noTable).toBeUndefined();
      const stored = await test.db.query<{ n: number }>('select count(*)::int as n from tabular_document_rows where record_id = $1', [outcome.recordId]);
      expect(stored.rows[0].n).toBe(3);

      const [table] = await loadCatalog(test.db, 't1');
      expect(table.excludedRows?.map((row) => [row.sheetRow, row.reason])).toEqual([[1, 'title'], [3, 'header'], [8, 'note']]);
      const [account] = await loadRowAccounts(test.db, 't1');
      expect(account).toMatchObject({ file: 'report.csv', account: { rows: 8, data: 2 } });

      // Unchanged content reports the stored accounting.
      expect((await ingestFile(test.db, input('t1', 'report.csv', REPORT))).rowAccount).toEqual(outcome.rowAccount);
    });

    it('says why a header-only CSV holds no table, keeping its text', async () => {
      const outcome = await ingestFile(test.db, input('t2', 'header-only.csv', 'id,name,amount\n'));
      expect(outcome).toMatchObject({ status: 'ingested', tables: 0, noTable: 'no table: a single row (a header with no data rows, or one line of text)' });
      expect(outcome.rowAccount).toMatchObject({ rows: 1, excluded: { outside: 1 }, outside: [{ sheetRow: 1, reason: 'outside', text: 'id | name | amount', sheet: null }] });
      const [account] = await loadRowAccounts(test.db, 't2');
      expect(account.account.noTable).toBe(outcome.noTable);
    });

    it('stores a one-line CSV of numbers as a one-row table with generated column names and a warning, its row accounted', async () => {
      const outcome = await ingestFile(test.db, input('t3', 'one-row.csv', '1,2,3\n'));
      expect(outcome).toMatchObject({ status: 'ingested', tables: 1, rows: 1 });
      expect(outcome.noTable).toBeUndefined();
      expect(outcome.rowAccount).toMatchObject({ rows: 1, data: 1 });
      expect(outcome.warnings).toEqual(['one-row.csv: no header row found over the table in A1:C1; its columns are named Column 1 to Column 3']);
    });

    it('stores a workbook whose sheets hold one row of numbers each as one-row tables, as the same rows in a CSV', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Austin').addRow([null, null, 'Hello World', false]);
      workbook.addWorksheet('Sheet2').addRow([1, 2]);
      const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
      const outcome = await ingestFile(test.db, { tenantId: 't4', sourceKind: 'upload', sourceRef: 'rows.xlsx', sourcePath: 'rows.xlsx', fileName: 'rows.xlsx', bytes });
      expect(outcome).toMatchObject({ status: 'ingested', tables: 2, rows: 2 });
      expect(outcome.rowAccount).toMatchObject({ rows: 2, data: 2 });
      const stored = await test.db.query<{ n: number }>('select count(*)::int as n from tabular_document_rows where record_id = $1', [outcome.recordId]);
      expect(stored.rows[0].n).toBe(2);
    });

    it('fails a one-line CSV of text alone (a header with no rows) with the reason', async () => {
      const outcome = await ingestFile(test.db, input('t3', 'header.csv', 'Name,Value\n'));
      expect(outcome).toMatchObject({ status: 'ingested', tables: 0, noTable: 'no table: a single row (a header with no data rows, or one line of text)' });
    });
  });
}
