import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';
import { ingestFile } from './index.js';
import { loadCatalog } from '../store/index.js';

const OTT = path.join(CORPUS_DIR, 'xlsx/databaker_ott.xls');

for (const adapter of DB_ADAPTERS) {
  describe(`ingestFile of legacy .xls (${adapter.name})`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('ingests an Excel 97-2003 workbook through LibreOffice, every row accounted for', { timeout: 120_000 }, async () => {
      const outcome = await ingestFile(test.db, { tenantId: 't1', sourceKind: 'upload', sourceRef: 'ott.xls', sourcePath: 'ott.xls', fileName: 'ott.xls', bytes: readFileSync(OTT) });
      expect(outcome).toMatchObject({ status: 'ingested' });
      expect(outcome.tables).toBeGreaterThan(5);
      const account = outcome.rowAccount!;
      const excluded = Object.values(account.excluded).reduce((sum, count) => sum + count, 0);
      expect(account.data + account.aggregate + account.hidden + excluded).toBe(account.rows);
      const { rows } = await test.db.query<{ metadata: Record<string, unknown> }>('select metadata from record_manager where id = $1', [outcome.recordId]);
      expect(rows[0].metadata).toMatchObject({ format: 'xlsx', convertedFrom: 'xls' });
      const tables = await loadCatalog(test.db, 't1');
      expect(new Set(tables.map((table) => table.sheet))).toContain('Table 1');
    });

    it('fails with the missing converter named when LibreOffice is absent', async () => {
      const before = process.env.GRIDRAG_SOFFICE;
      process.env.GRIDRAG_SOFFICE = '/nonexistent/soffice';
      try {
        const outcome = await ingestFile(test.db, { tenantId: 't2', sourceKind: 'upload', sourceRef: 'ott.xls', sourcePath: 'ott.xls', fileName: 'ott.xls', bytes: readFileSync(OTT) });
        expect(outcome).toMatchObject({ status: 'failed', errorCode: 'FILE_FORMAT' });
        expect(outcome.error).toMatch(/^ott\.xls: reading a legacy Excel 97-2003 workbook \(\.xls\) needs the LibreOffice converter "\/nonexistent\/soffice", which was not found/);
      } finally {
        if (before === undefined) delete process.env.GRIDRAG_SOFFICE;
        else process.env.GRIDRAG_SOFFICE = before;
      }
    });
  });
}
