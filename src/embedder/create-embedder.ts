/**
 * Chooses the embedder from configuration.
 * @module embedder/create-embedder
 */
import { llmApiKey, llmConfigured, type Config } from '../config.js';
import type { Embedder } from './embedder.js';
import { createOfflineEmbedder } from './offline-embedder.js';
import { createOpenAiCompatibleEmbedder } from './openai-compatible-embedder.js';

/**
 * The OpenAI-compatible embedder at the LLM endpoint (`LLM_BASE_URL`, key) with
 * `EMBEDDING_MODEL` (default `text-embedding-3-small`) when an LLM is configured; the offline
 * lexical (word-hashing) embedder when none is, or when `EMBEDDING_MODEL=offline`. Vectors of length 1536.
 */
export function createEmbedder(config: Config): Embedder {
  if (config.EMBEDDING_MODEL?.toLowerCase() === 'offline' || !llmConfigured(config)) return createOfflineEmbedder();
  return createOpenAiCompatibleEmbedder({
    model: config.EMBEDDING_MODEL ?? 'text-embedding-3-small',
    baseUrl: config.LLM_BASE_URL,
    apiKey: llmApiKey(config),
  });
}
