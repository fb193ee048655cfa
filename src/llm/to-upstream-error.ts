/**
 * Maps errors of the `openai` SDK (and of compatible endpoints behind it) to `UpstreamError`.
 * Shared by the chat and the embedding adapters.
 * @module llm/to-upstream-error
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError, UpstreamError, describeError } from '../errors.js';

/** HTTP statuses worth another try later: timeout, lock conflict, rate limit, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Wraps a failed SDK call. `retryable` is true for 408/409/429/5xx, timeouts and refused
 * or dropped connections; false for 4xx such as a bad key (401) or an unknown model (404).
 * `AppError`s pass through unchanged.
 * @param what what was called, for the message, e.g. `chat completion (gpt-4o-mini at http://…/v1)`
 */
export function toUpstreamError(error: unknown, what: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIUserAbortError) {
    return new UpstreamError(`${what} was aborted`, { cause: error, retryable: false });
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new UpstreamError(`${what} timed out`, { cause: error, retryable: true });
  }
  if (error instanceof APIConnectionError) {
    const reason = error.cause instanceof Error ? `: ${describeError(error.cause.cause ?? error.cause)}` : '';
    return new UpstreamError(`${what} could not connect${reason}`, { cause: error, retryable: true });
  }
  const status = error instanceof APIError ? error.status : statusOf(error);
  if (typeof status === 'number') {
    return new UpstreamError(`${what} failed with HTTP ${status}: ${describeError(error)}`, {
      cause: error,
      retryable: isRetryableStatus(status),
      status,
    });
  }
  return new UpstreamError(`${what} failed: ${describeError(error)}`, { cause: error, retryable: false });
}

/** The `status` of an error from another copy of the SDK, read structurally. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = (error as { status: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
