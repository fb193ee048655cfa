/**
 * Error classes with stable codes. Adapters throw these; the edges (CLI, HTTP,
 * Slack) map `code` to an exit code, a status or a message in one place.
 * @module errors
 */
import { redactSecrets } from './redact-secrets.js';

/**
 * Every code an `AppError` carries, with what a surface does with it: the CLI exit code
 * (sysexits.h numbers where one fits) and the HTTP status. The one table both edges read.
 */
export const ERROR_CODES = {
  /** A request is malformed: a bad option or argument, a value out of range. */
  INVALID_REQUEST: { exitCode: 64, httpStatus: 400, meaning: 'the request or a command-line argument is invalid' },
  /** A file could not be read as data (unsupported, corrupt, encrypted, empty). */
  FILE_FORMAT: { exitCode: 65, httpStatus: 422, meaning: 'a file could not be read as data' },
  /** A glossary.yml is malformed or names an unknown column. */
  GLOSSARY: { exitCode: 65, httpStatus: 422, meaning: 'a glossary term could not be read' },
  /** SQL refused by the guard. */
  SQL_REJECTED: { exitCode: 65, httpStatus: 422, meaning: 'the SQL was refused by the guard' },
  /** SQL that passed the guard failed when run. */
  SQL_EXECUTION: { exitCode: 65, httpStatus: 422, meaning: 'the SQL failed when run' },
  /** A named thing (a path, a table, a record) does not exist. */
  NOT_FOUND: { exitCode: 66, httpStatus: 404, meaning: 'a file, table or record does not exist' },
  /** A source (folder, Drive) could not be listed or read. */
  SOURCE: { exitCode: 66, httpStatus: 502, meaning: 'a source folder could not be listed or read' },
  /** A source file is still being written; try again. */
  SOURCE_FILE_BUSY: { exitCode: 75, httpStatus: 409, meaning: 'a file is still being written; try again' },
  /** The database failed or cannot be reached. */
  DB: { exitCode: 69, httpStatus: 503, meaning: 'the database failed or cannot be reached' },
  /** The query role's lock-down could not be proved; queries are refused. */
  LOCKDOWN: { exitCode: 69, httpStatus: 503, meaning: 'the read-only query role is not locked down' },
  /** An outside service (LLM, Drive) failed. */
  UPSTREAM: { exitCode: 69, httpStatus: 502, meaning: 'an outside service (LLM, Drive) failed' },
  /** A broken invariant inside gridrag: a bug. */
  INTERNAL: { exitCode: 70, httpStatus: 500, meaning: 'an internal error (a bug in gridrag)' },
  /** Configuration is missing or malformed. */
  CONFIG: { exitCode: 78, httpStatus: 500, meaning: 'configuration is missing or malformed' },
  /** HTTP API: no API key, or an unknown or revoked one. */
  UNAUTHORIZED: { exitCode: 77, httpStatus: 401, meaning: 'no valid API key' },
  /** HTTP API: the key may not do this (another tenant's sync, a level it does not hold). */
  FORBIDDEN: { exitCode: 77, httpStatus: 403, meaning: 'the API key may not do this' },
  /** HTTP API: the signature of a webhook or Slack request is missing, stale (over 5 minutes) or wrong. */
  BAD_SIGNATURE: { exitCode: 77, httpStatus: 401, meaning: 'the webhook or Slack signature is missing, stale or wrong' },
  /** HTTP API: a signed webhook request sent again. */
  REPLAYED: { exitCode: 65, httpStatus: 409, meaning: 'the signed request was received before' },
  /** HTTP API: a known path asked with a method it does not take (the `Allow` header lists those it does). */
  METHOD_NOT_ALLOWED: { exitCode: 64, httpStatus: 405, meaning: 'the HTTP method is not allowed on this path' },
  /** HTTP API: a body or uploaded file over its limit. */
  PAYLOAD_TOO_LARGE: { exitCode: 64, httpStatus: 413, meaning: 'a request body or file is larger than allowed' },
  /** HTTP API: too many requests for this key; wait. */
  RATE_LIMITED: { exitCode: 75, httpStatus: 429, meaning: 'too many requests for this API key; wait a minute' },
} as const satisfies Record<string, { exitCode: number; httpStatus: number; meaning: string }>;

/** A stable machine-readable error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Exit code of a command that ends in an error that is not an `AppError` (a bug). */
export const UNEXPECTED_EXIT_CODE = 1;

/** The CLI exit code for any thrown value: the table's for an `AppError`, else 1. */
export function exitCodeOf(error: unknown): number {
  return error instanceof AppError ? ERROR_CODES[error.code].exitCode : UNEXPECTED_EXIT_CODE;
}

/** The HTTP status for any thrown value: the table's for an `AppError`, else 500. */
export function httpStatusOf(error: unknown): number {
  return error instanceof AppError ? ERROR_CODES[error.code].httpStatus : 500;
}

/**
 * Base class: every error gridrag raises on purpose carries a stable `code`. Its message
 * never holds a credential: passwords in URLs and secret query parameters are redacted.
 */
export class AppError extends Error {
  /** Stable machine-readable code, e.g. `SQL_REJECTED`; see `ERROR_CODES`. */
  readonly code: ErrorCode;
  /** True when the same call may succeed if tried again (rate limit, timeout). */
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(redactSecrets(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/** A file could not be read as data: unsupported format, corrupt, encrypted, empty. Names the file. */
export class FileFormatError extends AppError {
  readonly file: string;
  constructor(file: string, message: string, options: { cause?: unknown } = {}) {
    super('FILE_FORMAT', `${file}: ${message}`, options);
    this.file = file;
  }
}

/** Configuration from the environment is missing or malformed. */
export class ConfigError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('CONFIG', message, options);
  }
}

/** A database call failed; `cause` holds the driver's error. */
export class DbError extends AppError {
  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super('DB', message, options);
  }
}

/**
 * SQL refused by the guard before it ran. `message` is written for the model
 * that wrote the SQL: what was wrong and what is allowed.
 */
export class SqlRejectedError extends AppError {
  /** Short machine reason, e.g. `FORBIDDEN_FUNCTION`. */
  readonly reason: string;
  constructor(reason: string, message: string) {
    super('SQL_REJECTED', message);
    this.reason = reason;
  }
}

/** SQL that passed the guard but failed when run (syntax the parser allowed, a bad cast, a timeout). */
export class SqlExecutionError extends AppError {
  readonly sql: string;
  constructor(sql: string, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super('SQL_EXECUTION', message, options);
    this.sql = sql;
  }
}

/** The executor's lock-down could not be verified; queries are refused until it can. */
export class LockdownError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('LOCKDOWN', message, options);
  }
}

/** A request named something that does not exist (a table, a record). */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

/** The caller (an API key and its access levels) may not do this: write a file of a level it does not hold. */
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

/** A call to an outside service (LLM, Drive, Slack) failed. */
export class UpstreamError extends AppError {
  readonly status?: number;
  constructor(message: string, options: { cause?: unknown; retryable?: boolean; status?: number } = {}) {
    super('UPSTREAM', message, options);
    this.status = options.status;
  }
}

/** A request (CLI arguments, an HTTP body) failed validation; the message says which field and why. */
export class InvalidRequestError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('INVALID_REQUEST', message, options);
  }
}

/** A glossary term could not be read: bad syntax in `where`, an unknown column. */
export class GlossaryError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('GLOSSARY', message, options);
  }
}

/** An invariant gridrag relies on did not hold: a bug, never a user's mistake. */
export class InternalError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('INTERNAL', message, options);
  }
}

/** Human-readable text for any thrown value, credentials redacted. */
export function describeError(error: unknown): string {
  return redactSecrets(error instanceof Error ? error.message : String(error));
}
