/**
 * `gridrag serve` as a process, the way it runs in production: keys made with the CLI, a
 * server killed (SIGKILL) in the middle of an upload leaves the stored version intact, and
 * SIGTERM finishes the request in flight, closes the database and exits 0.
 * Runs the built CLI (`npm test` builds first), on PGlite and on Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { callApi, uploadFiles } from '../../test/helpers/api-client.js';
import { commandPid } from '../../test/helpers/process-tree.js';
import { BIN, spawnServe as serve } from '../../test/helpers/spawn-serve.js';

const run = promisify(execFile);


for (const adapter of DB_ADAPTERS) {
  describe(`gridrag serve as a process on ${adapter.name}`, () => {
    let home: string;
    let env: NodeJS.ProcessEnv;
    let test: TestDb | undefined;
    let key: string;

    beforeAll(async () => {
      home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-serve-'));
      env = { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data'), GRIDRAG_LOG_LEVEL: 'warn' };
      if (adapter.name === 'pg') {
        test = await adapter.create();
        await test.db.close();
        env.DATABASE_URL = test.url;
      }
      const created = await run(process.execPath, [BIN, 'keys', 'create', '--tenant', 'default', '--access', '*', '--name', 'ops', '--json'], { env, cwd: home });
      key = JSON.parse(created.stdout).key;
      const listed = await run(process.execPath, [BIN, 'keys', 'list', '--json'], { env, cwd: home });
      expect(listed.stdout).not.toContain(key);
      expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ tenantId: 'default', name: 'ops' })]);
    }, 120_000);

    afterAll(async () => {
      await test?.dispose().catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    });

    it('keeps the stored version when killed in the middle of an upload', async () => {
      const first = await serve(env);
      try {
        const v1 = await uploadFiles(first.base, key, [{ name: 'stock.csv', content: 'item,count\nbolts,1\nnuts,2\n' }]);
        expect(v1.body.files[0]).toMatchObject({ status: 'ingested' });
        // Half of a multipart upload of version 2, then the server dies.
        const boundary = 'gridragboundary';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="stock.csv"\r\nContent-Type: text/csv\r\n\r\nitem,count\n`;
        const upload = request(`${first.base}/api/files`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(10_000_000) },
        });
        const failed = new Promise<string>((resolve) => {
          upload.on('error', (error) => resolve(error.message));
          upload.on('response', (response) => resolve(`answered ${response.statusCode}`));
        });
        upload.write(head);
        upload.write(`${'bolts,999\n'.repeat(50_000)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The server itself, the launcher's tuned child (cli/launch.ts), dies; the launcher dies with it.
        process.kill(await commandPid(first.child.pid!), 'SIGKILL');
        expect(await failed).not.toMatch(/^answered 2/);
        await first.exited;
      } finally {
        first.child.kill('SIGKILL');
      }
      const second = await serve(env);
      try {
        const files = (await callApi(second.base, 'GET', '/api/files', key)).body.files;
        expect(files).toEqual([expect.objectContaining({ title: 'stock.csv', version: 1, status: 'ready', error: null })]);
        const rows = await callApi(second.base, 'POST', '/api/sql', key, { sql: 'select item, count from stock order by item' });
        expect(rows.body.rows).toEqual([{ item: 'bolts', count: 1 }, { item: 'nuts', count: 2 }]);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    }, 180_000);

    it('on SIGTERM finishes the upload in flight, then exits 0 and frees the database', async () => {
      const served = await serve(env);
      const boundary = 'gridragboundary';
      const upload = request(`${served.base}/api/files`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      });
      const answered = new Promise<{ status?: number; body: string }>((resolve, reject) => {
        upload.on('error', reject);
        upload.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        });
      });
      upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="late.csv"\r\nContent-Type: text/csv\r\n\r\nitem,count\n`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      served.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      upload.end(`washers,5\n\r\n--${boundary}--\r\n`);
      const response = await answered;
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).files[0]).toMatchObject({ file: 'late.csv', status: 'ingested' });
      expect(await served.exited).toBe(0);
      // The embedded folder is free again: a command opens it at once.
      const listed = await run(process.execPath, [BIN, 'keys', 'list'], { env, cwd: home, timeout: 60_000 });
      expect(listed.stdout).toContain('tenant default');
    }, 120_000);
  });
}
