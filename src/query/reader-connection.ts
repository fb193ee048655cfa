/**
 * The port the executor runs queries through: transactions as the `gridrag_reader` role,
 * always rolled back. Two adapters: `pg-executor.ts` (a separate pool that logs in as the
 * reader) and `pglite-executor.ts` (the one embedded connection, switched to the reader role).
 * @module query/reader-connection
 */

/** A result as the executor needs it. */
export interface ReaderResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  /** Rows returned, or the count in the command tag (`MOVE 1234`) where the adapter has it. */
  rowCount: number;
}

/** An open transaction as the reader role. */
export interface ReaderTransaction {
  /**
   * Runs one statement with `$1…$n` parameters over the extended protocol (so a second
   * statement in the text is a syntax error, never executed).
   * @throws the driver's error; its `code` (or its `cause.code`) is the SQLSTATE
   */
  query(sql: string, params?: unknown[]): Promise<ReaderResult>;
}

/** How a reader transaction is opened and bounded. */
export interface ReaderTransactionOptions {
  /** Start the transaction READ ONLY (every query run does; some lock-down checks do not). */
  readOnly: boolean;
  /**
   * Stop the whole transaction after this many milliseconds, whatever it does (pg: the
   * statement timeout, and past it plus `STOP_GRACE_MS` a cancel, then the backend terminated and
   * its connection dropped; PGlite: its engine thread is stopped and reopened). Fails with SQLSTATE 57014.
   */
  timeoutMs?: number;
  /** PGlite: stop it when the process grows by more than this many bytes (SQLSTATE 53200). */
  memoryLimitBytes?: number;
}

/** Rows counted in a cursor. */
export interface RemainingCount {
  rows: number;
  /** False when the count stopped early (time budget or count cap): `rows` is a lower bound. */
  complete: boolean;
}

/** Where model-written SQL runs. */
export interface ReaderConnection {
  readonly kind: 'pg' | 'pglite';
  /** Runs `fn` in one transaction as the reader role and rolls it back, whatever happens. */
  transaction<T>(fn: (tx: ReaderTransaction) => Promise<T>, options: ReaderTransactionOptions): Promise<T>;
  /**
   * Counts the rows left in an open cursor without returning them, at most `maxRows`, and
   * stopping near `deadline` (a `performance.now()` time in milliseconds).
   */
  countRemaining(tx: ReaderTransaction, cursor: string, limits: { maxRows: number; deadline: number }): Promise<RemainingCount>;
  /** Cancels every statement running on this connection now (for a signal handler). */
  cancel(): Promise<void>;
  /** Closes the pool (pg); PGlite's connection belongs to the Db and stays open. */
  close(): Promise<void>;
}

/** The SQLSTATE of a driver error, looking through a `DbError`'s cause. */
export function sqlState(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | undefined)?.code;
  if (typeof direct === 'string' && /^[0-9A-Z]{5}$/.test(direct)) return direct;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause && cause !== error ? sqlState(cause) : undefined;
}

/** The role the migration creates. */
export const READER_ROLE = 'gridrag_reader';

/**
 * The reader's login URL derived from the owner's: same host, port and database, user
 * `gridrag_reader`, no password (trust or a `.pgpass`; Supabase users set GRIDRAG_READER_URL).
 */
export function deriveReaderUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = READER_ROLE;
  url.password = '';
  return url.toString();
}
