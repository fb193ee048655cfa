/**
 * Use cases `files` and `upload`: the stored files (records) of the app's tenant and levels,
 * and files sent by a client (the HTTP API's `POST /api/files`) ingested one by one, each
 * keyed by its path as source kind `upload`.
 * @module app/files
 */
import path from 'node:path';
import { z } from 'zod';
import { readLimitsOf } from '../config.js';
import { AppError, ForbiddenError, InvalidRequestError } from '../errors.js';
import { ingestFile, type IngestOutcome } from '../ingest/index.js';
import { findRecords, type RecordSummary } from '../store/index.js';
import { isNoiseName } from '../source/index.js';
import { accessLevelOf, parseAccessMap } from './access-levels.js';
import { messageAtPath } from '../printable-text.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

export const ListFilesRequestSchema = z.object({}).strict();
export type ListFilesRequest = z.input<typeof ListFilesRequestSchema>;

/** One stored file (a record) as `GET /api/files` lists it. */
export const FileRecordSchema = z.object({
  id: z.string().uuid(),
  sourceKind: z.string().meta({ example: 'upload' }),
  path: z.string().nullable(),
  title: z.string(),
  status: z.enum(['ready', 'failed']),
  version: z.number().int(),
  error: z.string().nullable(),
  warnings: z.array(z.string()),
  accessLevel: z.string(),
  contentHash: z.string(),
  ingestedAt: z.string(),
});
export type FileRecord = z.infer<typeof FileRecordSchema>;

export const ListFilesResultSchema = z.object({ files: z.array(FileRecordSchema) });
export type ListFilesResult = z.infer<typeof ListFilesResultSchema>;

function fileRecord(record: RecordSummary): FileRecord {
  return {
    id: record.id,
    sourceKind: record.sourceKind,
    path: record.sourcePath,
    title: record.title,
    status: record.status,
    version: record.version,
    error: record.error,
    warnings: record.warnings,
    accessLevel: record.accessLevel,
    contentHash: record.contentHash,
    ingestedAt: record.ingestedAt,
  };
}

/**
 * The records of the app's tenant that carry one of its access levels (all of them when
 * `app.accessLevels` is undefined), ordered by path.
 * @throws InvalidRequestError, DbError
 */
export async function listFiles(app: App, request: ListFilesRequest = {}): Promise<ListFilesResult> {
  parseRequest(ListFilesRequestSchema, request);
  return { files: (await findRecords(app.db, app.tenantId, { accessLevels: app.accessLevels })).map(fileRecord) };
}

/** Most files in one upload request. */
export const MAX_UPLOAD_FILES = 20;

/** One uploaded file. */
export const UploadFileSchema = z.object({
  /** The name sent by the client. */
  name: z.string().min(1, 'a file name is required'),
  /** The path given for it (names the record and decides its access level); the name when absent. */
  path: z.string().optional(),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be the file\'s bytes'),
});
export type UploadFile = z.infer<typeof UploadFileSchema>;

export const UploadRequestSchema = z.object({
  files: z.array(UploadFileSchema).min(1, 'no files: send one or more').max(MAX_UPLOAD_FILES, `at most ${MAX_UPLOAD_FILES} files per request`),
}).strict();
export type UploadRequest = z.input<typeof UploadRequestSchema>;

/** What happened to one uploaded file. */
export const UploadFileResultSchema = z.object({
  file: z.string().meta({ description: 'the uploaded name (its path when given)' }),
  status: z.enum(['ingested', 'replaced', 'unchanged', 'failed']),
  recordId: z.string().optional(),
  tables: z.number().int(),
  rows: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  warnings: z.array(z.string()),
});
export type UploadFileResult = z.infer<typeof UploadFileResultSchema>;

export const UploadResultSchema = z.object({ files: z.array(UploadFileResultSchema), failed: z.number().int() });
export type UploadResult = z.infer<typeof UploadResultSchema>;

/**
 * The stored path of an uploaded file: a relative path with `/` (a `\` is read as `/`; a
 * leading `./`, `.` parts and doubled slashes are dropped), no `..` part anywhere (`a/../b.csv`
 * is refused, never stored as `b.csv`), no drive letter or leading slash, no control
 * character, at most 500 characters, and no part that `ingest` and `sync` skip as noise (`~$`
 * lock files, hidden names, temporary files: `isNoiseName`).
 * @throws InvalidRequestError otherwise, naming the path and what is wrong with it
 */
export function uploadPath(given: string): string {
  const text = given.replace(/\\/g, '/').trim();
  if (text.split('/').includes('..')) {
    throw new InvalidRequestError(`${given.slice(0, 200)}: a file path may not contain ".." parts; give the path the file is to be stored under, e.g. finance/q1.csv`);
  }
  const normalized = path.posix.normalize(text).replace(/^\.\//, '');
  if (text === '' || text.length > 500 || normalized.startsWith('../') || normalized === '..' || path.posix.isAbsolute(normalized) || /^[a-z]:/i.test(normalized) || /[\u0000-\u001f]/.test(normalized)) {
    throw new InvalidRequestError(`not a relative file path: ${given.slice(0, 200)}`);
  }
  const noise = normalized.split('/').find((part) => isNoiseName(part));
  if (noise !== undefined) {
    throw new InvalidRequestError(`${normalized}: "${noise}" is a lock, hidden or temporary file name (\`~$…\`, \`.…\`, \`….tmp\`); ingest and sync skip these, so uploads do too`);
  }
  return normalized;
}

/** As on the command line: a file holding no table says so. */
function uploadNotes(outcome: IngestOutcome, sourcePath: string): string[] {
  if (outcome.status === 'failed') return [];
  return outcome.noTable ? [`${sourcePath}: ${outcome.noTable}`] : [];
}

/**
 * Two files of one request stored under the same path: the second would replace the first.
 * @throws InvalidRequestError naming the path, before anything is stored
 */
function refuseDuplicates(files: UploadFile[]): void {
  const seen = new Set<string>();
  for (const upload of files) {
    let sourcePath: string;
    try {
      sourcePath = uploadPath(upload.path ?? upload.name);
    } catch {
      continue; // refused on its own below, with its reason
    }
    if (seen.has(sourcePath)) {
      throw new InvalidRequestError(`${sourcePath}: two files of this request have this name, and the second would replace the first; send one, or give each its own path ("paths"); nothing of this request was stored`);
    }
    seen.add(sourcePath);
  }
}

/**
 * Ingests uploaded files, each on its own (atomic; a bad file leaves its stored version
 * intact and reports its error), as source kind `upload` keyed by its path, with the access
 * level the folder map (`GRIDRAG_ACCESS_LEVELS`) gives that path. A file whose level, or
 * whose stored version's level, the app's access levels do not include is refused
 * (`FORBIDDEN` in its result); so is a path that is not relative (`INVALID_REQUEST`).
 * @throws InvalidRequestError for a malformed request (no files, too many), DbError
 */
export async function uploadFiles(app: App, request: UploadRequest): Promise<UploadResult> {
  const { files } = parseRequest(UploadRequestSchema, request);
  refuseDuplicates(files);
  const rules = parseAccessMap(app.config.GRIDRAG_ACCESS_LEVELS);
  const allowed = (level: string) => app.accessLevels === undefined || app.accessLevels.includes(level);
  const results: UploadFileResult[] = [];
  for (const upload of files) {
    const file = upload.path ?? upload.name;
    try {
      const sourcePath = uploadPath(file);
      const fileName = path.posix.basename(sourcePath);
      const level = accessLevelOf(rules, sourcePath);
      const existing = await findRecords(app.db, app.tenantId, { sourceKind: 'upload', sourceRef: sourcePath });
      if (!allowed(level) || existing.some((record) => !allowed(record.accessLevel))) {
        throw new ForbiddenError(`${sourcePath}: this key may not write files of access level ${allowed(level) ? existing[0].accessLevel : level}`);
      }
      const outcome = await ingestFile(app.db, {
        tenantId: app.tenantId,
        sourceKind: 'upload',
        sourceRef: sourcePath,
        sourcePath,
        fileName,
        bytes: upload.bytes,
        modifiedAt: new Date(),
        accessLevel: level,
        limits: readLimitsOf(app.config),
      });
      results.push({
        file,
        status: outcome.status,
        ...(outcome.recordId ? { recordId: outcome.recordId } : {}),
        tables: outcome.tables,
        rows: outcome.rows,
        ...(outcome.status === 'failed' ? { error: { code: outcome.errorCode ?? 'FILE_FORMAT', message: outcome.error ?? 'the file could not be read' } } : {}),
        warnings: [...outcome.warnings.map((warning) => messageAtPath(sourcePath, fileName, warning)), ...uploadNotes(outcome, sourcePath)],
      });
    } catch (error) {
      if (!(error instanceof ForbiddenError || error instanceof InvalidRequestError)) throw error;
      results.push({ file, status: 'failed', tables: 0, rows: 0, error: { code: (error as AppError).code, message: error.message }, warnings: [] });
    }
  }
  return { files: results, failed: results.filter((result) => result.status === 'failed').length };
}
