/**
 * Names misspelt in a question ("jonathan webb" for Jonathon Webb, "kelly mcormick" for Kelly
 * McCormick): a phrase of two or more words that matches one stored value of several words in
 * every word but one, that one a letter or two away inside the word (same first and last letter), is read as that
 * value. Only where a single value of the tables fits, and only when the question as written
 * could not be planned (`plan-question.ts` tries the corrected reading after a decline).
 * @module agent/planner/spelling
 */
import type { CatalogTable } from '../../store/catalog-types.js';
import { conceptOf, foldText, tokensOf } from './normalize-text.js';
import { isEnglishWord } from './english-words.js';
import { ACQUIRE_VERBS, AMOUNT_NOUNS, EVENT_NOUNS, EVENT_VERBS, FILLER_WORDS, STOP_WORDS, TABLE_WORDS } from './vocabulary.js';

/** Words the planner knows as words of questions ("games", "won", "list"): never a misspelt name. */
const QUESTION_WORDS = new Set([...ACQUIRE_VERBS, ...AMOUNT_NOUNS, ...EVENT_NOUNS, ...EVENT_VERBS, ...FILLER_WORDS, ...STOP_WORDS, ...TABLE_WORDS]);

/** True when `word` is a word the planner reads as part of a question, or one of its synonym groups. */
function questionWord(word: string): boolean {
  const stem = tokensOf(word)[0]?.stem ?? word;
  return QUESTION_WORDS.has(word) || conceptOf(stem) !== stem;
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps, Damerau 1964),
 * cut off above `limit`: a value above `limit` means "more than `limit`".
 */
export function editDistance(a: string, b: string, limit: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return best;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

const WORD = /[a-z0-9]+(?:['-][a-z0-9]+)*/g;

/** The words of a folded text with their offsets. */
function wordsOf(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}

/** How far a misspelt word may be from the value's word: one letter, two in words of eight letters or more. */
function allowedDistance(word: string): number {
  return word.length >= 8 ? 2 : 1;
}

/**
 * The question with one misspelt name of several words replaced by the stored value it fits.
 * @param catalog tables whose listed text values (`distinct`) are the names to fit
 * @returns the corrected question and what was read as what, or undefined when no phrase fits
 *   exactly one value (a name already written right, or a near miss of two values, is left alone)
 */
export function correctedSpelling(question: string, catalog: CatalogTable[]): { question: string; read: string; as: string } | undefined {
  const folded = foldText(question);
  const asked = wordsOf(folded);
  const known = new Set<string>();
  const values = new Map<string, { words: string[]; stored: string }>();
  for (const table of catalog) {
    if (table.hidden) continue;
    for (const column of table.columns) {
      wordsOf(foldText(column.name)).forEach((w) => known.add(w.word));
      if (column.type !== 'text') continue;
      for (const value of column.profile.distinct ?? []) {
        // … "Kelly McCormick (USA)" is named without its parenthesis too
        for (const text of new Set([String(value), String(value).replace(/\s*\([^)]*\)\s*$/, '')])) {
          const words = wordsOf(foldText(text)).map((w) => w.word);
          words.forEach((w) => known.add(w));
          if (words.length >= 2 && words.length <= 4) values.set(words.join(' '), { words, stored: String(value) });
        }
      }
    }
  }
  const fits = new Map<string, { from: number; to: number; value: string; stored: string }>();
  for (let i = 0; i < asked.length; i++) {
    const word = asked[i].word;
    if (known.has(word) || word.length < 5 || /\d/.test(word) || questionWord(word)) continue;
    for (const [text, { words, stored }] of values) {
      for (let k = 0; k < words.length; k++) {
        const from = i - k;
        if (from < 0 || from + words.length > asked.length) continue;
        const misses = words.filter((w, j) => asked[from + j].word !== w);
        if (misses.length !== 1 || words[k] === word) continue;
        const near = words[k];
        // … inside the word only: names that differ at their end are other names (Daniel, Daniela; Mario, Maria)
        if (near[0] !== word[0] || near[near.length - 1] !== word[word.length - 1] || editDistance(word, near, allowedDistance(near)) > allowedDistance(near)) continue;
        fits.set(stored, { from, to: from + words.length - 1, value: text, stored });
      }
    }
  }
  if (fits.size !== 1) return undefined;
  const [fit] = fits.values();
  const read = folded.slice(asked[fit.from].start, asked[fit.to].end);
  return { question: folded.slice(0, asked[fit.from].start) + fit.value + folded.slice(asked[fit.to].end), read, as: fit.stored };
}

/**
 * The question with its misspelt question words written right: "hte german cup" (the), "the
 * least amount of wins recroded" (recorded). A word that is no word of the tables (column
 * names, values) nor of the planner's vocabulary is read as the one vocabulary word it is a
 * slip of (`slipOf`). A word that is no English word at all (`isEnglishWord`: "recoreded",
 * "reigon") may also be one letter added, dropped, changed or swapped away from the one word of
 * the planner or of a column's name it fits, with the same first letter: two letters swapped
 * ("lsit"), or, in the question's last word of seven letters or more, one letter from a participle
 * ("recorded"). Never a word written with a
 * capital inside the question, nor one right after a word a name follows ("did", "of", "for":
 * `NAME_OPENERS`), which would be a surname ("Pearson", "Rankin"). Tried only after the
 * question as written was declined (`plan-question.ts`), like `correctedSpelling`.
 * @param catalog tables whose column names and values are the words left alone
 * @returns the corrected question and the words read, or undefined when no word is such a slip
 */
export function correctedQuestionWords(question: string, catalog: CatalogTable[]): { question: string; read: string; as: string } | undefined {
  const folded = foldText(question);
  const known = new Set<string>();
  for (const table of catalog) {
    for (const text of [table.title ?? '', table.label ?? '', table.sheet ?? '', table.file]) wordsOf(foldText(text)).forEach((w) => known.add(w.word));
    for (const column of table.columns) {
      wordsOf(foldText(column.name)).forEach((w) => known.add(w.word));
      if (column.type === 'text') for (const value of column.profile.distinct ?? []) wordsOf(foldText(String(value))).forEach((w) => known.add(w.word));
    }
  }
  const knownStems = new Set([...known].map((w) => tokensOf(w)[0]?.stem ?? w));
  const vocabulary = [...QUESTION_WORDS].filter((w) => /^[a-z]{3,}$/.test(w));
  // a word that is no English word may also be a letter added, dropped or changed away from a word of the
  // planner or of a column's name (never of a cell: a name one letter from a value may be someone else)
  const named = new Set<string>();
  for (const table of catalog) for (const column of table.columns) wordsOf(foldText(column.name)).forEach((w) => named.add(w.word));
  const targets = [...new Set([...vocabulary, ...[...named].flatMap((w) => [w, `${w}s`])])].filter((w) => /^[a-z]{4,}$/.test(w));
  // words written with a capital inside the question are names ("did Pearson score"), never slips
  const capitalised = new Set([...question.matchAll(/(?<=\S\s+)\p{Lu}[\p{L}'-]*/gu)].map((m) => foldText(m[0])));
  const asked = wordsOf(folded);
  const fixes: { start: number; end: number; word: string; as: string }[] = [];
  for (const [i, { word, start, end }] of asked.entries()) {
    const stem = tokensOf(word)[0]?.stem ?? word;
    if (known.has(word) || knownStems.has(stem) || questionWord(word) || !/^[a-z]{3,}$/.test(word)) continue;
    // … never another form of the word ("seasons" is no slip of "season")
    const fits = vocabulary.filter((w) => slipOf(word, w) && (tokensOf(w)[0]?.stem ?? w) !== stem);
    if (fits.length === 1) fixes.push({ start, end, word, as: fits[0] });
    else if (fits.length === 0 && word.length >= 4 && !isEnglishWord(word) && !capitalised.has(word) && !NAME_OPENERS.has(asked[i - 1]?.word ?? '')) {
      // … two letters swapped ("lsit", "reigon"), or, in the question's last word of seven letters or more, one added,
      // dropped or changed to a participle ("wins recoreded?"): a surname is often a letter from a word ("Rankin",
      // "Largent", "Bronte"), and "rebounds for hawks pearson" would lose Pearson to "person"
      const last = i === asked.length - 1;
      const near = targets.filter((w) => w[0] === word[0] && Math.abs(w.length - word.length) <= 1 && editDistance(word, w, 1) === 1
        && ((last && word.length >= 7 && /(ed|ing)$/.test(w)) || (w.length === word.length && [...w].sort().join('') === [...word].sort().join(''))));
      if (near.length === 1) fixes.push({ start, end, word, as: near[0] });
    }
  }
  if (fixes.length === 0) return undefined;
  let corrected = folded;
  for (const fix of [...fixes].reverse()) corrected = corrected.slice(0, fix.start) + fix.as + corrected.slice(fix.end);
  return { question: corrected, read: fixes.map((f) => f.word).join("', '"), as: fixes.map((f) => f.as).join("', '") };
}

/** Words a name follows: "did Pearson score", "the ranking of Rankin", "the total for Bronte". */
const NAME_OPENERS = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will', 'was', 'were', 'is', 'are', 'of', 'for', 'by', 'against', 'with', 'to', 'from', 'than', 'and', 'or', 'vs', 'versus', 'beat', 'defeated', 'at']);

/** Words that are a swap away from a function word and are words themselves ("form" is no slip of "from"). */
const SWAPPED_WORDS = new Set(['form', 'three', 'fro', 'nay', 'tis', 'ist', 'ont', 'hwo', 'own']);

/**
 * True when `word` is a slip of `meant`: two neighbouring letters swapped in a function word
 * ("hte", "adn"; `STOP_WORDS`) or in a word of seven letters or more ("recroded"). Letters added,
 * dropped or changed are left alone here: they make other real words too often ("completed" is no
 * slip of "competed", "skipped" none of "shipped"); `correctedQuestionWords` reads them only in
 * a word that is no English word.
 */
function slipOf(word: string, meant: string): boolean {
  if (word === meant || word[0] !== meant[0] && word.length > 5) return false;
  const swapped = (): boolean => {
    if (word.length !== meant.length) return false;
    const at = [...word].findIndex((c, i) => c !== meant[i]);
    return at >= 0 && at + 1 < word.length && word[at] === meant[at + 1] && word[at + 1] === meant[at] && word.slice(at + 2) === meant.slice(at + 2);
  };
  if (word.length <= 5) return STOP_WORDS.has(meant) && !SWAPPED_WORDS.has(word) && swapped();
  if (word.length < 7) return false;
  return swapped();
}

/** Number words a value may write as digits: "Line 6" said "line six". */
const DIGIT_OF: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17', eighteen: '18', nineteen: '19', twenty: '20',
};

/**
 * The question with a number word written as the digits a stored value has after the same
 * word: "how many stations does line six have" over a Name of "Line 6" reads "line 6". Only a
 * number word right after a word that some text value has right before those digits; tried,
 * like `correctedSpelling`, only after the question as written was declined (`plan-question.ts`).
 * @returns the question with the number written as digits, or undefined when no number word is so placed
 */
export function numberWordsAsDigits(question: string, catalog: CatalogTable[]): { question: string; read: string; as: string } | undefined {
  const folded = foldText(question);
  const asked = wordsOf(folded);
  const pairs = new Set<string>();
  for (const table of catalog) {
    if (table.hidden) continue;
    for (const column of table.columns) {
      if (column.type !== 'text') continue;
      for (const value of column.profile.distinct ?? []) {
        const words = wordsOf(foldText(String(value))).map((w) => w.word);
        for (let k = 1; k < words.length; k++) if (/^\d+$/.test(words[k])) pairs.add(`${words[k - 1]} ${words[k]}`);
      }
    }
  }
  const fixes = asked.filter((w, i) => i > 0 && DIGIT_OF[w.word] !== undefined && pairs.has(`${asked[i - 1].word} ${DIGIT_OF[w.word]}`));
  if (fixes.length === 0) return undefined;
  let corrected = folded;
  for (const fix of [...fixes].reverse()) corrected = corrected.slice(0, fix.start) + DIGIT_OF[fix.word] + corrected.slice(fix.end);
  return { question: corrected, read: fixes.map((f) => f.word).join("', '"), as: fixes.map((f) => DIGIT_OF[f.word]).join("', '") };
}
