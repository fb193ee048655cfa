/**
 * Use case `delete record`: removes one ingested file and everything it produced.
 * @module app/delete-record
 */
import { z } from 'zod';
import { NotFoundError } from '../errors.js';
import { deleteRecord as deleteStoredRecord, findRecords } from '../store/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

export const DeleteRecordRequestSchema = z.object({
  /** The record id `tables --json` shows as `recordId`. */
  recordId: z.uuid('must be a record id (a UUID)'),
});
export type DeleteRecordRequest = z.input<typeof DeleteRecordRequestSchema>;

export const DeleteRecordResultSchema = z.object({ recordId: z.string(), deleted: z.literal(true) });
export type DeleteRecordResult = z.infer<typeof DeleteRecordResultSchema>;

/**
 * Deletes a record of the app's tenant with its tables, rows and chunks, in one transaction.
 * @throws InvalidRequestError, NotFoundError when the tenant has no such record, DbError
 */
export async function deleteRecord(app: App, request: DeleteRecordRequest): Promise<DeleteRecordResult> {
  const { recordId } = parseRequest(DeleteRecordRequestSchema, request);
  // With access levels, a record of another level does not exist for this caller.
  const visible = app.accessLevels === undefined || (await findRecords(app.db, app.tenantId, { id: recordId, accessLevels: app.accessLevels })).length > 0;
  const deleted = visible && (await deleteStoredRecord(app.db, app.tenantId, recordId));
  if (!deleted) throw new NotFoundError(`no record ${recordId} for tenant ${app.tenantId}`);
  return { recordId, deleted: true };
}
