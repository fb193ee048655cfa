/** @module store: ingest files into records, tables and rows; load the catalog; records and glossary. */
export { ingestFile, contentHashOf, driftWarnings, type IngestInput, type IngestOutcome } from './ingest.js';
export { deleteRecord, relocateRecord, setAccessLevel, findRecords, type RecordSummary } from './records.js';
export { loadCatalog } from './catalog.js';
export { saveGlossary, loadGlossary, type StoredGlossaryTerm } from './glossary-store.js';
export { SUPPORTED_EXTENSIONS, TABULAR_EXTENSIONS, PROSE_EXTENSIONS, mimeTypeOf, parseFile } from './parse-file.js';
export { nameTables } from './table-names.js';
export type { CatalogTable, CatalogColumn, ColumnProfile, RecordVersion, DerivedDefinition } from './catalog-types.js';
export { fileRowAccount, describeExcluded, loadRowAccount, loadRowAccounts, type FileRowAccount, type FileExcludedRow, type RecordRowAccount } from './row-accounting.js';
