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

/** Where model-written SQL runs. */
export interface ReaderConnection {
  readonly kind: 'pg' | 'pglite';
  /**
   * Runs `fn` in one transaction as the reader role and rolls it back, whatever happens.
   * @param options.readOnly start the transaction READ ONLY (every query run does; some lock-down checks do not)
   */
  transaction<T>(fn: (tx: ReaderTransaction) => Promise<T>, options: { readOnly: boolean }): Promise<T>;
  /**
   * Counts the rows left in an open cursor without returning them.
   * @returns the count, or undefined when the statement timeout stopped the count
   */
  countRemaining(tx: ReaderTransaction, cursor: string): Promise<number | undefined>;
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
