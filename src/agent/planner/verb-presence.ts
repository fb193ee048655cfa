/**
 * A passive verb that names a column by its noun ("were transferred" over Transfer Fee): in a
 * count of the rows' own names it says the rows record that event, which is a condition only on
 * the column being given.
 * @module agent/planner/verb-presence
 */
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { findCountNoun } from './count-or-sum.js';
import { tokensOf } from './normalize-text.js';
import { sqlIdentifier } from './sql-text.js';

/** Auxiliaries of a passive: "were transferred", "have been drafted", "got traded". */
const PASSIVE_AUXILIARIES = new Set(['was', 'were', 'been', 'be', 'being', 'is', 'are', 'get', 'got', 'gets']);
/**
 * Participles of an outcome whose noun names the event every row took part in: a candidate of an Election was not
 * always elected, an entrant of a Qualification not always qualified (a Nomination column, by contrast, is the nomination).
 */
const OUTCOME_PARTICIPLES = new Set(['elected', 'reelected', 'qualified']);

/**
 * "How many players were transferred in 2012" over Player | From | Transfer Fee | Year, "how
 * many players were drafted" over Player | Draft pick: a count whose noun names the table's own
 * text column of names (Player), and a past participle after was/were (or right after that noun:
 * "players transferred from Arsenal") whose stem names another
 * column only by that column's noun (transferred → Transfer Fee: the column's name has no verb
 * of its own). Each row records that event; the rows asked are those where the column is given
 * (`IS NOT NULL`), which over a full column keeps them all.
 * Never when the counted noun names no column ("how many people attended" asks for the sum of
 * an Attendance, not a count of games), never with a sum, average or ranking asked, and never
 * over a column the question already conditions.
 * @returns the match with that condition added and the mention marked as used, or the match unchanged
 */
export function withVerbPresence(parsed: ParsedQuestion, match: TableMatch): TableMatch {
  if (!parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.superlative) return match;
  const counted = findCountNoun(parsed, match);
  if (!counted || counted.info.column.type !== 'text' || counted.info.numeric) return match;
  const conditioned = new Set(match.filters.map((f) => f.column).filter(Boolean));
  const verbal = match.mentions.filter((m) => {
    const column = m.info.column;
    if (m === counted || m.usedAsFilter || m.tokens.length !== 1 || column === counted.info.column || conditioned.has(column)) return false;
    const at = m.tokens[0];
    const word = parsed.tokens[at].norm;
    // … after was/were, or right after the noun counted ("the number of players transferred from Arsenal")
    const passive = PASSIVE_AUXILIARIES.has(parsed.tokens[at - 1]?.norm ?? '') || counted.tokens.includes(at - 1);
    if (!/[a-z]{3,}ed$/.test(word) || !passive || OUTCOME_PARTICIPLES.has(word)) return false;
    // "Directed by", "First elected", "Renamed": a column named by the verb itself records more than that the event took place
    return !tokensOf(column.name.replace(/_/g, ' ')).some((t) => /ed$/.test(t.norm));
  });
  if (verbal.length !== 1) return match;
  const [mention] = verbal;
  const column = mention.info.column;
  const given: Filter = { sql: `${sqlIdentifier(column.sqlName)} IS NOT NULL`, text: `${column.name} given`, tokens: mention.tokens, column };
  return {
    ...match,
    filters: [...match.filters, given],
    mentions: match.mentions.map((m) => (m === mention ? { ...m, usedAsFilter: true } : m)),
  };
}
