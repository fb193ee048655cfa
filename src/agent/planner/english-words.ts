/**
 * English words, to tell a misspelt word of a question ("recoreded", "seaosn") from a word that
 * is only unknown to the tables ("complaint" beside a Compliant column is a word, no slip).
 * The list is `word-list` (sindresorhus/word-list, MIT: 274,000 lowercase English words from
 * the SCOWL-derived list), read once, on the first question that needs it.
 * @module agent/planner/english-words
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

let words: Set<string> | undefined;

/**
 * True when `word` (lowercase letters) is an English word, in any of its listed forms
 * ("recorded", "seasons"); false for slips ("recoreded") and for most names ("tamera").
 * Reads the list file (2.8 MB, about 15 MB in memory) on its first call.
 */
export function isEnglishWord(word: string): boolean {
  words ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return words.has(word);
}
