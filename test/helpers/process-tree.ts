/**
 * What Linux's /proc says about a process, for tests of the launcher (`cli/launch.ts`): its
 * state, parent, process group and session, its children, its environment and arguments.
 * @module test/helpers/process-tree
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Fields of `/proc/<pid>/stat`; undefined once the process is gone. */
export function processStat(pid: number): { state: string; ppid: number; pgrp: number; session: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the last ')'.
    const [state, ppid, pgrp, session] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid), pgrp: Number(pgrp), session: Number(session) };
  } catch {
    return undefined;
  }
}

/** Process ids whose parent is `pid`. */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((other) => processStat(other)?.ppid === pid);
}

/**
 * The process running a command started as `pid`: the launcher's tuned child, waited for up to
 * `waitMs` (milliseconds), else `pid` itself (a command run in the launcher's own process).
 */
export async function commandPid(pid: number, waitMs = 0): Promise<number> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [child] = childPids(pid);
    if (child !== undefined) return child;
    if (Date.now() >= deadline) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The environment of a process (`/proc/<pid>/environ`). */
export function processEnv(pid: number): Record<string, string> {
  const text = readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(text.split('\0').filter(Boolean).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

/** The command line of a process (`/proc/<pid>/cmdline`). */
export function processArgs(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

/** True while a process with this id runs (an exited one not yet reaped, a zombie, does not). */
export function processAlive(pid: number): boolean {
  const stat = processStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}
