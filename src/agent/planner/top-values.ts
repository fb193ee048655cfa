/**
 * "What is the total of the 4 highest total spectatorships", "the average of the three lowest
 * scores": a sum or average over the N largest (or smallest) values of the column named right
 * after "the N highest" / "the top N". Ties at the cut do not change the answer (tied values are
 * equal), so unlike "the top 5 drivers" no ranking of rows has to be chosen.
 * @module agent/planner/top-values
 */
import type { QuerySpec } from './interpret-match.js';
import type { ParsedQuestion } from './parse-question.js';
import type { TableMatch } from './plan-types.js';

type Interpret = (parsed: ParsedQuestion, match: TableMatch) => { spec?: QuerySpec; problem?: string };

/**
 * The spec of a total or average over the `topN` largest (`superlative` desc) or smallest values
 * of the one numeric column named right after the superlative, or undefined when the question is
 * not that shape (no total or average asked, other conditions, a count, a column not named there,
 * or fewer filled values than N).
 */
export function topValues(parsed: ParsedQuestion, match: TableMatch, interpret: Interpret): { spec?: QuerySpec; problem?: string } | undefined {
  const n = parsed.topN;
  const start = parsed.groupAt.find((g) => g.keyword === 'top' || g.keyword === 'bottom')?.at;
  if (n === undefined || start === undefined || !parsed.superlative || parsed.countWords || !(parsed.sumWords || parsed.averageWords)) return undefined;
  if (match.filters.length > 0 || match.periods || parsed.rowWindow) return undefined;
  const named = match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && Math.min(...m.tokens) <= start + 1 && m.tokens.some((t) => t >= start));
  if (new Set(named.map((m) => m.info.column)).size !== 1) return undefined;
  const column = named[0].info.column;
  const filled = match.profile.table.rowCount - column.profile.nullCount;
  if (filled < n) return { problem: `${column.name} has ${filled} values, fewer than the ${n} asked for` };
  const inner = interpret({ ...parsed, topN: undefined, superlative: undefined, groupAt: parsed.groupAt.filter((g) => g.at !== start) }, match);
  const measure = inner.spec?.measure;
  if (!inner.spec || inner.spec.mode !== 'aggregate' || inner.spec.group || measure?.kind !== 'column' || (measure.fn !== 'sum' && measure.fn !== 'avg') || measure.column !== column) return undefined;
  return { spec: { ...inner.spec, window: { end: parsed.superlative === 'desc' ? 'last' : 'first', count: n, by: column } } };
}
