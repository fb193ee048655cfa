/**
 * The CLI's one place where errors become messages and exit codes.
 * @module cli/errors-to-exit
 */
import { AppError, describeError } from '../errors.js';

const EXIT: Record<string, number> = { CONFIG: 78, FILE_FORMAT: 65, SQL_REJECTED: 65, SQL_EXECUTION: 65, NOT_FOUND: 66, DB: 69, LOCKDOWN: 69, UPSTREAM: 69 };

/** Prints `error` to stderr and returns the exit code for it (1 for unexpected errors). */
export function reportError(error: unknown, stream: NodeJS.WritableStream = process.stderr): number {
  if (error instanceof AppError) {
    stream.write(`gridrag: ${error.message}\n`);
    return EXIT[error.code] ?? 1;
  }
  stream.write(`gridrag: unexpected error: ${describeError(error)}\n`);
  if (process.env.GRIDRAG_DEBUG && error instanceof Error) stream.write(`${error.stack}\n`);
  return 1;
}
