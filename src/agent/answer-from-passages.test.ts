import { describe, expect, it } from 'vitest';
import { bestSentences, citationText, passagesText, type PassageSource } from './answer-from-passages.js';

describe('bestSentences', () => {
  it('quotes the sentences sharing the most words with the question, in text order', () => {
    const content = '## Shipping\nWe love our customers. Orders ship within 3 working days. Express shipping costs 9 EUR. Gift wrap is free.';
    expect(bestSentences(content, 'How long does shipping of orders take?')).toBe('Orders ship within 3 working days. Express shipping costs 9 EUR.');
  });

  it('falls back to the start of the text, cut at a word within about 400 characters', () => {
    const quote = bestSentences(`${'lorem ipsum '.repeat(60)}.`, 'unrelated question');
    expect(quote.length).toBeLessThanOrEqual(400);
    expect(quote.endsWith('…')).toBe(true);
    expect(quote.startsWith('lorem ipsum')).toBe(true);
  });
});

describe('citationText', () => {
  const source: PassageSource = {
    file: 'guide.pdf', path: 'docs/guide.pdf', page: 2, heading: 'Security › Passwords', chunk: 3, score: 0.0328, similarity: 0.41,
    version: 2, contentHash: 'x', quote: 'Rotate every 90 days.',
  };
  it('names file, page, heading, chunk, score, similarity and version', () => {
    expect(citationText(source)).toBe('guide.pdf › p. 2 › Security › Passwords (chunk 3, score 0.0328, similarity 0.41, version 2)');
    expect(citationText({ ...source, page: null, heading: null, similarity: null })).toBe('guide.pdf (chunk 3, score 0.0328, version 2)');
    expect(passagesText([source])).toBe('[1] "Rotate every 90 days."\n    — guide.pdf › p. 2 › Security › Passwords (chunk 3, score 0.0328, similarity 0.41, version 2)');
  });
});
