/**
 * Ctrl-C and SIGTERM for a command: the first signal stops the command within a second (the
 * running query is cancelled, the database closed, the embedded folder's lock released) and
 * exits with 130 (SIGINT) or 143 (SIGTERM); a second Ctrl-C exits at once. The database runs off
 * the main thread (see `db/pglite-db.ts`), so the handler runs even while a query is running.
 * @module cli/stop-on-signal
 */

const EXIT_CODES: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Installs the handlers until the returned function is called.
 * @param stop cancels and closes everything (`App.abort`); given at most `graceMs`
 * @param options.graceMs how long `stop` may take before the process exits anyway, in milliseconds @default 900
 * @returns a function that removes the handlers
 */
export function stopOnSignal(stop: () => Promise<void>, options: { graceMs?: number; stream?: NodeJS.WritableStream } = {}): () => void {
  const graceMs = options.graceMs ?? 900;
  const stream = options.stream ?? process.stderr;
  let stopping = false;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    const code = EXIT_CODES[signal];
    if (stopping) {
      // The second Ctrl-C: exit now (the folder lock is released by the exit hook).
      process.exit(code);
    }
    stopping = true;
    stream.write(`\ngridrag: stopping (${signal === 'SIGINT' ? 'Ctrl-C again to exit at once' : signal})\n`);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    void Promise.race([stop().catch(() => undefined), grace]).then(() => process.exit(code));
  };
  const onInt = () => onSignal('SIGINT');
  const onTerm = () => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  };
}
