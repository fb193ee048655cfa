/**
 * The body rows of a table region and what table building reads off each: the number each
 * cell holds, which columns are numeric or hold text, and the facts section and aggregate
 * detection need per row. Cells are read-only: a row may be the grid's own array.
 * @module tables/body-rows
 */
import { sheetRowOf, type Cell, type CellRange, type Grid } from '../extract/grid.js';
import { isColumnCountFormula, isColumnSumFormula, multipliesRowsOfColumn, refersUpOwnColumn } from './aggregate-formulas.js';
import type { RowFacts } from './aggregate-rows.js';
import { cellText, isBlankCell, labelDepth } from './cells.js';
import { observedCellKind, type Observation } from './observe-cells.js';
import type { TableRegion } from './detect-tables.js';
import { formulaRowReferences } from './rows-from-totals.js';
import type { SectionRowFacts } from './sections.js';

/** One non-blank body row: its grid row (0-based), its cells by table column, their numbers. */
export interface BodyRow {
  row: number;
  /** Its sheet row (0-based), as merge ranges count rows: `row`, but in a window of a taller sheet (`Grid.sheetRows`). */
  sheetRow: number;
  cells: (Cell | null)[];
  numbers: (number | null)[];
  hidden: boolean;
}

/** The body's non-blank rows (totals placed above the header first), but for rows a merge above only continues (`continuesMergedRow`); `numbers` is filled by `fillNumbers`. Cells are read-only (a row may be the grid's own array). */
export function bodyRows(grid: Grid, region: TableRegion, sheetColumns: number[]): BodyRow[] {
  const { range } = region;
  const width = sheetColumns.length;
  const identity = sheetColumns.every((column, index) => column === index);
  const rows: BodyRow[] = [];
  const skipped = region.skipRows === undefined ? null : new Set(region.skipRows);
  const sheetRows = [...(region.totalsAbove ?? [])];
  for (let row = range.top + region.headerRows; row <= range.bottom; row++) sheetRows.push(row);
  const firstBodySheetRow = firstBodyRowOf(grid, range.top + region.headerRows);
  for (const row of sheetRows) {
    if (skipped?.has(row)) continue;
    const source = grid.rows[row];
    let cells: (Cell | null)[];
    if (identity && source !== undefined && source.length === width) cells = source;
    else {
      cells = new Array<Cell | null>(width);
      for (let column = 0; column < width; column++) cells[column] = source?.[sheetColumns[column]] ?? null;
    }
    let blank = true;
    for (let column = 0; column < width; column++) {
      const cell = cells[column];
      if (cell === undefined) {
        cells = cells === source ? [...source] : cells;
        cells[column] = null;
      } else if (blank && !isBlankCell(cell)) blank = false;
    }
    const sheetRow = sheetRowOf(grid, row);
    if (blank || continuesMergedRow(cells, sheetRow, firstBodySheetRow)) continue;
    rows.push({ row, sheetRow, cells, numbers: [], hidden: grid.rowHidden[row] === true });
  }
  return rows;
}

/**
 * The sheet row (0-based) where the body of a table whose first body row is grid row
 * `firstBodyRow` starts, as merge ranges count rows: the row after its last header row (in a
 * window of a taller sheet, a chunk's first body row may lie far below the table's).
 */
export function firstBodyRowOf(grid: Pick<Grid, 'sheetRows'>, firstBodyRow: number): number {
  return sheetRowOf(grid, firstBodyRow - 1) + 1;
}

/**
 * True when every filled cell of body row `row` (a sheet row, 0-based) is a vertically merged
 * cell that starts on an earlier body row (at or below sheet row `firstBodyRow`): the row only shows values the merge copies
 * down, one logical value already read on the merge's first row. Reading it again would
 * count that value twice ("2336 | 62%" merged over two rows is one row, not two).
 */
export function continuesMergedRow(cells: (Cell | null)[], row: number, firstBodyRow: number): boolean {
  let filled = false;
  for (const cell of cells) {
    if (isBlankCell(cell)) continue;
    const merge = cell?.merge;
    if (merge === undefined || merge.top >= row || merge.top < firstBodyRow) return false;
    filled = true;
  }
  return filled;
}

/**
 * Fills down the labels of leading dimension columns written once per group, as in a pivot or
 * grouped report ("Female" on the first of its five rows, "Male" on the sixth): an analyst copies
 * each label down to the rows under it until the next label. Blanks are filled only when the
 * sheet's layout says the labels head groups (`groupLayout`): a CSV is never filled (its records
 * are rows with values as written, and "SPRING, then blanks" in a flat list means no coupon), nor
 * is a worksheet list with no such evidence (a blank "Escalated to" is unassigned). Column `c`
 * (the first, then each next one while the one before was filled) is filled when its filled
 * cells are all text, its first row is filled, it has at least two labels (a blank run is
 * followed by a later label) and at least as many blanks as labels (groups of two rows or more
 * on average: a column filled but for a few blanks has missing values, not groups), at least
 * half the labels after the first come after blanks, the last label has no more rows under it
 * than the longest group above (a list of names stopping where a longer column beside goes on is
 * no group), no label repeats the one before it (repeats mean labels are written on every row: a
 * blank there is a missing value), and each of its labels sits beside a filled cell of column
 * `c + 1` (the group's first member; a section heading stands alone). Subtotal rows of a grouped
 * report ("North Total" under North's rows, "Grand Total") close a group and are never filled.
 * A blank is filled only on a row whose next column is filled; a row with both blank ends the
 * group. Measure columns (numbers) and the innermost column are never filled. Rows are replaced,
 * not changed in place (a row may be the grid's own array). Source: unpivotr's pivot tables;
 * reviewer cases p1.xlsx, p2.csv (flat lists) and pv1.xlsx (pivot with subtotal rows).
 */
export function fillDownLabels(body: BodyRow[], layout: GroupLayout): void {
  if (body.length < 3 || layout.csv) return;
  const width = body[0].cells.length;
  for (let column = 0; column + 1 < width; column++) {
    const shape = fillsDown(body, column);
    if (shape === null || !(layout.pivot || shape.subtotalled || shape.merged)) return;
    let label: Cell | null = null;
    for (const row of body) {
      const cell = row.cells[column];
      const next = row.cells[column + 1];
      if (!isBlankCell(cell)) label = subtotalOf(cell, label) ? null : cell;
      else if (isBlankCell(next)) label = null;
      else if (label !== null) {
        row.cells = [...row.cells];
        row.cells[column] = { value: label.value };
      }
    }
  }
}

/**
 * The layout evidence `fillDownLabels` needs beyond the column's shape: `csv` when the grid is a
 * CSV/TSV file (never filled), `pivot` when the workbook declares a PivotTable over the table.
 */
export interface GroupLayout {
  csv: boolean;
  pivot: boolean;
}

/** The group layout evidence of a region of `grid` (see `fillDownLabels`). */
export function groupLayoutOf(grid: Grid, range: CellRange): GroupLayout {
  const pivot = (grid.declaredTables ?? []).some((table) => table.kind === 'pivot' && table.range.top <= range.bottom && table.range.bottom >= range.top && table.range.left <= range.right && table.range.right >= range.left);
  return { csv: grid.name === null, pivot };
}

/** True when `cell` is a subtotal row's label closing the group of `label` ("North Total", "Total North") or a grand total. */
function subtotalOf(cell: Cell | null, label: Cell | null): boolean {
  const text = cellText(cell).trim().toLowerCase();
  if (text === 'total' || text === 'grand total') return true;
  if (label === null) return false;
  const group = cellText(label).trim().toLowerCase();
  return text === `${group} total` || text === `total ${group}`;
}

function fillsDown(body: BodyRow[], column: number): { subtotalled: boolean; merged: boolean } | null {
  if (isBlankCell(body[0].cells[column])) return null;
  let labels = 0;
  let blanks = 0;
  let afterBlanks = 0;
  let run = 0;
  let longestGroup = 0;
  let subtotals = 0;
  let merged = false;
  let previous: string | null = null;
  let label: Cell | null = null;
  let closed = false;
  for (const row of body) {
    const cell = row.cells[column];
    if (isBlankCell(cell)) {
      blanks++;
      run++;
      continue;
    }
    const merge = cell?.merge;
    if (merge !== undefined && merge.bottom > merge.top) {
      merged = true;
      // A row a vertical merge continues shows the merge's label again: the group goes on.
      if (merge.top < row.sheetRow) continue;
    }
    if (subtotalOf(cell, label)) {
      if (label !== null) subtotals++;
      label = null;
      previous = null;
      closed = true;
      if (run > longestGroup) longestGroup = run;
      run = 0;
      continue;
    }
    if (typeof cell?.value !== 'string' || isBlankCell(row.cells[column + 1])) return null;
    const text = cellText(cell);
    if (text === previous) return null;
    previous = text;
    label = cell;
    if (run > 0 || closed) afterBlanks++;
    if (run > longestGroup) longestGroup = run;
    run = 0;
    closed = false;
    labels++;
  }
  // The labels after the first mostly close a run of blanks, and the rows under the last label are no more than a group holds.
  if (!(labels >= 2 && blanks >= labels && afterBlanks * 2 >= labels - 1 && run <= longestGroup)) return null;
  return { subtotalled: subtotals === labels, merged };
}

/**
 * The number each body cell holds, from its typing observation: Excel numbers and number
 * text (what `cellNumber` reads); dates and booleans are not numbers.
 */
export function fillNumbers(body: BodyRow[], observed: Observation[][]): void {
  for (let index = 0; index < body.length; index++) {
    const numbers = new Array<number | null>(observed.length);
    for (let column = 0; column < observed.length; column++) {
      const observation = observed[column][index];
      numbers[column] = observation.kind === 'number' ? observation.value : null;
    }
    body[index].numbers = numbers;
  }
}

/** Per column: most filled body cells hold numbers (`numericColumns`); some cell holds text (`textColumns`). */
export function columnFlags(body: BodyRow[], observed: Observation[][], decimalSeparator: '.' | ','): { numericColumns: boolean[]; textColumns: boolean[] } {
  const numericColumns = observed.map(() => false);
  const textColumns = observed.map(() => false);
  for (let column = 0; column < observed.length; column++) {
    let numbers = 0;
    let filled = 0;
    let text = false;
    for (let index = 0; index < body.length; index++) {
      const kind = observedCellKind(body[index].cells[column], observed[column][index], decimalSeparator);
      if (kind === 'empty' || kind === 'error') continue;
      filled++;
      if (kind === 'number') numbers++;
      else if (kind === 'text') text = true;
    }
    numericColumns[column] = filled > 0 && numbers * 2 > filled;
    textColumns[column] = text;
  }
  return { numericColumns, textColumns };
}

/** A row that could be a section heading (`findSectionRows`): its label cell is its only filled cell, and it holds no number. */
export function mayHeadSection(row: BodyRow, labelColumn: number): boolean {
  for (let column = 0; column < row.cells.length; column++) {
    if (row.numbers[column] !== null) return false;
    if (column !== labelColumn && !isBlankCell(row.cells[column])) return false;
  }
  return true;
}

export function sectionFactsOf(row: BodyRow, labelColumn: number): SectionRowFacts {
  const labelCell = labelColumn >= 0 ? row.cells[labelColumn] : null;
  const label = typeof labelCell?.value === 'string' ? labelCell.value : cellText(labelCell);
  let filled = 0;
  let bold = 0;
  let otherFilled = 0;
  let hasNumbers = false;
  for (let column = 0; column < row.cells.length; column++) {
    const cell = row.cells[column];
    if (row.numbers[column] !== null) hasNumbers = true;
    if (isBlankCell(cell)) continue;
    filled++;
    if (cell?.bold === true) bold++;
    if (column !== labelColumn) otherFilled++;
  }
  return { label, depth: labelDepth(labelCell), bold: filled > 0 && bold === filled, hasNumbers, otherFilled, hidden: row.hidden };
}

export function rowFacts(row: BodyRow, section: boolean, numericColumns: boolean[], sheetColumns: number[]): RowFacts {
  let label = '';
  let labelParts = 0;
  let leadText = '';
  let formulaCount = 0;
  let columnSumFormulaCount = 0;
  let productFormulaCount = 0;
  let unreadSumFormulaCount = 0;
  let columnCountFormulaCount = 0;
  let filled = 0;
  let bold = 0;
  let numericCells = 0;
  let percentCells = 0;
  let ruledTop = 0;
  let ruledBottom = 0;
  let labelCell: Cell | null = null;
  let formulaRowRefs: number[][] | undefined;
  let numbers = row.numbers;
  const labelCells: string[] = new Array<string>(row.cells.length).fill('');
  for (let column = 0; column < row.cells.length; column++) {
    const cell = row.cells[column];
    const isNumber = row.numbers[column] !== null && numericColumns[column];
    if (row.numbers[column] !== null && !numericColumns[column]) {
      // Numbers outside numeric columns do not count: copy once, then blank them.
      if (numbers === row.numbers) numbers = [...row.numbers];
      numbers[column] = null;
    }
    if (isNumber) {
      numericCells++;
      if ((cell?.numFmt ?? '').includes('%')) percentCells++;
      if (cell?.borderTop === true) ruledTop++;
      if (cell?.borderBottom === true) ruledBottom++;
    }
    // `=SUM(E12:E14)` showing #NAME? (a broken link) or nothing: a total cell whose number is unread.
    if (!isNumber && cell !== null && cell.formulaText !== undefined && (cell.error !== undefined || cell.value === null) && isColumnSumFormula(cell.formulaText) && refersUpOwnColumn(cell.formulaText, sheetColumns[column], row.row)) unreadSumFormulaCount++;
    if (isBlankCell(cell)) continue;
    filled++;
    if (cell?.bold === true) bold++;
    if (cell?.formulaText !== undefined && isColumnCountFormula(cell.formulaText) && refersUpOwnColumn(cell.formulaText, sheetColumns[column], row.row)) {
      columnCountFormulaCount++;
      continue;
    }
    if (isNumber) {
      if (cell?.formulaText !== undefined) {
        (formulaRowRefs ??= []).push(formulaRowReferences(cell.formulaText));
        // A total sums its own column; a SUM over another column (weekly sums of a daily table beside) is a computed value.
        if (refersUpOwnColumn(cell.formulaText, sheetColumns[column], row.row)) {
          formulaCount++;
          if (isColumnSumFormula(cell.formulaText)) columnSumFormulaCount++;
          else if (multipliesRowsOfColumn(cell.formulaText, sheetColumns[column], row.row)) productFormulaCount++;
        }
      }
      continue;
    }
    if (labelCell === null) labelCell = cell;
    const text = cellText(cell);
    labelCells[column] = text.trim();
    label = labelParts++ === 0 ? text : `${label} ${text}`;
    if (leadText === '' && typeof cell?.value === 'string') leadText = text;
  }
  return {
    depth: labelDepth(labelCell),
    label: label.trim(),
    labelCells,
    percentFormatted: numericCells > 0 && percentCells === numericCells,
    leadText,
    numbers,
    formulaCount,
    columnSumFormulaCount,
    columnCountFormulaCount,
    productFormulaCount,
    unreadSumFormulaCount,
    bold: filled > 0 && bold === filled,
    ...(numericCells > 0 && ruledTop === numericCells ? { ruleAbove: true } : {}),
    ...(numericCells > 0 && ruledBottom === numericCells ? { ruleBelow: true } : {}),
    hidden: row.hidden,
    section,
    sheetRow: row.sheetRow,
    ...(formulaRowRefs === undefined ? {} : { formulaRowReferences: formulaRowRefs }),
  };
}

/**
 * Keeps a number merged down over several data rows on the merge's first row only: Excel shows
 * one value ("Rent 1000" over the rows of Ann and Bob), the file copies it to every covered
 * cell, and summing the copies would count it once per row (2,250 where the sheet shows 1,250).
 * Only measure columns (`measures[c]`: additive numbers) are split; text merges (labels) and
 * numbers in key columns keep their copies, as a reader repeats a label for each row it spans.
 * Rows are replaced, not changed in place; call after `fillNumbers` (the copies' numbers are
 * cleared too).
 * @param firstBodyRow the sheet row (0-based) of the table's first body row (`firstBodyRowOf`): a
 *   merge starting above it (a header) is left alone
 * @returns each merge split: its table column and its range (0-based, inclusive)
 */
export function keepMergedNumbersOnce(body: BodyRow[], measures: boolean[], firstBodyRow: number): { column: number; range: CellRange }[] {
  const split: { column: number; range: CellRange }[] = [];
  const seen = new Set<string>();
  for (const row of body) {
    for (let column = 0; column < measures.length; column++) {
      if (!measures[column]) continue;
      const cell = row.cells[column];
      const merge = cell?.merge;
      if (merge === undefined || merge.top >= row.sheetRow || merge.top < firstBodyRow || merge.bottom === merge.top || row.numbers[column] === null) continue;
      row.cells = [...row.cells];
      row.cells[column] = null;
      row.numbers = [...row.numbers];
      row.numbers[column] = null;
      const key = `${merge.top},${merge.left},${merge.bottom},${merge.right}`;
      if (!seen.has(key)) {
        seen.add(key);
        split.push({ column, range: merge });
      }
    }
  }
  return split;
}
