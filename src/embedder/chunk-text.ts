/**
 * Splits prose into overlapping chunks for embedding: whole paragraphs where they fit, else
 * sentences, else words, else characters.
 * @module embedder/chunk-text
 */
import { InternalError } from '../errors.js';

/** One chunk of the text. */
export interface TextChunk {
  /** 0-based position among the chunks. */
  index: number;
  content: string;
}

export interface ChunkTextOptions {
  /** Longest chunk, in characters. @default 1200 */
  maxChars?: number;
  /** Characters of the previous chunk's end repeated at the start of the next, cut at a word boundary. @default 150, or `maxChars / 4` when smaller */
  overlap?: number;
}

/** A piece no longer than `maxChars`, with how it joins the piece before it. */
interface Piece {
  text: string;
  joiner: string;
}

/**
 * Chunks `text`. Paragraphs (blank-line separated) are packed together while they fit;
 * a paragraph too long is split at sentence ends, a sentence too long at spaces. Each chunk
 * after the first starts with up to `overlap` characters of the previous one when room allows.
 * Whitespace-only text gives no chunks.
 * @throws RangeError when `maxChars < 1` or `overlap` is negative or not below `maxChars`
 */
export function chunkText(text: string, options: ChunkTextOptions = {}): TextChunk[] {
  const maxChars = options.maxChars ?? 1200;
  const overlap = options.overlap ?? Math.min(150, Math.floor(maxChars / 4));
  if (!Number.isInteger(maxChars) || maxChars < 1) throw new InternalError(`maxChars must be a positive integer, got ${maxChars}`);
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= maxChars) {
    throw new InternalError(`overlap must be an integer from 0 to maxChars - 1, got ${overlap}`);
  }
  const chunks: string[] = [];
  let current = '';
  for (const piece of splitPieces(text, maxChars)) {
    if (current === '') {
      current = piece.text;
      continue;
    }
    const joined = current + piece.joiner + piece.text;
    if (joined.length <= maxChars) {
      current = joined;
      continue;
    }
    chunks.push(current);
    const tail = overlapTail(current, overlap);
    current = tail !== '' && tail.length + 1 + piece.text.length <= maxChars ? `${tail} ${piece.text}` : piece.text;
  }
  if (current !== '') chunks.push(current);
  return chunks.map((content, index) => ({ index, content }));
}

function splitPieces(text: string, maxChars: number): Piece[] {
  const pieces: Piece[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/[ \t]+$/gm, '').trim())
    .filter((paragraph) => paragraph !== '');
  for (const paragraph of paragraphs) {
    let joiner = '\n\n';
    const parts = paragraph.length <= maxChars ? [paragraph] : splitSentences(paragraph).flatMap((sentence) => splitLong(sentence, maxChars));
    for (const part of parts) {
      pieces.push({ text: part, joiner });
      joiner = ' ';
    }
  }
  return pieces;
}

/** Sentences: split after `.`, `!`, `?`, `…` or `。` followed by whitespace. */
function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?…。])\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** Splits a sentence longer than `maxChars` at spaces, and a word longer than that hard. */
function splitLong(sentence: string, maxChars: number): string[] {
  if (sentence.length <= maxChars) return [sentence];
  const parts: string[] = [];
  let current = '';
  for (const word of sentence.split(/\s+/)) {
    for (let start = 0; start < word.length; start += maxChars) {
      const slice = word.slice(start, start + maxChars);
      const joined = current === '' ? slice : `${current} ${slice}`;
      if (joined.length <= maxChars) current = joined;
      else {
        parts.push(current);
        current = slice;
      }
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** The last `overlap` characters of a chunk, starting at a word boundary. */
function overlapTail(chunk: string, overlap: number): string {
  if (overlap === 0) return '';
  if (chunk.length <= overlap) return chunk.trim();
  const tail = chunk.slice(chunk.length - overlap);
  const boundary = chunk[chunk.length - overlap - 1];
  if (/\s/.test(boundary)) return tail.trim();
  const space = tail.search(/\s/);
  return space === -1 ? '' : tail.slice(space).trim();
}
