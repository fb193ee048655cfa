/**
 * Use case `ask`: a question in, an answer with sources, SQL and validation outcome out.
 * @module app/ask-question
 */
import { z } from 'zod';
import { ask, type Answer } from '../agent/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';
import { AnswerSchema } from './schemas.js';

export const AskRequestSchema = z.object({
  question: z.string().trim().min(1, 'a question is required').max(2000),
  /** Who asks, for the audit log. */
  userId: z.string().max(200).optional(),
  /** The conversation, for the audit log. */
  sessionId: z.string().max(200).optional(),
});
export type AskRequest = z.input<typeof AskRequestSchema>;

export const AskResultSchema = AnswerSchema;
export type AskResult = Answer;

/**
 * Answers one question for the app's tenant. An unanswerable question is not an error: the
 * result has `mode: 'none'` and says what could not be mapped.
 * @throws InvalidRequestError, DbError, LockdownError
 */
export async function askQuestion(app: App, request: AskRequest): Promise<AskResult> {
  const { question, userId, sessionId } = parseRequest(AskRequestSchema, request);
  return ask(app, question, { userId, sessionId });
}
