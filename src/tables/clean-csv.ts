/**
 * The clean CSV: one rectangular table under a header row, the way every CSV reader
 * (papaparse with `header: true`, pandas, csvkit) reads it. Such a file is one table from its
 * header to its last record, every record a row: no banner, note or boundary guessing that
 * could demote the header or drop the first rows (a first record with empty cells, such as
 * medallists with no rank, is data).
 * @module tables/clean-csv
 */
import type { Cell, Grid } from '../extract/grid.js';
import { cellAt, cellKind, cellNumber, cellText, isBlankCell, isValueKind, type CellKind } from './cells.js';
import type { TableRegion } from './detect-tables.js';
import { bodyKinds } from './headers.js';

/** Header cells that are numbers yet headings: years (`2019`, `FY2020`, `2019/20`), as in `Country,2019,2020,2021`. */
const YEAR_HEADING = /^(fy\s*)?(1[89]|20)\d\d(\s*[/-]\s*\d{2,4})?$/i;

/** Rows sampled below the header to learn each column's kind. */
const SAMPLE_ROWS = 200;

/**
 * The region of a clean CSV grid, or null when the grid is not one:
 * - the first non-blank record is a header: every field filled, names distinct (case-insensitive),
 *   each a text or a year heading, and not a record of the same kinds as the rows below it
 *   (a year heading over a column of years is data);
 * - every other non-blank record has exactly as many fields as the header and none repeats it
 *   (a repeated header means stacked tables);
 * - a record right after a blank line is not a second header (all text, every field filled,
 *   over a column that holds numbers or dates);
 * - at least one record follows the header;
 * - comment lines (`# updated 12/31/2010`, see `isCommentRecord`) are no records: above the header
 *   they stay outside the table, below it they are `skipRows`.
 * @param grid a CSV grid (`format: 'csv'`): each row holds one cell slot per field of its record
 */
export function cleanCsvRegion(grid: Grid, decimalSeparator: '.' | ','): TableRegion | null {
  const rows = grid.rows;
  const comments: number[] = [];
  let top = 0;
  while (top < rows.length && (isBlankRecord(rows[top]) || isCommentRecord(rows[top]))) top++;
  let bottom = rows.length - 1;
  while (bottom > top && isBlankRecord(rows[bottom])) bottom--;
  if (top >= bottom) return null;
  const width = rows[top].length;
  const header = rows[top].map((cell) => cellText(cell ?? null));
  if (header.some((text) => text === '')) return null;
  if (new Set(header.map((text) => text.toLowerCase())).size !== width) return null;

  const headerKey = header.join('\u0000').toLowerCase();
  for (let row = top + 1; row <= bottom; row++) {
    const cells = rows[row];
    if (isBlankRecord(cells)) continue;
    if (isCommentRecord(cells)) {
      comments.push(row);
      continue;
    }
    if (cells.length !== width) return null;
    if (cells.map((cell) => cellText(cell ?? null)).join('\u0000').toLowerCase() === headerKey) return null;
  }

  const body = bodyKinds(grid, { top, left: 0, bottom, right: width - 1 }, top + 1, decimalSeparator);
  let sameKinds = true;
  for (let column = 0; column < width; column++) {
    const cell = cellAt(grid, top, column);
    const kind = cellKind(cell, decimalSeparator);
    if (kind !== 'text' && !(kind === 'number' && isYearHeading(grid, top, column, bottom))) return null;
    if (kind !== body[column]) sameKinds = false;
  }
  // A first record of the kinds below (numbers over numbers) is data, not a header.
  if (sameKinds && body.some(isValueKind)) return null;

  for (let row = top + 2; row <= bottom; row++) {
    if (!isBlankRecord(rows[row - 1]) || isBlankRecord(rows[row]) || isCommentRecord(rows[row])) continue;
    if (looksLikeHeader(grid, row, width, body, decimalSeparator)) return null;
  }
  const region: TableRegion = { range: { top, left: 0, bottom, right: width - 1 }, headerRows: 1, title: null, notes: [] };
  if (comments.length > 0) region.skipRows = comments;
  return region;
}

/**
 * The region of a CSV grid whose only record is data (`1,2,3`; one row of numbers and text
 * exported under blank `,,,` lines), or null. A single record is data, not a header with no
 * rows, when it has two fields or more and one of them is a number, date or boolean that is
 * not a year heading (`Country,2019,2020` is a header). Its columns get generated names
 * (`Column 1`…), as any table without a header row does.
 */
export function singleRecordRegion(grid: Grid, decimalSeparator: '.' | ','): TableRegion | null {
  const filled = grid.rows.flatMap((cells, row) => (isBlankRecord(cells) || isCommentRecord(cells) ? [] : [row]));
  if (filled.length !== 1) return null;
  const [row] = filled;
  const cells = grid.rows[row];
  let right = cells.length - 1;
  while (right > 0 && isBlankCell(cells[right] ?? null)) right--;
  if (right < 1) return null;
  const values = cells.filter((cell) => isValueKind(cellKind(cell ?? null, decimalSeparator)));
  if (!values.some((cell) => !YEAR_HEADING.test(cellText(cell ?? null)))) return null;
  return { range: { top: row, left: 0, bottom: row, right }, headerRows: 0, title: null, notes: [] };
}

/**
 * A comment line: one field, starting with `#` (csvw's `commentPrefix`, R's and pandas'
 * `comment='#'`), in a file whose records have several fields. Not a row of the table.
 */
export function isCommentRecord(cells: readonly (Cell | null)[]): boolean {
  let filled: Cell | null = null;
  for (const cell of cells) {
    if (isBlankCell(cell ?? null)) continue;
    if (filled !== null) return false;
    filled = cell;
  }
  return filled !== null && typeof filled.value === 'string' && filled.value.trimStart().startsWith('#');
}

function isBlankRecord(cells: readonly (Cell | null)[]): boolean {
  for (const cell of cells) if (!isBlankCell(cell ?? null)) return false;
  return true;
}

/** A year heading over a column that is not itself a column of years. */
function isYearHeading(grid: Grid, row: number, column: number, bottom: number): boolean {
  if (!YEAR_HEADING.test(cellText(cellAt(grid, row, column)))) return false;
  let numbers = 0;
  let years = 0;
  for (let below = row + 1; below <= Math.min(bottom, row + SAMPLE_ROWS); below++) {
    const cell = cellAt(grid, below, column);
    const value = cellNumber(cell);
    if (value === null) continue;
    numbers++;
    if (YEAR_HEADING.test(cellText(cell))) years++;
  }
  return numbers === 0 || years < numbers;
}

/** Every field filled with text, one of them over a column of numbers, dates or booleans. */
function looksLikeHeader(grid: Grid, row: number, width: number, body: CellKind[], decimalSeparator: '.' | ','): boolean {
  let overValues = false;
  for (let column = 0; column < width; column++) {
    const kind = cellKind(cellAt(grid, row, column), decimalSeparator);
    if (kind !== 'text') return false;
    if (isValueKind(body[column])) overValues = true;
  }
  return overValues;
}
