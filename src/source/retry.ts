/**
 * Retries calls to an outside service: rate limits (429, Drive's 403 `rateLimitExceeded`),
 * server errors (5xx) and dropped connections are tried again with exponential backoff and
 * full jitter; anything else fails at once. Errors come out as `UpstreamError`.
 * @module source/retry
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { UpstreamError, describeError } from '../errors.js';

/** How to retry. */
export interface RetryOptions {
  /** Tries in all, the first one included. @default 5 */
  attempts?: number;
  /** Delay cap of the first retry in milliseconds; doubles each time. @default 500 */
  baseDelayMs?: number;
  /** Largest delay in milliseconds. @default 20000 */
  maxDelayMs?: number;
  /** Waits `ms` milliseconds; injectable so tests never sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Random number in [0, 1) for the jitter. @default Math.random */
  random?: () => number;
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
const NETWORK_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ECONNABORTED', 'UND_ERR_SOCKET']);

interface HttpLikeError {
  status?: number;
  code?: string | number;
  response?: { status?: number; data?: unknown };
}

/** HTTP status of a client error (gaxios puts it on `response.status`), if any. */
export function statusOf(error: unknown): number | undefined {
  const candidate = error as HttpLikeError | undefined;
  const status = candidate?.response?.status ?? candidate?.status ?? (typeof candidate?.code === 'number' ? candidate.code : undefined);
  return typeof status === 'number' ? status : undefined;
}

/** Google's error reason, from a JSON body or from a raw body (downloads ask for bytes). */
function reasonOf(error: unknown): string | undefined {
  let data = (error as HttpLikeError | undefined)?.response?.data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    try {
      data = JSON.parse(new TextDecoder().decode(data as ArrayBuffer));
    } catch {
      return undefined;
    }
  }
  const body = data as { error?: { errors?: { reason?: string }[]; status?: string } } | undefined;
  return body?.error?.errors?.[0]?.reason ?? body?.error?.status;
}

/** True for errors worth another try: 429, 5xx, Drive rate-limit 403s, dropped connections. */
export function isRetryableError(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) {
    if (status === 429 || status >= 500) return true;
    return status === 403 && RATE_LIMIT_REASONS.has(reasonOf(error) ?? '');
  }
  const code = (error as HttpLikeError | undefined)?.code;
  const causeCode = ((error as { cause?: HttpLikeError } | undefined)?.cause)?.code;
  return NETWORK_CODES.has(String(code)) || NETWORK_CODES.has(String(causeCode));
}

/**
 * Runs `operation`, retrying retryable failures. Delay before retry n (1-based) is a random
 * value in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))).
 * @param what names the call in the error message, e.g. `download orders.csv`
 * @throws UpstreamError with `status`, `retryable` (true when tries ran out on a retryable
 *   failure) and the last error as `cause`
 */
export async function withRetry<T>(what: string, operation: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms).then(() => undefined));
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const retryable = isRetryableError(error);
      if (!retryable || attempt >= attempts) {
        const status = statusOf(error);
        const detail = status === undefined ? describeError(error) : `HTTP ${status}: ${describeError(error)}`;
        const tries = retryable ? ` (after ${attempt} tries)` : '';
        throw new UpstreamError(`${what} failed${tries}: ${detail}`, { cause: error, status, retryable });
      }
      const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await sleep(Math.floor(random() * cap));
    }
  }
}
