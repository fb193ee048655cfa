import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/helpers/fake-openai-server.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { createOpenAiCompatibleEmbedder } from '../embedder/index.js';
import { createOpenAiCompatibleLlm } from '../llm/index.js';
import { checkHealth, healthText, HealthResultSchema } from './check-health.js';

for (const adapter of DB_ADAPTERS) {
  describe(`checkHealth (${adapter.name})`, () => {
    let test: TestApp;
    let server: FakeOpenAi;
    beforeAll(async () => {
      test = await openTestApp(adapter);
      server = await startFakeOpenAi();
    });
    afterAll(async () => {
      await test?.dispose();
      await server?.close();
    });

    it('reports database, migrations, lock-down, vector storage and the offline embedder, without an LLM', async () => {
      const report = HealthResultSchema.parse(await checkHealth(test.app));
      expect(report).toMatchObject({
        ok: true,
        database: { ok: true, kind: adapter.name },
        migrations: { ok: true, missing: [] },
        lockdown: { ok: true, failed: [] },
        llm: { configured: false, reachable: null },
        embedder: { kind: 'lexical', model: 'lexical-hashing-1536', dimensions: 1536 },
      });
      expect(report.lockdown.checks).toBeGreaterThanOrEqual(14);
      const { rows } = await test.app.db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'vector'`);
      const text = healthText(report).join('\n');
      if (rows[0].n === 1) {
        expect(report.vectorSearch.storage).toBe('pgvector');
        expect(text).toContain('vector search: pgvector (vector(1536), HNSW cosine index)');
      } else {
        expect(report.vectorSearch.storage).toBe('real[]');
        expect(text.match(/same results, slower/g)).toHaveLength(1);
      }
      expect(text).toMatch(/^ok {3}database: /);
      expect(text).toContain('embedder: lexical, offline word hashing');
      expect(text).toContain('llm: none configured');
    });

    it('names the endpoint model and says whether the LLM endpoint answers', async () => {
      const config = { ...test.app.config, LLM_BASE_URL: server.url, LLM_API_KEY: 'sk-fake' };
      const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, apiKey: 'sk-fake' });
      const app = { ...test.app, config, llm: createOpenAiCompatibleLlm({ model: 'fake-model', baseUrl: server.url, apiKey: 'sk-fake' }), prose: { ...test.app.prose, embedder } };
      const report = await checkHealth(app);
      expect(report.llm).toEqual({ configured: true, model: 'fake-model', reachable: true });
      expect(report.embedder).toMatchObject({ kind: 'semantic', model: 'text-embedding-3-small' });
      expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models', headers: { authorization: 'Bearer sk-fake' } });
      const text = healthText(report).join('\n');
      expect(text).toContain('ok   llm: fake-model configured and reachable');
      expect(text).toContain('embedder: text-embedding-3-small at the configured endpoint');

      const down = await checkHealth({ ...app, config: { ...config, LLM_BASE_URL: 'http://127.0.0.1:1/v1' } });
      expect(down.ok).toBe(true); // the LLM is optional: the database side decides `ok`
      expect(down.llm).toMatchObject({ configured: true, reachable: false, error: expect.stringMatching(/^not reachable \(/) });
      expect(down.llm.error).not.toContain('127.0.0.1:1');
      expect(healthText(down).join('\n')).toMatch(/FAIL llm: fake-model configured, not reachable/);
    });
  });
}
