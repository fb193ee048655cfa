/**
 * A passive verb that names a column by its noun ("were closed" over Date of closing): in a
 * count of the rows' own names, over a column every row of which records the event, it says
 * what the rows are and adds no condition.
 * @module agent/planner/verb-presence
 */
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { findCountNoun } from './count-or-sum.js';
import { tokensOf } from './normalize-text.js';
import { sqlIdentifier } from './sql-text.js';

/** Words of an event not taking place, or of no value: "Undrafted", "Not released", "Still open", "Ret", "DNF", "N/A". */
const NOT_TAKEN_PLACE = /\b(?:no|not|non|never|none|un[a-z]+|cancel+ed|tb[ac]|tbd|unknown|active|open|still|pending|n\/?a|dn[fsq]|dsq|dq|ret|nr|nil|free|yes)\b|^[-–—×x?*]$/i;

/**
 * True when each row of the column records the event: no blank, no zero or negative number
 * (Caps 0, Delay 0), and no word of the event not taking place among its listed values.
 */
function recordsEveryRow(column: TableMatch['mentions'][number]['info']['column']): boolean {
  if (column.profile.nullCount > 0) return false;
  const values = column.profile.distinct;
  if (!values || values.length === 0) return false;
  return values.every((value) => {
    if (typeof value === 'number') return value > 0;
    const text = String(value).trim();
    return text !== '' && !NOT_TAKEN_PLACE.test(text) && !/^[-−–]?0+(?:\.0+)?%?$/.test(text) && !/^[-−–]\d/.test(text);
  });
}

/** Auxiliaries of a passive: "were transferred", "have been drafted", "got traded". */
const PASSIVE_AUXILIARIES = new Set(['was', 'were', 'been', 'be', 'being', 'is', 'are', 'get', 'got', 'gets']);
/**
 * Participles of an outcome whose noun names the event every row took part in: a candidate of an Election was not
 * always elected, an entrant of a Qualification not always qualified (a Nomination column, by contrast, is the nomination).
 */
const OUTCOME_PARTICIPLES = new Set(['elected', 'reelected', 'qualified']);

/**
 * "How many plants are being closed" over Plant name | Location | Date of closing, "how many
 * players were drafted in 2012" over Player | Draft pick | Year: a count whose noun names the
 * table's own text column of names, and a past participle after was/were (or right after that
 * noun: "the number of players drafted from Duke") whose stem names another column only by that
 * column's noun (the column's name has no verb of its own: "Directed by", "Renamed" record more).
 * Only where that column records the event on every row (`recordsEveryRow`): then the verb says
 * what every row is, and the condition written (`IS NOT NULL`) keeps them all. A column with a
 * blank, a zero or an "Undrafted" says some rows did not, and the question is left unread.
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
  // only where every row records the event: a blank, a zero or a word of its not taking place ("Undrafted",
  // "Still open", "Cancelled", "DNF") says some rows did not, and which ones is not read here
  if (!recordsEveryRow(column)) return match;
  const given: Filter = { sql: `${sqlIdentifier(column.sqlName)} IS NOT NULL`, text: `${column.name} given`, tokens: mention.tokens, column };
  return {
    ...match,
    filters: [...match.filters, given],
    mentions: match.mentions.map((m) => (m === mention ? { ...m, usedAsFilter: true } : m)),
  };
}
