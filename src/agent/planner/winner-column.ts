/**
 * Lists of winners (Year | Winner | Runner-up): "which team won the most times", "how many
 * teams won at least 2 times", "who won the most titles". The win word names the table's one
 * column of winners, and the noun asked for ("which team", "how many clubs") is what that column
 * holds: the answer groups or counts by it.
 * @module agent/planner/winner-column
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { foldText } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import { FILLER_WORDS } from './vocabulary.js';

/** Column names of a list's winners. */
export const WINNER_NAME = /^(winner|winners|champion|champions|winning (team|club|side|player|driver|rider|nation|country))$/;
/** Words of winning as questions write them. */
export const WIN_WORDS = new Set(['win', 'wins', 'won', 'winning']);
/** Nouns for the winners themselves. */
const WINNER_NOUNS = new Set(['team', 'teams', 'club', 'clubs', 'side', 'sides', 'player', 'players', 'driver', 'drivers', 'rider', 'riders', 'horse', 'horses', 'person', 'people', 'athlete', 'athletes', 'school', 'schools', 'university', 'universities', 'college', 'colleges']);

/**
 * Values of a winners column that are no winner: the years the event was not held. Kept out of
 * any count or ranking by the winners column.
 */
export const NO_WINNER = /^\s*(?:(?:not held|no (?:competition|contest|tournament|race|event|championship|game|match|season|winner)|cancell?ed|abandoned|void|vacant|not awarded|no award|none)\b.*|[—–-])\s*$/i;

/** A winner written with a running count of titles ("Rovers (2)"): one team is several values. */
const TITLE_COUNT = /\(\d+\)\s*$/;

/** Nouns of the wins a winners list counts, one row each. */
const WIN_NOUNS = new Set(['title', 'titles', 'championship', 'championships', 'trophy', 'trophies', 'cup', 'cups', 'victories', 'crowns']);

/**
 * The mention of the table's one winners column for a win word nothing else explains, with the
 * noun the question asks for or counts right before it ("which team won", "how many clubs won").
 * Undefined when the table has no single winners column, a value of it is already named ("how
 * many times did the Spurs win" filters it), or no win word follows a noun for winners asked for.
 * With it, a condition that keeps out the column's placeholders ("Not held"), when it has any.
 * @param open true for a token nothing has explained yet
 */
export function winnerMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], filters: Filter[], open: (i: number) => boolean): { mention: ColumnMention; filter?: Filter } | undefined {
  const winners = profile.columns.filter((c) => c.column.type === 'text' && WINNER_NAME.test(foldText(c.column.name).trim()));
  if (winners.length !== 1) return undefined;
  const info = winners[0];
  const texts = (info.column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string');
  if (texts.filter((v) => TITLE_COUNT.test(v)).length * 2 >= texts.length) return undefined;
  if (filters.some((f) => f.column === info.column) || mentions.some((m) => m.info === info)) return undefined;
  const win = parsed.tokens.find((t) => WIN_WORDS.has(t.norm) && open(t.index) && !mentions.some((m) => m.tokens.includes(t.index)));
  if (!win) return undefined;
  const tokens = [win.index];
  // "who won the most titles": a noun of wins after it counts them (the rows)
  const wins = parsed.tokens.find((t) => t.index > win.index && WIN_NOUNS.has(t.norm) && open(t.index) && !mentions.some((m) => m.tokens.includes(t.index)));
  if (wins) tokens.push(wins.index);
  // "who won the most titles": "who" asks for the winners themselves
  if (parsed.who && parsed.tokens[0]?.norm === 'who' && win.index === 1) {
    const mention: ColumnMention = { info, tokens, hits: tokens.map(() => ({ stem: info.stems[0] ?? 'winner', exact: false })), strength: 1, exact: 0 };
    // (the condition on placeholders names no column: the winners are what is asked, never a column filtered on)
    const found = withPlaceholders(info, mention);
    return found.filter ? { mention, filter: { ...found.filter, column: undefined } } : found;
  }
  // "which team won", "how many clubs have won": the noun asked for, right after the question word
  const askedAt = parsed.groupAt.find((g) => g.keyword === 'which' || g.keyword === 'what')?.at ?? parsed.countNounAt;
  const noun = askedAt !== undefined ? parsed.tokens[askedAt] : undefined;
  // … and only then: "how many wins were in Troy" counts wins of a side the table does not say, not the games there
  if (!noun || noun.index >= win.index || !open(noun.index) || FILLER_WORDS.has(noun.norm) || mentions.some((m) => m.tokens.includes(noun.index))) return undefined;
  // … a noun for who wins ("team", "player"), never one for something the winners have ("which country won": the column holds players)
  if (!WINNER_NOUNS.has(noun.norm)) return undefined;
  tokens.unshift(noun.index);
  const mention: ColumnMention = { info, tokens, hits: tokens.map(() => ({ stem: info.stems[0] ?? 'winner', exact: false })), strength: 1, exact: 0 };
  return withPlaceholders(info, mention);
}

/** The mention with, when the winners column holds placeholders, a condition that keeps them out. */
function withPlaceholders(info: ColumnInfo, mention: ColumnMention): { mention: ColumnMention; filter?: Filter } {
  // "Not held" in 1940 to 1943 is no team that won four times
  const placeholders = (info.column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string' && NO_WINNER.test(v));
  if (placeholders.length === 0) return { mention };
  const id = sqlIdentifier(info.column.sqlName);
  return { mention, filter: { sql: `${id} NOT IN (${placeholders.map((v) => sqlLiteral(v)).join(', ')})`, text: `${info.column.name} not ${placeholders.map((v) => `'${v}'`).join(' or ')}`, tokens: [], column: info.column } };
}
