/**
 * Delimited text (CSV, TSV, delimited TXT) → a one-grid Workbook of raw text cells.
 * @module extract/read-csv
 */
import Papa from 'papaparse';
import { FileFormatError } from '../errors.js';
import { FileLimitError } from './read-limits.js';
import { decodeText } from './decode-text.js';
import { detectDecimalSeparator, detectDelimiter, isBlankRecord, type Delimiter } from './detect-delimiter.js';
import { detectQuoteChar, detectQuoteEscape } from './detect-escape.js';
import type { Cell, Workbook } from './grid.js';
import { RowStore } from './row-store.js';
import type { Pace } from './pace.js';

/** Lines a `.txt` must hold, all split alike, to be read as a table rather than prose. */
const TEXT_TABLE_MIN_LINES = 2;
const TEXT_TABLE_SAMPLE_RECORDS = 1000;

/**
 * True when plain text (a `.txt`) is a delimited table rather than prose: every non-blank
 * line of the first 1,000 splits into the same number of fields, at least two lines, by tab
 * into two or more fields (Excel's "Text (Tab delimited)" and "Unicode Text" exports), or by
 * comma, semicolon or `|` into three or more (two fields by a comma is too often a sentence).
 * An Excel `sep=` first line also makes it a table. Any encoding `decodeText` reads (UTF-16 included).
 */
export function isDelimitedTableText(bytes: Uint8Array): boolean {
  const text = normalizeCsvText(decodeText(bytes.subarray(0, 256 * 1024)).text);
  if (/^sep=.\n/i.test(text)) return true;
  const sample = text.length >= 256 * 1024 ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  const delimiter = detectDelimiter(sample);
  if (delimiter === null) return false;
  const parsed = Papa.parse<string[]>(sample, { delimiter, newline: '\n', quoteChar: '"', preview: TEXT_TABLE_SAMPLE_RECORDS });
  const counts = parsed.data.filter((fields) => !isBlankRecord(fields)).map((fields) => fields.length);
  if (counts.length < TEXT_TABLE_MIN_LINES) return false;
  const width = counts[0];
  return width >= (delimiter === '\t' ? 2 : 3) && counts.every((count) => count === width);
}

/**
 * Reads a delimited text file: encoding and delimiter detected, line endings of any kind
 * (`\n`, `\r\n`, old Mac `\r`), quoted newlines kept inside their field, NUL bytes removed,
 * blank and delimiter-only lines kept as empty rows (trailing ones dropped), an Excel `sep=;` first line obeyed,
 * quotes escaped by doubling (`""`) or by a backslash (`\"`) as the text shows (`detectQuoteEscape`), fields quoted
 * with `'` when that reading explains the file better (`detectQuoteChar`), a trailing Ctrl-Z dropped (`normalizeCsvText`).
 * Rows may be ragged; empty fields are null cells.
 * @param requireDelimiter refuse text that no delimiter splits (used for `.txt`)
 * @param streamRows past this many rows the sheet is held in a compact store (`Grid.store`)
 * @param maxColumns most fields of a record (Excel's 16,384 by `ReadLimits`): the read stops at the
 *   first record with more, before its cells are made, so a hostile width costs no memory
 * @throws FileFormatError naming the file when it holds no data or (with `requireDelimiter`) is not
 *   delimited; FileLimitError (`maxColumns`) naming the record and the limit
 */
export function readCsv(bytes: Uint8Array, fileName: string, requireDelimiter = false, streamRows = Infinity, maxColumns = Infinity): Workbook {
  const reading = startCsv(bytes, fileName, requireDelimiter, streamRows, maxColumns);
  Papa.parse<string[]>(reading.text, {
    ...reading.config,
    step: (results, parser) => {
      if (!reading.step(results.data)) parser.abort();
    },
  });
  return reading.finish();
}

/**
 * `readCsv` paced (`pace.ts`): the parse pauses when the pacer is due and lets the event loop
 * run, so that a signal's handler runs while a tall file is read.
 * @throws FileFormatError as `readCsv`; the signal's reason once `pace`'s signal is aborted
 */
export async function readCsvPaced(bytes: Uint8Array, fileName: string, requireDelimiter: boolean, streamRows: number, pace: Pace, maxColumns = Infinity): Promise<Workbook> {
  const reading = startCsv(bytes, fileName, requireDelimiter, streamRows, maxColumns);
  await pace.pause();
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(reading.text, {
      ...reading.config,
      // In pieces, as Papa reads a file: a resumed parse works on the rest of its piece (Papa
      // splits what it parses), never on the rest of the whole text.
      chunkSize: PACED_PIECE_CHARS,
      step(results, parser) {
        if (!reading.step(results.data)) {
          parser.abort();
          return;
        }
        if (!pace.due()) return;
        parser.pause();
        pace.pause().then(() => parser.resume(), (error: unknown) => {
          parser.abort();
          reject(error);
        });
      },
      complete: () => resolve(),
    });
  });
  return reading.finish();
}

/** Characters Papa parses at a time in `readCsvPaced`. */
const PACED_PIECE_CHARS = 1 << 20;

/** A delimited text file being read: its text and dialect, a record at a time (`step`), then the workbook (`finish`). */
function startCsv(bytes: Uint8Array, fileName: string, requireDelimiter: boolean, streamRows: number, maxColumns: number) {
  const { text: decoded, encoding } = decodeText(bytes);
  let text = normalizeCsvText(decoded);
  if (text.trim() === '') throw new FileFormatError(fileName, 'no data: the file is empty');

  // Excel's `sep=;` first line names the delimiter.
  const hint = /^sep=(.)\n/i.exec(text);
  if (hint) text = text.slice(hint[0].length);
  const preferred: Delimiter | undefined = /\.tsv$/i.test(fileName) ? '\t' : undefined;
  const detected = hint ? (hint[1] as Delimiter) : detectDelimiter(text, preferred);
  if (!detected && requireDelimiter) {
    throw new FileFormatError(fileName, 'not a delimited text file (no comma, semicolon, tab or | separates its fields); save the data as .csv or .xlsx');
  }
  const delimiter = detected ?? preferred ?? ',';
  const quoteChar = detectQuoteChar(text, delimiter);
  const escapeChar = quoteChar === "'" ? "'" : detectQuoteEscape(text, delimiter);
  // Row by row: a tall file's records are never all held as arrays of strings. Past
  // `streamRows` rows the sheet goes to a compact store (`row-store.ts`), its first rows kept as cells.
  const rows: (Cell | null)[][] = [];
  const records: string[][] = [];
  let store: RowStore | undefined;
  let lastFilled = -1;
  let count = 0;
  let width = 0;
  const columns: ColumnCells[] = [];
  /** The first record wider than `maxColumns`: its line and width. */
  let tooWide: { record: number; fields: number } | undefined;
  // The hint line stays an empty grid row, so row numbers still match the file's lines; the account counts it (`Grid.dialectHint`).
  if (hint) {
    rows.push([]);
    count = 1;
  }
  /** Takes one record; false when it is wider than `maxColumns` (the read must stop). */
  const step = (fields: string[]): boolean => {
    // Blank and delimiter-only lines stay as empty grid rows, so row numbers match the file's
    // lines and table detection sees the gap (a footnote after a blank line is not data).
    const blank = isBlankRecord(fields);
    if (!blank && fields.length > maxColumns) {
      tooWide = { record: count + 1, fields: fields.length };
      return false;
    }
    if (!blank) {
      lastFilled = count;
      if (records.length < DECIMAL_SAMPLE) records.push(fields);
    }
    if (fields.length > width && !blank) width = fields.length;
    const cells = blank ? [] : cellsOf(fields, columns);
    if (count < streamRows) rows.push(cells);
    else {
      if (store === undefined) {
        store = new RowStore();
        for (const row of rows) store.pushRow(row);
      }
      store.pushRow(cells);
    }
    count++;
    return true;
  };
  const finish = (): Workbook => {
    if (tooWide) {
      const { record, fields } = tooWide;
      throw new FileLimitError(fileName, 'maxColumns', `record ${record.toLocaleString('en-US')} has ${fields.toLocaleString('en-US')} fields, beyond the ${maxColumns.toLocaleString('en-US')} columns a sheet can have (Excel's limit)`);
    }
    rows.length = Math.min(rows.length, lastFilled + 1);
    if (store !== undefined) store.truncate(lastFilled + 1);
    if (store !== undefined && store.length <= streamRows) store = undefined;
    if (records.length === 0) throw new FileFormatError(fileName, 'no data: the file holds only blank lines');
    return {
      file: fileName,
      format: 'csv',
      sheets: [
        {
          name: null,
          index: 0,
          hidden: false,
          rows,
          rowHidden: new Array<boolean>(rows.length).fill(false),
          columnHidden: new Array<boolean>(width).fill(false),
          merges: [],
          ...(hint ? { dialectHint: hint[0].trim() } : {}),
          ...(store === undefined ? {} : { store }),
        },
      ],
      encoding,
      delimiter,
      ...(escapeChar === '\\' ? { quoteEscape: 'backslash' as const } : {}),
      ...(quoteChar === "'" ? { quoteChar } : {}),
      decimalSeparator: detectDecimalSeparator(records, delimiter),
      errorCellCount: 0,
    };
  };
  return { text, config: { delimiter, newline: '\n' as const, quoteChar, escapeChar }, step, finish };
}

/**
 * The text of a delimited file as the reader parses it: byte order mark and NUL bytes removed,
 * line ends made `\n`, and a trailing DOS end-of-file byte (`\x1a`, Ctrl-Z: CP/M and MS-DOS
 * padded text files with it, and old exports still end so) dropped with what follows it.
 */
export function normalizeCsvText(decoded: string): string {
  return decoded.replace(/^\uFEFF/, '').replace(/\u0000/g, '').replace(/\r\n?/g, '\n').replace(/\u001a[\u001a\s]*$/, '');
}

/** Records read to tell the decimal separator (`detectDecimalSeparator` reads at most 5,000). */
const DECIMAL_SAMPLE = 5000;

function cellsOf(fields: string[], columns: ColumnCells[]): (Cell | null)[] {
  const cells = new Array<Cell | null>(fields.length);
  for (let column = 0; column < fields.length; column++) {
    const field = fields[column];
    cells[column] = field === '' ? null : (columns[column] ??= new ColumnCells()).cellOf(field);
  }
  return cells;
}

/**
 * Hands out the cells of one column, one shared (read-only) cell per distinct text while the
 * column repeats its values (countries, dates, categories): far fewer objects for big files.
 * A column of mostly distinct values (ids) stops sharing after a sample.
 */
class ColumnCells {
  private shared: Map<string, Cell> | null = new Map();
  private seen = 0;

  cellOf(text: string): Cell {
    const shared = this.shared;
    if (shared === null) return { value: text };
    this.seen++;
    let cell = shared.get(text);
    if (cell === undefined) {
      cell = { value: text };
      shared.set(text, cell);
      const mostlyDistinct = this.seen >= SHARING_SAMPLE && shared.size * 2 > this.seen;
      if (mostlyDistinct || shared.size > MAX_SHARED_CELLS) this.shared = null;
    }
    return cell;
  }
}

/** Rows read before a column's sharing is judged, and most distinct cells shared per column. */
const SHARING_SAMPLE = 1000;
const MAX_SHARED_CELLS = 20_000;
