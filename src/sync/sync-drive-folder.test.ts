import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { FAKE_OAUTH, FakeDriveServer } from '../../test/helpers/fake-drive-server.js';
import { rowsByPath, smallCsv, snapshotRecords } from './__fixtures__/database-snapshot.js';
import { createDriveAuth, type DriveAuth } from '../source/index.js';
import { createOfflineEmbedder } from '../embedder/index.js';
import { indexChunks, searchDocuments } from '../prose/index.js';
import { syncDriveFolder } from './sync-folders.js';
import type { SyncEvent } from './sync-types.js';
import { DEV_FIXTURES } from '../../test/helpers/shared-paths.js';

const TENANT = 't1';
const XLSX_FIXTURE = join(DEV_FIXTURES, 'regional_sales.xlsx');

for (const adapter of DB_ADAPTERS) {
  describe(`syncDriveFolder (${adapter.name})`, () => {
    let test: TestDb;
    let drive: FakeDriveServer;
    let auth: DriveAuth;
    let root: string;
    let bin: string;

    beforeEach(async () => {
      test = await adapter.create();
      drive = await FakeDriveServer.start({ pageSize: 2 });
      auth = await createDriveAuth({ ...FAKE_OAUTH, tokenUrl: drive.tokenUrl });
      root = drive.addFolder('Team');
      bin = drive.addFolder('Recycle Bin', root);
    });
    afterEach(async () => {
      await drive.close();
      await test.dispose();
    });

    const sync = (events?: SyncEvent[]) =>
      syncDriveFolder(test.db, {
        tenantId: TENANT,
        folderId: root,
        recycleBinFolderId: bin,
        auth,
        rootUrl: drive.rootUrl,
        retry: { baseDelayMs: 1 },
        onEvent: events ? (event) => events.push(event) : undefined,
      });

    it('follows add, change, rename, move, recycle bin, trash, restore and permanent delete', async () => {
      const sales = drive.addFolder('Sales', root);
      const elsewhere = drive.addFolder('Elsewhere');
      const orders = drive.addFile('orders.csv', root, smallCsv(3), 'text/csv');
      const regions = drive.addFile('regions.csv', sales, smallCsv(5), 'text/csv');
      const budget = drive.addGoogleSheet('Budget', sales, await readFile(XLSX_FIXTURE));
      const notes = drive.addGoogleDoc('Meeting notes', root, '# Q3 review\n\nRevenue grew in the North region.\n');
      drive.addFile('photo.png', root, new Uint8Array([137, 80, 78, 71]), 'image/png');

      const first = await sync();
      expect(first).toMatchObject({ mode: 'full', added: 4, failed: [] });
      expect(first.skipped).toEqual([{ path: 'photo.png', reason: 'unsupported file type (.png)' }]);
      let records = await snapshotRecords(test.db, TENANT);
      expect(records.map((record) => [record.path, record.title])).toEqual([
        ['Meeting notes', 'Meeting notes.md'],
        ['Sales/Budget', 'Budget.xlsx'],
        ['Sales/regions.csv', 'regions.csv'],
        ['orders.csv', 'orders.csv'],
      ]);
      expect(rowsByPath(records)).toMatchObject({ 'orders.csv': 3, 'Sales/regions.csv': 5 });
      expect(records.find((record) => record.title === 'Budget.xlsx')?.tables).toBeGreaterThan(0);
      expect(drive.requests.some((request) => request.path.endsWith('/export') && request.query.mimeType === 'text/markdown')).toBe(true);

      // nothing changed: the change feed is empty
      expect(await sync()).toMatchObject({ mode: 'incremental', added: 0, changed: 0, unchanged: 0, deleted: 0 });

      // change
      drive.updateFile(orders, smallCsv(7, 2));
      expect(await sync()).toMatchObject({ mode: 'incremental', changed: 1 });
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toMatchObject({ 'orders.csv': 7 });

      // rename and move keep the record; a Sheet re-saved with the same content is not re-ingested
      const idsBefore = (await snapshotRecords(test.db, TENANT)).map((record) => record.id).sort();
      drive.rename(regions, 'regions-2024.csv');
      drive.move(regions, root);
      drive.updateFile(budget, await readFile(XLSX_FIXTURE));
      const events: SyncEvent[] = [];
      expect(await sync(events)).toMatchObject({ renamed: 1, unchanged: 1, added: 0, changed: 0, deleted: 0 });
      expect(events.find((event) => event.type === 'renamed')).toMatchObject({ path: 'regions-2024.csv', from: 'Sales/regions.csv' });
      records = await snapshotRecords(test.db, TENANT);
      expect(records.map((record) => record.id).sort()).toEqual(idsBefore);
      expect(records.find((record) => record.path === 'regions-2024.csv')).toMatchObject({ version: 1, rows: 5 });

      // moved into the recycle-bin folder → deleted
      drive.move(orders, bin);
      expect(await sync()).toMatchObject({ deleted: 1 });
      // trashed → deleted; restored → added again
      drive.trash(regions);
      expect(await sync()).toMatchObject({ deleted: 1 });
      expect((await snapshotRecords(test.db, TENANT)).map((record) => record.path)).toEqual(['Meeting notes', 'Sales/Budget']);
      drive.untrash(regions);
      expect(await sync()).toMatchObject({ added: 1 });
      // removed for good, and moved out of the watched tree → deleted
      drive.remove(notes);
      drive.move(budget, elsewhere);
      expect(await sync()).toMatchObject({ mode: 'incremental', deleted: 2, failed: [] });
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toEqual({ 'regions-2024.csv': 5 });
    });

    it('ingests a Google Doc as prose: an unstructured record whose chunks keep their headings and are found by search', async () => {
      drive.addGoogleDoc('Meeting notes', root, '# Q3 review\n\n## Decisions\nThe Gdańsk branch opens a second warehouse in November.\n');
      drive.addGoogleDoc('Old policy', root, 'Returns are accepted for 30 days after delivery.', { markdown: false });
      expect(await sync()).toMatchObject({ added: 2, failed: [] });
      const records = await test.db.query<{ title: string; data_type: string; status: string; chunks: number }>(
        `select r.title, r.data_type, r.status, (select count(*)::int from document_chunks c where c.record_id = r.id and c.kind = 'passage') as chunks
           from record_manager r where r.tenant_id = $1 order by r.title`, [TENANT]);
      expect(records.rows).toEqual([
        { title: 'Meeting notes.md', data_type: 'unstructured', status: 'ready', chunks: 1 },
        { title: 'Old policy.md', data_type: 'unstructured', status: 'ready', chunks: 1 },
      ]);
      const embedder = createOfflineEmbedder();
      await indexChunks(test.db, { tenantId: TENANT, embedder });
      const found = await searchDocuments(test.db, { tenantId: TENANT, embedder, query: 'When does the Gdańsk warehouse open?' });
      expect(found.passages[0]).toMatchObject({ file: 'Meeting notes.md', path: 'Meeting notes', heading: 'Q3 review › Decisions', metadata: { file_type: 'md' } });
    });

    it('relists when a folder is trashed, restored or moved out of the tree', async () => {
      const sales = drive.addFolder('Sales', root);
      drive.addFile('a.csv', sales, smallCsv(2), 'text/csv');
      drive.addFile('b.csv', root, smallCsv(3), 'text/csv');
      await sync();
      drive.trash(sales);
      expect(await sync()).toMatchObject({ mode: 'full', deleted: 1, unchanged: 1 });
      drive.untrash(sales);
      expect(await sync()).toMatchObject({ mode: 'full', added: 1 });
      drive.move(sales, drive.addFolder('Elsewhere'));
      expect(await sync()).toMatchObject({ deleted: 1 });
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toEqual({ 'b.csv': 3 });
    });

    it('retries 429 and 5xx, refreshes an expired token, and records a permanent error on one file only', async () => {
      const a = drive.addFile('a.csv', root, smallCsv(2), 'text/csv');
      const b = drive.addFile('b.csv', root, smallCsv(3), 'text/csv');
      const sheet = drive.addGoogleSheet('Plan', root, await readFile(XLSX_FIXTURE));
      drive.failNext({ status: 429, reason: 'rateLimitExceeded', when: (request) => request.path.endsWith('/files') });
      drive.failNext({ status: 500, times: 2, when: (request) => request.path.endsWith(`/files/${a}`) && request.query.alt === 'media' });
      const exportLimit = { status: 403, reason: 'exportSizeLimitExceeded', times: Infinity };
      drive.failNext({ ...exportLimit, when: (request) => request.path.endsWith(`/files/${sheet}/export`) });

      const first = await sync();
      expect(first).toMatchObject({ added: 2 });
      expect(first.failed).toHaveLength(1);
      expect(first.failed[0].path).toBe('Plan');
      expect(first.failed[0].error).toMatch(/Plan.*403/);
      const mediaCalls = drive.requests.filter((request) => request.path.endsWith(`/files/${a}`) && request.query.alt === 'media');
      expect(mediaCalls).toHaveLength(3);
      expect(drive.tokenGrants.every((grant) => grant.grantType === 'refresh_token')).toBe(true);
      const { rows: state } = await test.db.query<{ error: string }>(`select extra->>'error' as error from sync_state where source_ref = $1`, [sheet]);
      expect(state[0].error).toMatch(/403/);

      // expired token: 401 → refresh → retry
      const grants = drive.tokenGrants.length;
      drive.expireAccessTokens();
      drive.updateFile(a, smallCsv(4));
      expect(await sync()).toMatchObject({ changed: 1, failed: [] });
      expect(drive.tokenGrants).toHaveLength(grants + 1);

      // retries run out on a 503: the file fails, the cursor stays, and the next sync catches up
      drive.updateFile(b, smallCsv(6));
      drive.failNext({ status: 503, times: 5, when: (request) => request.path.endsWith(`/files/${b}`) && request.query.alt === 'media' });
      const exhausted = await sync();
      expect(exhausted.failed.map((failure) => failure.path)).toEqual(['b.csv']);
      const recovered = await sync();
      expect(recovered.failed).toEqual([]);
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toMatchObject({ 'a.csv': 4, 'b.csv': 6 });

      // the export works again once the Sheet changes
      drive.clearFailures();
      drive.updateFile(sheet, await readFile(XLSX_FIXTURE));
      expect(await sync()).toMatchObject({ added: 1, failed: [] });
    });

    it('re-processes everything into a fresh database', async () => {
      drive.addFile('a.csv', root, smallCsv(2), 'text/csv');
      drive.addFile('b.csv', drive.addFolder('Sub', root), smallCsv(3), 'text/csv');
      await sync();
      const fresh = await adapter.create();
      try {
        const summary = await syncDriveFolder(fresh.db, { tenantId: TENANT, folderId: root, auth, rootUrl: drive.rootUrl });
        expect(summary).toMatchObject({ mode: 'full', added: 2 });
        expect(rowsByPath(await snapshotRecords(fresh.db, TENANT))).toEqual({ 'a.csv': 2, 'Sub/b.csv': 3 });
      } finally {
        await fresh.dispose();
      }
    });
  });
}
