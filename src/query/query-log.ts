/**
 * The audit log: every statement a model or analyst sent, with its outcome, in `query_log`
 * (written on the owner connection; the reader role cannot read or write it).
 * @module query/query-log
 */
import type { Queryable } from '../db/index.js';

/** Outcome of one statement; `feedback` is a person's "this is not right" about an answer (`error` holds the note). */
export type QueryOutcome = 'ok' | 'rejected' | 'failed' | 'cached' | 'feedback';

/** One statement to record. */
export interface QueryLogEntry {
  tenantId: string;
  userId?: string;
  sessionId?: string;
  /** The user's question that led to the statement. */
  question?: string;
  sql: string;
  /** Rows the statement produced (the true total, not the capped count). */
  rowCount?: number;
  /** Wall time in milliseconds. */
  durationMs?: number;
  outcome: QueryOutcome;
  /** The refusal or failure message; for `feedback`, the person's note. */
  error?: string;
  /** Ids of the stored tables the statement read. */
  tableIds: string[];
}

/** A recorded statement. */
export interface LoggedQuery extends QueryLogEntry {
  id: number;
  createdAt: Date;
}

/** Longest text kept per field, in characters. */
const MAX_TEXT = 20_000;

function clip(text: string | undefined): string | null {
  if (text === undefined || text === null) return null;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

function wholeOrNull(value: number | undefined): number | null {
  return value === undefined || value === null || !Number.isFinite(value) ? null : Math.round(value);
}

/**
 * Appends one entry.
 * @returns the new entry's id
 * @throws DbError when the insert fails
 */
export async function logQuery(db: Queryable, entry: QueryLogEntry): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into query_log (tenant_id, user_id, session_id, question, sql, row_count, duration_ms, outcome, error, table_ids)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) returning id`,
    [
      entry.tenantId,
      entry.userId ?? null,
      entry.sessionId ?? null,
      clip(entry.question),
      clip(entry.sql),
      wholeOrNull(entry.rowCount),
      wholeOrNull(entry.durationMs),
      entry.outcome,
      clip(entry.error),
      JSON.stringify(entry.tableIds ?? []),
    ],
  );
  return Number(rows[0].id);
}

interface LogRow {
  id: number;
  created_at: Date | string;
  tenant_id: string;
  user_id: string | null;
  session_id: string | null;
  question: string | null;
  sql: string | null;
  row_count: number | null;
  duration_ms: number | null;
  outcome: QueryOutcome;
  error: string | null;
  table_ids: string[] | null;
}

/**
 * A tenant's most recent entries, newest first.
 * @param options.limit most entries, default 50, at most 1000
 * @param options.sessionId only this conversation's entries
 */
export async function readQueryLog(
  db: Queryable,
  tenantId: string,
  options: { limit?: number; sessionId?: string } = {},
): Promise<LoggedQuery[]> {
  const limit = Math.min(1000, Math.max(1, Math.floor(options.limit ?? 50)));
  const { rows } = await db.query<LogRow>(
    `select id, created_at, tenant_id, user_id, session_id, question, sql, row_count, duration_ms, outcome, error, table_ids
     from query_log where tenant_id = $1 and ($2::text is null or session_id = $2)
     order by created_at desc, id desc limit $3`,
    [tenantId, options.sessionId ?? null, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    tenantId: row.tenant_id,
    ...(row.user_id !== null ? { userId: row.user_id } : {}),
    ...(row.session_id !== null ? { sessionId: row.session_id } : {}),
    ...(row.question !== null ? { question: row.question } : {}),
    sql: row.sql ?? '',
    ...(row.row_count !== null ? { rowCount: row.row_count } : {}),
    ...(row.duration_ms !== null ? { durationMs: row.duration_ms } : {}),
    outcome: row.outcome,
    ...(row.error !== null ? { error: row.error } : {}),
    tableIds: row.table_ids ?? [],
  }));
}
