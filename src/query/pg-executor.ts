/**
 * Server adapter of the reader connection: its own `pg` pool that logs in as
 * `gridrag_reader` (no superuser, SELECT on `tabular_document_rows` only, row-level security).
 * @module query/pg-executor
 */
import pg from 'pg';
import { LockdownError } from '../errors.js';
import { PG_TYPE } from '../db/index.js';
import { READER_ROLE, sqlState, type ReaderConnection, type ReaderResult, type ReaderTransaction, type ReaderTransactionOptions, type RemainingCount } from './reader-connection.js';


export { READER_ROLE, deriveReaderUrl } from './reader-connection.js';

const TIMESTAMP = 1114;
const INTERVAL = 1186;

/** Values as the executor returns them: numbers, `YYYY-MM-DD` dates, ISO timestamps, interval text. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE.NUMERIC || oid === PG_TYPE.INT8) return (value: string) => Number(value);
    if (oid === PG_TYPE.DATE || oid === INTERVAL) return (value: string) => value;
    if (oid === TIMESTAMP) return (value: string) => isoOrText(`${value.replace(' ', 'T')}Z`, value);
    if (oid === PG_TYPE.TIMESTAMPTZ) return (value: string) => isoOrText(value, value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

function isoOrText(candidate: string, original: string): string {
  const date = new Date(candidate);
  return Number.isNaN(date.getTime()) ? original : date.toISOString();
}


function transactionOf(client: pg.PoolClient): ReaderTransaction {
  return {
    async query(sql: string, params: unknown[] = []): Promise<ReaderResult> {
      const config = { text: sql, values: params, queryMode: 'extended' } as pg.QueryConfig;
      const result = await client.query(config);
      return { rows: result.rows, fields: result.fields, rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

/**
 * Sends a cancel request (the protocol's own, over a new connection) for every statement running
 * on the pool, and waits at most `waitMs` for them to be delivered.
 */
async function cancelRunning(pool: pg.Pool, connectionString: string, waitMs = 500): Promise<void> {
  type Busy = pg.Client & { activeQuery?: unknown };
  const busy = ((pool as unknown as { _clients?: Busy[] })._clients ?? []).filter((client) => client.activeQuery);
  await Promise.all(
    busy.map(
      (client) =>
        new Promise<void>((resolve) => {
          const canceller = new pg.Client({ connectionString }) as unknown as { cancel(client: unknown, query: unknown): void; connection: NodeJS.EventEmitter };
          canceller.connection.once('end', () => resolve());
          canceller.connection.once('error', () => resolve());
          canceller.cancel(client, client.activeQuery);
          setTimeout(resolve, waitMs).unref();
        }),
    ),
  );
}

/** SQLSTATE classes after which the connection must not go back to the pool. */
function connectionBroken(error: unknown): boolean {
  const state = sqlState(error);
  return state === undefined || state.startsWith('08') || state.startsWith('57P') || state === '25P03';
}

/**
 * Opens the reader pool and checks that it can log in.
 * @param readerUrl `postgres://gridrag_reader@host/db` (see `deriveReaderUrl`)
 * @param options.poolSize connections, default 4
 * @throws LockdownError when the reader cannot log in (role missing, password wrong)
 */
export async function createPgReader(readerUrl: string, options: { poolSize?: number } = {}): Promise<ReaderConnection> {
  const pool = new pg.Pool({ connectionString: readerUrl, max: options.poolSize ?? 4, types, application_name: 'gridrag-reader' });
  pool.on('error', () => {
    /* an idle reader connection died; the pool replaces it */
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const user = new URL(readerUrl).username;
    throw new LockdownError(
      `cannot log in as the query role ${user}: ${error instanceof Error ? error.message : String(error)}. Run the migrations, and on a hosted Postgres give the role a password and set GRIDRAG_READER_URL.`,
      { cause: error },
    );
  }
  return {
    kind: 'pg',
    async transaction<T>(fn: (tx: ReaderTransaction) => Promise<T>, options: ReaderTransactionOptions): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        if (options.timeoutMs !== undefined) await client.query(`select set_config('statement_timeout', $1, true)`, [String(Math.max(1, Math.floor(options.timeoutMs)))]);
        return await fn(transactionOf(client));
      } catch (error) {
        if (connectionBroken(error) && !(error instanceof LockdownError)) broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        try {
          await client.query('ROLLBACK');
          // Session state a statement could leave behind (advisory locks above all) must not outlive it.
          await client.query('DISCARD ALL');
        } catch (error) {
          broken = error instanceof Error ? error : new Error(String(error));
        }
        client.release(broken);
      }
    },
    async countRemaining(tx: ReaderTransaction, cursor: string, limits: { maxRows: number; deadline: number }): Promise<RemainingCount> {
      // MOVE counts on the server without sending rows; the statement timeout bounds it.
      try {
        const left = Math.max(1, Math.floor(limits.deadline - performance.now()));
        await tx.query(`select set_config('statement_timeout', $1, true)`, [String(left)]);
        const moved = (await tx.query(`MOVE FORWARD ${Math.max(1, Math.floor(limits.maxRows))} IN ${cursor}`)).rowCount;
        return { rows: moved, complete: moved < limits.maxRows };
      } catch (error) {
        if (sqlState(error) === '57014') return { rows: 0, complete: false };
        throw error;
      }
    },
    async cancel() {
      await cancelRunning(pool, readerUrl);
    },
    async close() {
      await pool.end();
    },
  };
}
