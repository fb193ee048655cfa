/**
 * The command name of a `gridrag` command line, without loading commander: the launcher
 * (`launch.ts`) reads it before it starts the command's process, and stays small.
 * @module cli/command-name
 */

/**
 * The command name in an argv (`process.argv`), past the program-level options
 * (`gridrag --tenant acme ask …` → `ask`); undefined when there is none (`gridrag --help`).
 */
export function commandNameOf(argv: string[]): string | undefined {
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--tenant') i++;
    else if (arg.startsWith('--tenant=')) continue;
    else if (arg.startsWith('-')) return undefined;
    else return arg;
  }
  return undefined;
}

/** Set in a tuned child's environment to the launcher's process id: the `gridrag` process the user started. */
export const LAUNCHER_PID_ENV = 'GRIDRAG_LAUNCHER_PID';

/**
 * How a user would name the running command (`gridrag serve`, `gridrag sync --watch`,
 * `gridrag drive sync`): `gridrag`, the command, a subcommand word after it, and `--watch`.
 * Folder and file arguments are left out. Undefined without a command.
 */
export function commandLineOf(argv: string[]): string | undefined {
  const name = commandNameOf(argv);
  if (name === undefined) return undefined;
  const args = argv.slice(2);
  const after = args.slice(args.indexOf(name) + 1);
  const words = ['gridrag', name];
  if (['drive', 'keys', 'slack', 'glossary'].includes(name) && after[0] && !after[0].startsWith('-')) words.push(after[0]);
  if (after.includes('--watch')) words.push('--watch');
  return words.join(' ');
}

/** The process id the user knows: the launcher's when this is its tuned child, else this process's. */
export function userFacingPid(env: NodeJS.ProcessEnv = process.env): number {
  const launcher = Number(env[LAUNCHER_PID_ENV]);
  return Number.isInteger(launcher) && launcher > 0 ? launcher : process.pid;
}
