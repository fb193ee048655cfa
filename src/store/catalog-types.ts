/**
 * The catalog: what the planner, the agent's discovery tools and `gridrag tables` see
 * of the stored tables. Built from `tabular_tables` and column profiles.
 * @module store/catalog-types
 */
import type { ColumnCard, ValidationOutcome } from '../tables/types.js';
import type { ExcludedRow } from '../tables/account-rows.js';
import type { SourceKind } from '../source/source.js';

/** Where a record's file came from: a source (local folder, Google Drive) or an upload through the HTTP API. */
export type RecordSourceKind = SourceKind | 'upload';

/** A record's state: `ready` (its tables and chunks are stored), `failed` (unreadable; the error is noted). */
export type RecordStatus = 'ready' | 'failed';

/** Statistics of one column over the table's data rows (aggregate and hidden rows excluded). */
export interface ColumnProfile {
  /** Distinct non-null values, sorted, when there are fewer than 50; else undefined. */
  distinct?: (string | number | boolean)[];
  distinctCount: number;
  /** Smallest and largest value (numbers, or `YYYY-MM-DD` dates, or text). */
  min?: string | number | null;
  max?: string | number | null;
  nullCount: number;
  /**
   * Values of a column too varied to list in `distinct` that one question names, looked up for
   * that question (`findNamedValues`); never stored. A partial list: no check of "is not a value" uses it.
   */
  named?: string[];
}

/** A column as the catalog shows it: the card and its profile. */
export interface CatalogColumn extends ColumnCard {
  profile: ColumnProfile;
}

/** Version of the record a table came from: what provenance cites and caches key on. */
export interface RecordVersion {
  recordId: string;
  version: number;
  contentHash: string;
  /** ISO timestamp, or null when the source gave none. */
  sourceModifiedAt: string | null;
}

/**
 * How a derived table is built from its base tables.
 * - union: `labels` maps each base table id to its label (banner or sheet name), `labelColumn` is the
 *   sqlName of the label column;
 * - long: `periods` lists the base table's period columns in order, `dimensions` the columns kept.
 */
export interface DerivedDefinition {
  labels?: Record<string, string>;
  labelColumn?: string;
  periods?: { period: string; index: number; column: string }[];
  dimensions?: string[];
}

/**
 * A queryable table. `kind`:
 * - `table`: a table found in a sheet;
 * - `long`: the long form of a wide table whose columns are periods (row label, period, value);
 * - `union`: tables with the same columns stacked under banners or spread over sheets, with a `label` column.
 */
export interface CatalogTable {
  id: string;
  /** The name queries use; unique per tenant. */
  sqlName: string;
  kind: 'table' | 'long' | 'union';
  /** For `long` and `union`: the ids of the tables it reads. */
  baseTableIds: string[];
  /** For `long` and `union`: how it is built. */
  definition?: DerivedDefinition;
  record: RecordVersion;
  /** File name, e.g. `orders.csv`. */
  file: string;
  /** Where a person finds the file (relative path or Drive path). */
  sourcePath: string | null;
  sheet: string | null;
  hidden: boolean;
  /** A1 range, header rows included. For derived tables, the base ranges joined by `, `. */
  range: string;
  title: string | null;
  label: string | null;
  headerRows: number;
  columns: CatalogColumn[];
  rowCount: number;
  /** 1-based sheet rows flagged as totals/subtotals. */
  aggregateRows: number[];
  aggregateColumns: string[];
  outcome: ValidationOutcome;
  /**
   * The columns whose every stated total disagrees with the rows it covers ("Totaal" 278 below
   * Games adding up to 197), each with its first such total: the rows' own sum is then no total
   * the sheet stands behind. Absent or empty when every total agreed (or none was stated).
   */
  failedTotals?: { column: string; stated: number; computed: number; sheetRow: number }[];
  /** First date column's range, when there is one. */
  dateRange?: { column: string; min: string; max: string };
  /** Five data rows as stored, for the catalog and the agent. */
  sampleRows: Record<string, unknown>[];
  /** Warnings about this table alone (its header, columns, hidden rows, schema drift). */
  warnings: string[];
  /** Warnings about the table's file or sheet (not about one of its tables): the same for every table of the file. */
  fileWarnings: string[];
  /** The table's own source rows that are not stored as rows: header, title, note and section rows, with reasons. */
  excludedRows?: ExcludedRow[];
  /** 1-based rows of the table's sheet in no table that fill as many cells as it has columns: rows of its shape no answer counts. */
  outsideRows?: number[];
}
