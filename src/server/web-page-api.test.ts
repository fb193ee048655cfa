/**
 * The HTTP side of the web page, through real HTTP on 127.0.0.1, on every database adapter:
 * a table's first rows (total rows marked; other tenants' and levels' tables do not exist),
 * "this is not right" feedback in the audit log, the static page with its CSP, and open mode
 * (`GRIDRAG_WEB_OPEN=1`): only a loopback request naming a loopback Host and sending the page's
 * header goes without a key, never to the webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { callApi, uploadFiles } from '../../test/helpers/api-client.js';
import { createApiKey, type CreatedApiKey } from '../app/api-keys.js';
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from './start-server.js';

const SALES = 'region,sales\nNorth,1250\nSouth,2500\nEast,750\nTotal,4500\n';
const PAYROLL = 'name,salary\nAda PAYROLL_SECRET,91000\nGrace,87000\n';

/** A raw request (fetch may not set Host). */
function raw(base: string, method: string, route: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const call = request(`${base}${route}`, { method, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    call.on('error', reject);
    call.end();
  });
}

for (const adapter of DB_ADAPTERS) {
  describe(`the web page's API on ${adapter.name}`, () => {
    let app: App;
    let running: RunningServer;
    let base: string;
    let webDir: string;
    let dispose: () => Promise<void>;
    const keys: Record<'owner' | 'sales' | 'globex', CreatedApiKey> = {} as never;

    beforeAll(async () => {
      const test = await adapter.create();
      webDir = await mkdtemp(path.join(os.tmpdir(), 'gridrag-web-dir-'));
      await mkdir(path.join(webDir, 'assets'));
      await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>gridrag</title><script type="module" src="/assets/app.js"></script>');
      await writeFile(path.join(webDir, 'assets/app.js'), 'console.log("page")');
      const config = { ...loadConfig({}), DATABASE_URL: test.url, GRIDRAG_TENANT: 'acme', GRIDRAG_ACCESS_LEVELS: 'finance/**=controlling', GRIDRAG_WEB_OPEN: true };
      app = await openApp({ config, db: test.db, dataDir: null, llm: null });
      dispose = async () => {
        await test.dispose().catch(() => undefined);
        await rm(webDir, { recursive: true, force: true });
      };
      keys.owner = await createApiKey(app.db, { tenantId: 'acme', accessLevels: undefined });
      keys.sales = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all', 'sales'] });
      keys.globex = await createApiKey(app.db, { tenantId: 'globex', accessLevels: undefined });
      running = await startServer({ app, logger: pino({ level: 'silent' }), port: 0, rateLimitPerMinute: 10_000, webDir });
      base = running.url;
      const uploaded = await uploadFiles(base, keys.owner.key, [
        { name: 'regional_sales.csv', content: SALES },
        { name: 'payroll.csv', path: 'finance/payroll.csv', content: PAYROLL },
      ]);
      expect(uploaded.body.failed).toBe(0);
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await dispose?.();
    });

    it("serves a table's first rows in sheet order with the total row marked, to the keys that may read it", async () => {
      const rows = await callApi(base, 'GET', '/api/tables/regional_sales/rows?limit=10', keys.owner.key);
      expect(rows.status).toBe(200);
      expect(rows.body).toEqual({
        table: 'regional_sales',
        columns: [
          { name: 'region', sqlName: 'region', type: 'text' },
          { name: 'sales', sqlName: 'sales', type: 'integer' },
        ],
        rows: [
          { sheetRow: 2, aggregate: false, hidden: false, values: { region: 'North', sales: 1250 } },
          { sheetRow: 3, aggregate: false, hidden: false, values: { region: 'South', sales: 2500 } },
          { sheetRow: 4, aggregate: false, hidden: false, values: { region: 'East', sales: 750 } },
          { sheetRow: 5, aggregate: true, hidden: false, values: { region: 'Total', sales: 4500 } },
        ],
        total: 4,
      });
      expect((await callApi(base, 'GET', '/api/tables/regional_sales/rows?limit=2', keys.owner.key)).body.rows.map((row: { sheetRow: number }) => row.sheetRow)).toEqual([2, 3]);
      expect((await callApi(base, 'GET', '/api/tables/payroll/rows', keys.owner.key)).body.rows).toHaveLength(2);
      for (const key of [keys.sales, keys.globex]) {
        const hidden = await callApi(base, 'GET', '/api/tables/payroll/rows', key.key);
        expect(hidden.status).toBe(404);
        expect(hidden.text).not.toContain('PAYROLL_SECRET');
      }
      expect((await callApi(base, 'GET', '/api/tables/regional_sales/rows', keys.globex.key)).status).toBe(404);
      const bad = await callApi(base, 'GET', '/api/tables/regional_sales/rows?limit=0', keys.owner.key);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('limit');
    });

    it('records "this is not right" in the audit log of the key\'s tenant', async () => {
      const sent = await callApi(base, 'POST', '/api/feedback', keys.sales.key, { question: 'Total sales by region', sql: 'SELECT 1', comment: 'East is missing a month' });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ recorded: true, id: expect.any(Number) });
      const log = await callApi(base, 'GET', '/api/log?limit=50', keys.sales.key);
      expect(log.body.entries).toContainEqual(expect.objectContaining({ id: sent.body.id, outcome: 'feedback', question: 'Total sales by region', sql: 'SELECT 1', error: 'not right: East is missing a month', userId: `key:${keys.sales.id}`, sessionId: 'web' }));
      // It names no table: with levels, only its sender sees it; another tenant never does.
      expect((await callApi(base, 'GET', '/api/log?limit=50', keys.globex.key)).body.entries.map((entry: { id: number }) => entry.id)).not.toContain(sent.body.id);
      const other = await createApiKey(app.db, { tenantId: 'acme', accessLevels: ['all'] });
      expect((await callApi(base, 'GET', '/api/log?limit=50', other.key)).body.entries.map((entry: { id: number }) => entry.id)).not.toContain(sent.body.id);
      expect((await callApi(base, 'POST', '/api/feedback', keys.sales.key, { sql: 'SELECT 1' })).status).toBe(400);
      expect((await callApi(base, 'POST', '/api/feedback', keys.sales.key, { question: 'q', extra: 1 })).status).toBe(400);
    });

    it('serves the page at / with a CSP that allows only this server, and keeps /api answers JSON', async () => {
      const page = await callApi(base, 'GET', '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>gridrag</title>');
      const csp = String(page.headers.get('content-security-policy'));
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect((await callApi(base, 'GET', '/?q=Total%20sales')).text).toContain('<title>gridrag</title>');
      expect((await callApi(base, 'GET', '/assets/app.js')).text).toContain('console.log');
      const missing = await callApi(base, 'GET', '/api/nothing', keys.owner.key);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
    });

    it('in open mode lets only a local request with the page header and a loopback Host go without a key', async () => {
      const port = new URL(base).port;
      const config = JSON.parse((await raw(base, 'GET', '/web-config.json', { Host: `127.0.0.1:${port}` })).body);
      expect(config).toEqual({ open: true });
      expect(JSON.parse((await raw(base, 'GET', '/web-config.json', { Host: `localhost:${port}` })).body)).toEqual({ open: true });
      expect(JSON.parse((await raw(base, 'GET', '/web-config.json', { Host: 'evil.example' })).body)).toEqual({ open: false });

      const open = await raw(base, 'GET', '/api/tables', { Host: `localhost:${port}`, 'X-Gridrag-Web': '1' });
      expect(open.status).toBe(200);
      // Every level of the server's tenant: the finance table too.
      expect(JSON.parse(open.body).tables.map((table: { name: string }) => table.name).sort()).toEqual(['payroll', 'regional_sales']);
      expect((await raw(base, 'GET', '/api/tables', { Host: `127.0.0.1:${port}` })).status).toBe(401);
      expect((await raw(base, 'GET', '/api/tables', { Host: 'rebound.example', 'X-Gridrag-Web': '1' })).status).toBe(401);
      expect((await raw(base, 'POST', '/api/webhook/ask', { Host: `127.0.0.1:${port}`, 'X-Gridrag-Web': '1' })).status).toBe(401);
      // A key, when sent, decides (a wrong one is refused, not replaced by open mode).
      expect((await raw(base, 'GET', '/api/tables', { Host: `127.0.0.1:${port}`, 'X-Gridrag-Web': '1', Authorization: 'Bearer grk_wrong' })).status).toBe(401);
    });
  });
}

describe('without GRIDRAG_WEB_OPEN', () => {
  it('needs a key for every /api route even from the same machine, and says the page is closed', async () => {
    const test = await DB_ADAPTERS[0].create();
    const app = await openApp({ config: { ...loadConfig({}), GRIDRAG_TENANT: 'acme' }, db: test.db, dataDir: null, llm: null });
    const running = await startServer({ app, logger: pino({ level: 'silent' }), port: 0, webDir: path.join(os.tmpdir(), 'gridrag-no-such-web-dir') });
    try {
      const port = new URL(running.url).port;
      expect(JSON.parse((await raw(running.url, 'GET', '/web-config.json', { Host: `127.0.0.1:${port}` })).body)).toEqual({ open: false });
      expect((await raw(running.url, 'GET', '/api/tables', { Host: `127.0.0.1:${port}`, 'X-Gridrag-Web': '1' })).status).toBe(401);
      const unbuilt = await callApi(running.url, 'GET', '/');
      expect(unbuilt.status).toBe(404);
      expect(unbuilt.text).toContain('npm run build');
    } finally {
      await running.close();
      await test.dispose().catch(() => undefined);
    }
  }, 60_000);
});
