/**
 * Structural fingerprints and templates. The fingerprint hashes what makes a layout
 * (header labels, merges in the header, column type classes, column count, where the
 * header sits) and never values or row counts, so two months of the same report hash the
 * same. A template (`layoutOf`) is the layout of a table that read well; `applyTemplate`
 * replays it on a new grid of the same report.
 * @module tables/fingerprint
 */
import { createHash } from 'node:crypto';
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, isBlankCell } from './cells.js';
import type { TableRegion } from './detect-tables.js';
import { isNoteText } from './notes.js';
import { foldHeaderNames } from './header-names.js';
import type { ColumnType, DetectedTable } from './types.js';

function typeClass(type: ColumnType): string {
  return type === 'integer' || type === 'decimal' ? 'number' : type;
}

/** Merged ranges touching the header rows, relative to the table's top-left cell. */
function headerMerges(grid: Grid | undefined, range: CellRange, headerRows: number): string[] {
  if (grid === undefined || headerRows === 0) return [];
  const headerBottom = range.top + headerRows - 1;
  return grid.merges
    .filter((merge) => merge.top <= headerBottom && merge.bottom >= range.top && merge.left <= range.right && merge.right >= range.left)
    .map((merge) => `${merge.top - range.top},${merge.left - range.left},${merge.bottom - range.top},${merge.right - range.left}`)
    .sort();
}

/**
 * sha256 (hex) of a table's layout: header labels, header merges, column type classes
 * (integer and decimal alike), column positions and header height. The sheet row the table
 * starts on is left out: an extra banner line does not make another layout.
 * @param grid the sheet, for merges; without it merges are left out
 */
export function fingerprintTable(table: DetectedTable, grid?: Grid): string {
  const columns = table.columns.filter((card) => card.derived === undefined);
  const layout = {
    names: columns.map((card) => card.name.toLowerCase()),
    types: columns.map((card) => typeClass(card.type)),
    derived: table.columns.filter((card) => card.derived !== undefined).map((card) => card.derived),
    offsets: columns.map((card) => card.sourceColumn - table.range.left),
    left: table.range.left,
    headerRows: table.headerRows,
    merges: headerMerges(grid, table.range, table.headerRows),
  };
  return createHash('sha256').update(JSON.stringify(layout)).digest('hex');
}

/** A stored layout: enough to find and read the same table in a later file. */
export interface TableLayout {
  fingerprint: string;
  sheet: string | null;
  sheetIndex: number;
  /** Header position (0-based) and width. */
  top: number;
  left: number;
  right: number;
  headerRows: number;
  /** Columns as read (derived columns excluded): offset from `left` and name. */
  columns: { offset: number; name: string }[];
  title: string | null;
}

/** The layout of a table, to store as a template. */
export function layoutOf(table: DetectedTable): TableLayout {
  return {
    fingerprint: table.fingerprint,
    sheet: table.sheet,
    sheetIndex: table.sheetIndex,
    top: table.range.top,
    left: table.range.left,
    right: table.range.right,
    headerRows: table.headerRows,
    columns: table.columns.filter((card) => card.derived === undefined).map((card) => ({ offset: card.sourceColumn - table.range.left, name: card.name })),
    title: table.title,
  };
}

/** Farthest a header may have moved down or up since the template was made (rows). */
const MAX_SHIFT = 20;

/**
 * Finds a template's table in a grid: the header with the same folded names at the stored
 * column offsets (at the stored row or moved up to 20 rows), read down across single blank
 * rows to two blank rows, a footnote or the sheet end. Returns null when the header is not there.
 */
export function applyTemplate(grid: Grid, layout: TableLayout): TableRegion | null {
  const offsets = [0];
  for (let shift = 1; shift <= MAX_SHIFT; shift++) offsets.push(shift, -shift);
  for (const offset of offsets) {
    const top = layout.top + offset;
    if (top < 0 || top + layout.headerRows > grid.rows.length) continue;
    const probe = { top, left: layout.left, right: layout.right, bottom: top + layout.headerRows - 1 };
    const names = foldHeaderNames(grid, probe, top, layout.headerRows);
    if (layout.columns.some((column) => names[column.offset]?.toLowerCase() !== column.name.toLowerCase())) continue;
    const notes: string[] = [];
    let bottom = top + layout.headerRows - 1;
    for (let row = bottom + 1; row < grid.rows.length; row++) {
      if (rowIsBlank(grid, row, layout.left, layout.right)) {
        if (row + 1 >= grid.rows.length || rowIsBlank(grid, row + 1, layout.left, layout.right)) break;
        continue;
      }
      if (isNoteRow(grid, row, layout.left, layout.right)) {
        notes.push(String(firstValue(grid, row, layout.left, layout.right)));
        break;
      }
      bottom = row;
    }
    return { range: { top, left: layout.left, right: layout.right, bottom }, headerRows: layout.headerRows, title: layout.title, notes };
  }
  return null;
}

function rowIsBlank(grid: Grid, row: number, left: number, right: number): boolean {
  for (let column = left; column <= right; column++) if (!isBlankCell(cellAt(grid, row, column))) return false;
  return true;
}

function firstValue(grid: Grid, row: number, left: number, right: number): unknown {
  for (let column = left; column <= right; column++) {
    const cell = cellAt(grid, row, column);
    if (!isBlankCell(cell)) return cell?.value;
  }
  return null;
}

function isNoteRow(grid: Grid, row: number, left: number, right: number): boolean {
  let filled = 0;
  for (let column = left; column <= right; column++) if (!isBlankCell(cellAt(grid, row, column))) filled++;
  const value = firstValue(grid, row, left, right);
  return filled === 1 && typeof value === 'string' && isNoteText(value);
}
