/**
 * The phrases of a question that may be a whole stored value of a column too varied for the
 * catalog to list (`store/catalog.ts` `findNamedValues` looks them up): "Sadsbury Township",
 * "St. Clair". Words that carry no name of their own ("max", "best", "may", "the") are never
 * looked up alone: a first name "Max" must not turn "the max amount" into a person.
 * @module agent/planner/named-phrases
 */
import { FILLER_WORDS, STOP_WORDS, UNSUPPORTED_WORDS } from './vocabulary.js';

const MONTHS = new Set('january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '));
const TIME_WORDS = new Set('day days week weeks month months year years hour hours minute minutes second seconds quarter quarters season seasons date dates time times today yesterday tomorrow'.split(' '));
const QUESTION_WORDS = new Set('how many much what which who whom when where why whose is are was were did does do has have had the a an of in on at to for by with from and or not no'.split(' '));

/** True for a word that names nothing by itself: a filler, a stop word, a month or other time word, a question word. */
function plainWord(word: string): boolean {
  const bare = word.replace(/\.$/, '');
  return FILLER_WORDS.has(bare) || STOP_WORDS.has(bare) || UNSUPPORTED_WORDS.has(bare) || MONTHS.has(bare) || TIME_WORDS.has(bare) || QUESTION_WORDS.has(bare) || /^\d+$/.test(bare);
}

/**
 * The runs of one to six words of a question, lower-case and as written (accents and inner
 * punctuation kept: "st. clair"), without the punctuation around words ("saegertown," →
 * "saegertown") or a possessive "'s" (a run that opens with a possessive is also kept as written:
 * "men's foil"), leaving out runs of plain words only ("the max", "may"). At most 300, shortest
 * runs first.
 */
export function questionPhrases(question: string): string[] {
  const written = question
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/\s+/)
    .map((word) => word.replace(/^["'(\[]+/, '').replace(/["')\]?!,;:]+$/, ''))
    .filter((word) => word !== '');
  const words = written.map((word) => word.replace(/'s$/, ''));
  const phrases = new Set<string>();
  for (let size = 1; size <= 6; size++) {
    for (let start = 0; start + size <= words.length; start++) {
      const run = words.slice(start, start + size);
      if (run.every(plainWord)) continue;
      const phrase = run.join(' ');
      phrases.add(phrase);
      if (phrase.endsWith('.')) phrases.add(phrase.slice(0, -1)); // "… in st. clair."
      // "the men's 50 km walk": a value may keep its possessive ("Men's 50 km walk"), which the run above drops
      const asWritten = written.slice(start, start + size).join(' ');
      if (asWritten !== phrase && size > 1 && /^[a-z]+'s$/.test(written[start])) phrases.add(asWritten);
    }
  }
  return [...phrases].slice(0, 300);
}
