/**
 * Seasons lists with a column for a stage a team may not reach (Playoffs, Postseason, Finals):
 * its cells say how far the team went ("2nd Qualifier, Region 2", "Lost in semifinal") or that
 * it did not get there ("Did Not Make Playoffs", "Did not qualify", "No playoff", "—"). "The
 * years they made the playoffs" are the rows whose cell says they went, "did not make the
 * playoffs" those whose cell says they did not, as an analyst reads such a column.
 * @module agent/planner/stage-reached
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { tokensOf } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** Verbs of getting to a stage: "made the playoffs", "reach the finals", "qualified for the postseason". */
const REACH_VERBS = new Set(['make', 'makes', 'made', 'making', 'reach', 'reached', 'reaches', 'reaching', 'qualify', 'qualified', 'qualifies', 'get', 'got', 'go', 'went', 'appear', 'appeared']);
/** Verbs of missing a stage: "missed the playoffs". */
const MISS_VERBS = new Set(['miss', 'missed', 'misses']);
/** Words between the verb and the stage: "made it to the playoffs", "qualified for the finals" (never "in": "advanced in the playoffs" went further). */
const GAP_WORDS = new Set(['the', 'it', 'to', 'for', 'into']);
/** Column names of a stage reached or not. */
const STAGE_WORDS = new Set(['playoff', 'playoffs', 'postseason', 'post-season', 'finals', 'tournament', 'ncaa']);
/** A cell saying the team did not get to the stage: a negation, "No" alone, kept out of it, or out in the play-in before it. */
const NOT_REACHED = /(\bplay-?in\b)|^\s*(did\s*n[o']t|didn't|not\s+(qualif|make|made|reach|enter)|no\s*$|none\s*$|dnq\b|failed\b|missed\b|withdr[ae]wn?\b|banned\b|ineligible\b|disqualified\b|[-–—]\s*$)/i;
/** A cell saying the stage was not held that season: then no team made it or missed it. */
const NOT_HELD = /\b(no\s+(playoffs?|post-?season|finals?|tournament)|not\s+held|cancell?ed|suspended)\b/i;
/** A cell saying how far the team went: a round, a stage, a place in it, a result. */
const REACHED = /\b(round|rounds|finals?|finalists?|semi-?finals?|semi-?finalists?|quarter-?finals?|quarter-?finalists?|qualifiers?|qualified|champions?|championship|won|winners?|lost|losers?|runners?-?up|conference|division|divisional|wild\s*card|sweet|elite|final\s*four|group\s*stage|stage|eliminated|playoffs?|berth)\b/i;
/** A cell that says nothing either way. */
const UNKNOWN = /^\s*(n\/?a|\?|unknown|tbd|tba)\s*$/i;

/** How a stage cell reads: reached, not reached, not held, unknown ("N/A"), or unreadable (anything else). */
function reading(value: string): 'reached' | 'not' | 'notHeld' | 'unknown' | 'unreadable' {
  if (value.trim() === '' || UNKNOWN.test(value)) return 'unknown';
  if (NOT_HELD.test(value)) return 'notHeld';
  if (NOT_REACHED.test(value)) return 'not';
  return REACHED.test(value) ? 'reached' : 'unreadable';
}

/**
 * The distinct cells of a text column named for a stage, when each reads one way or another and
 * some say it was reached and some that it was not (undefined when a cell is unreadable).
 */
function stageValues(column: CatalogColumn): string[] | undefined {
  if (column.type !== 'text' || !tokensOf(column.name).some((t) => STAGE_WORDS.has(t.norm))) return undefined;
  const values = (column.profile.distinct ?? []).map((v) => String(v));
  if (values.length < column.profile.distinctCount || values.some((v) => reading(v) === 'unreadable')) return undefined;
  return values.some((v) => reading(v) === 'not') && values.some((v) => reading(v) === 'reached') ? values : undefined;
}

/**
 * "how many years did they make the playoffs", "the first year they did not make the playoffs",
 * "missed the playoffs": a verb of reaching (or missing) right before the name of the table's
 * one stage column (past "the", "it to", "for") keeps the rows whose cell says the stage was
 * reached (or, negated or missed, that it was not). A cell that names no stage and no miss
 * reads neither way, so then the column is not read; misses are not counted where a season was not
 * held, a cell is unknown ("N/A") or blank (a dash may be stored blank).
 * @param open tokens nothing has explained yet
 * @returns the filter and the words it explains (verb, gap words, the stage's name), or undefined
 */
export function stageReachedFilter(parsed: ParsedQuestion, columns: CatalogColumn[], open: (index: number) => boolean): { filter: Filter; explained: number[] } | undefined {
  const stages = columns.filter((c) => stageValues(c) !== undefined);
  if (stages.length !== 1) return undefined;
  const column = stages[0];
  const values = stageValues(column) ?? [];
  const named = new Set(tokensOf(column.name).map((t) => t.stem));
  for (const verb of parsed.tokens) {
    const missed = MISS_VERBS.has(verb.norm);
    if ((!REACH_VERBS.has(verb.norm) && !missed) || !open(verb.index)) continue;
    let at = verb.index + 1;
    const gap: number[] = [];
    while (at < parsed.tokens.length && GAP_WORDS.has(parsed.tokens[at].norm) && open(at)) gap.push(at++);
    const stage = parsed.tokens[at];
    if (!stage || !open(at) || !named.has(stage.stem)) continue;
    const negated = parsed.negated.has(verb.index) !== missed;
    // a season the stage was not held, an unknown cell or a blank (a dash may be stored blank) may or may not be one missed: no count of misses then
    if (negated && (column.profile.nullCount > 0 || values.some((v) => ['notHeld', 'unknown'].includes(reading(v))))) return undefined;
    const kept = values.filter((v) => reading(v) === (negated ? 'not' : 'reached'));
    const sql = `${sqlIdentifier(column.sqlName)} IN (${kept.map((v) => sqlLiteral(v)).join(', ')})`;
    const text = `${column.name} says the stage was ${negated ? 'not ' : ''}reached (${kept.map((v) => `'${v}'`).join(', ')})`;
    return { filter: { sql, text, tokens: [verb.index, ...gap, at], column, ...(negated ? { negated: true } : {}) }, explained: [verb.index, ...gap, at] };
  }
  return undefined;
}
