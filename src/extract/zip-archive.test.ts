import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildStoredZip } from './__fixtures__/stored-zip.js';
import { ZipArchive, ZipFormatError } from './zip-archive.js';

async function deflatedZip(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

async function openFailure(bytes: Uint8Array): Promise<ZipFormatError> {
  const error = await ZipArchive.open(bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ZipFormatError);
  return error as ZipFormatError;
}

/** Offsets of a 4-byte little-endian signature in the bytes. */
function signatureOffsets(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let at = 0; at + 4 <= bytes.length; at++) if (view.getUint32(at, true) === signature) found.push(at);
  return found;
}

describe('ZipArchive', () => {
  it('finds entries case-insensitively, with or without a leading slash, and lists them as stored', async () => {
    const zip = await ZipArchive.open(buildStoredZip({ 'XL/Workbook.xml': '<w/>', '[Content_Types].xml': '<t/>' }));
    expect(zip.has('xl/workbook.xml')).toBe(true);
    expect(zip.has('/xl/WORKBOOK.xml')).toBe(true);
    expect(zip.has('xl/styles.xml')).toBe(false);
    expect(zip.paths().sort()).toEqual(['XL/Workbook.xml', '[Content_Types].xml']);
    expect(await zip.readText('xl/workbook.xml')).toBe('<w/>');
  });

  it('streams a large deflated entry in many chunks that join to the whole text, multi-byte characters intact', async () => {
    const row = (i: number) => `<row r="${i}"><c t="inlineStr"><is><t>Zürich → ${i} 東京</t></is></c></row>`;
    const text = `<sheetData>${Array.from({ length: 20_000 }, (_, i) => row(i + 1)).join('')}</sheetData>`;
    const zip = await ZipArchive.open(await deflatedZip({ 'xl/worksheets/sheet1.xml': text }));
    const chunks = await collect(zip.streamText('xl/worksheets/sheet1.xml'));
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(text.length / 10);
    expect(chunks.join('')).toBe(text);
    expect(await zip.readText('XL/worksheets/sheet1.xml')).toBe(text);
  });

  it('refuses a missing part by name', async () => {
    const zip = await ZipArchive.open(buildStoredZip({ 'a.xml': '<a/>' }));
    await expect(zip.readText('b.xml')).rejects.toThrow(/the part b\.xml is missing/);
    await expect(collect(zip.streamText('b.xml'))).rejects.toThrow(ZipFormatError);
  });

  it('refuses bytes without a ZIP directory (truncated or not a ZIP)', async () => {
    const bytes = await deflatedZip({ 'a.xml': '<a/>'.repeat(1000) });
    expect((await openFailure(bytes.subarray(0, Math.floor(bytes.length / 2)))).message).toMatch(/ZIP directory is missing/);
    expect((await openFailure(new TextEncoder().encode('PK not really a zip'))).message).toMatch(/ZIP directory is missing/);
  });

  it('refuses an encrypted archive and says so', async () => {
    const bytes = Uint8Array.from(buildStoredZip({ 'xl/workbook.xml': '<w/>' }));
    const view = new DataView(bytes.buffer);
    for (const at of signatureOffsets(bytes, 0x04034b50)) view.setUint16(at + 6, 1, true);
    for (const at of signatureOffsets(bytes, 0x02014b50)) view.setUint16(at + 8, 1, true);
    const error = await openFailure(bytes);
    expect(error.encrypted).toBe(true);
    expect(error.message).toMatch(/encrypted/);
  });

  it('names the entry whose compressed data is corrupt, whole or streamed', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `<v>${(i * 7919) % 104729}</v>`).join('');
    const bytes = Uint8Array.from(await deflatedZip({ 'xl/worksheets/sheet1.xml': text }));
    // The entry's compressed data starts after the 30-byte local header and its name; damage its middle.
    const dataStart = 30 + 'xl/worksheets/sheet1.xml'.length;
    const directory = signatureOffsets(bytes, 0x02014b50)[0];
    for (let at = dataStart + Math.floor((directory - dataStart) / 3); at < dataStart + Math.floor((directory - dataStart) / 2); at++) {
      bytes[at] = 0x55;
    }
    const zip = await ZipArchive.open(bytes);
    await expect(zip.readText('xl/worksheets/sheet1.xml')).rejects.toThrow(/xl\/worksheets\/sheet1\.xml is corrupt or truncated/);
    await expect(collect(zip.streamText('xl/worksheets/sheet1.xml'))).rejects.toThrow(
      /xl\/worksheets\/sheet1\.xml is corrupt or truncated/,
    );
  });
});
