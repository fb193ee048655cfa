/** @module embedder: the embedding port, its OpenAI-compatible and offline adapters, the factory and the prose chunker. */
export { EMBEDDING_DIMENSIONS, type Embedder } from './embedder.js';
export {
  createOpenAiCompatibleEmbedder,
  type EmbeddingsClient,
  type OpenAiCompatibleEmbedderOptions,
  type WireEmbeddingResponse,
} from './openai-compatible-embedder.js';
export { contentWords, createOfflineEmbedder, hashEmbedding, stemWord, tokenize, type OfflineEmbedder } from './offline-embedder.js';
export { createEmbedder } from './create-embedder.js';
export { chunkText, type ChunkTextOptions, type TextChunk } from './chunk-text.js';
