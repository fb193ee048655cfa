/**
 * `gridrag sync <folder>` and `gridrag drive sync`: keep the database in step with a local
 * folder or a Google Drive folder (adds, changes, renames, trash and recycle-bin deletes).
 * One-shot by default (for cron / Task Scheduler); `--watch` keeps going. Exits 1 when a
 * file failed (also a failure reported again for a file unchanged since) or a tabular file
 * holds no table, as `ingest` does. With `--watch` a failure is reported once, on the pass
 * that finds it (the first pass reports files still failing), and again only once it changes.
 * @module cli/sync-commands
 */
import type { Command } from 'commander';
import { parseRequest, syncDrive, syncFolder, watchFolder, type SyncResult } from '../app/index.js';
import { describeError, InvalidRequestError } from '../errors.js';
import { TENANT_FLAGS, TENANT_HELP } from './ingest-commands.js';
import { describeEvent, reportSyncProgress } from './sync-progress.js';
import { withApp } from './with-app.js';
import { z } from 'zod';

/** Exit 1 while any file is failed or a tabular file holds no table, as `ingest` does. */
function exitFor(summary: SyncResult): void {
  if (summary.failed.length > 0 || summary.noTable.length > 0) process.exitCode = 1;
}

/** Resolves when the process is asked to stop (Ctrl-C, SIGTERM, SIGHUP). */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
  });
}

const IntervalSchema = z.object({ interval: z.coerce.number({ error: 'must be a number of seconds' }).min(5, 'must be at least 5 seconds').max(86_400) });

export function registerSyncCommands(program: Command): void {
  program
    .command('sync')
    .description('sync a local folder: new files ingested, changed ones replaced, deleted or recycled ones removed')
    .argument('<folder>', 'the folder to keep in step (subfolders included)')
    .option('--watch', 'keep watching and sync after each burst of changes')
    .option('--recycle-bin <name>', 'recycle-bin subfolder: files moved there are deleted', 'recycle-bin')
    .option('--json', 'print the summary as JSON (one line per sync with --watch)')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (folder: string, options: { watch?: boolean; recycleBin: string; json?: boolean; tenant?: string }) => {
      await withApp(options, async (app) => {
        const progress = reportSyncProgress(process.stdout, { json: options.json, jsonLines: options.watch });
        const request = { folder, recycleBin: options.recycleBin };
        if (!options.watch) {
          const summary = await syncFolder(app, request, { onEvent: progress.onEvent });
          // Nothing listed at all: say so, as `ingest` does, rather than a line of zeros alone.
          const counts = [summary.added, summary.changed, summary.unchanged, summary.renamed, summary.deleted, summary.failed.length, summary.noTable.length, summary.skipped.length];
          if (!options.json && counts.every((count) => count === 0)) process.stdout.write(`${describeEvent({ type: 'skipped', path: folder, ref: folder, reason: 'the folder holds no files', done: 0, total: 0 })}\n`);
          progress.finish(summary);
          exitFor(summary);
          return;
        }
        const stop = await watchFolder(app, request, {
          onEvent: progress.onEvent,
          onSync: (summary) => progress.finish(summary),
          onError: (error) => process.stderr.write(`gridrag: sync failed: ${describeError(error)}\n`),
        });
        await untilStopped();
        await stop();
      });
    });

  const drive = program.command('drive').description('Google Drive');
  drive
    .command('sync')
    .description('sync the Google Drive folder GOOGLE_DRIVE_FOLDER_ID (changes feed after the first run; trash and the recycle-bin folder delete)')
    .option('--watch', 'poll the changes feed every --interval seconds')
    .option('--interval <seconds>', 'polling interval with --watch, at least 5', '60')
    .option('--json', 'print the summary as JSON (one line per sync with --watch)')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (options: { watch?: boolean; interval: string; json?: boolean; tenant?: string }) => {
      const { interval } = parseRequest(IntervalSchema, { interval: options.interval });
      if (!Number.isFinite(interval)) throw new InvalidRequestError('interval: must be a number of seconds');
      await withApp(options, async (app) => {
        const once = async (repeatStoredFailures: boolean) => {
          const progress = reportSyncProgress(process.stdout, { json: options.json, jsonLines: options.watch });
          const summary = await syncDrive(app, {}, { onEvent: progress.onEvent, repeatStoredFailures });
          progress.finish(summary);
          exitFor(summary);
        };
        await once(true);
        if (!options.watch) return;
        let stopped = false;
        const stop = untilStopped().then(() => (stopped = true));
        while (!stopped) {
          await Promise.race([new Promise((resolve) => setTimeout(resolve, interval * 1000).unref()), stop]);
          // a failure reported by an earlier pass is not reported again until the file changes
          if (!stopped) await once(false).catch((error) => process.stderr.write(`gridrag: drive sync failed: ${describeError(error)}\n`));
        }
      });
    });
}
