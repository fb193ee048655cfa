/** @module source: local folders and Google Drive as sources, the sync engine that keeps the database in step, progress reporting. */
export type { Source, SourceFile, SourceChange, SourceChanges, SourceKind } from './source.js';
export { SourceError, SourceFileBusyError } from './source-errors.js';
export { emptySyncSummary, type SyncEvent, type SyncEventType, type SyncOptions, type SyncSummary } from './sync-types.js';
export { syncSource, BUSY_REASON, type SyncSourceOptions } from './sync-engine.js';
export {
  createLocalFolderSource,
  syncLocalFolder,
  DEFAULT_RECYCLE_BIN,
  type LocalFolderOptions,
  type SyncLocalFolderOptions,
} from './local-folder-source.js';
export { watchLocalFolder, type WatchLocalFolderOptions } from './watch-local-folder.js';
export {
  createGoogleDriveSource,
  syncDriveFolder,
  type GoogleDriveSourceOptions,
  type SyncDriveFolderOptions,
} from './google-drive-source.js';
export type { DriveApi } from './drive-api.js';
export {
  createDriveAuth,
  driveAuthSettingsFromConfig,
  DRIVE_READONLY_SCOPE,
  type DriveAuth,
  type DriveAuthSettings,
} from './drive-auth.js';
export { withRetry, isRetryableError, type RetryOptions } from './retry.js';
export { isNoiseName, isConfigurationName, hasSupportedExtension } from './file-filters.js';
