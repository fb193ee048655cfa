/**
 * A minimal reader for ZIP containers held in memory (what xlsx files are): the central
 * directory is read once, entries are inflated on demand with node's zlib, whole or streamed.
 * Stored and deflated entries only; ZIP64 sizes and offsets are understood.
 * @module extract/zip-archive
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

/** Why a byte array is not a readable ZIP archive. */
export class ZipFormatError extends Error {}

interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STREAM_CHUNK_BYTES = 1 << 20;

/** Entries of a ZIP file, looked up case-insensitively by path (`xl/workbook.xml`). */
export class ZipArchive {
  private readonly entries = new Map<string, ZipEntry>();

  /** @throws ZipFormatError when the bytes hold no complete central directory */
  constructor(private readonly bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const end = findEndOfCentralDirectory(view);
    let count = view.getUint16(end + 10, true);
    let directoryOffset = view.getUint32(end + 16, true);
    if (count === 0xffff || directoryOffset === 0xffffffff) {
      const locator = end - 20;
      if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR) {
        const zip64End = Number(view.getBigUint64(locator + 8, true));
        if (zip64End + 56 > bytes.length || view.getUint32(zip64End, true) !== ZIP64_END) {
          throw new ZipFormatError('the ZIP64 directory record is missing');
        }
        count = Number(view.getBigUint64(zip64End + 32, true));
        directoryOffset = Number(view.getBigUint64(zip64End + 48, true));
      }
    }
    let offset = directoryOffset;
    for (let i = 0; i < count; i++) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_HEADER) {
        throw new ZipFormatError('the central directory is damaged');
      }
      const flags = view.getUint16(offset + 8, true);
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      const name = Buffer.from(bytes.subarray(offset + 46, offset + 46 + nameLength)).toString(
        flags & 0x800 ? 'utf8' : 'latin1',
      );
      const entry: ZipEntry = {
        name,
        method: view.getUint16(offset + 10, true),
        encrypted: (flags & 1) === 1,
        compressedSize: view.getUint32(offset + 20, true),
        uncompressedSize: view.getUint32(offset + 24, true),
        localHeaderOffset: view.getUint32(offset + 42, true),
      };
      readZip64Extra(view, offset + 46 + nameLength, extraLength, entry);
      this.entries.set(name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase(), entry);
      offset += 46 + nameLength + extraLength + commentLength;
    }
  }

  /** True when the archive holds `path` (case-insensitive). */
  has(path: string): boolean {
    return this.entries.has(path.toLowerCase());
  }

  /** All entry paths as stored. */
  paths(): string[] {
    return [...this.entries.values()].map((entry) => entry.name);
  }

  /**
   * The whole entry decoded as UTF-8 text.
   * @throws ZipFormatError when the entry is missing, encrypted, truncated or corrupt
   */
  readText(path: string): string {
    const entry = this.entry(path);
    const data = this.compressedData(entry);
    if (entry.method === 0) return Buffer.from(data).toString('utf8');
    try {
      return zlib.inflateRawSync(data).toString('utf8');
    } catch (error) {
      throw new ZipFormatError(`${entry.name} is corrupt or truncated (${(error as Error).message})`);
    }
  }

  /**
   * The entry as UTF-8 text in chunks (about 1 MB of compressed input at a time), for large sheets.
   * @throws ZipFormatError (while iterating) when the entry is truncated or corrupt
   */
  async *streamText(path: string): AsyncGenerator<string> {
    const entry = this.entry(path);
    const data = this.compressedData(entry);
    const decoder = new StringDecoder('utf8');
    if (entry.method === 0) {
      yield decoder.write(Buffer.from(data)) + decoder.end();
      return;
    }
    const inflater = zlib.createInflateRaw({ chunkSize: 256 * 1024 });
    Readable.from(chunksOf(data, STREAM_CHUNK_BYTES)).pipe(inflater);
    try {
      for await (const chunk of inflater) yield decoder.write(chunk as Buffer);
    } catch (error) {
      throw new ZipFormatError(`${entry.name} is corrupt or truncated (${(error as Error).message})`);
    } finally {
      inflater.destroy();
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }

  private entry(path: string): ZipEntry {
    const entry = this.entries.get(path.replace(/^\//, '').toLowerCase());
    if (!entry) throw new ZipFormatError(`the part ${path} is missing`);
    if (entry.encrypted) throw new ZipFormatError(`the part ${entry.name} is encrypted`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ZipFormatError(`the part ${entry.name} uses unsupported compression method ${entry.method}`);
    }
    return entry;
  }

  private compressedData(entry: ZipEntry): Uint8Array {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localHeaderOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) {
      throw new ZipFormatError(`the part ${entry.name} is damaged (no local header)`);
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) throw new ZipFormatError(`the part ${entry.name} is truncated`);
    return this.bytes.subarray(start, end);
  }
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipFormatError('the ZIP directory is missing (the file is truncated or not a ZIP)');
}

function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  let at = start;
  while (at + 4 <= start + length) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const take = (): number => {
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
      return;
    }
    at += 4 + size;
  }
}

function* chunksOf(data: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}
