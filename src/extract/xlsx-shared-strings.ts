/**
 * The shared string table (`sharedStrings.xml`): every string cell points into it.
 * Rich text runs are flattened to plain text; phonetic guides (`rPh`) are left out.
 * @module extract/xlsx-shared-strings
 */
import { LimitExceededError, type ReadLimits } from './read-limits.js';
import { decodeExcelEscapes, parseXml } from './xml-reader.js';

/**
 * Reads the shared strings in index order, each as plain text.
 * @param limits `maxSharedStringChars` for all strings together, `maxCellChars` for one; unlimited when omitted
 * @throws LimitExceededError as soon as the text read passes either limit
 */
export async function readSharedStrings(
  source: string | AsyncIterable<string>,
  limits: Pick<ReadLimits, 'maxSharedStringChars' | 'maxCellChars'> = { maxSharedStringChars: Infinity, maxCellChars: Infinity },
): Promise<string[]> {
  const strings: string[] = [];
  let total = 0;
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
      if (!inText) return;
      current += text;
      total += text.length;
      if (current.length > limits.maxCellChars) {
        throw new LimitExceededError('maxCellChars', `shared string ${strings.length} is longer than the limit of ${limits.maxCellChars.toLocaleString('en-US')} characters per cell (GRIDRAG_MAX_CELL_CHARS)`);
      }
      if (total > limits.maxSharedStringChars) {
        throw new LimitExceededError('maxSharedStringChars', `the shared strings hold more than the limit of ${limits.maxSharedStringChars.toLocaleString('en-US')} characters (GRIDRAG_MAX_SHARED_STRINGS_MB)`);
      }
    },
  });
  return strings;
}
