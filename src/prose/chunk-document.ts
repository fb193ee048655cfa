/**
 * Prose → chunks for retrieval, with @langchain/textsplitters: Markdown split into sections at
 * its headings first (each chunk keeps its heading path), then each section, page or text
 * recursively (paragraphs, lines, sentences, words) with overlap. Chunks never cross a page or a
 * section. Front matter and document properties are copied into every chunk's metadata.
 * @module prose/chunk-document
 */
import type { ProseSheet } from '../tables/types.js';

/** One chunk, ready to store. */
export interface DocumentChunk {
  /** 0-based position among the record's chunks. */
  index: number;
  content: string;
  /**
   * `page` (PDF, 1-based), `heading_path` (outermost first) and `heading` (the path joined with
   * ` › `), `sheet` for text found in a workbook, `file_type` (extension without the dot), and
   * every front-matter key or document property (ours win on a clash).
   */
  metadata: Record<string, unknown>;
}

export interface ChunkDocumentOptions {
  /** Longest chunk, in characters. @default 1000 */
  chunkSize?: number;
  /** Characters repeated from the end of one chunk at the start of the next. @default 150 */
  chunkOverlap?: number;
  /** Extension of the file without the dot (`pdf`, `md`), recorded as `file_type`. */
  fileType?: string;
  /** Front matter or document properties. */
  properties?: Record<string, unknown>;
}

/** A Markdown section: the text under one heading, down to the next heading of any level. */
interface Section {
  headingPath: string[];
  text: string;
}

/** Splits the prose of one file into chunks. Whitespace-only text gives none. */
export async function chunkDocument(prose: ProseSheet[], options: ChunkDocumentOptions = {}): Promise<DocumentChunk[]> {
  const chunkSize = options.chunkSize ?? 1000;
  const chunkOverlap = options.chunkOverlap ?? 150;
  // Loaded on first use (with @langchain/core, about 0.4 s): only files with prose need it.
  const { RecursiveCharacterTextSplitter } = await import('@langchain/textsplitters');
  const markdownSplitter = RecursiveCharacterTextSplitter.fromLanguage('markdown', { chunkSize, chunkOverlap });
  const textSplitter = new RecursiveCharacterTextSplitter({ chunkSize, chunkOverlap });
  const base: Record<string, unknown> = { ...(options.properties ?? {}) };
  if (options.fileType) base.file_type = options.fileType;
  const chunks: DocumentChunk[] = [];
  for (const part of prose) {
    const sections: Section[] = part.markdown ? splitSections(part.text) : [{ headingPath: [], text: part.text }];
    for (const section of sections) {
      const pieces = await (part.markdown ? markdownSplitter : textSplitter).splitText(section.text);
      for (const piece of pieces) {
        const content = piece.trim();
        if (content === '') continue;
        const metadata: Record<string, unknown> = { ...base };
        if (part.page) metadata.page = part.page;
        if (part.sheet) metadata.sheet = part.sheet;
        if (section.headingPath.length > 0) {
          metadata.heading_path = section.headingPath;
          metadata.heading = section.headingPath.join(' › ');
        }
        chunks.push({ index: chunks.length, content, metadata });
      }
    }
  }
  return chunks;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^(```|~~~)/;

/**
 * Splits Markdown at its ATX headings (outside code fences). Each section's text starts with
 * its own heading line; a section holding only its heading is dropped (its children carry it in
 * their path). Text before the first heading is a section with an empty path.
 */
export function splitSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let lines: string[] = [];
  let path: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = lines.join('\n').trim();
    const onlyHeading = lines.filter((line) => line.trim() !== '').length <= 1 && path.length > 0 && HEADING.test(lines.find((line) => line.trim() !== '') ?? '');
    if (text !== '' && !onlyHeading) sections.push({ headingPath: path, text });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line.trim())) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (match) {
      flush();
      const level = match[1].length;
      while (stack.length > 0 && stack[stack.length - 1].level >= level) stack.pop();
      stack.push({ level, title: match[2].replace(/[*_`]/g, '').trim() });
      path = stack.map((entry) => entry.title);
    }
    lines.push(line);
  }
  flush();
  return sections;
}
