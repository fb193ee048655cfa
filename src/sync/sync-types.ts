/**
 * What a sync reports: one event per file action, and a summary at the end.
 * @module sync/sync-types
 */
import type { IngestInput } from '../ingest/index.js';

/** What happened to one file. */
export type SyncEventType = 'added' | 'changed' | 'unchanged' | 'renamed' | 'deleted' | 'failed' | 'skipped';

/** One file action, reported as it happens. */
export interface SyncEvent {
  type: SyncEventType;
  /** Display path (relative to the watched folder); for `deleted`, the last known path. */
  path: string;
  /** The file's stable id in the source. */
  ref: string;
  /** The record the action touched, when there is one. */
  recordId?: string;
  /** `renamed`: the previous display path. */
  from?: string;
  /** `skipped` and `deleted`: why, e.g. `unsupported file type`, `moved to the recycle bin`, `trashed`. */
  reason?: string;
  /** `failed`: what went wrong, naming the file. */
  error?: string;
  /** `added`/`changed`/`unchanged`: why a tabular file holds no table (its text, if any, is kept for search). */
  noTable?: string;
  /** `added`/`changed`: tables found and data rows stored. */
  tables?: number;
  rows?: number;
  /** Schema drift and other notes from ingestion. */
  warnings?: string[];
  /** Files handled so far in this sync (this one included) and the total planned. */
  done: number;
  total: number;
}

/** Counts and problems of one sync. */
export interface SyncSummary {
  /** `full`: a listing compared with the stored state; `incremental`: a change feed applied. */
  mode: 'full' | 'incremental';
  /** Files by what happened, each counted once: a tabular file with no table is counted in `noTable` only (its event says what happened). */
  added: number;
  changed: number;
  unchanged: number;
  renamed: number;
  deleted: number;
  failed: { path: string; error: string }[];
  /** Tabular files that hold no table, each with why (as `ingest` reports them); they make `gridrag sync` exit 1. */
  noTable: { path: string; reason: string }[];
  warnings: { path: string; message: string }[];
  /** Files left for a later pass (still being written) or not ingestible (unsupported type). */
  skipped: { path: string; reason: string }[];
  /** Glossary terms loaded from a `glossary.yml` at the folder's root in this pass (0 when none was read). */
  glossaryTerms: number;
}

/** Options every sync takes. */
export interface SyncOptions {
  tenantId: string;
  /**
   * The access level of a file from its display path (the folder-to-level map); records take
   * it on ingest, rename and every pass. Unset: new records get `all`, stored ones keep theirs.
   */
  accessLevelOf?: (path: string) => string;
  /** Read limits for every file (part size, shared strings, cell length); the defaults when omitted. */
  limits?: IngestInput['limits'];
  /**
   * Stops the pass (a signal to the process): a file being ingested stops at its next pause and
   * keeps its previous version, no failure is noted for it, and no later file is started; the
   * pass then throws the signal's reason.
   */
  signal?: AbortSignal;
  /**
   * Whether a file that failed and has not changed since is reported failed again. A sync run
   * on its own says so (until the file changes); the later passes of a watch set `false`: the
   * failure was reported once, and the file counts as `unchanged` until it changes.
   * @default true
   */
  repeatStoredFailures?: boolean;
  /** Called once per file action; an exception thrown here aborts the sync (state stays consistent). */
  onEvent?: (event: SyncEvent) => void;
  /**
   * Called with the bytes of a `glossary.yml` at the root of the source (read on every full
   * pass, and when the change feed names it); returns the number of terms loaded. A throw is
   * reported as that file's failure. Without it, configuration files are left alone.
   */
  onConfiguration?: (file: { ref: string; path: string; name: string }, bytes: Uint8Array) => Promise<number>;
}

/** A summary with every count at zero. */
export function emptySyncSummary(mode: SyncSummary['mode']): SyncSummary {
  return { mode, added: 0, changed: 0, unchanged: 0, renamed: 0, deleted: 0, failed: [], noTable: [], warnings: [], skipped: [], glossaryTerms: 0 };
}
