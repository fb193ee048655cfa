/**
 * Tables read from a real one-sheet xlsx written with exceljs: the whole path a workbook takes
 * (xlsx bytes → extract → table finding), for tests that need merges as Excel stores them.
 * @module tables/__fixtures__/workbook-tables
 */
import ExcelJS from 'exceljs';
import { readWorkbook } from '../../extract/index.js';
import { readTables } from '../read-tables.js';

/** A cell written to the sheet; null leaves it empty. */
export type WorkbookValue = string | number | Date | null;

/**
 * Tables read from a one-sheet workbook ("Sheet1", file `book.xlsx`) whose rows are written from A1.
 * @param rows cell values by row, from A1 (null leaves a cell empty)
 * @param merges merged ranges in A1 notation (`A1:C1`)
 */
export async function sheetTables(rows: WorkbookValue[][], merges: string[] = []) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  rows.forEach((row, index) => row.forEach((value, column) => {
    if (value !== null) sheet.getCell(index + 1, column + 1).value = value;
  }));
  for (const merge of merges) sheet.mergeCells(merge);
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return readTables(await readWorkbook({ bytes, fileName: 'book.xlsx' }));
}
