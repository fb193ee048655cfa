/**
 * The sync engine: makes the database match a source. New files are ingested, changed ones
 * re-ingested (atomically, by the store), renamed or moved ones relocated, and files that are
 * gone, trashed or in the recycle bin have their records deleted. Per-file problems are
 * reported on that file and never stop the sync.
 *
 * Crash safety: every record change is one store transaction, and the file's `sync_state`
 * row is written after it, so a sync killed half-way leaves each record at its old or new
 * version and the next run converges. Without state (a fresh database) every file is
 * processed again; the store answers `unchanged` for content it already has.
 * @module sync/sync-engine
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import { AppError, UpstreamError, describeError } from '../errors.js';
import { ingestFile, SUPPORTED_EXTENSIONS } from '../ingest/index.js';
import { deleteRecord, relocateRecord, setAccessLevel } from '../store/index.js';
import { messageAtPath } from '../printable-text.js';
import { hasSupportedExtension, isConfigurationName, unsupportedReason } from '../source/index.js';
import type { Source, SourceChange, SourceFile } from '../source/index.js';
import {
  deleteFileState,
  loadCursor,
  loadFileStates,
  saveCursor,
  saveFileState,
  type FileState,
  type StateScope,
} from './sync-state.js';
import { planChanges, planListing, type Gone } from './sync-plan.js';
import { emptySyncSummary, type SyncEvent, type SyncOptions, type SyncSummary } from './sync-types.js';

/** Options of `syncSource`. */
export interface SyncSourceOptions extends SyncOptions {
  /** Extensions the store ingests (lower-case, with the dot). @default the store's SUPPORTED_EXTENSIONS */
  supportedExtensions?: readonly string[];
}

/** `SyncSummary.skipped[].reason` of a `glossary.yml` below the root; `ingest` says the same. */
export const NESTED_GLOSSARY_REASON = 'a glossary is read only at the root of the folder';

/** `SyncEvent.reason` of a failure reported again for a file unchanged since it failed; it is read again once it changes. */
export const STORED_FAILURE_REASON = 'unchanged since it failed; read again when it changes';

/** `SyncSummary.skipped[].reason` of a file still being written; it is tried again next pass. */
export const BUSY_REASON = 'still being written; retried next pass';

type Outcome = Omit<SyncEvent, 'done' | 'total'>;

/**
 * Brings the database in step with `source` for one tenant.
 * @returns counts, per-file failures, warnings and skipped files
 * @throws the source's error when it cannot be listed or its change feed read (nothing is
 *   deleted then), a DbError when the state cannot be read, or whatever `onEvent` throws
 */
export async function syncSource(db: Db, source: Source, options: SyncSourceOptions): Promise<SyncSummary> {
  const where: StateScope = { tenantId: options.tenantId, kind: source.kind, scope: source.scope };
  const extensions = options.supportedExtensions ?? SUPPORTED_EXTENSIONS;
  const states = await loadFileStates(db, where);

  let nextCursor: string | undefined;
  let changes: SourceChange[] | undefined;
  if (source.changes) {
    const feed = await source.changes(await loadCursor(db, where));
    nextCursor = feed.nextCursor;
    if (!feed.relist) changes = feed.changes;
  }
  const plan = changes ? planChanges(changes, states) : planListing(await source.list(), states, source.recycled);
  const summary = emptySyncSummary(changes ? 'incremental' : 'full');

  const present: SourceFile[] = [];
  const unsupported: SourceFile[] = [];
  const configuration: SourceFile[] = [];
  const nestedConfiguration: SourceFile[] = [];
  for (const file of plan.present) {
    if (isConfigurationName(file.name)) {
      if (options.onConfiguration) (file.path.includes('/') ? nestedConfiguration : configuration).push(file);
      continue;
    }
    if (hasSupportedExtension(file.name, extensions)) present.push(file);
    else {
      unsupported.push(file);
      const state = states.get(file.ref);
      if (state) plan.gone.set(file.ref, { state, reason: 'renamed to an unsupported file type' });
    }
  }
  present.sort((a, b) => a.path.localeCompare(b.path));
  for (const [ref, gone] of plan.gone) {
    if (gone.state.recordId) continue;
    // only a remembered read error: nothing stored to delete
    await deleteFileState(db, where, ref);
    plan.gone.delete(ref);
  }

  const total = configuration.length + nestedConfiguration.length + present.length + unsupported.length + (source.skipped?.length ?? 0) + plan.gone.size;
  let done = 0;
  let retryLater = false;
  const emit = (outcome: Outcome): void => {
    done += 1;
    tally(summary, outcome);
    options.onEvent?.({ ...outcome, done, total });
  };

  const context: FileContext = { db, source, where, states, gone: plan.gone, accessLevelOf: options.accessLevelOf, limits: options.limits, signal: options.signal };
  for (const file of configuration) {
    try {
      summary.glossaryTerms += await (options.onConfiguration as NonNullable<SyncOptions['onConfiguration']>)(file, await source.read(file));
      done += 1;
    } catch (error) {
      retryLater = true;
      emit({ type: 'failed', path: file.path, ref: file.ref, error: fileError(file.path, error) });
    }
  }
  for (const file of nestedConfiguration) emit({ type: 'skipped', path: file.path, ref: file.ref, reason: NESTED_GLOSSARY_REASON });
  for (const file of unsupported) emit({ type: 'skipped', path: file.path, ref: file.ref, reason: unsupportedReason(file.name) });
  for (const link of source.skipped ?? []) emit({ type: 'skipped', path: link.path, ref: link.path, reason: link.reason });
  for (const file of present) {
    options.signal?.throwIfAborted();
    let outcome: Outcome;
    try {
      outcome = await syncFile(context, file);
    } catch (error) {
      // Stopped: not a failure of this file, which keeps its previous version.
      options.signal?.throwIfAborted();
      // only a refusal from the source (403, 404) is final; anything else is tried again
      if (!(error instanceof UpstreamError) || error.retryable) retryLater = true;
      outcome = { type: 'failed', path: file.path, ref: file.ref, error: fileError(file.path, error) };
      await recordReadError(context, file, outcome.error as string).catch(() => undefined);
    }
    if (outcome.type === 'skipped') retryLater = true;
    if (outcome.reason === STORED_FAILURE_REASON && options.repeatStoredFailures === false) outcome = alreadyReported(outcome);
    emit(outcome);
  }
  for (const { state, reason } of plan.gone.values()) {
    const path = state.path ?? state.ref;
    let outcome: Outcome;
    try {
      if (state.recordId) await deleteRecord(db, where.tenantId, state.recordId);
      await deleteFileState(db, where, state.ref);
      outcome = { type: 'deleted', path, ref: state.ref, recordId: state.recordId ?? undefined, reason };
    } catch (error) {
      retryLater = true;
      outcome = { type: 'failed', path, ref: state.ref, error: fileError(path, error) };
    }
    emit(outcome);
  }
  // a file to retry keeps the old cursor: the next sync sees its change (or relists) again
  if (nextCursor !== undefined && !retryLater) await saveCursor(db, where, nextCursor);
  return summary;
}

interface FileContext {
  db: Db;
  source: Source;
  where: StateScope;
  states: Map<string, FileState>;
  /** Files planned for deletion; a rename takes its source out of here. */
  gone: Map<string, Gone>;
  accessLevelOf?: (path: string) => string;
  limits?: SyncOptions['limits'];
  signal?: AbortSignal;
}

/** Handles one present file; throws for a read error (the caller records it). */
async function syncFile(context: FileContext, file: SourceFile): Promise<Outcome> {
  const state = context.states.get(file.ref);
  if (state?.contentHash && (state.recordId || state.error)) {
    const sameMeta =
      state.modifiedAt?.getTime() === file.modifiedAt.getTime() &&
      state.size === file.size &&
      (file.checksum === undefined || state.checksum === file.checksum);
    const sameChecksum = file.checksum !== undefined && state.checksum === file.checksum;
    if (state.error) {
      // The last read failed: the failure stands until the file changes (then it is read again).
      if (sameMeta && state.path === file.path && state.name === file.name) return storedFailure(file, state);
    } else if (sameMeta || sameChecksum) return keepRecord(context, file, state, state.contentHash);
  }
  if (!state && file.checksum) {
    const renamedFrom = takeGone(context, (gone) => gone.checksum === file.checksum);
    if (renamedFrom) return relocateFrom(context, file, renamedFrom, renamedFrom.contentHash as string);
  }

  let bytes: Uint8Array;
  try {
    bytes = await context.source.read(file);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SOURCE_FILE_BUSY') {
      return { type: 'skipped', path: file.path, ref: file.ref, reason: BUSY_REASON };
    }
    throw error;
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (state?.contentHash === hash && state.recordId && !state.error) return keepRecord(context, file, state, hash);
  if (!state) {
    const renamedFrom = takeGone(context, (gone) => gone.contentHash === hash);
    if (renamedFrom) return relocateFrom(context, file, renamedFrom, hash);
  }
  return ingest(context, file, state, bytes, hash);
}

/** Same content as stored: relocate when the path or name moved, refresh the state. */
async function keepRecord(context: FileContext, file: SourceFile, state: FileState, hash: string): Promise<Outcome> {
  const { db, where } = context;
  const moved = state.path !== file.path || state.name !== file.name;
  const recordId = state.recordId as string;
  if (moved) await relocateRecord(db, where.tenantId, recordId, { sourceRef: file.ref, sourcePath: file.path, fileName: file.name });
  if (context.accessLevelOf) await setAccessLevel(db, where.tenantId, recordId, context.accessLevelOf(file.path));
  const metaChanged =
    moved || state.modifiedAt?.getTime() !== file.modifiedAt.getTime() || state.size !== file.size || (file.checksum ?? null) !== state.checksum;
  if (metaChanged) await saveFileState(db, where, fileState(file, hash, recordId, null, state.noTable));
  const noTable = state.noTable ?? undefined;
  if (moved) return { type: 'renamed', path: file.path, ref: file.ref, recordId, from: state.path ?? undefined, noTable };
  return { type: 'unchanged', path: file.path, ref: file.ref, recordId, noTable };
}

/** A file whose last read failed and that has not changed since: reported failed again, not read. */
function storedFailure(file: SourceFile, state: FileState): Outcome {
  return {
    type: 'failed', path: file.path, ref: file.ref, recordId: state.recordId ?? undefined,
    error: fileError(file.path, state.error), reason: STORED_FAILURE_REASON,
  };
}

/** A stored failure a watch reported on an earlier pass: the file is unchanged since, and said no more about. */
function alreadyReported(failure: Outcome): Outcome {
  return { type: 'unchanged', path: failure.path, ref: failure.ref, recordId: failure.recordId };
}

/** A new ref with the content of a file that went away: the same record, relocated. */
async function relocateFrom(context: FileContext, file: SourceFile, previous: FileState, hash: string): Promise<Outcome> {
  const { db, where } = context;
  const recordId = previous.recordId as string;
  await relocateRecord(db, where.tenantId, recordId, { sourceRef: file.ref, sourcePath: file.path, fileName: file.name });
  if (context.accessLevelOf) await setAccessLevel(db, where.tenantId, recordId, context.accessLevelOf(file.path));
  await saveFileState(db, where, fileState(file, hash, recordId, null, previous.noTable));
  await deleteFileState(db, where, previous.ref);
  return { type: 'renamed', path: file.path, ref: file.ref, recordId, from: previous.path ?? previous.ref, noTable: previous.noTable ?? undefined };
}

function takeGone(context: FileContext, matches: (state: FileState) => boolean): FileState | undefined {
  for (const [ref, gone] of context.gone) {
    // a file whose last read failed is read again under its new name, not relocated
    if (gone.state.recordId && gone.state.contentHash && !gone.state.error && matches(gone.state)) {
      context.gone.delete(ref);
      return gone.state;
    }
  }
  return undefined;
}

async function ingest(context: FileContext, file: SourceFile, state: FileState | undefined, bytes: Uint8Array, hash: string): Promise<Outcome> {
  const { db, where } = context;
  const outcome = await ingestFile(db, {
    tenantId: where.tenantId,
    sourceKind: where.kind,
    sourceRef: file.ref,
    sourcePath: file.path,
    fileName: file.name,
    bytes,
    mimeType: file.mimeType,
    modifiedAt: file.modifiedAt,
    accessLevel: context.accessLevelOf?.(file.path),
    limits: context.limits,
  }, { signal: context.signal });
  const recordId = outcome.recordId ?? state?.recordId ?? null;
  const base = { path: file.path, ref: file.ref, recordId: recordId ?? undefined, warnings: outcome.warnings };
  if (outcome.status === 'failed') {
    const error = outcome.error ?? 'ingestion failed';
    await saveFileState(db, where, fileState(file, outcome.contentHash || hash, recordId, error, null));
    return { ...base, type: 'failed', error: fileError(file.path, error) };
  }
  const noTable = outcome.noTable ?? null;
  await saveFileState(db, where, fileState(file, outcome.contentHash || hash, recordId, null, noTable));
  const found = noTable === null ? base : { ...base, noTable };
  if (outcome.status === 'unchanged') {
    const moved = state !== undefined && (state.path !== file.path || state.name !== file.name);
    if (moved && recordId) {
      await relocateRecord(db, where.tenantId, recordId, { sourceRef: file.ref, sourcePath: file.path, fileName: file.name });
      return { ...found, type: 'renamed', from: state?.path ?? undefined };
    }
    return { ...found, type: 'unchanged' };
  }
  const type = outcome.status === 'replaced' ? 'changed' : 'added';
  return { ...found, type, tables: outcome.tables, rows: outcome.rows };
}

function fileState(file: SourceFile, hash: string | null, recordId: string | null, error: string | null, noTable: string | null): FileState {
  return {
    ref: file.ref,
    path: file.path,
    name: file.name,
    modifiedAt: file.modifiedAt,
    size: file.size,
    contentHash: hash,
    checksum: file.checksum ?? null,
    recordId,
    error,
    noTable,
  };
}

/**
 * A file that could not be read: remember the error on its state row without a content
 * hash, so the next pass reads it again.
 */
async function recordReadError(context: FileContext, file: SourceFile, error: string): Promise<void> {
  const state = context.states.get(file.ref);
  const kept: FileState = state ? { ...state, error } : { ...fileState(file, null, null, error, null), modifiedAt: null, size: null };
  if (state) kept.contentHash = null;
  await saveFileState(context.db, context.where, kept);
}

/** The error of one file, starting with its display path (`messageAtPath`). */
function fileError(path: string, error: unknown): string {
  const message = typeof error === 'string' ? error : describeError(error);
  return messageAtPath(path, path.slice(path.lastIndexOf('/') + 1), message);
}

function tally(summary: SyncSummary, outcome: Outcome): void {
  switch (outcome.type) {
    case 'added':
    case 'changed':
    case 'unchanged':
    case 'renamed':
      // a tabular file with no table is counted once, in `noTable` with its reason
      if (outcome.noTable === undefined) summary[outcome.type] += 1;
      break;
    case 'deleted':
      summary.deleted += 1;
      break;
    case 'failed':
      summary.failed.push({ path: outcome.path, error: outcome.error ?? 'failed' });
      break;
    case 'skipped':
      summary.skipped.push({ path: outcome.path, reason: outcome.reason ?? 'skipped' });
      break;
  }
  if (outcome.noTable !== undefined) summary.noTable.push({ path: outcome.path, reason: outcome.noTable });
  // the path is its own field: a warning that starts with the file's name or path loses that start
  for (const message of outcome.warnings ?? []) summary.warnings.push({ path: outcome.path, message: fileError(outcome.path, message).slice(outcome.path.length + 2) });
}
