/**
 * Bytes → text for delimited files: byte order marks first, then BOM-less UTF-16, then strict
 * UTF-8, then UTF-8 with a few stray single bytes, then a single-byte code page (chardet only
 * for non-Latin scripts).
 * @module extract/decode-text
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';

/** Decoded text and the encoding name reported for it. */
export interface DecodedText {
  text: string;
  /** `utf-8`, `utf-8-bom`, `utf-16le`, `utf-16be`, `windows-1252`, or a chardet name such as `windows-1251`. */
  encoding: string;
}

/** Single-byte Latin encodings chardet confuses on short text; windows-1252 reads them best. */
const LATIN_FAMILY = /^(iso-8859-(1|2|9|15)|windows-125[02])$/i;
/** Encodings chardet must name with this confidence (0–100) before it is believed. */
const MIN_CONFIDENCE = 60;

/**
 * Decodes a text file. Invalid UTF-8 never becomes U+FFFD when a single-byte encoding fits:
 * it is read as windows-1252 unless chardet is confident of a non-Latin encoding.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    return { text: buffer.subarray(3).toString('utf8'), encoding: 'utf-8-bom' };
  }
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return { text: iconv.decode(buffer.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return { text: iconv.decode(buffer.subarray(2), 'utf-16be'), encoding: 'utf-16be' };

  const utf16 = guessBomlessUtf16(buffer);
  if (utf16) return { text: iconv.decode(buffer, utf16), encoding: utf16 };

  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' };
  } catch {
    // not UTF-8: fall through to mixed, single-byte and legacy multi-byte encodings
  }
  const mixed = decodeMixedUtf8(buffer);
  if (mixed !== null) return { text: mixed, encoding: 'utf-8' };
  const guess = chardet.analyse(buffer)[0];
  if (
    guess &&
    guess.confidence >= MIN_CONFIDENCE &&
    !LATIN_FAMILY.test(guess.name) &&
    !/^(utf-|ascii)/i.test(guess.name) &&
    iconv.encodingExists(guess.name)
  ) {
    return { text: iconv.decode(buffer, guess.name), encoding: guess.name.toLowerCase() };
  }
  return { text: iconv.decode(buffer, 'windows-1252'), encoding: 'windows-1252' };
}

/** UTF-16 without a BOM shows NUL in every other byte of ASCII text. */
function guessBomlessUtf16(buffer: Buffer): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(buffer.length - (buffer.length % 2), 4096);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (buffer[i] === 0) evenZeros++;
    if (buffer[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * Mostly-UTF-8 text with a few stray single bytes (files pasted together from two exports):
 * valid UTF-8 sequences decode as UTF-8, stray bytes as windows-1252. Null when stray bytes
 * are not clearly the minority, i.e. when the file is better read as a single-byte encoding.
 */
function decodeMixedUtf8(buffer: Buffer): string | null {
  let multibyte = 0;
  let stray = 0;
  const pieces: string[] = [];
  let runStart = 0;
  let i = 0;
  while (i < buffer.length) {
    const byte = buffer[i];
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(buffer, i);
    if (length > 0) {
      multibyte++;
      i += length;
      continue;
    }
    stray++;
    pieces.push(buffer.subarray(runStart, i).toString('utf8'), iconv.decode(buffer.subarray(i, i + 1), 'windows-1252'));
    i++;
    runStart = i;
  }
  if (stray === 0 || multibyte <= stray) return null;
  pieces.push(buffer.subarray(runStart).toString('utf8'));
  return pieces.join('');
}

/** Length of the well-formed UTF-8 sequence starting at `at`, or 0. */
function utf8SequenceLength(buffer: Buffer, at: number): number {
  const lead = buffer[at];
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || at + length > buffer.length) return 0;
  for (let k = 1; k < length; k++) if ((buffer[at + k] & 0xc0) !== 0x80) return 0;
  if (lead === 0xe0 && buffer[at + 1] < 0xa0) return 0;
  if (lead === 0xed && buffer[at + 1] > 0x9f) return 0;
  if (lead === 0xf0 && buffer[at + 1] < 0x90) return 0;
  if (lead === 0xf4 && buffer[at + 1] > 0x8f) return 0;
  return length;
}
