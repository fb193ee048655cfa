/** @module prose: documents (and table rows) as chunks, their embeddings, and hybrid passage search with filters applied inside the query. */
export { chunkDocument, splitSections, type ChunkDocumentOptions, type DocumentChunk } from './chunk-document.js';
export { countPendingChunks, embeddingText, indexChunks, type IndexChunksOptions, type IndexChunksResult } from './index-chunks.js';
export { chunkTableRows, formatCell, rowText, ROW_CHUNK_MAX_ROWS, type RowChunk, type RowChunkSource } from './chunk-rows.js';
export { searchSimilarRows, type SearchSimilarRowsOptions, type SimilarRowsResult } from './search-rows.js';
export {
  searchDocuments,
  SIMILARITY_FLOORS,
  type ChunkKind,
  type DocumentFilters,
  type DocumentSearchResult,
  type Passage,
  type SearchDocumentsOptions,
} from './search-documents.js';
export { normalizeVector, vectorToSql } from './vector-text.js';
export { defaultProseSettings, proseSettings, type ProseSettings } from './prose-settings.js';
export { vectorSearchStatus, type VectorSearchStatus } from './vector-search-status.js';
