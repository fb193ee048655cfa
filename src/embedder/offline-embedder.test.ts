import { describe, expect, it } from 'vitest';
import { createOfflineEmbedder, hashEmbedding, stemWord, tokenize } from './offline-embedder.js';

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0);

describe('tokenize', () => {
  it('lower-cases, folds accents and splits on punctuation', () => {
    expect(tokenize('Café  Zürich! Q3-2025')).toEqual(['cafe', 'zurich', 'q3', '2025']);
  });
});

describe('stemWord', () => {
  it('meets inflections of one word and leaves short words, digits and -ss alone', () => {
    expect(['returns', 'returned', 'returning', 'return'].map(stemWord)).toEqual(['return', 'return', 'return', 'return']);
    expect(['shipping', 'ships', 'ship'].map(stemWord)).toEqual(['ship', 'ship', 'ship']);
    expect(['rotated', 'rotate', 'policies', 'policy'].map(stemWord)).toEqual(['rotat', 'rotat', 'policy', 'policy']);
    expect(['class', 'bus', 'q3', '2025s', 'its'].map(stemWord)).toEqual(['class', 'bus', 'q3', '2025s', 'its']);
  });
});

describe('hashEmbedding', () => {
  it('gives unit vectors of the asked length, the same for the same text', () => {
    const vector = hashEmbedding('refund policy for damaged goods', 1536);
    expect(vector).toHaveLength(1536);
    expect(Math.sqrt(cosine(vector, vector))).toBeCloseTo(1, 10);
    expect(hashEmbedding('refund policy for damaged goods', 1536)).toEqual(vector);
  });

  it('ranks a text sharing words above an unrelated one', () => {
    const query = hashEmbedding('What is the refund policy?', 1536);
    const related = hashEmbedding('Our refund policy: damaged goods are refunded within 30 days.', 1536);
    const unrelated = hashEmbedding('The office closes at six on Fridays.', 1536);
    expect(cosine(query, related)).toBeGreaterThan(0.3);
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('gives the zero vector for a text without words', () => {
    expect(hashEmbedding(' -- ', 8)).toEqual(new Array(8).fill(0));
  });
});

describe('createOfflineEmbedder', () => {
  it('embeds in order, records calls and reports its dimensions', async () => {
    const embedder = createOfflineEmbedder();
    const vectors = await embedder.embed(['a b', 'c']);
    expect(embedder).toMatchObject({ dimensions: 1536, model: 'lexical-hashing-1536', kind: 'lexical' });
    expect(vectors).toEqual([hashEmbedding('a b', 1536), hashEmbedding('c', 1536)]);
    expect(embedder.calls).toEqual([['a b', 'c']]);
    expect(await embedder.embed([])).toEqual([]);
  });
});
