/**
 * The log settings of `gridrag serve`: what pino must never print. Secret fields are censored
 * by name wherever they sit two levels deep (`*.token`, `*.headers.authorization`), and any
 * error logged under `err` or `error` is reduced to its type, code, status, message and stack,
 * with credentials redacted (`redact-secrets.ts`): never an HTTP client's request config,
 * headers or body, where a bearer token sits in full.
 * @module safe-log
 */
import { redactSecrets } from './redact-secrets.js';

/** What stands in for a censored field. */
export const LOG_CENSOR = '[redacted]';

/** Field names whose values are secrets, censored at the top level, one and two levels down. */
const SECRET_FIELDS = ['authorization', 'Authorization', 'cookie', 'token', 'botToken', 'bot_token', 'accessToken', 'access_token', 'refreshToken', 'apiKey', 'api_key', 'key', 'secret', 'password', 'webhookSecret', 'signingSecret', 'clientSecret', 'client_secret', 'secretKey'];

/** pino `redact.paths`: every secret field at depth 1 to 3, plus request and response headers. */
export const LOG_REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
  '*.headers.authorization', '*.headers.Authorization', '*.headers.cookie', '*._header',
];

/** A logged error as JSON-safe fields: never request config, headers or bodies. */
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  status?: number;
  stack?: string;
}

/**
 * pino's serializer for `err` and `error`: the error's type, code, HTTP status, message and
 * stack, redacted. A value that is not an error object goes through as redacted text; a plain
 * object (an already summarized error) through unchanged.
 */
export function safeError(value: unknown): unknown {
  if (!(value instanceof Error)) return typeof value === 'string' ? redactSecrets(value) : value;
  const fields = value as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
  const status = fields.status ?? fields.statusCode;
  return {
    type: value.name,
    message: redactSecrets(value.message),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(value.stack ? { stack: redactSecrets(value.stack) } : {}),
  } satisfies SafeError;
}

/** The pino options every server log line goes through. */
export function safeLogOptions(): { redact: { paths: string[]; censor: string }; serializers: Record<string, (value: unknown) => unknown> } {
  return { redact: { paths: LOG_REDACT_PATHS, censor: LOG_CENSOR }, serializers: { err: safeError, error: safeError } };
}
