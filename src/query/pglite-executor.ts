/**
 * Embedded adapter of the reader connection. PGlite has one connection whose session user
 * is a superuser, so there is no separate login: each query runs in a READ ONLY transaction
 * under `SET LOCAL ROLE gridrag_reader`, so grants and row-level security apply, and is rolled
 * back. This second defence is weaker than on a server: a statement that could call
 * `set_config('role', …)` would switch back (the guard refuses `set_config`), and PGlite does
 * not enforce `statement_timeout` (the guard's bounds on generators are all that limit run time).
 * @module query/pglite-executor
 */
import type { Db } from '../db/index.js';
import { InternalError } from '../errors.js';
import type { ReaderConnection, ReaderResult, ReaderTransaction } from './reader-connection.js';
import { READER_ROLE } from './pg-executor.js';

/** Rows fetched per round when counting what is left in a cursor. */
const COUNT_BATCH = 5000;

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
    async transaction<T>(fn: (tx: ReaderTransaction) => Promise<T>, options: { readOnly: boolean }): Promise<T> {
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
        });
      } catch (error) {
        if (error instanceof Rollback) return error.value as T;
        throw error;
      }
      throw new InternalError('unreachable: the reader transaction was not rolled back');
    },
    async countRemaining(tx: ReaderTransaction, cursor: string): Promise<number> {
      // The Db port does not report MOVE's count on PGlite, so fetch in batches and count.
      let total = 0;
      for (;;) {
        const batch = await tx.query(`FETCH FORWARD ${COUNT_BATCH} FROM ${cursor}`);
        total += batch.rows.length;
        if (batch.rows.length < COUNT_BATCH) return total;
      }
    },
    async close() {
      /* the Db owns the connection */
    },
  };
}
