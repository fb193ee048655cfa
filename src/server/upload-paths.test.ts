/**
 * POST /api/files pairs each "paths" field with the file at its position: a request whose
 * counts differ is refused with 400 naming both counts, and stores nothing; a path with a `..`
 * part is that file's INVALID_REQUEST, never stored under what it resolves to. Real HTTP on
 * 127.0.0.1, an in-memory PGlite.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { createApiKey, type CreatedApiKey } from '../app/api-keys.js';
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from './start-server.js';

const pglite = DB_ADAPTERS.find((adapter) => adapter.name === 'pglite')!;

describe('POST /api/files with paths', () => {
  let app: App;
  let running: RunningServer;
  let key: CreatedApiKey;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const test = await pglite.create();
    dispose = () => test.dispose().catch(() => undefined);
    app = await openApp({ config: { ...loadConfig({}), GRIDRAG_TENANT: 'acme' }, db: test.db, dataDir: null, llm: null });
    key = await createApiKey(app.db, { tenantId: 'acme', accessLevels: undefined });
    running = await startServer({ app, logger: pino({ level: 'silent' }), port: 0, rateLimitPerMinute: 10_000 });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await dispose?.();
  });

  const upload = (paths: string[]) => {
    const form = new FormData();
    form.append('files', new Blob(['region,sales\nNorth,10\nSouth,20\n']), 'a.csv');
    form.append('files', new Blob(['region,cost\nNorth,3\nSouth,4\n']), 'b.csv');
    for (const given of paths) form.append('paths', given);
    return fetch(`${running.url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${key.key}` }, body: form });
  };

  it('refuses two files with one path, naming the mismatch, and stores nothing', async () => {
    const refused = await upload(['finance/a.csv']);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INVALID_REQUEST');
    expect(body.error.message).toMatch(/2 "files" but 1 "paths"/);
    const listed = (await (await fetch(`${running.url}/api/files`, { headers: { authorization: `Bearer ${key.key}` } })).json()) as { files: unknown[] };
    expect(listed.files).toEqual([]);
  });

  it('refuses a path with a ".." part as that file\'s INVALID_REQUEST, and never stores it under the path it resolves to', async () => {
    const form = new FormData();
    form.append('files', new Blob(['region,sales\nNorth,10\n']), 'b.csv');
    form.append('paths', 'a/../b.csv');
    const answered = await fetch(`${running.url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${key.key}` }, body: form });
    // One result per file (README): the request is answered, the file is refused with its reason.
    expect(answered.status).toBe(200);
    const body = (await answered.json()) as { failed: number; files: { file: string; status: string; error?: { code: string; message: string } }[] };
    expect(body.failed).toBe(1);
    expect(body.files).toEqual([
      { file: 'a/../b.csv', status: 'failed', tables: 0, rows: 0, warnings: [], error: { code: 'INVALID_REQUEST', message: 'a/../b.csv: a file path may not contain ".." parts; give the path the file is to be stored under, e.g. finance/q1.csv' } },
    ]);
    const listed = (await (await fetch(`${running.url}/api/files`, { headers: { authorization: `Bearer ${key.key}` } })).json()) as { files: { path: string }[] };
    expect(listed.files.map((file) => file.path)).not.toContain('b.csv');
  });

  it('takes one path per file, and none at all', async () => {
    expect((await upload(['finance/a.csv', 'finance/b.csv'])).status).toBe(200);
    expect((await upload([])).status).toBe(200);
  });
});
