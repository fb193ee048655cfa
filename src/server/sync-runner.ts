/**
 * Sync inside the server: a local folder watched with chokidar (`--sync <folder>`) and the
 * Drive folder of GOOGLE_DRIVE_FOLDER_ID on a schedule (`--drive --every 5m`), both into the
 * server's tenant (GRIDRAG_TENANT), through the app's sync use cases (access levels from
 * GRIDRAG_ACCESS_LEVELS, the folder's glossary).
 * `POST /api/sync` runs the configured syncs now; runs of this runner never overlap.
 * @module server/sync-runner
 */
import type { Logger } from 'pino';
import { syncDrive as syncDriveNow, syncFolder, watchFolder, type App, type SyncResult as SyncSummary } from '../app/index.js';
import { ConfigError } from '../errors.js';
import type { DriveAuth } from '../source/index.js';

/** The summaries of one run, per configured source. */
export interface SyncRunResult {
  folder?: SyncSummary;
  drive?: SyncSummary;
}

export interface SyncRunner {
  /** True when a folder or Drive is configured. */
  readonly configured: boolean;
  /** Runs every configured sync once, after any run in progress. @throws ConfigError when none is configured */
  runNow(): Promise<SyncRunResult>;
  /** Starts the folder watch and the Drive schedule. */
  start(): Promise<void>;
  /** Stops both and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface SyncRunnerOptions {
  app: App;
  logger: Logger;
  /** The local folder to keep in step. */
  folder?: string;
  /** Recycle-bin subfolder of `folder`. @default 'recycle-bin' */
  recycleBin?: string;
  /** Sync the Drive folder GOOGLE_DRIVE_FOLDER_ID. */
  drive?: boolean;
  /** Drive schedule, in milliseconds. @default 300000 */
  everyMs?: number;
  /** A signed-in Drive client instead of the configured credentials (tests, a fake Drive). */
  driveAuth?: DriveAuth;
}

/** Parses `30s`, `5m`, `1h` or plain seconds into milliseconds. @throws ConfigError */
export function parseInterval(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new ConfigError(`--every: "${text}" is not a duration like 30s, 5m or 1h`);
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = Number(match[1]) * factor;
  if (ms < 5000) throw new ConfigError('--every: at least 5s');
  return ms;
}

export function createSyncRunner(options: SyncRunnerOptions): SyncRunner {
  const { app, logger } = options;
  let chain: Promise<unknown> = Promise.resolve();
  let stopWatch: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  }

  const syncDrive = (): Promise<SyncSummary> => syncDriveNow(app, {}, { auth: options.driveAuth });
  const folderRequest = () => ({ folder: options.folder as string, ...(options.recycleBin ? { recycleBin: options.recycleBin } : {}) });

  const log = (source: string, summary: SyncSummary) =>
    logger.info({ source, added: summary.added, changed: summary.changed, deleted: summary.deleted, renamed: summary.renamed, failed: summary.failed.length }, 'sync finished');

  return {
    configured: options.folder !== undefined || options.drive === true,
    runNow() {
      if (options.folder === undefined && !options.drive) {
        return Promise.reject(new ConfigError('this server syncs nothing: start it with --sync <folder> or --drive'));
      }
      return serial(async () => {
        const result: SyncRunResult = {};
        if (options.folder !== undefined) {
          result.folder = await syncFolder(app, folderRequest());
          log('folder', result.folder);
        }
        if (options.drive) {
          result.drive = await syncDrive();
          log('drive', result.drive);
        }
        return result;
      });
    },
    async start() {
      if (options.folder !== undefined) {
        stopWatch = await watchFolder(app, folderRequest(), {
          onSync: (summary) => log('folder', summary),
          onError: (error) => logger.error({ err: error }, 'folder sync failed'),
        });
      }
      if (options.drive) {
        const every = options.everyMs ?? 300_000;
        const tick = () => {
          serial(syncDrive)
            .then((summary) => log('drive', summary))
            .catch((error) => logger.error({ err: error }, 'drive sync failed'))
            .finally(() => {
              if (timer !== undefined) timer = setTimeout(tick, every);
            });
        };
        timer = setTimeout(tick, 0);
      }
    },
    async stop() {
      const pending = timer;
      timer = undefined;
      if (pending) clearTimeout(pending);
      await stopWatch?.();
      await chain;
    },
  };
}
