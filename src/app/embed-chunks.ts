/**
 * After an ingest: embeds the document chunks it stored, outside the files' transactions.
 * A failing endpoint fails nothing: the chunks stay searchable by full text and are embedded
 * at the next search.
 * @module app/embed-chunks
 */
import { describeError, UpstreamError } from '../errors.js';
import { indexChunks } from '../prose/index.js';
import type { App } from './open-app.js';

/**
 * Embeds the pending chunks of the records an ingest stored (new or replaced), and only those: a
 * concurrent run's chunks are embedded and counted by that run (or the next search).
 * @param recordIds the records this run stored; none: nothing to embed
 * @returns how many of this run's chunks were embedded, or why none could be
 */
export async function embedIngestedChunks(app: App, recordIds: readonly string[]): Promise<{ embeddedChunks: number; embeddingError?: string }> {
  if (recordIds.length === 0) return { embeddedChunks: 0 };
  const settings = app.prose;
  try {
    const result = await indexChunks(app.db, { tenantId: app.tenantId, embedder: settings.embedder, language: settings.language, recordIds });
    return { embeddedChunks: result.embedded };
  } catch (error) {
    if (error instanceof UpstreamError) return { embeddedChunks: 0, embeddingError: describeError(error) };
    throw error;
  }
}
