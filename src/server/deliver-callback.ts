/**
 * Delivers a webhook answer to its `callback_url`: a signed JSON POST, retried with
 * exponential backoff on network errors, 429 and 5xx (not on other 4xx: the receiver refused).
 * @module server/deliver-callback
 */
import { signatureHeaders } from './webhook-signature.js';

/** How hard to try. */
export interface DeliveryOptions {
  /** Attempts in all. @default 5 */
  attempts?: number;
  /** Wait before the second attempt, in milliseconds; doubled each time. @default 1000 */
  baseDelayMs?: number;
  /** Per-attempt timeout, in milliseconds. @default 10000 */
  timeoutMs?: number;
}

/** What happened. */
export interface DeliveryResult {
  delivered: boolean;
  attempts: number;
  /** Last HTTP status, if any answer came. */
  status?: number;
  error?: string;
}

/** POSTs `payload` (JSON) to `url`, signed with `secret`. Never throws. */
export async function deliverCallback(url: string, payload: unknown, secret: string, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const body = JSON.stringify(payload);
  let last: DeliveryResult = { delivered: false, attempts: 0 };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** (attempt - 2)));
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'gridrag-webhook', ...signatureHeaders(secret, body) },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      last = { delivered: response.ok, attempts: attempt, status: response.status };
      if (response.ok) return last;
      if (response.status !== 429 && response.status < 500) return { ...last, error: `the receiver answered ${response.status}` };
    } catch (error) {
      last = { delivered: false, attempts: attempt, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return last;
}
