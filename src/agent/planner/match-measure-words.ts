/**
 * Measure columns a question names without their names: by what they count or hold (a
 * quantity, a span of years, a winner, a time taken, competitors, a medal total, the points a
 * standings table's Total adds up), and the verbs of those amounts ("how many points did they
 * win", "how many goals did KR concede"), which then name nothing else.
 * @module agent/planner/match-measure-words
 */
import { foldText } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { ACQUIRE_VERBS, AMOUNT_NOUNS, AMOUNT_SUPERLATIVES, COVER_VERBS } from './vocabulary.js';
import { endsCountedPhrase, quantityMention } from './counted-nouns.js';
import { AMOUNT_STEMS, isFiller } from './filler-words.js';
import { howAdjectiveMention, kindComparativeMention, timeTakenMention } from './time-taken.js';
import { medalTotalMention } from './medal-table.js';
import { competitorMention } from './competitor-nouns.js';
import { winnerMention } from './winner-column.js';
import { spanYearsMention } from './year-spans.js';
import { dropTermMentions, termYearsMention } from './term-columns.js';
import { concedingVerb } from './for-against.js';
import { countedAt } from './match-mentions.js';

/**
 * Nouns of what a standings table's Total column adds up, event by event: points, never goals (a
 * league table's Total is points beside its goals For and Against) or money.
 */
const SCORE_NOUNS = new Set(['point', 'points', 'pts']);
/** Names of a standings table's column of places. */
const STANDING_COLUMN = /^(pos|pos\.|position|place|rank|rk|standing)$/;

/**
 * Measures named by what they count or hold, tried in turn over the words still open: things
 * with no column counted by the one quantity column ("how many patrol vessels does Canada
 * have"), a span of years, who won (with a filter on the winner when the question names one),
 * the one column of times ("how long did it take"), competitors, and a medal table's total.
 * Appends the mentions to `mentions` and a winner's filter to `filters`; adds their words to `covered`.
 */
export function impliedMeasureMentions(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], filters: Filter[], covered: Set<number>, free: (index: number) => boolean, valueTokens: Set<number>): void {
  // "how many patrol vessels does Canada have": things with no column of their own, counted by the table's one quantity column
  const counted = quantityMention(parsed, profile, mentions, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));
  if (counted) {
    mentions.push(counted);
    counted.tokens.forEach((t) => covered.add(t));
  }

  const spanYears = spanYearsMention(parsed, profile, mentions);
  if (spanYears) {
    mentions.push(spanYears);
    spanYears.tokens.forEach((t) => covered.add(t));
  }
  // "how many years did Léon Balcer serve" over Took Office and Left Office: the length of the row's term
  const termYears = spanYears ? undefined : termYearsMention(parsed, profile, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));
  if (termYears) {
    mentions.push(termYears);
    termYears.tokens.forEach((t) => covered.add(t));
    dropTermMentions(mentions, termYears.tokens, termYears);
  }
  const winner = winnerMention(parsed, profile, mentions, filters, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));
  if (winner) {
    mentions.push(winner.mention);
    winner.mention.tokens.forEach((t) => covered.add(t));
    if (winner.filter) filters.push(winner.filter);
  }
  // "how long did it take the 5th place swimmer": the one column of times
  const taken = mentions.some((m) => m.info.column.unit === 'seconds') ? undefined : timeTakenMention(parsed, profile, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));
  if (taken) {
    mentions.push(taken);
    taken.tokens.forEach((t) => covered.add(t));
  }
  // "how long is the Massachusetts Turnpike": the one column of lengths
  // … unless another number column is named ("how old was he when he died" over Died and Age: which is asked is unclear)
  const how = mentions.some((m) => m.info.numeric) ? undefined : howAdjectiveMention(parsed, profile, (i) => free(i) && !covered.has(i) && !valueTokens.has(i), filters);
  if (how) {
    mentions.push(how);
    how.tokens.forEach((t) => covered.add(t));
  }
  // "how many peaks are taller than Keokradong": the one column of heights
  // (the comparative may be consumed already, as the sign of a difference or the word of a comparison)
  const comparative = kindComparativeMention(parsed, profile, mentions, (i) => !valueTokens.has(i) && !mentions.some((m) => m.tokens.includes(i)));
  if (comparative) mentions.push(comparative);
  const competitor = competitorMention(parsed, profile, mentions, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));
  if (competitor) {
    mentions.push(competitor);
    competitor.tokens.forEach((t) => covered.add(t));
  }
  const medals = medalTotalMention(parsed, profile, mentions, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));
  if (medals) {
    mentions.push(medals);
    medals.tokens.forEach((t) => covered.add(t));
  }
}

/**
 * "how many total points" over a table whose one "Total" column (no money) adds up the points
 * of each event: the amount word after a consumed "total", or, in a standings table (one with
 * a column of places), the points a condition's number or a sum names. At most one word.
 * Appends the mention to `mentions`; adds its word to `covered`.
 */
export function totalPointsMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, free: (index: number) => boolean, valueTokens: Set<number>): void {
  const { tokens } = parsed;
  const totals = profile.columns.filter((c) => c.numeric && !c.column.isAggregateColumn && foldText(c.column.name).trim() === 'total' && c.column.unit !== 'currency' && c.column.unit !== 'mixed_currency');
  if (totals.length !== 1 || mentions.some((m) => m.info === totals[0])) return;
  for (const token of tokens) {
    const before = tokens[token.index - 1];
    // … "more than 100 points", "the total number of points": the amount a condition or a sum names
    // … only for the points of a standings table (a column of places), never days, residents or money a Total may hold
    const scored = SCORE_NOUNS.has(token.norm) && profile.table.columns.some((c) => STANDING_COLUMN.test(foldText(c.name).trim()));
    // … or where the events' own columns write their points as text beside what they measure ("175 (1036)" under
    // "Shooting Score (pts)"): the one number column Total is the points
    const named = (SCORE_NOUNS.has(token.norm) && pointsWrittenInText(profile))
      || (before?.norm === 'total' && parsed.consumed.has(before.index))
      || (scored && parsed.comparisons.some((c) => !c.weak && Math.max(...c.tokens) + 1 === token.index))
      || (scored && parsed.sumWords && parsed.countNounAt === token.index);
    if (!named || !free(token.index) || covered.has(token.index) || valueTokens.has(token.index)) continue;
    if (!AMOUNT_STEMS.has(token.stem) && !AMOUNT_NOUNS.has(token.norm)) continue;
    mentions.push({ info: totals[0], tokens: [token.index], hits: [{ stem: token.stem, exact: false }], strength: 1, exact: 0 });
    covered.add(token.index);
    break;
  }
}

/**
 * The verbs of an amount a named measure holds ("how many points did they win", "which nation
 * won the most medals", "won more than 10 total medals", never the year column), and the
 * conceding verb of a For/Against pair ("how many goals did KR concede"): they name nothing else.
 * Adds the verbs to `covered`.
 */
export function amountVerbs(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, free: (index: number) => boolean, valueTokens: Set<number>): void {
  const { tokens } = parsed;
  // "how many points did they win", "how many goals did he score": the verb of an amount a measure holds names nothing else
  // … and "which nation won the most medals", "how many nations won at least 10 medals": the amount right after a superlative or a condition's number,
  // … "won more than 10 total medals", "won no gold medals", "did he race more laps in 1926 or 1938"; never the year column ("how many seasons did he win")
  const amountAt = (m: ColumnMention): number => (['total', 'overall'].includes(tokens[m.tokens[0] - 1]?.norm ?? '') ? m.tokens[0] - 1 : m.tokens[0]);
  const amountMeasured = mentions.some((m) => m.info.numeric && m.info.column !== profile.yearColumn && (
    (parsed.countWords && countedAt(parsed, m.tokens[0]))
    || (parsed.superlative !== undefined && parsed.consumed.has(amountAt(m) - 1) && AMOUNT_SUPERLATIVES.has(tokens[amountAt(m) - 1]?.norm ?? ''))
    || parsed.comparisons.some((c) => !c.weak && Math.max(...c.tokens) + 1 === amountAt(m)) || ['no', 'more', 'fewer', 'less'].includes(tokens[amountAt(m) - 1]?.norm ?? '')));
  // (a verb, never the noun after an article: "more than 20000 attendance and a win" is a condition on the result)
  const noun = (index: number): boolean => ['a', 'an', 'the', 'any', 'one', 'no', 'each', 'every'].includes(tokens[index - 1]?.norm ?? '');
  if (amountMeasured) for (const token of tokens) if ((ACQUIRE_VERBS.has(token.norm) || COVER_VERBS.has(token.norm)) && !noun(token.index) && free(token.index) && !covered.has(token.index) && !valueTokens.has(token.index)) covered.add(token.index);
  // "how many silver medals were won" over a list of medallists: each row is a medal won, so winning names nothing more
  if (!amountMeasured && medalsCounted(parsed, mentions, covered, valueTokens)) {
    for (const token of tokens) if (WIN_VERBS.has(token.norm) && free(token.index) && !covered.has(token.index) && !valueTokens.has(token.index)) covered.add(token.index);
  }
  const conceded = concedingVerb(parsed, mentions, (i) => free(i) && !valueTokens.has(i)); // "how many goals did KR concede"
  if (conceded !== undefined) covered.add(conceded);
}

/** Verbs of winning a medal. */
const WIN_VERBS = new Set(['win', 'won', 'wins', 'winning', 'earn', 'earned', 'receive', 'received', 'get', 'got', 'claim', 'claimed', 'collect', 'collected', 'take', 'took', 'taken']);

/**
 * True when the rows counted are medals named by a column or value the question already
 * matched ("how many silver medals were won" over Medal: Gold, Silver, Bronze): the words of the
 * counted phrase, from the count word to the first preposition or verb, include "medal(s)".
 */
function medalsCounted(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, valueTokens: Set<number>): boolean {
  if (!parsed.countWords || parsed.countNounAt === undefined) return false;
  const { tokens } = parsed;
  for (let i = parsed.countNounAt; i < tokens.length && i < parsed.countNounAt + 4 && !endsCountedPhrase(tokens[i].norm); i++) {
    const explained = covered.has(i) || valueTokens.has(i) || mentions.some((m) => m.tokens.includes(i));
    if (/^medals?$/.test(tokens[i].norm) && explained) return true;
    // … only medals themselves, or a kind of them ("silver medals"): "how many people won medals" counts people
    if (!valueTokens.has(i) && !isFiller(parsed, i)) return false;
  }
  return false;
}

/** True when two text columns or more say in their names that they hold points ("Shooting Score (pts)", "Riding Penalties (pts)"). */
function pointsWrittenInText(profile: TableProfile): boolean {
  return profile.table.columns.filter((c) => c.type === 'text' && /\((pts|points)\)/i.test(c.name)).length >= 2;
}
