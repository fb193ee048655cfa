/**
 * Limits a file must stay within to be read: Excel's own sheet size, and sizes that bound
 * the time and memory one (possibly hostile) file can take — a zip bomb's inflated parts, a
 * huge shared strings part, a cell of hundreds of megabytes. Each is checked while reading,
 * so a file over a limit fails early with an error naming the file, the part and the limit.
 * @module extract/read-limits
 */
import { AppError, FileFormatError } from '../errors.js';
import { columnLetters, type Workbook } from './grid.js';

/** The limits one read works under. */
export interface ReadLimits {
  /** Largest inflated size of one part of an xlsx package, in bytes. @default 1 GiB */
  maxPartBytes: number;
  /** Largest total text of the shared strings (`xl/sharedStrings.xml`), in characters. @default 128 Mi */
  maxSharedStringChars: number;
  /** Longest text of one cell, in characters (Excel's own limit is 32,767). @default 1 Mi */
  maxCellChars: number;
  /** Most rows of one sheet: Excel's 1,048,576. */
  maxRows: number;
  /** Most columns of one sheet: Excel's 16,384 (XFD). */
  maxColumns: number;
  /**
   * Sheets with more rows than this are held in a compact store and their tables read in
   * chunks, the body streamed to the database (bounded memory). @default 50,000
   */
  streamRows: number;
}

/** Excel's own sheet size (Excel specifications and limits). */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;

/**
 * Defaults: far above any real business file (a full 1,048,576-row sheet of a few columns
 * inflates to about 100 MB of XML), far below what exhausts a 512 MB heap.
 */
export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxPartBytes: 1024 * 1024 * 1024,
  maxSharedStringChars: 128 * 1024 * 1024,
  maxCellChars: 1024 * 1024,
  maxRows: EXCEL_MAX_ROWS,
  maxColumns: EXCEL_MAX_COLUMNS,
  streamRows: 50_000,
};

/** The defaults with the given values in their place (undefined ones left out). */
export function resolveReadLimits(limits: Partial<ReadLimits> = {}): ReadLimits {
  const resolved = { ...DEFAULT_READ_LIMITS };
  for (const key of Object.keys(resolved) as (keyof ReadLimits)[]) {
    const value = limits[key];
    if (value !== undefined) resolved[key] = value;
  }
  return resolved;
}

/** A file over one of the read limits. Code `FILE_FORMAT`; the message names file, part and limit. */
export class FileLimitError extends FileFormatError {
  /** Which limit, e.g. `maxPartBytes`. */
  readonly limit: keyof ReadLimits;
  constructor(file: string, limit: keyof ReadLimits, message: string) {
    super(file, message);
    this.limit = limit;
  }
}

/**
 * Thrown inside a reader, where the file name is not known; the reader's caller turns it
 * into a `FileLimitError` naming the file (`toFileLimitError`).
 */
export class LimitExceededError extends AppError {
  readonly limit: keyof ReadLimits;
  constructor(limit: keyof ReadLimits, message: string) {
    super('FILE_FORMAT', message);
    this.limit = limit;
  }
}

/** The file-naming error for a limit reached inside a reader, in `part` when given (`sheet "Data" (xl/worksheets/sheet1.xml)`). */
export function toFileLimitError(file: string, error: LimitExceededError, part?: string): FileLimitError {
  return new FileLimitError(file, error.limit, part ? `${part}: ${error.message}` : error.message);
}

/** `1073741824` → `1 GiB`, `5000` → `5,000 bytes`: sizes in messages. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [[1024 ** 3, 'GiB'], [1024 ** 2, 'MiB'], [1024, 'KiB']];
  for (const [size, unit] of units) if (bytes >= size) return `${(bytes / size).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Checks every text cell of a workbook read whole (CSV) against `maxCellChars`.
 * @throws FileLimitError naming the file and the first cell over the limit
 */
export function checkCellLengths(workbook: Workbook, maxCellChars: number): void {
  for (const grid of workbook.sheets) {
    for (let r = 0; r < grid.rows.length; r++) {
      const row = grid.rows[r];
      for (let c = 0; c < row.length; c++) {
        const value = row[c]?.value;
        if (typeof value === 'string' && value.length > maxCellChars) {
          throw new FileLimitError(workbook.file, 'maxCellChars',
            `cell ${columnLetters(c)}${r + 1} holds ${value.length.toLocaleString('en-US')} characters, over the limit of ${maxCellChars.toLocaleString('en-US')} per cell (GRIDRAG_MAX_CELL_CHARS)`);
        }
      }
    }
    const store = grid.store;
    if (store !== undefined && store.longestText > maxCellChars) {
      const { row, column } = store.longestAt;
      throw new FileLimitError(workbook.file, 'maxCellChars',
        `cell ${columnLetters(column)}${row + 1} holds ${store.longestText.toLocaleString('en-US')} characters, over the limit of ${maxCellChars.toLocaleString('en-US')} per cell (GRIDRAG_MAX_CELL_CHARS)`);
    }
  }
}
