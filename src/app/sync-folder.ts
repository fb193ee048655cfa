/**
 * Use cases `sync` and `drive sync`: keep the tenant's records in step with a local folder
 * or the configured Google Drive folder (adds, changes, renames, deletes). The root
 * `glossary.yml` is loaded on each pass through the same loader `ingest` uses.
 * @module app/sync-folder
 */
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { createDriveAuth, DEFAULT_RECYCLE_BIN, driveAuthSettingsFromConfig, type DriveAuth } from '../source/index.js';
import { syncDriveFolder, syncLocalFolder, watchLocalFolder, type SyncEvent, type SyncOptions, type SyncSummary } from '../sync/index.js';
import { accessLevelOf, parseAccessMap } from './access-levels.js';
import { loadGlossaryFile } from './glossary-files.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';
import { readLimitsOf } from '../config.js';

export const SyncRequestSchema = z.object({
  /** The folder on the server's disk to keep in step (subfolders included). */
  folder: z.string().min(1, 'a folder is required'),
  /** Recycle-bin subfolder: files moved there are deleted. */
  recycleBin: z.string().min(1).default(DEFAULT_RECYCLE_BIN),
});
export type SyncRequest = z.input<typeof SyncRequestSchema>;

export const DriveSyncRequestSchema = z.object({}).strict();
export type DriveSyncRequest = z.input<typeof DriveSyncRequestSchema>;

/** What one sync pass did. */
export const SyncResultSchema = z.object({
  /** `full`: a listing compared with the stored state; `incremental`: a change feed applied. */
  mode: z.enum(['full', 'incremental']),
  /** Files by what happened, each counted once: a tabular file with no table is counted in `noTable` only. */
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  renamed: z.number().int(),
  deleted: z.number().int(),
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
  /** Tabular files that hold no table, each with why (as `ingest` reports them); they make `gridrag sync` exit 1. */
  noTable: z.array(z.object({ path: z.string(), reason: z.string() })),
  warnings: z.array(z.object({ path: z.string(), message: z.string() })),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  glossaryTerms: z.number().int(),
});
export type SyncResult = SyncSummary;

/** Progress callbacks of a sync. */
export interface SyncHooks {
  /** One per file action, as it happens. */
  onEvent?: (event: SyncEvent) => void;
  /** `false` on the later passes of a watch: a failure unchanged since an earlier pass is not reported again (`SyncOptions`). @default true */
  repeatStoredFailures?: boolean;
}

/** The sync options every pass of this app uses: tenant, progress, the one glossary loader and access levels from GRIDRAG_ACCESS_LEVELS. */
function syncOptions(app: App, hooks: SyncHooks, sourceIdOf: (ref: string) => string): SyncOptions {
  const rules = parseAccessMap(app.config.GRIDRAG_ACCESS_LEVELS);
  return {
    tenantId: app.tenantId,
    accessLevelOf: (file) => accessLevelOf(rules, file),
    limits: readLimitsOf(app.config),
    signal: app.signal,
    onEvent: hooks.onEvent,
    repeatStoredFailures: hooks.repeatStoredFailures,
    onConfiguration: (file, bytes) => loadGlossaryFile(app, sourceIdOf(file.ref), file.path, bytes),
  };
}

/**
 * One pass over a local folder.
 * @throws InvalidRequestError, SourceError when the folder cannot be listed (nothing is deleted then), DbError
 */
export async function syncFolder(app: App, request: SyncRequest, hooks: SyncHooks = {}): Promise<SyncResult> {
  const { folder, recycleBin } = parseRequest(SyncRequestSchema, request);
  return syncLocalFolder(app.db, folder, { ...syncOptions(app, hooks, (ref) => ref), recycleBin });
}

/**
 * Syncs a local folder once, then after each burst of changes until `stop` is called.
 * @param hooks.onSync called after each pass; `onError` when a later pass throws (watching goes on)
 * @returns stop: ends watching and waits for a running pass
 * @throws as `syncFolder` for the first pass
 */
export async function watchFolder(
  app: App,
  request: SyncRequest,
  hooks: SyncHooks & { onSync?: (summary: SyncResult) => void; onError?: (error: unknown) => void } = {},
): Promise<() => Promise<void>> {
  const { folder, recycleBin } = parseRequest(SyncRequestSchema, request);
  return watchLocalFolder(app.db, folder, { ...syncOptions(app, hooks, (ref) => ref), recycleBin, onSync: hooks.onSync, onError: hooks.onError });
}

/**
 * One pass over the Drive folder `GOOGLE_DRIVE_FOLDER_ID` (the changes feed after the first).
 * @param hooks.auth a signed-in Drive client to use instead of the configured credentials
 * @throws ConfigError when no folder or credentials are configured, UpstreamError, DbError
 */
export async function syncDrive(app: App, request: DriveSyncRequest = {}, hooks: SyncHooks & { auth?: DriveAuth } = {}): Promise<SyncResult> {
  parseRequest(DriveSyncRequestSchema, request);
  const folderId = app.config.GOOGLE_DRIVE_FOLDER_ID;
  if (!folderId) throw new ConfigError('set GOOGLE_DRIVE_FOLDER_ID to the id of the Drive folder to sync');
  const auth = hooks.auth ?? (await createDriveAuth(driveAuthSettingsFromConfig(app.config)));
  return syncDriveFolder(app.db, {
    ...syncOptions(app, hooks, (ref) => `drive:${ref}`),
    folderId,
    recycleBinFolderId: app.config.GOOGLE_DRIVE_RECYCLE_BIN_FOLDER_ID,
    auth,
    rootUrl: app.config.GOOGLE_DRIVE_ROOT_URL,
  });
}
