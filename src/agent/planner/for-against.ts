/**
 * League tables keep a team's goals (points, runs) twice: those it scored ("Goals For", "Runs
 * Scored") and those scored against it ("Goals Against", "Runs Allowed", "Goals Conceded"),
 * often beside "Goal Difference". "goals" names all of them; the verb tells which: a team that
 * scored has its For column, one that conceded or allowed its Against column. Without such a
 * verb the measure stays ambiguous and the question declines.
 * @module agent/planner/for-against
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention } from './plan-types.js';
import { tokensOf } from './normalize-text.js';

/** Verbs of the subject scoring. */
const SCORED_VERBS = new Set(['score', 'scored', 'scores', 'scoring', 'net', 'netted', 'nets']);
/** Verbs of the subject letting the other side score. */
const CONCEDED_VERBS = new Set(['concede', 'conceded', 'concedes', 'conceding', 'allow', 'allowed', 'allows', 'allowing', 'let', 'lets']);
/** Header words of the For column and of the Against column. */
const FOR_WORDS = new Set(['for', 'scored', 'score']);
const AGAINST_WORDS = new Set(['against', 'allowed', 'conceded', 'concede']);

function side(mention: ColumnMention): 'for' | 'against' | undefined {
  const words = tokensOf(mention.info.column.name).map((t) => t.norm);
  const isFor = words.some((w) => FOR_WORDS.has(w));
  const isAgainst = words.some((w) => AGAINST_WORDS.has(w));
  return isFor === isAgainst ? undefined : isFor ? 'for' : 'against';
}

/** The verb of scoring ("scored") or conceding ("allowed") the question says, with its token. */
function scoringVerb(parsed: ParsedQuestion): { side: 'for' | 'against'; at: number } | undefined {
  const found = parsed.tokens.filter((t) => SCORED_VERBS.has(t.norm) || CONCEDED_VERBS.has(t.norm));
  if (found.length !== 1) return undefined;
  return { side: SCORED_VERBS.has(found[0].norm) ? 'for' : 'against', at: found[0].index };
}

/**
 * Of measure columns the question names equally ("goals": Goals For, Goals Against, Goal
 * Difference), the one its scoring verb picks; undefined when there is no such verb or not
 * exactly one column of that side.
 */
export function pickForAgainst(parsed: ParsedQuestion, tied: ColumnMention[]): ColumnMention | undefined {
  const verb = scoringVerb(parsed);
  if (!verb || !tied.some((m) => side(m) !== undefined && side(m) !== verb.side)) return undefined;
  const picked = tied.filter((m) => side(m) === verb.side);
  return picked.length === 1 ? picked[0] : undefined;
}

/**
 * "how many goals did KR concede" over Goals For and Goals Against: the conceding verb names
 * the Against column, so it is explained (the scoring verbs are explained with the amount asked).
 * @param open tokens no value or date has taken
 * @returns the verb's token, or undefined when no named column is an Against column
 */
export function concedingVerb(parsed: ParsedQuestion, mentions: ColumnMention[], open: (i: number) => boolean): number | undefined {
  const verb = scoringVerb(parsed);
  if (!verb || verb.side !== 'against' || !open(verb.at)) return undefined;
  return mentions.some((m) => m.info.numeric && side(m) === 'against') && mentions.some((m) => m.info.numeric && side(m) === 'for') ? verb.at : undefined;
}
