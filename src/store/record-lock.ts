/**
 * One writer per record: transaction-scoped advisory locks that serialize writes to one
 * record (tenant, source kind, source ref), and the choice of table names in one tenant.
 *
 * Why: two processes ingesting the same changed file at once would otherwise both read
 * "old version", both replace it and leave two copies of each table (`big`, `big_2`); two
 * first ingests would race to insert the record and one would fail with a raw unique
 * violation. With the lock the second writer waits, then re-reads the record and finds the
 * first one's work (`unchanged`) or replaces it.
 *
 * Lock order, to stay deadlock-free: the record lock first, then the tenant's naming lock;
 * a transaction holds at most one record lock. Both are released at commit or rollback.
 * On PGlite (one connection) the locks are taken but never contended.
 * @module store/record-lock
 */
import type { Queryable } from '../db/index.js';

/** What names one record. */
export interface RecordKey {
  tenantId: string;
  sourceKind: string;
  sourceRef: string;
}

/**
 * Takes the record's write lock for the rest of the transaction (waits while another
 * transaction holds it). Call it first in the transaction, then read the record.
 * @throws DbError when the database fails
 */
export async function lockRecord(tx: Queryable, key: RecordKey): Promise<void> {
  // A 64-bit hash: two keys sharing one only serialize each other, which is harmless.
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`gridrag:record\u0001${key.tenantId}\u0001${key.sourceKind}\u0001${key.sourceRef}`]);
}

/**
 * Takes the tenant's naming lock for the rest of the transaction: table names are unique
 * per tenant, so two records stored at once must not both pick the same free name.
 * Take it after `lockRecord`, just before reading the names in use.
 * @throws DbError when the database fails
 */
export async function lockTenantNames(tx: Queryable, tenantId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`gridrag:names\u0001${tenantId}`]);
}
