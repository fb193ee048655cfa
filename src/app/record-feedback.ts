/**
 * Use case `feedback`: a person says an answer is not right. Recorded in the audit log
 * (`query_log`, outcome `feedback`) beside the statements, with the question, the SQL shown
 * and the person's note, so whoever reads `gridrag log` sees it where the answer came from.
 * @module app/record-feedback
 */
import { z } from 'zod';
import { logQuery } from '../query/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

export const FeedbackRequestSchema = z.object({
  /** The question whose answer is wrong. */
  question: z.string().trim().min(1, 'the question is required').max(2000),
  /** The SQL the answer showed, when it had one. */
  sql: z.string().max(100_000).nullable().optional(),
  /** What is wrong, in the person's words. */
  comment: z.string().trim().max(2000).optional(),
  userId: z.string().max(200).optional(),
  sessionId: z.string().max(200).optional(),
});
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;

export const FeedbackResultSchema = z.object({ recorded: z.literal(true), id: z.number().int() });
export type FeedbackResult = z.infer<typeof FeedbackResultSchema>;

/**
 * Appends one `feedback` entry to the tenant's audit log. It names no table (the client's word
 * about tables is not trusted), so with access levels `log` shows it to its sender only.
 * @throws InvalidRequestError, DbError
 */
export async function recordFeedback(app: App, request: FeedbackRequest): Promise<FeedbackResult> {
  const { question, sql, comment, userId, sessionId } = parseRequest(FeedbackRequestSchema, request);
  const id = await logQuery(app.db, {
    tenantId: app.tenantId,
    userId,
    sessionId,
    question,
    sql: sql ?? '',
    outcome: 'feedback',
    error: comment ? `not right: ${comment}` : 'not right',
    tableIds: [],
  });
  return { recorded: true, id };
}
