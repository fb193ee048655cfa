/**
 * Hand-built grids for tests: rows of plain values or styled cells, merges in A1 notation
 * (the top-left value copied to every covered cell, as the extractor does).
 * @module tables/__fixtures__/grid-builder
 */
import type { Cell, CellRange, CellValue, Grid, Workbook } from '../../extract/grid.js';

/** A cell in a test grid: a plain value, or a value with style. `null`/`''`/`undefined` is an absent cell. */
export type CellSpec =
  | CellValue
  | undefined
  | { v: CellValue; bold?: boolean; indent?: number; formula?: string; numFmt?: string; error?: string };

export interface GridOptions {
  name?: string | null;
  index?: number;
  hidden?: boolean;
  /** Merged ranges, A1 notation: `A1:F1`. */
  merges?: string[];
  /** 1-based sheet rows that are hidden. */
  hiddenRows?: number[];
}

/** `B3` → `{ row: 2, column: 1 }`. */
function parseA1(ref: string): { row: number; column: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(ref.toUpperCase());
  if (match === null) throw new Error(`bad cell reference ${ref}`);
  let column = 0;
  for (const letter of match[1]) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, column: column - 1 };
}

/** `A1:F1` → a 0-based range. */
export function rangeOf(a1: string): CellRange {
  const [start, end] = a1.split(':');
  const from = parseA1(start);
  const to = parseA1(end ?? start);
  return { top: from.row, left: from.column, bottom: to.row, right: to.column };
}

function toCell(spec: CellSpec): Cell | null {
  if (spec === null || spec === undefined || spec === '') return null;
  if (typeof spec === 'object' && !(spec instanceof Date)) {
    const cell: Cell = { value: spec.v };
    if (spec.bold) cell.bold = true;
    if (spec.indent) cell.indent = spec.indent;
    if (spec.numFmt) cell.numFmt = spec.numFmt;
    if (spec.error) cell.error = spec.error;
    if (spec.formula) {
      cell.formula = true;
      cell.formulaText = spec.formula;
    }
    return cell;
  }
  return { value: spec };
}

/** Builds a grid from rows of cell specs. */
export function gridOf(rows: CellSpec[][], options: GridOptions = {}): Grid {
  const cells = rows.map((row) => row.map(toCell));
  const merges = (options.merges ?? []).map(rangeOf);
  for (const merge of merges) {
    const origin = cells[merge.top]?.[merge.left] ?? { value: null };
    for (let row = merge.top; row <= merge.bottom; row++) {
      while (cells.length <= row) cells.push([]);
      for (let column = merge.left; column <= merge.right; column++) {
        while (cells[row].length <= column) cells[row].push(null);
        cells[row][column] = { ...origin, merge };
      }
    }
  }
  const rowHidden = cells.map((_, row) => (options.hiddenRows ?? []).includes(row + 1));
  return {
    name: options.name === undefined ? 'Sheet1' : options.name,
    index: options.index ?? 0,
    hidden: options.hidden ?? false,
    rows: cells,
    rowHidden,
    columnHidden: [],
    merges,
  };
}

/** A workbook of grids (xlsx unless said otherwise). */
export function workbookOf(sheets: Grid[], options: { format?: 'csv' | 'xlsx'; decimalSeparator?: '.' | ','; file?: string } = {}): Workbook {
  return {
    file: options.file ?? (options.format === 'csv' ? 'test.csv' : 'test.xlsx'),
    format: options.format ?? 'xlsx',
    sheets: sheets.map((sheet, index) => ({ ...sheet, index })),
    decimalSeparator: options.decimalSeparator,
    errorCellCount: 0,
  };
}

/** A CSV-like grid: every value is text, as the CSV reader gives it. */
export function csvGridOf(lines: string[][]): Grid {
  return gridOf(lines.map((line) => line.map((text) => (text === '' ? null : text))), { name: null });
}
