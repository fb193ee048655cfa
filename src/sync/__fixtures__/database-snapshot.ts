/**
 * Test support: what the database holds per record, to compare with the source after a sync.
 */
import type { Db } from '../../db/index.js';

/** One record as the tests compare it. */
export interface RecordSnapshot {
  id: string;
  path: string | null;
  title: string;
  ref: string;
  status: string;
  version: number;
  error: string | null;
  /** Found tables (derived long/union tables excluded). */
  tables: number;
  /** Stored data rows (aggregate rows excluded). */
  rows: number;
}

/** Every record of the tenant, ordered by path (code-point order, whatever the collation). */
export async function snapshotRecords(db: Db, tenantId: string): Promise<RecordSnapshot[]> {
  const { rows } = await db.query<RecordSnapshot>(
    `select r.id, r.source_path as path, r.title, r.source_ref as ref, r.status, r.version, r.error,
            (select count(*) from tabular_tables t where t.record_id = r.id and t.kind = 'table')::int as tables,
            (select count(*) from tabular_document_rows d where d.record_id = r.id and not d.is_aggregate)::int as rows
       from record_manager r where r.tenant_id = $1 `,
    [tenantId],
  );
  const key = (record: RecordSnapshot) => record.path ?? record.title;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** `{ path: rows }` for quick equality checks. */
export function rowsByPath(records: RecordSnapshot[]): Record<string, number> {
  return Object.fromEntries(records.map((record) => [record.path ?? record.title, record.rows]));
}

/** A small CSV with `count` data rows under the header `id,region,amount`. */
export function smallCsv(count: number, seed = 1): string {
  const regions = ['North', 'South', 'East', 'West'];
  const lines = ['id,region,amount'];
  for (let i = 1; i <= count; i++) lines.push(`${i},${regions[(i + seed) % regions.length]},${i * 10 + seed}`);
  return lines.join('\n') + '\n';
}
