/**
 * The CLI's one place where errors become messages and exit codes (the codes come from the
 * one table in `errors.ts`, which the HTTP API reads too).
 * @module cli/errors-to-exit
 */
import { AppError, ERROR_CODES, describeError, exitCodeOf, UNEXPECTED_EXIT_CODE } from '../errors.js';
import { redactSecrets } from '../redact-secrets.js';

/** Where `reportError` writes. */
export interface ErrorStreams {
  stderr?: NodeJS.WritableStream;
  /** With `json`, the error is also printed here as `{"error":{"code","message"}}` (the HTTP API's shape). */
  stdout?: NodeJS.WritableStream;
  /** The command was run with `--json`: a script reading stdout gets JSON for a failure too. */
  json?: boolean;
}

/** Prints `error` to stderr (and, for `--json`, as JSON to stdout) and returns the exit code for it (1 for unexpected errors). */
export function reportError(error: unknown, streams: ErrorStreams = {}): number {
  const stderr = streams.stderr ?? process.stderr;
  const message = error instanceof AppError ? error.message : `unexpected error: ${describeError(error)}`;
  stderr.write(`gridrag: ${message}\n`);
  if (process.env.GRIDRAG_DEBUG && error instanceof Error) stderr.write(`${redactSecrets(error.stack ?? '')}\n`);
  if (streams.json) {
    const code = error instanceof AppError ? error.code : 'INTERNAL';
    (streams.stdout ?? process.stdout).write(`${JSON.stringify({ error: { code, message: redactSecrets(message) } })}\n`);
  }
  return exitCodeOf(error);
}

/** Exit codes that are not errors of a code: the outcome of a command that ran. */
const OUTCOME_EXITS: [number, string][] = [
  [0, 'success'],
  [UNEXPECTED_EXIT_CODE, 'some files failed or were not found (ingest, sync), or an unexpected error'],
  [2, 'ask found no answer (it says what it could not map)'],
];

/** The exit-code list for `--help` and the README, from the error table: one line per outcome and per error code. */
export function exitCodesHelp(): string {
  const width = Math.max(...Object.keys(ERROR_CODES).map((code) => code.length));
  const outcomes = OUTCOME_EXITS.map(([exit, meaning]) => `  ${String(exit).padStart(2)}  ${''.padEnd(width)}  ${meaning}`);
  const errors = Object.entries(ERROR_CODES)
    .sort((a, b) => a[1].exitCode - b[1].exitCode)
    .map(([code, entry]) => `  ${String(entry.exitCode).padStart(2)}  ${code.padEnd(width)}  ${entry.meaning}`);
  return `Exit codes:\n${[...outcomes, ...errors].join('\n')}`;
}
