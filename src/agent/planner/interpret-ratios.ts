/**
 * Questions that ask for one amount over another: a ratio of two measures ("revenue as a
 * percentage of cost"), a share of a whole ("what percentage of orders were returned"), and an
 * average per thing ("average revenue per rep": the total over the number of reps).
 * @module agent/planner/interpret-ratios
 */
import type { GroupKey } from './find-group.js';
import type { Measure } from './measures.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { isSnapshot, sumProblem } from './measure-guards.js';
import { sqlIdentifier } from './sql-text.js';
import { mentionWithin } from './match-mentions.js';
import { pickMeasure } from './choose-measure.js';
import type { QuerySpec } from './interpret-match.js';

/**
 * "revenue as a percentage of cost": the sum of the measure named in the numerator's words over
 * the sum of the one named in the denominator's, times the ratio's scale (per group when one is
 * asked). Both must be found, differ, and be additive.
 * @param ratio the token spans of the numerator and denominator, and the scale (100 for a percentage)
 * @returns the spec (`mode: 'ratio'`), or the problem
 */
export function interpretRatio(parsed: ParsedQuestion, ratio: NonNullable<ParsedQuestion['ratio']>, base: Omit<QuerySpec, 'answerKind' | 'mode' | 'measure'>, candidates: ColumnMention[], group: GroupKey | undefined): { spec?: QuerySpec; problem?: string } {
  const [n0, n1] = ratio.numerator;
  const [d0, d1] = ratio.denominator;
  const numerator = pickMeasure(parsed, candidates.map((m) => mentionWithin(m, n0, n1)).filter((m): m is ColumnMention => !!m));
  const denominator = pickMeasure(parsed, candidates.map((m) => mentionWithin(m, d0, d1)).filter((m): m is ColumnMention => !!m));
  if (!numerator.mention || !denominator.mention) return { problem: numerator.problem ?? denominator.problem ?? 'could not find both measures of the ratio' };
  if (numerator.mention.info === denominator.mention.info) return { problem: 'the ratio names the same measure twice' };
  for (const mention of [numerator.mention, denominator.mention]) {
    const cannot = sumProblem(mention.info.column);
    if (cannot) return { problem: cannot };
  }
  return {
    spec: {
      ...base, mode: 'ratio', answerKind: group ? 'group' : 'scalar', ratioScale: ratio.scale,
      measure: { kind: 'column', fn: 'sum', column: numerator.mention.info.column },
      denominator: { kind: 'column', fn: 'sum', column: denominator.mention.info.column },
    },
  };
}

/**
 * "what percentage of orders were returned": the filters named after the split word are the
 * part, the others the whole; the measure is the named column's sum (a count of rows with none
 * named, or the period columns of a P&L with periods), ranked when grouped with a superlative.
 * A named column that is another's share (Brown's votes beside Brown's %) gives that stored
 * percentage for one row.
 * @param splitAt the token where the part begins; negative when the part is the grouping ("by region")
 * @returns the spec (`mode: 'share'`, or the stored percentage), or the problem
 */
export function interpretShare(parsed: ParsedQuestion, splitAt: number, match: TableMatch, base: Omit<QuerySpec, 'answerKind' | 'mode' | 'measure'>, candidates: ColumnMention[], group: GroupKey | undefined): { spec?: QuerySpec; problem?: string } {
  const periodic = match.profile.periods.length > 0 && match.periods !== undefined;
  if (splitAt < 0 && !group) return { problem: 'could not tell the part from the whole in the percentage question' };
  const split = splitAt < 0 ? parsed.tokens.length : splitAt;
  const subFilters = match.filters.filter((f) => f !== match.dateFilter && f.tokens.length > 0 && Math.min(...f.tokens) >= split && f.column?.type !== 'date');
  if (subFilters.length === 0 && !group) return { problem: 'could not find which rows the percentage is about' };
  const filters = match.filters.filter((f) => !subFilters.includes(f));
  let measure: Measure = { kind: 'count' };
  const picked = pickMeasure(parsed, candidates);
  if (picked.problem) return { problem: picked.problem };
  if (picked.mention?.owner) {
    // "what percentage of votes did Brown get in Plumas": the table stores Brown's percentage beside Brown's votes
    const owner = picked.mention.owner.column;
    if (group) return { problem: `a ranking of ${owner.name}'s stored percentages is not supported` };
    if (owner.type !== 'percent' && owner.unit !== 'percent') return { problem: `${picked.mention.info.column.name} is ${owner.name}'s; a share of it is ambiguous` };
    return { spec: { ...base, group: undefined, mode: 'aggregate', answerKind: 'scalar', measure: { kind: 'column', fn: 'single', column: owner } } };
  }
  if (picked.mention) {
    const cannot = sumProblem(picked.mention.info.column);
    if (cannot) return { problem: `${cannot}, so no share of it` };
    measure = { kind: 'column', fn: 'sum', column: picked.mention.info.column };
  } else if (periodic) measure = { kind: 'periods', periods: match.periods ?? [] };
  const ranked = group && parsed.superlative ? { order: parsed.superlative, limit: parsed.topN ?? 5 } : {};
  const answerKind = !group ? 'scalar' : parsed.superlative && !parsed.topN ? 'top1' : 'group';
  return { spec: { ...base, ...ranked, mode: 'share', answerKind, measure, filters, subFilters } };
}

/**
 * "average revenue per rep": one number, total revenue over the number of distinct reps (not a
 * list of per-rep averages). Per time bucket it declines (periods without rows would not count).
 * Undefined for a non-additive column: "average score per team" is each team's average.
 */
export function averagePer(parsed: ParsedQuestion, base: Omit<QuerySpec, 'answerKind' | 'mode' | 'measure'>, candidates: ColumnMention[], group: GroupKey): { spec?: QuerySpec; problem?: string } | undefined {
  const picked = pickMeasure(parsed, candidates);
  if (picked.problem || !picked.mention) return { problem: picked.problem ?? `no measure named to average per ${group.name}` };
  const column = picked.mention.info.column;
  if (column.aggregation !== 'sum') return undefined; // "average score per team": each team's average of a per-entry score
  if (group.kind !== 'column' || group.column.type === 'date' || group.sql !== sqlIdentifier(group.column.sqlName)) {
    return { problem: `an average per ${group.name} is ambiguous offline; ask for the total by ${group.name}` };
  }
  const cannot = sumProblem(column) ?? (isSnapshot(column) ? `${column.name} is a point-in-time value; an average per ${group.name} is ambiguous` : undefined);
  if (cannot) return { problem: cannot };
  return {
    spec: {
      ...base, group: undefined, mode: 'ratio', answerKind: 'scalar', ratioScale: 1,
      measure: { kind: 'column', fn: 'sum', column },
      denominator: { kind: 'countDistinct', column: group.column },
    },
  };
}
