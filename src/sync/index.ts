/**
 * @module sync: keeps the database in step with a source (a local folder, a Drive folder):
 * the engine, its state, one-pass runs and the local-folder watcher.
 */
export { emptySyncSummary, type SyncEvent, type SyncEventType, type SyncOptions, type SyncSummary } from './sync-types.js';
export { syncSource, BUSY_REASON, STORED_FAILURE_REASON, NESTED_GLOSSARY_REASON, type SyncSourceOptions } from './sync-engine.js';
export { syncLocalFolder, syncDriveFolder, type SyncLocalFolderOptions, type SyncDriveFolderOptions } from './sync-folders.js';
export { watchLocalFolder, type WatchLocalFolderOptions } from './watch-local-folder.js';
