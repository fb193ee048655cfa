/**
 * Runs one SQL statement the way every caller must: guard it against the tables offered
 * to this conversation, prefix the views our code builds, run it on the locked-down
 * executor, log it, and serve repeats from the cache while the data is unchanged.
 * @module query/run-sql
 */
import type { Db } from '../db/index.js';
import { describeError, SqlRejectedError } from '../errors.js';
import type { CatalogTable } from '../store/catalog-types.js';
import { composeQuery } from './compose-query.js';
import type { Executor, QueryResult } from './executor.js';
import { guardSql } from './guard.js';
import { cacheKey, type QueryCache } from './query-cache.js';
import { logQuery } from './query-log.js';
import { rowTableIds, viewSql } from './view-sql.js';

/** Who asks, over which tables. */
export interface QueryContext {
  db: Db;
  executor: Executor;
  tenantId: string;
  /** The tables offered to this conversation; SQL may name only these. */
  tables: CatalogTable[];
  cache?: QueryCache;
  userId?: string;
  sessionId?: string;
  /** Access levels the caller holds; undefined: every level. Enforced by the reader's row-level security. */
  accessLevels?: string[];
  /** Row cap for results, default from the executor. */
  rowCap?: number;
}

/** A statement that ran. */
export interface SqlRun {
  /** The statement as given (guarded). */
  sql: string;
  result: QueryResult;
  /** The catalog tables it read. */
  tables: CatalogTable[];
  cached: boolean;
}

/**
 * Guards, runs and logs one statement.
 * @throws SqlRejectedError when the guard refuses it (message written for the model)
 * @throws SqlExecutionError / DbError when the database fails it (message from Postgres)
 */
export async function runSql(context: QueryContext, sql: string, options: { question?: string } = {}): Promise<SqlRun> {
  const started = Date.now();
  const log = (entry: { outcome: 'ok' | 'rejected' | 'failed' | 'cached'; rowCount?: number; error?: string; tableIds?: string[] }) =>
    logQuery(context.db, {
      tenantId: context.tenantId,
      userId: context.userId,
      sessionId: context.sessionId,
      question: options.question,
      sql,
      durationMs: Date.now() - started,
      tableIds: entry.tableIds ?? [],
      ...entry,
    }).catch(() => undefined);

  let guarded;
  try {
    guarded = await guardSql(sql, { allowedTables: context.tables.map((table) => table.sqlName) });
  } catch (error) {
    if (error instanceof SqlRejectedError) await log({ outcome: 'rejected', error: error.message });
    throw error;
  }
  const used = context.tables.filter((table) => guarded.tables.includes(table.sqlName.toLowerCase()));
  const tableIds = [...new Set(used.flatMap(rowTableIds))];
  const key = context.cache
    ? cacheKey({ sql: guarded, tenantId: context.tenantId, versions: used.map((table) => ({ tableId: table.id, contentHash: table.record.contentHash, version: table.record.version })) })
    : undefined;
  const hit = key !== undefined ? context.cache?.get(key) : undefined;
  if (hit) {
    await log({ outcome: 'cached', rowCount: hit.rowCount, tableIds });
    return { sql: guarded.sql, result: hit, tables: used, cached: true };
  }
  const composed = composeQuery(
    guarded,
    used.map((table) => ({ name: table.sqlName, sql: viewSql(table, context.tenantId) })),
  );
  try {
    const result = await context.executor.run(composed, { tenantId: context.tenantId, tableIds, accessLevels: context.accessLevels }, { rowCap: context.rowCap });
    if (key !== undefined) context.cache?.set(key, result);
    await log({ outcome: 'ok', rowCount: result.rowCount, tableIds });
    return { sql: guarded.sql, result, tables: used, cached: false };
  } catch (error) {
    // A plan refused for its size (`TOO_BIG`) never ran: logged as rejected, like the guard's refusals.
    await log({ outcome: error instanceof SqlRejectedError ? 'rejected' : 'failed', error: describeError(error), tableIds });
    throw error;
  }
}
