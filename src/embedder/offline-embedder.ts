/**
 * Offline lexical embedder (not a language model): feature hashing of content-word unigrams and bigrams into a fixed-length vector,
 * L2-normalized. Deterministic, no network, no randomness: texts sharing words get a positive
 * cosine similarity, unrelated texts about zero. Good enough for keyword-like prose search
 * without a model; records its calls for tests.
 * @module embedder/offline-embedder
 */
import { InternalError } from '../errors.js';
import { EMBEDDING_DIMENSIONS, type Embedder } from './embedder.js';

/** The offline embedder, with the texts of every `embed` call in order. */
export interface OfflineEmbedder extends Embedder {
  readonly calls: string[][];
}

/** Weight of a word pair relative to a single word. */
const BIGRAM_WEIGHT = 0.5;

/** Function words (English, German, French) that say nothing about the topic; skipped. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have how in is it its of on or our that the their this to was were what when where which who why will with ' +
    'der die das und ist im in den dem des ein eine mit von zu für auf le la les et est un une des du en pour dans'
  ).split(' '),
);

/**
 * Creates the hashing embedder.
 * @param options.dimensions vector length @default 1536
 */
export function createOfflineEmbedder(options: { dimensions?: number } = {}): OfflineEmbedder {
  const dimensions = options.dimensions ?? EMBEDDING_DIMENSIONS;
  if (!Number.isInteger(dimensions) || dimensions < 1) throw new InternalError(`dimensions must be a positive integer, got ${dimensions}`);
  const calls: string[][] = [];
  return {
    dimensions,
    model: `lexical-hashing-${dimensions}`,
    kind: 'lexical',
    calls,
    async embed(texts: string[]): Promise<number[][]> {
      calls.push([...texts]);
      return texts.map((text) => hashEmbedding(text, dimensions));
    },
  };
}

/**
 * The vector of one text: each content word (function words skipped, English suffixes
 * stripped by `stemWord`) and each adjacent pair
 * of them adds ±weight at a hashed position; the result is scaled to length 1. A text without
 * content words gives the zero vector.
 */
export function hashEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = contentWords(text);
  const add = (feature: string, weight: number) => {
    const hash = fnv1a(feature);
    const sign = fnv1a(`±${feature}`) & 1 ? 1 : -1;
    vector[hash % dimensions] += sign * weight;
  };
  for (let i = 0; i < words.length; i++) {
    add(words[i], 1);
    if (i + 1 < words.length) add(`${words[i]} ${words[i + 1]}`, BIGRAM_WEIGHT);
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** The words the embedder hashes: tokens without function words, stemmed (`Orders shipped` → `order`, `ship`). */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((word) => !STOP_WORDS.has(word)).map(stemWord);
}

/**
 * English inflections stripped so `returns`, `returned` and `returning` meet: the first
 * suffix that leaves a stem of at least 3 letters is removed, then a final `e` and a doubled
 * final consonant (`shipping` → `shipp` → `ship`, `rotated`/`rotate` → `rotat`). Crude on
 * purpose (a light Porter step 1); words with digits are kept as they are.
 */
export function stemWord(word: string): string {
  if (/\d/.test(word) || word.length <= 3) return word;
  let stem = word;
  for (const [suffix, replacement] of STEM_SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, stem.length - suffix.length) + replacement;
      break;
    }
  }
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  if (stem.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(ll|ss|zz)$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/** Suffixes `stemWord` strips, longest first (English; from Porter's step 1a/1b, shortened). */
const STEM_SUFFIXES: [string, string][] = [
  ['ations', 'ate'], ['ation', 'ate'], ['ings', ''], ['ing', ''], ['ies', 'y'], ['ied', 'y'], ['edly', ''], ['ed', ''],
  ['ly', ''], ['sses', 'ss'], ['xes', 'x'], ['ches', 'ch'], ['shes', 'sh'], ['ss', 'ss'], ['us', 'us'], ['s', ''],
];

/** Lower-case words with accents folded: `Café  Zürich!` → `cafe`, `zurich`. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** 32-bit FNV-1a hash of the UTF-16 code units, unsigned. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
