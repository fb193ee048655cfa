/**
 * Header rows: where a block's header starts, under which banners, and how many rows it spans
 * (up to three levels, a units row, a year level); `header-names.ts` folds them into column names.
 * @module tables/headers
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, cellKind, cellNumber, cellText, isBlankCell, isValueKind, type CellKind } from './cells.js';
import { isNoValueText } from './values.js';
import { filledColumns, headerText, isUnitsRow } from './header-units.js';

/** Most header rows a table may have. */
const MAX_HEADER_ROWS = 3;

/** Where a block's header sits: rows to skip as banners, then header rows (0 = header-less). */
export interface HeaderSplit {
  bannerRows: number;
  headerRows: number;
}

/**
 * Decides how a table block starts: sparse lead rows that are not a header level are
 * banners ("Count of Audit ID | Column Labels" above a pivot), then 0–3 header rows.
 * A first row that reads like the rows below it (numbers where they hold numbers) means
 * there is no header at all.
 * @param rect the block, banner rows of single values already removed
 */
export function splitHeader(grid: Grid, rect: CellRange, decimalSeparator: '.' | ',' = '.'): HeaderSplit {
  const height = rect.bottom - rect.top + 1;
  if (height < 2) return { bannerRows: 0, headerRows: height === 1 && rowIsHeaderLike(grid, rect, rect.top, bodyKinds(grid, rect, rect.top + 1, decimalSeparator), decimalSeparator) ? 1 : 0 };
  let top = rect.top;
  while (top < rect.bottom - 1 && isLeadBanner(grid, rect, top, decimalSeparator)) top++;
  const stacked = headerUnderLeadRows(grid, rect, top, decimalSeparator);
  if (stacked !== null) return { bannerRows: stacked.start - rect.top, headerRows: stacked.rows };
  const body = bodyKinds(grid, rect, Math.min(top + 1, rect.bottom), decimalSeparator);
  if (!isCodeHeaderRow(grid, rect, top, decimalSeparator) && (rowIsDataLike(grid, rect, top, body, decimalSeparator) || isUnorderedNumberRow(grid, rect, top, decimalSeparator))) return { bannerRows: top - rect.top, headerRows: 0 };
  top = headerStart(grid, rect, top, decimalSeparator);
  const bannerRows = top - rect.top;
  let headerRows = 1;
  while (headerRows < MAX_HEADER_ROWS && top + headerRows < rect.bottom) {
    const below = top + headerRows;
    const lowerBody = bodyKinds(grid, rect, Math.min(below + 1, rect.bottom), decimalSeparator);
    if (!rowIsHeaderLike(grid, rect, below, lowerBody, decimalSeparator)) break;
    if (!continuesHeader(grid, rect, top, below)) break;
    headerRows++;
  }
  return { bannerRows, headerRows };
}

/**
 * Where the header starts when notes sit right above it: the nearest wide header-like row
 * above the first row of values (section headings like "Revenue" are not wide), extended up
 * over the levels of a multi-row header. Rows above it are banners.
 */
function headerStart(grid: Grid, rect: CellRange, top: number, decimalSeparator: '.' | ','): number {
  let firstValues = -1;
  for (let row = top + 1; row <= Math.min(rect.bottom, top + 30) && firstValues < 0; row++) {
    if (isFieldRow(grid, rect, row)) continue;
    if (filledColumns(grid, rect, row).some((column) => isDataValue(cellAt(grid, row, column), decimalSeparator))) firstValues = row;
  }
  if (firstValues < top + 2) return top;
  const body = bodyKinds(grid, rect, firstValues, decimalSeparator);
  // A bold row of labels on top of plain rows is the header: the plain rows above the first number are data.
  if (allBold(grid, rect, top) && !isFieldRow(grid, rect, top) && rowIsHeaderLike(grid, rect, top, body, decimalSeparator)) {
    let plain = true;
    for (let row = top + 1; row <= firstValues && plain; row++) if (filledColumns(grid, rect, row).some((column) => cellAt(grid, row, column)?.bold === true)) plain = false;
    if (plain) return top;
  }
  const dataColumns = body.filter((kind) => kind !== 'empty').length;
  for (let row = firstValues - 1; row > top; row--) {
    if (isFieldRow(grid, rect, row)) continue;
    const filled = filledColumns(grid, rect, row).length;
    if (filled < Math.max(2, Math.ceil(dataColumns / 2)) || !rowIsHeaderLike(grid, rect, row, body, decimalSeparator)) continue;
    let start = row;
    while (start > top && row - start + 1 < MAX_HEADER_ROWS && continuesHeader(grid, rect, start - 1, start)) start--;
    if (start === row && row > top && isUnitsRow(grid, rect, row) && filledColumns(grid, rect, row - 1).length > filled) start--;
    if (start === row && isLabelledNumberRowUnderLabels(grid, rect, top, row, decimalSeparator)) continue;
    return start;
  }
  return top;
}

/**
 * A row led by a row label and holding numbers, under a row of text labels over the same
 * columns: "Rent | 2000 | 2000 | 2000" under "Category | Jan | Feb | Mar". Its numbers could read
 * as year headings, but a row of numbers is never a better header than the row of labels above
 * it; it is the first data row. A level of year headings over the labels leaves its first
 * column blank (" | 2023 | 2024"); a header of years under a note has no full row of labels above.
 */
function isLabelledNumberRowUnderLabels(grid: Grid, rect: CellRange, top: number, row: number, decimalSeparator: '.' | ','): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns[0] !== rect.left || cellKind(cellAt(grid, row, rect.left), decimalSeparator) !== 'text') return false;
  if (!columns.some((column) => cellKind(cellAt(grid, row, column), decimalSeparator) === 'number')) return false;
  for (let above = top; above < row; above++) {
    const labels = filledColumns(grid, rect, above);
    if (labels.length < 2 || !columns.every((column) => labels.includes(column))) continue;
    if (labels.every((column) => cellKind(cellAt(grid, above, column), decimalSeparator) === 'text')) return true;
  }
  return false;
}

/** Limits of a header found under lead rows (`headerUnderLeadRows`); from ONS releases and Enron lists with summaries on top. */
const LEAD_HEADER = {
  /** Rows read from the block's top for the header. */
  scanRows: 30,
  /** Rows in a row that reads like the body which make it the first data row. */
  dataRun: 3,
  /** Most rows of a header stacked from group levels over its last row (group, subgroup, sub-subgroup, measure …). */
  maxRows: 6,
};

/**
 * A header below lead rows that are not part of it: summary or key-value rows ("Master
 * Contracts | 61 | 168", "2001-04-16 | Staying | Going"), a numbered title ("1 | Overseas
 * residents' visits"), a unit ("thousands"). The header's last row sits right above the first
 * run of `dataRun` rows that read like the body, is header-like and fills at least half the
 * body's columns; group levels above it (`isGroupLevel`, a blank row between allowed) are its
 * upper rows. Every lead row above the header fills fewer columns than its last row, and at
 * least one lead row is there, or the stack is taller than `MAX_HEADER_ROWS` (which the level
 * rules below do not count).
 * @returns the header's first row and its row count, or null when the block does not start so
 */
function headerUnderLeadRows(grid: Grid, rect: CellRange, top: number, decimalSeparator: '.' | ','): { start: number; rows: number } | null {
  const last = Math.min(rect.bottom, top + LEAD_HEADER.scanRows);
  let dataTop = -1;
  for (let row = top + 1; row <= last && dataTop < 0; row++) {
    let run = 0;
    for (let below = row; below <= rect.bottom && run < LEAD_HEADER.dataRun; below++) {
      if (filledColumns(grid, rect, below).length === 0) continue;
      if (!readsAsData(grid, rect, below, bodyKinds(grid, rect, Math.min(below + 1, rect.bottom), decimalSeparator), decimalSeparator)) break;
      run++;
    }
    if (run >= Math.min(LEAD_HEADER.dataRun, rect.bottom - row + 1)) dataTop = row;
  }
  if (dataTop < 0) return null;
  let leaf = dataTop - 1;
  while (leaf > top && filledColumns(grid, rect, leaf).length === 0) leaf--;
  if (leaf <= top) return null;
  const body = bodyKinds(grid, rect, dataTop, decimalSeparator);
  const leafColumns = filledColumns(grid, rect, leaf);
  const dataColumns = body.filter((kind) => kind !== 'empty').length;
  if (leafColumns.length < Math.max(2, Math.ceil(dataColumns / 2)) || !rowIsHeaderLike(grid, rect, leaf, body, decimalSeparator)) return null;
  let start = leaf;
  for (let upper = leaf - 1; upper >= top && leaf - upper + 1 <= LEAD_HEADER.maxRows; upper--) {
    const labels = filledColumns(grid, rect, upper).length;
    const level = labels >= 2 && upper === start - 1 && rowIsHeaderLike(grid, rect, upper, body, decimalSeparator) && continuesHeader(grid, rect, upper, start);
    if (level || isGroupLevel(grid, rect, upper, leafColumns, body, decimalSeparator)) start = upper;
    else if (labels === 0 && upper === start - 1 && upper > top) continue;
    else break;
  }
  if (start === top && leaf - start + 1 <= MAX_HEADER_ROWS) return null;
  for (let row = top; row < start; row++) if (filledColumns(grid, rect, row).length >= leafColumns.length) return null;
  return { start, rows: leaf - start + 1 };
}

/**
 * A row of the body: data-like (`rowIsDataLike`), or holding numbers in at least half the
 * columns of numbers below and no text in any of them (a year in a label column that also
 * holds the labels of summary rows: "2012 | Jan | 2245 | 2660" over "Latest three months").
 */
function readsAsData(grid: Grid, rect: CellRange, row: number, body: CellKind[], decimalSeparator: '.' | ','): boolean {
  if (rowIsDataLike(grid, rect, row, body, decimalSeparator)) return true;
  let numberColumns = 0;
  let numbers = 0;
  for (let column = rect.left; column <= rect.right; column++) {
    if (body[column - rect.left] !== 'number') continue;
    numberColumns++;
    const kind = cellKind(cellAt(grid, row, column), decimalSeparator);
    if (kind === 'text') return false;
    if (kind === 'number') numbers++;
  }
  return numberColumns > 0 && numbers * 2 >= numberColumns;
}

/**
 * A group level of a header over its last row (`leafColumns`, the columns the last row
 * fills): header-like (text, or period headings over numbers), no form field ("Techniker:"),
 * blank in the block's first column (the row labels' column), every label within the last
 * row's span, and two labels or more, or one merged over two columns or more: "All Visits"
 * (merged C:E) and "Area of residence" (merged G:Q) over "NSA | SA | NSA …".
 */
function isGroupLevel(grid: Grid, rect: CellRange, row: number, leafColumns: number[], body: CellKind[], decimalSeparator: '.' | ','): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns.length === 0 || columns[0] <= rect.left || columns[0] < leafColumns[0] || columns[columns.length - 1] > leafColumns[leafColumns.length - 1]) return false;
  if (!rowIsHeaderLike(grid, rect, row, body, decimalSeparator) || columns.some((column) => FIELD_LABEL.test(cellText(cellAt(grid, row, column))))) return false;
  if (columns.length >= 2) return true;
  const merge = cellAt(grid, row, columns[0])?.merge;
  return merge !== undefined && merge.right > merge.left;
}

/** A label ending in a colon: a form field above a table ("Facility: | Conover, NC", "Rate: | 338"), neither header nor data. */
export const FIELD_LABEL = /^[^:]{1,40}:$/;

/** A row of one or two cells whose first is a field label. */
function isFieldRow(grid: Grid, rect: CellRange, row: number): boolean {
  const columns = filledColumns(grid, rect, row);
  return columns.length > 0 && columns.length <= 2 && FIELD_LABEL.test(cellText(cellAt(grid, row, columns[0])));
}

/**
 * The dominant kind of each column over rows `from`…bottom (`empty` when the column is empty).
 * Texts that stand for no value (`NA`, `n/a`, `-`) are missing values of the column's kind, no
 * evidence of text: a column of them alone is read as a column of numbers (the "NA" cells of a
 * table of hours under month headings).
 */
export function bodyKinds(grid: Grid, rect: CellRange, from: number, decimalSeparator: '.' | ','): CellKind[] {
  const kinds: CellKind[] = [];
  const last = Math.min(rect.bottom, from + 200);
  for (let column = rect.left; column <= rect.right; column++) {
    const counts = new Map<CellKind, number>();
    let missing = 0;
    for (let row = from; row <= last; row++) {
      const cell = cellAt(grid, row, column);
      const kind = cellKind(cell, decimalSeparator);
      if (kind === 'text' && isNoValueText(cellText(cell))) missing++;
      else if (kind !== 'empty' && kind !== 'error') counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    if (counts.size === 0 && missing > 0) {
      kinds.push('number');
      continue;
    }
    let best: CellKind = 'empty';
    let bestCount = 0;
    for (const [kind, count] of counts) {
      if (count > bestCount) {
        best = kind;
        bestCount = count;
      }
    }
    kinds.push(best);
  }
  return kinds;
}

/** The number of an Excel number cell or of CSV text that is a plain integer (`2019`); NaN otherwise. */
export function yearValue(cell: ReturnType<typeof cellAt>): number {
  if (typeof cell?.value === 'number') return cell.value;
  return typeof cell?.value === 'string' && /^\s*\d{4}\s*$/.test(cell.value) ? Number(cell.value) : Number.NaN;
}

/** A cell holding a value of the data: a number, date or boolean, but not a year heading (`2001`, `"2002"`). */
function isDataValue(cell: ReturnType<typeof cellAt>, decimalSeparator: '.' | ','): boolean {
  const kind = cellKind(cell, decimalSeparator);
  if (!isValueKind(kind)) return false;
  if (kind !== 'number') return true;
  const text = cellText(cell);
  return !YEAR_HEADING.test(text);
}

export function isYearLike(value: number): boolean {
  return Number.isInteger(value) && value >= 1900 && value <= 2100;
}

/**
 * A header-like row: every cell is text, or a period heading (a year number or a date)
 * over a column of numbers. Headings name each column once: a row that repeats a year
 * (`Rent | 2000 | 2000 | 2000`) holds amounts, not years.
 */
function rowIsHeaderLike(grid: Grid, rect: CellRange, row: number, body: CellKind[], decimalSeparator: '.' | ','): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns.length === 0) return false;
  const years = columns.map((column) => yearValue(cellAt(grid, row, column))).filter((value) => isYearLike(value));
  if (new Set(years).size < years.length) return false;
  return columns.every((column) => {
    const cell = cellAt(grid, row, column);
    const kind = cellKind(cell, decimalSeparator);
    if (kind === 'text') return true;
    const bodyKind = body[column - rect.left];
    if (kind === 'date') return bodyKind === 'number';
    if (kind === 'number') return isYearLike(yearValue(cell)) && bodyKind === 'number' && !columnHasYears(grid, rect, row, column);
    return false;
  });
}

function columnHasYears(grid: Grid, rect: CellRange, row: number, column: number): boolean {
  let years = 0;
  let numbers = 0;
  for (let below = row + 1; below <= Math.min(rect.bottom, row + 50); below++) {
    const value = cellNumber(cellAt(grid, below, column));
    if (value === null) continue;
    numbers++;
    if (isYearLike(value)) years++;
  }
  return numbers > 0 && years === numbers;
}

/**
 * A first row that is data: every filled cell has the kind its column has below,
 * at least one is a number or date, and it is not a row of year headings.
 */
function rowIsDataLike(grid: Grid, rect: CellRange, row: number, body: CellKind[], decimalSeparator: '.' | ','): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns.length === 0) return false;
  let values = 0;
  for (const column of columns) {
    const cell = cellAt(grid, row, column);
    const kind = cellKind(cell, decimalSeparator);
    const bodyKind = body[column - rect.left];
    if (kind === 'error') continue;
    if (kind !== bodyKind && !(bodyKind === 'empty' && kind === 'text')) return false;
    if (isValueKind(kind)) values++;
  }
  if (values === 0) return false;
  return !rowIsHeaderLike(grid, rect, row, body, decimalSeparator);
}

/**
 * A header of column codes: "Product | 104 | 87 | 230" over "Shirts | 5 | 6 | 7", "Socks | 10 | 12 | 14".
 * The row's first filled cell is text over a column of text labels, and its other filled cells
 * (at least two) are distinct whole numbers that do not fit the columns below them: each lies
 * outside the range its column holds below (a first data row's values fall among the values of
 * their columns, or at most some at an end). Source: reviewer cases h4.xlsx, h5.csv.
 */
function isCodeHeaderRow(grid: Grid, rect: CellRange, row: number, decimalSeparator: '.' | ','): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns.length < 3 || row >= rect.bottom) return false;
  const [first, ...rest] = columns;
  if (cellKind(cellAt(grid, row, first), decimalSeparator) !== 'text') return false;
  let labels = 0;
  for (let below = row + 1; below <= rect.bottom; below++) {
    const kind = cellKind(cellAt(grid, below, first), decimalSeparator);
    if (kind === 'empty') continue;
    if (kind !== 'text') return false;
    labels++;
  }
  if (labels < 2) return false;
  const seen = new Set<number>();
  for (const column of rest) {
    const cell = cellAt(grid, row, column);
    const value = cellKind(cell, decimalSeparator) === 'number' ? cellNumber(cell, decimalSeparator) : null;
    if (value === null || !Number.isInteger(value) || seen.has(value)) return false;
    seen.add(value);
    let low = Infinity;
    let high = -Infinity;
    for (let below = row + 1; below <= rect.bottom; below++) {
      const number = cellNumber(cellAt(grid, below, column), decimalSeparator);
      if (number === null) continue;
      low = Math.min(low, number);
      high = Math.max(high, number);
    }
    if (low === Infinity || (value >= low && value <= high)) return false;
  }
  return true;
}

/**
 * A row of numbers that cannot be column headings: at least two values that are numbers (not
 * year headings), at least half its filled cells, and not running in order from left to right.
 * Numbers that head columns run in order (week 1 | 2 | 3, bands 0 | 100 | 500, years 2023 |
 * 2024); "10 | 7 | 37 | Subtotal 9:" is a row of values, whatever the text beside it. A row led by
 * a text label over a column of text labels ("Product | 104 | 87 | 230" over "Shirts | 5 | 6 | 7")
 * is never one: the label names the column below and the numbers are column codes (reviewer
 * cases h4.xlsx, h5.csv; poi_SubtotalsNested.xls's "10 | 7 | …" has no such label).
 */
function isUnorderedNumberRow(grid: Grid, rect: CellRange, row: number, decimalSeparator: '.' | ','): boolean {
  const columns = filledColumns(grid, rect, row);
  // "Product | 104 | 87 | 230" over "Shirts | 5 | 6 | 7": a text label heading a column of labels, with codes across the rest, is a header of column codes.
  if (columns.length > 0 && row < rect.bottom && cellKind(cellAt(grid, row, columns[0]), decimalSeparator) === 'text' && cellKind(cellAt(grid, row + 1, columns[0]), decimalSeparator) === 'text') return false;
  const numbers: number[] = [];
  for (const column of columns) {
    const cell = cellAt(grid, row, column);
    if (cellKind(cell, decimalSeparator) !== 'number' || !isDataValue(cell, decimalSeparator)) continue;
    const value = cellNumber(cell, decimalSeparator);
    if (value !== null) numbers.push(value);
  }
  if (numbers.length < 2 || numbers.length * 2 < columns.length) return false;
  return numbers.some((value, index) => index > 0 && value <= numbers[index - 1]);
}

/**
 * A sparse lead row that is not the top level of a two-row header: "Count of Audit ID |
 * Column Labels" over "Row Labels | AMER | APAC". The row below must be fuller.
 */
function isLeadBanner(grid: Grid, rect: CellRange, row: number, decimalSeparator: '.' | ','): boolean {
  const width = rect.right - rect.left + 1;
  const here = filledColumns(grid, rect, row);
  const next = filledColumns(grid, rect, row + 1);
  if (here.length === 0 || next.length <= here.length || here.length * 2 > width) return false;
  const body = bodyKinds(grid, rect, Math.min(row + 2, rect.bottom), decimalSeparator);
  if (!rowIsHeaderLike(grid, rect, row + 1, body, decimalSeparator)) return false;
  if (isYearLevel(grid, rect, row)) return false;
  if (here.some((column) => cellKind(cellAt(grid, row, column), decimalSeparator) !== 'text')) {
    return !here.every((column) => cellKind(cellAt(grid, row, column), decimalSeparator) === 'date');
  }
  return !isHeaderLevel(grid, rect, row, row + 1);
}

/**
 * True when `upper` reads as the group level of a header over `lower`: its first column is
 * blank or the same cell as below (unless `merged`: the upper row has a horizontal merge),
 * and each of its labels sits over a filled lower cell.
 */
function isHeaderLevel(grid: Grid, rect: CellRange, upper: number, lower: number, merged = false): boolean {
  const first = cellAt(grid, upper, rect.left);
  const firstBelow = cellAt(grid, lower, rect.left);
  if (!merged && !isBlankCell(first) && cellText(first) !== cellText(firstBelow)) return false;
  if (merged && isBlankCell(first) === false && first?.merge === undefined && !isBlankCell(firstBelow) && misplacedLabels(grid, rect, upper, lower) >= 2) return false;
  const labels = filledColumns(grid, rect, upper).filter((column) => column !== rect.left);
  if (labels.length === 0) return false;
  return labels.every((column) => !isBlankCell(cellAt(grid, lower, column)));
}

/**
 * Labels of row `upper` that head no group: an unmerged cell over a different filled cell
 * of `lower`, with a filled cell (or the table's edge) right beside it, so it spans one column.
 * A group label spans its columns (merged, or carried over blanks); a column's own name
 * stands over a blank or repeats the label below. Two of them in a row with merged cells, the
 * first over the row labels' own name, are a note written across the top of the sheet ("or |
 * merging [B:E merged] | cells" over "Name | Profession | … | Date of death"), not a header
 * level; a word broken over two header rows ("Nr. | Wahlbe- | abgegeb." over " | rechtigte |
 * Stimmen") leaves the first column's name standing over a blank.
 */
function misplacedLabels(grid: Grid, rect: CellRange, upper: number, lower: number): number {
  let count = 0;
  for (let column = rect.left; column <= rect.right; column++) {
    const cell = cellAt(grid, upper, column);
    if (isBlankCell(cell) || cell?.merge !== undefined) continue;
    const below = cellAt(grid, lower, column);
    if (isBlankCell(below) || cellText(below) === cellText(cell)) continue;
    if (column === rect.right || !isBlankCell(cellAt(grid, upper, column + 1))) count++;
  }
  return count;
}

/** Text of a year heading: 2023, "2023", FY2023, FY 23/24. */
export const YEAR_HEADING = /^(fy\s*)?(19|20)\d\d(\s*[/-]\s*\d{2,4})?$/i;

/**
 * A group level of years over periods: its labels (past the first column) are years, or a
 * closing Total over the row-total column, with at least one year and blanks between them.
 */
export function isYearLevel(grid: Grid, rect: CellRange, row: number): boolean {
  const labels = filledColumns(grid, rect, row).filter((column) => column !== rect.left);
  if (labels.length === 0 || !isBlankCell(cellAt(grid, row, rect.left))) return false;
  const distinct = new Set<string>();
  let years = 0;
  for (const column of labels) {
    const text = headerText(cellAt(grid, row, column));
    distinct.add(text);
    if (YEAR_HEADING.test(text)) years++;
    else if (!/^(total|sum|gesamt|summe|totaal|totale|grand total|insgesamt)$/i.test(text)) return false;
  }
  return years > 0 && filledColumns(grid, rect, row + 1).length > distinct.size + 1;
}

/** True when header row `below` continues the header that starts at `top`. */
function continuesHeader(grid: Grid, rect: CellRange, top: number, below: number): boolean {
  const upper = below - 1;
  if (isYearLevel(grid, rect, upper)) return true;
  if (isUnitsRow(grid, rect, below) && filledColumns(grid, rect, upper).length > filledColumns(grid, rect, below).length) return true;
  for (let column = rect.left; column <= rect.right; column++) {
    const merge = cellAt(grid, upper, column)?.merge;
    if (merge === undefined || merge.top > upper) continue;
    if (merge.bottom >= below && merge.top >= top) return true;
    if (merge.right > merge.left && merge.bottom === upper && merge.top >= top) return isHeaderLevel(grid, rect, upper, below, true);
  }
  const upperColumns = filledColumns(grid, rect, upper);
  const lowerColumns = filledColumns(grid, rect, below);
  const width = rect.right - rect.left + 1;
  if (upperColumns.length < width && lowerColumns.length > upperColumns.length && isHeaderLevel(grid, rect, upper, below)) return true;
  if (isLabelledLevel(grid, rect, upper, below, upperColumns, lowerColumns)) return true;
  if (isFlattenedLevel(grid, rect, upper, below, upperColumns, lowerColumns)) return true;
  return allBold(grid, rect, upper) && allBold(grid, rect, below) && !allBold(grid, rect, below + 1) && isHeaderLevel(grid, rect, upper, below);
}

/**
 * Two text rows of a header whose first column names the levels or stands for both:
 * "Curve Code | NG | NG" over "Curve Type | PR | VO" (both bold, the same columns), or
 * "Date | Price | Price" over " | DJ-COB | DJ-COB-OFF" (the first label standing over a blank).
 * The lower row's labels all sit under upper labels, over columns that hold values below.
 */
function isLabelledLevel(grid: Grid, rect: CellRange, upper: number, below: number, upperColumns: number[], lowerColumns: number[]): boolean {
  if (lowerColumns.length < 2 || !lowerColumns.every((column) => upperColumns.includes(column))) return false;
  const allText = (row: number, columns: number[]) => columns.every((column) => cellKind(cellAt(grid, row, column)) === 'text');
  if (!allText(upper, upperColumns) || !allText(below, lowerColumns)) return false;
  const body = bodyKinds(grid, rect, Math.min(below + 1, rect.bottom), '.');
  const overValues = lowerColumns.filter((column) => isValueKind(body[column - rect.left])).length;
  if (overValues * 2 < lowerColumns.length) return false;
  const firstUpper = !isBlankCell(cellAt(grid, upper, rect.left));
  const firstLower = !isBlankCell(cellAt(grid, below, rect.left));
  if (firstUpper && !firstLower) return true;
  return firstUpper && firstLower && upperColumns.length === lowerColumns.length && upperColumns.length >= 3 && allBold(grid, rect, upper) && allBold(grid, rect, below);
}

/**
 * Two levels of a header written out in full, as a web table's header reads when each cell is
 * copied into every column and row it spans (a CSV exported from HTML): "Title | Year | Peak
 * chart positions | Peak chart positions | Album" over "Title | Year | US | US R&B | Album". The
 * rows fill the same columns with text; the lower repeats the upper's label in the first column
 * (the row labels' name spans both rows; a first data row names its row there instead) and,
 * under a label the upper repeats over adjacent columns (a group spanning them), names each
 * column or a subgroup of its own ("Peak chart positions" ×3 over "US" ×3 over "Billboard 200 |
 * Christian | Heatseekers"); or, where a group spans the first columns ("Draft order" ×2 over
 * "Round | Choice"), renames only the grouped columns and repeats three labels or more; or,
 * under a group of one column ("Year | Single | Chart positions |
 * Album" over "Year | Single | SPA | Album"), repeats every label (three or more) but one or two
 * that head values.
 */
function isFlattenedLevel(grid: Grid, rect: CellRange, upper: number, below: number, upperColumns: number[], lowerColumns: number[]): boolean {
  if (upperColumns.length < 3 || upperColumns.length !== lowerColumns.length || !upperColumns.every((column, index) => lowerColumns[index] === column)) return false;
  const text = (row: number, column: number) => (cellKind(cellAt(grid, row, column)) === 'text' ? cellText(cellAt(grid, row, column)).trim() : null);
  if (upperColumns[0] !== rect.left || text(upper, rect.left) === null) return false;
  // The row labels' own name spans both rows ("Title" over "Title"): a data row under the header names a row there ("Alice").
  // A group over the first columns ("Draft order | Draft order" over "Round | Choice") instead needs three labels repeated.
  const firstRenamed = text(upper, rect.left) !== text(below, rect.left);
  // a third row repeating the row labels' name that names each column of a subgroup ("Year | Album | Billboard 200 | Christian")
  const subgroupNamed = (column: number, next: number): boolean => below + 1 <= rect.bottom && text(below + 1, rect.left) !== null && text(below + 1, rect.left) === text(below, rect.left)
    && text(below + 1, column) !== null && text(below + 1, next) !== null && text(below + 1, column) !== text(below + 1, next) && text(below + 1, column) !== text(below, column);
  // a column under a group label the upper row repeats over a neighbour
  const grouped = (column: number) => [column - 1, column + 1].some((other) => upperColumns.includes(other) && text(upper, other) === text(upper, column));
  let repeated = 0;
  let spanned = false;
  const renamed: number[] = [];
  for (let index = 0; index < upperColumns.length; index++) {
    const column = upperColumns[index];
    const top = text(upper, column);
    const bottom = text(below, column);
    if (top === null || bottom === null) return false;
    if (top === bottom) repeated++;
    else renamed.push(column);
    const next = upperColumns[index + 1];
    if (next !== column + 1) continue;
    // under a group spanning adjacent columns, the lower row names each column, or a subgroup of its own that a third
    // written-out row names column by column ("US | US" over "Billboard 200 | Christian"; a data row "CD | CD" has none)
    if (text(upper, next) === top && bottom !== top && text(below, next) !== top && (text(below, next) !== bottom || subgroupNamed(column, next))) spanned = true;
  }
  if (firstRenamed) return repeated >= 3 && spanned && renamed.every((column) => grouped(column));
  if (repeated > 0 && spanned) return true;
  // a group over one column ("Chart positions" over "SPA"): the lower row repeats every other label, and the one or
  // two it renames head values (numbers, dates) where the labels are text, as no data row would
  const body = bodyKinds(grid, rect, Math.min(below + 1, rect.bottom), '.');
  return renamed.length > 0 && renamed.length <= 2 && repeated >= 3 && renamed.every((column) => isValueKind(body[column - rect.left]));
}

function allBold(grid: Grid, rect: CellRange, row: number): boolean {
  const columns = filledColumns(grid, rect, row);
  return columns.length > 0 && columns.every((column) => cellAt(grid, row, column)?.bold === true);
}
