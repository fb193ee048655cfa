/**
 * A season's games often mark where each was played with a code: H (home), A (away), N
 * (neutral). Questions say the word ("at home", "away games"), so a column holding only these
 * codes is matched by the words, and the game noun after such a word names the rows.
 * @module agent/planner/venue-codes
 */
import { stemWord } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';

const VENUE_CODES: Record<string, string> = { h: 'home', a: 'away', n: 'neutral' };
/** Nouns for the games a season's rows are: "home games", "away matches". */
const GAME_NOUNS = new Set(['game', 'games', 'match', 'matches', 'fixture', 'fixtures']);

/**
 * The stem of the word for a venue code ("home" for "H"), in a column that holds nothing but
 * the codes H, A and N, both H and A among them; undefined for any other value or column.
 * @param texts every distinct text of the column
 */
export function venueWord(texts: string[], value: string): string | undefined {
  const codes = texts.map((t) => t.trim().toLowerCase());
  if (!codes.includes('h') || !codes.includes('a') || !codes.every((c) => Object.hasOwn(VENUE_CODES, c))) return undefined;
  const code = value.trim().toLowerCase();
  return Object.hasOwn(VENUE_CODES, code) ? stemWord(VENUE_CODES[code]) : undefined;
}

/**
 * "the attendance at home games", "an away game": the game noun right after a venue word that
 * a filter reads as a venue code names the rows, not another column.
 * @returns the noun's token, or undefined
 */
export function gameNounAfterVenue(parsed: ParsedQuestion, filters: Filter[], open: (i: number) => boolean): number[] {
  const nouns: number[] = [];
  for (const filter of filters) {
    const column = filter.column;
    if (!column || filter.tokens.length !== 1 || !filter.values?.every((v) => v.value.trim().length === 1)) continue;
    const word = parsed.tokens[filter.tokens[0]];
    if (!Object.values(VENUE_CODES).some((w) => stemWord(w) === word.stem)) continue;
    const next = filter.tokens[0] + 1;
    if (next < parsed.tokens.length && GAME_NOUNS.has(parsed.tokens[next].norm) && open(next)) nouns.push(next);
  }
  return nouns;
}
