/**
 * The clauses a question may hold besides its operation words: a difference ("how many more …
 * than", "the difference between"), a margin ("by how many votes did A beat B"), a share split
 * or ratio ("what percentage of A were B", "X as a percentage of Y"), a file name spelled out, a
 * statement's noun ("the number of …"), the first or last rows listed, a trend between two years.
 * Each reads the words of `parseQuestion` and consumes those it explains.
 * @module agent/planner/question-clauses
 */
import type { ParsedQuestion } from './parse-question.js';
import { NAMING_WORDS } from './vocabulary.js';

/** Comparatives whose difference has a fixed sign: "more" is the first minus the second, "fewer" the reverse. */
const DIFFERENCE_MORE = new Set(['more', 'higher', 'greater', 'bigger', 'larger', 'taller', 'longer']);
const DIFFERENCE_LESS = new Set(['less', 'fewer', 'lower', 'smaller', 'shorter']);
export const DIFFERENCE_WORDS = new Set(['difference', 'differ', 'differs', 'differed']);
const SHARE_WORDS = new Set(['percentage', 'percent', 'share', 'proportion', 'fraction', 'pct']);
const SHARE_FALLBACK_BOUNDARY = new Set(['about', 'from', 'that', 'which', 'where', 'whose']);
const SHARE_BOUNDARY = new Set(['were', 'was', 'are', 'is', 'came', 'come', 'comes', 'had', 'has', 'have', 'did', 'does', 'do', 'got', 'went', 'belong', 'belongs', 'belonged', 'make', 'made', 'makes', 'account', 'accounted', 'accounts']);

/**
 * Reads the sign of a difference and consumes its words: the comparative and its "than" (or
 * "compared to"), or "difference" with "between" / "in".
 */
export function findDifference(parsed: ParsedQuestion, words: string[], comparativeAt: number): void {
  const consumed = parsed.consumed;
  const at = comparativeAt >= 0 ? comparativeAt : words.findIndex((w, i) => !consumed.has(i) && (DIFFERENCE_MORE.has(w) || DIFFERENCE_LESS.has(w)));
  const differenceAt = words.findIndex((w) => DIFFERENCE_WORDS.has(w));
  if (differenceAt >= 0) {
    parsed.difference = 'absolute';
    consumed.add(differenceAt);
    const next = differenceAt + 1;
    if (words[next] === 'between' || words[next] === 'in' || words[next] === 'of') consumed.add(next);
    const between = words.indexOf('between');
    if (between >= 0) consumed.add(between);
    return;
  }
  if (at < 0) return;
  const than = words.indexOf('than', at + 1);
  const compared = words.findIndex((w, i) => i > at && w === 'compared' && (words[i + 1] === 'to' || words[i + 1] === 'with'));
  if (than < 0 && compared < 0) return;
  if (DIFFERENCE_MORE.has(words[at])) parsed.difference = 'first-minus-second';
  else if (DIFFERENCE_LESS.has(words[at])) parsed.difference = 'second-minus-first';
  else return;
  consumed.add(at);
  if (than >= 0) consumed.add(than);
  else consumed.add(compared).add(compared + 1);
}

/** "by what number of votes did Nixon lose to Brown", "by how many points did A beat B": the margin between two sides. */
const MARGIN_LEADS: string[][] = [['how', 'many'], ['how', 'much'], ['what', 'number', 'of'], ['what', 'margin'], ['what', 'amount', 'of'], ['how', 'large', 'a', 'margin']];
const MARGIN_VERBS = new Set(['lose', 'lost', 'beat', 'beaten', 'defeat', 'defeated', 'win', 'won', 'trail', 'trailed', 'lead', 'led', 'outpoll', 'outpolled', 'outscore', 'outscored', 'edge', 'edged']);
const MARGIN_LINKS = new Set(['to', 'over', 'against']);

/**
 * Finds a margin question ("by what number of votes did Nixon lose to Brown") and consumes
 * "by", the margin words other than "how many"/"number of" (read as counting words before), and
 * the verb with its "to"/"over". The planner answers it as the absolute difference of the two
 * sides the question names, or declines when it cannot find two.
 * @returns true when the question asks a margin
 */
export function findMargin(words: string[], consumed: Set<number>): boolean {
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== 'by') continue;
    const lead = MARGIN_LEADS.find((seq) => seq.every((w, k) => words[i + 1 + k] === w));
    if (!lead) continue;
    const verb = words.findIndex((w, k) => k > i + lead.length && MARGIN_VERBS.has(w));
    if (verb < 0) continue;
    consumed.add(i).add(verb);
    lead.forEach((w, k) => {
      if (w !== 'of') consumed.add(i + 1 + k);
    });
    if (MARGIN_LINKS.has(words[verb + 1])) consumed.add(verb + 1);
    return true;
  }
  return false;
}

/** True when token `index` is part of a date phrase the parse found. */
export function isDateToken(parsed: ParsedQuestion, index: number): boolean {
  return parsed.dateTokens.some((indexes) => indexes.includes(index));
}

/**
 * Finds "what percentage of A were B" (a share split: `shareSplitAt`) and "X as a percentage of
 * Y", "the ratio of X to Y", "X divided by Y" (a ratio), consuming the words that say so.
 */
export function findShareAndRatio(parsed: ParsedQuestion, words: string[]): void {
  for (let i = 0; i < words.length; i++) {
    if (!SHARE_WORDS.has(words[i]) || words[i + 1] !== 'of') continue;
    const before = words.slice(Math.max(0, i - 3), i);
    const isRatio = before.includes('as') || before.includes('in');
    parsed.consumed.add(i).add(i + 1);
    if (isRatio) {
      const asAt = i - 1 - [...before].reverse().findIndex((w) => w === 'as' || w === 'in');
      parsed.ratio = { numerator: [0, asAt - 1], denominator: [i + 2, words.length - 1], scale: 100 };
      for (let k = asAt; k < i; k++) parsed.consumed.add(k);
      return;
    }
    for (const boundaries of [SHARE_BOUNDARY, SHARE_FALLBACK_BOUNDARY]) {
      for (let j = i + 2; j < words.length; j++) {
        if (boundaries.has(words[j])) {
          parsed.shareSplitAt = j;
          return;
        }
      }
    }
    parsed.shareSplitAt = -1;
    return;
  }
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'ratio' && words[i + 1] === 'of') {
      const to = words.indexOf('to', i + 2);
      if (to > i + 2) parsed.ratio = { numerator: [i + 2, to - 1], denominator: [to + 1, words.length - 1], scale: 1 };
      [i, i + 1, to].forEach((k) => parsed.consumed.add(k));
      return;
    }
    if (words[i] === 'divided' && words[i + 1] === 'by') {
      parsed.ratio = { numerator: [0, i - 1], denominator: [i + 2, words.length - 1], scale: 1 };
      parsed.consumed.add(i).add(i + 1);
      return;
    }
  }
}

/**
 * Character spans of `folded` where one of `names` occurs as a whole (not inside a longer word),
 * except right after a naming word ("named jason-kenny"): there it is a name a row goes by, a condition.
 */
export function namedSpans(folded: string, names: string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const name of names) {
    if (name === '') continue;
    for (let at = folded.indexOf(name); at >= 0; at = folded.indexOf(name, at + 1)) {
      if (/[a-z0-9]/.test(folded.charAt(at - 1)) || /[a-z0-9]/.test(folded.charAt(at + name.length))) continue;
      const wordBefore = /([a-z]+)\W*$/.exec(folded.slice(0, at))?.[1] ?? '';
      if (!NAMING_WORDS.has(wordBefore)) spans.push([at, at + name.length]);
    }
  }
  return spans;
}

/** Words that open a question: a statement that has one is no statement of what it asks. */
const QUESTION_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'how', 'when', 'where', 'why', 'name', 'list']);

/**
 * The noun a statement-question asks for: "the (only) <noun> that|when|where|in which …" or
 * "the <noun> the …" at the start of a question with no question word ("the year the number of
 * registrations of minors was greatest"). Undefined otherwise.
 */
export function statementNoun(words: string[]): number | undefined {
  if (words[0] !== 'the' || words.some((w) => QUESTION_WORDS.has(w))) return undefined;
  const noun = words[1] === 'only' ? 2 : 1;
  if (!/^[a-z]{3,}$/.test(words[noun] ?? '') || ['total', 'sum', 'number', 'count', 'average', 'amount', 'difference', 'most', 'least'].includes(words[noun])) return undefined;
  const next = words[noun + 1];
  const relative = next === 'that' || next === 'when' || next === 'where' || (next === 'in' && words[noun + 2] === 'which') || next === 'the';
  return relative ? noun : undefined;
}

/** Words after which a list's order is meant: "on the list", "in this table", "in the chart". */
const LIST_NOUNS = new Set(['list', 'table', 'chart']);
/** Nouns "first"/"last" is said of that are no column's values in the sheet's order: a time, a place, a name. */
const NOT_LISTED_NOUNS = new Set(['year', 'years', 'season', 'seasons', 'date', 'dates', 'time', 'times', 'place', 'position', 'round', 'name', 'names', 'half', 'quarter', 'leg', 'stage', 'one', 'ones']);

/**
 * "the first decimal32 on the list", "the last number in column decimal128", "the first format
 * listed", "which format is listed last": "first"/"last" said of the list itself, the one row
 * at that end of the sheet. A year, a season or a place ("the first year on the list", "first
 * place"), or a question for a time ("what date was the first runner-up listed"), is read elsewhere.
 * @returns the ordinal's index, the end and the index of the noun asked for; undefined otherwise
 */
export function listedEnd(words: string[], consumed: Set<number>): { at: number; end: 'first' | 'last'; nounAt: number } | undefined {
  // "what date was the first runner-up listed": a question for a time reads the ordinal as the earliest (measure-adjectives.ts)
  if (/^(in )?(when|(what|which) (year|season|date|day))\b/.test(words.join(' '))) return undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if ((word !== 'first' && word !== 'last') || consumed.has(i)) continue;
    const end = word === 'first' ? 'first' : 'last';
    // "which format is listed last"
    if (words[i - 1] === 'listed' && ['is', 'was', 'are', 'were'].includes(words[i - 2]) && ['which', 'what'].includes(words[i - 4])) return { at: i, end, nounAt: i - 3 };
    if (words[i - 1] !== 'the' || NOT_LISTED_NOUNS.has(words[i + 1] ?? '') || !/^[a-z][a-z0-9]*$/.test(words[i + 1] ?? '')) continue;
    // the noun phrase (three words at most), then "listed", "on/in the list", "in column …"
    for (let k = i + 2; k <= i + 4 && k < words.length; k++) {
      const anchored = words[k] === 'listed' || (['on', 'in'].includes(words[k]) && (LIST_NOUNS.has(words[k + 1]) || words[k + 1] === 'column' || (['the', 'this'].includes(words[k + 1]) && LIST_NOUNS.has(words[k + 2]))));
      if (anchored) return { at: i, end, nounAt: i + 1 };
    }
  }
  return undefined;
}

/** Verbs of a rise and of a fall between two times. */
const RISE_VERBS = new Set(['increase', 'increased', 'increases', 'rise', 'rose', 'risen', 'grow', 'grew', 'grown', 'gain', 'gained']);
const FALL_VERBS = new Set(['decrease', 'decreased', 'decreases', 'drop', 'dropped', 'fall', 'fell', 'fallen', 'decline', 'declined', 'shrink', 'shrank']);

/**
 * "how much did aircraft landings increase from 2012 to 2013", "by how much did X drop between
 * 2001 and 2005": one verb of a rise or a fall and one range of two years written out, earlier
 * first, after "how much/many" or "by how much". Undefined otherwise.
 */
export function trendBetweenYears(parsed: ParsedQuestion, words: string[]): { at: number; up: boolean } | undefined {
  const verbs = words.map((w, i) => ({ w, i })).filter(({ w, i }) => !parsed.consumed.has(i) && (RISE_VERBS.has(w) || FALL_VERBS.has(w)));
  if (verbs.length !== 1 || parsed.dates.length !== 1) return undefined;
  if (!/^(by )?how (much|many)\b/.test(words.join(' '))) return undefined;
  const range = /^(?:between|from)\s+((?:1[5-9]|20)\d{2})\s+(?:and|to)\s+((?:1[5-9]|20)\d{2})$/.exec(parsed.dates[0].text.trim());
  if (!range || Number(range[1]) >= Number(range[2])) return undefined;
  return { at: verbs[0].i, up: RISE_VERBS.has(verbs[0].w) };
}
