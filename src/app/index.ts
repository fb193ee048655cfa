/**
 * @module app: the use cases every surface (CLI, HTTP API, Slack, web) calls, as plain async
 * functions over an opened `App`. Each takes a typed request validated by its exported zod
 * schema (`…RequestSchema`) and returns a typed result (`…ResultSchema`); errors are
 * `AppError`s whose codes map to exit codes and HTTP statuses in `errors.ts`.
 */
export { openApp, withTenant, type App } from './open-app.js';
export { parseRequest } from './request.js';
export { AnswerSchema, AnswerSourceSchema, ValidationOutcomeSchema } from './schemas.js';
export {
  ingest, ingestPaths, ingestSource, IngestRequestSchema, IngestResultSchema, FileOutcomeSchema, FileRowAccountSchema,
  type IngestRequest, type IngestResult, type IngestSummary, type FileOutcome, type IngestHooks,
} from './ingest-files.js';
export {
  syncFolder, watchFolder, syncDrive, SyncRequestSchema, DriveSyncRequestSchema, SyncResultSchema,
  type SyncRequest, type DriveSyncRequest, type SyncResult, type SyncHooks,
} from './sync-folder.js';
export { askQuestion, AskRequestSchema, AskResultSchema, type AskRequest, type AskResult } from './ask-question.js';
export {
  listTables, tableInfo, ListTablesRequestSchema, ListTablesResultSchema, TableInfoSchema, TableColumnSchema, FileRowsInfoSchema, FailedFileInfoSchema, FileWarningsInfoSchema,
  type ListTablesRequest, type ListTablesResult, type TableInfo, type FileRowsInfo, type FailedFileInfo, type FileWarningsInfo,
} from './list-tables.js';
export { runSql, SqlRequestSchema, SqlResultSchema, type SqlRequest, type SqlResult } from './run-sql.js';
export { readLog, LogRequestSchema, LogResultSchema, LogEntrySchema, MAX_LOG_LIMIT, type LogRequest, type LogResult, type LogEntry } from './read-log.js';
export { deleteRecord, DeleteRecordRequestSchema, DeleteRecordResultSchema, type DeleteRecordRequest, type DeleteRecordResult } from './delete-record.js';
export { listGlossary, GlossaryRequestSchema, GlossaryResultSchema, GlossaryTermSchema, type GlossaryRequest, type GlossaryResult } from './list-glossary.js';
export { loadGlossaryFile } from './glossary-files.js';
export {
  listFiles, uploadFiles, uploadPath, ListFilesRequestSchema, ListFilesResultSchema, FileRecordSchema, UploadRequestSchema, UploadResultSchema,
  UploadFileSchema, UploadFileResultSchema, MAX_UPLOAD_FILES,
  type ListFilesRequest, type ListFilesResult, type FileRecord, type UploadRequest, type UploadResult, type UploadFile, type UploadFileResult,
} from './files.js';
export { readTableRows, TableRowsRequestSchema, TableRowsResultSchema, MAX_TABLE_ROWS, type TableRowsRequest, type TableRowsResult } from './table-rows.js';
export { recordFeedback, FeedbackRequestSchema, FeedbackResultSchema, type FeedbackRequest, type FeedbackResult } from './record-feedback.js';
export { checkHealth, createHealthChecker, healthText, HealthResultSchema, type HealthChecker, type HealthResult } from './check-health.js';
