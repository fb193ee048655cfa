/**
 * The shared string table (`sharedStrings.xml`): every string cell points into it.
 * Rich text runs are flattened to plain text; phonetic guides (`rPh`) are left out.
 * @module extract/xlsx-shared-strings
 */
import { decodeExcelEscapes, parseXml } from './xml-reader.js';

/** Reads the shared strings in index order, each as plain text. */
export async function readSharedStrings(source: string | AsyncIterable<string>): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phoneticDepth = 0;
  await parseXml(source, {
    open(tag) {
      if (tag.name === 'si') current = '';
      else if (tag.name === 't') inText = phoneticDepth === 0;
      else if (tag.name === 'rPh') phoneticDepth++;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phoneticDepth--;
      else if (name === 'si') strings.push(decodeExcelEscapes(current));
    },
    text(text) {
      if (inText) current += text;
    },
  });
  return strings;
}
