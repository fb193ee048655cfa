/**
 * Words naming the rows of one team's list of games (a table with one Opponent column): "games
 * against Millwall" (the "against" of an Opponent named), "the game between Haiti and South
 * Korea" (the team and an Opponent), and "the game" said of one game ("the October 7th game
 * against Millwall", "the game on 1 October 2005"). A singular game asks for the value of one
 * row: the answer is given only when the conditions keep exactly one (`oneGame`), never a sum
 * over several games that happen to match.
 * @module agent/planner/game-rows
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { foldText } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** Names of columns holding each row's opponent in a team's own list of games (as `score-columns.ts` reads them). */
const OPPONENT_NAME = /^(opponents?|opposition|opponent team|opposing team|vs\.?|versus|against|team against)\b/;
/** Words that put an Opponent named after them: "against Millwall", "vs. Chelsea". */
const AGAINST_WORDS = new Set(['against', 'vs', 'versus', 'v']);
/** Singular nouns of one game. */
const GAME_NOUNS = new Set(['game', 'match', 'fixture', 'contest']);
const PLURAL_GAME_NOUNS = new Set(['games', 'matches', 'fixtures', 'contests']);
/** Words that make "game" one game: "the game", "that match". */
const ONE_GAME_ARTICLES = new Set(['the', 'that', 'this']);

/** What `gameWords` found. */
export interface GameWords {
  /** Tokens explained: "against", "between … and", "game". */
  explained: number[];
  /** The question names one game ("the game …"): its answer is the value of exactly one row. */
  oneGame: boolean;
  /** "what was the attendance against Millwall": a total asked is the value of one game (other answers stand). */
  oneValueAsked?: boolean;
}

/** The one text column naming each row's opponent, or undefined when the table has none or several. */
export function opponentColumnOf(table: CatalogTable): CatalogColumn | undefined {
  const found = table.columns.filter((c) => c.type === 'text' && OPPONENT_NAME.test(foldText(c.name).replace(/[_#]/g, ' ').replace(/\s+/g, ' ').trim()));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The game words of `parsed` over `table`, given the value filters found so far. Nothing when the
 * table has no one Opponent column, or no filter names an Opponent or date ("the game" with no
 * condition names no game).
 * @param open tokens nothing else has explained
 * @param openName a token nothing explains and no cell of the table writes (a name of the team itself)
 * @param dated the question has a date phrase
 * @param ownName a token the table's own names (title, file, sheet) hold, or any token when the table has none to check
 */
export function gameWords(parsed: ParsedQuestion, table: CatalogTable, filters: Filter[], open: (i: number) => boolean, openName: (i: number) => boolean, dated: boolean, ownName: (i: number) => boolean = () => false): GameWords {
  const found: GameWords = { explained: [], oneGame: false };
  const opponent = opponentColumnOf(table);
  if (!opponent) return found;
  const { tokens } = parsed;
  const named = filters.filter((f) => f.column === opponent && f.values !== undefined && !f.negated && f.tokens.length > 0);
  // … unless the question itself says where ("at Dallas": the away game only)
  for (const filter of named) if (!VENUE_WORDS.has(tokens[Math.min(...filter.tokens) - 1]?.norm ?? '')) withAwayGames(filter, opponent, tokens);
  const startsNamed = (i: number): boolean => named.some((f) => Math.min(...f.tokens) === i);
  for (const token of tokens) {
    if (!AGAINST_WORDS.has(token.norm) || !open(token.index)) continue;
    // "against Millwall", "against the Giants"
    const next = tokens[token.index + 1]?.norm === 'the' ? token.index + 2 : token.index + 1;
    if (!startsNamed(next)) continue;
    found.explained.push(token.index, ...(next > token.index + 1 ? [token.index + 1] : []));
    // "the Toros Mexico vs. Monterrey Flash game": the team itself (a name no cell writes) before "vs." and the Opponent after
    const team: number[] = [];
    for (let k = token.index - 1; k >= 0 && team.length < 4 && openName(k) && tokens[k].norm !== 'the'; k--) team.unshift(k);
    // … only where the table's names say that team (or the table has no name to check): "the Chicago Bulls vs. …" over
    // another team's games is no game of theirs
    if (token.norm !== 'against' && team.length > 0 && team.length <= 3 && tokens[team[0] - 1]?.norm === 'the' && team.every(ownName)) found.explained.push(...team);
  }
  for (const token of tokens) {
    if (token.norm !== 'between' || !open(token.index)) continue;
    // "between Haiti and South Korea": the team (a name no cell writes) and an Opponent, in either order
    const and = tokens.findIndex((t, k) => k > token.index && k <= token.index + 4 && t.norm === 'and');
    if (and < 0) continue;
    const first = range(token.index + 1, and);
    const afterAnd = named.find((f) => Math.min(...f.tokens) === and + 1);
    const beforeAnd = named.find((f) => Math.min(...f.tokens) === token.index + 1 && Math.max(...f.tokens) === and - 1);
    if (afterAnd && first.length > 0 && first.length <= 3 && first.every(openName)) found.explained.push(token.index, ...first, and);
    else if (beforeAnd) {
      const second: number[] = [];
      for (let k = and + 1; k < tokens.length && second.length < 4 && openName(k) && !['on', 'in', 'at', 'during'].includes(tokens[k].norm); k++) second.push(k);
      if (second.length > 0 && second.length <= 3) found.explained.push(token.index, and, ...second);
    }
  }
  const conditioned = named.length > 0 || dated;
  for (const token of tokens) {
    // "the people who attended the games against Millwall": the rows the conditions keep (a count's own noun is left to it)
    // … also "the attendance of games played in December", "all games at home"
    const article = ['the', 'of', 'all'].includes(tokens[token.index - 1]?.norm ?? '') || ['played', 'held'].includes(tokens[token.index + 1]?.norm ?? '');
    if (PLURAL_GAME_NOUNS.has(token.norm) && open(token.index) && conditioned && parsed.countNounAt !== token.index && article) found.explained.push(token.index);
  }
  for (const token of tokens) {
    if (!GAME_NOUNS.has(token.norm) || !open(token.index) || !conditioned) continue;
    // "the game", "the October 7th game" (the date's words between), "that match"
    let k = token.index - 1;
    while (k >= 0 && parsed.dateTokens.some((d) => d.includes(k))) k--;
    const article = tokens[k]?.norm;
    const datedBefore = k < token.index - 1 && parsed.dateTokens.some((d) => d.includes(k + 1) && tokens[k + 1].norm === 'the');
    // "the Wisconsin game": the opponent named right before it
    // … or "the Toros Mexico vs. Monterrey Flash game", the team and "vs." between
    const before = Math.min(...named.flatMap((f) => f.tokens)) - 1;
    const opponentBefore = k === token.index - 1 && named.some((f) => Math.max(...f.tokens) === k) && (tokens[before]?.norm === 'the' || found.explained.includes(before));
    if (article !== undefined && ONE_GAME_ARTICLES.has(article) || datedBefore || opponentBefore) {
      found.explained.push(token.index);
      found.oneGame = true;
    }
  }
  // "what was the attendance against Millwall": a value asked of the games named, with no word of a total
  // ("total", "combined"), an average or a count of things ("how many goals"), is the value of one game
  // (one opponent named once, over a dated list of games: never "against Leeds and Everton", nor a head-to-head summary of
  // games Played against each)
  const oneOpponent = named.length === 1 && named[0].values?.length === 1;
  if (oneOpponent && !found.oneGame && datesGames(table) && asksOneValue(parsed)) found.oneValueAsked = true;
  return found;
}

/**
 * "what was the attendance against Millwall", "what is the number of attendance for Millwall":
 * a "what" question with no word of a total, an average, a ranking or a grouping, no plural
 * noun of games ("the games against …") and no plural noun counted ("how many goals"): it asks
 * the value of one game, not a sum over every game against that opponent.
 */
function asksOneValue(parsed: ParsedQuestion): boolean {
  const { tokens } = parsed;
  if (!['what', 'whats'].includes(tokens[0]?.norm ?? '')) return false;
  if (parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.groupAt.some((g) => !(g.keyword === 'what' && tokens.slice(1, g.at + 1).every((t) => ['is', 'was', 's', 'the'].includes(t.norm) || t.index === g.at && t.index > 1))) || parsed.comparative || parsed.difference || parsed.choiceOfTwo !== undefined) return false;
  if (tokens.some((t) => PLURAL_GAME_NOUNS.has(t.norm) || WHOLE_WORDS.has(t.norm))) return false;
  const counted = parsed.countNounAt !== undefined ? tokens[parsed.countNounAt]?.norm ?? '' : '';
  return !parsed.countWords || (counted !== '' && !/[a-z]s$/.test(counted));
}

/** Words of a whole over several rows: "the overall attendance", "the full attendance", "all games". */
const WHOLE_WORDS = new Set(['all', 'both', 'overall', 'full', 'whole', 'entire', 'aggregate', 'cumulative', 'together']);

/**
 * True when a column dates or numbers each game (Date, Week, Round, Game #, or any column of dates
 * in a table with no tallies of games): a list of games, not a summary per opponent (Played, Won …
 * beside a "Last meeting" date).
 */
function datesGames(table: CatalogTable): boolean {
  if (table.columns.some((c) => /^(date|week|wk|round|rd|game|match|fixture)\b/i.test(foldText(c.name).trim()))) return true;
  // ("Played on", "Kick-off" dates each game too; a table of tallies per opponent (Played, Won, Lost) is none, whatever its dates)
  const tallies = table.columns.some((c) => /^(played|pld|p|gp|won|w|lost|l|drawn|d|wins|losses|draws)$/i.test(foldText(c.name).trim()));
  return !tallies && table.columns.some((c) => c.type === 'date');
}

/** Names of a column numbering a team's games: "Game", "Match #", "Game no.". */
const GAME_NUMBER_NAME = /^(game|match)( ?(#|no\.?|number))?$/;

/**
 * "how many people attended the Turlock Express game" over a Game column numbering the games:
 * the word "game" said of one game is no mention of that column (it would leave the games
 * against Turlock Express added up). Removes such mentions (never "game 5", a number after it)
 * and frees their tokens in `covered`, so `gameWords` reads them.
 * @returns the mentions removed, to be put back where `gameWords` does not read their word
 */
export function releaseGameNumberMentions(parsed: ParsedQuestion, table: CatalogTable, mentions: ColumnMention[], covered: Set<number>): ColumnMention[] {
  const released: ColumnMention[] = [];
  if (!opponentColumnOf(table)) return released;
  for (const mention of [...mentions]) {
    const [at] = mention.tokens;
    const next = parsed.tokens[at + 1]?.norm ?? '';
    if (mention.tokens.length !== 1 || !GAME_NOUNS.has(parsed.tokens[at].norm) || /^\d/.test(next) || ['number', 'no', '#'].includes(next)) continue;
    if (!GAME_NUMBER_NAME.test(foldText(mention.info.column.name).trim())) continue;
    mentions.splice(mentions.indexOf(mention), 1);
    covered.delete(at);
    released.push(mention);
  }
  return released;
}

/** Words of a question that say where a game was played: "at Dallas", "in Dallas". */
const VENUE_WORDS = new Set(['at', 'in', 'vs', 'versus', 'v']);
/** A venue word before an Opponent's name: "at Carolina Panthers", "@ Dallas", "vs. Leeds". */
const VENUE_PREFIX = /^(?:at|@|vs\.?|v\.?|versus)\s+/i;

/**
 * "against the Carolina Panthers" over an Opponent column writing away games "at Carolina
 * Panthers": the condition on the one value named keeps the games written with a venue word
 * too (both are games against that team), whichever spelling the value read first. Changes
 * `filter` in place; nothing when the column writes the name one way only.
 */
function withAwayGames(filter: Filter, opponent: CatalogColumn, tokens: ParsedQuestion['tokens']): void {
  const values = filter.values ?? [];
  if (values.length !== 1) return;
  const name = values[0].value;
  // "at Philadelphia" named as written (the venue word among the value's words): that game only; "Wisconsin" read as
  // '@ Wisconsin' keeps 'vs. Wisconsin' too
  if (VENUE_PREFIX.test(name) && values[0].tokens.some((t) => VENUE_WORDS.has(tokens[t]?.norm ?? ''))) return;
  // … and a footnote mark after the name ("Kansas*": a neutral site) is the same team
  const bare = (v: string): string => v.replace(VENUE_PREFIX, '').replace(/\s*(\*{1,3}|[†‡§¶#]{1,2}|\[[a-z0-9]{1,3}\])$/i, '').trim();
  const spellings = (opponent.profile.distinct ?? []).map(String).filter((v) => v !== name && bare(v) === bare(name));
  if (spellings.length === 0) return;
  const all = [name, ...spellings];
  filter.sql = `${sqlIdentifier(opponent.sqlName)} IN (${all.map((v) => sqlLiteral(v)).join(', ')})`;
  filter.text = `${opponent.name} in (${all.map((v) => `'${v}'`).join(', ')})`;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

/** Names of a column counting the people at each game. */
const CROWD_COLUMN = /^(attendance|crowd|att\.?|spectators|audience)$/;
/** Nouns of the people such a column counts: "fans who attended", "how many spectators". */
const CROWD_NOUNS = new Set(['fan', 'fans', 'spectator', 'spectators', 'attendee', 'attendees', 'supporter', 'supporters', 'people', 'persons', 'crowd']);

/**
 * "the number of fans who attended the game", "how many spectators were at the game": a noun of
 * the people counted beside a named Attendance (Crowd) column is what that column counts; its
 * token, or undefined when no such column is named or no such noun is open.
 * @param named the columns the question names so far
 */
export function crowdNoun(parsed: ParsedQuestion, named: CatalogColumn[], open: (i: number) => boolean): number | undefined {
  if (!named.some((c) => c.type !== 'text' && CROWD_COLUMN.test(foldText(c.name).trim()))) return undefined;
  return parsed.tokens.find((t) => CROWD_NOUNS.has(t.norm) && open(t.index))?.index;
}
