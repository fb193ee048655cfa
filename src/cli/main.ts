/**
 * The `gridrag` command line: ingest, tables, ask, sql, log, glossary, delete, sync, drive
 * sync, demo, serve, keys, slack. A thin adapter over the use cases in `app/`: each command parses its
 * arguments, calls one use case, prints, and leaves errors to `errors-to-exit.ts`. Each group
 * of commands is loaded only when one of its commands runs, so `ask` does not pay for
 * Drive's client. Started by `launch.ts` (the entry of `bin/gridrag.js`), in the launcher's
 * process or in its tuned child.
 * @module cli/main
 */
import 'dotenv/config';
import { setLockHolder } from '../db/folder-lock.js';
import { commandLineOf, userFacingPid } from './command-name.js';
import { reportError } from './errors-to-exit.js';
import { commandNameOf, createProgram } from './program.js';

// A command kept waiting for the database folder names this one (`gridrag serve`, the launcher's pid).
setLockHolder({ command: commandLineOf(process.argv), pid: userFacingPid() });

// `gridrag sql … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function main(): Promise<void> {
  const program = await createProgram(commandNameOf(process.argv));
  await program.parseAsync(process.argv);
}

main().catch((error) => {
  process.exitCode = reportError(error, { json: process.argv.slice(2).includes('--json') });
});
