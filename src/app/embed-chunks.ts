/**
 * After an ingest: embeds the document chunks it stored, outside the files' transactions.
 * A failing endpoint fails nothing: the chunks stay searchable by full text and are embedded
 * at the next search.
 * @module app/embed-chunks
 */
import { describeError, UpstreamError } from '../errors.js';
import { indexChunks } from '../prose/index.js';
import type { App } from './open-app.js';

/** Embeds pending chunks of the app's tenant. @returns how many were embedded, or why none could be */
export async function embedIngestedChunks(app: App): Promise<{ embeddedChunks: number; embeddingError?: string }> {
  const settings = app.prose;
  try {
    const result = await indexChunks(app.db, { tenantId: app.tenantId, embedder: settings.embedder, language: settings.language });
    return { embeddedChunks: result.embedded };
  } catch (error) {
    if (error instanceof UpstreamError) return { embeddedChunks: 0, embeddingError: describeError(error) };
    throw error;
  }
}
