/**
 * The `gridrag` command line: ingest, tables, ask, sql, log, glossary, sync, drive sync, demo.
 * Errors become messages and exit codes in one place (`errors-to-exit.ts`).
 * @module cli/main
 */
import 'dotenv/config';
import { Command } from 'commander';
import { reportError } from './errors-to-exit.js';
import { registerQueryCommands } from './query-commands.js';
import { registerIngestCommands } from './ingest-commands.js';
import { registerSyncCommands } from './sync-commands.js';

const program = new Command();
program
  .name('gridrag')
  .description('Exact answers from spreadsheets: finds the tables, checks the totals, guards the SQL, cites every number.')
  .showHelpAfterError();

registerIngestCommands(program);
registerQueryCommands(program);
registerSyncCommands(program);

program.parseAsync(process.argv).catch((error) => {
  process.exitCode = reportError(error);
});
