/**
 * Embedded adapter of the reader connection. PGlite has one connection whose session user
 * is a superuser, so there is no separate login: each query runs in a READ ONLY transaction
 * under `SET LOCAL ROLE gridrag_reader`, so grants and row-level security apply, and is rolled
 * back. This second defence is weaker than on a server: a statement that could call
 * `set_config('role', …)` would switch back (the guard refuses `set_config`). PGlite does not
 * enforce `statement_timeout`; instead the `Db` stops its engine thread at the transaction's
 * time or memory limit and reopens the folder (see `db/pglite-db.ts`).
 * @module query/pglite-executor
 */
import type { Db } from '../db/index.js';
import { InternalError } from '../errors.js';
import type { ReaderConnection, ReaderResult, ReaderTransaction, ReaderTransactionOptions, RemainingCount } from './reader-connection.js';
import { READER_ROLE } from './reader-connection.js';

/** Rows fetched per round when counting what is left in a cursor. */
const COUNT_BATCH = 5000;
/** Time kept in hand when counting, so the count stops before the engine is stopped, in milliseconds. */
const COUNT_MARGIN_MS = 250;

class Rollback {
  constructor(readonly value: unknown) {}
}

/**
 * Wraps an embedded database.
 * @param db a PGlite `Db` (migrated: the reader role and policy exist)
 */
export function createPgliteReader(db: Db): ReaderConnection {
  return {
    kind: 'pglite',
    async transaction<T>(fn: (tx: ReaderTransaction) => Promise<T>, options: ReaderTransactionOptions): Promise<T> {
      const limits = { timeoutMs: options.timeoutMs, memoryLimitBytes: options.memoryLimitBytes };
      try {
        await db.transaction(async (tx) => {
          if (options.readOnly) await tx.query('SET TRANSACTION READ ONLY');
          await tx.query(`SET LOCAL ROLE ${READER_ROLE}`);
          const reader: ReaderTransaction = {
            async query(sql: string, params: unknown[] = []): Promise<ReaderResult> {
              const result = await tx.query<Record<string, unknown>>(sql, params);
              return { rows: result.rows, fields: result.fields, rowCount: result.rowCount };
            },
          };
          throw new Rollback(await fn(reader));
        }, limits);
      } catch (error) {
        if (error instanceof Rollback) return error.value as T;
        throw error;
      }
      throw new InternalError('unreachable: the reader transaction was not rolled back');
    },
    async countRemaining(tx: ReaderTransaction, cursor: string, limits: { maxRows: number; deadline: number }): Promise<RemainingCount> {
      // The Db port does not report MOVE's count on PGlite, so fetch in batches and count,
      // stopping in time: the engine is stopped at the deadline, and the rows read would be lost.
      let total = 0;
      while (total < limits.maxRows && performance.now() < limits.deadline - COUNT_MARGIN_MS) {
        const batch = await tx.query(`FETCH FORWARD ${Math.min(COUNT_BATCH, limits.maxRows - total)} FROM ${cursor}`);
        total += batch.rows.length;
        if (batch.rows.length === 0) return { rows: total, complete: true };
      }
      return { rows: total, complete: false };
    },
    async cancel() {
      /* the Db's abort stops the engine thread */
    },
    async close() {
      /* the Db owns the connection */
    },
  };
}
