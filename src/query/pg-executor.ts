/**
 * Server adapter of the reader connection: its own `pg` pool that logs in as
 * `gridrag_reader` (no superuser, SELECT on `tabular_document_rows` only, row-level security).
 * A transaction with a timeout returns to its caller by the timeout plus about 0.5 s even when
 * the server does not stop it (`withDeadline`).
 * @module query/pg-executor
 */
import pg from 'pg';
import { LockdownError } from '../errors.js';
import { PG_TYPE, pgConnectionString, sendCancelRequests, trackCheckedOut } from '../db/index.js';
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

type Busy = pg.Client & { processID?: number; connection: { stream: { destroy(): void } } };

/**
 * Time past the transaction's timeout after which the client stops waiting for the server, in
 * milliseconds. Postgres stops a statement at its timeout only where the running code checks for
 * interrupts; some functions build their whole result in one call that never checks (nested
 * `array_to_string` over a long array: 20 s for 1 GB on PostgreSQL 15), and constants are folded
 * while planning, so the statement timeout and a cancel request both wait for that call to return.
 */
export const STOP_GRACE_MS = 250;
/** Time a cancel request sent at the grace is given before the backend is terminated and its socket dropped, in milliseconds. */
export const CANCEL_WAIT_MS = 250;

/** A statement the server did not stop in time: the caller gets the statement timeout's own error. */
function abandonedError(timeoutMs: number): Error {
  return Object.assign(new Error(`canceling statement due to statement timeout (${timeoutMs} ms; the server did not stop it, the connection was dropped)`), { code: '57014' });
}

/**
 * Cancels the statement of backend `pid`, or ends the backend, over a new connection that is not
 * the pool's (the reader may signal its own role's backends). A backend acts on either at the next
 * point where it checks for interrupts: after the call that ignored the timeout returns.
 * Never throws; gives up when it cannot connect within `connectMs` milliseconds.
 */
async function signalBackend(pid: number, how: 'cancel' | 'terminate', connectionString: string, connectMs: number): Promise<void> {
  const signaller = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs, application_name: 'gridrag-reader-stop' });
  signaller.on('error', () => undefined);
  try {
    await signaller.connect();
    await signaller.query(how === 'cancel' ? 'select pg_cancel_backend($1)' : 'select pg_terminate_backend($1)', [pid]);
  } catch {
    // The backend may be gone already; a dropped socket ends it when it next writes.
  } finally {
    await signaller.end().catch(() => undefined);
  }
}

/**
 * Races `work` (a transaction on `client`) against a deadline at `timeoutMs + STOP_GRACE_MS`: at
 * the deadline a cancel request is sent; when `work` has not ended `CANCEL_WAIT_MS` later, the
 * backend is terminated, the client's socket destroyed, and the race fails with SQLSTATE 57014.
 * @returns the race; `abandoned()`, true when the client was given up (it must leave the pool,
 *   without ROLLBACK); `delivered()`, which settles once a cancel request sent is delivered (so that
 *   it cannot reach the next statement of a client that goes back to the pool)
 */
function withDeadline<T>(
  work: Promise<T>,
  client: Busy,
  timeoutMs: number,
  connectionString: string,
  stopping: Set<Promise<void>>,
): { result: Promise<T>; abandoned: () => boolean; delivered: () => Promise<void> } {
  let abandoned = false;
  let cancelling: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void (async () => {
        const pid = client.processID;
        if (pid !== undefined) cancelling = signalBackend(pid, 'cancel', connectionString, 2000);
        const done = await Promise.race([settled.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CANCEL_WAIT_MS).unref())]);
        if (done) return;
        abandoned = true;
        client.on('error', () => undefined);
        if (pid !== undefined) {
          const stop = signalBackend(pid, 'terminate', connectionString, 5000);
          stopping.add(stop);
          void stop.finally(() => stopping.delete(stop));
        }
        client.connection.stream.destroy();
        reject(abandonedError(timeoutMs));
      })();
    }, timeoutMs + STOP_GRACE_MS);
  });
  const result = Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  return { result, abandoned: () => abandoned, delivered: () => cancelling };
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
  const { connectionString, sslNote } = pgConnectionString(readerUrl);
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 4, types, application_name: 'gridrag-reader' });
  const checkedOut = trackCheckedOut(pool);
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
      `cannot log in as the query role ${user}: ${error instanceof Error ? error.message : String(error)}${sslNote ? ` (${sslNote})` : ''}. Run the migrations, and on a hosted Postgres give the role a password and set GRIDRAG_READER_URL.`,
      { cause: error },
    );
  }
  /** Terminations of abandoned backends still being sent. */
  const stopping = new Set<Promise<void>>();
  return {
    kind: 'pg',
    async transaction<T>(fn: (tx: ReaderTransaction) => Promise<T>, options: ReaderTransactionOptions): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      let abandoned = () => false;
      let delivered = () => Promise.resolve();
      try {
        const work = (async () => {
          await client.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
          if (options.timeoutMs !== undefined) await client.query(`select set_config('statement_timeout', $1, true)`, [String(Math.max(1, Math.floor(options.timeoutMs)))]);
          return fn(transactionOf(client));
        })();
        if (options.timeoutMs === undefined) return await work;
        const raced = withDeadline(work, client as unknown as Busy, Math.max(1, Math.floor(options.timeoutMs)), connectionString, stopping);
        ({ abandoned, delivered } = raced);
        return await raced.result;
      } catch (error) {
        if (abandoned()) broken = error instanceof Error ? error : new Error(String(error));
        else if (connectionBroken(error) && !(error instanceof LockdownError)) broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        if (!abandoned()) {
          try {
            await delivered();
            await client.query('ROLLBACK');
            // Session state a statement could leave behind (advisory locks above all) must not outlive it.
            await client.query('DISCARD ALL');
          } catch (error) {
            broken = error instanceof Error ? error : new Error(String(error));
          }
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
      await sendCancelRequests(checkedOut, connectionString);
    },
    async close() {
      await Promise.all(stopping);
      await pool.end();
    },
  };
}
