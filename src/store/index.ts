/** @module store: persistence: records, tables and rows, the catalog, glossary terms, row accounting. The pipeline that fills it is `ingest/`. */
export { deleteRecord, relocateRecord, setAccessLevel, findRecords, type RecordSummary } from './records.js';
export { findNamedValues, loadCatalog } from './catalog.js';
export { loadTableRows, type StoredRow } from './table-rows.js';
export { saveGlossary, loadGlossary, type StoredGlossaryTerm } from './glossary-store.js';
export type { CatalogTable, CatalogColumn, ColumnProfile, RecordVersion, DerivedDefinition, RecordSourceKind, RecordStatus } from './catalog-types.js';
export { describeExcluded, loadRowAccount, loadRowAccounts, type FileRowAccount, type FileExcludedRow, type RecordRowAccount } from './row-accounting.js';
