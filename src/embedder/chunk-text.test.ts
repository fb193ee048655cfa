import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.js';
import { InternalError } from '../errors.js';

describe('chunkText', () => {
  it('keeps short text as one chunk and drops surrounding whitespace', () => {
    expect(chunkText('  Hello world.\r\n\r\nSecond paragraph.  \n')).toEqual([{ index: 0, content: 'Hello world.\n\nSecond paragraph.' }]);
  });

  it('gives no chunks for whitespace-only text', () => {
    expect(chunkText(' \n\n\t ')).toEqual([]);
  });

  it('packs whole paragraphs while they fit and never exceeds maxChars', () => {
    const paragraphs = ['Alpha one two three.', 'Beta four five six.', 'Gamma seven eight nine.', 'Delta ten eleven twelve.'];
    const chunks = chunkText(paragraphs.join('\n\n'), { maxChars: 45, overlap: 0 });
    expect(chunks.map((chunk) => chunk.content)).toEqual([
      'Alpha one two three.\n\nBeta four five six.',
      'Gamma seven eight nine.',
      'Delta ten eleven twelve.',
    ]);
    expect(chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2]);
  });

  it('splits a long paragraph at sentence ends, then long sentences at spaces', () => {
    const text = 'First sentence is here. Second one follows it! ' + 'word '.repeat(30).trim() + '.';
    const chunks = chunkText(text, { maxChars: 40, overlap: 0 });
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(40);
    expect(chunks[0].content).toBe('First sentence is here.');
    expect(chunks[1].content).toBe('Second one follows it!');
    expect(chunks.slice(2).map((chunk) => chunk.content).join(' ')).toBe('word '.repeat(30).trim() + '.');
  });

  it('cuts a word longer than maxChars hard', () => {
    expect(chunkText('x'.repeat(25), { maxChars: 10, overlap: 0 }).map((chunk) => chunk.content)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('repeats the end of the previous chunk from a word boundary', () => {
    const chunks = chunkText('aaa bbb ccc. ddd eee fff. ggg hhh iii.', { maxChars: 26, overlap: 8 });
    expect(chunks.map((chunk) => chunk.content)).toEqual(['aaa bbb ccc. ddd eee fff.', 'eee fff. ggg hhh iii.']);
    const midWord = chunkText('aaa bbb ccc. ddd eee fff. ggg hhh iii.', { maxChars: 26, overlap: 6 });
    expect(midWord[1].content).toBe('fff. ggg hhh iii.');
  });

  it('keeps every sentence and every chunk within maxChars with overlap on', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} ends here.`);
    const chunks = chunkText(sentences.join(' ') + '\n\n' + sentences.join(' '), { maxChars: 100, overlap: 30 });
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(100);
    const all = chunks.map((chunk) => chunk.content).join(' ');
    for (const sentence of sentences) expect(all).toContain(sentence);
    expect(chunks.length).toBeGreaterThan(Math.ceil((sentences.join(' ').length * 2) / 100));
  });

  it('rejects an overlap not below maxChars', () => {
    expect(() => chunkText('a', { maxChars: 10, overlap: 10 })).toThrow(InternalError);
    expect(() => chunkText('a', { maxChars: 0 })).toThrow(InternalError);
  });
});
