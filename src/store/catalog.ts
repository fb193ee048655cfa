/**
 * Loads the catalog: every queryable table of a tenant with its column cards, profiles,
 * validation outcome and the version of the record it came from.
 * @module store/catalog
 */
import type { Db } from '../db/index.js';
import type { ExcludedRow } from '../tables/account-rows.js';
import type { ColumnCard, ValidationCheck, ValidationOutcome } from '../tables/types.js';
import type { CatalogTable, ColumnProfile, DerivedDefinition } from './catalog-types.js';

interface TableRow {
  id: string; sql_name: string; kind: 'table' | 'long' | 'union'; base_table_ids: string[]; definition: DerivedDefinition;
  record_id: string; version: number; content_hash: string; source_modified_at: Date | null; title: string; source_path: string | null;
  sheet_name: string | null; sheet_hidden: boolean; range_a1: string; table_title: string | null; label: string | null;
  header_rows: number; columns: ColumnCard[]; row_count: number; aggregate_rows: number[]; aggregate_columns: string[];
  outcome: ValidationOutcome; profile: Record<string, ColumnProfile>; warnings: { message: string; table?: string }[];
  excluded_rows: ExcludedRow[] | null;
  outside_rows: { sheet: string | null; sheetRow: number; text: string }[] | null;
  checks: ValidationCheck[] | null;
}

const EMPTY_PROFILE: ColumnProfile = { distinctCount: 0, nullCount: 0 };

/**
 * Loads a tenant's tables, visible before hidden, then by file and position.
 * @param options.withSamples also load five sample rows per table (one query per table)
 * @param options.accessLevels only tables of records carrying one of these levels (default: every level)
 */
export async function loadCatalog(db: Db, tenantId: string, options: { withSamples?: boolean; accessLevels?: string[] } = {}): Promise<CatalogTable[]> {
  const { rows } = await db.query<TableRow>(
    `select t.id, t.sql_name, t.kind, t.base_table_ids, t.definition, t.record_id, r.version, r.content_hash, r.source_modified_at,
            r.title, r.source_path, t.sheet_name, t.sheet_hidden, t.range_a1, t.title as table_title, t.label, t.header_rows,
            t.columns, t.row_count, t.aggregate_rows, t.aggregate_columns, t.outcome, t.profile, r.warnings, t.excluded_rows,
            r.row_accounting->'outside' as outside_rows, t.validation->'checks' as checks
       from tabular_tables t join record_manager r on r.id = t.record_id
      where t.tenant_id = $1 and r.tenant_id = $1 and r.status = 'ready' and ($2::text[] is null or r.access_level = any ($2::text[]))
      order by t.sheet_hidden, coalesce(r.source_path, r.title), t.position`,
    [tenantId, options.accessLevels ?? null],
  );
  const tables = rows.map((row): CatalogTable => {
    const columns = row.columns.map((card) => ({ ...card, profile: row.profile[card.sqlName] ?? EMPTY_PROFILE }));
    const dateColumn = columns.find((card) => card.type === 'date' && card.profile.min && card.profile.max);
    return {
      id: row.id,
      sqlName: row.sql_name,
      kind: row.kind,
      baseTableIds: row.base_table_ids,
      definition: row.kind === 'table' ? undefined : row.definition,
      record: {
        recordId: row.record_id,
        version: row.version,
        contentHash: row.content_hash,
        sourceModifiedAt: row.source_modified_at ? new Date(row.source_modified_at).toISOString() : null,
      },
      file: row.title,
      sourcePath: row.source_path,
      sheet: row.sheet_name,
      hidden: row.sheet_hidden,
      range: row.range_a1,
      title: row.table_title,
      label: row.label,
      headerRows: row.header_rows,
      columns,
      rowCount: row.row_count,
      aggregateRows: row.aggregate_rows,
      aggregateColumns: row.aggregate_columns,
      outcome: row.outcome,
      failedTotals: failedTotalsOf(row.checks),
      dateRange: dateColumn ? { column: dateColumn.name, min: String(dateColumn.profile.min), max: String(dateColumn.profile.max) } : undefined,
      sampleRows: [],
      // a warning stored before warnings named their table is the file's
      warnings: (row.warnings ?? []).filter((warning) => warning.table === row.sql_name).map((warning) => warning.message),
      fileWarnings: (row.warnings ?? []).filter((warning) => warning.table === undefined).map((warning) => warning.message),
      excludedRows: row.excluded_rows ?? [],
      outsideRows: outsideRowsOf(row),
    };
  });
  if (options.withSamples) {
    for (const table of tables) {
      if (table.kind !== 'table') continue;
      const sample = await db.query<{ row_data: Record<string, unknown> }>(
        `select row_data from tabular_document_rows where table_id = $1 and not is_aggregate and not is_hidden order by sheet_row limit 5`,
        [table.id],
      );
      table.sampleRows = sample.rows.map((row) => row.row_data);
    }
  }
  return tables;
}

/** The columns whose every stated total failed its check, each with the first that failed (`CatalogTable.failedTotals`). */
function failedTotalsOf(checks: ValidationCheck[] | null): NonNullable<CatalogTable['failedTotals']> {
  const totals = (Array.isArray(checks) ? checks : []).filter((check) => check.kind === 'total' && check.column !== undefined);
  const failed = new Map<string, NonNullable<CatalogTable['failedTotals']>[number]>();
  for (const check of totals) {
    const column = check.column as string;
    if (check.ok || totals.some((other) => other.ok && other.column === column) || failed.has(column)) continue;
    if (check.stated === undefined || check.computed === undefined || check.sheetRow === undefined) continue;
    failed.set(column, { column, stated: check.stated, computed: check.computed, sheetRow: check.sheetRow });
  }
  return [...failed.values()];
}

/**
 * The rows of the table's sheet that lie in no table and fill as many cells as the table has
 * columns (`c | 3` beside a table of Item and Qty, far below it): rows of the table's shape that
 * no answer counts. 1-based; from the file's row accounting (at most `OUTSIDE_LIMIT` listed).
 */
function outsideRowsOf(row: TableRow): number[] {
  if (row.kind !== 'table' || !Array.isArray(row.outside_rows)) return [];
  const width = row.columns.filter((card) => card.derived === undefined).length;
  return row.outside_rows.filter((outside) => outside.sheet === row.sheet_name && outside.text.split(' | ').length === width).map((outside) => outside.sheetRow);
}

/** Tables of more rows than this are not searched for the values a question names (their values are not stored). */
export const NAMED_VALUE_ROW_LIMIT = 50_000;

/** Values looked up per table at most (a question names a few; this bounds a pathological one). */
const NAMED_VALUES_PER_TABLE = 200;

/**
 * The sqlNames of a table's columns whose values `findNamedValues` looks up: text columns that
 * are not free text, not derived and too varied for the profile to list (no `distinct`), of a
 * detected table (`kind` `table`) of at most `NAMED_VALUE_ROW_LIMIT` data rows; none otherwise.
 * Ingest stores those columns' values (`store/file-writes.ts`); migration
 * `20261205000100_named_values.sql` wrote the same rule in SQL for tables stored before it.
 * @param profile per sqlName; a column missing from it has no `distinct`
 */
export function namedValueColumns(kind: string, rowCount: number, columns: ColumnCard[], profile: Record<string, ColumnProfile | undefined>): string[] {
  if (kind !== 'table' || rowCount > NAMED_VALUE_ROW_LIMIT) return [];
  return columns.filter((c) => c.type === 'text' && c.concept !== 'text' && c.derived === undefined && profile[c.sqlName]?.distinct === undefined).map((c) => c.sqlName);
}

/**
 * The catalog with, on each column `namedValueColumns` picks, the values that equal one of
 * `phrases` (lower-case, as the question writes them: "sadsbury township", "st. clair") once
 * lower-cased by the database (SQL `lower`), in `profile.named`: at most 200 per table, in order
 * of column and value, from data rows only. One query, an index probe per phrase into the
 * distinct values stored at ingest (`tabular_named_values`), whatever the tables' rows.
 * Returns `catalog` itself when no phrase or no column applies or nothing is found, else a copy;
 * `catalog` is not changed.
 * @throws DbError when the database fails
 */
export async function findNamedValues(db: Db, tenantId: string, catalog: CatalogTable[], phrases: string[]): Promise<CatalogTable[]> {
  if (phrases.length === 0) return catalog;
  const columns = catalog.flatMap((t) => namedValueColumns(t.kind, t.rowCount, t.columns, Object.fromEntries(t.columns.map((c) => [c.sqlName, c.profile]))).map((key) => ({ table: t.id, key })));
  if (columns.length === 0) return catalog;
  const { rows } = await db.query<{ table_id: string; key: string; value: string }>(
    `select table_id, key, value from (
       select v.table_id, v.column_name as key, v.value, row_number() over (partition by v.table_id order by v.column_name, v.value) as n
         from tabular_named_values v join unnest($2::uuid[], $3::text[]) as c(table_id, key) on c.table_id = v.table_id and c.key = v.column_name
        where v.tenant_id = $1 and lower(v.value) = any ($4::text[])
     ) found where n <= ${NAMED_VALUES_PER_TABLE} order by table_id, key, value`,
    [tenantId, columns.map((c) => c.table), columns.map((c) => c.key), phrases],
  );
  const found = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const byColumn = found.get(row.table_id) ?? new Map<string, string[]>();
    byColumn.set(row.key, [...(byColumn.get(row.key) ?? []), row.value]);
    found.set(row.table_id, byColumn);
  }
  if (found.size === 0) return catalog;
  return catalog.map((table) => {
    const byColumn = found.get(table.id);
    if (!byColumn) return table;
    return { ...table, columns: table.columns.map((c) => (byColumn.has(c.sqlName) ? { ...c, profile: { ...c.profile, named: byColumn.get(c.sqlName) } } : c)) };
  });
}
