/**
 * Embedded database adapter: PGlite (Postgres compiled to WASM) with pgvector, run in a worker
 * thread (`pglite-worker.ts`) so that the main thread stays free while a statement runs: it
 * answers signals, and it stops a transaction at its time or memory limit by stopping the thread
 * and opening the folder again (`TransactionLimits`).
 *
 * Stopping the thread abandons the running transaction exactly as a crash would: nothing of it
 * was committed, and Postgres' write-ahead log brings the folder back to the last commit when it
 * is opened again. Limits are only given for the executor's READ ONLY transactions, which write
 * no data; pages they wrote back (hint bits) were written by whole synchronous writes, which a
 * thread's termination does not cut, and their temporary files are removed before reopening.
 *
 * A fresh folder starts as a copy of a pre-migrated database made at build time
 * (`build-image.ts`): no initdb and no migrations, about 1 s instead of 9 s before the first answer.
 * A stop costs the statements queued behind it the reopening only (about 0.5–0.9 s): the new
 * engine thread is handed the module the first one compiled (`pglite-engine.ts`).
 * @module db/pglite-db
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DbError } from '../errors.js';
import { encodeCopyText, quoteIdentifier, type Db, type DbQueryResult, type Queryable, type TransactionLimits } from './db.js';
import { lockFolder, type FolderLock } from './folder-lock.js';
import { builtFile, startEngine, type Engine, type EngineRequest } from './pglite-engine.js';

/**
 * Settings the embedded engine starts with, each chosen for a single-user process:
 * - `shared_buffers=16MB`: PGlite's default (128 MB) is a server's page cache, paid in resident
 *   memory by every short command; the operating system caches the files anyway. With 16 MB an
 *   opened, idle database costs about 180 MB of RSS instead of about 310 MB (`npm run bench`).
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=16MB'];

/**
 * How much WebAssembly code a function runs before V8 optimizes it (bytes, roughly; V8's default
 * is 1.8 MB). PGlite's engine is one large module: at the default, a short command (`gridrag ask`)
 * spends its start optimizing hundreds of functions it will not run again. With this budget only
 * functions that stay hot are optimized (measured in `npm run bench`). Set in the engine's
 * thread, unless the process was started with its own value.
 */
const WASM_TIERING_BUDGET = 100_000_000;

function tieringBudget(): number | undefined {
  const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('wasm-tiering-budget') || flag.includes('wasm_tiering_budget'));
  return own ? undefined : WASM_TIERING_BUDGET;
}

const ENCODER = new TextEncoder();

/** How often resident memory is sampled during a limited transaction, in milliseconds. */
const MEMORY_SAMPLE_MS = 25;

/** Folder of the pre-migrated image of a fresh database (made by `build-image.ts`). */
export const IMAGE_DIR = builtFile('pglite-image');

/**
 * Copies the image into `folder` when the folder holds no database yet and the build made one.
 * @returns true when the folder now holds the image
 */
function copyImage(folder: string): boolean {
  if (existsSync(path.join(folder, 'PG_VERSION')) || !existsSync(path.join(IMAGE_DIR, 'PG_VERSION'))) return false;
  for (const name of readdirSync(IMAGE_DIR)) cpSync(path.join(IMAGE_DIR, name), path.join(folder, name), { recursive: true });
  return true;
}

/** Throw-away folders of this process, removed at exit if not closed before. */
const TEMPORARY = new Set<string>();
function rememberTemporary(folder: string): void {
  if (TEMPORARY.size === 0 && !temporaryHooked) {
    temporaryHooked = true;
    process.once('exit', () => {
      for (const left of TEMPORARY) rmSync(left, { recursive: true, force: true });
    });
  }
  TEMPORARY.add(folder);
}
let temporaryHooked = false;

/** Options of an embedded database. */
export interface PgliteDbOptions {
  /** How long to wait for another process to release the folder, in milliseconds. @default 15000 */
  lockWaitMs?: number;
  /** Heartbeat age after which an owner on another host counts as gone (see `folder-lock.ts`). @default 30000 */
  lockStaleMs?: number;
  /** Start from the build's image when the folder is fresh. @default true */
  useImage?: boolean;
}

/** A one-holder mutex: one transaction (or one lone statement) at a time on the engine. */
function createMutex(): () => Promise<() => void> {
  let tail: Promise<void> = Promise.resolve();
  return () => {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = tail.then(() => release);
    tail = tail.then(() => next);
    return ready;
  };
}

function limitError(message: string, code: string): DbError {
  return new DbError(message, { cause: Object.assign(new Error(message), { code }) });
}

/**
 * Opens an embedded database. A folder is opened by one process at a time (see `folder-lock.ts`).
 * @param dataDir folder for the database files (must exist); omit for a throw-away database in a
 *   temporary folder, removed on close (tests)
 * @throws DbError when the folder is in use by another process or cannot be opened
 */
export async function createPgliteDb(dataDir?: string, options: PgliteDbOptions = {}): Promise<Db> {
  const folder = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'gridrag-db-'));
  const removeFolder = dataDir
    ? () => undefined
    : () => {
        TEMPORARY.delete(folder);
        rmSync(folder, { recursive: true, force: true });
      };
  if (!dataDir) rememberTemporary(folder);
  let lock: FolderLock | undefined;
  try {
    if (dataDir) lock = await lockFolder(dataDir, { waitMs: options.lockWaitMs, staleMs: options.lockStaleMs });
  } catch (error) {
    removeFolder();
    throw error;
  }
  const open = async () => {
    // Temporary files of a statement that was stopped (or of a killed process): a server removes
    // them when it starts, single-user PGlite does not. Only we hold the folder now.
    rmSync(path.join(folder, 'base', 'pgsql_tmp'), { recursive: true, force: true });
    try {
      return await startEngine({ dataDir: folder, settings: EMBEDDED_SETTINGS, wasmTieringBudget: tieringBudget() });
    } catch (error) {
      throw new DbError(`cannot open the embedded database${dataDir ? ` in ${dataDir}` : ''}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };

  let engine: Engine;
  try {
    const fromImage = options.useImage !== false && copyImage(folder);
    engine = await open();
    // Every folder gets its own scope secret, never the one baked into the image.
    if (fromImage) await engine.request({ op: 'exec', sql: REKEY_SQL });
  } catch (error) {
    await lock?.release().catch(() => undefined);
    removeFolder();
    throw error;
  }
  let reopening: Promise<Engine> | undefined;
  let closed: DbError | undefined;
  const exclusive = createMutex();

  /** The running engine, or the one opening after a stop. */
  async function current(): Promise<Engine> {
    if (closed) throw closed;
    if (reopening) return reopening;
    return engine;
  }

  /** Stops the engine now and opens the folder again in the background. */
  function stopAndReopen(reason: DbError): void {
    const stopped = engine;
    reopening = stopped
      .terminate(reason)
      .then(() => open())
      .then((next) => {
        engine = next;
        return next;
      })
      .finally(() => {
        reopening = undefined;
      });
    // A failed reopen surfaces on every later call; nothing waits for this one.
    reopening.catch((error) => {
      closed ??= new DbError(`the embedded database could not be opened again after a query was stopped: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
  }

  function queryable(target: () => Promise<Engine>): Queryable {
    const send = async <T>(request: EngineRequest) => (await target()).request<T>(request);
    return {
      async query<Row>(sql: string, params: unknown[] = []): Promise<DbQueryResult<Row>> {
        return send<DbQueryResult<Row>>({ op: 'query', sql, params });
      },
      async exec(sql: string): Promise<void> {
        await send({ op: 'exec', sql });
      },
      async copyRows(table: string, columns: string[], rows: unknown[][]): Promise<number> {
        if (rows.length === 0) return 0;
        const sql = `COPY ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) FROM '/dev/blob'`;
        // One copy of the text as bytes, in a buffer of its own that moves to the engine's thread (no copy there).
        await send({ op: 'copy', sql, copyText: ENCODER.encode(encodeCopyText(rows)) });
        return rows.length;
      },
    };
  }

  /** Statements outside a transaction wait for the engine like a transaction does. */
  const alone = queryable(current);
  const lone: Queryable = {
    async query(sql, params) {
      const release = await exclusive();
      try {
        return await alone.query(sql, params);
      } finally {
        release();
      }
    },
    async exec(sql) {
      const release = await exclusive();
      try {
        await alone.exec(sql);
      } finally {
        release();
      }
    },
    async copyRows(table, columns, rows) {
      const release = await exclusive();
      try {
        return await alone.copyRows(table, columns, rows);
      } finally {
        release();
      }
    },
  };

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>, limits: TransactionLimits = {}): Promise<T> {
    const release = await exclusive();
    const own = await current().catch((error) => {
      release();
      throw error;
    });
    // Statements of this transaction go to the engine it began on, never to a reopened one.
    let stopped: DbError | undefined;
    const tx = queryable(async () => {
      if (stopped) throw stopped;
      return own;
    });
    const timers: NodeJS.Timeout[] = [];
    const stop = (reason: DbError) => {
      if (stopped) return;
      stopped = reason;
      stopAndReopen(reason);
    };
    if (limits.timeoutMs !== undefined) {
      const ms = limits.timeoutMs;
      timers.push(setTimeout(() => stop(limitError(`canceling statement due to statement timeout (${ms} ms)`, '57014')), ms));
    }
    if (limits.memoryLimitBytes !== undefined) {
      const cap = limits.memoryLimitBytes;
      const baseline = process.memoryUsage.rss();
      timers.push(
        setInterval(() => {
          const grown = process.memoryUsage.rss() - baseline;
          if (grown > cap) stop(limitError(`out of memory: the statement needed more than ${Math.round(cap / 2 ** 20)} MB`, '53200'));
        }, MEMORY_SAMPLE_MS),
      );
    }
    try {
      await tx.exec('BEGIN');
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        if (!stopped) await tx.exec('ROLLBACK').catch(() => undefined);
        throw stopped ?? error;
      }
      await tx.exec('COMMIT');
      return result;
    } catch (error) {
      throw stopped ?? error;
    } finally {
      for (const timer of timers) clearTimeout(timer);
      release();
    }
  }

  /** The close or abort under way or done: a second call (an abort on a signal during the close) waits for it. */
  let finishing: Promise<void> | undefined;
  function finish(how: 'close' | 'abort'): Promise<void> {
    finishing ??= finishNow(how);
    return finishing;
  }
  async function finishNow(how: 'close' | 'abort'): Promise<void> {
    closed = new DbError('the embedded database is closed');
    try {
      const last = reopening ? await reopening.catch(() => undefined) : engine;
      if (last && how === 'close') {
        await last.request({ op: 'close', sql: '' }).catch(() => undefined);
      }
      await last?.terminate(closed);
    } finally {
      await lock?.release().catch(() => undefined);
      removeFolder();
    }
  }

  const db: Db = {
    kind: 'pglite',
    vectorEnabled: false,
    ...lone,
    transaction,
    close: () => finish('close'),
    abort: () => finish('abort'),
  };
  return db;
}

/** Gives a database made from the image a secret of its own. */
const REKEY_SQL = `do $$ begin
  if to_regclass('public.gridrag_scope_secret') is not null then
    update gridrag_scope_secret set secret = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex');
  end if;
end $$`;

/**
 * Makes the pre-migrated image of a fresh database in `folder` (empty, must exist): a database
 * created there without an image, migrated by `migrateDb`, and closed cleanly.
 * @param migrateDb brings a database's schema up to date (`migrate.ts`)
 */
export async function makeImage(folder: string, migrateDb: (db: Db) => Promise<unknown>): Promise<void> {
  const db = await createPgliteDb(folder, { useImage: false, lockWaitMs: 0 });
  try {
    await migrateDb(db);
    await db.query('checkpoint');
  } finally {
    await db.close();
  }
}
