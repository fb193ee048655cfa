import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { ingestFile } from '../ingest/index.js';
import { countPendingChunks } from '../prose/index.js';
import { ingestPaths } from './index.js';

for (const adapter of DB_ADAPTERS) {
  describe(`embedIngestedChunks through ingestPaths (${adapter.name})`, () => {
    let root: string;
    let test: TestApp;

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'gridrag-embed-'));
      await writeFile(join(root, 'stock.csv'), 'item,count\nbolts,1\nnuts,2\nwashers,3\n');
      await writeFile(join(root, 'other.csv'), 'city,visits\nGhent,3\nLille,4\n');
      await writeFile(join(root, 'prices.csv'), 'item,price\nbolts,1.5\nnuts,0.5\n');
      test = await openTestApp(adapter);
    });
    afterAll(async () => {
      await test?.dispose();
      await rm(root, { recursive: true, force: true });
    });

    async function chunksOf(recordId: string): Promise<number> {
      const { rows } = await test.app.db.query<{ n: number }>('select count(*)::int as n from document_chunks where record_id = $1', [recordId]);
      return rows[0].n;
    }

    it("counts only the chunks of the records this run stored, never a concurrent run's", async () => {
      const first = await ingestPaths(test.app, { paths: [join(root, 'stock.csv')] });
      expect(first.embeddedChunks).toBe(await chunksOf(first.files[0].recordId as string));
      expect(first.embeddedChunks).toBeGreaterThan(0);

      // A concurrent run has stored other.csv and not embedded its chunks yet.
      const path = join(root, 'other.csv');
      await ingestFile(test.app.db, { tenantId: test.app.tenantId, sourceKind: 'local', sourceRef: path, sourcePath: 'other.csv', fileName: 'other.csv', bytes: new Uint8Array(await readFile(path)) });
      const pending = await countPendingChunks(test.app.db, test.app.tenantId, test.app.prose.embedder);
      expect(pending).toBeGreaterThan(0);

      const unchanged = await ingestPaths(test.app, { paths: [join(root, 'stock.csv')] });
      expect(unchanged).toMatchObject({ unchanged: 1, embeddedChunks: 0 });
      const added = await ingestPaths(test.app, { paths: [join(root, 'stock.csv'), join(root, 'prices.csv')] });
      expect(added).toMatchObject({ ingested: 1, unchanged: 1 });
      expect(added.embeddedChunks).toBe(await chunksOf(added.files.find((file) => file.path.endsWith('prices.csv'))?.recordId as string));
      // the concurrent run's chunks are still its own to embed
      expect(await countPendingChunks(test.app.db, test.app.tenantId, test.app.prose.embedder)).toBe(pending);
    });
  });
}
