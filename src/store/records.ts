/**
 * Records: one per source file. Deleting one removes everything it produced (cascade).
 * @module store/records
 */
import type { Db } from '../db/index.js';
import type { RecordStatus } from './catalog-types.js';

/** A record as listed for sync and status. */
export interface RecordSummary {
  id: string;
  sourceKind: string;
  sourceRef: string;
  sourcePath: string | null;
  title: string;
  contentHash: string;
  version: number;
  status: RecordStatus;
  error: string | null;
  warnings: string[];
  ingestedAt: string;
  /** Who may read it: `all`, or a level from the folder-to-level map. */
  accessLevel: string;
}

/**
 * Lists a tenant's records, optionally by source kind, content hash, source ref, id or access
 * levels (only records carrying one of them), ordered by path.
 */
export async function findRecords(
  db: Db,
  tenantId: string,
  filter: { sourceKind?: string; contentHash?: string; sourceRef?: string; id?: string; accessLevels?: string[] } = {},
): Promise<RecordSummary[]> {
  const { rows } = await db.query<{
    id: string; source_kind: string; source_ref: string; source_path: string | null; title: string; content_hash: string;
    version: number; status: RecordStatus; error: string | null; warnings: { message: string }[]; ingested_at: Date;
    access_level: string;
  }>(
    `select id, source_kind, source_ref, source_path, title, content_hash, version, status, error, warnings, ingested_at, access_level
       from record_manager
      where tenant_id = $1 and ($2::text is null or source_kind = $2) and ($3::text is null or content_hash = $3)
        and ($4::text is null or source_ref = $4) and ($5::uuid is null or id = $5::uuid)
        and ($6::text[] is null or access_level = any ($6::text[]))
      order by coalesce(source_path, title)`,
    [tenantId, filter.sourceKind ?? null, filter.contentHash ?? null, filter.sourceRef ?? null, filter.id ?? null, filter.accessLevels ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    sourceKind: row.source_kind,
    sourceRef: row.source_ref,
    sourcePath: row.source_path,
    title: row.title,
    contentHash: row.content_hash,
    version: row.version,
    status: row.status,
    error: row.error,
    warnings: (row.warnings ?? []).map((warning) => warning.message),
    ingestedAt: new Date(row.ingested_at).toISOString(),
    accessLevel: row.access_level,
  }));
}

/**
 * Deletes a record and, by cascade, its tables, rows and chunks, in one transaction.
 * @returns false when the tenant has no record with that id
 */
export async function deleteRecord(db: Db, tenantId: string, recordId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('delete from record_manager where tenant_id = $1 and id = $2 returning id', [tenantId, recordId]);
    return rows.length > 0;
  });
}

/**
 * Points a record at a new place (a rename or move with the same content): the record,
 * its tables and their names stay as they are.
 */
export async function relocateRecord(
  db: Db,
  tenantId: string,
  recordId: string,
  to: { sourceRef: string; sourcePath: string; fileName: string },
): Promise<void> {
  await db.query(
    `update record_manager set source_ref = $3, source_path = $4, title = $5 where tenant_id = $1 and id = $2`,
    [tenantId, recordId, to.sourceRef, to.sourcePath, to.fileName],
  );
}

/** Sets who may read a record (`all` or a level of the folder-to-level map); a no-op when it already has that level. */
export async function setAccessLevel(db: Db, tenantId: string, recordId: string, accessLevel: string): Promise<void> {
  await db.query(
    'update record_manager set access_level = $3 where tenant_id = $1 and id = $2 and access_level <> $3',
    [tenantId, recordId, accessLevel],
  );
}
