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

/** An open gridrag: close it when done. */
export interface App {
  config: Config;
  db: Db;
  executor: Executor;
  cache: QueryCache;
  /** Undefined when no LLM endpoint is configured: the offline planner answers alone. */
  llm?: Llm;
  tenantId: string;
  close(): Promise<void>;
}

/**
 * Opens the database named by the configuration (embedded by default), migrates it and
 * starts the executor. The executor proves its lock-down before it runs the first query and
 * refuses every query while it cannot (`LockdownError`).
 * @param options.dataDir overrides `GRIDRAG_DATA_DIR`; `null` means in memory (tests)
 * @param options.db an open, migrated database to use instead (closed by `close`)
 * @param options.llm an LLM to use, or `null` for none (the offline planner alone)
 * @throws DbError, LockdownError, ConfigError
 */
export async function openApp(options: { config?: Config; dataDir?: string | null; llm?: Llm | null; db?: Db } = {}): Promise<App> {
  const config = options.config ?? loadConfig();
  const dataDir = options.dataDir === undefined ? path.resolve(config.GRIDRAG_DATA_DIR) : options.dataDir;
  const db = options.db ?? (await createDb({ databaseUrl: config.DATABASE_URL, dataDir }));
  let executor: Executor;
  try {
    executor = await createExecutor({
      db,
      databaseUrl: config.DATABASE_URL,
      readerUrl: config.GRIDRAG_READER_URL,
      timeoutMs: config.GRIDRAG_STATEMENT_TIMEOUT_MS,
      rowCap: config.GRIDRAG_ROW_CAP,
    });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const llm = options.llm === null ? undefined : options.llm ?? createLlm(config);
  return {
    config,
    db,
    executor,
    cache: createQueryCache({ maxEntries: 500 }),
    llm,
    tenantId: config.GRIDRAG_TENANT,
    async close() {
      await executor.close().catch(() => undefined);
      await db.close();
    },
  };
}
