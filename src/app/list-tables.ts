/**
 * Use case `tables`: what was found — file, sheet, range, columns, rows, totals, validation.
 * @module app/list-tables
 */
import { z } from 'zod';
import { findRecords, loadCatalog, loadRowAccounts, type CatalogTable, type RecordRowAccount } from '../store/index.js';
import { FileRowAccountSchema } from './ingest-files.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';
import { ValidationOutcomeSchema } from './schemas.js';

export const ListTablesRequestSchema = z.object({}).strict();
export type ListTablesRequest = z.input<typeof ListTablesRequestSchema>;

const ScalarSchema = z.union([z.string(), z.number(), z.boolean()]);

/** One column of a table, with its profile. */
export const TableColumnSchema = z.object({
  name: z.string(),
  sqlName: z.string(),
  type: z.enum(['integer', 'decimal', 'percent', 'date', 'boolean', 'text']),
  concept: z.enum(['measure', 'dimension', 'date', 'identifier', 'text']),
  qualifier: z.string().optional(),
  unit: z.string().optional(),
  aggregation: z.enum(['sum', 'avg', 'weighted_avg', 'none']),
  weightBy: z.string().optional(),
  isAggregateColumn: z.boolean(),
  /** Distinct values when fewer than 50. */
  distinct: z.array(ScalarSchema).optional(),
  distinctCount: z.number().int(),
  min: z.union([z.string(), z.number()]).nullable(),
  max: z.union([z.string(), z.number()]).nullable(),
  nullCount: z.number().int(),
});

/** One table as `gridrag tables --json` prints it. */
export const TableInfoSchema = z.object({
  /** The name SQL uses. */
  name: z.string(),
  kind: z.enum(['table', 'long', 'union']),
  /** The record (file) the table came from; `deleteRecord` takes this id. */
  recordId: z.string(),
  file: z.string(),
  path: z.string().nullable(),
  sheet: z.string().nullable(),
  hidden: z.boolean(),
  range: z.string(),
  title: z.string().nullable(),
  label: z.string().nullable(),
  headerRows: z.number().int(),
  columns: z.array(TableColumnSchema),
  rowCount: z.number().int(),
  /** 1-based sheet rows that are totals or subtotals. */
  aggregateRows: z.array(z.number().int()),
  aggregateColumns: z.array(z.string()),
  outcome: ValidationOutcomeSchema,
  dateRange: z.object({ column: z.string(), min: z.string(), max: z.string() }).nullable(),
  sampleRows: z.array(z.record(z.string(), z.unknown())),
  version: z.number().int(),
  /** Warnings about this table alone; those about its file or sheet are in `ListTablesResult.fileWarnings`, once per file. */
  warnings: z.array(z.string()),
  /** The table's own source rows not stored as rows (header, title, note, section, comment), with reasons. */
  excludedRows: z.array(z.object({ sheetRow: z.number().int(), reason: z.string(), text: z.string() })),
  /** Where the rows of the table's whole file went; null for files stored before row accounting. */
  fileRows: FileRowAccountSchema.nullable(),
});
export type TableInfo = z.infer<typeof TableInfoSchema>;

/** A file whose rows are not all in tables: it holds no table, or rows outside any table. */
export const FileRowsInfoSchema = z.object({
  recordId: z.string(),
  file: z.string(),
  path: z.string().nullable(),
  rows: FileRowAccountSchema,
});

export type FileRowsInfo = z.infer<typeof FileRowsInfoSchema>;

/** A file whose last version could not be ingested: why (its earlier version's tables, if any, stay in `tables`). */
export const FailedFileInfoSchema = z.object({
  recordId: z.string(),
  file: z.string(),
  path: z.string().nullable(),
  /** `failed`: nothing of it is stored; `ready`: an earlier version is, and the latest one failed. */
  status: z.enum(['ready', 'failed']),
  error: z.string(),
});
export type FailedFileInfo = z.infer<typeof FailedFileInfoSchema>;

/** The warnings of one file that are not about one of its tables (a skipped sheet, Excel error cells, a renamed file). */
export const FileWarningsInfoSchema = z.object({
  recordId: z.string(),
  file: z.string(),
  path: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type FileWarningsInfo = z.infer<typeof FileWarningsInfoSchema>;

export const ListTablesResultSchema = z.object({
  tables: z.array(TableInfoSchema),
  /** Files with warnings about the file or a sheet rather than one table, each file once (`gridrag tables` lists them after the tables). */
  fileWarnings: z.array(FileWarningsInfoSchema),
  /** Files with no table or with rows outside any table (`gridrag tables` lists them after the tables). */
  files: z.array(FileRowsInfoSchema),
  /** Files whose last version could not be ingested, each with why (`gridrag tables` lists them last). */
  failed: z.array(FailedFileInfoSchema),
});
export type ListTablesResult = z.infer<typeof ListTablesResultSchema>;

/**
 * A catalog table in the shape of `TableInfoSchema`.
 * @param accounts the tenant's file accountings (`fileRows` is the one of the table's file)
 */
export function tableInfo(table: CatalogTable, accounts: RecordRowAccount[] = []): TableInfo {
  const account = accounts.find((entry) => entry.recordId === table.record.recordId)?.account;
  return {
    name: table.sqlName,
    kind: table.kind,
    recordId: table.record.recordId,
    file: table.file,
    path: table.sourcePath,
    sheet: table.sheet,
    hidden: table.hidden,
    range: table.range,
    title: table.title,
    label: table.label,
    headerRows: table.headerRows,
    columns: table.columns.map((column) => ({
      name: column.name,
      sqlName: column.sqlName,
      type: column.type,
      concept: column.concept,
      qualifier: column.qualifier,
      unit: column.unit,
      aggregation: column.aggregation,
      weightBy: column.weightBy,
      isAggregateColumn: column.isAggregateColumn ?? false,
      distinct: column.profile.distinct,
      distinctCount: column.profile.distinctCount,
      min: column.profile.min ?? null,
      max: column.profile.max ?? null,
      nullCount: column.profile.nullCount,
    })),
    rowCount: table.rowCount,
    aggregateRows: table.aggregateRows,
    aggregateColumns: table.aggregateColumns,
    outcome: table.outcome,
    dateRange: table.dateRange ?? null,
    sampleRows: table.sampleRows,
    version: table.record.version,
    warnings: table.warnings,
    excludedRows: (table.excludedRows ?? []).map(({ sheetRow, reason, text }) => ({ sheetRow, reason, text })),
    fileRows: account ?? null,
  };
}

/**
 * Lists the app tenant's tables with five sample rows each, the files whose rows are not
 * all in tables, and the files whose last version could not be ingested (with why).
 * @throws InvalidRequestError, DbError
 */
export async function listTables(app: App, request: ListTablesRequest = {}): Promise<ListTablesResult> {
  parseRequest(ListTablesRequestSchema, request);
  const catalog = await loadCatalog(app.db, app.tenantId, { withSamples: true, accessLevels: app.accessLevels });
  const accounts = await loadRowAccounts(app.db, app.tenantId, app.accessLevels);
  const files = accounts
    .filter(({ account }) => account.noTable !== undefined || account.excluded.outside > 0)
    .map(({ recordId, file, sourcePath, account }) => ({ recordId, file, path: sourcePath, rows: account }));
  const failed = (await findRecords(app.db, app.tenantId, { accessLevels: app.accessLevels }))
    .filter((record) => record.error !== null)
    .map((record) => ({ recordId: record.id, file: record.title, path: record.sourcePath, status: record.status, error: record.error as string }));
  return { tables: catalog.map((table) => tableInfo(table, accounts)), fileWarnings: fileWarningsOf(catalog), files, failed };
}

/** Each file's warnings that are not about one table, once per file, in catalog order. */
function fileWarningsOf(catalog: CatalogTable[]): FileWarningsInfo[] {
  const byRecord = new Map<string, FileWarningsInfo>();
  for (const table of catalog) {
    if (table.fileWarnings.length === 0 || byRecord.has(table.record.recordId)) continue;
    byRecord.set(table.record.recordId, { recordId: table.record.recordId, file: table.file, path: table.sourcePath, warnings: table.fileWarnings });
  }
  return [...byRecord.values()];
}
