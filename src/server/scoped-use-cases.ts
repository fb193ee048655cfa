/**
 * The use cases the HTTP API calls, each run as one API key: its tenant and its access levels.
 * Thin: they call the app, store and query functions every surface uses. The row-level
 * rules are in the database (the reader's scope, see `app/access-levels.ts`); the filters
 * here decide what the catalog, the file list and the audit log offer.
 * @module server/scoped-use-cases
 */
import path from 'node:path';
import type { Answer } from '../agent/index.js';
import { accessLevelOf, parseAccessMap } from '../app/access-levels.js';
import { noTableWarning } from '../app/ingest-files.js';
import type { ApiKey } from '../app/api-keys.js';
import { askQuestion, deleteRecord, listTables, readLog, runSql, withTenant, type App } from '../app/index.js';
import { ingestFile } from '../ingest/index.js';
import { findRecords, type RecordSummary } from '../store/index.js';
import { RequestError } from './request-errors.js';
import { readLimitsOf } from '../config.js';

/** The app as one key sees it: its tenant, its levels. */
export function appFor(app: App, key: ApiKey): App {
  return { ...withTenant(app, key.tenantId), accessLevels: key.accessLevels };
}

/** Who a key is in the audit log. */
export function userIdOf(key: ApiKey): string {
  return `key:${key.id}`;
}

/** `POST /api/ask`. */
export function askAs(app: App, key: ApiKey, question: string, sessionId = 'api'): Promise<Answer> {
  return askQuestion(appFor(app, key), { question, userId: userIdOf(key), sessionId });
}

/** `GET /api/tables`. */
export function tablesAs(app: App, key: ApiKey) {
  return listTables(appFor(app, key));
}

/** `POST /api/sql`: the same guard, executor and log as `gridrag sql`. */
export function sqlAs(app: App, key: ApiKey, statement: string) {
  return runSql(appFor(app, key), { sql: statement, userId: userIdOf(key), sessionId: 'api-sql' });
}

/** `GET /api/log`: entries over tables of the key's levels (see `readLog`). */
export function logAs(app: App, key: ApiKey, limit: number) {
  return readLog(appFor(app, key), { limit, userId: userIdOf(key) });
}

function fileJson(record: RecordSummary) {
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

/** `GET /api/files`: the records of the key's tenant and levels. */
export async function filesAs(app: App, key: ApiKey) {
  return (await findRecords(app.db, key.tenantId, { accessLevels: key.accessLevels })).map(fileJson);
}

/**
 * `DELETE /api/files/:id`.
 * @throws NotFoundError when the record does not exist for this key (another tenant's or level's looks the same)
 */
export function deleteFileAs(app: App, key: ApiKey, id: string) {
  return deleteRecord(appFor(app, key), { recordId: id });
}

/** One uploaded file. */
export interface Upload {
  /** The name sent by the client. */
  name: string;
  /** The path given for it (`paths` field), else the name. */
  path?: string;
  bytes: Uint8Array;
}

/** A relative path with `/`, no `..`, no drive or leading slash; throws BAD_REQUEST otherwise. */
export function uploadPath(given: string): string {
  const text = given.replace(/\\/g, '/').trim();
  const normalized = path.posix.normalize(text).replace(/^\.\//, '');
  if (text === '' || text.length > 500 || normalized.startsWith('../') || normalized === '..' || path.posix.isAbsolute(normalized) || /^[a-z]:/i.test(normalized) || /[\u0000-\u001f]/.test(normalized)) {
    throw new RequestError('INVALID_REQUEST', `not a relative file path: ${given.slice(0, 200)}`);
  }
  return normalized;
}

/**
 * `POST /api/files`: each file ingested on its own (atomic; a bad file leaves the stored
 * version intact and reports its error), as source kind `upload` keyed by its path. A file
 * whose level (from the folder map) the key does not hold is refused.
 */
function uploadNotes(outcome: { status: string; tables: number; noTable?: string }, sourcePath: string, bytes: Uint8Array): string[] {
  if (outcome.status === 'failed') return [];
  const renamed = outcome.tables === 0 && outcome.status !== 'unchanged' ? noTableWarning(sourcePath, bytes) : undefined;
  return [...(renamed ? [`${sourcePath}: ${renamed}`] : []), ...(outcome.noTable ? [`${sourcePath}: ${outcome.noTable}`] : [])];
}

export async function uploadAs(app: App, key: ApiKey, uploads: Upload[]) {
  const rules = parseAccessMap(app.config.GRIDRAG_ACCESS_LEVELS);
  const results = [];
  for (const upload of uploads) {
    const file = upload.path ?? upload.name;
    try {
      const sourcePath = uploadPath(file);
      const level = accessLevelOf(rules, sourcePath);
      const existing = await findRecords(app.db, key.tenantId, { sourceKind: 'upload', sourceRef: sourcePath });
      const allowed = (levelName: string) => key.accessLevels === undefined || key.accessLevels.includes(levelName);
      if (!allowed(level) || existing.some((record) => !allowed(record.accessLevel))) {
        throw new RequestError('FORBIDDEN', `${sourcePath}: this key may not write files of access level ${allowed(level) ? existing[0].accessLevel : level}`);
      }
      const outcome = await ingestFile(app.db, {
        tenantId: key.tenantId,
        sourceKind: 'upload',
        sourceRef: sourcePath,
        sourcePath,
        fileName: path.posix.basename(sourcePath),
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
        // As on the command line: a file renamed as a workbook, and a file holding no table, say so.
        warnings: [...outcome.warnings, ...uploadNotes(outcome, sourcePath, upload.bytes)],
      });
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      results.push({ file, status: 'failed' as const, tables: 0, rows: 0, error: { code: error.code, message: error.message }, warnings: [] });
    }
  }
  return { files: results, failed: results.filter((result) => result.status === 'failed').length };
}
