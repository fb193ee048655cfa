/**
 * "How many times did he not finish the race?" over one driver's results whose Pos. column
 * writes a retirement as "DNF" (did not finish) or "Ret": the negated verb names no column; it
 * asks for the rows so marked. The codes are motorsport's classification notation (FIA
 * International Sporting Code, art. 10: "Ret"/"DNF" for a car that retired, apart from "DSQ",
 * disqualified, "DNS", did not start, and "NC", not classified, which are other outcomes).
 * @module agent/planner/finish-codes
 */
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';
import { POSITION_NAME } from './top-places.js';
import { ordinalOf, positionOf } from './match-ordinals.js';

const FINISH_VERBS = new Set(['finish', 'finished', 'complete', 'completed']);
/** Nouns of what was not finished: "not finish the race". */
const RACE_NOUNS = new Set(['race', 'races', 'event', 'events', 'competition', 'rally', 'round']);
/** Codes of a car that retired: did not finish. */
const RETIRED = /^(dnf|ret|retired|did not finish)$/i;
/** A disqualification: an outcome apart from a retirement, which the question does not count (it may follow a finish). */
const DISQUALIFIED = /^(dsq|dq|disqualified)$/i;
/** Words after "did not finish" that say a place: "did not finish first", "not finish better than 5th", "in the top 10". */
const PLACE_AFTER = new Set(['first', 'second', 'third', 'last', 'better', 'worse', 'higher', 'lower', 'above', 'below', 'ahead', 'behind', 'top', 'bottom', 'place', 'position', 'podium']);

/**
 * The filter "did not finish" asks for: the rows whose one position column (named Pos., Position,
 * Place, Finish, Result) holds a retirement code (`RETIRED`). The verb must be negated ("did not
 * finish", "didn't complete"); "the race" after it is part of the phrase. Undefined when no such
 * verb is free, when a place follows it ("did not finish first", "in the top 10"), or when no
 * column (or more than one) holds such a code; a problem when that column holds anything but
 * places, retirements and disqualifications (DNS, NC, CUT, OTL …, whose reading is unclear).
 */
export function notFinishedFilter(parsed: ParsedQuestion, profile: TableProfile, free: (index: number) => boolean): Filter | { problem: string } | undefined {
  const token = parsed.tokens.find((t) => FINISH_VERBS.has(t.norm) && free(t.index) && parsed.negated.has(t.index));
  if (!token) return undefined;
  const columns = profile.columns.filter((info) => info.column.type === 'text' && (/\bresult\b/i.test(info.column.name) || POSITION_NAME.test(info.column.name.trim()))
    && (info.column.profile.distinct ?? []).some((v) => RETIRED.test(String(v).trim())));
  if (columns.length !== 1) return undefined;
  const column = columns[0].column;
  const values = (column.profile.distinct ?? []).map((v) => String(v));
  // every other value must be a place or a disqualification: "CUT", "OTL", "DNS", "NC" may or may not be a finish missed
  const other = values.filter((v) => positionOf(v) === undefined && !RETIRED.test(v.trim()) && !DISQUALIFIED.test(v.trim()));
  if (other.length > 0) return { problem: `${column.name} also holds ${other.slice(0, 4).map((v) => `'${v}'`).join(', ')}, which may or may not count as not finishing: ask for the codes themselves` };
  const codes = values.filter((v) => RETIRED.test(v.trim()));
  // the negation is the code's own ("did not finish" is DNF), no negation of a condition
  const tokens = [parsed.negationAt.get(token.index) ?? token.index, token.index].filter((t, k, all) => all.indexOf(t) === k);
  const next = parsed.tokens[token.index + 1];
  if (next?.norm === 'the' && RACE_NOUNS.has(parsed.tokens[token.index + 2]?.norm ?? '') && free(token.index + 1) && free(token.index + 2)) tokens.push(token.index + 1, token.index + 2);
  else if (next && RACE_NOUNS.has(next.norm) && free(next.index)) tokens.push(next.index);
  // "did not finish first", "not finish better than 5th", "not finish in the top 10": a place not reached, no retirement
  const rest = parsed.tokens.slice(Math.max(...tokens) + 1, Math.max(...tokens) + 4);
  if (rest.some((t) => PLACE_AFTER.has(t.norm) || ordinalOf(t.norm) !== undefined || /^\d{1,3}$/.test(t.norm))) return undefined;
  return { sql: `${sqlIdentifier(column.sqlName)} IN (${codes.map((v) => sqlLiteral(v)).join(', ')})`, text: `${column.name} marks a retirement (${codes.map((v) => `'${v}'`).join(', ')})`, tokens, column };
}
