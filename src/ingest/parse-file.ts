/**
 * File bytes → tables and prose, by format. The one place ingest decides how to read a file.
 * @module ingest/parse-file
 */
import path from 'node:path';
import { FileFormatError } from '../errors.js';
import { readTablesPaced, type TableLayout } from '../tables/index.js';
import { createPace, type Pace } from '../extract/pace.js';
import type { ReadResult } from '../tables/types.js';
import type { FileRowAccount } from '../store/row-accounting.js';
import { fileRowAccount } from './row-account.js';
import type { ReadLimits } from '../extract/read-limits.js';

/** Extensions read as prose documents (chunked for retrieval), not as tables. */
export const PROSE_EXTENSIONS = ['.txt', '.md', '.markdown', '.pdf', '.docx', '.html', '.htm'];
/** Extensions read as tables. `.xls` and `.ods` are read through LibreOffice's xlsx conversion. */
export const TABULAR_EXTENSIONS = ['.csv', '.tsv', '.xlsx', '.xlsm', '.xls', '.ods'];
/** Prose extensions whose file is read as a table when its text is a delimited table (`isDelimitedTableText`). */
export const TEXT_TABLE_EXTENSIONS = ['.txt'];
/** Every extension sync and folder ingest pick up. */
export const SUPPORTED_EXTENSIONS = [...TABULAR_EXTENSIONS, ...PROSE_EXTENSIONS];
/** The supported types as a message lists them: `.csv, .tsv, … (tables); .txt, .md, … (documents)`. */
export const SUPPORTED_TYPES_TEXT = `${TABULAR_EXTENSIONS.join(', ')} (tables); ${PROSE_EXTENSIONS.join(', ')} (documents; a delimited ${TEXT_TABLE_EXTENSIONS.join(', ')} is read as a table)`;

const MIME: Record<string, string> = {
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.xls': 'application/vnd.ms-excel',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.html': 'text/html',
  '.htm': 'text/html',
};

/** The MIME type for a file name, or `application/octet-stream`. */
export function mimeTypeOf(fileName: string): string {
  return MIME[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** What a file yields: tables (possibly none) and prose text, plus the extractor's facts. */
export interface ParsedFile {
  dataType: 'tabular' | 'unstructured';
  read: ReadResult;
  /** Facts about the file worth keeping: encoding, delimiter, error cells. */
  metadata: Record<string, unknown>;
  /** Where every row went (tabular files; null for prose files). */
  rowAccount: FileRowAccount | null;
}

/**
 * Reads a file's bytes.
 * @param templates layouts that passed validation before (this tenant's), replayed where they fit
 * @param limits read limits (part size, shared strings, cell length); the defaults for those left out
 * @param pace lets the event loop run during a long read and stops it when its signal is aborted (`extract/pace.ts`)
 * @param onTables called once the file's cells are read, before its tables are looked for (progress)
 * @throws the pace's signal's reason once it is aborted; FileFormatError naming the file when it cannot be read, or holds neither a table nor text;
 *   FileLimitError (a FileFormatError) naming the file, part and limit when it is over a read limit
 */
export async function parseFile(
  fileName: string, bytes: Uint8Array, templates: TableLayout[] = [], limits: Partial<ReadLimits> = {}, pace: Pace = createPace(), onTables?: () => void,
): Promise<ParsedFile> {
  const extension = path.extname(fileName).toLowerCase();
  // Loaded on first use: the readers' libraries (zip, XML, CSV, encodings) are not needed to answer questions.
  const { isDelimitedTableText, readDocument, readWorkbook } = await import('../extract/index.js');
  // A `.txt` that is a delimited table (Excel's tab-delimited and Unicode text exports) is read as one; other text is prose.
  const textTable = TEXT_TABLE_EXTENSIONS.includes(extension) && isDelimitedTableText(bytes);
  if (PROSE_EXTENSIONS.includes(extension) && !textTable) {
    const document = await readDocument(fileName, bytes);
    const prose = document.parts.map((part) => ({ sheet: null, text: part.text, page: part.page, markdown: part.markdown }));
    return {
      dataType: 'unstructured',
      read: { tables: [], prose, warnings: [], accounts: [] },
      metadata: { format: document.format, properties: document.properties },
      rowAccount: null,
    };
  }
  const workbook = await readWorkbook({ bytes, fileName, limits, supportedTypes: SUPPORTED_TYPES_TEXT, pace });
  await pace.pause();
  onTables?.();
  const read = await readTablesPaced(workbook, { templates }, pace);
  const rowAccount = fileRowAccount(read.accounts, read.tables);
  if (workbook.warnings) read.warnings.unshift(...workbook.warnings);
  const renamed = read.tables.length === 0 ? notAWorkbookWarning(fileName, bytes) : undefined;
  if (renamed) read.warnings.push(`${fileName}: ${renamed}`);
  if (read.tables.length === 0 && read.prose.length === 0) {
    throw new FileFormatError(fileName, rowAccount.noTable ? `${rowAccount.noTable}, and no text to keep` : 'no table or text was found in the file');
  }
  const metadata: Record<string, unknown> = { format: workbook.format, errorCells: workbook.errorCellCount };
  if (workbook.encoding) metadata.encoding = workbook.encoding;
  if (workbook.delimiter) metadata.delimiter = workbook.delimiter;
  if (workbook.quoteEscape) metadata.quoteEscape = workbook.quoteEscape;
  if (workbook.quoteChar) metadata.quoteChar = workbook.quoteChar;
  if (workbook.convertedFrom) metadata.convertedFrom = workbook.convertedFrom;
  if (workbook.decimalSeparator) metadata.decimalSeparator = workbook.decimalSeparator;
  return { dataType: read.tables.length > 0 ? 'tabular' : 'unstructured', read, metadata, rowAccount };
}

const WORKBOOK_EXTENSIONS = ['.xlsx', '.xlsm'];

/**
 * The warning for a file named as a workbook whose bytes are not one (a text or CSV file
 * renamed `.xlsx`) and that yields no table: it was read as text, so the no-table reason
 * alone would mislead. Undefined for any other file.
 */
export function notAWorkbookWarning(fileName: string, bytes: Uint8Array): string | undefined {
  const extension = path.extname(fileName).toLowerCase();
  if (!WORKBOOK_EXTENSIONS.includes(extension)) return undefined;
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  return isZip ? undefined : `not an Excel workbook (the bytes are not a ${extension} archive); read as text`;
}
