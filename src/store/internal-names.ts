/**
 * The names of gridrag's own tables, which no query may read and no data table may take.
 * Persistence owns the list; the SQL guard and table naming both read it.
 * @module store/internal-names
 */

/** Tables of ours that no statement may name, even when a caller offers them by mistake. */
const INTERNAL_TABLES = new Set(
  `record_manager tabular_document_rows tabular_tables query_log sync_state layout_templates
  schema_migrations document_chunks glossary_terms information_schema`.split(/\s+/),
);

/** True for names no statement may read: our internal tables, `pg_*`, `gridrag_*`, `information_schema`. */
export function isInternalName(name: string): boolean {
  const folded = name.toLowerCase();
  return INTERNAL_TABLES.has(folded) || folded.startsWith('pg_') || folded.startsWith('gridrag_');
}
