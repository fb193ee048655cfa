/**
 * The one entry for reading a file: decides the format from the bytes (magic numbers) and
 * the extension, then reads it as xlsx or delimited text, or refuses it with a clear error.
 * @module extract/read-workbook
 */
import { FileFormatError } from '../errors.js';
import { convertWithSoffice, type ConverterOptions } from './convert-legacy.js';
import type { Workbook } from './grid.js';
import { readCsv, readCsvPaced } from './read-csv.js';
import type { Pace } from './pace.js';
import { readXlsx } from './read-xlsx.js';
import { ZipArchive, ZipFormatError } from './zip-archive.js';
import { checkCellLengths, resolveReadLimits, type ReadLimits } from './read-limits.js';

/** A file to read: its whole content and its name (for the extension and for messages). */
export interface WorkbookInput {
  bytes: Uint8Array;
  fileName: string;
  /** How legacy `.xls` and `.ods` files are converted (LibreOffice path, timeout). */
  converter?: ConverterOptions;
  /** Limits to read under; the defaults (`DEFAULT_READ_LIMITS`) for those left out. */
  limits?: Partial<ReadLimits>;
  /**
   * The file types the caller takes, as the message for an unsupported type lists them (the
   * ingest pipeline's whole list, documents included). @default the spreadsheet and text types read here
   */
  supportedTypes?: string;
  /** Paces a long read (delimited text) so that the event loop runs, and stops it when its signal is aborted (`pace.ts`). */
  pace?: Pace;
}

const SAVE_AS_XLSX = 'open it in Excel (or LibreOffice) and save it as .xlsx';
const TEXT_EXTENSIONS = new Set(['csv', 'tsv', 'tab', 'txt', 'dat', 'psv', '']);
const SPREADSHEET_EXTENSIONS = new Set(['xlsx', 'xlsm', 'xltx', 'xltm', 'xls', 'ods']);

/**
 * Reads a spreadsheet or delimited text file into grids.
 * Supported: `.xlsx`/`.xlsm` (by content, whatever the name), delimited text (`.csv`, `.tsv`,
 * `.txt` when delimited; text content under a spreadsheet name is read as delimited text),
 * and legacy `.xls` (Excel 97-2003) and `.ods` workbooks converted to xlsx by LibreOffice
 * (`convertWithSoffice`; `convertedFrom` says so).
 * @throws FileFormatError naming the file, saying what is wrong and what to do, for `.xls`/`.ods`
 *   when LibreOffice is missing (naming the converter) or fails, `.xlsb`, password-protected
 *   workbooks, corrupt or truncated files, empty files and other types
 */
export async function readWorkbook(input: WorkbookInput): Promise<Workbook> {
  const { bytes, fileName } = input;
  const limits = resolveReadLimits(input.limits);
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (bytes.length === 0) throw new FileFormatError(fileName, 'no data: the file is empty');

  if (startsWith(bytes, [0x50, 0x4b])) return readZipContainer(bytes, fileName, extension, limits, input.converter);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (!isLegacyExcel(bytes, extension)) throw ole2Error(bytes, fileName, extension);
    return readConverted(bytes, fileName, '.xls', 'xls', limits, input.converter);
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw new FileFormatError(fileName, 'a PDF document, not a spreadsheet; export its tables as .xlsx or .csv');
  if (looksBinary(bytes)) {
    throw new FileFormatError(fileName, `an unsupported binary file${extension ? ` (.${extension})` : ''}; save the data as .xlsx or .csv`);
  }

  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1').replace(/\u0000/g, '').trimStart().toLowerCase();
  if (head.startsWith('<?xml') && head.includes('urn:schemas-microsoft-com:office:spreadsheet')) {
    throw new FileFormatError(fileName, `an Excel 2003 XML spreadsheet, which is not supported; ${SAVE_AS_XLSX}`);
  }
  if (/^(<!doctype html|<html|<table)/.test(head)) {
    throw new FileFormatError(fileName, `an HTML page, not a spreadsheet (some systems export HTML under an Excel name); ${SAVE_AS_XLSX}`);
  }
  if (!TEXT_EXTENSIONS.has(extension) && !SPREADSHEET_EXTENSIONS.has(extension)) {
    throw new FileFormatError(fileName, `unsupported file type .${extension}; supported are ${input.supportedTypes ?? '.xlsx, .xlsm, .xls, .ods, .csv, .tsv and delimited .txt'}`);
  }
  const requireDelimiter = extension === 'txt' || extension === '';
  const workbook = input.pace
    ? await readCsvPaced(bytes, fileName, requireDelimiter, limits.streamRows, input.pace, limits.maxColumns)
    : readCsv(bytes, fileName, requireDelimiter, limits.streamRows, limits.maxColumns);
  checkCellLengths(workbook, limits.maxCellChars);
  return workbook;
}

/** Reads a legacy workbook through its xlsx conversion; the workbook keeps the original file name. */
async function readConverted(bytes: Uint8Array, fileName: string, suffix: string, from: 'xls' | 'ods', limits: ReadLimits, converter?: ConverterOptions): Promise<Workbook> {
  const converted = await convertWithSoffice(bytes, fileName.toLowerCase().endsWith(suffix) ? fileName : `${fileName}${suffix}`, 'xlsx', converter);
  let zip: ZipArchive;
  try {
    zip = await ZipArchive.open(converted, { maxPartBytes: limits.maxPartBytes });
  } catch (error) {
    throw new FileFormatError(fileName, `LibreOffice's conversion of the file could not be read (${(error as Error).message})`, { cause: error });
  }
  return { ...(await readXlsx(converted, fileName, zip, limits)), convertedFrom: from };
}

/** An OLE2 file that is an Excel 97-2003 workbook (not encrypted, not a Word or other Office file). */
function isLegacyExcel(bytes: Uint8Array, extension: string): boolean {
  if (includesUtf16(bytes, 'EncryptedPackage')) return false;
  return extension === 'xls' || includesUtf16(bytes, 'Workbook') || includesUtf16(bytes, 'Book');
}

async function readZipContainer(bytes: Uint8Array, fileName: string, extension: string, limits: ReadLimits, converter?: ConverterOptions): Promise<Workbook> {
  let zip: ZipArchive;
  try {
    zip = await ZipArchive.open(bytes, { maxPartBytes: limits.maxPartBytes });
  } catch (error) {
    if (error instanceof ZipFormatError && error.encrypted) {
      throw new FileFormatError(fileName, `the ZIP archive is password-protected (encrypted); remove the password, or ${SAVE_AS_XLSX}`, {
        cause: error,
      });
    }
    throw new FileFormatError(
      fileName,
      `the file is damaged or truncated (${(error as Error).message}); download it again or ${SAVE_AS_XLSX}`,
      { cause: error },
    );
  }
  if (zip.has('xl/workbook.xml') || zip.paths().some((path) => /^xl\/workbook\d*\.xml$/i.test(path))) {
    return readXlsx(bytes, fileName, zip, limits);
  }
  if (zip.has('xl/workbook.bin')) throw new FileFormatError(fileName, `an Excel binary workbook (.xlsb), which is not supported; ${SAVE_AS_XLSX}`);
  if (zip.has('content.xml') && (zip.has('mimetype') || extension === 'ods')) {
    const mimetype = zip.has('mimetype') ? await zip.readText('mimetype') : 'application/vnd.oasis.opendocument.spreadsheet';
    if (!mimetype.includes('spreadsheet')) throw new FileFormatError(fileName, 'an OpenDocument file that is not a spreadsheet (a text or a presentation)');
    return readConverted(bytes, fileName, '.ods', 'ods', limits, converter);
  }
  if (zip.has('word/document.xml')) throw new FileFormatError(fileName, 'a Word document, not a spreadsheet');
  if (zip.has('ppt/presentation.xml')) throw new FileFormatError(fileName, 'a PowerPoint presentation, not a spreadsheet');
  throw new FileFormatError(fileName, 'a ZIP archive that holds no Excel workbook; unpack it and add the spreadsheets themselves');
}

function ole2Error(bytes: Uint8Array, fileName: string, extension: string): FileFormatError {
  if (includesUtf16(bytes, 'EncryptedPackage')) {
    return new FileFormatError(fileName, 'the workbook is password-protected (encrypted); remove the password in Excel (File › Info › Protect Workbook) and save it as .xlsx');
  }
  return new FileFormatError(fileName, `an older Office file (OLE2), not a supported spreadsheet; ${SAVE_AS_XLSX}`);
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

function includesUtf16(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from(text, 'utf16le'));
}

/** Control bytes (other than tab, newlines, form feed, escape) in more than 10% of the first 8 KB, UTF-16 aside. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  const utf16Bom = (sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff);
  if (utf16Bom) return false;
  let control = 0;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    const byte = sample[i];
    if (byte === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b) control++;
  }
  const half = sample.length / 2;
  if ((oddZeros > half * 0.6 && evenZeros < half * 0.05) || (evenZeros > half * 0.6 && oddZeros < half * 0.05)) return false;
  return control > sample.length * 0.1;
}
