/**
 * One worksheet part (`xl/worksheets/sheetN.xml`) read in a single streaming pass into
 * rows of cells, hidden rows and columns, and declared merges. Cells without a value
 * (styled but empty) are left out; number formulas without a cached result are set aside
 * (`uncachedFormulas`) for `xlsx-formulas.ts` to compute.
 * @module extract/xlsx-sheet
 */
import { columnLetters, type Cell, type CellRange } from './grid.js';
import { LimitExceededError, type ReadLimits } from './read-limits.js';
import { excelSerialToDate } from './excel-dates.js';
import { DEFAULT_STYLE, type CellStyle } from './xlsx-styles.js';
import { decodeExcelEscapes, parseXml } from './xml-reader.js';
import { RowStore } from './row-store.js';
import { AppError } from '../errors.js';
import type { UncachedFormula } from './xlsx-formulas.js';

/** What the workbook shares with every sheet. */
export interface SheetContext {
  sharedStrings: string[];
  styles: CellStyle[];
  date1904: boolean;
  /** Sheet size and cell length limits; unlimited when omitted. */
  limits?: Pick<ReadLimits, 'maxRows' | 'maxColumns' | 'maxCellChars'> & Partial<Pick<ReadLimits, 'streamRows'>>;
}

/** A sheet as read, before merges are applied and empty tails trimmed. */
export interface SheetContent {
  /** `rows[r][c]`, possibly holey; missing rows are undefined. */
  rows: (Cell | null)[][];
  rowHidden: boolean[];
  /** `rowOutlineLevels[r]`: the outline (grouping) level of row r, set only where it is above 0; first `streamRows` rows only. */
  rowOutlineLevels: number[];
  /** The sheet's outline puts summary rows below their detail rows (`<outlinePr summaryBelow>`, Excel's default: true). */
  outlineSummaryBelow: boolean;
  /** Column spans (0-based, inclusive) declared hidden. */
  hiddenColumns: { from: number; to: number }[];
  merges: CellRange[];
  errorCellCount: number;
  /** A1 references of string cells whose shared string index is out of range (stored empty), first 20. */
  missingStringCells: string[];
  /** How many such cells in all. */
  missingStringCount: number;
  /** Every row, compact, when the sheet has more than `streamRows` rows; `rows` then holds the first `streamRows`. */
  store?: RowStore;
  /** Number formulas stored without a cached result, not placed in `rows` (see `xlsx-formulas.ts`). */
  uncachedFormulas: UncachedFormula[];
}

/** Most out-of-range string cells named in a warning. */
const MISSING_CELLS_NAMED = 20;
/** Distinct (number text, style) cells shared per sheet before sharing stops (about 100 bytes each). */
const MAX_SHARED_NUMBERS = 50_000;

/** Puts a cell's style (number format, indent, bold, top and bottom borders) on it. */
function decorate(cell: Cell, style: CellStyle): void {
  if (style.numFmt !== undefined) cell.numFmt = style.numFmt;
  if (style.indent > 0) cell.indent = style.indent;
  if (style.bold) cell.bold = true;
  if (style.borderTop) cell.borderTop = true;
  if (style.borderBottom) cell.borderBottom = true;
}

/** 0-based column of an A1 reference's letters (`B7` → 1); -1 when there are none. */
export function columnIndexOfReference(reference: string): number {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : column - 1;
}

/** 0-based row of an A1 reference (`B7` → 6); -1 when there is no number. */
function rowIndexOfReference(reference: string): number {
  const digits = reference.replace(/^\$?[A-Za-z]+\$?/, '');
  const row = Number.parseInt(digits, 10);
  return Number.isFinite(row) ? row - 1 : -1;
}

/**
 * A shared formula's text as it reads `rows` rows down and `columns` columns right of the
 * cell that holds it: relative references move, `$`-fixed parts stay, text in quotes is kept
 * (`SUM(C8:C42)` in C45 reads `SUM(D8:D42)` in D45).
 */
export function shiftFormula(text: string, rows: number, columns: number): string {
  return text.replace(/("[^"]*")|(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![\w(])/g, (match, quoted: string | undefined, columnFixed: string, letters: string, rowFixed: string, digits: string, offset: number) => {
    if (quoted !== undefined) return match;
    const before = offset > 0 ? text[offset - 1] : '';
    if (/[\w.]/.test(before)) return match;
    const column = columnFixed === '$' ? columnIndexOfReference(letters) : columnIndexOfReference(letters) + columns;
    const row = rowFixed === '$' ? Number(digits) : Number(digits) + rows;
    if (column < 0 || row < 1) return match;
    return `${columnFixed}${columnLetters(column)}${rowFixed}${row}`;
  });
}

/** Parses `A2:C5` into a 0-based range; null for a single cell or a malformed reference. */
export function parseRangeReference(reference: string): CellRange | null {
  const [start, end] = reference.replace(/\$/g, '').split(':');
  if (!start || !end) return null;
  const range = {
    top: rowIndexOfReference(start),
    left: columnIndexOfReference(start),
    bottom: rowIndexOfReference(end),
    right: columnIndexOfReference(end),
  };
  if (range.top < 0 || range.left < 0 || range.bottom < range.top || range.right < range.left) return null;
  if (range.top === range.bottom && range.left === range.right) return null;
  return range;
}

/**
 * Reads one worksheet part.
 * @throws Error from the XML parser when the part is not well-formed
 */
export async function readSheetContent(source: string | AsyncIterable<string>, context: SheetContext): Promise<SheetContent> {
  const { sharedStrings, styles, date1904 } = context;
  const maxRows = context.limits?.maxRows ?? Infinity;
  const maxColumns = context.limits?.maxColumns ?? Infinity;
  const maxCellChars = context.limits?.maxCellChars ?? Infinity;
  const streamRows = context.limits?.streamRows ?? Infinity;
  // Past `streamRows` rows, each row is gathered in `current` and appended to the compact store when it closes.
  let store: RowStore | undefined;
  let current: (Cell | null)[] = [];
  let currentHidden = false;
  const missingStringCells: string[] = [];
  let missingStringCount = 0;
  const rows: (Cell | null)[][] = [];
  const rowHidden: boolean[] = [];
  const rowOutlineLevels: number[] = [];
  let outlineSummaryBelow = true;
  const hiddenColumns: { from: number; to: number }[] = [];
  const merges: CellRange[] = [];
  let errorCellCount = 0;

  let rowIndex = -1;
  let columnCursor = 0;
  let column = 0;
  let styleIndex = 0;
  let type = 'n';
  let valueText: string | null = null;
  let formula = false;
  let formulaText = '';
  let capture: 'value' | 'formula' | null = null;
  let inInline = false;
  let phoneticDepth = 0;

  // A shared string with the same style is one (read-only) cell wherever it stands: business
  // sheets repeat their labels (countries, products, channels) down whole columns.
  const sharedCells = new Map<number, Cell>();
  // So is a number (or date) with the same text and style: quantities, prices, dates repeat too.
  // Bounded: a column of distinct numbers (ids) fills it once, and the rest are not kept.
  const numberCells = new Map<string, Cell>();

  // Shared formulas: the first cell of a group holds the text, the others only its index (`<f t="shared" si="0"/>`).
  const sharedMasters = new Map<string, { row: number; column: number; text: string }>();
  let sharedIndex: string | null = null;

  const finishCell = (): void => {
    if (sharedIndex !== null) {
      const master = sharedMasters.get(sharedIndex);
      if (formulaText.trim() !== '') {
        if (master === undefined) sharedMasters.set(sharedIndex, { row: rowIndex, column, text: formulaText });
      } else if (master !== undefined) {
        formulaText = shiftFormula(master.text, rowIndex - master.row, column - master.column);
      }
    }
    const cell = buildCell();
    columnCursor = column + 1;
    if (!cell) return;
    if (store !== undefined) {
      current[column] = cell;
      return;
    }
    const row = rows[rowIndex] ?? (rows[rowIndex] = []);
    row[column] = cell;
  };

  const startStoredRow = (): void => {
    if (store === undefined) {
      store = new RowStore();
      for (let r = 0; r < streamRows; r++) store.pushRow(rows[r] ?? [], rowHidden[r] === true);
    }
    if (rowIndex < store.length) throw new AppError('FILE_FORMAT', `row ${rowIndex + 1} comes after row ${store.length}: rows out of order in a sheet of more than ${streamRows.toLocaleString('en-US')} rows`);
    while (store.length < rowIndex) store.pushRow([]);
    current = [];
  };

  const uncachedFormulas: UncachedFormula[] = [];
  const buildCell = (): Cell | null => {
    // openpyxl writes an empty `<v/>` for a formula it could not compute: no result either.
    if (valueText === null || (formula && type === 'n' && valueText.trim() === '')) {
      // A number formula with no cached result: kept aside with its style, computed after the sheet is read.
      if (formula && formulaText.trim() !== '' && type === 'n') {
        const style = styles[styleIndex] ?? DEFAULT_STYLE;
        const cell: Cell = { value: null, formula: true, formulaText };
        decorate(cell, style);
        uncachedFormulas.push({ row: rowIndex, column, cell, formulaText });
      }
      return null;
    }
    const style = styles[styleIndex] ?? DEFAULT_STYLE;
    let cell: Cell;
    switch (type) {
      case 's': {
        const index = Number(valueText);
        const shareable = !formula && Number.isInteger(index) && index >= 0 && Number.isInteger(styleIndex) && styleIndex >= 0 && styleIndex < 65536;
        const key = index * 65536 + styleIndex;
        const known = shareable ? sharedCells.get(key) : undefined;
        if (known !== undefined) return known;
        if (!(index >= 0 && index < sharedStrings.length && Number.isInteger(index))) {
          missingStringCount++;
          if (missingStringCells.length < MISSING_CELLS_NAMED) missingStringCells.push(`${columnLetters(column)}${rowIndex + 1}`);
          return null;
        }
        const text = sharedStrings[index];
        if (text === '') return null;
        cell = { value: text };
        if (shareable) sharedCells.set(key, cell);
        break;
      }
      case 'str':
      case 'inlineStr': {
        if (valueText === '') return null;
        cell = { value: decodeExcelEscapes(valueText) };
        break;
      }
      case 'b':
        cell = { value: valueText.trim() === '1' || valueText.trim() === 'true' };
        break;
      case 'e':
        errorCellCount++;
        cell = { value: null, error: valueText.trim() };
        break;
      case 'd': {
        const text = valueText.trim();
        const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) || !text.includes('T') ? text : `${text}Z`);
        cell = { value: Number.isNaN(date.getTime()) ? text : date };
        break;
      }
      default: {
        const text = valueText.trim();
        if (text === '') return null;
        const key = formula ? undefined : `${styleIndex} ${text}`;
        const known = key === undefined ? undefined : numberCells.get(key);
        if (known !== undefined) return known;
        const number = Number(text);
        if (Number.isNaN(number)) cell = { value: text };
        else if (style.isDate && number > -1e6 && number < 3e6) cell = { value: excelSerialToDate(number, date1904) };
        else cell = { value: number };
        if (key !== undefined && numberCells.size < MAX_SHARED_NUMBERS) {
          numberCells.set(key, cell);
          decorate(cell, style);
          return cell;
        }
      }
    }
    decorate(cell, style);
    if (formula) {
      cell.formula = true;
      if (formulaText !== '') cell.formulaText = formulaText;
    }
    return cell;
  };

  await parseXml(source, {
    open({ name, attributes }) {
      switch (name) {
        case 'c': {
          const reference = attributes.r;
          const fromReference = reference ? columnIndexOfReference(reference) : -1;
          column = fromReference >= 0 ? fromReference : columnCursor;
          if (column >= maxColumns) {
            throw new LimitExceededError('maxColumns', `cell ${reference ?? `in column ${column + 1}`} of row ${rowIndex + 1} is beyond the ${maxColumns.toLocaleString('en-US')} columns a sheet can have (Excel's limit)`);
          }
          styleIndex = attributes.s ? Number(attributes.s) : 0;
          type = attributes.t ?? 'n';
          valueText = null;
          formula = false;
          formulaText = '';
          sharedIndex = null;
          break;
        }
        case 'v':
          capture = 'value';
          valueText = '';
          break;
        case 'f':
          capture = 'formula';
          formula = true;
          sharedIndex = attributes.t === 'shared' && attributes.si !== undefined ? attributes.si : null;
          break;
        case 'is':
          inInline = true;
          valueText = '';
          break;
        case 't':
          if (inInline && phoneticDepth === 0) capture = 'value';
          break;
        case 'rPh':
          phoneticDepth++;
          break;
        case 'row': {
          const declared = attributes.r ? Number(attributes.r) - 1 : -1;
          rowIndex = declared >= 0 ? declared : rowIndex + 1;
          if (rowIndex >= maxRows) {
            throw new LimitExceededError('maxRows', `row ${(rowIndex + 1).toLocaleString('en-US')} is beyond the ${maxRows.toLocaleString('en-US')} rows a sheet can have (Excel's limit)`);
          }
          columnCursor = 0;
          const hidden = attributes.hidden === '1' || attributes.hidden === 'true';
          if (rowIndex >= streamRows || store !== undefined) {
            startStoredRow();
            currentHidden = hidden;
          } else {
            if (hidden) rowHidden[rowIndex] = true;
            const level = Number(attributes.outlineLevel ?? 0);
            if (Number.isInteger(level) && level > 0) rowOutlineLevels[rowIndex] = level;
          }
          break;
        }
        case 'outlinePr':
          if (attributes.summaryBelow === '0' || attributes.summaryBelow === 'false') outlineSummaryBelow = false;
          break;
        case 'col':
          if (attributes.hidden === '1' || attributes.hidden === 'true') {
            hiddenColumns.push({ from: Number(attributes.min) - 1, to: Number(attributes.max) - 1 });
          }
          break;
        case 'mergeCell': {
          const range = attributes.ref ? parseRangeReference(attributes.ref) : null;
          if (range) merges.push(range);
          break;
        }
      }
    },
    close(name) {
      switch (name) {
        case 'c':
          finishCell();
          break;
        case 'row':
          if (store !== undefined) store.pushRow(current, currentHidden);
          break;
        case 'v':
        case 'f':
        case 't':
          capture = null;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phoneticDepth--;
          break;
      }
    },
    text(text) {
      if (capture === 'value') valueText += text;
      else if (capture === 'formula') formulaText += text;
      else return;
      if ((valueText?.length ?? 0) > maxCellChars || formulaText.length > maxCellChars) {
        throw new LimitExceededError('maxCellChars', `cell ${columnLetters(column)}${rowIndex + 1} is longer than the limit of ${maxCellChars.toLocaleString('en-US')} characters per cell (GRIDRAG_MAX_CELL_CHARS)`);
      }
    },
  });
  const content: SheetContent = { rows, rowHidden, rowOutlineLevels, outlineSummaryBelow, hiddenColumns, merges, errorCellCount, missingStringCells, missingStringCount, uncachedFormulas };
  if (store !== undefined) {
    while (store.length > 0 && store.isEmpty(store.length - 1)) store.truncate(store.length - 1);
    if (store.length > streamRows) content.store = store;
  }
  return content;
}
