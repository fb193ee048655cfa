import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { SUPPORTED_EXTENSIONS } from '../ingest/index.js';
import { hasSupportedExtension, isNoiseName } from '../source/index.js';
import { syncLocalFolder } from './sync-folders.js';
import type { SyncEvent } from './sync-types.js';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';

const CORPUS = CORPUS_DIR;

async function walk(folder: string, root = folder): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (isNoiseName(entry.name)) continue;
    const full = join(folder, entry.name);
    if (entry.isDirectory()) paths.push(...(await walk(full, root)));
    else paths.push(relative(root, full));
  }
  return paths;
}

// One adapter is enough here: the corpus checks readers and error reporting, not the database.
const adapter = DB_ADAPTERS[DB_ADAPTERS.length - 1];

describe(`syncLocalFolder over the corpus (${adapter.name})`, () => {
  let test: TestDb;
  let folder: string;

  beforeAll(async () => {
    test = await adapter.create();
    folder = await mkdtemp(join(tmpdir(), 'gridrag-corpus-'));
    await cp(CORPUS, folder, { recursive: true });
  });
  afterAll(async () => {
    await test?.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('reports every file as ingested, failed with a reason naming it, or skipped as unsupported', async () => {
    const events: SyncEvent[] = [];
    const summary = await syncLocalFolder(test.db, folder, { tenantId: 'corpus', onEvent: (event) => events.push(event) });
    const files = await walk(folder);
    expect(events.map((event) => event.path).sort()).toEqual([...files].sort());
    for (const event of events) {
      if (event.type === 'skipped') {
        expect(event.reason).toMatch(/^unsupported file type/);
        expect(hasSupportedExtension(event.path, SUPPORTED_EXTENSIONS)).toBe(false);
      } else if (event.type === 'failed') {
        expect(event.error).toContain(event.path.split('/').pop());
      } else {
        expect(event.type).toBe('added');
      }
    }
    // every file counted once: added, failed, or added as holding no table
    expect(summary.added + summary.failed.length + summary.noTable.length).toBe(files.filter((path) => hasSupportedExtension(path, SUPPORTED_EXTENSIONS)).length);
    expect(summary.added).toBeGreaterThan(0);
    const { rows } = await test.db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from record_manager where tenant_id = 'corpus' group by status order by status`,
    );
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(summary.added + summary.failed.length + summary.noTable.length);
  });
});
