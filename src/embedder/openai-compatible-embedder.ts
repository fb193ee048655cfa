/**
 * Embedding adapter for any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Azure's
 * `/openai/v1`, Ollama, vLLM) through the `openai` SDK.
 * @module embedder/openai-compatible-embedder
 */
import OpenAI from 'openai';
import { UpstreamError } from '../errors.js';
import { toUpstreamError } from '../llm/index.js';
import { EMBEDDING_DIMENSIONS, type Embedder } from './embedder.js';

/** The subset of an embeddings response this adapter reads. */
export interface WireEmbeddingResponse {
  data: { index: number; embedding: number[] }[];
}

/** The subset of the `openai` client this adapter calls; an `OpenAI` instance fits. */
export interface EmbeddingsClient {
  embeddings: {
    create(body: { model: string; input: string[]; encoding_format: 'float'; dimensions?: number }): PromiseLike<WireEmbeddingResponse>;
  };
}

export interface OpenAiCompatibleEmbedderOptions {
  /** @default 'text-embedding-3-small' */
  model?: string;
  /** Base URL including `/v1`; the SDK's OpenAI default when unset. */
  baseUrl?: string;
  /** API key; any non-empty text for endpoints that need none. @default 'not-needed' */
  apiKey?: string;
  /**
   * Length of the returned vectors. Sent as `dimensions` to `text-embedding-3-*` models only;
   * shorter vectors from other models are padded with zeros (cosine similarity unchanged).
   * @default 1536
   */
  dimensions?: number;
  /** Texts per request. @default 128 */
  batchSize?: number;
  /** Retries inside the SDK for 408/409/429/5xx and connection errors. @default 2 */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds. @default 60000 */
  timeoutMs?: number;
  /** A client instance, or a factory called once on first use; built from the options above when unset. */
  client?: EmbeddingsClient | (() => EmbeddingsClient);
}

/**
 * Creates an `Embedder` over an OpenAI-compatible endpoint. Empty texts are sent as one space
 * (endpoints reject empty input).
 * @throws UpstreamError from `embed` when the endpoint fails, answers the wrong number of
 *   vectors, or vectors longer than `dimensions` (not retryable)
 */
export function createOpenAiCompatibleEmbedder(options: OpenAiCompatibleEmbedderOptions = {}): Embedder {
  const model = options.model ?? 'text-embedding-3-small';
  const dimensions = options.dimensions ?? EMBEDDING_DIMENSIONS;
  const batchSize = Math.max(1, options.batchSize ?? 128);
  const sendDimensions = model.startsWith('text-embedding-3');
  const what = `embeddings (${model}${options.baseUrl ? ` at ${options.baseUrl}` : ''})`;
  let client: EmbeddingsClient | undefined = typeof options.client === 'object' ? options.client : undefined;
  const getClient = (): EmbeddingsClient => {
    client ??=
      typeof options.client === 'function'
        ? options.client()
        : new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? 'not-needed', maxRetries: options.maxRetries ?? 2, timeout: options.timeoutMs ?? 60_000 });
    return client;
  };

  async function embedBatch(texts: string[]): Promise<number[][]> {
    let response: WireEmbeddingResponse;
    try {
      response = await getClient().embeddings.create({
        model,
        input: texts.map((text) => (text.trim() === '' ? ' ' : text)),
        encoding_format: 'float',
        ...(sendDimensions ? { dimensions } : {}),
      });
    } catch (error) {
      throw toUpstreamError(error, what);
    }
    if (response.data.length !== texts.length) {
      throw new UpstreamError(`${what} returned ${response.data.length} vectors for ${texts.length} texts`);
    }
    return [...response.data].sort((a, b) => a.index - b.index).map((item) => fitLength(Array.from(item.embedding), dimensions, what));
  }

  return {
    dimensions,
    model,
    kind: 'semantic',
    async embed(texts: string[]): Promise<number[][]> {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) vectors.push(...(await embedBatch(texts.slice(start, start + batchSize))));
      return vectors;
    },
  };
}

function fitLength(vector: number[], dimensions: number, what: string): number[] {
  if (vector.length === dimensions) return vector;
  if (vector.length > dimensions) {
    throw new UpstreamError(`${what} returned vectors of length ${vector.length}; the store holds ${dimensions}. Choose a model with at most ${dimensions} dimensions.`);
  }
  return vector.concat(new Array<number>(dimensions - vector.length).fill(0));
}
