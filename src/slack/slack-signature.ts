/**
 * Slack's v0 request signature, checked before Bolt sees a request so that a refusal leaves
 * through the server's error handler as `{ error: { code: 'BAD_SIGNATURE', message } }` (401)
 * like every other error, instead of Bolt's empty 401. The check is Bolt's `verifySlackRequest`
 * (`X-Slack-Signature: v0=<hex>`, HMAC-SHA256 over `v0:<timestamp>:<raw body>`); a timestamp
 * more than 5 minutes from now either way is refused. Bolt checks the same request again
 * (over the raw body kept as `rawBody`), so this check is never the only one.
 * @module slack/slack-signature
 */
import { verifySlackRequest } from '@slack/bolt';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '../errors.js';

/** Oldest (or most in the future) a Slack request may be, in seconds (Slack's and Bolt's 5 minutes). */
export const SLACK_MAX_AGE_SECONDS = 300;
/** Largest Slack request body read, in bytes: larger ones get 413 `PAYLOAD_TOO_LARGE`. */
export const SLACK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Checks one Slack request's signature headers against its raw body, through Bolt's own
 * `verifySlackRequest` (HMAC-SHA256, constant-time comparison, 5-minute staleness).
 * @param headers the values of `X-Slack-Request-Timestamp` and `X-Slack-Signature`
 * @param now milliseconds since the epoch
 * @throws AppError BAD_SIGNATURE whose message starts with the reason: `missing signature`
 *   (a header absent), `stale timestamp` (not unix seconds, or more than `SLACK_MAX_AGE_SECONDS`
 *   from now) or `signature mismatch`
 */
export function verifySlackSignature(secret: string, headers: { timestamp?: string; signature?: string }, body: Uint8Array, now = Date.now()): void {
  const timestamp = headers.timestamp?.trim();
  const signature = headers.signature?.trim();
  if (!timestamp || !signature) throw new AppError('BAD_SIGNATURE', 'missing signature: X-Slack-Signature and X-Slack-Request-Timestamp are required');
  // Bolt refuses only old timestamps; one far in the future is as unusable
  if (!/^[1-9]\d{0,11}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SLACK_MAX_AGE_SECONDS) {
    throw new AppError('BAD_SIGNATURE', `stale timestamp: X-Slack-Request-Timestamp must be unix seconds within ${SLACK_MAX_AGE_SECONDS / 60} minutes of now`);
  }
  try {
    verifySlackRequest({ signingSecret: secret, body: Buffer.from(body).toString('utf8'), headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': Number(timestamp) }, nowMilliseconds: now });
  } catch (error) {
    const stale = error instanceof Error && /stale/.test(error.message);
    throw new AppError('BAD_SIGNATURE', stale
      ? `stale timestamp: X-Slack-Request-Timestamp must be unix seconds within ${SLACK_MAX_AGE_SECONDS / 60} minutes of now`
      : 'signature mismatch: X-Slack-Signature does not match the body for this signing secret');
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Express handlers for Slack's endpoint: read the raw body (at most `SLACK_BODY_LIMIT_BYTES`),
 * keep it as `request.rawBody` for Bolt, and check its signature; a refusal goes to `next` as
 * the BAD_SIGNATURE error of `verifySlackSignature`.
 */
export function checkSlackSignature(signingSecret: string): RequestHandler[] {
  const check = (request: Request, _response: Response, next: NextFunction) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    (request as Request & { rawBody?: Buffer }).rawBody = raw;
    try {
      verifySlackSignature(signingSecret, { timestamp: headerValue(request.headers['x-slack-request-timestamp']), signature: headerValue(request.headers['x-slack-signature']) }, raw);
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
  return [express.raw({ type: () => true, limit: SLACK_BODY_LIMIT_BYTES }), check];
}
