/**
 * @module ingest: the pipeline from file bytes to stored records (extract → tables → store):
 * the format choice, naming, derived tables, profiles, prose chunks, drift warnings.
 */
export { ingestFile, contentHashOf, driftWarnings, type IngestInput, type IngestOptions, type IngestOutcome, type IngestPhase } from './ingest-file.js';
export { SUPPORTED_EXTENSIONS, TABULAR_EXTENSIONS, PROSE_EXTENSIONS, mimeTypeOf, parseFile, type ParsedFile } from './parse-file.js';
export { nameTables } from './table-names.js';
export { fileRowAccount, tableExcludedRows } from './row-account.js';
