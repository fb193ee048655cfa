/**
 * `gridrag sync <folder>` and `gridrag drive sync`: keep the database in step with a local
 * folder or a Google Drive folder (adds, changes, renames, trash and recycle-bin deletes).
 * One-shot by default (for cron / Task Scheduler); `--watch` keeps going.
 * @module cli/sync-commands
 */
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseGlossary } from '../agent/index.js';
import type { App } from '../app/index.js';
import { ConfigError } from '../errors.js';
import {
  createDriveAuth, driveAuthSettingsFromConfig, reportSyncProgress, syncDriveFolder, syncLocalFolder, watchLocalFolder, type SyncSummary,
} from '../source/index.js';
import { saveGlossary } from '../store/index.js';
import { withApp } from './with-app.js';

async function loadFolderGlossary(app: App, folder: string): Promise<void> {
  for (const name of ['glossary.yml', 'glossary.yaml']) {
    const file = path.resolve(folder, name);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    await saveGlossary(app.db, app.tenantId, file, parseGlossary(text, name));
  }
}

function exitFor(summary: SyncSummary): void {
  if (summary.failed.length > 0) process.exitCode = 1;
}

/** Resolves when the process is asked to stop (Ctrl-C, SIGTERM). */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export function registerSyncCommands(program: Command): void {
  program
    .command('sync')
    .description('sync a local folder: new files ingested, changed ones replaced, deleted or recycled ones removed')
    .argument('<folder>', 'the folder to keep in step (subfolders included)')
    .option('--watch', 'keep watching and sync after each burst of changes')
    .option('--recycle-bin <name>', 'recycle-bin subfolder: files moved there are deleted', 'recycle-bin')
    .option('--tenant <id>', 'tenant id')
    .action(async (folder: string, options: { watch?: boolean; recycleBin: string; tenant?: string }) => {
      await withApp(options, async (app) => {
        await loadFolderGlossary(app, folder);
        const progress = reportSyncProgress(process.stdout);
        const settings = { tenantId: app.tenantId, recycleBin: options.recycleBin, onEvent: progress.onEvent };
        if (!options.watch) {
          const summary = await syncLocalFolder(app.db, folder, settings);
          progress.finish(summary);
          exitFor(summary);
          return;
        }
        const stop = await watchLocalFolder(app.db, folder, {
          ...settings,
          onSync: (summary) => progress.finish(summary),
          onError: (error) => process.stderr.write(`gridrag: sync failed: ${error instanceof Error ? error.message : String(error)}\n`),
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
    .option('--interval <seconds>', 'polling interval with --watch', '60')
    .option('--tenant <id>', 'tenant id')
    .action(async (options: { watch?: boolean; interval: string; tenant?: string }) => {
      await withApp(options, async (app) => {
        const folderId = app.config.GOOGLE_DRIVE_FOLDER_ID;
        if (!folderId) throw new ConfigError('set GOOGLE_DRIVE_FOLDER_ID to the id of the Drive folder to sync');
        const auth = await createDriveAuth(driveAuthSettingsFromConfig(app.config));
        const once = async () => {
          const progress = reportSyncProgress(process.stdout);
          const summary = await syncDriveFolder(app.db, {
            tenantId: app.tenantId,
            folderId,
            recycleBinFolderId: app.config.GOOGLE_DRIVE_RECYCLE_BIN_FOLDER_ID,
            auth,
            rootUrl: app.config.GOOGLE_DRIVE_ROOT_URL,
            onEvent: progress.onEvent,
          });
          progress.finish(summary);
          exitFor(summary);
        };
        await once();
        if (!options.watch) return;
        const intervalMs = Math.max(5, Number(options.interval) || 60) * 1000;
        let stopped = false;
        const stop = untilStopped().then(() => (stopped = true));
        while (!stopped) {
          await Promise.race([new Promise((resolve) => setTimeout(resolve, intervalMs).unref()), stop]);
          if (!stopped) await once().catch((error) => process.stderr.write(`gridrag: drive sync failed: ${error instanceof Error ? error.message : String(error)}\n`));
        }
      });
    });
}
