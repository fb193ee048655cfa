/** @module extract: files (xlsx, xlsm, CSV, TSV, delimited TXT) read as grids of cells; `readWorkbook` is the entry. Prose documents (PDF, DOCX, HTML, Markdown, TXT): `readDocument`. */
export { readWorkbook, type WorkbookInput } from './read-workbook.js';
export { isDelimitedTableText, readCsv, readCsvPaced } from './read-csv.js';
export { createPace, PACE_MS, type Pace } from './pace.js';
export { readXlsx } from './read-xlsx.js';
export { readDocument, splitFrontMatter, DOCUMENT_FORMATS, type DocumentText, type DocumentPart } from './read-document.js';
export { decodeText, type DecodedText } from './decode-text.js';
export { detectDelimiter, detectDecimalSeparator } from './detect-delimiter.js';
export { excelSerialToDate, isDateFormat } from './excel-dates.js';
export * from './grid.js';
export { DEFAULT_READ_LIMITS, EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS, FileLimitError, resolveReadLimits, type ReadLimits } from './read-limits.js';
