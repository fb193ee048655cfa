import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/helpers/fake-openai-server.js';
import { createOfflineEmbedder, createOpenAiCompatibleEmbedder } from '../embedder/index.js';
import { ingestFile } from '../ingest/index.js';
import { countPendingChunks, embeddingText, indexChunks } from './index-chunks.js';

const DOC = ['# Handbook', ...Array.from({ length: 5 }, (_, i) => `## Topic ${i}\nText of topic ${i}: ${'words '.repeat(20)}`)].join('\n');

for (const adapter of DB_ADAPTERS) {
  describe(`indexChunks (${adapter.name})`, () => {
    let test: TestDb;
    let server: FakeOpenAi | undefined;
    const ingest = (text: string) =>
      ingestFile(test.db, { tenantId: 't', sourceKind: 'local', sourceRef: 'h.md', sourcePath: 'h.md', fileName: 'h.md', bytes: Buffer.from(text) });

    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => test?.dispose());
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('embeds in batches through the OpenAI-compatible adapter, retrying a 429, and records the model', async () => {
      await ingest(DOC);
      server = await startFakeOpenAi({ embeddingReplies: [{ status: 429 }] });
      const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, apiKey: 'k', batchSize: 2 });
      expect(await countPendingChunks(test.db, 't', embedder)).toBe(5);
      expect(await indexChunks(test.db, { tenantId: 't', embedder, batchSize: 3 })).toEqual({ embedded: 5, model: 'text-embedding-3-small', dimensions: 1536 });
      const inputs = server.requests.filter((request) => request.path === '/v1/embeddings').map((request) => request.body.input.length);
      // Chunks 3 at a time, 2 texts per request: [2 refused with 429, 2 retried, 1], then [2].
      expect(inputs).toEqual([2, 2, 1, 2]);
      expect(server.requests[1].body.input[0]).toBe(embeddingText('## Topic 0\nText of topic 0: ' + 'words '.repeat(20).trim(), 'Handbook › Topic 0'));
      const { rows } = await test.db.query<{ model: string; dims: number; embedded: boolean; record: unknown }>(
        `select c.embedding_model as model, c.embedding_dimensions as dims, c.embedding is not null as embedded, r.metadata->'embedding' as record
           from document_chunks c join record_manager r on r.id = c.record_id`,
      );
      expect(rows).toHaveLength(5);
      expect(rows.every((row) => row.model === 'text-embedding-3-small' && row.dims === 1536 && row.embedded)).toBe(true);
      expect(rows[0].record).toEqual({ model: 'text-embedding-3-small', dimensions: 1536 });
    });

    it('embeds nothing for an unchanged re-ingest, and everything again after a change of model', async () => {
      server = await startFakeOpenAi();
      const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, apiKey: 'k' });
      expect((await ingest(DOC)).status).toBe('unchanged');
      expect((await indexChunks(test.db, { tenantId: 't', embedder })).embedded).toBe(0);
      expect(server.requests).toHaveLength(0);
      const lexical = createOfflineEmbedder();
      expect((await indexChunks(test.db, { tenantId: 't', embedder: lexical })).embedded).toBe(5);
      expect((await indexChunks(test.db, { tenantId: 't', embedder: lexical })).embedded).toBe(0);
      expect(lexical.calls.flat()).toHaveLength(5);
    });

    it('refuses an unknown text search language and a vector length the store cannot hold', async () => {
      await expect(indexChunks(test.db, { tenantId: 't', embedder: createOfflineEmbedder(), language: 'klingon' })).rejects.toThrow(/"klingon" is not a text search configuration/);
      await expect(indexChunks(test.db, { tenantId: 't', embedder: createOfflineEmbedder({ dimensions: 8 }) })).rejects.toThrow(/length 8; the store holds 1536/);
    });
  });
}
