import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { rowsByPath, smallCsv, snapshotRecords } from './__fixtures__/database-snapshot.js';
import type { SyncSummary } from './sync-types.js';
import { watchLocalFolder } from './watch-local-folder.js';

const TENANT = 't1';

/** Collects sync summaries and lets a test wait for the next one that matches. */
function summaries() {
  const seen: SyncSummary[] = [];
  const waiters: { test: (summary: SyncSummary) => boolean; resolve: (summary: SyncSummary) => void }[] = [];
  return {
    onSync(summary: SyncSummary) {
      seen.push(summary);
      for (const waiter of [...waiters]) {
        if (waiter.test(summary)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(summary);
        }
      }
    },
    next(test: (summary: SyncSummary) => boolean): Promise<SyncSummary> {
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    seen,
  };
}

for (const adapter of DB_ADAPTERS) {
  describe(`watchLocalFolder (${adapter.name})`, () => {
    let test: TestDb;
    let folder: string;
    let stop: (() => Promise<void>) | undefined;

    beforeEach(async () => {
      test = await adapter.create();
      folder = await mkdtemp(join(tmpdir(), 'gridrag-watch-'));
    });
    afterEach(async () => {
      await stop?.();
      await test.dispose();
      await rm(folder, { recursive: true, force: true });
    });

    it('syncs at start and after each burst of changes until stopped', async () => {
      await writeFile(join(folder, 'a.csv'), smallCsv(2));
      const past = new Date(Date.now() - 60_000);
      await utimes(join(folder, 'a.csv'), past, past);
      const log = summaries();
      const errors: unknown[] = [];
      stop = await watchLocalFolder(test.db, folder, {
        tenantId: TENANT,
        debounceMs: 100,
        stabilityDelayMs: 50,
        onSync: log.onSync,
        onError: (error) => errors.push(error),
      });
      expect(log.seen[0]).toMatchObject({ added: 1 });

      const added = log.next((summary) => summary.added > 0);
      for (let i = 1; i <= 3; i++) await writeFile(join(folder, `burst-${i}.csv`), smallCsv(i + 1));
      await writeFile(join(folder, '~$lock.xlsx'), 'lock');
      await added;
      // the burst may land in one or two passes; wait until all three are in
      while (Object.keys(rowsByPath(await snapshotRecords(test.db, TENANT))).length < 4) {
        await log.next(() => true);
      }
      expect(rowsByPath(await snapshotRecords(test.db, TENANT))).toEqual({ 'a.csv': 2, 'burst-1.csv': 2, 'burst-2.csv': 3, 'burst-3.csv': 4 });

      const deleted = log.next((summary) => summary.deleted > 0);
      await mkdir(join(folder, 'recycle-bin'));
      await rename(join(folder, 'a.csv'), join(folder, 'recycle-bin', 'a.csv'));
      await deleted;
      expect(Object.keys(rowsByPath(await snapshotRecords(test.db, TENANT)))).toEqual(['burst-1.csv', 'burst-2.csv', 'burst-3.csv']);
      expect(errors).toEqual([]);

      await stop();
      stop = undefined;
      const syncsBefore = log.seen.length;
      await writeFile(join(folder, 'late.csv'), smallCsv(2));
      // after stop nothing syncs: a one-shot sync sees the file as new
      const { syncLocalFolder } = await import('./sync-folders.js');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(log.seen.length).toBe(syncsBefore);
      expect(await syncLocalFolder(test.db, folder, { tenantId: TENANT, stabilityDelayMs: 50 })).toMatchObject({ added: 1 });
    });
  });
}
