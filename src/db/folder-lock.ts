/**
 * One process at a time per embedded database folder. PGlite is single-process: two writers on
 * one folder lose data or corrupt it. The lock is a file `.gridrag.owner` holding the owner's
 * process id, host and process start time, created atomically (hard link of a complete file).
 *
 * A lock is taken over only from an owner known to be gone, never from one that is merely slow:
 * - on the same host, the owner is alive while its process id exists with the same start time
 *   (so a process that blocks its event loop for minutes keeps its folder, and a `kill -9`ed
 *   one frees it at once);
 * - from another host (a shared network folder) liveness is the file's heartbeat: its mtime,
 *   refreshed every `HEARTBEAT_MS` by a small worker thread, so the refresh goes on while the
 *   main thread is busy; a heartbeat older than `staleMs` means the owner is gone.
 * @module db/folder-lock
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DbError } from '../errors.js';

/** Name of the lock file inside the data folder. */
export const LOCK_FILE = '.gridrag.owner';
/** How often the heartbeat thread touches the lock file, in milliseconds. */
const HEARTBEAT_MS = 2_000;
/** How long between two looks at a lock held by someone else, in milliseconds. */
const POLL_MS = 150;

/** What the lock file holds. */
export interface LockOwner {
  pid: number;
  host: string;
  /** The process start time as the kernel counts it (`/proc/<pid>/stat` field 22), when known. */
  started?: string;
  /** Random, so a process knows its own lock from a later one with a reused pid. */
  token: string;
  /** The command line the owner runs, as a user typed it (`gridrag serve`), when it said (`setLockHolder`). */
  command?: string;
  /** The process id the user sees (the `gridrag` launcher of a tuned child), when not `pid`. */
  shownPid?: number;
}

/** How this process names itself in its locks (`setLockHolder`). */
export interface LockHolder {
  /** The command line, e.g. `gridrag sync --watch`. */
  command?: string;
  /** The process id the user knows (the launcher's, when this is its tuned child). */
  pid?: number;
}

let thisHolder: LockHolder = {};

/**
 * Names this process in the locks it takes from now on, so that a command kept waiting says
 * which one holds the folder (`gridrag serve`, process 26400) rather than a child's pid.
 */
export function setLockHolder(holder: LockHolder): void {
  thisHolder = { ...holder };
}

/** ` \`gridrag serve\` (process 26400 on host)`, or `another gridrag process (process …)` for an owner that did not say. */
function holderText(holder: LockOwner | undefined, host: string): string {
  if (!holder) return 'another gridrag process';
  const where = `process ${holder.shownPid ?? holder.pid}${holder.host !== host ? ` on ${holder.host}` : ''}`;
  return holder.command ? `\`${holder.command}\` (${where})` : `another gridrag process (${where})`;
}

/** A held lock. */
export interface FolderLock {
  /** Removes the lock file if it is still ours and stops the heartbeat. Safe to call twice. */
  release(): Promise<void>;
}

/** How to wait. */
export interface LockOptions {
  /** How long to wait for a live owner to finish, in milliseconds. @default 15000 */
  waitMs?: number;
  /** Heartbeat age after which an owner on another host counts as gone, in milliseconds. @default 30000 */
  staleMs?: number;
}

function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the owner may still be working on the folder. */
export function ownerAlive(owner: LockOwner, heartbeatAgeMs: number, staleMs: number): boolean {
  if (owner.host !== os.hostname()) return heartbeatAgeMs < staleMs;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !processExists(owner.pid)) return false;
  if (owner.started === undefined) return true;
  const now = processStart(owner.pid);
  return now === undefined || now === owner.started;
}

function readOwner(file: string): { owner?: LockOwner; text: string; ageMs: number } | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const ageMs = Date.now() - statSync(file).mtimeMs;
    try {
      return { owner: JSON.parse(text) as LockOwner, text, ageMs };
    } catch {
      return { text, ageMs };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function tryCreate(file: string, owner: LockOwner): boolean {
  const temporary = `${file}.${owner.token}.tmp`;
  writeFileSync(temporary, JSON.stringify(owner));
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Removes a gone owner's lock, unless someone else replaced it meanwhile. Takers serialize on
 * a directory (`mkdir` is atomic); one left behind by a taker that died is removed after 5 s.
 */
function removeGone(file: string, seen: string): void {
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > 5_000) rmdirSync(guard);
    } catch {
      /* another taker removed it */
    }
    return;
  }
  try {
    if (readOwner(file)?.text === seen) unlinkSync(file);
  } finally {
    rmdirSync(guard);
  }
}

/** Locks this process holds, released at exit. */
const HELD = new Set<() => void>();
let exitHooked = false;

// Dynamic import() works whether the worker's code is read as a script or as a module.
const HEARTBEAT_SOURCE = `
Promise.all([import('node:worker_threads'), import('node:fs')]).then(([{ workerData }, { utimesSync }]) => {
  setInterval(() => { try { const now = new Date(); utimesSync(workerData.file, now, now); } catch {} }, workerData.everyMs);
});
`;

/**
 * Takes the folder's lock, waiting up to `waitMs` for a live owner to finish.
 * @param dataDir the database folder (must exist)
 * @throws DbError when a live owner keeps the folder past `waitMs` (names its process id), or
 *   when the lock file cannot be written
 */
export async function lockFolder(dataDir: string, options: LockOptions = {}): Promise<FolderLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const waitMs = options.waitMs ?? 15_000;
  const staleMs = options.staleMs ?? 30_000;
  const owner: LockOwner = {
    pid: process.pid, host: os.hostname(), started: processStart(process.pid), token: randomBytes(12).toString('hex'),
    ...(thisHolder.command ? { command: thisHolder.command } : {}),
    ...(thisHolder.pid !== undefined && thisHolder.pid !== process.pid ? { shownPid: thisHolder.pid } : {}),
  };
  const deadline = Date.now() + waitMs;
  let holder: LockOwner | undefined;
  try {
    for (;;) {
      if (tryCreate(file, owner)) break;
      const current = readOwner(file);
      if (current !== undefined) {
        holder = current.owner;
        // A file without a readable owner is never left by `tryCreate` (it links a complete file).
        const alive = current.owner !== undefined ? ownerAlive(current.owner, current.ageMs, staleMs) : current.ageMs < staleMs;
        if (!alive) {
          removeGone(file, current.text);
          continue;
        }
      }
      if (Date.now() >= deadline) {
        throw new DbError(
          `the embedded database in ${dataDir} is in use by ${holderText(holder, owner.host)}; wait for it or stop it, or set DATABASE_URL to share a Postgres server between processes`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    if (error instanceof DbError) throw error;
    throw new DbError(`cannot lock the embedded database folder ${dataDir}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }

  const heartbeat = new Worker(HEARTBEAT_SOURCE, { eval: true, workerData: { file, everyMs: HEARTBEAT_MS } });
  heartbeat.unref();
  // Without a heartbeat the lock still holds on this host (process id); never crash for it.
  heartbeat.on('error', () => undefined);
  let released = false;
  const releaseNow = () => {
    if (released) return;
    released = true;
    try {
      if (readOwner(file)?.owner?.token === owner.token) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  HELD.add(releaseNow);
  if (!exitHooked) {
    exitHooked = true;
    // A process that exits without closing (process.exit in a signal handler) still frees its folders.
    process.once('exit', () => {
      for (const release of HELD) release();
    });
  }
  return {
    async release() {
      HELD.delete(releaseNow);
      releaseNow();
      await heartbeat.terminate();
    },
  };
}
