/**
 * Ingest: one file in, its record, tables and rows stored — atomically. A re-ingest of
 * changed content replaces the file's tables in one transaction; a file that fails to
 * parse leaves whatever was stored before untouched and records the error on the record.
 * @module store/ingest
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/index.js';
import { AppError, describeError } from '../errors.js';
import { uniqueSqlNames } from '../tables/sql-names.js';
import type { DetectedTable, StoredValue } from '../tables/types.js';
import { layoutOf, type TableLayout } from '../tables/index.js';
import { rangeToA1 } from '../extract/grid.js';
import { chunkDocument } from '../prose/chunk-document.js';
import { profileColumns } from './column-profile.js';
import { findLongForms, findUnions, type DerivedTableSpec } from './derived-tables.js';
import path from 'node:path';
import { mimeTypeOf, parseFile, PROSE_EXTENSIONS, type ParsedFile } from './parse-file.js';
import { nameTables } from './table-names.js';
import { loadRowAccount, storeRowAccounting, type FileRowAccount } from './row-accounting.js';
import { lockRecord, lockTenantNames } from './record-lock.js';
import type { ReadLimits } from '../extract/read-limits.js';

/** One file to ingest. */
export interface IngestInput {
  tenantId: string;
  sourceKind: 'local' | 'drive' | 'upload';
  /** Stable id of the file in its source (a path, a Drive file id). */
  sourceRef: string;
  /** Where a person finds it (relative path, Drive path). */
  sourcePath: string;
  /** File name; its extension decides the format. */
  fileName: string;
  bytes: Uint8Array;
  mimeType?: string;
  modifiedAt?: Date;
  /** Who may read it (from the folder-to-level map). @default 'all' (kept as stored when omitted on a re-ingest) */
  accessLevel?: string;
  /** Read limits (part size, shared strings, cell length); the defaults for those left out. */
  limits?: Partial<ReadLimits>;
}

/** What happened to one file. */
export interface IngestOutcome {
  /** `ingested` new, `replaced` changed content, `unchanged` same hash, `failed` unreadable. */
  status: 'ingested' | 'replaced' | 'unchanged' | 'failed';
  recordId?: string;
  /** sha256 of the bytes, hex. */
  contentHash: string;
  /** Tables stored (derived long/union tables not counted). */
  tables: number;
  /** Data rows stored (aggregate and hidden rows not counted). */
  rows: number;
  error?: string;
  /** With `failed`: `FILE_FORMAT` for a file that cannot be read as data, `INTERNAL` for a bug of ours. */
  errorCode?: 'FILE_FORMAT' | 'INTERNAL';
  /** Schema drift against the previous version, and reader warnings. */
  warnings: string[];
  /** Where every source row went: stored, or excluded with its reason (tabular files). */
  rowAccount?: FileRowAccount;
  /** Set when a tabular file yields no table: why (the file is kept as text, if it holds any). */
  noTable?: string;
}

interface ExistingRecord {
  id: string;
  content_hash: string;
  status: 'ready' | 'failed';
  version: number;
  error: string | null;
  source_path: string | null;
  title: string;
  access_level: string;
}

/** sha256 of bytes, hex. */
export function contentHashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Ingests one file. Never throws for a bad file: returns `failed` with the reason, and a
 * previously stored version stays intact (its record gets the error noted).
 * @throws DbError only when the database itself fails
 */
export async function ingestFile(db: Db, input: IngestInput): Promise<IngestOutcome> {
  const contentHash = contentHashOf(input.bytes);
  // A first look without the lock: the common case (same content) costs no parse and no lock.
  const existing = await findExisting(db, input);
  if (existing && input.accessLevel !== undefined && existing.access_level !== input.accessLevel) {
    // The folder-to-level map changed (or the file moved between folders): the level follows at once.
    await db.query('update record_manager set access_level = $2 where id = $1', [existing.id, input.accessLevel]);
  }
  if (existing && existing.content_hash === contentHash) return sameContent(db, input, existing, contentHash);

  let parsed: ParsedFile;
  try {
    parsed = await parseFile(input.fileName, input.bytes, await loadTemplates(db, input.tenantId), input.limits);
  } catch (error) {
    const known = error instanceof AppError;
    const message = known ? describeError(error) : `${input.fileName}: internal error while reading the file: ${describeError(error)}`;
    const recordId = await recordFailureLocked(db, input, contentHash, message);
    return { status: 'failed', recordId, contentHash, tables: 0, rows: 0, error: message, errorCode: known ? 'FILE_FORMAT' : 'INTERNAL', warnings: [] };
  }

  let stored: { same: IngestOutcome } | { result: Awaited<ReturnType<typeof storeParsed>>; replaced: boolean };
  try {
    stored = await db.transaction(async (tx) => {
      // One writer per record: a concurrent ingest of this file waits here, then sees what the first one stored.
      await lockRecord(tx, input);
      const current = await findExisting(tx, input);
      if (current && current.content_hash === contentHash) return { same: await sameContent(tx, input, current, contentHash) };
      return { result: await storeParsed(tx, input, contentHash, parsed, current), replaced: current !== undefined };
    });
  } catch (error) {
    // The database refused this file's data (a value it cannot store): note it on the record and go on.
    // When the note cannot be written either, the database itself is failing: that error is thrown.
    const message = `${input.fileName}: the database refused the file's data: ${describeError(error)}`;
    const recordId = await recordFailureLocked(db, input, contentHash, message).catch(() => {
      throw error;
    });
    return { status: 'failed', recordId, contentHash, tables: 0, rows: 0, error: message, errorCode: 'INTERNAL', warnings: [] };
  }
  if ('same' in stored) return stored.same;
  if (stored.result.rows > 20_000) await db.exec('analyze tabular_document_rows').catch(() => undefined);
  return { status: stored.replaced ? 'replaced' : 'ingested', ...stored.result, contentHash, ...withAccount(parsed.rowAccount ?? undefined) };
}

function withAccount(rowAccount: FileRowAccount | undefined): Pick<IngestOutcome, 'rowAccount' | 'noTable'> {
  if (rowAccount === undefined) return {};
  return rowAccount.noTable === undefined ? { rowAccount } : { rowAccount, noTable: rowAccount.noTable };
}

async function findExisting(db: Queryable, input: IngestInput): Promise<ExistingRecord | undefined> {
  const { rows } = await db.query<ExistingRecord>(
    `select id, content_hash, status, version, error, source_path, title, access_level from record_manager
      where tenant_id = $1 and source_kind = $2 and source_ref = $3`,
    [input.tenantId, input.sourceKind, input.sourceRef],
  );
  return rows[0];
}

/** The stored content is this content: update a renamed path, and answer `unchanged` (or the stored failure). */
async function sameContent(db: Queryable, input: IngestInput, existing: ExistingRecord, contentHash: string): Promise<IngestOutcome> {
  if (existing.source_path !== input.sourcePath || existing.title !== input.fileName || (existing.status === 'ready' && existing.error)) {
    // A rename, or the file went back to the stored content after a failed version: the note goes.
    await db.query(
      `update record_manager set source_path = $2, title = $3, error = case when status = 'ready' then null else error end where id = $1`,
      [existing.id, input.sourcePath, input.fileName],
    );
  }
  if (existing.status === 'failed') {
    return { status: 'failed', recordId: existing.id, contentHash, tables: 0, rows: 0, error: existing.error ?? 'unreadable', warnings: [] };
  }
  const counts = await countsOf(db, existing.id);
  const rowAccount = (await loadRowAccount(db, existing.id)) ?? undefined;
  return { status: 'unchanged', recordId: existing.id, contentHash, ...counts, warnings: [], ...withAccount(rowAccount) };
}

/** `recordFailure` under the record's lock, against the record as it is now. */
async function recordFailureLocked(db: Db, input: IngestInput, contentHash: string, message: string): Promise<string> {
  return db.transaction(async (tx) => {
    await lockRecord(tx, input);
    return recordFailure(tx, input, contentHash, message, await findExisting(tx, input));
  });
}

/** The tenant's stored layouts (never another tenant's). */
async function loadTemplates(db: Queryable, tenantId: string): Promise<TableLayout[]> {
  const { rows } = await db.query<{ layout: TableLayout }>('select layout from layout_templates where tenant_id = $1', [tenantId]);
  return rows.map((row) => row.layout);
}

/** Stores the layout of every table whose stated totals verified it, as a template for the next file like it. */
async function saveTemplates(tx: Queryable, tenantId: string, tables: DetectedTable[]): Promise<void> {
  for (const table of tables) {
    if (table.validation.outcome !== 'verified') continue;
    await tx.query(
      `insert into layout_templates (tenant_id, fingerprint, layout) values ($1, $2, $3::jsonb)
       on conflict (tenant_id, fingerprint) do update set layout = excluded.layout`,
      [tenantId, table.fingerprint, JSON.stringify(layoutOf(table))],
    );
  }
}

async function countsOf(db: Queryable, recordId: string): Promise<{ tables: number; rows: number }> {
  const { rows } = await db.query<{ tables: number; rows: number }>(
    `select count(*)::int as tables, coalesce(sum(row_count), 0)::int as rows from tabular_tables where record_id = $1 and kind = 'table'`,
    [recordId],
  );
  return rows[0];
}

async function recordFailure(db: Queryable, input: IngestInput, contentHash: string, message: string, existing?: ExistingRecord): Promise<string> {
  if (existing && existing.status === 'ready') {
    // The stored version stays: note the error, keep hash and data as they were.
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
    [input.tenantId, input.sourceKind, input.sourceRef, input.sourcePath, input.fileName, input.mimeType ?? mimeTypeOf(input.fileName),
      contentHash, input.modifiedAt ?? null, input.bytes.byteLength, message, input.accessLevel ?? 'all',
      PROSE_EXTENSIONS.includes(path.extname(input.fileName).toLowerCase()) ? 'unstructured' : 'tabular'],
  );
  return rows[0].id;
}

interface OldTable {
  sql_name: string;
  columns: { name: string }[];
}

async function storeParsed(
  tx: Queryable,
  input: IngestInput,
  contentHash: string,
  parsed: ParsedFile,
  existing?: ExistingRecord,
): Promise<{ recordId: string; tables: number; rows: number; warnings: string[] }> {
  const recordValues = [input.sourcePath, input.fileName, input.mimeType ?? mimeTypeOf(input.fileName), parsed.dataType, contentHash,
    input.modifiedAt ?? null, input.bytes.byteLength, JSON.stringify(parsed.metadata)];
  let recordId: string;
  let oldTables: OldTable[] = [];
  if (existing) {
    recordId = existing.id;
    oldTables = (await tx.query<OldTable>(`select sql_name, columns from tabular_tables where record_id = $1 and kind = 'table'`, [recordId])).rows;
    await tx.query('delete from tabular_tables where record_id = $1', [recordId]);
    await tx.query('delete from document_chunks where record_id = $1', [recordId]);
    await tx.query(
      `update record_manager set source_path = $2, title = $3, mime_type = $4, data_type = $5, content_hash = $6,
          source_modified_at = $7, source_size = $8, metadata = $9::jsonb, version = version + 1, ingested_at = now(),
          status = 'ready', error = null
        where id = $1`,
      [recordId, ...recordValues],
    );
  } else {
    recordId = (
      await tx.query<{ id: string }>(
        `insert into record_manager (tenant_id, source_kind, source_ref, source_path, title, mime_type, data_type, content_hash,
            source_modified_at, source_size, metadata, access_level)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12) returning id`,
        [input.tenantId, input.sourceKind, input.sourceRef, ...recordValues, input.accessLevel ?? 'all'],
      )
    ).rows[0].id;
  }

  const tables = parsed.read.tables;
  await lockTenantNames(tx, input.tenantId);
  const taken = (await tx.query<{ sql_name: string }>('select sql_name from tabular_tables where tenant_id = $1', [input.tenantId])).rows.map((row) => row.sql_name);
  const baseNames = nameTables(input.fileName, tables);
  const derived = [...findUnions(tables), ...findLongForms(tables)];
  const derivedBaseNames = derived.map((spec) =>
    spec.kind === 'long' ? `${baseNames[spec.baseIndexes[0]]}_long` : `${commonPrefix(spec.baseIndexes.map((i) => baseNames[i]))}_all`,
  );
  const names = uniqueSqlNames([...baseNames, ...derivedBaseNames], taken);
  const ids = tables.map(() => randomUUID());

  let rowTotal = 0;
  for (let i = 0; i < tables.length; i++) {
    rowTotal += await storeTable(tx, input.tenantId, recordId, ids[i], names[i], i, tables[i]);
  }
  for (let d = 0; d < derived.length; d++) {
    await storeDerived(tx, input.tenantId, recordId, names[tables.length + d], tables.length + d, derived[d], ids, tables);
  }
  await storeRowAccounting(tx, recordId, parsed.rowAccount, ids, parsed.read.accounts, tables);
  await storeProse(tx, input.tenantId, recordId, input.fileName, parsed);
  await saveTemplates(tx, input.tenantId, tables);

  const warnings = [...parsed.read.warnings, ...driftWarnings(oldTables, names.slice(0, tables.length), tables)];
  await tx.query('update record_manager set warnings = $2::jsonb where id = $1', [recordId, JSON.stringify(warnings.map((message) => ({ message })))]);
  return { recordId, tables: tables.length, rows: rowTotal, warnings };
}

function commonPrefix(names: string[]): string {
  let prefix = names[0];
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const trimmed = prefix.replace(/_+$/, '');
  // Cut back to a whole word: `media_plan_plan_q` → `media_plan_plan`.
  const whole = names.every((name) => name.length === trimmed.length || name[trimmed.length] === '_') ? trimmed : trimmed.replace(/_[^_]*$/, '');
  return whole || 'tables';
}

function dataRows(table: DetectedTable): Record<string, StoredValue>[] {
  return table.rows.filter((row) => !row.isAggregate && !row.hidden).map((row) => row.values);
}

/** Rows per COPY statement of a table's rows. */
const COPY_SLICE_ROWS = 50_000;

async function storeTable(tx: Queryable, tenantId: string, recordId: string, id: string, sqlName: string, position: number, table: DetectedTable): Promise<number> {
  const data = dataRows(table);
  await tx.query(
    `insert into tabular_tables (id, record_id, tenant_id, sql_name, kind, position, sheet_name, sheet_hidden, range_a1, title, label,
        header_rows, columns, row_count, aggregate_rows, aggregate_columns, outcome, validation, fingerprint, profile)
     values ($1, $2, $3, $4, 'table', $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14::jsonb, $15::jsonb, $16, $17::jsonb, $18, $19::jsonb)`,
    [id, recordId, tenantId, sqlName, position, table.sheet, table.sheetHidden, rangeToA1(table.range), table.title, table.label,
      table.headerRows, JSON.stringify(table.columns), data.length,
      JSON.stringify(table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow)),
      JSON.stringify(table.aggregateColumns), table.validation.outcome,
      JSON.stringify({ ...table.validation, notes: table.notes }), table.fingerprint, JSON.stringify(profileColumns(table.columns, data))],
  );
  // In slices: the COPY text of a whole big table (hundreds of MB for a million rows) is never held at once.
  for (let start = 0; start < table.rows.length; start += COPY_SLICE_ROWS) {
    const slice = table.rows.slice(start, start + COPY_SLICE_ROWS);
    await tx.copyRows(
      'tabular_document_rows',
      ['record_id', 'table_id', 'tenant_id', 'sheet_row', 'row_data', 'is_aggregate', 'is_hidden'],
      slice.map((row) => [recordId, id, tenantId, row.sheetRow, row.values, row.isAggregate, row.hidden]),
    );
  }
  return data.length;
}

async function storeDerived(
  tx: Queryable, tenantId: string, recordId: string, sqlName: string, position: number,
  spec: DerivedTableSpec, ids: string[], tables: DetectedTable[],
): Promise<void> {
  const bases = spec.baseIndexes.map((index) => tables[index]);
  const baseIds = spec.baseIndexes.map((index) => ids[index]);
  const definition = { ...spec.definition };
  let rows: Record<string, StoredValue>[];
  if (spec.kind === 'union') {
    definition.labels = Object.fromEntries(baseIds.map((id, i) => [id, (spec.labels as string[])[i]]));
    const labelColumn = definition.labelColumn as string;
    rows = bases.flatMap((table, i) => dataRows(table).map((row) => ({ ...row, [labelColumn]: (spec.labels as string[])[i] })));
  } else {
    const [periodCard, indexCard, valueCard] = spec.columns.slice(-3);
    rows = dataRows(bases[0]).flatMap((row) =>
      (definition.periods ?? []).map((p) => ({ ...row, [periodCard.sqlName]: p.period, [indexCard.sqlName]: p.index, [valueCard.sqlName]: row[p.column] ?? null })),
    );
  }
  const outcomes = bases.map((table) => table.validation.outcome);
  const outcome = outcomes.includes('floor') ? 'floor' : outcomes.every((o) => o === 'verified') ? 'verified' : 'unverifiable';
  await tx.query(
    `insert into tabular_tables (record_id, tenant_id, sql_name, kind, base_table_ids, definition, position, sheet_name, sheet_hidden,
        range_a1, title, label, header_rows, columns, row_count, aggregate_rows, aggregate_columns, outcome, profile)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, false, $9, $10, null, $11, $12::jsonb, $13, $14::jsonb, '[]'::jsonb, $15, $16::jsonb)`,
    [recordId, tenantId, sqlName, spec.kind, JSON.stringify(baseIds), JSON.stringify(definition), position,
      [...new Set(bases.map((table) => table.sheet))].join(', ') || null,
      bases.map((table) => (bases.length > 1 && table.sheet ? `${table.sheet}!` : '') + rangeToA1(table.range)).join(', '),
      spec.kind === 'union' ? `All of: ${(spec.labels as string[]).join(', ')}` : `${bases[0].title ?? bases[0].sheet ?? 'table'} (long form)`,
      bases[0].headerRows, JSON.stringify(spec.columns), rows.length,
      JSON.stringify(bases.flatMap((table) => table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow))),
      outcome, JSON.stringify(profileColumns(spec.columns, rows))],
  );
}

/** Chunks the file's prose (documents, text sheets) for retrieval; they are embedded later, outside this transaction (prose/index-chunks). */
async function storeProse(tx: Queryable, tenantId: string, recordId: string, fileName: string, parsed: ParsedFile): Promise<void> {
  const chunks = await chunkDocument(parsed.read.prose, {
    fileType: fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : undefined,
    properties: (parsed.metadata.properties as Record<string, unknown> | undefined) ?? {},
  });
  if (chunks.length === 0) return;
  await tx.copyRows(
    'document_chunks',
    ['record_id', 'tenant_id', 'chunk_index', 'content', 'metadata'],
    chunks.map((chunk, index) => [recordId, tenantId, index, chunk.content, chunk.metadata]),
  );
}

/** Column changes between the previous and the new version of a file's tables, by table name. */
export function driftWarnings(oldTables: OldTable[], newNames: string[], newTables: DetectedTable[]): string[] {
  if (oldTables.length === 0) return [];
  const warnings: string[] = [];
  const byName = new Map(oldTables.map((table) => [table.sql_name, table.columns.map((card) => card.name)]));
  newNames.forEach((name, i) => {
    const before = byName.get(name);
    if (!before) {
      warnings.push(`schema drift: new table ${name}`);
      return;
    }
    byName.delete(name);
    const after = newTables[i].columns.map((card) => card.name);
    const added = after.filter((column) => !before.includes(column));
    const removed = before.filter((column) => !after.includes(column));
    if (added.length > 0 || removed.length > 0) {
      const parts = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean);
      warnings.push(`schema drift in ${name}: ${parts.join('; ')}`);
    }
  });
  for (const name of byName.keys()) warnings.push(`schema drift: table ${name} is gone`);
  return warnings;
}
