/**
 * The `gridrag` program: its commands, `--version`, and the exit codes in `--help`.
 * @module cli/program
 */
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../errors.js';
import { exitCodesHelp } from './errors-to-exit.js';

export { commandNameOf } from './command-name.js';

const GROUPS: Record<string, () => Promise<(program: Command) => void>> = {
  ingest: async () => (await import('./ingest-commands.js')).registerIngestCommands,
  query: async () => (await import('./query-commands.js')).registerQueryCommands,
  sync: async () => (await import('./sync-commands.js')).registerSyncCommands,
  serve: async () => (await import('./serve-commands.js')).registerServeCommands,
};
const GROUP_OF: Record<string, string> = {
  ingest: 'ingest', tables: 'ingest', glossary: 'ingest', demo: 'ingest', delete: 'ingest',
  ask: 'query', sql: 'query', log: 'query', health: 'query',
  sync: 'sync', drive: 'sync', serve: 'serve', keys: 'serve', slack: 'serve',
};

/** The program-level `--tenant`, as in `gridrag --tenant acme ask …`. */
const GLOBAL_TENANT_FLAGS = '--tenant <id>';

/** The version in package.json (beside dist/). */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/**
 * Builds the program. Only the group of commands `commandName` belongs to is loaded (all
 * groups when it is undefined or unknown, e.g. for `--help`).
 * @param options.exit false to leave commander's usage errors as thrown exceptions (tests)
 */
export async function createProgram(commandName?: string, options: { exit?: boolean } = {}): Promise<Command> {
  const program = new Command();
  program
    .name('gridrag')
    .description('Exact answers from spreadsheets: finds the tables, checks the totals, guards the SQL, cites every number.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option(GLOBAL_TENANT_FLAGS, 'tenant for the command that follows (default GRIDRAG_TENANT); the command\'s own --tenant wins')
    // Program options only before the command name: what follows it is the command's.
    .enablePositionalOptions()
    .addHelpText('after', `\n${exitCodesHelp()}`)
    .showHelpAfterError();
  if (options.exit === false) program.exitOverride();
  else {
    program.exitOverride((error) => {
      // commander's own errors (unknown option, missing argument) are usage errors: 64
      const shown = error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
      process.exit(shown || error.exitCode === 0 ? error.exitCode : USAGE_EXIT_CODE);
    });
  }
  const named = GROUP_OF[commandName ?? ''];
  for (const group of named ? [named] : Object.keys(GROUPS)) (await GROUPS[group]())(program);
  passTenantDown(program, program);
  return program;
}

/**
 * Hands `gridrag --tenant <id>` to the command that runs (`ask`, `keys create` …) as its own
 * `--tenant`, before it parses its arguments: so a required `--tenant` is satisfied, and a
 * `--tenant` given after the command name still wins (parsed later, it overwrites).
 */
function passTenantDown(root: Command, command: Command): void {
  if (command.commands.length === 0) return;
  command.hook('preSubcommand', (_parent, sub) => {
    const tenant = root.getOptionValue('tenant') as string | undefined;
    if (tenant !== undefined && sub.options.some((option) => option.long === '--tenant')) sub.setOptionValueWithSource('tenant', tenant, 'cli');
  });
  for (const sub of command.commands) passTenantDown(root, sub);
}

/** Exit code of a command line commander cannot parse: the one of `INVALID_REQUEST` (sysexits EX_USAGE). */
export const USAGE_EXIT_CODE = ERROR_CODES.INVALID_REQUEST.exitCode;
