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
import { NOTE_START } from './notes.js';
import { isNoValueText } from './values.js';

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
 * - at least one record follows the header; a record under it that repeats it but for the
 *   names of one or two columns of values is the header's second level (`secondHeaderLevel`);
 * - comment lines (`# updated 12/31/2010`, see `isCommentRecord`) are no records: above the header
 *   they stay outside the table, below it they are `skipRows`;
 * - notes under the table (`footNoteRows`: "Prepared by, Finance", "* Includes penalties") end it,
 *   kept as its notes; a note opening with a marker may have fewer or more fields than the header.
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

  // Notes under the table may be shorter or longer records (`* Includes penalties`, `** Source: LFP, 2012`): they end it first.
  const notes = footNoteRows(grid, top, bottom, width, decimalSeparator);
  if (notes.length > 0) {
    bottom = notes[0] - 1;
    while (bottom > top && isBlankRecord(rows[bottom])) bottom--;
  }
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
  const headerRows = secondHeaderLevel(grid, top, bottom, decimalSeparator) ? 2 : 1;
  const region: TableRegion = { range: { top, left: 0, bottom, right: width - 1 }, headerRows, title: null, notes: notes.map((row) => noteLine(rows[row])) };
  const skipRows = comments.filter((row) => row <= bottom);
  if (skipRows.length > 0) region.skipRows = skipRows;
  return region;
}

/**
 * The second level of a header a web table's export writes out in full: "Year, Single, Chart
 * positions, Album" over "Year, Single, SPA, Album". The record under the header repeats its
 * first field and at least two more (three or more in all), and renames one or two fields, each
 * over a column that holds values (numbers, dates) below where it is text: the name of a column
 * under its group's name, never a data record (which would name its row in the first field).
 */
function secondHeaderLevel(grid: Grid, top: number, bottom: number, decimalSeparator: '.' | ','): boolean {
  const second = top + 1;
  if (second + 1 > bottom) return false;
  const width = grid.rows[top].length;
  const text = (row: number, column: number): string | null => (cellKind(cellAt(grid, row, column), decimalSeparator) === 'text' ? cellText(cellAt(grid, row, column)).trim() : null);
  if (text(second, 0) === null || text(second, 0) !== text(top, 0)) return false;
  const body = bodyKinds(grid, { top, left: 0, bottom, right: width - 1 }, second + 1, decimalSeparator);
  let repeated = 0;
  const renamed: number[] = [];
  for (let column = 0; column < width; column++) {
    const lower = text(second, column);
    if (lower === null || lower === '') return false;
    if (lower === text(top, column)) repeated++;
    else renamed.push(column);
  }
  // (a renamed cell names a column: it has a letter, "—" is no name)
  return repeated >= 3 && renamed.length >= 1 && renamed.length <= 2 && renamed.every((column) => isValueKind(body[column]) && /\p{L}/u.test(text(second, column) ?? ''));
}

/** Most records at a CSV's foot read as notes about its table. */
const MAX_FOOT_NOTES = 5;

/** Fewest data records that must stay above the notes. */
const MIN_DATA_ABOVE_NOTES = 2;

/**
 * Records at the foot of a clean CSV that are notes about the table, not rows of it: a run of
 * last records (blank lines between allowed), each a label followed by values, where at least
 * one label opens the way a note does ("Prepared by", "Source", "Note": `NOTE_START`) and every
 * other record of the run is a label and one value, unlike its column's above it (text where the
 * column holds numbers, a fraction where it holds whole numbers: "Exchange rate used, 1.08"
 * under revenues). An analyst reads such lines as remarks on the figures; stored as rows they
 * turn the number column into text. At most `MAX_FOOT_NOTES` records; at least
 * `MIN_DATA_ABOVE_NOTES` data records stay above.
 * @returns the note records' row indexes, top first; empty when the foot holds none
 */
export function footNoteRows(grid: Grid, top: number, bottom: number, width: number, decimalSeparator: '.' | ','): number[] {
  const rows = grid.rows;
  const candidates: number[] = [];
  for (let row = bottom; row > top && candidates.length < MAX_FOOT_NOTES; row--) if (!isBlankRecord(rows[row]) && !isCommentRecord(rows[row])) candidates.push(row);
  const run: number[] = [];
  let marked = false;
  for (const row of candidates) {
    const label = cellText(cellAt(grid, row, 0));
    if (label === '' || cellKind(cellAt(grid, row, 0), decimalSeparator) !== 'text') break;
    const note = NOTE_START.test(label);
    if (!note && (filledCells(rows[row]) !== 2 || !holdsUnlikeValue(grid, row, top, width, decimalSeparator))) break;
    run.push(row);
    if (note) marked = true;
  }
  if (!marked) return [];
  let dataAbove = 0;
  for (let row = top + 1; row < run[run.length - 1] && dataAbove < MIN_DATA_ABOVE_NOTES; row++) if (!isBlankRecord(rows[row]) && !isCommentRecord(rows[row])) dataAbove++;
  return dataAbove < MIN_DATA_ABOVE_NOTES ? [] : run.reverse();
}

/**
 * A CSV table region with its foot notes (`footNoteRows` under its last header row) cut off and
 * kept as its notes; the region itself when it has none, or does not start at the first column
 * (the note's label is read there).
 */
export function withFootNotes(grid: Grid, region: TableRegion, decimalSeparator: '.' | ','): TableRegion {
  const { range, headerRows } = region;
  if (range.left !== 0 || headerRows < 1) return region;
  const headerRow = range.top + headerRows - 1;
  const notes = footNoteRows(grid, headerRow, range.bottom, range.right + 1, decimalSeparator);
  if (notes.length === 0) return region;
  let bottom = notes[0] - 1;
  while (bottom > headerRow && isBlankRecord(grid.rows[bottom])) bottom--;
  const skipRows = region.skipRows?.filter((row) => row <= bottom);
  const cut: TableRegion = { ...region, range: { ...range, bottom }, notes: [...region.notes, ...notes.map((row) => noteLine(grid.rows[row]))] };
  if (skipRows === undefined || skipRows.length === 0) delete cut.skipRows;
  else cut.skipRows = skipRows;
  return cut;
}

/** A value cell of `row` unlike every data cell of its column between the header and `row`: text among numbers, a fraction among whole numbers. */
function holdsUnlikeValue(grid: Grid, row: number, top: number, width: number, decimalSeparator: '.' | ','): boolean {
  for (let column = 1; column < width; column++) {
    const cell = cellAt(grid, row, column);
    const kind = cellKind(cell, decimalSeparator);
    if (kind !== 'text' && kind !== 'number') continue;
    let numbers = 0;
    let whole = 0;
    let others = 0;
    for (let above = top + 1; above < row; above++) {
      const other = cellAt(grid, above, column);
      const otherKind = cellKind(other, decimalSeparator);
      if (otherKind === 'empty') continue;
      if (otherKind !== 'number') others++;
      else {
        numbers++;
        if (Number.isInteger(cellNumber(other, decimalSeparator))) whole++;
      }
    }
    if (numbers < MIN_DATA_ABOVE_NOTES || others > 0) continue;
    if (kind === 'text' && !isNoValueText(cellText(cell))) return true;
    const value = cellNumber(cell, decimalSeparator);
    if (kind === 'number' && whole === numbers && value !== null && !Number.isInteger(value)) return true;
  }
  return false;
}

function filledCells(cells: readonly (Cell | null)[]): number {
  let filled = 0;
  for (const cell of cells) if (!isBlankCell(cell ?? null)) filled++;
  return filled;
}

/** A note record as table notes hold it: its distinct texts joined by a space. */
function noteLine(cells: readonly (Cell | null)[]): string {
  const texts: string[] = [];
  for (const cell of cells) {
    const text = cellText(cell ?? null);
    if (text !== '' && texts[texts.length - 1] !== text) texts.push(text);
  }
  return texts.join(' ');
}

/**
 * The region of a grid whose only record is data (`1,2,3`; one row of numbers and text exported
 * under blank `,,,` lines; the same row alone on a sheet), or null. A single record is data, not
 * a header with no rows, when it has two fields or more and one of them is a number, date or
 * boolean that is not a year heading (`Country,2019,2020` is a header). Its columns get generated
 * names (`Column 1`…), as any table without a header row does. A CSV's region starts at its first
 * field, a sheet's at its first filled cell.
 */
export function singleRecordRegion(grid: Grid, decimalSeparator: '.' | ','): TableRegion | null {
  const filled = grid.rows.flatMap((cells, row) => (isBlankRecord(cells) || isCommentRecord(cells) ? [] : [row]));
  if (filled.length !== 1) return null;
  const [row] = filled;
  const cells = grid.rows[row];
  let right = cells.length - 1;
  while (right > 0 && isBlankCell(cells[right] ?? null)) right--;
  let left = 0;
  if (grid.name !== null) while (left < right && isBlankCell(cells[left] ?? null)) left++;
  if (right - left < 1) return null;
  const values = cells.filter((cell) => isValueKind(cellKind(cell ?? null, decimalSeparator)));
  if (!values.some((cell) => !YEAR_HEADING.test(cellText(cell ?? null)))) return null;
  return { range: { top: row, left, bottom: row, right }, headerRows: 0, title: null, notes: [] };
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
