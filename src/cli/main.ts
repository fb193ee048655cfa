/**
 * The `gridrag` command line: ingest, tables, ask, sql, log, glossary, sync, drive sync, demo.
 * Each group of commands is loaded only when one of its commands runs, so `ask` does not pay
 * for Drive's client. Errors become messages and exit codes in one place (`errors-to-exit.ts`).
 * @module cli/main
 */
import 'dotenv/config';
import { Command } from 'commander';
import { reportError } from './errors-to-exit.js';

const GROUPS: Record<string, () => Promise<(program: Command) => void>> = {
  ingest: async () => (await import('./ingest-commands.js')).registerIngestCommands,
  query: async () => (await import('./query-commands.js')).registerQueryCommands,
  sync: async () => (await import('./sync-commands.js')).registerSyncCommands,
};
const GROUP_OF: Record<string, string> = {
  ingest: 'ingest', tables: 'ingest', glossary: 'ingest', demo: 'ingest',
  ask: 'query', sql: 'query', log: 'query',
  sync: 'sync', drive: 'sync',
};

// `gridrag sql … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function main(): Promise<void> {
  const program = new Command();
  program
    .name('gridrag')
    .description('Exact answers from spreadsheets: finds the tables, checks the totals, guards the SQL, cites every number.')
    .showHelpAfterError();
  const named = GROUP_OF[process.argv[2] ?? ''];
  for (const group of named ? [named] : Object.keys(GROUPS)) (await GROUPS[group]())(program);
  await program.parseAsync(process.argv);
}

main().catch((error) => {
  process.exitCode = reportError(error);
});
