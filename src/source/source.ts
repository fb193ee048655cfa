/**
 * The source port: where the team keeps its files (a local folder, a Google Drive folder).
 * The sync engine (`sync-engine.ts`) reads a source and keeps the database in step; it
 * imports this file, never an adapter.
 * @module source/source
 */

/** Which kind of place the files come from; stored as `record_manager.source_kind`. */
export type SourceKind = 'local' | 'drive';

/** One file as the source lists it, before it is read. */
export interface SourceFile {
  /**
   * Stable id of the file in the source: the absolute path for a local folder (a rename is a
   * new ref), the file id for Drive (a rename or move keeps the ref).
   */
  ref: string;
  /**
   * File name as it will be ingested, extension included. For Google-native files the
   * export extension is appended (`Budget` → `Budget.xlsx`).
   */
  name: string;
  /** Display path relative to the watched folder, `/`-separated, e.g. `sales/2024/orders.csv`. */
  path: string;
  /** Last content change as the source reports it (local mtime, Drive `modifiedTime`). */
  modifiedAt: Date;
  /** Size in bytes as listed; 0 when the source reports none (Google-native files). */
  size: number;
  /** Content checksum from the source when it has one (Drive `md5Checksum`, hex); else undefined. */
  checksum?: string;
  /** MIME type of the bytes `read` returns (after export for Google-native files). */
  mimeType?: string;
  /** True when the file sits in the recycle-bin folder: its record must be deleted. */
  inRecycleBin: boolean;
  /** True when the source trashed it (Drive trash): its record must be deleted. */
  trashed: boolean;
}

/**
 * One entry of an incremental change feed. `removed` means the file is gone from the watched
 * tree for good (deleted, moved out, or no longer visible); then `file` is undefined.
 * Otherwise `file` is its current state (which may say trashed or in the recycle bin).
 */
export interface SourceChange {
  ref: string;
  removed: boolean;
  file?: SourceFile;
}

/** What `Source.changes` returns. */
export interface SourceChanges {
  /** Changes since the cursor, oldest first; the same ref may appear more than once. */
  changes: SourceChange[];
  /** Cursor to pass next time; the engine stores it only after the changes are applied. */
  nextCursor: string;
  /**
   * True when the change feed cannot be applied file by file (first run, a folder was moved,
   * renamed or trashed): the engine then compares a full `list()` with its state instead.
   */
  relist: boolean;
}

/** A place files come from. */
export interface Source {
  /**
   * After `list()`: the refs known files would have had outside the recycle bin, for the files
   * now in it (a local folder cannot tell a move there from a delete otherwise: the path is
   * the ref). A sync says "moved to the recycle bin" for them, not "gone from the folder".
   */
  readonly recycled?: ReadonlySet<string>;
  /** Stored as `record_manager.source_kind` and `sync_state.source_kind`. */
  readonly kind: SourceKind;
  /**
   * Identifies this watched folder among others of the same kind for the same tenant
   * (the absolute folder path, the Drive folder id). Sync state is kept per scope, so two
   * folders never delete each other's records.
   */
  readonly scope: string;
  /**
   * Lists every file under the watched folder, recursively, including files in the
   * recycle bin or trash when the source can see them (flagged). Noise (lock files,
   * hidden and temporary files, configuration) is left out.
   * @throws UpstreamError when the listing itself fails (the sync stops; nothing is deleted)
   */
  list(): Promise<SourceFile[]>;
  /**
   * Entries the last `list()` left out on purpose and a person should hear about, with the
   * reason (a local folder's symbolic links pointing outside it). Undefined when none.
   */
  readonly skipped?: { path: string; reason: string }[];
  /**
   * Optional incremental feed. `since` undefined asks for a starting cursor: the answer
   * then has `relist: true` and no changes.
   * @throws UpstreamError when the feed cannot be read (the sync stops; the cursor is kept)
   */
  changes?(since: string | undefined): Promise<SourceChanges>;
  /**
   * Reads the file's bytes (downloads or exports for Drive).
   * @throws SourceFileBusyError when the file is still being written (retry next pass)
   * @throws UpstreamError or a Node error for a file that cannot be read; `retryable` says
   *   whether trying again later may help
   */
  read(file: SourceFile): Promise<Uint8Array>;
}
