/**
 * Compile-time contract between the server's zod schemas and the web page's hand-written body
 * types (web/src/api-types.ts), checked by `npm run typecheck` (run before `npm test`): each line fails to
 * compile when a body the server can send is not assignable to what the page expects, or when
 * the page reads a field the server does not have.
 */
import type { z } from 'zod';
import type {
  AnswerSchema, FileRecordSchema, ListTablesResultSchema, TableRowsResultSchema, UploadFileResultSchema,
} from '../src/app/index.js';
import type { Answer, FileRecord, TableInfo, TableRows, UploadResult } from '../web/src/api-types.js';

/** `true` only when `Server` is assignable to `Page` and the page names no key the server lacks. */
type Fits<Server, Page> = [Server] extends [Page] ? (Exclude<keyof Page, keyof Server> extends never ? true : false) : false;

type Sent<S extends z.ZodType> = z.output<S>;

export const answer: Fits<Sent<typeof AnswerSchema>, Answer> = true;
export const tableInfo: Fits<Sent<typeof ListTablesResultSchema>['tables'][number], TableInfo> = true;
export const tableRows: Fits<Sent<typeof TableRowsResultSchema>, TableRows> = true;
export const fileRecord: Fits<Sent<typeof FileRecordSchema>, FileRecord> = true;
export const uploadResult: Fits<Sent<typeof UploadFileResultSchema>, UploadResult> = true;
