/** @module app: open the database, executor, cache and LLM once for a surface. */
export { openApp, type App } from './open-app.js';
export { ingestPaths, type IngestSummary, type FileOutcome } from './ingest-paths.js';
