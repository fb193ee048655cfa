/**
 * Webhook signatures: HMAC-SHA256 with the key's webhook secret over `<timestamp>.<body>`,
 * sent as `X-Gridrag-Timestamp: <unix seconds>` and `X-Gridrag-Signature: sha256=<hex>`.
 * The same scheme signs our callbacks, so a receiver verifies them with the same code.
 * @module server/webhook-signature
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RequestError } from './request-errors.js';

export const TIMESTAMP_HEADER = 'x-gridrag-timestamp';
export const SIGNATURE_HEADER = 'x-gridrag-signature';
/** Oldest (or most in the future) a signed request may be, in seconds. */
export const MAX_AGE_SECONDS = 300;

/** `sha256=<hex>` of `<timestamp>.<body>`. */
export function signBody(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(body);
  return `sha256=${mac.digest('hex')}`;
}

/** The two headers for a body signed now. */
export function signatureHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { 'X-Gridrag-Timestamp': String(timestamp), 'X-Gridrag-Signature': signBody(secret, timestamp, body) };
}

/**
 * Checks a signed request.
 * @param now milliseconds since the epoch
 * @returns the signature (for replay bookkeeping)
 * @throws RequestError BAD_SIGNATURE when a header is missing, the timestamp is older or newer than `MAX_AGE_SECONDS`, or the MAC differs
 */
export function verifySignature(secret: string, headers: { timestamp?: string; signature?: string }, body: Uint8Array, now = Date.now()): string {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) throw new RequestError('BAD_SIGNATURE', 'X-Gridrag-Timestamp and X-Gridrag-Signature are required');
  if (!/^\d{1,12}$/.test(timestamp)) throw new RequestError('BAD_SIGNATURE', 'X-Gridrag-Timestamp must be unix seconds');
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) {
    throw new RequestError('BAD_SIGNATURE', `the request is signed more than ${MAX_AGE_SECONDS / 60} minutes from now; sign it again`);
  }
  const expected = Buffer.from(signBody(secret, timestamp, body));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new RequestError('BAD_SIGNATURE', 'the signature does not match the body');
  return signature.trim();
}
