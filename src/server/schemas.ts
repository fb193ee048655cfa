/**
 * Request and response bodies of the HTTP API as zod schemas: the app's request and result
 * schemas (src/app) where a use case has them, the HTTP-only ones here. Routes validate
 * requests with them and the OpenAPI document (`openapi-document.ts`) is generated from the
 * same objects, so the two cannot drift. `.meta({ id })` names a schema in `components/schemas`.
 * @module server/schemas
 */
import { z } from 'zod';
import {
  AnswerSchema, AskRequestSchema, DeleteRecordResultSchema, FeedbackRequestSchema, FeedbackResultSchema, FileRecordSchema, ListTablesResultSchema, LogRequestSchema, LogResultSchema,
  SqlRequestSchema, SqlResultSchema, SyncResultSchema, TableRowsRequestSchema, TableRowsResultSchema, UploadFileResultSchema, HealthResultSchema,
} from '../app/index.js';

/** `{ error: { code, message } }`: every error response. `code` is the AppError code (see `http-status.ts`). */
export const ErrorBody = z
  .object({ error: z.object({ code: z.string().meta({ example: 'SQL_REJECTED' }), message: z.string() }) })
  .meta({ id: 'Error' });

export const AskRequest = AskRequestSchema.pick({ question: true })
  .strict()
  .meta({ id: 'AskRequest', example: { question: 'Which location had the most complaints in March 2025?' } });

/** The same object `gridrag ask --json` prints (the app's `AnswerSchema`). */
export const Answer = AnswerSchema.meta({ id: 'Answer' });

export const TablesResponse = ListTablesResultSchema.meta({ id: 'Tables' });

export const TableRowsQuery = TableRowsRequestSchema.pick({ limit: true });

export const TableNameParams = z.object({ name: z.string().meta({ description: 'the table\'s SQL name from GET /api/tables' }) });

export const TableRowsResponse = TableRowsResultSchema.meta({ id: 'TableRows' });

export const FeedbackRequest = FeedbackRequestSchema.pick({ question: true, sql: true, comment: true })
  .strict()
  .meta({ id: 'FeedbackRequest', example: { question: 'Total amount by country', sql: 'SELECT …', comment: 'France is missing the December orders' } });

export const FeedbackResponse = FeedbackResultSchema.meta({ id: 'FeedbackRecorded' });

export const SqlRequest = SqlRequestSchema.pick({ sql: true })
  .strict()
  .meta({ id: 'SqlRequest', example: { sql: 'SELECT count(*) FROM feedback_tracker_feedback' } });

export const SqlResponse = SqlResultSchema.meta({ id: 'SqlResult' });

export const LogQuery = LogRequestSchema.pick({ limit: true });

export const LogResponse = LogResultSchema.meta({ id: 'Log' });

export const FileRecord = FileRecordSchema.meta({ id: 'FileRecord' });

export const FilesResponse = z.object({ files: z.array(FileRecord) }).meta({ id: 'Files' });

export const UploadResult = UploadFileResultSchema.meta({ id: 'UploadResult' });

export const UploadResponse = z
  .object({ files: z.array(UploadResult), failed: z.number().int() })
  .meta({ id: 'UploadResponse' });

export const UploadForm = z
  .object({
    files: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'one or more files (field name `files`)' }),
    paths: z.array(z.string()).optional().meta({ description: 'optional path per file, in the order of the files (one per file, or none), e.g. finance/q1.xlsx: names the record and decides its access level; relative and `/`-separated, with no `..` part, no leading `/` or drive letter, no control character, no hidden, `~$` or temporary name, at most 500 characters (else that file fails with INVALID_REQUEST)' }),
  })
  .meta({ id: 'UploadForm' });

export const DeleteResponse = DeleteRecordResultSchema.meta({ id: 'Deleted' });

export const SyncSummaryBody = SyncResultSchema.meta({ id: 'SyncSummary' });

export const SyncResponse = z
  .object({ folder: SyncSummaryBody.optional(), drive: SyncSummaryBody.optional() })
  .meta({ id: 'SyncResult' });

export const HealthResponse = HealthResultSchema.meta({ id: 'Health' });

export const ReadyResponse = z.object({ ready: z.boolean() }).meta({ id: 'Ready' });

export const WebhookAskRequest = z
  .object({
    question: z.string().trim().min(1).max(2000),
    callback_url: z.url({ protocol: /^https?$/ }).optional().meta({ description: 'when given: 202 at once, the answer is POSTed there, signed' }),
  })
  .strict()
  .meta({ id: 'WebhookAskRequest' });

export const WebhookAccepted = z
  .object({ accepted: z.literal(true), id: z.string().uuid() })
  .meta({ id: 'WebhookAccepted' });

/** The body POSTed to `callback_url`. */
export const WebhookCallback = z
  .object({ id: z.string().uuid(), question: z.string(), answer: Answer.optional(), error: ErrorBody.shape.error.optional() })
  .meta({ id: 'WebhookCallback' });

export const WebhookHeaders = z.object({
  'x-gridrag-timestamp': z.string().meta({ description: 'unix seconds; refused when more than 5 minutes off' }),
  'x-gridrag-signature': z.string().meta({ description: 'sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the key\'s webhook secret>' }),
});

export const FileIdParams = z.object({ id: z.string().meta({ description: 'the record id from GET /api/files' }) });
