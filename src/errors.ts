/**
 * Error classes with stable codes. Adapters throw these; the edges (CLI, HTTP,
 * Slack) map `code` to an exit code, a status or a message in one place.
 * @module errors
 */

/** Base class: every error gridrag raises on purpose carries a stable `code`. */
export class AppError extends Error {
  /** Stable machine-readable code, e.g. `SQL_REJECTED`. */
  readonly code: string;
  /** True when the same call may succeed if tried again (rate limit, timeout). */
  readonly retryable: boolean;

  constructor(code: string, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
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

/** A call to an outside service (LLM, Drive, Slack) failed. */
export class UpstreamError extends AppError {
  readonly status?: number;
  constructor(message: string, options: { cause?: unknown; retryable?: boolean; status?: number } = {}) {
    super('UPSTREAM', message, options);
    this.status = options.status;
  }
}

/** Human-readable text for any thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
