/** @module query: the SQL guard, the locked-down executor, views, run with cache and audit log, result shaping. */
export { guardSql, type GuardedSql } from './guard.js';
export { composeQuery } from './compose-query.js';
export { createExecutor, type Executor, type QueryResult, type QueryScope } from './executor.js';
export type { LockdownReport } from './lockdown.js';
export { logQuery, readQueryLog } from './query-log.js';
export { createQueryCache, cacheKey, type QueryCache } from './query-cache.js';
export { formatResultForTool } from './format-result.js';
export { viewSql, rowTableIds, castField, sqlTypeOf } from './view-sql.js';
export { runSql, type QueryContext, type SqlRun } from './run-sql.js';
export { chartFor, shapeOf, type ResultShape } from './chart.js';
