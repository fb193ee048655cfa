/**
 * What table finding produces from a grid: tables with folded headers, typed values,
 * flagged aggregate rows, column cards and a validation outcome.
 * @module tables/types
 */
import type { CellRange } from '../extract/grid.js';
import type { SheetAccount } from './account-rows.js';

/** Storage type of a column, decided from the evidence of all its values. */
export type ColumnType = 'integer' | 'decimal' | 'percent' | 'date' | 'boolean' | 'text';

/** What a column is for. */
export type ColumnConcept = 'measure' | 'dimension' | 'date' | 'identifier' | 'text';

/**
 * How a column may be aggregated across rows.
 * - `sum`: additive (money, counts, quantities);
 * - `weighted_avg`: a rate, averaged weighted by `weightBy` (e.g. margin by revenue, CSAT by responses);
 * - `avg`: a plain mean is meaningful (a rating per entry);
 * - `none`: never aggregated (identifiers, rates with no base column).
 */
export type Aggregation = 'sum' | 'avg' | 'weighted_avg' | 'none';

/** A typed value as stored in `row_data`: dates as `YYYY-MM-DD`, percents as fractions (12% → 0.12). */
export type StoredValue = string | number | boolean | null;

/** Everything known about one column, decided by code and stored with the table. */
export interface ColumnCard {
  /** Display name, multi-row headers folded: "Reach Potential", "Net Revenue [EUR]". */
  name: string;
  /** Identifier in SQL views (see `toSqlName`), unique within the table: `reach_potential`. */
  sqlName: string;
  /** 0-based sheet column index; -1 for derived columns (section, label). */
  sourceColumn: number;
  type: ColumnType;
  concept: ColumnConcept;
  /** potential | planned | achieved | budget | actual | forecast | target … when the name says so. */
  qualifier?: string;
  /** currency | percent | count | seconds (stopwatch times `1:03.49` stored as 63.49) | … */
  unit?: string;
  /** ISO currency code when known: `EUR`, `USD`. */
  currency?: string;
  aggregation: Aggregation;
  /** sqlName of the weight column, with `aggregation: 'weighted_avg'`. */
  weightBy?: string;
  /** For text dates: the order the column's evidence showed. */
  dateOrder?: 'dmy' | 'mdy' | 'ymd';
  /** A text date of the column when no value showed the order and day-first was assumed (`01/02/2024`). */
  assumedDayFirst?: string;
  /** Derived column: the parent group of hierarchical rows (`section`) or a table/sheet label (`label`). */
  derived?: 'section' | 'label';
  /**
   * A measure whose sections a result line nets against each other (Net profit = Total revenue −
   * Total costs, both stated positive): a sum over all its rows adds costs to revenue. Set on the
   * additive columns where `flagDifferenceRows` found such a line.
   */
  nettedSections?: true;
  /** An aggregate column (FY, Grand Total): the sum of other columns; kept out of long form. */
  isAggregateColumn?: boolean;
  /** Period the column stands for when columns are periods: `Jan`, `Q1`, `2025-01`, `FY 2024`. */
  period?: string;
  /** Values that could not be read as `type` (stored null), and Excel error cells. */
  invalidCount?: number;
  /**
   * Data cells of a number or date column whose text says "no value" (`TBD`, `-`, `n/a`:
   * `isNoValueText`), stored null: how many, and their distinct texts (at most 5).
   */
  noValue?: { count: number; texts: string[] };
}

/** One row of a table as stored. */
export interface TableRow {
  /** 1-based row number in the source sheet (or CSV line record number, header = 1). */
  sheetRow: number;
  /** Values keyed by column `sqlName`. */
  values: Record<string, StoredValue>;
  /** A total or subtotal row: stored, used by validation, never by queries. */
  isAggregate: boolean;
  /** A hidden row: stored, never used by queries. */
  hidden: boolean;
}

/** One check of the validation gate. */
export interface ValidationCheck {
  kind: 'total' | 'row_count' | 'empty_column';
  ok: boolean;
  /** Column name the check concerns, compared by name. */
  column?: string;
  /** 1-based sheet row of the stated total. */
  sheetRow?: number;
  stated?: number;
  computed?: number;
  message: string;
}

/** The outcome of the validation gate. */
export type ValidationOutcome = 'verified' | 'unverifiable' | 'floor';

export interface Validation {
  outcome: ValidationOutcome;
  checks: ValidationCheck[];
}

/** A table found in a sheet. */
export interface DetectedTable {
  /** Sheet name; null for CSV. */
  sheet: string | null;
  sheetIndex: number;
  sheetHidden: boolean;
  /** The table's cells, header rows included, title banner excluded (0-based). */
  range: CellRange;
  /**
   * The part of `range` the sheet shows, when smaller (`shownRangeOf`): hidden rows under the
   * last shown row and hidden columns right of the last shown column cut off. Those cells are
   * still stored with the table (hidden rows as hidden rows). Absent when the sheet shows all of `range`.
   */
  shownRange?: CellRange;
  headerRows: number;
  /** Banner text above the table, if any. */
  title: string | null;
  /** The name that tells this table from its siblings in a union: the banner, or the sheet name. */
  label: string | null;
  columns: ColumnCard[];
  /** Data, aggregate and hidden rows in sheet order. */
  rows: TableRow[];
  /** Names of aggregate columns (FY, Grand Total). */
  aggregateColumns: string[];
  validation: Validation;
  /** Structural fingerprint of the sheet layout (header labels, merges, types, shape; no values). */
  fingerprint: string;
  /** Footnotes and notes found right below the table ("Figures in EUR …"). */
  notes: string[];
  /**
   * Set on a table of a sheet too tall to hold (`Grid.store`): `rows` is then empty and the
   * rows come a chunk at a time from `streamed.chunks()` (`streamed-table.ts`).
   */
  streamed?: StreamedRows;
  /** Numbers merged down over several data rows, kept on the merge's first row only (`keepMergedNumbersOnce`): the column's name and the merged range (0-based). Absent when none. */
  mergedNumbers?: { column: string; range: CellRange }[];
  /**
   * The warnings about this table alone (its header, columns, hidden rows, stray cells), the same
   * text as in `ReadResult.warnings`; a sheet's or file's warnings are not here.
   */
  warnings?: string[];
}

/** The rows of a streamed table: counts known up front, the rows themselves built again chunk by chunk. */
export interface StreamedRows {
  /** Data rows (not aggregate, not hidden). */
  dataRows: number;
  /** 1-based sheet rows of the aggregate rows. */
  aggregateSheetRows: number[];
  hiddenRows: number;
  /** Per column (sqlName), the sum of the numbers in its data rows, added in sheet order (what `columnTotals` over held rows gives). */
  numberTotals: Record<string, number>;
  /** Data, aggregate and hidden rows in sheet order, in chunks of a few thousand rows; each call reads them again. */
  chunks(): Generator<TableRow[]>;
}

/** A sheet that held text but no table (kept for the prose path). */
export interface ProseSheet {
  sheet: string | null;
  text: string;
  /** 1-based page of a PDF; absent elsewhere. */
  page?: number | null;
  /** True when `text` is Markdown (its headings give each chunk a heading path). */
  markdown?: boolean;
}

/** All a workbook yields. */
export interface ReadResult {
  tables: DetectedTable[];
  prose: ProseSheet[];
  /** Things worth telling the user about this file (skipped sheets, error cells …). */
  warnings: string[];
  /** Where every row of every sheet went (`accountRows`), in sheet order. */
  accounts: SheetAccount[];
}
