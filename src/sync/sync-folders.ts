/**
 * One pass over a local folder or a Drive folder: the source adapter built, the sync engine
 * run, the summary returned (for cron, Task Scheduler or a watch loop).
 * @module sync/sync-folders
 */
import { realpath, stat } from 'node:fs/promises';
import type { Db } from '../db/index.js';
import {
  createDriveSourceFromAuth, createLocalFolderSource, SourceError,
  type DriveAuth, type LocalFolderOptions, type RetryOptions,
} from '../source/index.js';
import { syncSource } from './sync-engine.js';
import type { SyncOptions, SyncSummary } from './sync-types.js';

/** Options of `syncLocalFolder`. */
export interface SyncLocalFolderOptions extends SyncOptions, LocalFolderOptions {}

/**
 * One pass over a local folder.
 * @throws SourceError when the folder cannot be listed (nothing is deleted then)
 */
export async function syncLocalFolder(db: Db, folder: string, options: SyncLocalFolderOptions): Promise<SyncSummary> {
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new SourceError(`not a folder: ${folder}`);
  // the real path: the same folder reached through a symlink keeps the same refs
  return syncSource(db, createLocalFolderSource(await realpath(folder), options), options);
}

/** Options of `syncDriveFolder`. */
export interface SyncDriveFolderOptions extends SyncOptions {
  folderId: string;
  recycleBinFolderId?: string;
  /** An authorized client from `createDriveAuth`. */
  auth: DriveAuth;
  /** Drive API root, e.g. `http://127.0.0.1:8080/` for a fake server. @default https://www.googleapis.com/ */
  rootUrl?: string;
  retry?: RetryOptions;
}

/**
 * One sync of a Drive folder into the database.
 * @throws UpstreamError when the folder or the change feed cannot be read (nothing is deleted)
 */
export async function syncDriveFolder(db: Db, options: SyncDriveFolderOptions): Promise<SyncSummary> {
  const source = createDriveSourceFromAuth({
    auth: options.auth,
    rootUrl: options.rootUrl,
    folderId: options.folderId,
    recycleBinFolderId: options.recycleBinFolderId,
    retry: options.retry,
  });
  return syncSource(db, source, options);
}
