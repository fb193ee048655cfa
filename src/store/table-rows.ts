/**
 * A table's stored rows in sheet order, with the flags ingest set: total/subtotal rows
 * (`is_aggregate`) and rows of hidden sheet rows (`is_hidden`). For the web page's table view.
 * @module store/table-rows
 */
import type { Queryable } from '../db/index.js';

/** One stored row. */
export interface StoredRow {
  /** 1-based row number in the source sheet. */
  sheetRow: number;
  /** A total or subtotal row (not counted in `row_count`, never summed by queries). */
  aggregate: boolean;
  hidden: boolean;
  /** `{ <sqlName>: value }`, typed per column card. */
  values: Record<string, unknown>;
}

/**
 * The first `limit` rows of the given tables (a table, or the base tables of a derived one)
 * of one tenant, by sheet row, and how many rows they hold in all (aggregate rows included).
 * Reads on the owner connection: the caller decides which tables the reader may see.
 * @param limit most rows returned, 1 to 1000
 * @throws DbError
 */
export async function loadTableRows(db: Queryable, tenantId: string, tableIds: string[], limit: number): Promise<{ rows: StoredRow[]; total: number }> {
  if (tableIds.length === 0) return { rows: [], total: 0 };
  const capped = Math.min(1000, Math.max(1, Math.floor(limit)));
  const { rows } = await db.query<{ sheet_row: number; is_aggregate: boolean; is_hidden: boolean; row_data: Record<string, unknown> | string }>(
    `select sheet_row, is_aggregate, is_hidden, row_data from tabular_document_rows
      where tenant_id = $1 and table_id = any ($2::uuid[])
      order by sheet_row, id limit $3`,
    [tenantId, tableIds, capped],
  );
  const counted = await db.query<{ total: number | string }>(
    `select count(*) as total from tabular_document_rows where tenant_id = $1 and table_id = any ($2::uuid[])`,
    [tenantId, tableIds],
  );
  return {
    rows: rows.map((row) => ({
      sheetRow: Number(row.sheet_row),
      aggregate: row.is_aggregate === true,
      hidden: row.is_hidden === true,
      values: typeof row.row_data === 'string' ? (JSON.parse(row.row_data) as Record<string, unknown>) : row.row_data,
    })),
    total: Number(counted.rows[0]?.total ?? 0),
  };
}
