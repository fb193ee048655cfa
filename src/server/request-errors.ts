/**
 * Errors only the HTTP surface raises: a request that is not allowed or not well-formed.
 * They are AppErrors with stable codes like every other; `ERROR_CODES` in `errors.ts` gives their statuses.
 * @module server/request-errors
 */
import { AppError } from '../errors.js';

/** Codes of the errors below. */
export type RequestErrorCode = 'UNAUTHORIZED' | 'FORBIDDEN' | 'INVALID_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'METHOD_NOT_ALLOWED' | 'RATE_LIMITED' | 'BAD_SIGNATURE' | 'REPLAYED';

/** A request refused at the edge; `message` is written for the caller and never holds a secret. */
export class RequestError extends AppError {
  constructor(code: RequestErrorCode, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(code, message, options);
  }
}
