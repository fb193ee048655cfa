/**
 * Use case `log`: the audit log of executed statements, newest first.
 * @module app/read-log
 */
import { z } from 'zod';
import { readQueryLog } from '../query/index.js';
import { loadCatalog } from '../store/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

/** Most entries one request may ask for. */
export const MAX_LOG_LIMIT = 1000;

export const LogRequestSchema = z.object({
  /** How many entries, newest first. Text is accepted (command-line and query-string values). */
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be a whole number from 1 to ${MAX_LOG_LIMIT}`)
    .max(MAX_LOG_LIMIT, `must be a whole number from 1 to ${MAX_LOG_LIMIT}`)
    .default(20),
  /** Only this conversation's entries. */
  sessionId: z.string().max(200).optional(),
  /**
   * Who reads. With access levels on the app, entries that read no table (refused statements,
   * whose text may name a table of another level) are shown only when this user sent them.
   */
  userId: z.string().max(200).optional(),
});
export type LogRequest = z.input<typeof LogRequestSchema>;

export const LogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO timestamp. */
  createdAt: z.string(),
  tenantId: z.string(),
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  question: z.string().optional(),
  sql: z.string(),
  /** Rows produced (before the cap). */
  rowCount: z.number().int().optional(),
  /** Wall time in milliseconds. */
  durationMs: z.number().int().optional(),
  /** `feedback`: a person's "this is not right" about an answer (POST /api/feedback), its note in `error`. */
  outcome: z.enum(['ok', 'rejected', 'failed', 'cached', 'feedback']),
  /** The refusal or failure message; for `feedback`, the note. */
  error: z.string().optional(),
  tableIds: z.array(z.string()),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const LogResultSchema = z.object({ entries: z.array(LogEntrySchema) });
export type LogResult = z.infer<typeof LogResultSchema>;

/**
 * Reads the app tenant's most recent audit-log entries.
 * @throws InvalidRequestError (a limit that is not a whole number from 1 to 1000), DbError
 */
export async function readLog(app: App, request: LogRequest = {}): Promise<LogResult> {
  const { limit, sessionId, userId } = parseRequest(LogRequestSchema, request);
  if (app.accessLevels === undefined) {
    const entries = await readQueryLog(app.db, app.tenantId, { limit, sessionId });
    return { entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })) };
  }
  // Only entries over tables of the caller's levels: the catalog of those levels decides.
  const visible = new Set((await loadCatalog(app.db, app.tenantId, { accessLevels: app.accessLevels })).flatMap((table) => [table.id, ...table.baseTableIds]));
  const entries = (await readQueryLog(app.db, app.tenantId, { limit: MAX_LOG_LIMIT, sessionId }))
    .filter((entry) => (entry.tableIds.length === 0 ? userId !== undefined && entry.userId === userId : entry.tableIds.every((id) => visible.has(id))))
    .slice(0, limit);
  return { entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })) };
}
