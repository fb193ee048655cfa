/**
 * What the sync engine remembers per file (`sync_state`): where it was, its mtime, size and
 * content hash, and the record it produced. Rows are scoped by `extra.scope` so two watched
 * folders of the same kind never see each other's files. The change-feed cursor of a scope
 * lives in a row of its own (`source_ref` = `@cursor:<scope>`, `extra.role` = `cursor`).
 * @module sync/sync-state
 */
import type { Queryable } from '../db/index.js';
import type { SourceKind } from '../source/index.js';

/** The remembered state of one file. */
export interface FileState {
  ref: string;
  /** Display path when last synced. */
  path: string | null;
  /** File name when last synced. */
  name: string | null;
  modifiedAt: Date | null;
  /** Bytes, as listed. */
  size: number | null;
  /** sha256 hex of the bytes last read; null when the file was never read successfully. */
  contentHash: string | null;
  /** The source's own checksum when last read (Drive md5). */
  checksum: string | null;
  recordId: string | null;
  /**
   * Last per-file error, when the last attempt failed (with `contentHash`: the content read
   * that failed). Reported as a failure on every pass until the file changes, then retried.
   */
  error: string | null;
  /** Why a tabular file holds no table, when its last read found none (reported on every pass, as `ingest` does). */
  noTable: string | null;
}

/** Where a scope's rows live. */
export interface StateScope {
  tenantId: string;
  kind: SourceKind;
  scope: string;
}

interface StateRow {
  source_ref: string;
  path: string | null;
  modified_at: Date | null;
  size: number | string | null;
  content_hash: string | null;
  record_id: string | null;
  extra: { name?: string; checksum?: string; error?: string; noTable?: string } | null;
}

/** Loads every file row of the scope, keyed by ref. */
export async function loadFileStates(db: Queryable, where: StateScope): Promise<Map<string, FileState>> {
  const result = await db.query<StateRow>(
    `select source_ref, path, modified_at, size, content_hash, record_id, extra
       from sync_state
      where tenant_id = $1 and source_kind = $2 and extra->>'scope' = $3
        and coalesce(extra->>'role', 'file') = 'file'`,
    [where.tenantId, where.kind, where.scope],
  );
  const states = new Map<string, FileState>();
  for (const row of result.rows) {
    states.set(row.source_ref, {
      ref: row.source_ref,
      path: row.path,
      name: row.extra?.name ?? null,
      modifiedAt: row.modified_at === null ? null : new Date(row.modified_at),
      size: row.size === null ? null : Number(row.size),
      contentHash: row.content_hash,
      checksum: row.extra?.checksum ?? null,
      recordId: row.record_id,
      error: row.extra?.error ?? null,
      noTable: row.extra?.noTable ?? null,
    });
  }
  return states;
}

/** Inserts or replaces one file's row. */
export async function saveFileState(db: Queryable, where: StateScope, state: FileState): Promise<void> {
  const extra: Record<string, string> = { scope: where.scope, role: 'file' };
  if (state.name !== null) extra.name = state.name;
  if (state.checksum !== null) extra.checksum = state.checksum;
  if (state.error !== null) extra.error = state.error;
  if (state.noTable !== null) extra.noTable = state.noTable;
  await db.query(
    `insert into sync_state (tenant_id, source_kind, source_ref, path, modified_at, size, content_hash, record_id, extra, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, now())
     on conflict (tenant_id, source_kind, source_ref) do update set
       path = excluded.path, modified_at = excluded.modified_at, size = excluded.size,
       content_hash = excluded.content_hash, record_id = excluded.record_id,
       extra = excluded.extra, updated_at = now()`,
    [
      where.tenantId,
      where.kind,
      state.ref,
      state.path,
      state.modifiedAt,
      state.size,
      state.contentHash,
      state.recordId,
      JSON.stringify(extra),
    ],
  );
}

/** Forgets one file. */
export async function deleteFileState(db: Queryable, where: StateScope, ref: string): Promise<void> {
  await db.query(`delete from sync_state where tenant_id = $1 and source_kind = $2 and source_ref = $3`, [
    where.tenantId,
    where.kind,
    ref,
  ]);
}

function cursorRef(scope: string): string {
  return `@cursor:${scope}`;
}

/** The stored change-feed cursor of the scope, or undefined before the first sync. */
export async function loadCursor(db: Queryable, where: StateScope): Promise<string | undefined> {
  const result = await db.query<{ cursor: string | null }>(
    `select extra->>'cursor' as cursor from sync_state where tenant_id = $1 and source_kind = $2 and source_ref = $3`,
    [where.tenantId, where.kind, cursorRef(where.scope)],
  );
  return result.rows[0]?.cursor ?? undefined;
}

/** Stores the change-feed cursor of the scope. */
export async function saveCursor(db: Queryable, where: StateScope, cursor: string): Promise<void> {
  const extra = JSON.stringify({ scope: where.scope, role: 'cursor', cursor });
  await db.query(
    `insert into sync_state (tenant_id, source_kind, source_ref, extra, updated_at)
     values ($1, $2, $3, $4::jsonb, now())
     on conflict (tenant_id, source_kind, source_ref) do update set extra = excluded.extra, updated_at = now()`,
    [where.tenantId, where.kind, cursorRef(where.scope), extra],
  );
}
