/**
 * Prose documents → text: PDF (text per page, unpdf), DOCX (mammoth → HTML → Markdown),
 * HTML (readable text as Markdown: scripts, styles, navigation dropped), Markdown (front
 * matter read as properties) and plain text.
 * @module extract/read-document
 */
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { FileFormatError } from '../errors.js';
import { decodeText } from './decode-text.js';

/** One stretch of a document's text: a PDF page, or the whole of any other document. */
export interface DocumentPart {
  /** 1-based PDF page; null for formats without pages. */
  page: number | null;
  text: string;
  /** True when `text` is Markdown (headings `#` give the heading path). */
  markdown: boolean;
}

/** What a document yields. */
export interface DocumentText {
  format: 'pdf' | 'docx' | 'html' | 'markdown' | 'text';
  parts: DocumentPart[];
  /** Front matter keys, or the document's properties (title, author, subject, keywords). */
  properties: Record<string, string | number | boolean>;
}

/** Extensions `readDocument` reads, by format. */
export const DOCUMENT_FORMATS: Record<string, DocumentText['format']> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.html': 'html',
  '.htm': 'html',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
};

/**
 * Reads a document's text.
 * @throws FileFormatError naming the file: unreadable, empty, or a PDF without a text layer
 *   (message starts with `no text layer`)
 */
export async function readDocument(fileName: string, bytes: Uint8Array): Promise<DocumentText> {
  const format = DOCUMENT_FORMATS[path.extname(fileName).toLowerCase()];
  if (!format) throw new FileFormatError(fileName, 'not a document format gridrag reads');
  let document: DocumentText;
  try {
    if (format === 'pdf') document = await readPdf(fileName, bytes);
    else if (format === 'docx') document = await readDocx(bytes);
    else if (format === 'html') document = await readHtml(decodeText(bytes).text);
    else document = readPlain(cleanText(decodeText(bytes).text), format);
  } catch (error) {
    if (error instanceof FileFormatError) throw error;
    // A .docx is a zip package: jszip's own words (and its documentation link) say less than this.
    if (format === 'docx') throw new FileFormatError(fileName, 'the file is not a readable Word document (.docx): it is damaged, or another kind of file named .docx', { cause: error });
    throw new FileFormatError(fileName, `cannot read the ${format.toUpperCase()} file: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  document.parts = document.parts.filter((part) => part.text.trim() !== '');
  if (document.parts.length === 0) throw new FileFormatError(fileName, 'the file is empty (no text)');
  return document;
}

function cleanText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\u0000/g, '').replace(/\r\n?/g, '\n');
}

async function readPdf(fileName: string, bytes: Uint8Array): Promise<DocumentText> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }); // errors only: pdf.js warnings are not the user's business
  const { text } = await extractText(pdf, { mergePages: false });
  const info = ((await pdf.getMetadata().catch(() => ({ info: {} }))).info ?? {}) as Record<string, unknown>;
  await pdf.destroy().catch(() => undefined);
  if (text.every((page) => page.trim() === '')) {
    throw new FileFormatError(
      fileName,
      `no text layer: none of its ${text.length} page(s) holds text (a scanned PDF?). Nothing was stored; run OCR on it and ingest the result.`,
    );
  }
  const properties: DocumentText['properties'] = {};
  for (const [key, name] of [['Title', 'title'], ['Author', 'author'], ['Subject', 'subject'], ['Keywords', 'keywords']] as const) {
    const value = info[key];
    if (typeof value === 'string' && value.trim() !== '') properties[name] = value.trim();
  }
  return { format: 'pdf', parts: text.map((page, index) => ({ page: index + 1, text: cleanText(page), markdown: false })), properties };
}

async function readDocx(bytes: Uint8Array): Promise<DocumentText> {
  const mammoth = (await import('mammoth')).default;
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  const markdown = await htmlToMarkdown(html);
  return { format: 'docx', parts: [{ page: null, text: markdown, markdown: true }], properties: await docxProperties(bytes) };
}

/** Title, author, subject and keywords from `docProps/core.xml`, where present. */
async function docxProperties(bytes: Uint8Array): Promise<DocumentText['properties']> {
  const JSZip = (await import('jszip')).default;
  const core = await (await JSZip.loadAsync(bytes)).file('docProps/core.xml')?.async('string');
  const properties: DocumentText['properties'] = {};
  if (!core) return properties;
  for (const [tag, name] of [['dc:title', 'title'], ['dc:creator', 'author'], ['dc:subject', 'subject'], ['cp:keywords', 'keywords']] as const) {
    const match = new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(core);
    const value = match?.[1] ? decodeEntities(match[1]).trim() : '';
    if (value !== '') properties[name] = value;
  }
  return properties;
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? '');
}

/** Elements that are page furniture or code, never the document's text. */
const HTML_DROPPED = ['script', 'style', 'noscript', 'nav', 'header', 'footer', 'aside', 'form', 'iframe', 'svg', 'template'] as const;

async function readHtml(html: string): Promise<DocumentText> {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim();
  return {
    format: 'html',
    parts: [{ page: null, text: await htmlToMarkdown(html), markdown: true }],
    properties: title ? { title: decodeEntities(title) } : {},
  };
}

/** HTML → Markdown with headings kept (`#`), page furniture dropped and Markdown escapes removed. */
export async function htmlToMarkdown(html: string): Promise<string> {
  const TurndownService = (await import('turndown')).default;
  const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced' });
  service.remove([...HTML_DROPPED, 'title', 'head']);
  service.escape = (text: string) => text;
  return cleanText(service.turndown(html)).replace(/\n{3,}/g, '\n\n').trim();
}

function readPlain(text: string, format: 'markdown' | 'text'): DocumentText {
  if (format === 'text') return { format, parts: [{ page: null, text, markdown: false }], properties: {} };
  const { body, properties } = splitFrontMatter(text);
  return { format, parts: [{ page: null, text: body, markdown: true }], properties };
}

/**
 * Splits YAML front matter (`---` … `---` at the very start) from a Markdown body. Scalar
 * values are kept; lists become comma-separated text; nested maps are skipped. Front matter that
 * is not valid YAML stays in the body.
 */
export function splitFrontMatter(text: string): { body: string; properties: DocumentText['properties'] } {
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) return { body: text, properties: {} };
  let parsed: unknown;
  try {
    parsed = parseYaml(match[1]);
  } catch {
    return { body: text, properties: {} };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { body: text, properties: {} };
  const properties: DocumentText['properties'] = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') properties[key] = value;
    else if (value instanceof Date) properties[key] = value.toISOString().slice(0, 10);
    else if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) properties[key] = value.join(', ');
  }
  return { body: text.slice(match[0].length), properties };
}
