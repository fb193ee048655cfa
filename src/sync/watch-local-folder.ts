/**
 * Keeps a local folder in sync while the process runs: one sync at start, then one after
 * each burst of file-system events (debounced), never two at once. A file that fails is
 * reported once: later passes count it unchanged until it changes (and is read again).
 * @module sync/watch-local-folder
 */
import { watch } from 'chokidar';
import { basename, resolve } from 'node:path';
import type { Db } from '../db/index.js';
import { DEFAULT_RECYCLE_BIN, isNoiseName } from '../source/index.js';
import { syncLocalFolder, type SyncLocalFolderOptions } from './sync-folders.js';
import { BUSY_REASON } from './sync-engine.js';
import type { SyncSummary } from './sync-types.js';

/** Options of `watchLocalFolder`. */
export interface WatchLocalFolderOptions extends SyncLocalFolderOptions {
  /** Quiet time after the last file-system event before a sync starts, in milliseconds. @default 500 */
  debounceMs?: number;
  /** When files were skipped as still being written, sync again after this many milliseconds. @default 1000 */
  retryBusyMs?: number;
  /** Called after each sync with its summary. */
  onSync?: (summary: SyncSummary) => void;
  /** Called when a sync throws (the folder vanished, the database is down); watching goes on. */
  onError?: (error: unknown) => void;
}

/**
 * Syncs `folder` once, then watches it (chokidar) and syncs after each burst of changes.
 * @returns a function that stops watching and waits for a running sync to finish
 * @throws whatever the first sync throws (then nothing is watched)
 */
export async function watchLocalFolder(db: Db, folder: string, options: WatchLocalFolderOptions): Promise<() => Promise<void>> {
  const root = resolve(folder);
  const debounceMs = options.debounceMs ?? 500;
  const retryBusyMs = options.retryBusyMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let stopped = false;

  const report = (summary: SyncSummary): void => {
    options.onSync?.(summary);
    if (summary.skipped.some((skip) => skip.reason === BUSY_REASON)) schedule(retryBusyMs);
  };
  report(await syncLocalFolder(db, root, options));

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  }

  function run(): void {
    timer = undefined;
    if (stopped) return;
    if (running) {
      pending = true;
      return;
    }
    // a failure of a file unchanged since was reported by an earlier pass of this watch
    running = syncLocalFolder(db, root, { ...options, repeatStoredFailures: false })
      .then(report, (error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (pending) {
          pending = false;
          schedule(debounceMs);
        }
      });
  }

  const recycleBin = resolve(root, options.recycleBin ?? DEFAULT_RECYCLE_BIN);
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (path: string) => path !== root && (path === recycleBin || isNoiseName(basename(path))),
  });
  watcher.on('all', () => schedule(debounceMs));
  watcher.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolveReady) => watcher.once('ready', () => resolveReady()));

  return async function stop(): Promise<void> {
    stopped = true;
    if (timer) clearTimeout(timer);
    await watcher.close();
    await running;
  };
}
