/**
 * A team's list of games with both a Score of the two sides ("24–10") and a column of league
 * Points earned per game (2, 1, 0): "points" may be the points scored in the game or the points
 * the result earned, and reading the one column named Points answers the wrong one ("how many
 * games had more than 20 points" is 0 over league points; "how many points did the team score"
 * adds up 2s and 0s).
 * @module agent/planner/league-points
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { holdsScores } from './asked-columns.js';
import type { QuerySpec } from './interpret-match.js';
import type { ParsedQuestion } from './parse-question.js';

/** Names of a column of points: "Points", "Pts", "Pts." */
const POINTS_NAME = /^(points?|pts\.?)$/i;

/**
 * Over a table with a Score column of both sides and a number column named Points: a question
 * that reads Points (as its measure or a bound) and says a form of "score", or bounds Points
 * above the largest value it holds, is declined (which points are meant is unclear).
 * @returns the problem, or undefined when the reading stands
 */
export function leaguePointsProblem(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  const columns = spec.match.profile.table.columns;
  const score = columns.find((c) => c.type === 'text' && holdsScores(c));
  if (!score) return undefined;
  const isPoints = (c: CatalogColumn | undefined): c is CatalogColumn => c !== undefined && c.type !== 'text' && POINTS_NAME.test(c.name.trim());
  const measured = spec.measure.kind === 'column' && isPoints(spec.measure.column) ? spec.measure.column : undefined;
  const bounded = spec.filters.filter((f) => isPoints(f.column) && f.values === undefined);
  const points = measured ?? bounded[0]?.column;
  if (!points) return undefined;
  const problem = `'points' may be the points scored in a game (${score.name}) or the points it earned (${points.name}): say which column`;
  if (parsed.tokens.some((t) => /^scor(e|es|ed|ing)$/.test(t.norm))) return problem;
  const max = typeof points.profile.max === 'number' ? points.profile.max : undefined;
  const bound = (sql: string): number | undefined => {
    const found = /[>=]\s*(-?\d+(?:\.\d+)?)/.exec(sql);
    return found ? Number(found[1]) : undefined;
  };
  const above = max !== undefined && bounded.some((f) => (bound(f.sql) ?? -Infinity) > max);
  return above ? problem : undefined;
}
