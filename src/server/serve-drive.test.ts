/**
 * Drive sync inside the server (`gridrag serve --drive`) against a fake Google Drive (a real
 * HTTP server on 127.0.0.1): `POST /api/sync` adds a file, and deletes it once it is moved
 * to the recycle-bin folder, the path the n8n recycle-bin workflow drives. PGlite and Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { callApi } from '../../test/helpers/api-client.js';
import { FAKE_OAUTH, FakeDriveServer } from '../../test/helpers/fake-drive-server.js';
import { createApiKey, type CreatedApiKey } from '../app/api-keys.js';
import { openApp } from '../app/index.js';
import { loadConfig } from '../config.js';
import { createDriveAuth } from '../source/index.js';
import { startServer, type RunningServer } from './start-server.js';

for (const adapter of DB_ADAPTERS) {
  describe(`POST /api/sync with --drive on ${adapter.name}`, () => {
    let drive: FakeDriveServer;
    let running: RunningServer;
    let key: CreatedApiKey;
    let root: string;
    let bin: string;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      const test = await adapter.create();
      drive = await FakeDriveServer.start();
      root = drive.addFolder('Team');
      bin = drive.addFolder('Recycle Bin', root);
      const config = {
        ...loadConfig({}),
        DATABASE_URL: test.url,
        GRIDRAG_TENANT: 'acme',
        GOOGLE_DRIVE_FOLDER_ID: root,
        GOOGLE_DRIVE_RECYCLE_BIN_FOLDER_ID: bin,
        GOOGLE_DRIVE_ROOT_URL: drive.rootUrl,
      };
      const app = await openApp({ config, db: test.db, dataDir: null, llm: null });
      key = await createApiKey(app.db, { tenantId: 'acme', accessLevels: undefined });
      const driveAuth = await createDriveAuth({ ...FAKE_OAUTH, tokenUrl: drive.tokenUrl });
      // A long schedule: only POST /api/sync runs after the first pass.
      running = await startServer({ app, logger: pino({ level: 'silent' }), port: 0, drive: true, everyMs: 3_600_000, driveAuth });
      dispose = async () => {
        await test.dispose().catch(() => undefined);
        await drive.close();
      };
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await dispose?.();
    });

    it('adds a new Drive file and deletes it after a move to the recycle bin', async () => {
      const id = drive.addFile('stock.csv', root, 'item,count\nbolts,3\nnuts,4\n', 'text/csv');
      const added = await callApi(running.url, 'POST', '/api/sync', key.key);
      expect(added.status).toBe(200);
      expect(added.body.drive.failed).toEqual([]);
      const files = (await callApi(running.url, 'GET', '/api/files', key.key)).body.files;
      expect(files.map((file: { title: string }) => file.title)).toContain('stock.csv');
      expect((await callApi(running.url, 'POST', '/api/sql', key.key, { sql: 'select sum(count) as n from stock' })).body.rows).toEqual([{ n: 7 }]);

      drive.move(id, bin);
      const removed = await callApi(running.url, 'POST', '/api/sync', key.key);
      expect(removed.body.drive).toMatchObject({ deleted: 1, failed: [] });
      expect((await callApi(running.url, 'GET', '/api/files', key.key)).body.files.map((file: { title: string }) => file.title)).not.toContain('stock.csv');
      expect((await callApi(running.url, 'POST', '/api/sql', key.key, { sql: 'select * from stock' })).body.error.code).toBe('SQL_REJECTED');
    }, 120_000);
  });
}
