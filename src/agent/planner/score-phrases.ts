/**
 * Phrases of a question about one team's games that `score-mentions.ts` reads beside its score
 * words: the margin a game was won by ("won by 7 points", "wins … by more than 10"), who scored
 * when a "by" phrase says it ("points scored by the Tide", "scored by an opponent"), a team named
 * as the owner of the amount ("the Rams' largest margin"), and the one game a superlative ranks
 * ("the most points scored in a game"). Pure reading of the tokens; the columns are the scores
 * derived in `score-columns.ts`.
 * @module agent/planner/score-phrases
 */
import type { ParsedQuestion } from './parse-question.js';
import type { Comparison } from './find-comparisons.js';
import { wordTable } from './word-table.js';

/** Outcome words a margin is said of: "won by", "wins by", "lost by", "defeats by". */
const MARGIN_OUTCOMES: Record<string, 'won' | 'lost'> = wordTable({
  win: 'won', won: 'won', wins: 'won', victory: 'won', victories: 'won',
  lose: 'lost', lost: 'lost', loses: 'lost', loss: 'lost', losses: 'lost', defeat: 'lost', defeats: 'lost',
});
/** Nouns of what a score counts, written after a margin's number ("by 7 points"). */
const SCORE_UNITS = new Set(['point', 'points', 'goal', 'goals', 'run', 'runs', 'pts']);
/** Words that may stand between an outcome word and the "by" of its margin ("wins did the tide have by 7"). */
const MARGIN_GAP = 6;
/** Words naming the other side of a game: "scored by an opponent", "by the opposing team". */
const OPPONENT_WORDS = new Set(['opponent', 'opponents', 'opposition', 'opposing', 'rival', 'rivals']);
/** Words after "the"/"an" that name no team: "by the end", "by a margin". */
const NOT_A_NAME = new Set(['end', 'margin', 'way', 'time', 'score', 'total', 'same', 'number', 'team', 'club', 'side']);
/** Words that may follow a team's name after "by": a preposition, or the end of the amount ("by the tide in the last 3 games"). */
const AFTER_NAME = new Set(['in', 'on', 'during', 'at', 'against', 'over', 'for', 'this', 'that', 'throughout', 'combined', 'altogether', 'overall', 'total', 'the', 'a', 'and', 'of', 'before', 'after', 'since', 'between', 'from', 'to', 'through', 'until', 'when', 'while']);
/** Singular nouns of one game: "in a game", "in one match". */
const GAME_NOUNS = new Set(['game', 'match', 'contest', 'fixture']);

/** A margin condition: "won by 7 points" (`=` 7), "lost by more than 10" (`>` 10). */
export interface MarginCondition {
  outcome: 'won' | 'lost';
  operator: Comparison['operator'];
  value: number;
  /** Tokens of the phrase: the outcome word, "by", the number (and its comparison words), the unit. */
  tokens: number[];
}

/**
 * "won by 7 points", "how many wins did the Tide have by 7 points", "lost by at least 3": the
 * margin a number after "by" sets, said of the nearest outcome word before it (at most six
 * words back, no other outcome word between). The number is the whole margin; a comparison
 * ("more than", "at least") found by the parser sets the operator. Undefined when no such "by".
 * @param open tokens nothing else has explained (the "by" may be taken by the parser as a grouping word)
 */
export function marginCondition(parsed: ParsedQuestion, open: (i: number) => boolean): MarginCondition | undefined {
  const { tokens } = parsed;
  for (const by of tokens) {
    if (by.norm !== 'by') continue;
    const comparison = parsed.comparisons.find((c) => Math.min(...c.tokens) === by.index + 1 && c.upper === undefined && !c.percent && !c.money && !c.duration);
    const bare = /^\d{1,3}$/.test(tokens[by.index + 1]?.norm ?? '') && !parsed.comparisons.some((c) => c.tokens.includes(by.index + 1));
    if (!comparison && !bare) continue;
    const numberTokens = comparison ? [...comparison.tokens] : [by.index + 1];
    const last = Math.max(...numberTokens);
    const unit = SCORE_UNITS.has(tokens[last + 1]?.norm ?? '') ? [last + 1] : [];
    // "by 7 points per game" is an average, no margin
    if (['per', 'a', 'each'].includes(tokens[last + 1 + unit.length]?.norm ?? '')) continue;
    let outcomeAt: number | undefined;
    for (let k = by.index - 1; k >= 0 && by.index - k <= MARGIN_GAP; k--) {
      if (MARGIN_OUTCOMES[tokens[k].norm] !== undefined) {
        outcomeAt = k;
        break;
      }
    }
    if (outcomeAt === undefined || !open(outcomeAt)) continue;
    if ([...numberTokens, ...unit].some((t) => !open(t) && !comparison?.tokens.includes(t))) continue;
    return {
      outcome: MARGIN_OUTCOMES[tokens[outcomeAt].norm] as 'won' | 'lost',
      operator: comparison ? comparison.operator : '=',
      value: comparison ? comparison.value : Number(tokens[by.index + 1].norm),
      tokens: [outcomeAt, by.index, ...numberTokens, ...unit],
    };
  }
  return undefined;
}

/** Who a "by" phrase after a scoring verb names, with its tokens. */
export interface ScorerAfter {
  kind: 'team' | 'opponent';
  /** Tokens explained: "by", its article, the name or the opponent words. */
  tokens: number[];
}

/**
 * "points scored by the Tide", "the most points scored in a game by an opponent": the "by"
 * after the scoring verb (at most four words on, before any other verb) says who scored. An
 * opponent word ("an opponent", "the opposing team", "opponents") names the opponent; a value
 * of the Opponent column there names that opponent (`opponentValueAt`); one to three words
 * nothing explains, after "the" and not written in the table's cells (`openName`), name the team
 * whose games these are. Undefined when there is no such "by" or what follows it is none of these.
 * @param openValue true for a token a filter on the Opponent column took
 */
export function scorerAfter(parsed: ParsedQuestion, verb: number, openName: (i: number) => boolean, openValue: (i: number) => boolean): ScorerAfter | undefined {
  const { tokens } = parsed;
  let by = -1;
  for (let k = verb + 1; k < tokens.length && k - verb <= 4; k++) {
    if (tokens[k].norm === 'by') {
      by = k;
      break;
    }
  }
  if (by < 0) return undefined;
  let at = by + 1;
  const article = ['the', 'an', 'a', 'their', 'its', 'his', 'her'].includes(tokens[at]?.norm ?? '') ? [at++] : [];
  if (OPPONENT_WORDS.has(tokens[at]?.norm ?? '')) {
    const team = ['team', 'teams', 'side', 'club'].includes(tokens[at + 1]?.norm ?? '') ? [at + 1] : [];
    return { kind: 'opponent', tokens: [by, ...article, at, ...team] };
  }
  if (openValue(at)) return { kind: 'opponent', tokens: [by, ...article] };
  // "by the other team": the other side of each game
  if (tokens[at]?.norm === 'other' && ['team', 'side', 'club'].includes(tokens[at + 1]?.norm ?? '') && article.length > 0) return { kind: 'opponent', tokens: [by, ...article, at, at + 1] };
  if (article[0] === undefined || tokens[article[0]].norm !== 'the') return undefined;
  const name: number[] = [];
  while (at < tokens.length && name.length < 4 && openName(at) && !NOT_A_NAME.has(tokens[at].norm) && !AFTER_NAME.has(tokens[at].norm)) name.push(at++);
  if (name.length === 0 || name.length > 3) return undefined;
  // the name ends the question or a preposition follows ("by the tide in the last 3 games")
  if (at < tokens.length && !AFTER_NAME.has(tokens[at].norm)) return undefined;
  return { kind: 'team', tokens: [by, ...article, ...name] };
}

/**
 * True when the token at `index` is written with a possessive ending: "Tide's" (the parser's
 * separate "s") or "Rams'" (an apostrophe after a plural's s, which the parser drops).
 */
export function isPossessive(parsed: ParsedQuestion, index: number): boolean {
  if (parsed.tokens[index + 1]?.norm === 's') return true;
  const word = parsed.tokens[index]?.norm;
  if (!word || !word.endsWith('s')) return false;
  const k = parsed.tokens.slice(0, index).filter((t) => t.norm === word).length;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['’](?![\\p{L}\\p{N}])`, 'giu');
  const all = new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu');
  const occurrence = [...parsed.folded.matchAll(all)][k];
  return occurrence !== undefined && pattern.test(parsed.folded.slice(occurrence.index));
}

/**
 * "the Rams' largest margin of victory", "the Tide's points": one to three words nothing
 * explains, after "the" (or opening the question), written with a possessive ending and at most
 * two words before `head` (the score word they own). They name the team whose games these are.
 * @returns their tokens (with the possessive "s" when written so), or empty
 */
export function possessiveTeamBefore(parsed: ParsedQuestion, head: number, openName: (i: number) => boolean): number[] {
  const { tokens } = parsed;
  for (let end = head - 1; end >= 0 && head - end <= 3; end--) {
    const owner = tokens[end].norm === 's' ? end - 1 : end;
    if (owner < 0 || !isPossessive(parsed, owner) || !openName(owner)) continue;
    const name: number[] = [];
    let k = owner;
    while (k >= 0 && openName(k) && tokens[k].norm !== 'the' && name.length < 4) name.unshift(k--);
    if (name.length === 0 || name.length > 3) return [];
    if (k >= 0 && tokens[k].norm !== 'the') return [];
    return owner === end ? name : [...name, end];
  }
  return [];
}

/**
 * "the most points scored in a game", "in one match", "in a single game": the game a
 * superlative or an amount is said of is each row of a team's list of games. The tokens of the
 * phrase ("in", "a", "single", "game"), or empty.
 */
export function perGamePhrase(parsed: ParsedQuestion, open: (i: number) => boolean): number[] {
  const { tokens } = parsed;
  for (const token of tokens) {
    if (!GAME_NOUNS.has(token.norm) || !open(token.index)) continue;
    let k = token.index - 1;
    if (tokens[k]?.norm === 'single') k--;
    if (!['a', 'one', 'any'].includes(tokens[k]?.norm ?? '') || tokens[k - 1]?.norm !== 'in') continue;
    return Array.from({ length: token.index - k + 2 }, (_, j) => k - 1 + j);
  }
  return [];
}

/**
 * "how many points did the opponents score", "did the opposing team score": opponent words
 * right before the scoring verb (after "the", "their" or nothing) name the other side of each
 * game. Their tokens (article included), or empty.
 */
export function opponentWordsBefore(parsed: ParsedQuestion, verb: number): number[] {
  const { tokens } = parsed;
  let k = verb - 1;
  const words: number[] = [];
  if (['team', 'teams', 'side', 'club'].includes(tokens[k]?.norm ?? '') && ['opposing', 'other'].includes(tokens[k - 1]?.norm ?? '')) words.unshift(k--, k--);
  else if (OPPONENT_WORDS.has(tokens[k]?.norm ?? '') && tokens[k].norm !== 'opposing') words.unshift(k--);
  else return [];
  if (['the', 'their', 'its', 'an'].includes(tokens[k]?.norm ?? '')) words.unshift(k);
  return words.sort((a, b) => a - b);
}

/** Nouns of a game's whole score that "combined" makes both sides' total. */
const COMBINED_NOUNS = new Set(['score', 'scores', ...SCORE_UNITS]);

/**
 * "the lowest combined score", "combined points above 50": "combined" right before a score
 * noun asks for both sides' numbers added up. The two tokens, or empty. ("the last 3 games
 * combined" adds up games, not sides: nothing here.)
 * @param open tokens nothing else has explained (the parser may have taken "combined" as a sum word)
 */
export function combinedScoreWords(parsed: ParsedQuestion, open: (i: number) => boolean): number[] {
  for (const token of parsed.tokens) {
    const next = parsed.tokens[token.index + 1];
    if (token.norm === 'combined' && next && COMBINED_NOUNS.has(next.norm) && open(next.index)) return [token.index, next.index];
  }
  return [];
}

/**
 * "how many goals were scored in the game between Haiti and South Korea": with no scorer named,
 * a scoring verb followed by "in the game" ("in that match") is said of one game's whole score,
 * both sides. True when so.
 */
export function scoredInTheGame(parsed: ParsedQuestion, verb: number): boolean {
  const { tokens } = parsed;
  return tokens[verb + 1]?.norm === 'in' && ['the', 'that'].includes(tokens[verb + 2]?.norm ?? '') && ['game', 'match'].includes(tokens[verb + 3]?.norm ?? '');
}
