import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.js';
import { isRetryableError, withRetry } from './retry.js';

function httpError(status: number, reason?: string): Error {
  return Object.assign(new Error(`status ${status}`), {
    response: { status, data: reason ? { error: { errors: [{ reason }] } } : undefined },
  });
}

/** An operation that throws the given errors in turn, then returns 'ok'. */
function failing(errors: Error[]): { run: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    run: async () => {
      const error = errors[calls++];
      if (error) throw error;
      return 'ok';
    },
    calls: () => calls,
  };
}

describe('withRetry', () => {
  it('retries 429 and 5xx with exponential backoff and jitter, then succeeds', async () => {
    const delays: number[] = [];
    const operation = failing([httpError(429), httpError(500), httpError(503)]);
    const result = await withRetry('list', operation.run, {
      baseDelayMs: 100,
      random: () => 0.5,
      sleep: async (ms) => void delays.push(ms),
    });
    expect(result).toBe('ok');
    expect(operation.calls()).toBe(4);
    expect(delays).toEqual([50, 100, 200]);
  });

  it('caps each delay at maxDelayMs', async () => {
    const delays: number[] = [];
    const operation = failing([httpError(500), httpError(500), httpError(500), httpError(500)]);
    await withRetry('get', operation.run, { baseDelayMs: 1000, maxDelayMs: 1500, random: () => 0.99, sleep: async (ms) => void delays.push(ms) });
    expect(delays).toEqual([990, 1485, 1485, 1485]);
  });

  it('fails at once on a permanent error, naming the call', async () => {
    const operation = failing([httpError(404)]);
    const error = await withRetry('download a.csv', operation.run, { sleep: async () => undefined }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 404, retryable: false, code: 'UPSTREAM' });
    expect((error as Error).message).toMatch(/^download a\.csv failed: HTTP 404/);
    expect(operation.calls()).toBe(1);
  });

  it('gives up after the last attempt and says the failure was retryable', async () => {
    const operation = failing(Array.from({ length: 9 }, () => httpError(502)));
    const error = await withRetry('export', operation.run, { attempts: 3, sleep: async () => undefined }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, retryable: true });
    expect((error as Error).message).toContain('after 3 tries');
    expect(operation.calls()).toBe(3);
  });
});

describe('isRetryableError', () => {
  it('tells rate limits, server errors and dropped connections from permanent errors', () => {
    expect(isRetryableError(httpError(403, 'userRateLimitExceeded'))).toBe(true);
    expect(isRetryableError(httpError(403, 'insufficientPermissions'))).toBe(false);
    expect(isRetryableError(httpError(400))).toBe(false);
    expect(isRetryableError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryableError(new Error('plain'))).toBe(false);
    const rawBody = new TextEncoder().encode(JSON.stringify({ error: { errors: [{ reason: 'rateLimitExceeded' }] } }));
    expect(isRetryableError(Object.assign(new Error('403'), { response: { status: 403, data: rawBody.buffer } }))).toBe(true);
  });
});
