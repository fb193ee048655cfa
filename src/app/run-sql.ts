/**
 * Use case `sql`: an analyst's own SELECT through the same guard, executor, cache and audit
 * log the planner and the agent use, over the names `tables` lists.
 * @module app/run-sql
 */
import { z } from 'zod';
import { answerFromRun } from '../agent/index.js';
import { runSql as runGuardedSql } from '../query/index.js';
import { loadCatalog } from '../store/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';
import { AnswerSourceSchema, ValidationOutcomeSchema } from './schemas.js';

export const SqlRequestSchema = z.object({
  /** One SELECT statement. */
  sql: z.string().trim().min(1, 'an SQL statement is required').max(100_000),
  userId: z.string().max(200).optional(),
  sessionId: z.string().max(200).optional(),
});
export type SqlRequest = z.input<typeof SqlRequestSchema>;

export const SqlResultSchema = z.object({
  /** The statement as guarded. */
  sql: z.string(),
  columns: z.array(z.string()),
  /** At most the row cap (`GRIDRAG_ROW_CAP`); full precision. */
  rows: z.array(z.record(z.string(), z.unknown())),
  /** Rows the statement produced, before the cap; a lower bound when `rowCountIsLowerBound`. */
  rowCount: z.number().int(),
  /** True when counting the rows past the cap stopped early (time or count cap): there are at least `rowCount` rows. */
  rowCountIsLowerBound: z.boolean(),
  truncated: z.boolean(),
  sources: z.array(AnswerSourceSchema),
  outcome: ValidationOutcomeSchema.nullable(),
});
export type SqlResult = z.infer<typeof SqlResultSchema>;

/**
 * Runs one statement for the app's tenant.
 * @throws InvalidRequestError, SqlRejectedError (the guard refused it), SqlExecutionError, DbError
 */
export async function runSql(app: App, request: SqlRequest): Promise<SqlResult> {
  const { sql, userId, sessionId } = parseRequest(SqlRequestSchema, request);
  const catalog = await loadCatalog(app.db, app.tenantId, { accessLevels: app.accessLevels });
  const run = await runGuardedSql({ db: app.db, executor: app.executor, tenantId: app.tenantId, accessLevels: app.accessLevels, tables: catalog, userId, sessionId }, sql);
  const answer = answerFromRun({ question: sql, run, catalog, kind: 'rows', planner: 'offline', text: ' ' });
  return { sql: run.sql, columns: answer.columns, rows: answer.rows, rowCount: answer.rowCount, rowCountIsLowerBound: run.result.rowCountIsLowerBound === true, truncated: answer.truncated, sources: answer.sources, outcome: answer.outcome };
}
