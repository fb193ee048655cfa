/**
 * A file read as grids of cells: what `extract` produces and `tables` consumes.
 * Nothing here is typed or interpreted beyond what the file itself says: CSV cells are
 * text, Excel cells keep their stored type. Deciding what a value means is `tables/`'s job.
 * @module extract/grid
 */
import type { RowStore } from './row-store.js';

/** A cell's value as the file stores it. Excel dates are JS Dates (UTC midnight for date-only). */
export type CellValue = string | number | boolean | Date | null;

/** One cell. Absent cells are `null` in `Grid.rows`. */
export interface Cell {
  /** Stored value: the cached result for a formula; plain text for rich text and hyperlinks. */
  value: CellValue;
  /** Excel number format, e.g. `#,##0.00;(#,##0.00)`, `mmm yyyy`, `0%`. */
  numFmt?: string;
  /** Alignment indent level (Excel `alignment.indent`), 0 when absent. */
  indent?: number;
  /** Bold font: a hint for header and total rows. */
  bold?: boolean;
  /** A border on the cell's top edge: with `borderBottom`, the rule an accountant draws between items and their total. */
  borderTop?: boolean;
  /** A border on the cell's bottom edge (the item above a total, or the double underline under a grand total). */
  borderBottom?: boolean;
  /** True when the cell holds a formula (shared formulas included); `value` is its cached result. */
  formula?: boolean;
  /** Formula text when the file has it, e.g. `SUM(B5:B10)`. */
  formulaText?: string;
  /**
   * True when the file stored the formula without a cached result and `value` was computed
   * from the sheet's own cells (`extract/xlsx-formulas.ts`), as Excel would on opening.
   */
  computed?: boolean;
  /** Excel error value (`#DIV/0!`, `#N/A` …); `value` is then null. */
  error?: string;
  /**
   * Set on every cell of a merged range: the range, 0-based inclusive.
   * The value of the range's top-left cell is copied to every cell it covers.
   */
  merge?: CellRange;
}

/** A rectangle of cells, 0-based, inclusive on both ends. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** One sheet (or the one grid of a CSV). */
export interface Grid {
  /** Sheet name; null for CSV. */
  name: string | null;
  /** 0-based position of the sheet in the workbook. */
  index: number;
  /** Sheet is hidden or very hidden. */
  hidden: boolean;
  /**
   * `rows[r][c]`, 0-based; row r is sheet row r+1. Rows may be ragged; missing cells are null.
   * Cells are read-only: one cell object may stand at several positions (CSV shares equal texts).
   */
  rows: (Cell | null)[][];
  /** `rowHidden[r]` is true when sheet row r+1 is hidden. */
  rowHidden: boolean[];
  /**
   * `rowOutlineLevels[r]`: the outline level of sheet row r+1 (Excel's row grouping, 0 = not
   * grouped, 1–7 nested groups). Absent when the sheet groups no rows, and for rows past the
   * first of a sheet held in `store`.
   */
  rowOutlineLevels?: number[];
  /**
   * Where the outline puts each group's summary row: below its detail rows (true, Excel's
   * default) or above them (`<outlinePr summaryBelow="0">`). Set with `rowOutlineLevels`.
   */
  outlineSummaryBelow?: boolean;
  /** `columnHidden[c]` is true when column c is hidden. */
  columnHidden: boolean[];
  /** Merged ranges as the file declares them. */
  merges: CellRange[];
  /**
   * CSV only: Excel's `sep=;` first line (the text, `sep=;`), read as the delimiter. Its grid row
   * (row 0) is left empty so that row numbers match the file's lines; row accounting counts it
   * as a `dialect` line.
   */
  dialectHint?: string;
  /**
   * Set on a sheet taller than the stream threshold (`ReadLimits.streamRows`): then `rows`,
   * `rowHidden` hold its first rows only (merges applied there), and `store` every row of the
   * sheet in compact form. Table finding reads such a sheet in chunks (`tables/streamed-table.ts`).
   */
  store?: RowStore;
  /**
   * Set on a window of a taller sheet (a chunk of a streamed table: its header rows, then a run
   * of body rows): the sheet row (0-based) of each grid row. Merge ranges (`Cell.merge`) count
   * sheet rows; `sheetRowOf` maps a grid row to them. Absent on a whole sheet (row r is sheet row r).
   */
  sheetRows?: number[];
  /**
   * Tables the workbook itself declares on this sheet (xlsx): PivotTable locations
   * (`pivotTableDefinition/location@ref`) and Excel tables (`table@ref`). Absent when none.
   */
  declaredTables?: DeclaredTable[];
}

/** A table rectangle a workbook declares, as the file says it (0-based, inclusive). */
export interface DeclaredTable {
  kind: 'pivot' | 'table';
  range: CellRange;
  /** Excel tables: header rows (`headerRowCount`, default 1) and totals rows (`totalsRowCount`, default 0). */
  headerRows?: number;
  totalsRows?: number;
}

/** A whole file read as grids. */
export interface Workbook {
  /** File name as given to the extractor (for messages and provenance). */
  file: string;
  /** Container format. */
  format: 'csv' | 'xlsx';
  /** Set when the file was a legacy workbook read through its xlsx conversion (LibreOffice). */
  convertedFrom?: 'xls' | 'ods';
  /** Sheets in workbook order (hidden ones included, flagged). CSV: exactly one. */
  sheets: Grid[];
  /** Detected text encoding (CSV only): `utf-8`, `utf-8-bom`, `utf-16le`, `utf-16be`, `windows-1252` … */
  encoding?: string;
  /** Detected field delimiter (CSV only). */
  delimiter?: string;
  /** Set when quotes inside quoted fields are escaped with a backslash (`\"`) rather than doubled (CSV only). */
  quoteEscape?: 'backslash';
  /** Set when fields are quoted with `'` rather than `"` (CSV only, `detectQuoteChar`). */
  quoteChar?: "'";
  /**
   * Decimal separator the file's numbers use, when the file shows it
   * (CSV: decided from the text; xlsx: always `.` since numbers are stored as numbers).
   */
  decimalSeparator?: '.' | ',';
  /** Excel error cells seen (`#DIV/0!` …), all sheets. */
  errorCellCount: number;
  /** Excel workbook uses the 1904 date system (dates are already converted). */
  date1904?: boolean;
  /** What the reader noticed and worked around, each naming the file (damaged string references …). */
  warnings?: string[];
}

/** Converts a 0-based column index to letters: 0 → A, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A1 notation for a 0-based range, e.g. `{top:3,left:0,bottom:9,right:4}` → `A4:E10`. */
export function rangeToA1(range: CellRange): string {
  return `${columnLetters(range.left)}${range.top + 1}:${columnLetters(range.right)}${range.bottom + 1}`;
}

/** The sheet row (0-based) of grid row `row`: the row itself, but in a window of a taller sheet (`Grid.sheetRows`); -1 above the grid. */
export function sheetRowOf(grid: Pick<Grid, 'sheetRows'>, row: number): number {
  if (row < 0) return row;
  return grid.sheetRows?.[row] ?? row;
}
