import { appendFile, copyFile, mkdir, mkdtemp, realpath, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { rowsByPath, smallCsv, snapshotRecords } from './__fixtures__/database-snapshot.js';
import { createLocalFolderSource, type Source } from '../source/index.js';
import { syncLocalFolder } from './sync-folders.js';
import { BUSY_REASON, STORED_FAILURE_REASON, syncSource } from './sync-engine.js';
import type { SyncEvent } from './sync-types.js';
import { DEV_FIXTURES } from '../../test/helpers/shared-paths.js';

const TENANT = 't1';
const XLSX_FIXTURE = join(DEV_FIXTURES, 'regional_sales.xlsx');

/** Sets a file's mtime to `secondsAgo` in the past so the busy check does not wait. */
async function age(path: string, secondsAgo = 60): Promise<void> {
  const when = new Date(Date.now() - secondsAgo * 1000);
  await utimes(path, when, when);
}

async function put(folder: string, relativePath: string, content: string | Uint8Array, secondsAgo = 60): Promise<string> {
  const full = join(folder, relativePath);
  await mkdir(join(full, '..'), { recursive: true });
  await writeFile(full, content);
  await age(full, secondsAgo);
  return full;
}

/** A source that counts reads, to prove unchanged files are not opened. */
function countingSource(source: Source): Source & { reads: string[] } {
  const reads: string[] = [];
  return {
    kind: source.kind,
    scope: source.scope,
    list: () => source.list(),
    read: (file) => {
      reads.push(file.path);
      return source.read(file);
    },
    reads,
  };
}

for (const adapter of DB_ADAPTERS) {
  describe(`syncLocalFolder (${adapter.name})`, () => {
    let test: TestDb;
    let folder: string;

    beforeEach(async () => {
      test = await adapter.create();
      folder = await realpath(await mkdtemp(join(tmpdir(), 'gridrag-local-')));
    });
    afterEach(async () => {
      await test.dispose();
      await rm(folder, { recursive: true, force: true });
    });

    it('follows add, change, rename, recycle-bin delete and restore', async () => {
      const { db } = test;
      await put(folder, 'orders.csv', smallCsv(3));
      await put(folder, 'sales/regions.csv', smallCsv(5));
      await copyFile(XLSX_FIXTURE, join(folder, 'regional_sales.xlsx'));
      await age(join(folder, 'regional_sales.xlsx'));

      const events: SyncEvent[] = [];
      const first = await syncLocalFolder(db, folder, { tenantId: TENANT, onEvent: (event) => events.push(event) });
      expect(first).toMatchObject({ mode: 'full', added: 3, changed: 0, deleted: 0, failed: [] });
      expect(events.map((event) => event.done)).toEqual([1, 2, 3]);
      expect(events.every((event) => event.total === 3)).toBe(true);
      let records = await snapshotRecords(db, TENANT);
      expect(records.map((record) => record.path)).toEqual(['orders.csv', 'regional_sales.xlsx', 'sales/regions.csv']);
      expect(rowsByPath(records)).toMatchObject({ 'orders.csv': 3, 'sales/regions.csv': 5 });
      const workbook = records.find((record) => record.path === 'regional_sales.xlsx');
      expect(workbook?.status).toBe('ready');
      expect(workbook?.tables).toBeGreaterThan(0);
      expect(workbook?.rows).toBe(events.find((event) => event.path === 'regional_sales.xlsx')?.rows);

      // change, with a new column: re-ingested, drift reported
      const withChannel = smallCsv(7, 2)
        .split('\n')
        .map((line, index) => (line === '' ? line : `${line},${index === 0 ? 'channel' : 'web'}`))
        .join('\n');
      await put(folder, 'orders.csv', withChannel);
      const second = await syncLocalFolder(db, folder, { tenantId: TENANT });
      expect(second).toMatchObject({ added: 0, changed: 1, unchanged: 2, deleted: 0 });
      expect(second.warnings).toEqual([{ path: 'orders.csv', message: expect.stringMatching(/schema drift.*channel/) }]);
      records = await snapshotRecords(db, TENANT);
      expect(records.find((record) => record.path === 'orders.csv')).toMatchObject({ rows: 7, version: 2 });

      // rename (and move to another folder): same record, relocated
      const before = records.find((record) => record.path === 'sales/regions.csv');
      await mkdir(join(folder, 'archive'));
      await rename(join(folder, 'sales/regions.csv'), join(folder, 'archive/regions-2024.csv'));
      const renameEvents: SyncEvent[] = [];
      const third = await syncLocalFolder(db, folder, { tenantId: TENANT, onEvent: (event) => renameEvents.push(event) });
      expect(third).toMatchObject({ renamed: 1, added: 0, deleted: 0 });
      expect(renameEvents.find((event) => event.type === 'renamed')).toMatchObject({ path: 'archive/regions-2024.csv', from: 'sales/regions.csv' });
      records = await snapshotRecords(db, TENANT);
      const after = records.find((record) => record.path === 'archive/regions-2024.csv');
      expect(after).toMatchObject({ id: before?.id, title: 'regions-2024.csv', version: before?.version, rows: 5 });
      expect(after?.ref).toBe(join(folder, 'archive/regions-2024.csv'));

      // delete by moving into the recycle bin
      await mkdir(join(folder, 'recycle-bin'));
      await rename(join(folder, 'orders.csv'), join(folder, 'recycle-bin/orders.csv'));
      const deleteEvents: SyncEvent[] = [];
      const fourth = await syncLocalFolder(db, folder, { tenantId: TENANT, onEvent: (event) => deleteEvents.push(event) });
      expect(fourth).toMatchObject({ deleted: 1, added: 0 });
      expect(deleteEvents.find((event) => event.type === 'deleted')).toMatchObject({ path: 'orders.csv', reason: 'moved to the recycle bin' });
      records = await snapshotRecords(db, TENANT);
      expect(records.map((record) => record.path)).toEqual(['archive/regions-2024.csv', 'regional_sales.xlsx']);

      // plain delete
      await rm(join(folder, 'regional_sales.xlsx'));
      expect(await syncLocalFolder(db, folder, { tenantId: TENANT })).toMatchObject({ deleted: 1 });

      // restore from the recycle bin: added again
      await rename(join(folder, 'recycle-bin/orders.csv'), join(folder, 'orders.csv'));
      expect(await syncLocalFolder(db, folder, { tenantId: TENANT })).toMatchObject({ added: 1, deleted: 0 });
      records = await snapshotRecords(db, TENANT);
      expect(rowsByPath(records)).toEqual({ 'archive/regions-2024.csv': 5, 'orders.csv': 7 });
    });

    it('ignores lock, hidden, temporary and configuration files, and reports unsupported types as skipped', async () => {
      await put(folder, 'data.csv', smallCsv(2));
      await put(folder, '~$data.xlsx', 'lock');
      await put(folder, '.hidden.csv', smallCsv(2));
      await put(folder, '.cache/inner.csv', smallCsv(2));
      await put(folder, 'upload.csv.crdownload', smallCsv(2));
      await put(folder, 'copy.csv.part', smallCsv(2));
      await put(folder, 'scratch.tmp', smallCsv(2));
      await put(folder, 'backup.csv~', smallCsv(2));
      await put(folder, 'glossary.yml', 'terms: []\n');
      await put(folder, 'notes.json', '{}');
      const summary = await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      expect(summary).toMatchObject({ added: 1, failed: [] });
      expect(summary.skipped).toEqual([{ path: 'notes.json', reason: 'unsupported file type (.json)' }]);
      expect((await snapshotRecords(test.db, TENANT)).map((record) => record.path)).toEqual(['data.csv']);
    });

    it('skips unchanged files without reading them and only refreshes state on an mtime-only touch', async () => {
      const path = await put(folder, 'a.csv', smallCsv(4));
      await put(folder, 'b.csv', smallCsv(2));
      await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      const [recordBefore] = await test.db.query<{ ingested_at: Date }>(`select ingested_at from record_manager where title = 'a.csv'`).then((r) => r.rows);

      const quiet = countingSource(createLocalFolderSource(folder));
      expect(await syncSource(test.db, quiet, { tenantId: TENANT })).toMatchObject({ unchanged: 2, changed: 0 });
      expect(quiet.reads).toEqual([]);

      await age(path, 30); // touched: new mtime, same bytes
      const touched = countingSource(createLocalFolderSource(folder));
      expect(await syncSource(test.db, touched, { tenantId: TENANT })).toMatchObject({ unchanged: 2, changed: 0 });
      expect(touched.reads).toEqual(['a.csv']);
      const [recordAfter] = await test.db.query<{ ingested_at: Date; version: number }>(`select ingested_at, version from record_manager where title = 'a.csv'`).then((r) => r.rows);
      expect(recordAfter.version).toBe(1);
      expect(recordAfter.ingested_at.getTime()).toBe(recordBefore.ingested_at.getTime());

      const again = countingSource(createLocalFolderSource(folder));
      await syncSource(test.db, again, { tenantId: TENANT });
      expect(again.reads).toEqual([]); // the touch was remembered
    });

    it('re-processes everything into a fresh database', async () => {
      await put(folder, 'a.csv', smallCsv(4));
      await put(folder, 'sub/b.csv', smallCsv(6));
      await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      const fresh = await adapter.create();
      try {
        expect(await syncLocalFolder(fresh.db, folder, { tenantId: TENANT })).toMatchObject({ added: 2, failed: [] });
        expect(rowsByPath(await snapshotRecords(fresh.db, TENANT))).toEqual({ 'a.csv': 4, 'sub/b.csv': 6 });
      } finally {
        await fresh.dispose();
      }
    });

    it('keeps the old rows when a replacement is corrupt, and records the error', async () => {
      await copyFile(XLSX_FIXTURE, join(folder, 'regional_sales.xlsx'));
      await age(join(folder, 'regional_sales.xlsx'));
      await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      const [good] = await snapshotRecords(test.db, TENANT);
      expect(good.rows).toBeGreaterThan(0);

      await put(folder, 'regional_sales.xlsx', Buffer.from('PK\u0003\u0004 this is not a zip archive at all'));
      const summary = await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      expect(summary.failed).toHaveLength(1);
      expect(summary.failed[0].path).toBe('regional_sales.xlsx');
      expect(summary.failed[0].error).toContain('regional_sales.xlsx');
      const [kept] = await snapshotRecords(test.db, TENANT);
      expect(kept).toMatchObject({ rows: good.rows, tables: good.tables, version: good.version });
      expect(kept.error).toBeTruthy();
    });

    it('reports a failed file as failed on every pass until it changes, then reads it again', async () => {
      await put(folder, 'good.csv', smallCsv(3));
      await put(folder, 'sub/huge.csv', `id,note\n1,${'x'.repeat(5000)}\n`);
      const limits = { maxCellChars: 1000 };
      const first = await syncLocalFolder(test.db, folder, { tenantId: TENANT, limits });
      expect(first.added).toBe(1);
      expect(first.failed).toEqual([{ path: 'sub/huge.csv', error: expect.stringMatching(/^sub\/huge\.csv: cell B2 holds 5,000 characters/) }]);

      // unchanged: not read, still failed (the sync exits 1), with the stored reason
      const quiet = countingSource(createLocalFolderSource(folder));
      const events: SyncEvent[] = [];
      const second = await syncSource(test.db, quiet, { tenantId: TENANT, limits, onEvent: (event) => events.push(event) });
      expect(quiet.reads).toEqual([]);
      expect(second).toMatchObject({ unchanged: 1, failed: [{ path: 'sub/huge.csv', error: first.failed[0].error }] });
      expect(events.find((event) => event.path === 'sub/huge.csv')).toMatchObject({ type: 'failed', reason: STORED_FAILURE_REASON });

      // touched (same bytes): read again; under a raised limit it is stored
      await age(join(folder, 'sub/huge.csv'), 30);
      const touched = countingSource(createLocalFolderSource(folder));
      const third = await syncSource(test.db, touched, { tenantId: TENANT, limits: { maxCellChars: 10_000 } });
      expect(touched.reads).toEqual(['sub/huge.csv']);
      expect(third).toMatchObject({ changed: 1, unchanged: 1, failed: [] });
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toEqual({ 'good.csv': 3, 'sub/huge.csv': 1 });
      expect(await syncLocalFolder(test.db, folder, { tenantId: TENANT })).toMatchObject({ unchanged: 2, failed: [] });
    });

    it('reports a tabular file with no table, and a workbook name over text, as ingest does, on every pass', async () => {
      await put(folder, 'header_only.csv', 'Name,Value\n');
      await put(folder, 'renamed.xlsx', new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x67, 0x61, 0x72, 0x62, 0x61, 0x67, 0x65, 0x00, 0x00]));
      const events: SyncEvent[] = [];
      const first = await syncLocalFolder(test.db, folder, { tenantId: TENANT, onEvent: (event) => events.push(event) });
      expect(first.noTable.map((file) => file.path)).toEqual(['header_only.csv', 'renamed.xlsx']);
      expect(first.noTable[0].reason).toMatch(/^no table: a single row/);
      expect(events.map((event) => [event.path, event.noTable !== undefined])).toEqual([['header_only.csv', true], ['renamed.xlsx', true]]);
      expect(first.warnings).toContainEqual({ path: 'renamed.xlsx', message: 'not an Excel workbook (the bytes are not a .xlsx archive); read as text' });
      // each counted once, with its reason: not also as added or unchanged
      expect(first).toMatchObject({ added: 0, unchanged: 0 });
      const second = await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      expect(second).toMatchObject({ unchanged: 0, noTable: first.noTable });
    });

    it('skips a file still being written and picks it up on the next pass', async () => {
      const path = join(folder, 'growing.csv');
      await writeFile(path, smallCsv(3));
      const writer = setInterval(() => void appendFile(path, '9,North,90\n'), 10);
      let summary;
      try {
        summary = await syncLocalFolder(test.db, folder, { tenantId: TENANT, stabilityDelayMs: 150 });
      } finally {
        clearInterval(writer);
      }
      expect(summary.skipped).toEqual([{ path: 'growing.csv', reason: BUSY_REASON }]);
      expect(await snapshotRecords(test.db, TENANT)).toEqual([]);

      await age(path);
      expect(await syncLocalFolder(test.db, folder, { tenantId: TENANT })).toMatchObject({ added: 1, skipped: [] });
    });

    it('converges after a sync killed half-way', async () => {
      await put(folder, 'a.csv', smallCsv(2));
      await put(folder, 'b.csv', smallCsv(3));
      await put(folder, 'c.csv', smallCsv(4));
      await syncLocalFolder(test.db, folder, { tenantId: TENANT });

      await put(folder, 'a.csv', smallCsv(5, 3));
      await put(folder, 'b.csv', smallCsv(6, 3));
      await rm(join(folder, 'c.csv'));
      const crash = new Error('killed');
      await expect(
        syncLocalFolder(test.db, folder, {
          tenantId: TENANT,
          onEvent: (event) => {
            if (event.type === 'changed') throw crash;
          },
        }),
      ).rejects.toBe(crash);
      // each record is at its old or new version
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toEqual({ 'a.csv': 5, 'b.csv': 3, 'c.csv': 4 });

      const rerun = await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      expect(rerun).toMatchObject({ changed: 1, unchanged: 1, deleted: 1, failed: [] });
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toEqual({ 'a.csv': 5, 'b.csv': 6 });
    });

    it('refuses a folder that does not exist, deleting nothing', async () => {
      await put(folder, 'a.csv', smallCsv(2));
      await syncLocalFolder(test.db, folder, { tenantId: TENANT });
      await expect(syncLocalFolder(test.db, join(folder, 'missing'), { tenantId: TENANT })).rejects.toThrow(/not a folder/);
      expect(await snapshotRecords(test.db, TENANT)).toHaveLength(1);
    });

    it('stops at a signal: the file in hand keeps its previous version, no failure is noted and no later file is started', async () => {
      const { db } = test;
      await put(folder, 'a.csv', smallCsv(5, 1));
      await put(folder, 'b.csv', smallCsv(5, 2));
      await syncLocalFolder(db, folder, { tenantId: TENANT });
      const before = rowsByPath(await snapshotRecords(db, TENANT));
      await put(folder, 'a.csv', smallCsv(8, 3));
      await put(folder, 'b.csv', smallCsv(9, 4));
      await put(folder, 'c.csv', smallCsv(4, 5));
      const stop = new AbortController();
      const events: SyncEvent[] = [];
      // Stopped while a.csv is in hand: its ingest sees the signal at its first pause.
      const source = createLocalFolderSource(folder);
      const stopping: Source = { ...source, read: async (file) => { const bytes = await source.read(file); stop.abort(new Error('stopped by SIGTERM')); return bytes; } };
      await expect(syncSource(db, stopping, { tenantId: TENANT, signal: stop.signal, onEvent: (event) => events.push(event) })).rejects.toThrow('stopped by SIGTERM');
      expect(events.filter((event) => event.type === 'failed')).toEqual([]);
      expect(rowsByPath(await snapshotRecords(db, TENANT))).toEqual(before);
      // The next pass takes up every change, with nothing noted against a.csv.
      const next = await syncLocalFolder(db, folder, { tenantId: TENANT });
      expect(next.failed).toEqual([]);
      expect(rowsByPath(await snapshotRecords(db, TENANT))).toMatchObject({ 'a.csv': 8, 'b.csv': 9, 'c.csv': 4 });
    });
  });
}

