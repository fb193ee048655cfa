/**
 * A season's games often mark where each was played with a code: H (home), A (away), N
 * (neutral). Questions say the word ("at home", "away games"), so a column holding only these
 * codes is matched by the words, and the game noun after such a word names the rows.
 * North American schedules write it in the opponent instead: "at Oregon State" is an away game,
 * "Utah State" (or, where no opponent is written bare, "vs. Montreal") a home game
 * (`opponentVenueFilter`).
 * @module agent/planner/venue-codes
 */
import { stemWord } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';
import { placeholderValue } from './placeholder-rows.js';

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

const AWAY_PREFIX = /^at\s/i; // "at Boston", "At Boston"
/** Opponent cells of a week with no game: "Bye", "Bye week", "Open date", "Off week". */
const NO_GAME = /^(bye|bye week|open|open date|off week|no game|idle)$/i;
const VERSUS_PREFIX = /^(vs\.?|v\.?|versus)\s/i;
/** Words for where a game was played, with the tokens before them that belong to the phrase. */
const PLACE_WORDS: Record<string, 'home' | 'away'> = { home: 'home', away: 'away', road: 'away' };

/**
 * "how many games were at home", "losses on the road", "away games" over a schedule whose
 * opponent column writes away games "at X": the rows whose opponent starts with "at " (away), or
 * is written bare (home). Beside bare ones, "vs. X" is a neutral site (a bowl, a final) and no
 * home game; where every other opponent is "vs. X", those are the home games.
 * Undefined when no free venue word is asked or no single column is written so (one opponent
 * "at X" at least, and two others).
 */
export function opponentVenueFilter(parsed: ParsedQuestion, profile: TableProfile, free: (index: number) => boolean): Filter | undefined {
  const token = parsed.tokens.find((t) => PLACE_WORDS[t.norm] !== undefined && free(t.index) && (t.norm !== 'road' || parsed.tokens[t.index - 1]?.norm === 'the'));
  if (!token) return undefined;
  const columns = profile.columns.filter((info) => {
    const texts = (info.column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string');
    const away = texts.filter((v) => AWAY_PREFIX.test(v.trim())).length;
    return info.column.type === 'text' && away >= 1 && texts.length - away >= 2;
  });
  if (columns.length !== 1) return undefined;
  const column = columns[0].column;
  const id = sqlIdentifier(column.sqlName);
  // a bye week ("Bye" across its row) is no game, home or away
  const placeholder = placeholderValue(profile)?.value;
  const all = (column.profile.distinct ?? []).map((v) => String(v)).filter((v) => v.trim() !== placeholder && !NO_GAME.test(v.trim()));
  const away = all.filter((v) => AWAY_PREFIX.test(v.trim()));
  const others = all.filter((v) => !AWAY_PREFIX.test(v.trim()));
  const tokens = [token.index];
  for (const before of [token.index - 1, token.index - 2]) if (['at', 'on', 'the'].includes(parsed.tokens[before]?.norm ?? '') && free(before)) tokens.push(before);
  const list = (values: string[]): string => `${id} IN (${values.map((v) => sqlLiteral(v)).join(', ')})`;
  if (PLACE_WORDS[token.norm] === 'away') return { sql: list(away), text: `${column.name} written "at …" (away)`, tokens, column };
  // bare opponents are the home games, "vs. X" beside them a neutral site; with (almost) none bare, "vs. X" is home
  const bare = others.filter((v) => !VERSUS_PREFIX.test(v.trim()));
  const versus = others.filter((v) => VERSUS_PREFIX.test(v.trim()));
  const home = bare.length >= 2 ? bare : bare.length === 0 ? versus : [];
  if (home.length === 0) return undefined;
  return { sql: list(home), text: `${column.name} ${bare.length >= 2 ? 'written with neither "at …" nor "vs. …"' : 'written "vs. …"'} (home)`, tokens, column };
}
