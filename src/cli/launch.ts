/**
 * The `gridrag` entry (`bin/gridrag.js`): runs the command line in this process, or, for the
 * long commands that ingest (`TUNED_COMMANDS`), in a child process started with the memory
 * settings of `process-tuning.ts`, which cannot be set once a process runs (Node 20 has no
 * `process.execve`). The launcher only waits for the child and passes signals on:
 * - stdio is shared; the child's exit code is the launcher's, and a child killed by a signal
 *   kills the launcher with the same signal;
 * - SIGINT, SIGTERM and SIGHUP sent to the launcher are sent on to the child, once each. The
 *   child is `detached` (a process group and session of its own), so Ctrl-C at a terminal, which
 *   signals the whole foreground group, reaches it once, through the launcher: were it in the
 *   launcher's group it would see every Ctrl-C twice, and a second one exits at once instead of
 *   stopping cleanly (`stop-on-signal.ts`). Ctrl-Z (SIGTSTP) stops the child with the launcher,
 *   SIGCONT (`fg`) continues both, and a terminal's resize (SIGWINCH) is passed on too;
 * - a launcher killed outright (SIGKILL) closes the IPC channel: the child then stops as on
 *   SIGTERM (the running query cancelled, the folder's lock released), so it never runs on unseen.
 * The child carries `CHILD_MARKER` and never starts another. Short and interactive commands
 * (`ask`, `sql`, `tables`, `demo`, `keys`, `health` …) run in this process: they hold little
 * memory, and a second process would add to their start-up time. `GRIDRAG_NO_TUNE=1` keeps
 * every command in this process, as does Windows (no signals to pass on).
 * @module cli/launch
 */
import 'dotenv/config';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { tunedProcess } from '../process-tuning.js';
import { commandNameOf, LAUNCHER_PID_ENV } from './command-name.js';

/** Commands run in a tuned child process: those that ingest files and may run long. */
export const TUNED_COMMANDS: ReadonlySet<string> = new Set(['ingest', 'sync', 'drive', 'serve']);
/** Set in the tuned child's environment, so that it runs the command itself. */
export const CHILD_MARKER = 'GRIDRAG_TUNED_CHILD';
/**
 * Signals the launcher sends on to the child: the three it stops cleanly on (`stop-on-signal.ts`),
 * and a terminal's resize (the child, in a session of its own, is not told of it otherwise).
 */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGWINCH'] as const;

/**
 * True when the command in `argv` runs in a tuned child: a `TUNED_COMMANDS` command, not in
 * a tuned child already, `GRIDRAG_NO_TUNE` unset (or `0`), and not on Windows.
 */
export function runsTuned(argv: string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32' || env[CHILD_MARKER] || (env.GRIDRAG_NO_TUNE && env.GRIDRAG_NO_TUNE !== '0')) return false;
  return TUNED_COMMANDS.has(commandNameOf(argv) ?? '');
}

/** Starts this script again as a tuned child and mirrors its end (exit code or signal). */
function runTunedChild(): void {
  const tuned = tunedProcess({ ...process.env, [CHILD_MARKER]: '1', [LAUNCHER_PID_ENV]: String(process.pid) }, process.execArgv);
  const child = spawn(process.execPath, [...tuned.execArgv, ...process.argv.slice(1)], { env: tuned.env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], detached: true });
  let forwardedSignal = false;
  const forward = (signal: NodeJS.Signals) => {
    if (signal !== 'SIGWINCH') forwardedSignal = true;
    child.kill(signal);
  };
  const suspend = () => {
    child.kill('SIGSTOP');
    process.kill(process.pid, 'SIGSTOP');
  };
  const resume = () => child.kill('SIGCONT');
  for (const signal of FORWARDED) process.on(signal, forward);
  process.on('SIGTSTP', suspend);
  process.on('SIGCONT', resume);
  child.once('error', (error) => {
    process.stderr.write(`gridrag: cannot start the command's process: ${error.message}; GRIDRAG_NO_TUNE=1 runs it in this one\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    // Killed by a signal the launcher did not pass on (kill -9, the kernel's OOM killer): say so.
    if (signal && !forwardedSignal) process.stderr.write(`gridrag: the command's process (pid ${child.pid}) was killed by ${signal}; a stopped ingest keeps each file's previous version\n`);
    for (const forwarded of FORWARDED) process.off(forwarded, forward);
    process.off('SIGTSTP', suspend);
    process.off('SIGCONT', resume);
    if (signal) process.kill(process.pid, signal);
    // Reached only for a signal that does not end a process by default.
    process.exit(code ?? 128 + (os.constants.signals[signal ?? 'SIGTERM'] ?? 15));
  });
}

/** In the tuned child: stop as on SIGTERM when the launcher is gone (the IPC channel closes). */
function stopWithLauncher(): void {
  // The channel must not keep the process alive once the command is done.
  process.channel?.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

/** Runs the command line of `process.argv`, here or in a tuned child (see the module's notes). */
export async function launch(): Promise<void> {
  if (runsTuned(process.argv, process.env)) {
    runTunedChild();
    return;
  }
  if (process.env[CHILD_MARKER] && process.connected) stopWithLauncher();
  await import('./main.js');
}
