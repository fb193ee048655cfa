/**
 * Use case `table rows`: the first rows of one table as stored, in sheet order, with total and
 * subtotal rows marked, for a person checking what was read (the web page's table view).
 * @module app/table-rows
 */
import { z } from 'zod';
import { NotFoundError } from '../errors.js';
import { loadCatalog, loadTableRows } from '../store/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

/** Most rows one request may ask for. */
export const MAX_TABLE_ROWS = 1000;

export const TableRowsRequestSchema = z.object({
  /** The SQL name `tables` shows. */
  table: z.string().trim().min(1, 'a table name is required').max(200),
  /** How many rows from the top. Text is accepted (query-string values). */
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be a whole number from 1 to ${MAX_TABLE_ROWS}`)
    .max(MAX_TABLE_ROWS, `must be a whole number from 1 to ${MAX_TABLE_ROWS}`)
    .default(50),
});
export type TableRowsRequest = z.input<typeof TableRowsRequestSchema>;

export const TableRowsResultSchema = z.object({
  table: z.string(),
  /** Column SQL names in table order, with the header text a person reads. */
  columns: z.array(z.object({ name: z.string(), sqlName: z.string(), type: z.string() })),
  rows: z.array(
    z.object({
      /** 1-based row of the source sheet. */
      sheetRow: z.number().int(),
      /** A total or subtotal row: stored, never summed by queries. */
      aggregate: z.boolean(),
      /** The sheet row is hidden. */
      hidden: z.boolean(),
      values: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Stored rows in all, aggregate rows included. */
  total: z.number().int(),
});
export type TableRowsResult = z.infer<typeof TableRowsResultSchema>;

/**
 * The first rows of one table of the app's tenant and access levels; for a derived (`long`,
 * `union`) table, the rows of the tables it reads.
 * @throws InvalidRequestError, NotFoundError when the caller has no such table, DbError
 */
export async function readTableRows(app: App, request: TableRowsRequest): Promise<TableRowsResult> {
  const { table, limit } = parseRequest(TableRowsRequestSchema, request);
  const catalog = await loadCatalog(app.db, app.tenantId, { accessLevels: app.accessLevels });
  const found = catalog.find((entry) => entry.sqlName === table);
  if (!found) throw new NotFoundError(`no table ${table} for tenant ${app.tenantId}; see the tables list`);
  const ids = found.kind === 'table' ? [found.id] : found.baseTableIds;
  const stored = await loadTableRows(app.db, app.tenantId, ids, limit);
  return {
    table: found.sqlName,
    columns: found.columns.map((column) => ({ name: column.name, sqlName: column.sqlName, type: column.type })),
    rows: stored.rows,
    total: stored.total,
  };
}
