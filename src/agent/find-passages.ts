/**
 * Passage search for an open app: brings the tenant's chunk embeddings up to date (chunks
 * ingested since the last search), then runs the hybrid search with the configured embedder,
 * text search language and similarity floor. When the embedding endpoint fails, it searches by
 * full text alone and says so.
 * @module agent/find-passages
 */
import type { Db } from '../db/index.js';
import { describeError, UpstreamError } from '../errors.js';
import {
  defaultProseSettings, indexChunks, ROW_CHUNK_MAX_ROWS, searchDocuments, searchSimilarRows,
  type DocumentFilters, type DocumentSearchResult, type Passage, type ProseSettings,
} from '../prose/index.js';

/** What a passage search needs (an open app, or `ask`'s context, has it). */
export interface PassageContext {
  db: Db;
  tenantId: string;
  /** Embedder, text search language and floor; the offline lexical defaults when unset. */
  prose?: ProseSettings;
  /** Access levels the caller holds: only documents of records carrying one are searched; undefined: every level. */
  accessLevels?: string[];
}

/** The passages found, and a note when the search fell back to full text. */
export interface FoundPassages {
  search: DocumentSearchResult;
  note?: string;
}

/** True when the tenant has any document passage (row chunks do not count). */
export async function hasDocuments(app: PassageContext): Promise<boolean> {
  return hasChunks(app, 'passage');
}

/** True when the tenant has any table row stored as a row chunk. */
export async function hasRowChunks(app: PassageContext): Promise<boolean> {
  return hasChunks(app, 'row');
}

async function hasChunks(app: PassageContext, kind: 'passage' | 'row'): Promise<boolean> {
  const { rows } = await app.db.query<{ present: boolean }>(
    `select exists (select 1 from document_chunks where tenant_id = $1 and kind = $2) as present`,
    [app.tenantId, kind],
  );
  return rows[0]?.present === true;
}

/** Similar rows, the row they resemble, and a note naming the tables the row search does not cover. */
export interface FoundRows extends FoundPassages {
  anchor?: Passage;
}

/**
 * Searches the tenant's table rows for those like `subject` (prose/search-rows), embeddings
 * brought up to date first; full text alone when the endpoint fails, said in `note`, as is
 * every table above the row cap (it has no row chunks: SQL answers over it).
 * @throws DbError when the database fails
 */
export async function findSimilarRows(app: PassageContext, query: string, subject: string | null, options: { k?: number } = {}): Promise<FoundRows> {
  const settings = app.prose ?? defaultProseSettings();
  const filters = app.accessLevels ? { accessLevels: app.accessLevels } : undefined;
  const base = { tenantId: app.tenantId, embedder: settings.embedder, query, subject, k: options.k, filters, language: settings.language, floor: settings.floor };
  let embeddingNote: string | undefined;
  let result;
  try {
    await indexChunks(app.db, { tenantId: app.tenantId, embedder: settings.embedder, language: settings.language });
    result = await searchSimilarRows(app.db, base);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    embeddingNote = `embeddings unavailable (${describeError(error)}); searched by full text only`;
    result = await searchSimilarRows(app.db, { ...base, fullTextOnly: true });
  }
  const capNote = result.uncovered.length > 0
    ? `not searched by row: ${result.uncovered.map((table) => `${table.table} (${table.rows.toLocaleString('en-US')} rows)`).join(', ')}, above the ${ROW_CHUNK_MAX_ROWS.toLocaleString('en-US')}-row cap; ask with numbers or filters for those`
    : undefined;
  const note = [embeddingNote, capNote].filter(Boolean).join('; ') || undefined;
  return { search: result.search, ...(result.anchor ? { anchor: result.anchor } : {}), ...(note ? { note } : {}) };
}

/**
 * Searches the tenant's documents.
 * @param options.k passages, 1 to 50 @default 5
 * @throws DbError when the database fails; ConfigError for a bad text search language
 */
export async function findPassages(app: PassageContext, query: string, options: { filters?: DocumentFilters; k?: number } = {}): Promise<FoundPassages> {
  const settings = app.prose ?? defaultProseSettings();
  const filters = app.accessLevels ? { ...options.filters, accessLevels: app.accessLevels } : options.filters;
  const base = { tenantId: app.tenantId, embedder: settings.embedder, query, k: options.k, filters, language: settings.language, floor: settings.floor };
  try {
    await indexChunks(app.db, { tenantId: app.tenantId, embedder: settings.embedder, language: settings.language });
    return { search: await searchDocuments(app.db, base) };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const note = `embeddings unavailable (${describeError(error)}); searched by full text only`;
    return { search: await searchDocuments(app.db, { ...base, queryVector: null }), note };
  }
}
