import { describe, expect, it } from 'vitest';
import { parseFile } from './parse-file.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** UTF-16 LE with its byte-order mark, as Excel's "Unicode Text" export writes it. */
const utf16 = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

describe('parseFile', () => {
  it('reads a tab-delimited .txt (Excel "Text (Tab delimited)" and "Unicode Text" exports) as a table', async () => {
    const text = 'Name\tCity\tAmount\r\nJosé\tKöln\t10\r\nZoë\tMünchen\t20\r\n';
    for (const bytes of [utf8(text), utf16(text)]) {
      const parsed = await parseFile('export.txt', bytes);
      expect(parsed.dataType).toBe('tabular');
      expect(parsed.read.tables).toHaveLength(1);
      expect(parsed.read.tables[0].columns.map((column) => column.name)).toEqual(['Name', 'City', 'Amount']);
      expect(parsed.rowAccount?.data).toBe(2);
    }
  });

  it('keeps prose .txt as prose, commas and a stray tab included', async () => {
    const notes = [
      'Meeting notes, March 2025.\nWe agreed to ship on Friday, after the review.\n',
      'Hello, world\nGoodbye, moon\n',
      'Agenda\n\tItem one\nItem two, with a comma, and another\n',
    ];
    for (const text of notes) {
      const parsed = await parseFile('notes.txt', utf8(text));
      expect(parsed.dataType, text).toBe('unstructured');
      expect(parsed.read.tables).toEqual([]);
    }
  });
});
