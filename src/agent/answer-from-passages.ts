/**
 * Answers from document passages: extractive (no model), the sentences of the best passages
 * that share the most words with the question, quoted, each with its citation (file, page or
 * heading, chunk, score, record version). Below the similarity floor nothing is quoted: "I
 * don't have this in the documents".
 * @module agent/answer-from-passages
 */
import { contentWords } from '../embedder/index.js';
import type { Passage } from '../prose/index.js';
import { printable } from '../printable-text.js';

/** A passage an answer cites (kept apart from the table sources). */
export interface PassageSource {
  file: string;
  path: string | null;
  /** 1-based PDF page, else null. */
  page: number | null;
  /** Heading path joined with ` › `, else null. */
  heading: string | null;
  /** 0-based chunk index within the record. */
  chunk: number;
  /** Reciprocal-rank fusion score of the hybrid search. */
  score: number;
  /** Cosine similarity to the question; null when only full text matched. */
  similarity: number | null;
  /** Version of the record the passage comes from. */
  version: number;
  contentHash: string;
  /** The quoted text: the passage's best sentences (a row: the whole row), at most about 400 characters. */
  quote: string;
  /** Set for a table row chunk (prose/chunk-rows): `row`. Absent for document passages. */
  kind?: 'row';
  /** For a row: its sheet (null for CSV). */
  sheet?: string | null;
  /** For a row: its 1-based sheet row. */
  row?: number;
  /** For a row: the SQL name of its table. */
  table?: string;
}

/** Passages quoted in an answer. */
export const MAX_QUOTED_PASSAGES = 3;
/** Longest quote per passage, in characters. */
const MAX_QUOTE_CHARS = 400;

/** What an answer says when no passage reaches the floor. */
export const NOT_IN_DOCUMENTS = "I don't have this in the documents.";

/**
 * The citation of one passage: `policies.md › p. 2 › Shipping (chunk 3, score 0.0328, similarity 0.41, version 1)`;
 * of a row: `branches.xlsx › Revenue › row 7 (table branches_revenue, chunk 9, score …, version 1)`.
 */
export function citationText(source: PassageSource): string {
  if (source.kind === 'row') {
    const similarity = source.similarity === null ? '' : `, similarity ${source.similarity.toFixed(2)}`;
    // File, sheet and table names come from the files: escaped, so a line break in them cannot forge a line of the answer.
    const where = printable([source.file, source.sheet, `row ${source.row}`].filter(Boolean).join(' › '));
    return `${where} (table ${printable(source.table ?? '')}, chunk ${source.chunk}, score ${source.score.toFixed(4)}${similarity}, version ${source.version})`;
  }
  // File name and heading come from the documents: escaped, so a line break in them cannot forge a line of the answer.
  const where = printable([source.file, source.page ? `p. ${source.page}` : null, source.heading].filter(Boolean).join(' › '));
  const similarity = source.similarity === null ? '' : `, similarity ${source.similarity.toFixed(2)}`;
  return `${where} (chunk ${source.chunk}, score ${source.score.toFixed(4)}${similarity}, version ${source.version})`;
}

/** The best passages as sources, each with its quote. */
export function passageSources(question: string, passages: Passage[], max = MAX_QUOTED_PASSAGES): PassageSource[] {
  return passages.slice(0, max).map((passage) => passage.kind === 'row' ? rowSource(passage) : ({
    file: passage.file,
    path: passage.path,
    page: passage.page,
    heading: passage.heading,
    chunk: passage.chunk,
    score: passage.score,
    similarity: passage.similarity,
    version: passage.version,
    contentHash: passage.contentHash,
    quote: bestSentences(passage.content, question),
  }));
}

/** A row chunk as a source: the whole row quoted (cut at about 400 characters), with its sheet, row and table. */
function rowSource(passage: Passage): PassageSource {
  const quote = passage.content.length <= MAX_QUOTE_CHARS ? passage.content : `${passage.content.slice(0, MAX_QUOTE_CHARS - 1).replace(/\s+\S*$/, '')}…`;
  return {
    file: passage.file, path: passage.path, page: null, heading: null, chunk: passage.chunk, score: passage.score, similarity: passage.similarity,
    version: passage.version, contentHash: passage.contentHash, quote, kind: 'row', sheet: passage.sheet, row: passage.row ?? 0, table: passage.table ?? '',
  };
}

/**
 * The sentences of `content` that share the most content words with the question, in their
 * order in the text, up to about 400 characters; the start of the text when none shares a word.
 */
export function bestSentences(content: string, question: string): string {
  const asked = new Set(contentWords(question));
  const sentences = content
    .replace(/^#{1,6} .*$/gm, '')
    .split(/(?<=[.!?])\s+|\n{2,}|\n(?=[-*] )/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence !== '');
  const scored = sentences.map((sentence, index) => ({ sentence, index, score: new Set(contentWords(sentence).filter((word) => asked.has(word))).size }));
  const ranked = scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof scored = [];
  let length = 0;
  for (const entry of ranked) {
    if (chosen.length > 0 && length + entry.sentence.length > MAX_QUOTE_CHARS) break;
    chosen.push(entry);
    length += entry.sentence.length + 1;
  }
  const text = chosen.length > 0 ? chosen.sort((a, b) => a.index - b.index).map((entry) => entry.sentence).join(' ') : sentences.join(' ');
  return text.length <= MAX_QUOTE_CHARS ? text : `${text.slice(0, MAX_QUOTE_CHARS - 1).replace(/\s+\S*$/, '')}…`;
}

/** The text of an extractive answer: the quotes, numbered, each with its citation. */
export function passagesText(sources: PassageSource[]): string {
  return sources.map((source, i) => `[${i + 1}] "${printable(source.quote)}"\n    — ${citationText(source)}`).join('\n');
}
