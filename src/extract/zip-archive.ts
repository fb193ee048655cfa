/**
 * ZIP containers held in memory (what xlsx files are), read with jszip: the directory is read
 * once when opened, entries are inflated on demand, whole or streamed. This module only adds
 * case-insensitive lookup, UTF-8 decoding in chunks and errors of one class.
 * @module extract/zip-archive
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import JSZip from 'jszip';
import { AppError } from '../errors.js';
import { formatBytes, LimitExceededError } from './read-limits.js';

/** Why a byte array is not a readable ZIP archive, or one of its entries cannot be inflated. */
export class ZipFormatError extends AppError {
  /** True when the archive or entry is password-protected (ZIP encryption). */
  readonly encrypted: boolean;
  constructor(message: string, options: { cause?: unknown; encrypted?: boolean } = {}) {
    super('FILE_FORMAT', message, { cause: options.cause });
    this.encrypted = options.encrypted ?? false;
  }
}

/** Entries of a ZIP file, looked up case-insensitively by path (`xl/workbook.xml`). */
export class ZipArchive {
  private readonly entries = new Map<string, JSZip.JSZipObject>();
  /** Largest inflated size of one entry, in bytes. */
  private readonly maxPartBytes: number;

  private constructor(zip: JSZip, maxPartBytes: number) {
    this.maxPartBytes = maxPartBytes;
    for (const entry of Object.values(zip.files)) {
      if (!entry.dir) this.entries.set(normalizePath(entry.name), entry);
    }
  }

  /**
   * Reads the archive's directory (entry data is left compressed until asked for).
   * @param options.maxPartBytes largest inflated size of one entry in bytes (a zip bomb stops
   *   there, whatever its directory claims), default unlimited
   * @throws ZipFormatError when the bytes hold no complete directory, or the archive is encrypted
   */
  static async open(bytes: Uint8Array, options: { maxPartBytes?: number } = {}): Promise<ZipArchive> {
    try {
      return new ZipArchive(await new JSZip().loadAsync(bytes), options.maxPartBytes ?? Number.POSITIVE_INFINITY);
    } catch (error) {
      throw openFailure(error);
    }
  }

  /** True when the archive holds `path` (case-insensitive). */
  has(path: string): boolean {
    return this.entries.has(normalizePath(path));
  }

  /** All entry paths as stored (folders left out). */
  paths(): string[] {
    return [...this.entries.values()].map((entry) => entry.name);
  }

  /**
   * The whole entry decoded as UTF-8 text; for small parts.
   * @throws ZipFormatError when the entry is missing, truncated or corrupt
   * @throws LimitExceededError when it inflates beyond `maxPartBytes`
   */
  async readText(path: string): Promise<string> {
    let text = '';
    for await (const chunk of this.streamText(path)) text += chunk;
    return text;
  }

  /**
   * The entry as UTF-8 text in chunks (a few KB each, inflated as they are read), for large
   * sheets: the whole text is never held in memory.
   * @throws ZipFormatError (while iterating) when the entry is missing, truncated or corrupt
   */
  async *streamText(path: string): AsyncGenerator<string> {
    const entry = this.entry(path);
    // The size the directory declares is checked first (no inflating); the bytes actually
    // inflated are counted too, since a hostile archive may declare less than it holds.
    const declared = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;
    if (declared !== undefined && declared > this.maxPartBytes) throw this.tooLarge(entry, declared);
    let inflated = 0;
    const decoder = new StringDecoder('utf8');
    // jszip gives a readable-stream v2 stream; wrapping it gives node's async iteration and backpressure.
    const stream = new Readable().wrap(entry.nodeStream('nodebuffer'));
    try {
      for await (const chunk of stream) {
        inflated += (chunk as Buffer).length;
        if (inflated > this.maxPartBytes) throw this.tooLarge(entry);
        const text = decoder.write(chunk as Buffer);
        if (text) yield text;
      }
    } catch (error) {
      if (error instanceof LimitExceededError) throw error;
      throw entryFailure(entry, error);
    } finally {
      stream.destroy();
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }

  private tooLarge(entry: JSZip.JSZipObject, declared?: number): LimitExceededError {
    const size = declared === undefined ? `more than ${formatBytes(this.maxPartBytes)}` : formatBytes(declared);
    return new LimitExceededError(
      'maxPartBytes',
      `the part ${entry.name} inflates to ${size}, over the limit of ${formatBytes(this.maxPartBytes)} per part (GRIDRAG_MAX_PART_MB)`,
    );
  }

  private entry(path: string): JSZip.JSZipObject {
    const entry = this.entries.get(normalizePath(path));
    if (!entry) throw new ZipFormatError(`the part ${path} is missing`);
    return entry;
  }
}

function normalizePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** jszip's reasons, reworded where they would show raw signature bytes or send a reader to jszip's docs. */
const OPEN_REASONS: [RegExp, string][] = [
  [/end of central directory/i, 'the ZIP directory is missing (the file is truncated or not a ZIP)'],
  [/unexpected signature/i, 'an entry header is damaged (not where the ZIP directory says)'],
  [/end of data reached/i, 'the archive ends before the data its directory points to (the file is truncated)'],
];

function openFailure(error: unknown): ZipFormatError {
  const message = messageOf(error);
  if (/encrypted/i.test(message)) return new ZipFormatError('the archive is encrypted', { cause: error, encrypted: true });
  const reworded = OPEN_REASONS.find(([pattern]) => pattern.test(message))?.[1];
  return new ZipFormatError(reworded ?? message, { cause: error });
}

function entryFailure(entry: JSZip.JSZipObject, error: unknown): ZipFormatError {
  const reason = messageOf(error).replace(/^Bug : /, '');
  return new ZipFormatError(`${entry.name} is corrupt or truncated (${reason})`, { cause: error });
}
