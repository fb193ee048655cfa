/**
 * The OpenAPI 3.1 document of the HTTP API, served at `/openapi.json`, generated from the zod
 * schemas the routes validate with (`schemas.ts`). Statuses follow `ERROR_CODES` (src/errors.ts).
 * @module server/openapi-document
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import * as schemas from './schemas.js';

type Method = 'get' | 'post' | 'delete';

function json(schema: ZodType, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const ERRORS = {
  400: json(schemas.ErrorBody, 'malformed request (INVALID_REQUEST)'),
  401: json(schemas.ErrorBody, 'no or unknown API key (UNAUTHORIZED)'),
  429: json(schemas.ErrorBody, 'too many requests for this key (RATE_LIMITED)'),
  500: json(schemas.ErrorBody, 'unexpected error (INTERNAL), logged with the request id'),
  503: json(schemas.ErrorBody, 'database unavailable or not locked down (DB, LOCKDOWN)'),
};

/** Every path answers a method it does not take with 405 and an `Allow` header (`create-http-app.ts`). */
const METHOD_NOT_ALLOWED = {
  ...json(schemas.ErrorBody, 'this path asked with a method it does not take (METHOD_NOT_ALLOWED)'),
  headers: { Allow: { description: 'the methods the path takes, e.g. `GET, HEAD`', schema: { type: 'string' as const } } },
};

/** A JSON body over the server's limit. */
const BODY_TOO_LARGE = json(schemas.ErrorBody, 'the body is larger than allowed (PAYLOAD_TOO_LARGE)');

let cached: object | undefined;

/** True for a request with a JSON body (its size is capped: 413 past the limit). */
function hasJsonBody(request: object | undefined): boolean {
  const body = (request as { body?: { content?: Record<string, unknown> } } | undefined)?.body;
  return body?.content?.['application/json'] !== undefined;
}

/** The document (built once). */
export function openApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'an API key from `gridrag keys create`' });
  const security = [{ bearer: [] }];
  const route = (method: Method, path: string, summary: string, spec: { request?: object; responses: Record<number, object>; public?: boolean }) =>
    registry.registerPath({
      method,
      path,
      summary,
      ...(spec.public ? {} : { security }),
      ...(spec.request ? { request: spec.request } : {}),
      responses: { ...spec.responses, ...(spec.public ? {} : ERRORS), ...(hasJsonBody(spec.request) ? { 413: BODY_TOO_LARGE } : {}), 405: METHOD_NOT_ALLOWED },
    });

  route('post', '/api/ask', 'Answer a question (the same object as `gridrag ask --json`)', {
    request: { body: json(schemas.AskRequest, 'the question') },
    responses: { 200: json(schemas.Answer, 'the answer, with SQL and sources; `mode: none` when nothing could answer') },
  });
  route('get', '/api/tables', 'The tables this key may read', { responses: { 200: json(schemas.TablesResponse, 'tables with columns, ranges and validation') } });
  route('get', '/api/tables/{name}/rows', 'The first rows of one table as stored, in sheet order, total rows marked', {
    request: { params: schemas.TableNameParams, query: schemas.TableRowsQuery },
    responses: { 200: json(schemas.TableRowsResponse, 'rows with their sheet row and aggregate flag'), 404: json(schemas.ErrorBody, 'no such table for this key (NOT_FOUND)') },
  });
  route('post', '/api/feedback', '"This is not right": record feedback on an answer in the audit log', {
    request: { body: json(schemas.FeedbackRequest, 'the question, the SQL shown, an optional note') },
    responses: { 200: json(schemas.FeedbackResponse, 'recorded (outcome `feedback` in GET /api/log)') },
  });
  route('post', '/api/sql', 'Run one SELECT through the guard on the names `/api/tables` shows', {
    request: { body: json(schemas.SqlRequest, 'one SELECT statement') },
    responses: { 200: json(schemas.SqlResponse, 'rows (capped), sources and validation'), 422: json(schemas.ErrorBody, 'refused by the guard (SQL_REJECTED) or failed when run (SQL_EXECUTION)') },
  });
  route('get', '/api/log', 'The audit log of statements over tables this key may read', {
    request: { query: schemas.LogQuery },
    responses: { 200: json(schemas.LogResponse, 'newest first') },
  });
  route('post', '/api/files', 'Upload and ingest one or more files', {
    request: { body: { description: 'multipart form', content: { 'multipart/form-data': { schema: schemas.UploadForm } } } },
    responses: {
      200: json(schemas.UploadResponse, 'one result per file; a bad file fails alone and its stored version stays'),
      413: json(schemas.ErrorBody, 'a file or the form is larger than allowed (PAYLOAD_TOO_LARGE)'),
    },
  });
  route('get', '/api/files', 'The stored files (records) with status, version and error', { responses: { 200: json(schemas.FilesResponse, 'records') } });
  route('delete', '/api/files/{id}', 'Delete a file and everything read from it', {
    request: { params: schemas.FileIdParams },
    responses: { 200: json(schemas.DeleteResponse, 'deleted'), 404: json(schemas.ErrorBody, 'no such file for this key (NOT_FOUND)') },
  });
  route('post', '/api/sync', 'Run the folder and Drive syncs this server is configured for, now', {
    responses: {
      200: json(schemas.SyncResponse, 'one summary per source'),
      403: json(schemas.ErrorBody, 'only a key of the server\'s tenant holding every level may sync (FORBIDDEN)'),
    },
  });
  route('post', '/api/webhook/ask', 'Signed webhook: answer a question, at once or by callback', {
    request: {
      headers: schemas.WebhookHeaders,
      body: json(schemas.WebhookAskRequest, 'signed with HMAC-SHA256 over `<timestamp>.<body>`'),
    },
    responses: {
      200: json(schemas.Answer, 'the answer (without callback_url)'),
      202: json(schemas.WebhookAccepted, 'accepted; the answer is POSTed to callback_url, signed the same way'),
      409: json(schemas.ErrorBody, 'this signature was used before (REPLAYED)'),
    },
  });
  route('get', '/api/health', 'Database, migrations, lock-down proof, LLM endpoint', {
    responses: { 200: json(schemas.HealthResponse, 'all good'), 503: json(schemas.HealthResponse, 'something is not') },
  });
  route('get', '/api/ready', 'Ready to serve (no key needed)', {
    public: true,
    responses: { 200: json(schemas.ReadyResponse, 'ready'), 503: json(schemas.ReadyResponse, 'starting or shutting down') },
  });

  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'gridrag', version: '0.1.0', description: 'Exact answers from spreadsheets: ask, tables, SQL, files, sync.' },
  });
  return cached;
}
