/**
 * The use cases the HTTP API calls, each run as one API key: its tenant and its access levels.
 * Thin: each calls one use case of `app/` with the app as the key sees it (`appFor`). The
 * row-level rules are in the database (the reader's scope, see `app/access-levels.ts`).
 * @module server/scoped-use-cases
 */
import type { Answer } from '../agent/index.js';
import type { ApiKey } from '../app/api-keys.js';
import { askQuestion, deleteRecord, listFiles, listTables, readLog, readTableRows, recordFeedback, runSql, uploadFiles, withTenant, type App, type UploadFile } from '../app/index.js';

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

/** `GET /api/tables/:name/rows`: the first rows of one table the key may read, aggregate rows marked. */
export function tableRowsAs(app: App, key: ApiKey, table: string, limit: number) {
  return readTableRows(appFor(app, key), { table, limit });
}

/** `POST /api/feedback`: "this is not right", in the key's tenant's audit log. */
export function feedbackAs(app: App, key: ApiKey, feedback: { question: string; sql?: string | null; comment?: string }) {
  return recordFeedback(appFor(app, key), { ...feedback, userId: userIdOf(key), sessionId: 'web' });
}

/** `POST /api/sql`: the same guard, executor and log as `gridrag sql`. */
export function sqlAs(app: App, key: ApiKey, statement: string) {
  return runSql(appFor(app, key), { sql: statement, userId: userIdOf(key), sessionId: 'api-sql' });
}

/** `GET /api/log`: entries over tables of the key's levels (see `readLog`). */
export function logAs(app: App, key: ApiKey, limit: number) {
  return readLog(appFor(app, key), { limit, userId: userIdOf(key) });
}

/** `GET /api/files`: the records of the key's tenant and levels (see `listFiles`). */
export function filesAs(app: App, key: ApiKey) {
  return listFiles(appFor(app, key));
}

/**
 * `DELETE /api/files/:id`.
 * @throws NotFoundError when the record does not exist for this key (another tenant's or level's looks the same)
 */
export function deleteFileAs(app: App, key: ApiKey, id: string) {
  return deleteRecord(appFor(app, key), { recordId: id });
}

/** `POST /api/files`: the files ingested as the key (see `uploadFiles`: a file of a level the key does not hold is refused). */
export function uploadAs(app: App, key: ApiKey, uploads: UploadFile[]) {
  return uploadFiles(appFor(app, key), { files: uploads });
}
