/**
 * Passage search for an open app: brings the tenant's chunk embeddings up to date (chunks
 * ingested since the last search), then runs the hybrid search with the configured embedder,
 * text search language and similarity floor. When the embedding endpoint fails, it searches by
 * full text alone and says so.
 * @module agent/find-passages
 */
import type { Db } from '../db/index.js';
import { describeError, UpstreamError } from '../errors.js';
import { defaultProseSettings, indexChunks, searchDocuments, type DocumentFilters, type DocumentSearchResult, type ProseSettings } from '../prose/index.js';

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

/** True when the tenant has any document chunk. */
export async function hasDocuments(app: PassageContext): Promise<boolean> {
  const { rows } = await app.db.query<{ present: boolean }>(
    'select exists (select 1 from document_chunks where tenant_id = $1) as present',
    [app.tenantId],
  );
  return rows[0]?.present === true;
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
