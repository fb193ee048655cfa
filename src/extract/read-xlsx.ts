/**
 * xlsx / xlsm → Workbook. Sheet parts are inflated and parsed as streams (one pass, no
 * workbook model in memory); merges are applied and empty tails trimmed afterwards.
 * @module extract/read-xlsx
 */
import { FileFormatError } from '../errors.js';
import type { Cell, CellRange, Grid, Workbook } from './grid.js';
import { excelSerialToDate, isDateFormat } from './excel-dates.js';
import { computeUncachedFormulas } from './xlsx-formulas.js';
import { readDeclaredTables, readXlsxPackage } from './xlsx-package.js';
import { readSharedStrings } from './xlsx-shared-strings.js';
import { readSheetContent, type SheetContent } from './xlsx-sheet.js';
import { readCellStyles } from './xlsx-styles.js';
import { ZipArchive, ZipFormatError } from './zip-archive.js';
import { DEFAULT_READ_LIMITS, LimitExceededError, toFileLimitError, type ReadLimits } from './read-limits.js';

/**
 * Reads every sheet of an xlsx/xlsm file held in memory.
 * @param opened the same bytes already opened as a ZIP archive (with `limits.maxPartBytes`), to skip reading its directory twice
 * @param limits sheet size, part size, shared strings and cell length limits
 * @throws FileFormatError naming the file when the package is corrupt, truncated or not a workbook;
 *   FileLimitError naming the file, the part and the limit when one is passed
 */
export async function readXlsx(bytes: Uint8Array, fileName: string, opened?: ZipArchive, limits: ReadLimits = DEFAULT_READ_LIMITS): Promise<Workbook> {
  let part = '';
  try {
    const zip = opened ?? (await ZipArchive.open(bytes, { maxPartBytes: limits.maxPartBytes }));
    const parts = await readXlsxPackage(zip);
    part = parts.sharedStringsPath ?? '';
    const sharedStrings = parts.sharedStringsPath ? await readSharedStrings(zip.streamText(parts.sharedStringsPath), limits) : [];
    part = parts.stylesPath ?? '';
    const styles = parts.stylesPath ? await readCellStyles(await zip.readText(parts.stylesPath)) : [];
    const context = { sharedStrings, styles, date1904: parts.date1904, limits };
    const sheets: Grid[] = [];
    const warnings: string[] = [];
    let errorCellCount = 0;
    for (const [index, sheet] of parts.sheets.entries()) {
      const readable = sheet.path !== null && sheet.kind === 'worksheet' && zip.has(sheet.path);
      part = `sheet "${sheet.name}" (${sheet.path})`;
      const content = readable ? await readSheetContent(zip.streamText(sheet.path as string), context) : emptyContent();
      if (content.uncachedFormulas.length > 0) {
        // A sheet tall enough to be held in the compact row store is not computed: its rows are not all in `rows`.
        const computed = content.store !== undefined ? 0 : computeUncachedFormulas(content.rows, content.uncachedFormulas, (number, cell) => (cell.numFmt !== undefined && isDateFormat(cell.numFmt) ? excelSerialToDate(number, parts.date1904) : number));
        const left = content.uncachedFormulas.length - computed;
        warnings.push(
          `${fileName}: sheet "${sheet.name}": ${content.uncachedFormulas.length} formulas have no stored result (the file was not saved by Excel); `
            + `${computed} were computed from the sheet's values${left > 0 ? `, ${left} could not be and are stored empty` : ''}`,
        );
      }
      errorCellCount += content.errorCellCount;
      if (content.missingStringCount > 0) warnings.push(missingStringsWarning(fileName, sheet.name, content));
      const grid = toGrid(content, sheet.name, index, sheet.hidden);
      if (readable) {
        // Declared pivots and tables are evidence for table finding, never required: a damaged part is reported, not fatal.
        const declared = await readDeclaredTables(zip, sheet.path as string).catch((error: unknown) => {
          warnings.push(`${fileName}: sheet "${sheet.name}": its PivotTable or table definitions could not be read (${(error as Error).message}); its tables are found from the cells alone`);
          return [];
        });
        if (declared.length > 0) grid.declaredTables = declared;
      }
      sheets.push(grid);
    }
    if (sheets.length === 0) throw new FileFormatError(fileName, 'the workbook has no sheets; open it in Excel and save it again as .xlsx');
    const workbook: Workbook = { file: fileName, format: 'xlsx', sheets, decimalSeparator: '.', errorCellCount };
    if (parts.date1904) workbook.date1904 = true;
    if (warnings.length > 0) workbook.warnings = warnings;
    return workbook;
  } catch (error) {
    if (error instanceof FileFormatError) throw error;
    if (error instanceof LimitExceededError) {
      // A zip part's message names its part already; a sheet's or the shared strings' gets it here.
      throw toFileLimitError(fileName, error, error.limit === 'maxPartBytes' || part === '' ? undefined : part);
    }
    const reason = error instanceof ZipFormatError ? error.message : `its XML could not be read (${(error as Error).message})`;
    throw new FileFormatError(fileName, `not a readable .xlsx workbook: ${reason}. Open it in Excel and save it again as .xlsx`, {
      cause: error,
    });
  }
}

function emptyContent(): SheetContent {
  return { rows: [], rowHidden: [], rowOutlineLevels: [], outlineSummaryBelow: true, hiddenColumns: [], merges: [], errorCellCount: 0, missingStringCells: [], missingStringCount: 0, uncachedFormulas: [] };
}

function missingStringsWarning(fileName: string, sheetName: string, content: SheetContent): string {
  const more = content.missingStringCount - content.missingStringCells.length;
  return `${fileName}: sheet "${sheetName}": ${content.missingStringCount} cells point past the end of the shared strings and are stored empty `
    + `(${content.missingStringCells.join(', ')}${more > 0 ? ` and ${more} more` : ''}); the file is damaged, open it in Excel and save it again`;
}

/**
 * Fills holes with null, applies merges (top-left value copied to every covered cell), trims empty tails.
 * A sheet read into a compact store keeps it (`Grid.store`); merges are applied to its first rows only.
 */
export function toGrid(content: SheetContent, name: string | null, index: number, hidden: boolean): Grid {
  const rows = denseRows(content.rows);
  applyMerges(rows, content.merges);
  let rowCount = rows.length;
  while (rowCount > 0 && rows[rowCount - 1].length === 0) rowCount--;
  rows.length = rowCount;
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  const rowHidden = Array.from({ length: rowCount }, (_, r) => content.rowHidden[r] === true);
  if (content.store !== undefined && content.store.width > width) width = content.store.width;
  const columnHidden = new Array<boolean>(width).fill(false);
  for (const { from, to } of content.hiddenColumns) {
    for (let c = Math.max(0, from); c <= Math.min(to, width - 1); c++) columnHidden[c] = true;
  }
  const grid: Grid = { name, index, hidden, rows, rowHidden, columnHidden, merges: content.merges };
  if (content.store !== undefined) grid.store = content.store;
  if (content.rowOutlineLevels.some((level, row) => level > 0 && row < rowCount)) {
    grid.rowOutlineLevels = Array.from({ length: rowCount }, (_, r) => content.rowOutlineLevels[r] ?? 0);
    grid.outlineSummaryBelow = content.outlineSummaryBelow;
  }
  return grid;
}

function denseRows(sparse: (Cell | null)[][]): (Cell | null)[][] {
  const rows: (Cell | null)[][] = new Array(sparse.length);
  for (let r = 0; r < sparse.length; r++) {
    const row = sparse[r];
    if (!row) {
      rows[r] = [];
      continue;
    }
    let length = row.length;
    while (length > 0 && row[length - 1] == null) length--;
    // A fresh array of exactly `length` slots: a row grown cell by cell keeps spare capacity
    // (about 17 slots for a 2-cell row), which is most of a tall sheet's memory.
    const dense = new Array<Cell | null>(length);
    for (let c = 0; c < length; c++) dense[c] = row[c] ?? null;
    rows[r] = dense;
    sparse[r] = undefined as unknown as (Cell | null)[];
  }
  return rows;
}

/** Widest merge copied in full; wider (whole-row) merges are copied only as far as the data reaches. */
const MAX_MERGE_COPY_WIDTH = 256;

/** Copies each merge's top-left cell over its range, clipped to the rows that hold data. */
function applyMerges(rows: (Cell | null)[][], merges: CellRange[]): void {
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  for (const range of merges) {
    const shared = rows[range.top]?.[range.left];
    if (!shared) continue;
    // Cells may stand at several positions (one cell per shared string and style): copy before marking.
    const origin: Cell = { ...shared, merge: range };
    rows[range.top][range.left] = origin;
    const bottom = Math.min(range.bottom, rows.length - 1);
    const right =
      range.right - range.left < MAX_MERGE_COPY_WIDTH ? range.right : Math.min(range.right, Math.max(width - 1, range.left));
    for (let r = range.top; r <= bottom; r++) {
      const row = rows[r];
      for (let c = range.left; c <= right; c++) {
        if (r === range.top && c === range.left) continue;
        while (row.length < c) row.push(null);
        row[c] = copyForMerge(origin, range);
      }
    }
  }
}

function copyForMerge(origin: Cell, range: CellRange): Cell {
  const cell: Cell = { value: origin.value, merge: range };
  if (origin.numFmt !== undefined) cell.numFmt = origin.numFmt;
  if (origin.bold) cell.bold = true;
  if (origin.indent) cell.indent = origin.indent;
  if (origin.error !== undefined) cell.error = origin.error;
  return cell;
}
