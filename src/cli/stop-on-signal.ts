/**
 * Ctrl-C, SIGTERM and SIGHUP (the terminal closed) for a command: the first signal stops the
 * command within a second (the running query is cancelled, the database closed, the embedded
 * folder's lock released) and exits with 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP); a second
 * signal exits at once. The database runs off
 * the main thread (see `db/pglite-db.ts`), so the handler runs even while a query is running.
 * @module cli/stop-on-signal
 */

/** The signals handled, and the exit code of each (128 + its number, as a shell shows it). */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type StopSignal = keyof typeof EXIT_CODES;

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
  const onSignal = (signal: StopSignal) => {
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
  const signals = Object.keys(EXIT_CODES) as StopSignal[];
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
