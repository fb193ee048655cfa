/**
 * The `gridrag` command line: ingest, tables, ask, sql, log, glossary, delete, sync, drive
 * sync, demo. A thin adapter over the use cases in `app/`: each command parses its
 * arguments, calls one use case, prints, and leaves errors to `errors-to-exit.ts`. Each group
 * of commands is loaded only when one of its commands runs, so `ask` does not pay for
 * Drive's client.
 * @module cli/main
 */
import 'dotenv/config';
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { exitCodesHelp, reportError } from './errors-to-exit.js';

const GROUPS: Record<string, () => Promise<(program: Command) => void>> = {
  ingest: async () => (await import('./ingest-commands.js')).registerIngestCommands,
  query: async () => (await import('./query-commands.js')).registerQueryCommands,
  sync: async () => (await import('./sync-commands.js')).registerSyncCommands,
  serve: async () => (await import('./serve-commands.js')).registerServeCommands,
};
const GROUP_OF: Record<string, string> = {
  ingest: 'ingest', tables: 'ingest', glossary: 'ingest', demo: 'ingest', delete: 'ingest',
  ask: 'query', sql: 'query', log: 'query',
  sync: 'sync', drive: 'sync', serve: 'serve', keys: 'serve',
};

/** The version in package.json (beside dist/). */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

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
    .version(packageVersion(), '-V, --version', 'print the version')
    .addHelpText('after', `\n${exitCodesHelp()}`)
    .showHelpAfterError()
    .exitOverride((error) => {
      // commander's own errors (unknown option, missing argument) are usage errors: 64
      if (error.exitCode !== 0 && error.code !== 'commander.helpDisplayed' && error.code !== 'commander.version') process.exit(64);
      process.exit(error.exitCode);
    });
  const named = GROUP_OF[process.argv[2] ?? ''];
  for (const group of named ? [named] : Object.keys(GROUPS)) (await GROUPS[group]())(program);
  await program.parseAsync(process.argv);
}

main().catch((error) => {
  process.exitCode = reportError(error);
});
