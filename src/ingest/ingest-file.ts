/**
 * Ingest: one file in, its record, tables and rows stored — atomically. The pipeline
 * extract → tables → store: the format is chosen and the file read (`parse-file.ts`), tables
 * named, derived tables found, columns profiled, prose chunked, drift against the previous
 * version noted; `store/file-writes.ts` writes it all in one transaction. A re-ingest of
 * changed content replaces the file's tables in one transaction; a file that fails to
 * parse leaves whatever was stored before untouched and records the error on the record.
 * @module ingest/ingest-file
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import v8 from 'node:v8';
import type { Db, Queryable } from '../db/index.js';
import { AppError, describeError } from '../errors.js';
import { rangeToA1 } from '../extract/grid.js';
import type { ReadLimits } from '../extract/read-limits.js';
import { createPace, type Pace } from '../extract/pace.js';
import { joinSqlName, uniqueSqlNames } from '../tables/sql-names.js';
import type { DetectedTable } from '../tables/types.js';
import { layoutOf } from '../tables/index.js';
import { chunkDocument } from '../prose/chunk-document.js';
import { chunkTableRows } from '../prose/chunk-rows.js';
import {
  analyzeNamedValues, analyzeRows, countStored, findRecord, insertChunks, insertDerivedTable, insertTable, loadTemplates, lockTakenNames,
  recordFailure, renameRecord, saveTemplates, setRecordWarnings, updateAccessLevel, writeRecord,
  type OldTable, type RecordFile, type RecordWarning, type StoredRecord,
} from '../store/file-writes.js';
import type { RecordSourceKind } from '../store/catalog-types.js';
import { lockRecord } from '../store/record-lock.js';
import { loadRowAccount, storeRowAccounting, type FileRowAccount } from '../store/row-accounting.js';
import { DerivedRows, profileFeeding } from './derived-rows.js';
import { findLongForms, findUnions, type DerivedTableSpec } from './derived-tables.js';
import { mimeTypeOf, parseFile, PROSE_EXTENSIONS, type ParsedFile } from './parse-file.js';
import { tableExcludedRows } from './row-account.js';
import { nameTables } from './table-names.js';

/** One file to ingest. */
export interface IngestInput {
  tenantId: string;
  sourceKind: RecordSourceKind;
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

/**
 * What a file's ingest is doing, for progress: reading its cells, finding and typing its
 * tables, storing its rows (COPY), committing the transaction.
 */
export type IngestPhase = 'read' | 'tables' | 'store' | 'commit';

/** How one ingest runs. */
export interface IngestOptions {
  /**
   * Stops the ingest (a signal): it throws the signal's reason at its next pause, within about
   * `PACE_MS` of work, and writes nothing more; an open transaction is rolled back (or abandoned
   * with the database, `Db.abort`), so a stored previous version stays as it was.
   */
  signal?: AbortSignal;
  /** Called as the ingest enters each phase. */
  onPhase?: (phase: IngestPhase) => void;
}

/** sha256 of bytes, hex. */
export function contentHashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The record row's facts about the file. */
function recordFile(input: IngestInput, contentHash: string): RecordFile {
  return {
    tenantId: input.tenantId, sourceKind: input.sourceKind, sourceRef: input.sourceRef, sourcePath: input.sourcePath, fileName: input.fileName,
    mimeType: input.mimeType ?? mimeTypeOf(input.fileName), contentHash, modifiedAt: input.modifiedAt ?? null, size: input.bytes.byteLength,
    accessLevel: input.accessLevel ?? 'all',
  };
}

/**
 * Ingests one file. Never throws for a bad file: returns `failed` with the reason, and a
 * previously stored version stays intact (its record gets the error noted). Content already
 * stored is answered `unchanged` without a read; content whose last read failed is read again.
 * Long synchronous work is paced (`extract/pace.ts`): the event loop runs every `PACE_MS`, so
 * a signal's handler runs during a big file's ingest.
 * @throws DbError only when the database itself fails; the signal's reason once `options.signal`
 *   is aborted (nothing is noted on the record then)
 */
export async function ingestFile(db: Db, input: IngestInput, options: IngestOptions = {}): Promise<IngestOutcome> {
  return withTightHeap(() => ingestOne(db, input, options));
}

/**
 * How far V8's heap may grow past its live data before a full collection while a file is
 * ingested, in percent. By default V8 lets it grow to several times the live data (up to 4×):
 * an ingest makes garbage fast (a chunk of rows built, typed, encoded, sent, dropped), and a
 * 100,000-row xlsx peaked at 540–620 MB RSS of which over 200 MB was heap that no longer held
 * anything. At 30 %, about 360 MB, for about 15 % more CPU time (`npm run bench`).
 */
const INGEST_HEAP_GROWING_PERCENT = 30;
let tightHeapUsers = 0;

/**
 * Runs `fn` with the heap's growth held to `INGEST_HEAP_GROWING_PERCENT` (a V8 setting of the
 * whole process, put back when the last overlapping ingest ends), unless the process was started
 * with its own `--heap-growing-percent`.
 */
async function withTightHeap<T>(fn: () => Promise<T>): Promise<T> {
  const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => /heap[-_]growing[-_]percent/.test(flag));
  if (own) return fn();
  if (tightHeapUsers++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${INGEST_HEAP_GROWING_PERCENT}`);
  try {
    return await fn();
  } finally {
    if (--tightHeapUsers === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}

async function ingestOne(db: Db, input: IngestInput, options: IngestOptions): Promise<IngestOutcome> {
  const { signal, onPhase } = options;
  const pace = createPace(signal);
  const stopIfAborted = () => {
    if (signal?.aborted) throw signal.reason;
  };
  const contentHash = contentHashOf(input.bytes);
  // A first look without the lock: the common case (same content) costs no parse and no lock.
  const existing = await findRecord(db, input);
  if (existing && input.accessLevel !== undefined && existing.access_level !== input.accessLevel) {
    // The folder-to-level map changed (or the file moved between folders): the level follows at once.
    await updateAccessLevel(db, existing.id, input.accessLevel);
  }
  // A stored failure of this content is read again: the limits, the converter or gridrag itself may have changed since.
  if (existing && existing.content_hash === contentHash && existing.status === 'ready') return sameContent(db, input, existing, contentHash);

  let parsed: ParsedFile;
  try {
    const templates = await loadTemplates(db, input.tenantId);
    onPhase?.('read');
    parsed = await parseFile(input.fileName, input.bytes, templates, input.limits, pace, () => onPhase?.('tables'));
  } catch (error) {
    stopIfAborted();
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
      const current = await findRecord(tx, input);
      if (current && current.content_hash === contentHash && current.status === 'ready') return { same: await sameContent(tx, input, current, contentHash) };
      onPhase?.('store');
      const result = await storeParsed(tx, input, contentHash, parsed, pace, current);
      // A stop during the last statements rolls the transaction back rather than commit it.
      await pace.pause();
      onPhase?.('commit');
      return { result, replaced: current !== undefined };
    });
  } catch (error) {
    // Stopped: the transaction was rolled back or abandoned; nothing is noted on the record.
    stopIfAborted();
    // The database refused this file's data (a value it cannot store): note it on the record and go on.
    // When the note cannot be written either, the database itself is failing: that error is thrown.
    const message = `${input.fileName}: the database refused the file's data: ${describeError(error)}`;
    const recordId = await recordFailureLocked(db, input, contentHash, message).catch(() => {
      throw error;
    });
    return { status: 'failed', recordId, contentHash, tables: 0, rows: 0, error: message, errorCode: 'INTERNAL', warnings: [] };
  }
  if ('same' in stored) return stored.same;
  if (stored.result.rows > 20_000) await analyzeRows(db);
  await analyzeNamedValues(db);
  return { status: stored.replaced ? 'replaced' : 'ingested', ...stored.result, contentHash, ...withAccount(parsed.rowAccount ?? undefined) };
}

function withAccount(rowAccount: FileRowAccount | undefined): Pick<IngestOutcome, 'rowAccount' | 'noTable'> {
  if (rowAccount === undefined) return {};
  return rowAccount.noTable === undefined ? { rowAccount } : { rowAccount, noTable: rowAccount.noTable };
}

/** The stored (`ready`) content is this content: update a renamed path, and answer `unchanged`. */
async function sameContent(db: Queryable, input: IngestInput, existing: StoredRecord, contentHash: string): Promise<IngestOutcome> {
  if (existing.source_path !== input.sourcePath || existing.title !== input.fileName || (existing.status === 'ready' && existing.error)) {
    // A rename, or the file went back to the stored content after a failed version: the note goes.
    await renameRecord(db, existing.id, input.sourcePath, input.fileName);
  }
  const counts = await countStored(db, existing.id);
  const rowAccount = (await loadRowAccount(db, existing.id)) ?? undefined;
  return { status: 'unchanged', recordId: existing.id, contentHash, ...counts, warnings: [], ...withAccount(rowAccount) };
}

/** `recordFailure` under the record's lock, against the record as it is now. */
async function recordFailureLocked(db: Db, input: IngestInput, contentHash: string, message: string): Promise<string> {
  const dataType = PROSE_EXTENSIONS.includes(path.extname(input.fileName).toLowerCase()) ? 'unstructured' : 'tabular';
  return db.transaction(async (tx) => {
    await lockRecord(tx, input);
    return recordFailure(tx, recordFile(input, contentHash), dataType, message, await findRecord(tx, input));
  });
}

async function storeParsed(
  tx: Queryable,
  input: IngestInput,
  contentHash: string,
  parsed: ParsedFile,
  pace: Pace,
  existing?: StoredRecord,
): Promise<{ recordId: string; tables: number; rows: number; warnings: string[] }> {
  const { recordId, oldTables } = await writeRecord(tx, recordFile(input, contentHash), parsed.dataType, parsed.metadata, existing);

  const tables = parsed.read.tables;
  const taken = await lockTakenNames(tx, input.tenantId);
  const baseNames = nameTables(input.fileName, tables);
  const derived = [...findUnions(tables), ...findLongForms(tables)];
  const derivedBaseNames = derived.map((spec) =>
    spec.kind === 'long' ? joinSqlName([baseNames[spec.baseIndexes[0]], 'long']) : joinSqlName([commonPrefix(spec.baseIndexes.map((i) => baseNames[i])), 'all']),
  );
  const names = uniqueSqlNames([...baseNames, ...derivedBaseNames], taken);
  const ids = tables.map(() => randomUUID());

  // Derived tables are profiled from their bases' data rows as each base is stored (a streamed base is never held whole).
  const derivedRows = derived.map((spec) => new DerivedRows(spec));
  let rowTotal = 0;
  for (let i = 0; i < tables.length; i++) {
    await pace.pause();
    const { profile, rowCount } = profileFeeding(tables[i], i, derivedRows);
    await insertTable(tx, { id: ids[i], recordId, tenantId: input.tenantId, sqlName: names[i], position: i, table: tables[i], rowCount, profile });
    rowTotal += rowCount;
  }
  for (let d = 0; d < derived.length; d++) {
    await pace.pause();
    await storeDerived(tx, input.tenantId, recordId, names[tables.length + d], tables.length + d, derived[d], derivedRows[d], ids, tables);
  }
  await pace.pause();
  await storeRowAccounting(tx, recordId, parsed.rowAccount, ids, tableExcludedRows(parsed.read.accounts, tables));
  await pace.pause();
  const passages = await storeProse(tx, input.tenantId, recordId, input.fileName, parsed);
  await storeRowChunks(tx, input.tenantId, recordId, input.fileName, existing ? existing.version + 1 : 1, passages, tables, names, pace);
  // The layout of every table whose stated totals verified it: a template for the next file like it.
  // A streamed table's layout (header, columns, fingerprint) is known without its rows, as a held table's.
  const verified = tables.filter((table) => table.validation.outcome === 'verified');
  await saveTemplates(tx, input.tenantId, verified.map((table) => ({ fingerprint: table.fingerprint, layout: layoutOf(table) })));

  const notes = [...readerNotes(parsed.read.warnings, tables, names), ...driftNotes(oldTables, names.slice(0, tables.length), tables)];
  await setRecordWarnings(tx, recordId, notes);
  return { recordId, tables: tables.length, rows: rowTotal, warnings: notes.map((note) => note.message) };
}

/**
 * The reader's warnings, each marked with the table it is about (`DetectedTable.warnings`, by SQL
 * name); a warning about a sheet or the whole file has no table.
 */
function readerNotes(warnings: string[], tables: DetectedTable[], names: string[]): RecordWarning[] {
  const owner = new Map<string, string>();
  tables.forEach((table, i) => {
    for (const warning of table.warnings ?? []) owner.set(warning, names[i]);
  });
  return warnings.map((message) => (owner.has(message) ? { message, table: owner.get(message) } : { message }));
}

function commonPrefix(names: string[]): string {
  let prefix = names[0];
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const trimmed = prefix.replace(/_+$/, '');
  // Cut back to a whole word: `media_plan_plan_q` → `media_plan_plan`.
  const whole = names.every((name) => name.length === trimmed.length || name[trimmed.length] === '_') ? trimmed : trimmed.replace(/_[^_]*$/, '');
  return whole || 'tables';
}

/** A derived table's definition and profile (`rows`: its rows as the bases were stored; its view reads the base tables' rows). */
async function storeDerived(
  tx: Queryable, tenantId: string, recordId: string, sqlName: string, position: number,
  spec: DerivedTableSpec, rows: DerivedRows, ids: string[], tables: DetectedTable[],
): Promise<void> {
  const bases = spec.baseIndexes.map((index) => tables[index]);
  const baseIds = spec.baseIndexes.map((index) => ids[index]);
  const definition = { ...spec.definition };
  if (spec.kind === 'union') definition.labels = Object.fromEntries(baseIds.map((id, i) => [id, (spec.labels as string[])[i]]));
  const outcomes = bases.map((table) => table.validation.outcome);
  const outcome = outcomes.includes('floor') ? 'floor' : outcomes.every((o) => o === 'verified') ? 'verified' : 'unverifiable';
  await insertDerivedTable(tx, {
    recordId, tenantId, sqlName, kind: spec.kind, baseTableIds: baseIds, definition, position,
    sheetName: [...new Set(bases.map((table) => table.sheet))].join(', ') || null,
    rangeA1: bases.map((table) => (bases.length > 1 && table.sheet ? `${table.sheet}!` : '') + rangeToA1(table.range)).join(', '),
    title: spec.kind === 'union' ? `All of: ${(spec.labels as string[]).join(', ')}` : `${bases[0].title ?? bases[0].sheet ?? 'table'} (long form)`,
    headerRows: bases[0].headerRows, columns: spec.columns, rowCount: rows.rowCount,
    aggregateRows: bases.flatMap((table) => table.streamed?.aggregateSheetRows ?? table.rows.filter((row) => row.isAggregate).map((row) => row.sheetRow)),
    outcome, profile: rows.profile(),
  });
}

/**
 * Chunks the file's prose (documents, text sheets) for retrieval; they are embedded later, outside this transaction (prose/index-chunks).
 * @returns the number of chunks stored
 */
async function storeProse(tx: Queryable, tenantId: string, recordId: string, fileName: string, parsed: ParsedFile): Promise<number> {
  const chunks = await chunkDocument(parsed.read.prose, {
    fileType: fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : undefined,
    properties: (parsed.metadata.properties as Record<string, unknown> | undefined) ?? {},
  });
  await insertChunks(tx, tenantId, recordId, chunks);
  return chunks.length;
}

/**
 * Stores a row chunk (`kind = 'row'`) per data row of each table, numbered after the prose
 * chunks, in the ingest's transaction: a replaced file's row chunks go with its old tables.
 * Aggregate and hidden rows, and tables above the row cap, get none (prose/chunk-rows).
 */
async function storeRowChunks(
  tx: Queryable, tenantId: string, recordId: string, fileName: string, version: number, firstIndex: number, tables: DetectedTable[], names: string[], pace: Pace,
): Promise<void> {
  let index = firstIndex;
  for (let i = 0; i < tables.length; i++) {
    await pace.pause();
    const chunks = chunkTableRows(tables[i], { file: fileName, table: names[i], version });
    await insertChunks(tx, tenantId, recordId, chunks, { kind: 'row', firstIndex: index });
    index += chunks.length;
  }
}

/** Column changes between the previous and the new version of a file's tables, by table name. */
export function driftWarnings(oldTables: OldTable[], newNames: string[], newTables: DetectedTable[]): string[] {
  return driftNotes(oldTables, newNames, newTables).map((note) => note.message);
}

/** `driftWarnings`, each marked with the table it is about (none for a table that is gone: it is the file's). */
function driftNotes(oldTables: OldTable[], newNames: string[], newTables: DetectedTable[]): RecordWarning[] {
  if (oldTables.length === 0) return [];
  const warnings: RecordWarning[] = [];
  const byName = new Map(oldTables.map((table) => [table.sql_name, table.columns.map((card) => card.name)]));
  newNames.forEach((name, i) => {
    const before = byName.get(name);
    if (!before) {
      warnings.push({ message: `schema drift: new table ${name}`, table: name });
      return;
    }
    byName.delete(name);
    const after = newTables[i].columns.map((card) => card.name);
    const added = after.filter((column) => !before.includes(column));
    const removed = before.filter((column) => !after.includes(column));
    if (added.length > 0 || removed.length > 0) {
      const parts = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean);
      warnings.push({ message: `schema drift in ${name}: ${parts.join('; ')}`, table: name });
    }
  });
  for (const name of byName.keys()) warnings.push({ message: `schema drift: table ${name} is gone` });
  return warnings;
}
