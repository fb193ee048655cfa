/**
 * The launcher (`launch.ts`): which commands run in a tuned child, and, with real processes
 * (the built `bin/gridrag.js`, as `npm test` builds it), that the child gets the settings, its own
 * session, the launcher's stdio and signals (once each), and that their ends mirror each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BIN } from '../../test/helpers/spawn-serve.js';
import { commandPid, processAlive, processArgs, processEnv, processStat } from '../../test/helpers/process-tree.js';
import { CHILD_MARKER, runsTuned } from './launch.js';

describe('runsTuned', () => {
  const argv = (...args: string[]) => ['node', 'bin/gridrag.js', ...args];

  it('runs the commands that ingest in a tuned child, the short ones here', () => {
    for (const command of [['ingest', 'a.csv'], ['sync', 'folder', '--watch'], ['drive', 'sync'], ['serve'], ['--tenant', 'acme', 'ingest', 'a.csv']]) {
      expect(runsTuned(argv(...command), {}, 'linux'), command.join(' ')).toBe(true);
    }
    for (const command of [['ask', 'how many?'], ['sql', 'select 1'], ['tables'], ['demo'], ['keys', 'list'], ['health'], ['--help'], []]) {
      expect(runsTuned(argv(...command), {}, 'linux'), command.join(' ')).toBe(false);
    }
  });

  it('keeps every command here in the tuned child itself, with GRIDRAG_NO_TUNE, and on Windows', () => {
    expect(runsTuned(argv('ingest', 'a.csv'), { [CHILD_MARKER]: '1' }, 'linux')).toBe(false);
    expect(runsTuned(argv('ingest', 'a.csv'), { GRIDRAG_NO_TUNE: '1' }, 'linux')).toBe(false);
    expect(runsTuned(argv('ingest', 'a.csv'), { GRIDRAG_NO_TUNE: '0' }, 'linux')).toBe(true);
    expect(runsTuned(argv('ingest', 'a.csv'), {}, 'win32')).toBe(false);
  });
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  endedAt: number;
}

describe.runIf(process.platform === 'linux')('gridrag launcher with real processes', () => {
  let home: string;
  let lock: string;
  let signalLog: string;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-launch-'));
    lock = path.join(home, 'data', '.gridrag.owner');
    signalLog = path.join(home, 'signals.log');
    await mkdir(path.join(home, 'folder'));
    await writeFile(path.join(home, 'folder', 'stock.csv'), 'item,count\nbolts,1\nnuts,2\n');
    // Loaded into every process (launcher and child): notes each stop signal it receives.
    await writeFile(path.join(home, 'count-signals.mjs'), `import { appendFileSync } from 'node:fs';\nfor (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGWINCH']) process.on(signal, () => appendFileSync(process.env.SIGNAL_LOG, process.pid + ' ' + signal + '\\n'));\n`);
  });

  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  /** Starts the bin as a terminal starts a job: in a process group of its own. */
  function start(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; done: Promise<Ended> } {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: home, detached: true, env: { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data'), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const done = new Promise<Ended>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr, endedAt: performance.now() })));
    return { child, done };
  }

  /** Waits until the folder's lock names `pid`. @throws Error after 30 s */
  async function lockedBy(pid: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid === pid) return;
      } catch {
        /* not locked yet */
      }
      if (Date.now() > deadline) throw new Error(`the folder was not locked by process ${pid}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** `gridrag sync --watch` running in its tuned child, the folder locked by the child. */
  async function watching(env: NodeJS.ProcessEnv = {}): Promise<{ launcher: ChildProcess; done: Promise<Ended>; command: number }> {
    const { child, done } = start(['sync', path.join(home, 'folder'), '--watch'], env);
    const command = await commandPid(child.pid!, 10_000);
    await lockedBy(command);
    return { launcher: child, done, command };
  }

  it('runs ingest in a child with the tuned settings, sharing stdout and ending with its exit code', async () => {
    const missing = await start(['ingest', 'missing.csv']).done;
    expect(missing.code, missing.stderr).toBe(1);
    expect(missing.stdout).toMatch(/not found: missing\.csv/);
    const { launcher, done, command } = await watching();
    expect(command).not.toBe(launcher.pid);
    expect(processEnv(command)).toMatchObject({ MALLOC_ARENA_MAX: '2', [CHILD_MARKER]: '1' });
    expect(processArgs(command)).toContain('--max-semi-space-size=2');
    // A session and process group of its own: a terminal's Ctrl-C reaches it only through the launcher.
    expect(processStat(command)).toMatchObject({ ppid: launcher.pid, pgrp: command, session: command });
    process.kill(launcher.pid!, 'SIGTERM');
    expect((await done).code).toBe(143);
  }, 60_000);

  it("keeps the user's settings, and runs in the launcher's own process with GRIDRAG_NO_TUNE=1", async () => {
    const tuned = await watching({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-semi-space-size=8' });
    expect(processEnv(tuned.command).MALLOC_ARENA_MAX).toBe('4');
    expect(processArgs(tuned.command).filter((arg) => arg.includes('semi-space'))).toEqual([]);
    process.kill(tuned.launcher.pid!, 'SIGTERM');
    await tuned.done;
    const { child, done } = start(['sync', path.join(home, 'folder'), '--watch'], { GRIDRAG_NO_TUNE: '1' });
    await lockedBy(child.pid!);
    process.kill(child.pid!, 'SIGTERM');
    expect((await done).code).toBe(143);
  }, 60_000);

  it("passes SIGINT, SIGTERM and SIGHUP on once, also a terminal's Ctrl-C to the whole group: the command stops within a second and frees the folder", async () => {
    const cases: [NodeJS.Signals, 'launcher' | 'group', number][] = [['SIGINT', 'group', 130], ['SIGINT', 'launcher', 130], ['SIGTERM', 'launcher', 143], ['SIGHUP', 'launcher', 129]];
    for (const [signal, to, code] of cases) {
      await writeFile(signalLog, '');
      const { launcher, done, command } = await watching({ NODE_OPTIONS: `--import=${path.join(home, 'count-signals.mjs')}`, SIGNAL_LOG: signalLog });
      const sent = performance.now();
      process.kill(to === 'group' ? -launcher.pid! : launcher.pid!, signal);
      const result = await done;
      expect(result.code, `${signal} to the ${to}: ${result.stderr}`).toBe(code);
      expect(result.stderr.match(/stopping/g)).toHaveLength(1);
      // Speed is measured in the bench; here only that it is prompt even on a busy machine.
      expect(result.endedAt - sent).toBeLessThan(2500);
      expect(existsSync(lock)).toBe(false);
      expect(readFileSync(signalLog, 'utf8').split('\n').filter((entry) => entry.startsWith(`${command} `))).toEqual([`${command} ${signal}`]);
    }
  }, 120_000);

  it('stops the command and frees the folder when the launcher is killed outright', async () => {
    const { launcher, done, command } = await watching();
    process.kill(launcher.pid!, 'SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    const killedAt = performance.now();
    while (processAlive(command) && performance.now() - killedAt < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(processAlive(command)).toBe(false);
    expect(performance.now() - killedAt).toBeLessThan(2500);
    expect(existsSync(lock)).toBe(false);
  }, 60_000);

  it('dies by the signal that killed the command, and says so', async () => {
    const { done, command } = await watching();
    process.kill(command, 'SIGKILL');
    const result = await done;
    expect(result).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(result.stderr).toContain(`the command's process (pid ${command}) was killed by SIGKILL`);
  }, 60_000);

  it('stops the command with the launcher on Ctrl-Z, continues both on SIGCONT, and passes a terminal resize on', async () => {
    await writeFile(signalLog, '');
    const { launcher, done, command } = await watching({ NODE_OPTIONS: `--import=${path.join(home, 'count-signals.mjs')}`, SIGNAL_LOG: signalLog });
    const until = async (pid: number, stopped: boolean) => {
      while ((processStat(pid)?.state === 'T') !== stopped) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    process.kill(-launcher.pid!, 'SIGTSTP');
    await until(launcher.pid!, true);
    await until(command, true);
    process.kill(-launcher.pid!, 'SIGCONT');
    await until(launcher.pid!, false);
    await until(command, false);
    process.kill(-launcher.pid!, 'SIGWINCH');
    while (!readFileSync(signalLog, 'utf8').includes(`${command} SIGWINCH`)) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(launcher.pid!, 'SIGTERM');
    expect((await done).code).toBe(143);
  }, 60_000);
});
