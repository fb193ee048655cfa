import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.js';
import { REPO_ROOT } from '../../test/helpers/shared-paths.js';
import { commandNameOf, createProgram } from './program.js';

/** Every command that runs something (groups like `drive` excluded), with its full name. */
function leafCommands(command: Command, prefix = ''): { name: string; command: Command }[] {
  return command.commands.flatMap((child) => {
    const name = `${prefix}${child.name()}`;
    return child.commands.length > 0 ? leafCommands(child, `${name} `) : [{ name, command: child }];
  });
}

describe('createProgram', () => {
  it('accepts --tenant on every command', async () => {
    const program = await createProgram(undefined, { exit: false });
    const leaves = leafCommands(program).filter((leaf) => leaf.name !== 'help');
    expect(leaves.map((leaf) => leaf.name).sort()).toEqual([
      'ask', 'delete', 'demo', 'drive sync', 'glossary', 'health', 'ingest', 'keys create', 'keys list', 'keys revoke', 'log', 'serve', 'slack link', 'slack list', 'slack unlink', 'sql', 'sync', 'tables',
    ]);
    for (const leaf of leaves) expect(leaf.command.options.map((option) => option.long), leaf.name).toContain('--tenant');
  });

  it('hands a --tenant given before the command name to every command; one after the name wins', async () => {
    const seen = async (argv: string[]) => {
      const program = await createProgram(undefined, { exit: false });
      let tenant: unknown = 'not run';
      // The real actions would open the database: each leaf's action is replaced by one that records its options.
      for (const leaf of leafCommands(program)) {
        leaf.command.action(function (this: Command) { tenant = this.opts().tenant; });
        leaf.command.configureOutput({ writeErr: () => undefined });
      }
      await program.parseAsync(['node', 'gridrag', ...argv]);
      return tenant;
    };
    expect(await seen(['--tenant', 'acme', 'ask', 'How many orders?'])).toBe('acme');
    expect(await seen(['--tenant=acme', 'tables', '--json'])).toBe('acme');
    expect(await seen(['--tenant', 'acme', 'demo'])).toBe('acme');
    expect(await seen(['--tenant', 'acme', 'drive', 'sync', '--json'])).toBe('acme');
    // `keys create` requires --tenant: the program-level one satisfies it.
    expect(await seen(['--tenant', 'acme', 'keys', 'create'])).toBe('acme');
    expect(await seen(['--tenant', 'acme', 'sql', 'select 1', '--tenant', 'globex'])).toBe('globex');
    expect(await seen(['ask', 'How many orders?', '--tenant', 'globex'])).toBe('globex');
    expect(await seen(['ask', 'How many orders?'])).toBeUndefined();
    await expect(seen(['keys', 'create'])).rejects.toMatchObject({ code: 'commander.missingMandatoryOptionValue' });
  });

  it('finds the command name past the program-level options', () => {
    expect(commandNameOf(['node', 'gridrag', 'ask', 'q'])).toBe('ask');
    expect(commandNameOf(['node', 'gridrag', '--tenant', 'acme', 'drive', 'sync'])).toBe('drive');
    expect(commandNameOf(['node', 'gridrag', '--tenant=acme', 'keys', 'list'])).toBe('keys');
    expect(commandNameOf(['node', 'gridrag', '--help'])).toBeUndefined();
    expect(commandNameOf(['node', 'gridrag'])).toBeUndefined();
  });

  it('offers --json on every command that prints a result', async () => {
    const program = await createProgram(undefined, { exit: false });
    // `serve` runs until stopped and prints no result
    for (const leaf of leafCommands(program).filter((leaf) => leaf.name !== 'help' && leaf.name !== 'serve')) {
      expect(leaf.command.options.map((option) => option.long), leaf.name).toContain('--json');
    }
  });

  it('prints the package version for --version', async () => {
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const program = await createProgram(undefined, { exit: false });
    let printed = '';
    program.configureOutput({ writeOut: (text) => (printed += text) });
    await expect(program.parseAsync(['node', 'gridrag', '--version'])).rejects.toMatchObject({ code: 'commander.version' });
    expect(printed.trim()).toBe(version);
  });

  it('lists every exit code in --help, and the README lists the same', async () => {
    const program = await createProgram(undefined, { exit: false });
    const help = program.helpInformation() + (await helpAfter(program));
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(help, code).toMatch(new RegExp(`\\b${entry.exitCode}\\s+${code}\\b`));
      expect(readme, code).toContain(`\`${code}\``);
      expect(readme, code).toMatch(new RegExp(`\\| ${entry.exitCode} \\|`));
    }
    for (const exit of [0, 1, 2]) expect(help).toMatch(new RegExp(`\\n\\s+${exit}\\s`));
  });
});

/** The text `addHelpText('after', …)` adds, as `--help` prints it. */
async function helpAfter(program: Command): Promise<string> {
  let printed = '';
  program.configureOutput({ writeOut: (text) => (printed += text) });
  await program.parseAsync(['node', 'gridrag', '--help']).catch(() => undefined);
  return printed;
}
