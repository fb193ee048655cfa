/**
 * A file's row accounting as ingest stores and reports it (computed by
 * `ingest/row-account.ts`: the per-sheet accounts of `accountRows` summed over the file, the
 * excluded rows split per table, and the reason a tabular file holds no table). Stored in `record_manager.row_accounting` (the file) and
 * `tabular_tables.excluded_rows` (each table's own header, title, note and section rows).
 * @module store/row-accounting
 */
import type { Queryable } from '../db/index.js';
import { EXCLUSION_REASONS, type ExcludedRow, type ExclusionReason } from '../tables/account-rows.js';

/** An excluded row with its sheet (null for CSV). */
export interface FileExcludedRow extends ExcludedRow {
  sheet: string | null;
}

/** Where the rows of a whole file went. `stored + excluded = rows`, summed over its sheets. */
export interface FileRowAccount {
  /** Rows of all sheets, each through its last non-blank row. */
  rows: number;
  /** Data rows stored (the rows queries read). */
  data: number;
  /** Total and subtotal rows stored (used by validation, never by queries). */
  aggregate: number;
  /** Hidden rows stored (kept out of answers). */
  hidden: number;
  excluded: Record<ExclusionReason, number>;
  /** Excluded rows that belong to no table (`outside`), at most `OUTSIDE_LIMIT`. */
  outside: FileExcludedRow[];
  /** Set when a tabular file yields no table: why, in words. */
  noTable?: string;
}

/** `1 header, 2 note` for the non-zero reasons among `reasons` (blank rows left out unless asked). */
export function describeExcluded(excluded: Record<ExclusionReason, number>, withBlank = false): string {
  return EXCLUSION_REASONS.filter((reason) => excluded[reason] > 0 && (withBlank || reason !== 'blank'))
    .map((reason) => `${excluded[reason]} ${reason}`)
    .join(', ');
}

/**
 * Stores a file's accounting on its record and each table's excluded rows on the table.
 * @param tableIds stored table ids
 * @param perTable each table's own excluded rows, same order as `tableIds` (`tableExcludedRows`)
 */
export async function storeRowAccounting(
  tx: Queryable, recordId: string, account: FileRowAccount | null, tableIds: string[], perTable: ExcludedRow[][],
): Promise<void> {
  await tx.query('update record_manager set row_accounting = $2::jsonb where id = $1', [recordId, account === null ? null : JSON.stringify(account)]);
  for (let index = 0; index < tableIds.length; index++) {
    if (perTable[index].length === 0) continue;
    await tx.query('update tabular_tables set excluded_rows = $2::jsonb where id = $1', [tableIds[index], JSON.stringify(perTable[index])]);
  }
}

/** The stored accounting of a record (null for prose and for records stored before accounting). */
export async function loadRowAccount(db: Queryable, recordId: string): Promise<FileRowAccount | null> {
  const { rows } = await db.query<{ row_accounting: FileRowAccount | null }>('select row_accounting from record_manager where id = $1', [recordId]);
  return rows[0]?.row_accounting ?? null;
}

/** A stored file's accounting, for `gridrag tables`. */
export interface RecordRowAccount {
  recordId: string;
  /** File name. */
  file: string;
  sourcePath: string | null;
  account: FileRowAccount;
}

/** The accounting of every ready tabular file of a tenant, by path; with `accessLevels`, only records carrying one of them. */
export async function loadRowAccounts(db: Queryable, tenantId: string, accessLevels?: string[]): Promise<RecordRowAccount[]> {
  const { rows } = await db.query<{ id: string; title: string; source_path: string | null; row_accounting: FileRowAccount }>(
    `select id, title, source_path, row_accounting from record_manager
      where tenant_id = $1 and status = 'ready' and row_accounting is not null
        and ($2::text[] is null or access_level = any ($2::text[]))
      order by coalesce(source_path, title)`,
    [tenantId, accessLevels ?? null],
  );
  return rows.map((row) => ({ recordId: row.id, file: row.title, sourcePath: row.source_path, account: row.row_accounting }));
}
