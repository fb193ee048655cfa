/**
 * Embeds the chunks that need it: never embedded, or embedded by another model or vector
 * length than the configured embedder (a change of model re-embeds everything it made).
 * Runs outside the ingest transaction, so a slow or failing endpoint never blocks or undoes
 * an ingest; chunks left pending are embedded by the next call (search calls it first).
 * A re-ingest of an unchanged file stores nothing new, so it embeds nothing.
 * @module prose/index-chunks
 */
import type { Db } from '../db/index.js';
import { ConfigError, DbError } from '../errors.js';
import { EMBEDDING_DIMENSIONS, type Embedder } from '../embedder/index.js';
import { vectorToSql, vectorType } from './vector-text.js';

export interface IndexChunksOptions {
  tenantId: string;
  embedder: Embedder;
  /** Text search configuration for the chunks' `fts` column (`english`, `german`, `simple` …). @default 'english' */
  language?: string;
  /** Chunks per embedding call and update. @default 64 */
  batchSize?: number;
  /**
   * Only the chunks of these records (an ingest's own: a concurrent run's chunks are its to embed
   * and count). @default every record of the tenant
   */
  recordIds?: readonly string[];
}

/** What one call did. */
export interface IndexChunksResult {
  /** Chunks embedded by this call. */
  embedded: number;
  model: string;
  dimensions: number;
}

/** The text a chunk is embedded from: its heading path, then its content. */
export function embeddingText(content: string, heading: string | null): string {
  return heading ? `${heading}\n${content}` : content;
}

/**
 * Brings the tenant's chunks up to date with the embedder and the text search language.
 * @throws ConfigError for an unknown text search language or an embedder whose vectors do not
 *   have the store's length (1536); UpstreamError when the endpoint fails (chunks embedded
 *   before the failure stay embedded)
 */
export async function indexChunks(db: Db, options: IndexChunksOptions): Promise<IndexChunksResult> {
  const { tenantId, embedder } = options;
  const language = options.language ?? 'english';
  const batchSize = Math.max(1, options.batchSize ?? 64);
  if (embedder.dimensions !== EMBEDDING_DIMENSIONS) {
    throw new ConfigError(`the embedder ${embedder.model} makes vectors of length ${embedder.dimensions}; the store holds ${EMBEDDING_DIMENSIONS}`);
  }
  try {
    await db.query(`update document_chunks set language = $2::regconfig where tenant_id = $1 and language <> $2::regconfig`, [tenantId, language]);
  } catch (error) {
    if (error instanceof DbError && /text search configuration/.test(error.message)) {
      throw new ConfigError(`GRIDRAG_TEXT_SEARCH_LANGUAGE: "${language}" is not a text search configuration of this database (e.g. english, german, simple)`, { cause: error });
    }
    throw error;
  }
  const result: IndexChunksResult = { embedded: 0, model: embedder.model, dimensions: embedder.dimensions };
  const records = options.recordIds === undefined ? null : JSON.stringify(options.recordIds);
  for (;;) {
    const { rows } = await db.query<{ id: number; content: string; heading: string | null }>(
      `select id, content, metadata->>'heading' as heading from document_chunks
        where tenant_id = $1 and (embedding_model is distinct from $2 or embedding_dimensions is distinct from $3)
          and ($5::jsonb is null or record_id in (select (jsonb_array_elements_text($5::jsonb))::uuid))
        order by id limit $4`,
      [tenantId, embedder.model, embedder.dimensions, batchSize, records],
    );
    if (rows.length === 0) return result;
    const vectors = await embedder.embed(rows.map((row) => embeddingText(row.content, row.heading)));
    const values = rows.map((row, i) => ({ id: row.id, e: vectorToSql(vectors[i], db.vectorEnabled) }));
    await db.transaction(async (tx) => {
      await tx.query(
        `update document_chunks c set embedding = v.e::${vectorType(db.vectorEnabled)}, embedding_model = $2, embedding_dimensions = $3
           from jsonb_to_recordset($1::jsonb) as v(id bigint, e text) where c.id = v.id`,
        [JSON.stringify(values), embedder.model, embedder.dimensions],
      );
      await tx.query(
        `update record_manager set metadata = metadata || jsonb_build_object('embedding', jsonb_build_object('model', $2::text, 'dimensions', $3::int))
          where id in (select distinct record_id from document_chunks where id in (select (value)::bigint from jsonb_array_elements_text($1::jsonb)))`,
        [JSON.stringify(rows.map((row) => row.id)), embedder.model, embedder.dimensions],
      );
    });
    result.embedded += rows.length;
  }
}

/** Chunks of the tenant not yet embedded by `embedder` (for status lines). */
export async function countPendingChunks(db: Db, tenantId: string, embedder: Embedder): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from document_chunks where tenant_id = $1 and (embedding_model is distinct from $2 or embedding_dimensions is distinct from $3)`,
    [tenantId, embedder.model, embedder.dimensions],
  );
  return rows[0]?.n ?? 0;
}
