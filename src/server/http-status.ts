/**
 * The error middleware: every error leaves as `{ error: { code, message } }` with the status
 * the one table `ERROR_CODES` (src/errors.ts) gives its code. Unknown errors become 500 `INTERNAL`
 * with a fixed message (the details go to the log, never to the caller). Messages of
 * database errors are replaced too: a driver message may name a host, a user or a file.
 * @module server/http-status
 */
import type { ErrorRequestHandler } from 'express';
import type {} from 'pino-http';
import { AppError, httpStatusOf } from '../errors.js';

/** Codes whose messages are not shown to callers (they may hold connection details). */
const HIDDEN_MESSAGES: Record<string, string> = {
  DB: 'the database is not available',
  LOCKDOWN: 'the query connection is not locked down; queries are refused (see GET /api/health)',
  CONFIG: 'the server is not configured for this request',
  INTERNAL: 'internal error (logged with the request id)',
};

/** What the caller receives for `error`: status and body. */
export function errorResponse(error: unknown): { status: number; body: { error: { code: string; message: string } } } {
  const bodyParser = bodyParserError(error);
  if (bodyParser) return bodyParser;
  if (error instanceof AppError) {
    return {
      status: httpStatusOf(error),
      body: { error: { code: error.code, message: HIDDEN_MESSAGES[error.code] ?? error.message } },
    };
  }
  return { status: httpStatusOf(error), body: { error: { code: 'INTERNAL', message: 'internal error (logged with the request id)' } } };
}

/** express.json's own errors (malformed JSON, body too large) carry `type` and `status`. */
function bodyParserError(error: unknown): ReturnType<typeof errorResponse> | undefined {
  const candidate = error as { type?: unknown; status?: unknown; limit?: unknown };
  if (typeof candidate?.type !== 'string' || typeof candidate.status !== 'number') return undefined;
  if (candidate.type === 'entity.too.large') {
    return { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: `the request body is larger than ${String(candidate.limit)} bytes` } } };
  }
  if (candidate.type === 'entity.parse.failed') return { status: 400, body: { error: { code: 'INVALID_REQUEST', message: 'the body is not valid JSON' } } };
  if (candidate.status >= 400 && candidate.status < 500) return { status: candidate.status, body: { error: { code: 'INVALID_REQUEST', message: 'the body could not be read' } } };
  return undefined;
}

/** The express error middleware: logs unexpected errors with the request's logger, answers with `errorResponse`. */
export const errorHandler: ErrorRequestHandler = (error, request, response, next) => {
  if (response.headersSent) {
    next(error);
    return;
  }
  const { status, body } = errorResponse(error);
  if (status >= 500) request.log?.error({ err: error }, 'request failed');
  else request.log?.info({ code: body.error.code }, 'request refused');
  response.status(status).json(body);
};
