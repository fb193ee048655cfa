/**
 * The HTTP API through real HTTP on 127.0.0.1 (port 0), on every database adapter: every
 * endpoint, tenant and access-level isolation, signatures and replays, uploads of bad and
 * too-large files, the rate limit, the error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { callApi, observedResponses, uploadFiles } from '../../test/helpers/api-client.js';
import { REPO_ROOT } from '../../test/helpers/shared-paths.js';
import { createApiKey, listApiKeys, revokeApiKey, type CreatedApiKey } from '../app/api-keys.js';
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';
import { SUPPORTED_EXTENSIONS } from '../ingest/index.js';
import { openApiDocument } from './openapi-document.js';
import * as schemas from './schemas.js';
import { startServer, type RunningServer } from './start-server.js';
import { signBody, signatureHeaders } from './webhook-signature.js';

const ORDERS = path.join(REPO_ROOT, 'examples/orders.csv');
const FEEDBACK = path.join(REPO_ROOT, 'examples/feedback_tracker.xlsx');
const SALARIES = 'name,salary\nAda SALARY_SECRET,91000\nGrace,87000\n';
const GLOBEX = 'customer,amount\nGLOBEX_SECRET,5\nInitrode,7\n';

/** A local receiver for webhook callbacks: fails the first `failFirst` deliveries with 500. */
async function startReceiver(failFirst: number) {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let calls = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls++;
      if (calls <= failFirst) {
        response.writeHead(500).end('not yet');
        return;
      }
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(condition: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const adapter of DB_ADAPTERS) {
  describe(`gridrag serve over HTTP on ${adapter.name}`, () => {
    let app: App;
    let running: RunningServer;
    let base: string;
    let dispose: () => Promise<void>;
    let syncFolder: string;
    const keys: Record<'owner' | 'sales' | 'controlling' | 'globex', CreatedApiKey> = {} as never;

    beforeAll(async () => {
      const test = await adapter.create();
      syncFolder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-serve-sync-'));
      await writeFile(path.join(syncFolder, 'synced.csv'), 'item,count\nbolts,3\nnuts,4\n');
      const config = {
        ...loadConfig({}),
        DATABASE_URL: test.url,
        GRIDRAG_TENANT: 'acme',
        GRIDRAG_ACCESS_LEVELS: 'finance/**=controlling',
        // The test's callback receiver listens on 127.0.0.1: trusted here, every other internal host refused.
        GRIDRAG_CALLBACK_ALLOW_HOSTS: '127.0.0.1',
      };
      app = await openApp({ config, db: test.db, dataDir: null, llm: null });
      dispose = async () => {
        await test.dispose().catch(() => undefined); // the server closed the database already
        await rm(syncFolder, { recursive: true, force: true });
      };
      keys.owner = await createApiKey(app.db, { tenantId: 'acme', name: 'owner', accessLevels: undefined });
      keys.sales = await createApiKey(app.db, { tenantId: 'acme', name: 'sales', accessLevels: ['all', 'sales'] });
      keys.controlling = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all', 'controlling'] });
      keys.globex = await createApiKey(app.db, { tenantId: 'globex', accessLevels: undefined });
      running = await startServer({
        app,
        logger: pino({ level: 'silent' }),
        port: 0,
        syncFolder,
        rateLimitPerMinute: 10_000,
        uploadMaxBytes: 256 * 1024,
        callbacks: { attempts: 4, baseDelayMs: 50 },
      });
      base = running.url;
      const acme = await uploadFiles(base, keys.owner.key, [
        { name: 'orders.csv', content: await readFile(ORDERS) },
        { name: 'salaries.csv', path: 'finance/salaries.csv', content: SALARIES },
      ]);
      expect(acme.status).toBe(200);
      expect(acme.body.failed).toBe(0);
      expect((await uploadFiles(base, keys.globex.key, [{ name: 'globex.csv', content: GLOBEX }])).body.failed).toBe(0);
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await dispose?.();
    });

    it('refuses every /api route without a valid key, and serves /api/ready and /openapi.json without one', async () => {
      for (const [method, route] of [['POST', '/api/ask'], ['GET', '/api/tables'], ['POST', '/api/sql'], ['GET', '/api/log'], ['GET', '/api/files'], ['POST', '/api/files'], ['DELETE', '/api/files/x'], ['GET', '/api/tables/orders/rows'], ['POST', '/api/feedback'], ['POST', '/api/sync'], ['GET', '/api/health'], ['POST', '/api/webhook/ask']]) {
        const none = await callApi(base, method, route);
        expect(none.status, `${method} ${route}`).toBe(401);
        expect(none.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
        expect((await callApi(base, method, route, 'grk_not-a-real-key-000000000000000000000000000')).status).toBe(401);
      }
      expect((await callApi(base, 'GET', '/api/ready')).body).toEqual({ ready: true });
      const document = (await callApi(base, 'GET', '/openapi.json')).body;
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths).sort()).toEqual(
        ['/api/ask', '/api/feedback', '/api/files', '/api/files/{id}', '/api/health', '/api/log', '/api/ready', '/api/sql', '/api/sync', '/api/tables', '/api/tables/{name}/rows', '/api/webhook/ask'].sort(),
      );
      expect(document.components.schemas.Answer.properties.sources).toBeDefined();
    });

    it('stops accepting a revoked key at once', async () => {
      const spare = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all'] });
      expect((await callApi(base, 'GET', '/api/tables', spare.key)).status).toBe(200);
      await revokeApiKey(app.db, spare.prefix);
      expect((await callApi(base, 'GET', '/api/tables', spare.key)).status).toBe(401);
    });

    it('records when a key was last used (api_keys.last_used_at) on an authenticated request', async () => {
      const fresh = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all'] });
      const lastUsed = async () => (await listApiKeys(app.db)).find((key) => key.id === fresh.id)?.lastUsedAt;
      expect(await lastUsed()).toBeNull();
      const before = Date.now();
      expect((await callApi(base, 'GET', '/api/tables', fresh.key)).status).toBe(200);
      const used = await lastUsed();
      expect(used).not.toBeNull();
      expect(Date.parse(used as string)).toBeGreaterThanOrEqual(before - 1000);
      // Within the minute a second request does not write again.
      expect((await callApi(base, 'GET', '/api/tables', fresh.key)).status).toBe(200);
      expect(await lastUsed()).toBe(used);
    });

    it('POST /api/ask answers like `ask --json`, with SQL and sources', async () => {
      const response = await callApi(base, 'POST', '/api/ask', keys.sales.key, { question: 'How many orders went to ZIP code 01067?' });
      expect(response.status).toBe(200);
      const answer = schemas.Answer.parse(response.body);
      expect(answer.mode).toBe('sql');
      expect(answer.sources[0]).toMatchObject({ file: 'orders.csv' });
      expect(answer.sql).toMatch(/select/i);
      expect(response.headers.get('x-request-id')).toMatch(/\S/);
    });

    it('validates bodies with a clear 400 and never shows a stack', async () => {
      for (const body of [{}, { question: '' }, { question: 'x', extra: 1 }, '{not json']) {
        const response = await callApi(base, 'POST', '/api/ask', keys.sales.key, body);
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('INVALID_REQUEST');
        expect(response.text).not.toMatch(/\bat \S+ \(|node_modules|postgres:\/\//);
      }
      const unknown = await callApi(base, 'GET', '/api/nothing-here', keys.sales.key);
      expect(unknown.status).toBe(404);
    });

    it('answers a known path asked with the wrong method with 405 and an Allow header, not 404', async () => {
      for (const [method, route, allow] of [['GET', '/api/ask', 'POST'], ['DELETE', '/api/tables', 'GET, HEAD'], ['PUT', '/api/files', 'GET, HEAD, POST'], ['GET', '/api/files/x', 'DELETE']]) {
        const response = await callApi(base, method, route, keys.owner.key);
        expect(response.status, `${method} ${route}`).toBe(405);
        expect(response.headers.get('allow')).toBe(allow);
        expect(response.body.error).toEqual({ code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining(`${method} is not allowed on ${route}`) });
      }
    });

    it('refuses two uploads of one name in one request with a 400 naming it, storing neither', async () => {
      const response = await uploadFiles(base, keys.owner.key, [
        { name: 'twice.csv', content: 'a,b\n1,2\n' },
        { name: 'twice.csv', content: 'a,b\n3,4\n' },
      ]);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'INVALID_REQUEST', message: expect.stringMatching(/^twice\.csv: two files of this request have this name/) });
      const files = (await callApi(base, 'GET', '/api/files', keys.owner.key)).body.files.map((file: { title: string }) => file.title);
      expect(files).not.toContain('twice.csv');
      // the same name under two paths is two files
      const apart = await uploadFiles(base, keys.owner.key, [
        { name: 'twice.csv', content: 'a,b\n1,2\n', path: 'north/twice.csv' },
        { name: 'twice.csv', content: 'a,b\n3,4\n', path: 'south/twice.csv' },
      ]);
      expect(apart.status).toBe(200);
      expect(apart.body.failed).toBe(0);
    });

    it('lists every accepted type, documents included, when an upload has an unsupported type', async () => {
      const response = await uploadFiles(base, keys.owner.key, [{ name: 'notes.json', content: '{}' }]);
      const message: string = response.body.files[0].error.message;
      for (const extension of SUPPORTED_EXTENSIONS) expect(message).toContain(extension);
    });

    it('GET /api/tables, POST /api/sql, GET /api/log on the key\'s own tables', async () => {
      const tables = await callApi(base, 'GET', '/api/tables', keys.controlling.key);
      expect(tables.status).toBe(200);
      const names = schemas.TablesResponse.parse(tables.body).tables.map((table) => table.name);
      expect(names).toEqual(expect.arrayContaining(['orders', 'salaries']));
      const sql = await callApi(base, 'POST', '/api/sql', keys.controlling.key, { sql: 'select name from salaries order by salary desc' });
      expect(sql.status).toBe(200);
      expect(schemas.SqlResponse.parse(sql.body).rows[0]).toEqual({ name: 'Ada SALARY_SECRET' });
      const refused = await callApi(base, 'POST', '/api/sql', keys.controlling.key, { sql: 'delete from salaries' });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('SQL_REJECTED');
      const log = await callApi(base, 'GET', '/api/log?limit=5', keys.controlling.key);
      expect(log.status).toBe(200);
      const entries = schemas.LogResponse.parse(log.body).entries;
      expect(entries.map((entry) => entry.sql)).toContain('select name from salaries order by salary desc');
      expect((await callApi(base, 'GET', '/api/log?limit=0', keys.controlling.key)).status).toBe(400);
    });

    it('a key of another tenant reads, lists, logs and deletes nothing of acme', async () => {
      const acmeFiles = schemas.FilesResponse.parse((await callApi(base, 'GET', '/api/files', keys.owner.key)).body).files;
      const orders = acmeFiles.find((file) => file.title === 'orders.csv')!;
      const globex = keys.globex.key;
      const tables = (await callApi(base, 'GET', '/api/tables', globex)).body.tables.map((table: { name: string }) => table.name);
      expect(tables).toEqual(['globex']);
      const ask = await callApi(base, 'POST', '/api/ask', globex, { question: 'Total amount by country' });
      expect(ask.status).toBe(200);
      expect(JSON.stringify(ask.body)).not.toMatch(/orders\.csv|France|SALARY_SECRET/);
      const sql = await callApi(base, 'POST', '/api/sql', globex, { sql: 'select * from orders' });
      expect(sql.body.error.code).toBe('SQL_REJECTED');
      expect(sql.body.error.message).not.toMatch(/salaries/);
      const files = (await callApi(base, 'GET', '/api/files', globex)).body.files;
      expect(files.map((file: { title: string }) => file.title)).toEqual(['globex.csv']);
      const log = JSON.stringify((await callApi(base, 'GET', '/api/log?limit=1000', globex)).body);
      expect(log).not.toMatch(/salar|ZIP code|France/); // its own refused "select * from orders" is its own
      const deleted = await callApi(base, 'DELETE', `/api/files/${orders.id}`, globex);
      expect(deleted.status).toBe(404);
      expect((await callApi(base, 'GET', '/api/files', keys.owner.key)).body.files.map((file: { id: string }) => file.id)).toContain(orders.id);
      // and the other way round
      expect(JSON.stringify((await callApi(base, 'GET', '/api/tables', keys.owner.key)).body)).not.toContain('GLOBEX_SECRET');
      const acmeSql = await callApi(base, 'POST', '/api/sql', keys.owner.key, { sql: 'select * from globex' });
      expect(acmeSql.body.error.code).toBe('SQL_REJECTED');
    });

    it('a key without the controlling level sees no finance record in tables, ask, sql, files or log', async () => {
      const sales = keys.sales.key;
      await callApi(base, 'POST', '/api/sql', keys.controlling.key, { sql: 'select sum(salary) as total from salaries' });
      const tables = (await callApi(base, 'GET', '/api/tables', sales)).body.tables.map((table: { name: string }) => table.name);
      expect(tables).toContain('orders');
      expect(tables).not.toContain('salaries');
      expect((await callApi(base, 'POST', '/api/sql', sales, { sql: 'select * from salaries' })).body.error.code).toBe('SQL_REJECTED');
      const ask = await callApi(base, 'POST', '/api/ask', sales, { question: 'What is the total salary?' });
      expect(JSON.stringify(ask.body)).not.toMatch(/SALARY_SECRET|91000|178000|178,000/);
      const files = (await callApi(base, 'GET', '/api/files', sales)).body.files;
      expect(files.map((file: { path: string }) => file.path)).not.toContain('finance/salaries.csv');
      const log = JSON.stringify((await callApi(base, 'GET', '/api/log?limit=1000', sales)).body);
      expect(log).not.toMatch(/sum\(salary\)|SALARY_SECRET/); // the controlling key's statement is not shown
      const finance = (await callApi(base, 'GET', '/api/files', keys.controlling.key)).body.files.find((file: { path: string }) => file.path === 'finance/salaries.csv');
      expect(finance.accessLevel).toBe('controlling');
      expect((await callApi(base, 'DELETE', `/api/files/${finance.id}`, sales)).status).toBe(404);
      // uploading into a level the key lacks is refused per file
      const sneaky = await uploadFiles(base, sales, [{ name: 'x.csv', path: 'finance/salaries.csv', content: 'name,salary\nx,1\n' }]);
      expect(sneaky.body.files[0]).toMatchObject({ status: 'failed', error: { code: 'FORBIDDEN' } });
      const still = await callApi(base, 'POST', '/api/sql', keys.controlling.key, { sql: 'select count(*) as n from salaries' });
      expect(still.body.rows).toEqual([{ n: 2 }]);
    });

    it('a bad file fails alone with a clear error; the stored version stays', async () => {
      const key = keys.owner.key;
      const first = await uploadFiles(base, key, [{ name: 'feedback.xlsx', content: await readFile(FEEDBACK) }]);
      expect(first.body.files[0]).toMatchObject({ status: 'ingested' });
      const before = await callApi(base, 'POST', '/api/ask', key, { question: 'How many complaints did we get overall?' });
      const mixed = await uploadFiles(base, key, [
        { name: 'feedback.xlsx', content: new TextEncoder().encode('PK\u0003\u0004 this is not a workbook') },
        { name: 'fresh.csv', content: 'city,visits\nGhent,3\nLille,4\n' },
      ]);
      expect(mixed.status).toBe(200);
      const upload = schemas.UploadResponse.parse(mixed.body);
      expect(upload.failed).toBe(1);
      expect(upload.files[0]).toMatchObject({ file: 'feedback.xlsx', status: 'failed', error: { code: 'FILE_FORMAT', message: expect.stringContaining('feedback.xlsx') } });
      expect(upload.files[1]).toMatchObject({ file: 'fresh.csv', status: 'ingested', tables: 1 });
      const after = await callApi(base, 'POST', '/api/ask', key, { question: 'How many complaints did we get overall?' });
      expect(after.body.value).toEqual(before.body.value);
      const record = (await callApi(base, 'GET', '/api/files', key)).body.files.find((file: { title: string }) => file.title === 'feedback.xlsx');
      expect(record).toMatchObject({ status: 'ready', version: 1, error: expect.stringContaining('latest version not ingested') });
    });

    it('says so when an uploaded file holds no table or is text named as a workbook, as the command line does', async () => {
      const result = await uploadFiles(base, keys.owner.key, [
        { name: 'renamed.xlsx', content: 'not a zip at all' },
        { name: 'header-only.csv', content: 'a,b\n' },
      ]);
      expect(result.status).toBe(200);
      const upload = schemas.UploadResponse.parse(result.body);
      expect(upload.files[0].warnings.join(' ')).toMatch(/renamed\.xlsx: not an Excel workbook/);
      expect(upload.files[1].warnings.join(' ')).toMatch(/header-only\.csv: no table/);
    });

    it('refuses a file over the upload limit and a JSON body over its limit with 413', async () => {
      const big = await uploadFiles(base, keys.owner.key, [{ name: 'big.csv', content: `a,b\n${'1,2\n'.repeat(80_000)}` }]);
      expect(big.status).toBe(413);
      expect(big.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('KiB') });
      expect((await callApi(base, 'GET', '/api/files', keys.owner.key)).body.files.map((file: { title: string }) => file.title)).not.toContain('big.csv');
      const long = await callApi(base, 'POST', '/api/ask', keys.owner.key, { question: 'x'.repeat(400_000) });
      expect(long.status).toBe(413);
      expect(long.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('DELETE /api/files/:id removes a file of the key', async () => {
      const fresh = (await callApi(base, 'GET', '/api/files', keys.owner.key)).body.files.find((file: { title: string }) => file.title === 'fresh.csv');
      expect((await callApi(base, 'DELETE', `/api/files/${fresh.id}`, keys.owner.key)).body).toEqual({ recordId: fresh.id, deleted: true });
      expect((await callApi(base, 'POST', '/api/sql', keys.owner.key, { sql: 'select * from fresh' })).body.error.code).toBe('SQL_REJECTED');
      expect((await callApi(base, 'DELETE', `/api/files/${fresh.id}`, keys.owner.key)).status).toBe(404);
    });

    it('POST /api/sync runs the folder sync for a key of the server\'s tenant with every level only', async () => {
      await writeFile(path.join(syncFolder, 'later.csv'), 'item,count\nscrews,9\n');
      await writeFile(path.join(syncFolder, 'header-only.csv'), 'item,count\n');
      const response = await callApi(base, 'POST', '/api/sync', keys.owner.key);
      expect(response.status).toBe(200);
      const summary = schemas.SyncResponse.parse(response.body);
      expect(summary.folder?.failed).toEqual([]);
      // a header-only CSV is counted once, with its reason (whether the watch or this call read it)
      const folder = summary.folder!;
      expect(folder.noTable).toEqual([{ path: 'header-only.csv', reason: expect.stringMatching(/^no table: a single row/) }]);
      expect(folder.added + folder.changed + folder.unchanged + folder.renamed + folder.failed.length + folder.skipped.length + folder.noTable.length).toBe(3);
      const tables = (await callApi(base, 'GET', '/api/tables', keys.sales.key)).body.tables.map((table: { name: string }) => table.name);
      expect(tables).toEqual(expect.arrayContaining(['synced', 'later']));
      expect((await callApi(base, 'POST', '/api/sync', keys.sales.key)).status).toBe(403);
      expect((await callApi(base, 'POST', '/api/sync', keys.globex.key)).body.error.code).toBe('FORBIDDEN');
    });

    it('GET /api/health reports database, migrations, lock-down and LLM', async () => {
      const response = await callApi(base, 'GET', '/api/health', keys.sales.key);
      expect(response.status).toBe(200);
      const health = schemas.HealthResponse.parse(response.body);
      expect(health).toMatchObject({ ok: true, database: { ok: true, kind: adapter.name }, migrations: { ok: true, missing: [] }, lockdown: { ok: true, failed: [] }, llm: { configured: false } });
      expect(health.lockdown.checks).toBeGreaterThanOrEqual(14);
      const { rows } = await app.db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'vector'`);
      expect(health.vectorSearch.storage).toBe(rows[0].n === 1 ? 'pgvector' : 'real[]');
    });

    describe('POST /api/webhook/ask', () => {
      const question = JSON.stringify({ question: 'How many orders went to ZIP code 01067?' });
      const send = (body: string, headers: Record<string, string>, key = keys.sales.key) => callApi(base, 'POST', '/api/webhook/ask', key, body, headers);

      it('answers a signed request and refuses its replay', async () => {
        const headers = signatureHeaders(keys.sales.webhookSecret, question);
        const first = await send(question, headers);
        expect(first.status).toBe(200);
        expect(schemas.Answer.parse(first.body).mode).toBe('sql');
        const again = await send(question, headers);
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe('REPLAYED');
      });

      it('refuses old, future, unsigned, tampered and wrongly keyed requests', async () => {
        const question = JSON.stringify({ question: 'Total amount by country' });
        const now = Date.now();
        const old = signatureHeaders(keys.sales.webhookSecret, question, now - 6 * 60_000);
        const future = signatureHeaders(keys.sales.webhookSecret, question, now + 6 * 60_000);
        const other = signatureHeaders(keys.controlling.webhookSecret, question);
        const fine = signatureHeaders(keys.sales.webhookSecret, question);
        for (const [body, headers] of [[question, old], [question, future], [question, {}], [question.replace('country', 'product'), fine], [question, other]] as const) {
          const response = await send(body, headers as Record<string, string>);
          expect(response.status).toBe(401);
          expect(response.body.error.code).toBe('BAD_SIGNATURE');
        }
        // the untouched request still works once
        expect((await send(question, fine)).status).toBe(200);
      });

      it('with callback_url answers 202 and POSTs the signed answer, retrying after failures', async () => {
        const receiver = await startReceiver(2);
        try {
          const body = JSON.stringify({ question: 'Total amount by country', callback_url: receiver.url });
          const response = await send(body, signatureHeaders(keys.sales.webhookSecret, body));
          expect(response.status).toBe(202);
          const accepted = schemas.WebhookAccepted.parse(response.body);
          await waitFor(() => receiver.received.length === 1);
          expect(receiver.calls()).toBe(3);
          const delivered = receiver.received[0];
          const timestamp = String(delivered.headers['x-gridrag-timestamp']);
          expect(delivered.headers['x-gridrag-signature']).toBe(signBody(keys.sales.webhookSecret, timestamp, delivered.body));
          const payload = schemas.WebhookCallback.parse(JSON.parse(delivered.body));
          expect(payload.id).toBe(accepted.id);
          expect(payload.answer?.mode).toBe('sql');
          expect(payload.answer?.sources[0].file).toBe('orders.csv');
        } finally {
          await receiver.close();
        }
      });

      it('refuses a callback_url that is not http(s)', async () => {
        const body = JSON.stringify({ question: 'x', callback_url: 'file:///etc/passwd' });
        expect((await send(body, signatureHeaders(keys.sales.webhookSecret, body))).status).toBe(400);
      });

      it('refuses a callback_url on a loopback, private or link-local host not allowed by configuration', async () => {
        for (const target of ['http://localhost:9/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:9/x', 'http://192.168.0.1/']) {
          const body = JSON.stringify({ question: 'Total amount', callback_url: target });
          const response = await send(body, signatureHeaders(keys.sales.webhookSecret, body));
          expect(response.status, target).toBe(400);
          expect(response.body.error.message).toMatch(/callback_url: .*(loopback, private or link-local|does not resolve)/);
        }
      });
    });
  });
}

describe('rate limit per key', () => {
  it('answers 429 RATE_LIMITED past the limit, for that key only', async () => {
    const adapter = DB_ADAPTERS[0];
    const test = await adapter.create();
    const app = await openApp({ config: { ...loadConfig({}), GRIDRAG_TENANT: 'acme' }, db: test.db, dataDir: null, llm: null });
    const running = await startServer({ app, logger: pino({ level: 'silent' }), port: 0, rateLimitPerMinute: 3 });
    try {
      const one = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all'] });
      const two = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all'] });
      for (let i = 0; i < 3; i++) expect((await callApi(running.url, 'GET', '/api/tables', one.key)).status).toBe(200);
      const limited = await callApi(running.url, 'GET', '/api/tables', one.key);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect((await callApi(running.url, 'GET', '/api/tables', two.key)).status).toBe(200);
    } finally {
      await running.close();
      await test.dispose().catch(() => undefined);
    }
  }, 60_000);
});

/** The document's path template that `path` (query string dropped) matches, if any: `/api/files/{id}` for `/api/files/x`. */
function templateOf(paths: string[], path: string): string | undefined {
  const bare = path.split('?')[0];
  return paths.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare));
}

describe('the OpenAPI document against what the routes returned', () => {
  it('documents every status each route answered in this file, 405 with its Allow header on every operation of its path', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    const paths = Object.keys(document.paths);
    const undocumented: string[] = [];
    let checked = 0;
    for (const seen of observedResponses) {
      const template = templateOf(paths, seen.path);
      if (template === undefined) continue; // not a route (a 404 for an unknown path)
      checked++;
      const operations = document.paths[template];
      const operation = operations[(seen.method === 'HEAD' ? 'GET' : seen.method).toLowerCase()];
      if (operation) {
        if (!(String(seen.status) in operation.responses)) undocumented.push(`${seen.method} ${template} → ${seen.status}`);
        continue;
      }
      // A method the path does not take: its 405 is documented on every operation of the path, with the Allow header.
      if (seen.status !== 405 || seen.allow === null) undocumented.push(`${seen.method} ${template} → ${seen.status} (allow ${seen.allow})`);
      for (const [method, other] of Object.entries(operations)) {
        if (!other.responses['405']?.headers?.Allow) undocumented.push(`${method.toUpperCase()} ${template}: no 405 with an Allow header`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(observedResponses.some((seen) => seen.status === 405)).toBe(true);
    expect([...new Set(undocumented)]).toEqual([]);
  });
});
