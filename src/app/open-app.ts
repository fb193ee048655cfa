/**
 * Everything a surface (CLI, HTTP, Slack) needs, opened once from configuration:
 * the database, the locked-down executor, the result cache and, when configured, an LLM.
 * @module app/open-app
 */
import path from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { createDb, type Db } from '../db/index.js';
import { createLlm, type Llm } from '../llm/index.js';
import { createExecutor, createQueryCache, type Executor, type QueryCache } from '../query/index.js';
import { proseSettings, type ProseSettings } from '../prose/index.js';
import { findDataDir } from './find-data-dir.js';
import { DbError } from '../errors.js';

/** An open gridrag: close it when done. */
export interface App {
  config: Config;
  db: Db;
  executor: Executor;
  cache: QueryCache;
  /** Undefined when no LLM endpoint is configured: the offline planner answers alone. */
  llm?: Llm;
  tenantId: string;
  /** The document path's embedder (configured, else the offline lexical one), text search language and similarity floor. */
  prose: ProseSettings;
  /**
   * The embedded database folder, and whether this open created it (no `.gridrag` was found
   * at or above the working directory); undefined on a Postgres server or in memory.
   */
  dataDir?: { path: string; created: boolean };
  /**
   * Access levels the caller holds (`all` included); undefined: every level (the command line).
   * The catalog offers only records of these levels and the reader's row-level security enforces them.
   */
  accessLevels?: string[];
  close(): Promise<void>;
  /**
   * Stops at once (a signal): aborts `signal` (a running ingest stops at its next pause), cancels
   * running statements, closes, releases the folder lock.
   */
  abort(): Promise<void>;
  /** Aborted by `abort`: long use cases (ingest) stop when it is. */
  signal: AbortSignal;
}

/**
 * Opens the database named by the configuration (embedded by default), migrates it and
 * starts the executor. The executor proves its lock-down before it runs the first query and
 * refuses every query while it cannot (`LockdownError`).
 * @param options.dataDir overrides `GRIDRAG_DATA_DIR`; `null` means in memory (tests). When neither
 *   is set the nearest `.gridrag` at or above the working directory is used, else a new one there.
 * @param options.db an open, migrated database to use instead (closed by `close`)
 * @param options.llm an LLM to use, or `null` for none (the offline planner alone)
 * @throws DbError, LockdownError, ConfigError
 */
export async function openApp(options: { config?: Config; dataDir?: string | null; llm?: Llm | null; db?: Db } = {}): Promise<App> {
  const config = options.config ?? loadConfig();
  const found = options.dataDir === undefined && !config.GRIDRAG_DATA_DIR && !config.DATABASE_URL && !options.db ? findDataDir() : undefined;
  const dataDir = options.dataDir !== undefined ? options.dataDir : config.GRIDRAG_DATA_DIR ? path.resolve(config.GRIDRAG_DATA_DIR) : found ? found.dataDir : null;
  const db = options.db ?? (await createDb({ databaseUrl: config.DATABASE_URL, dataDir, lockWaitMs: config.GRIDRAG_LOCK_WAIT_MS }));
  let executor: Executor;
  try {
    executor = await createExecutor({
      db,
      databaseUrl: config.DATABASE_URL,
      readerUrl: config.GRIDRAG_READER_URL,
      timeoutMs: config.GRIDRAG_STATEMENT_TIMEOUT_MS,
      rowCap: config.GRIDRAG_ROW_CAP,
      memoryMb: config.GRIDRAG_QUERY_MEMORY_MB,
      maxResultBytes: config.GRIDRAG_RESULT_MAX_BYTES,
      planCaps: { maxRows: config.GRIDRAG_PLAN_MAX_ROWS, maxCost: config.GRIDRAG_PLAN_MAX_COST },
    });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const llm = options.llm === null ? undefined : options.llm ?? createLlm(config);
  const stopping = new AbortController();
  return {
    config,
    db,
    executor,
    cache: createQueryCache({ maxEntries: 500 }),
    llm,
    tenantId: config.GRIDRAG_TENANT,
    prose: proseSettings(config),
    dataDir: options.db || config.DATABASE_URL || dataDir === null ? undefined : { path: dataDir, created: found ? !found.existed : false },
    async close() {
      await executor.close().catch(() => undefined);
      await db.close();
    },
    signal: stopping.signal,
    async abort() {
      stopping.abort(new DbError('stopped: the command was interrupted'));
      await executor.cancel().catch(() => undefined);
      await Promise.all([executor.close().catch(() => undefined), db.abort()]);
    },
  };
}

/**
 * The same open app acting for another tenant (same database, executor and cache): for a
 * surface that serves several tenants, e.g. one per HTTP request.
 */
export function withTenant(app: App, tenantId: string): App {
  if (tenantId === app.tenantId) return app;
  return { ...app, tenantId, config: { ...app.config, GRIDRAG_TENANT: tenantId } };
}
