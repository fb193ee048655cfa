/**
 * The locked-down executor: runs composed SQL as the `gridrag_reader` role in a READ ONLY
 * transaction with a statement timeout, under a signed row-level scope, reads at most a row
 * cap through a cursor, counts the rest, and rolls back. It is the second defence: it holds
 * even when the guard is bypassed (see `executor.test.ts`). `run` refuses until the lock-down
 * is proved: on first use it takes a proof recorded for the database's current security state
 * (roles, grants, policies, functions, secret: see `lockdown.ts`), else runs the full proof.
 * @module query/executor
 */
import type { Db } from '../db/index.js';
import { ConfigError, LockdownError } from '../errors.js';
import { recordedProof, recordProof, verifyLockdown, type LockdownReport } from './lockdown.js';
import { createPgliteReader } from './pglite-executor.js';
import { deriveReaderUrl, type ReaderConnection } from './reader-connection.js';
import { DEFAULT_PLAN_CAPS, type PlanCaps } from './plan-caps.js';
import { runCapped, toExecutionError, type QueryResult } from './run-capped.js';
import { signScope, type QueryScope } from './scope-token.js';

export type { QueryResult } from './run-capped.js';
export type { QueryScope } from './scope-token.js';
export type { LockdownReport, LockdownCheck } from './lockdown.js';
export type { PlanCaps } from './plan-caps.js';

/** Runs SQL where it cannot do harm. */
export interface Executor {
  /** `pg`: a separate login as the reader role; `pglite`: the embedded connection under SET LOCAL ROLE (weaker). */
  readonly kind: 'pg' | 'pglite';
  /**
   * Runs one composed statement (views already prefixed) under `scope`.
   * @param options.rowCap most rows returned, default the executor's
   * @param options.timeoutMs statement timeout in milliseconds, default the executor's
   * @throws LockdownError when the lock-down is not verified
   * @throws SqlRejectedError `TOO_BIG` when the plan's estimates pass the plan caps (nothing ran)
   * @throws SqlExecutionError when Postgres fails the statement (message from Postgres; timeouts
   *   and memory limits say so). On PGlite a statement still running at the timeout is stopped
   *   with its engine thread, which is reopened for the next call; on pg one the server has not
   *   stopped about 0.5 s past it is given up (backend terminated, connection dropped).
   */
  run(sql: string, scope: QueryScope, options?: { rowCap?: number; timeoutMs?: number }): Promise<QueryResult>;
  /**
   * Proves the lock-down on the query connection (see `lockdown.ts`): always the full proof,
   * recorded for later starts when it passes.
   * @throws LockdownError naming every failed check
   */
  verifyLockdown(): Promise<LockdownReport>;
  /** Cancels the statements running now (pg: cancel requests; PGlite: the Db's `abort` does it). */
  cancel(): Promise<void>;
  /** Closes the reader pool (pg). */
  close(): Promise<void>;
}

/** Where and how to run. */
export interface ExecutorOptions {
  /** The owner connection: reads the scope secret, writes the lock-down probe rows. */
  db: Db;
  /** The owner's URL, to derive the reader's login from (user `gridrag_reader`). */
  databaseUrl?: string;
  /** The reader's login URL (`GRIDRAG_READER_URL`); wins over `databaseUrl`. */
  readerUrl?: string;
  /** Statement timeout in milliseconds. @default 5000 */
  timeoutMs?: number;
  /** Most rows a result returns. @default 200 */
  rowCap?: number;
  /** Reader pool size on a server. @default 4 */
  poolSize?: number;
  /** Caps on the plan's estimates, checked before a statement runs. @default DEFAULT_PLAN_CAPS */
  planCaps?: Partial<PlanCaps>;
  /** Most bytes of result rows returned (JSON text, about). @default 1048576 */
  maxResultBytes?: number;
  /** Most rows counted past the row cap. @default 1000000 */
  maxCountedRows?: number;
  /** Memory one statement may use: `work_mem` on both engines, and on PGlite the growth of the process at which it is stopped, in megabytes. @default 256 */
  memoryMb?: number;
}

/** How long a signed scope stays valid past the statement timeout, in seconds. */
const SCOPE_GRACE_SECONDS = 300;

/**
 * Opens the query connection for `db`: a reader pool on a server, the embedded connection on PGlite.
 * @throws ConfigError when `db` is a server and neither URL is given
 * @throws LockdownError when the reader cannot log in
 */
export async function createExecutor(options: ExecutorOptions): Promise<Executor> {
  const { db } = options;
  const timeoutMs = options.timeoutMs ?? 5000;
  const rowCap = options.rowCap ?? 200;
  const planCaps = { ...DEFAULT_PLAN_CAPS, ...options.planCaps };
  const memoryMb = options.memoryMb ?? 256;
  const limits = {
    planCaps,
    maxResultBytes: options.maxResultBytes ?? 2 ** 20,
    maxCountedRows: options.maxCountedRows ?? 1_000_000,
    // A statement may run several sorts and hashes at once; each gets a slice of the budget.
    workMemKb: Math.max(64, Math.floor((memoryMb * 1024) / 8)),
  };
  let connection: ReaderConnection;
  if (db.kind === 'pg') {
    const url = options.readerUrl ?? (options.databaseUrl ? deriveReaderUrl(options.databaseUrl) : undefined);
    if (!url) throw new ConfigError('the query executor needs GRIDRAG_READER_URL or DATABASE_URL to log in as gridrag_reader');
    // The `pg` driver is loaded only for a server (about 0.2 s at every embedded start otherwise).
    const { createPgReader } = await import('./pg-executor.js');
    connection = await createPgReader(url, { poolSize: options.poolSize });
  } else {
    connection = createPgliteReader(db);
  }

  let secret: string | undefined;
  let verified = false;
  let verifying: Promise<LockdownReport> | undefined;

  async function loadSecret(): Promise<string> {
    if (secret !== undefined) return secret;
    let value: unknown;
    try {
      value = (await db.query<{ secret: string }>('select secret from gridrag_scope_secret where id')).rows[0]?.secret;
    } catch (error) {
      throw new LockdownError('cannot read the scope secret: run the migrations', { cause: error });
    }
    if (typeof value !== 'string' || value.length < 32) throw new LockdownError('the scope secret is missing: run the migrations');
    secret = value;
    return value;
  }

  /**
   * Proves the lock-down. With `reuse`, a proof recorded for the same security state is taken
   * instead (see `recordedProof`); a fresh passing proof is recorded for the next start.
   */
  async function verify(reuse: boolean): Promise<LockdownReport> {
    const key = await loadSecret();
    const recorded = await recordedProof(connection, db, key);
    if (reuse && recorded.report !== null) {
      verified = true;
      return recorded.report;
    }
    const report = await verifyLockdown(connection, db, key);
    if (!report.ok) {
      verified = false;
      const failed = report.checks.filter((check) => !check.ok).map((check) => `${check.name} (${check.detail})`);
      throw new LockdownError(`the query connection is not locked down: ${failed.join('; ')}`);
    }
    verified = true;
    if (recorded.fingerprint !== null) await recordProof(connection, db, key, recorded.fingerprint, report);
    return report;
  }

  function verifyOnce(reuse: boolean): Promise<LockdownReport> {
    verifying ??= verify(reuse).finally(() => {
      verifying = undefined;
    });
    return verifying;
  }

  return {
    kind: connection.kind,
    verifyLockdown: () => verifyOnce(false),
    async run(sql, scope, runOptions = {}) {
      if (!verified) await verifyOnce(true);
      const timeout = runOptions.timeoutMs ?? timeoutMs;
      const token = signScope(await loadSecret(), scope, Date.now() / 1000 + timeout / 1000 + SCOPE_GRACE_SECONDS);
      try {
        return await connection.transaction(
          (tx) => runCapped(connection, tx, sql, { rowCap: runOptions.rowCap ?? rowCap, timeoutMs: timeout, scope: token, ...limits }),
          { readOnly: true, timeoutMs: timeout, memoryLimitBytes: memoryMb * 2 ** 20 },
        );
      } catch (error) {
        throw toExecutionError(error, sql, timeout);
      }
    },
    cancel() {
      return connection.cancel();
    },
    close() {
      return connection.close();
    },
  };
}
