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
