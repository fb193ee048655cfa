/**
 * One line on how vectors are stored and ranked on this database, for health reports.
 * @module prose/vector-search-status
 */
import type { Db } from '../db/index.js';

/** How vector search runs here. */
export interface VectorSearchStatus {
  /** `pgvector`: `vector(1536)` with an HNSW cosine index; `real[]`: arrays ranked by a dot product in SQL. */
  storage: 'pgvector' | 'real[]';
  /** The sentence to show once in a health report. */
  message: string;
}

/** The status for `db` (after migrations, which set `vectorEnabled`). */
export function vectorSearchStatus(db: Db): VectorSearchStatus {
  return db.vectorEnabled
    ? { storage: 'pgvector', message: 'vector search: pgvector (vector(1536), HNSW cosine index)' }
    : {
        storage: 'real[]',
        message: 'vector search: pgvector is not installed on this server; vectors are stored as real[] and ranked in SQL (same results, slower)',
      };
}
