/**
 * The writes of one ingested file: its record (new, replaced or failed), its tables and their
 * rows (COPY, in slices), derived tables' definitions, prose chunks, layout templates and the
 * record's warnings. Persistence only: what to write is decided by the ingest pipeline
 * (`ingest/ingest-file.ts`), which calls these inside its transaction.
 * @module store/file-writes
 */
import type { Queryable } from '../db/index.js';
import { rangeToA1 } from '../extract/grid.js';
import type { TableLayout } from '../tables/index.js';
import type { ColumnCard, DetectedTable, StoredValue, ValidationOutcome } from '../tables/types.js';
import { namedValueColumns } from './catalog.js';
import type { ColumnProfile, DerivedDefinition, RecordSourceKind, RecordStatus } from './catalog-types.js';
import { lockTenantNames, type RecordKey } from './record-lock.js';
import { rowCounts, rowSlices } from './row-slices.js';

/** A record as the ingest pipeline compares it with a new version of its file. */
export interface StoredRecord {
  id: string;
  content_hash: string;
  status: RecordStatus;
  version: number;
  error: string | null;
  source_path: string | null;
  title: string;
  access_level: string;
}

/** What a record row holds about its file. */
export interface RecordFile extends RecordKey {
  sourceKind: RecordSourceKind;
  sourcePath: string;
  fileName: string;
  mimeType: string;
  /** sha256 of the bytes, hex. */
  contentHash: string;
  modifiedAt: Date | null;
  /** Size in bytes. */
  size: number;
  /** `all` unless the folder-to-level map says otherwise. */
  accessLevel: string;
}

/** A stored table's name and column names, as they were before a re-ingest (for drift warnings). */
export interface OldTable {
  sql_name: string;
  columns: { name: string }[];
}

/** The record of a file in its source (tenant, source kind, source ref), if stored. */
export async function findRecord(db: Queryable, key: RecordKey): Promise<StoredRecord | undefined> {
  const { rows } = await db.query<StoredRecord>(
    `select id, content_hash, status, version, error, source_path, title, access_level from record_manager
      where tenant_id = $1 and source_kind = $2 and source_ref = $3`,
    [key.tenantId, key.sourceKind, key.sourceRef],
  );
  return rows[0];
}

/** Sets a record's access level (the folder-to-level map changed, or the file moved between folders). */
export async function updateAccessLevel(db: Queryable, recordId: string, accessLevel: string): Promise<void> {
  await db.query('update record_manager set access_level = $2 where id = $1', [recordId, accessLevel]);
}

/** A record whose content is unchanged gets its new path and title; a `ready` record loses its stored error note. */
export async function renameRecord(db: Queryable, recordId: string, sourcePath: string, fileName: string): Promise<void> {
  await db.query(
    `update record_manager set source_path = $2, title = $3, error = case when status = 'ready' then null else error end where id = $1`,
    [recordId, sourcePath, fileName],
  );
}

/** Tables (derived ones not counted) and data rows stored for a record. */
export async function countStored(db: Queryable, recordId: string): Promise<{ tables: number; rows: number }> {
  const { rows } = await db.query<{ tables: number; rows: number }>(
    `select count(*)::int as tables, coalesce(sum(row_count), 0)::int as rows from tabular_tables where record_id = $1 and kind = 'table'`,
    [recordId],
  );
  return rows[0];
}

/**
 * Notes a file that could not be ingested. A `ready` record keeps its hash and data and gets
 * the error noted (`latest version not ingested: …`); otherwise the record is written `failed`.
 * @returns the record id
 */
export async function recordFailure(
  db: Queryable, file: RecordFile, dataType: 'tabular' | 'unstructured', message: string, existing?: StoredRecord,
): Promise<string> {
  if (existing && existing.status === 'ready') {
    await db.query('update record_manager set error = $2 where id = $1', [existing.id, `latest version not ingested: ${message}`]);
    return existing.id;
  }
  const { rows } = await db.query<{ id: string }>(
    `insert into record_manager (tenant_id, source_kind, source_ref, source_path, title, mime_type, data_type, content_hash,
        source_modified_at, source_size, status, error, access_level)
     values ($1, $2, $3, $4, $5, $6, $12, $7, $8, $9, 'failed', $10, $11)
     on conflict (tenant_id, source_kind, source_ref) do update set
        source_path = excluded.source_path, title = excluded.title, content_hash = excluded.content_hash,
        source_modified_at = excluded.source_modified_at, source_size = excluded.source_size,
        status = 'failed', error = excluded.error, ingested_at = now()
     returning id`,
    [file.tenantId, file.sourceKind, file.sourceRef, file.sourcePath, file.fileName, file.mimeType,
      file.contentHash, file.modifiedAt, file.size, message, file.accessLevel, dataType],
  );
  return rows[0].id;
}

/**
 * Writes the record of a readable file: a new record, or the existing one replaced (its
 * tables and chunks deleted, version + 1, status `ready`, error cleared; access level kept).
 * @returns the record id and the tables it held before (empty for a new record)
 */
export async function writeRecord(
  tx: Queryable, file: RecordFile, dataType: 'tabular' | 'unstructured', metadata: Record<string, unknown>, existing?: StoredRecord,
): Promise<{ recordId: string; oldTables: OldTable[] }> {
  const recordValues = [file.sourcePath, file.fileName, file.mimeType, dataType, file.contentHash, file.modifiedAt, file.size, JSON.stringify(metadata)];
  if (existing) {
    const recordId = existing.id;
    const oldTables = (await tx.query<OldTable>(`select sql_name, columns from tabular_tables where record_id = $1 and kind = 'table'`, [recordId])).rows;
    await tx.query('delete from tabular_tables where record_id = $1', [recordId]);
    await tx.query('delete from document_chunks where record_id = $1', [recordId]);
    await tx.query(
      `update record_manager set source_path = $2, title = $3, mime_type = $4, data_type = $5, content_hash = $6,
          source_modified_at = $7, source_size = $8, metadata = $9::jsonb, version = version + 1, ingested_at = now(),
          status = 'ready', error = null
        where id = $1`,
      [recordId, ...recordValues],
    );
    return { recordId, oldTables };
  }
  const { rows } = await tx.query<{ id: string }>(
    `insert into record_manager (tenant_id, source_kind, source_ref, source_path, title, mime_type, data_type, content_hash,
        source_modified_at, source_size, metadata, access_level)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12) returning id`,
    [file.tenantId, file.sourceKind, file.sourceRef, ...recordValues, file.accessLevel],
  );
  return { recordId: rows[0].id, oldTables: [] };
}

/**
 * Takes the tenant's naming lock (`lockTenantNames`) and returns every table name in use,
 * so the caller can pick free ones before the transaction commits.
 */
export async function lockTakenNames(tx: Queryable, tenantId: string): Promise<string[]> {
  await lockTenantNames(tx, tenantId);
  return (await tx.query<{ sql_name: string }>('select sql_name from tabular_tables where tenant_id = $1', [tenantId])).rows.map((row) => row.sql_name);
}

/** The tenant's stored layouts (never another tenant's). */
export async function loadTemplates(db: Queryable, tenantId: string): Promise<TableLayout[]> {
  const { rows } = await db.query<{ layout: TableLayout }>('select layout from layout_templates where tenant_id = $1', [tenantId]);
  return rows.map((row) => row.layout);
}

/** Stores layouts as templates by fingerprint (a newer layout of one fingerprint replaces the older). */
export async function saveTemplates(tx: Queryable, tenantId: string, templates: { fingerprint: string; layout: TableLayout }[]): Promise<void> {
  for (const template of templates) {
    await tx.query(
      `insert into layout_templates (tenant_id, fingerprint, layout) values ($1, $2, $3::jsonb)
       on conflict (tenant_id, fingerprint) do update set layout = excluded.layout`,
      [tenantId, template.fingerprint, JSON.stringify(template.layout)],
    );
  }
}

/** Rows per COPY statement of a table's rows. */
const COPY_SLICE_ROWS = 10_000;

/** One detected table to store, with its chosen name and computed profile. */
export interface TableWrite {
  id: string;
  recordId: string;
  tenantId: string;
  sqlName: string;
  /** Position among the file's tables (derived tables after the detected ones). */
  position: number;
  table: DetectedTable;
  /** Data rows (aggregate and hidden rows not counted). */
  rowCount: number;
  /** The columns' profile, or (a streamed table) a profiler fed the data rows of each slice as they are stored. */
  profile: Record<string, ColumnProfile> | ProfileSink;
}

/** Profiles columns from data rows given a slice at a time (`ingest/column-profile.ts` `ColumnProfiler`). */
export interface ProfileSink {
  add(rows: Record<string, StoredValue>[]): void;
  result(): Record<string, ColumnProfile>;
}

/**
 * Stores a detected table and all its rows (data, aggregate, hidden) by COPY, in slices of 10,000 rows;
 * a streamed table's rows (`DetectedTable.streamed`) are built a chunk at a time as they are stored.
 */
export async function insertTable(tx: Queryable, write: TableWrite): Promise<void> {
  const { table } = write;
  const sink = isSink(write.profile) ? write.profile : undefined;
  await tx.query(
    `insert into tabular_tables (id, record_id, tenant_id, sql_name, kind, position, sheet_name, sheet_hidden, range_a1, title, label,
        header_rows, columns, row_count, aggregate_rows, aggregate_columns, outcome, validation, fingerprint, profile)
     values ($1, $2, $3, $4, 'table', $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14::jsonb, $15::jsonb, $16, $17::jsonb, $18, $19::jsonb)`,
    [write.id, write.recordId, write.tenantId, write.sqlName, write.position, table.sheet, table.sheetHidden, rangeToA1(table.range), table.title, table.label,
      table.headerRows, JSON.stringify(table.columns), write.rowCount,
      JSON.stringify(rowCounts(table).aggregateSheetRows),
      JSON.stringify(table.aggregateColumns), table.validation.outcome,
      JSON.stringify({ ...table.validation, notes: table.notes }), table.fingerprint, JSON.stringify(sink === undefined ? write.profile : {})],
  );
  // In slices: the COPY text of a whole big table (hundreds of MB for a million rows) is never held at once.
  for (const slice of rowSlices(table, COPY_SLICE_ROWS)) {
    sink?.add(slice.filter((row) => !row.isAggregate && !row.hidden).map((row) => row.values));
    await tx.copyRows(
      'tabular_document_rows',
      ['record_id', 'table_id', 'tenant_id', 'sheet_row', 'row_data', 'is_aggregate', 'is_hidden'],
      slice.map((row) => [write.recordId, write.id, write.tenantId, row.sheetRow, row.values, row.isAggregate, row.hidden]),
    );
  }
  const profile = sink === undefined ? (write.profile as Record<string, ColumnProfile>) : sink.result();
  if (sink !== undefined) await tx.query('update tabular_tables set profile = $2::jsonb where id = $1', [write.id, JSON.stringify(profile)]);
  await insertNamedValues(tx, write, profile);
}

/**
 * Stores each distinct value of the table's columns too varied to list (`namedValueColumns`: a
 * table of at most 50,000 data rows) once per column, from its data rows as stored, in
 * `tabular_named_values`: what `findNamedValues` probes for the values a question names.
 */
async function insertNamedValues(tx: Queryable, write: TableWrite, profile: Record<string, ColumnProfile>): Promise<void> {
  const keys = namedValueColumns('table', write.rowCount, write.table.columns, profile);
  if (keys.length === 0) return;
  await tx.query(
    `insert into tabular_named_values (table_id, tenant_id, column_name, value)
     select distinct r.table_id, r.tenant_id, c.key, r.row_data->>c.key
       from tabular_document_rows r cross join unnest($2::text[]) as c(key)
      where r.table_id = $1 and not r.is_aggregate and not r.is_hidden and r.row_data->>c.key is not null`,
    [write.id, keys],
  );
}

function isSink(profile: TableWrite['profile']): profile is ProfileSink {
  return typeof (profile as Partial<ProfileSink>).add === 'function' && typeof (profile as Partial<ProfileSink>).result === 'function';
}

/** A derived table (union or long form) to store: a definition over base tables, no rows of its own. */
export interface DerivedTableWrite {
  recordId: string;
  tenantId: string;
  sqlName: string;
  kind: 'union' | 'long';
  baseTableIds: string[];
  definition: DerivedDefinition;
  position: number;
  sheetName: string | null;
  rangeA1: string;
  title: string;
  headerRows: number;
  columns: ColumnCard[];
  /** Rows its view yields. */
  rowCount: number;
  /** Sheet rows of the base tables' aggregate rows. */
  aggregateRows: number[];
  outcome: ValidationOutcome;
  profile: Record<string, ColumnProfile>;
}

/** Stores a derived table's definition. */
export async function insertDerivedTable(tx: Queryable, write: DerivedTableWrite): Promise<void> {
  await tx.query(
    `insert into tabular_tables (record_id, tenant_id, sql_name, kind, base_table_ids, definition, position, sheet_name, sheet_hidden,
        range_a1, title, label, header_rows, columns, row_count, aggregate_rows, aggregate_columns, outcome, profile)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, false, $9, $10, null, $11, $12::jsonb, $13, $14::jsonb, '[]'::jsonb, $15, $16::jsonb)`,
    [write.recordId, write.tenantId, write.sqlName, write.kind, JSON.stringify(write.baseTableIds), JSON.stringify(write.definition), write.position,
      write.sheetName, write.rangeA1, write.title, write.headerRows, JSON.stringify(write.columns), write.rowCount,
      JSON.stringify(write.aggregateRows), write.outcome, JSON.stringify(write.profile)],
  );
}

/**
 * Stores a record's chunks in order (embedded later, outside the ingest transaction: prose/index-chunks).
 * @param options.kind `passage` (documents, the default) or `row` (one table row each: prose/chunk-rows)
 * @param options.firstIndex the first chunk's `chunk_index` (row chunks follow the passages) @default 0
 */
export async function insertChunks(
  tx: Queryable, tenantId: string, recordId: string, chunks: { content: string; metadata: Record<string, unknown> }[],
  options: { kind?: 'passage' | 'row'; firstIndex?: number } = {},
): Promise<void> {
  if (chunks.length === 0) return;
  const first = options.firstIndex ?? 0;
  await tx.copyRows(
    'document_chunks',
    ['record_id', 'tenant_id', 'chunk_index', 'content', 'metadata', 'kind'],
    chunks.map((chunk, index) => [recordId, tenantId, first + index, chunk.content, chunk.metadata, options.kind ?? 'passage']),
  );
}

/** One warning of a record: about one of its tables (`table`, its SQL name), or about the file (no `table`). */
export interface RecordWarning {
  message: string;
  table?: string;
}

/** Replaces a record's warnings (`[{message, table?}]`); a plain string is a warning about the file. */
export async function setRecordWarnings(tx: Queryable, recordId: string, warnings: (string | RecordWarning)[]): Promise<void> {
  const stored = warnings.map((warning) => (typeof warning === 'string' ? { message: warning } : warning));
  await tx.query('update record_manager set warnings = $2::jsonb where id = $1', [recordId, JSON.stringify(stored)]);
}

/** Refreshes the planner's statistics of the rows table after a big write; a failure is ignored (statistics only). */
export async function analyzeRows(db: Queryable): Promise<void> {
  await db.exec('analyze tabular_document_rows').catch(() => undefined);
}

/**
 * Gives the planner statistics of the stored named values (`tabular_named_values`) while it has
 * none (a fresh database; PGlite runs no autovacuum). Without them it guesses that each phrase of
 * a question matches 0.5 % of the values, and for a long question (300 phrases) reads them all
 * instead of probing the index. Once taken they scale with the table (its values are nearly all
 * distinct). A failure is ignored (statistics only).
 */
export async function analyzeNamedValues(db: Queryable): Promise<void> {
  try {
    const { rows } = await db.query(`select 1 from pg_stats where schemaname = current_schema() and tablename = 'tabular_named_values_lower' limit 1`);
    if (rows.length === 0) await db.exec('analyze tabular_named_values');
  } catch {
    // statistics only
  }
}

/** Data rows of a table as stored values (aggregate and hidden rows left out): what queries read. */
export function dataRows(table: DetectedTable): Record<string, StoredValue>[] {
  return table.rows.filter((row) => !row.isAggregate && !row.hidden).map((row) => row.values);
}
