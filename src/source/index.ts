/** @module source: where files come from — the Source port, local folders and Google Drive as adapters, the one noise filter. */
export type { Source, SourceFile, SourceChange, SourceChanges, SourceKind } from './source.js';
export { SourceError, SourceFileBusyError } from './source-errors.js';
export { createLocalFolderSource, DEFAULT_RECYCLE_BIN, type LocalFolderOptions } from './local-folder-source.js';
export {
  createGoogleDriveSource,
  createDriveSourceFromAuth,
  type GoogleDriveSourceOptions,
  type DriveSourceFromAuthOptions,
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
export { isNoiseName, isConfigurationName, hasSupportedExtension, unsupportedReason } from './file-filters.js';
export { outsideLinkReason, type SkippedLink } from './folder-links.js';
