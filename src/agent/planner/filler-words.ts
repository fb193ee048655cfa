/**
 * Words that carry no meaning of their own in a question (filler, event verbs, words for the
 * table itself), and the stems of amount nouns. Shared by the matching and interpreting steps.
 * @module agent/planner/filler-words
 */
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import { AMOUNT_NOUNS, EVENT_VERBS, FILLER_WORDS, TABLE_WORDS } from './vocabulary.js';

// one-token words only: the first stem of "year-to-date" is "year", which is no filler ("how many years did X play")
const FILLER_STEMS = new Set([...FILLER_WORDS, ...EVENT_VERBS, ...TABLE_WORDS].map((w) => tokensOf(w)).filter((t) => t.length === 1).map((t) => t[0].stem));
/** Stems of counting words that, as a column's whole name ("Count", "Tally"), name a column of tallies to add up. */
export const TALLY_STEMS = new Set(['count', 'tally'].map((w) => tokensOf(w)[0].stem));
/** Stems of the amount nouns (goals, points, votes …). */
export const AMOUNT_STEMS = new Set([...AMOUNT_NOUNS].map((w) => tokensOf(w)[0]?.stem ?? w));

/**
 * "conversion rate", "the ratio": never filler on its own (it would add up conversions, or
 * answer a ratio nobody defined; reviewer finding), only the name of a ratio the question
 * defines ("ratio of A to B", "X as a percentage of Y").
 */
const RATE_WORDS = new Set(['rate', 'rates', 'ratio', 'ratios']);

/** True for words that carry no meaning of their own in a question. */
export function isFiller(parsed: ParsedQuestion, index: number): boolean {
  const token = parsed.tokens[index];
  if (RATE_WORDS.has(token.norm)) return parsed.ratio !== undefined; // "the achievement rate, i.e. X as a percentage of Y" names a defined ratio
  if (token.norm === 'us' && parsed.tokens[index - 1]?.norm === 'the') return false; // "the US": a country, not "us"
  // "the average enrollment between all seven institutions", "among the teams": the rows the question is over
  if (token.norm === 'among' || token.norm === 'amongst' || (token.norm === 'between' && parsed.tokens[index + 1]?.norm === 'all')) return true;
  // "how many awards", "how many plays": the noun counted, though its stem is an event verb's ("award", "play"), names things
  if (parsed.countNounAt === index && /[a-z]{3,}s$/.test(token.norm) && !FILLER_WORDS.has(token.norm) && !EVENT_VERBS.has(token.norm) && !TABLE_WORDS.has(token.norm)) return false;
  // "how many medals were given out", "handed out": the particle of a verb of giving, which says only that the rows are awarded
  if (token.norm === 'out' && ['give', 'given', 'gave', 'hand', 'handed', 'award', 'awarded', 'dished'].includes(parsed.tokens[index - 1]?.norm ?? '')) return true;
  if ((token.norm === 'handed' || token.norm === 'dished') && parsed.tokens[index + 1]?.norm === 'out') return true;
  // "a run time of at least 2:30", "the running time": the time a Time column holds (a column named "Running time" still takes the word)
  if (['run', 'running', 'play', 'playing'].includes(token.norm) && /^times?$/.test(parsed.tokens[index + 1]?.norm ?? '')) return true;
  // "over the course of the season", "in the course of his career": the span the rows already cover
  if (token.norm === 'course' && parsed.tokens[index - 1]?.norm === 'the' && parsed.tokens[index + 1]?.norm === 'of') return true;
  return FILLER_WORDS.has(token.norm) || EVENT_VERBS.has(token.norm) || TABLE_WORDS.has(token.norm) || FILLER_STEMS.has(token.stem);
}
