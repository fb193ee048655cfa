import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.js';
import { loadConfig } from '../config.js';
import { fakeEmbedding, startFakeOpenAi, type FakeOpenAi } from '../../test/helpers/fake-openai-server.js';
import { createOpenAiCompatibleEmbedder } from './openai-compatible-embedder.js';
import { createEmbedder } from './create-embedder.js';

describe('createOpenAiCompatibleEmbedder', () => {
  let server: FakeOpenAi | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('embeds in batches as floats with dimensions for text-embedding-3 models, in input order', async () => {
    server = await startFakeOpenAi();
    const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, apiKey: 'sk-e', batchSize: 2 });
    const texts = ['alpha', 'beta', 'gamma'];
    const vectors = await embedder.embed(texts);
    expect(embedder).toMatchObject({ dimensions: 1536, model: 'text-embedding-3-small' });
    expect(vectors).toEqual(texts.map((text) => fakeEmbedding(text, 1536)));
    expect(server.requests.map((request) => request.body)).toEqual([
      { model: 'text-embedding-3-small', input: ['alpha', 'beta'], encoding_format: 'float', dimensions: 1536 },
      { model: 'text-embedding-3-small', input: ['gamma'], encoding_format: 'float', dimensions: 1536 },
    ]);
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-e');
  });

  it('pads shorter vectors of other models with zeros and sends no dimensions', async () => {
    server = await startFakeOpenAi({ embeddingDimensions: 768 });
    const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, model: 'nomic-embed-text' });
    const [vector] = await embedder.embed(['', 'x']);
    expect(vector).toHaveLength(1536);
    expect(vector.slice(0, 768)).toEqual(fakeEmbedding(' ', 768));
    expect(vector.slice(768).every((value) => value === 0)).toBe(true);
    expect(server.requests[0].body).not.toHaveProperty('dimensions');
    expect(server.requests[0].body.input).toEqual([' ', 'x']);
  });

  it('refuses vectors longer than the store holds', async () => {
    server = await startFakeOpenAi({ embeddingDimensions: 3072 });
    const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, model: 'big-model' });
    await expect(embedder.embed(['x'])).rejects.toThrow(/length 3072; the store holds 1536/);
  });

  it('retries a 429 and maps a 401 to a non-retryable UpstreamError', async () => {
    server = await startFakeOpenAi({ embeddingReplies: [{ status: 429 }] });
    const embedder = createOpenAiCompatibleEmbedder({ baseUrl: server.url, apiKey: 'k' });
    expect(await embedder.embed(['x'])).toHaveLength(1);
    expect(server.requests).toHaveLength(2);

    await server.close();
    server = await startFakeOpenAi({ embeddingReplies: [{ status: 401, message: 'bad key' }] });
    const error = await createOpenAiCompatibleEmbedder({ baseUrl: server.url, apiKey: 'k' }).embed(['x']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect((error as Error).message).toContain('bad key');
  });
});

describe('createEmbedder', () => {
  it('is offline without an LLM endpoint or with EMBEDDING_MODEL=offline', () => {
    expect(createEmbedder(loadConfig({})).model).toBe('lexical-hashing-1536');
    expect(createEmbedder(loadConfig({ OPENAI_API_KEY: 'k', EMBEDDING_MODEL: 'offline' })).model).toBe('lexical-hashing-1536');
  });

  it('uses the configured endpoint and model otherwise', () => {
    expect(createEmbedder(loadConfig({ OPENAI_API_KEY: 'k' })).model).toBe('text-embedding-3-small');
    expect(createEmbedder(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', EMBEDDING_MODEL: 'nomic-embed-text' }))).toMatchObject({
      model: 'nomic-embed-text',
      dimensions: 1536,
    });
  });
});
