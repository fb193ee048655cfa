/**
 * Differences between two filtered aggregates: "how many more points did Fram have than
 * Leiftur" (one measure, two values of one column), "the difference in number of petrol
 * models and diesel models" (a count per value), "the difference between Brown's and Nixon's
 * votes in Plumas" (two measure columns over the same rows). The rest of the question is read
 * as an ordinary aggregate; anything else (a grouping, a share, two values of two columns) is
 * declined.
 * @module agent/planner/interpret-difference
 */
import type { QuerySpec } from './interpret-match.js';
import type { Measure } from './measures.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import type { PeriodColumn } from './table-profile.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { findColumnSum } from './column-sums.js';
import { findThanRow, type ThanRow } from './than-row.js';
import { rangeAsked } from './range-difference.js';
import { nearlyOneRowEach } from './read-checks.js';

/** The two sides of a difference: row conditions (same measure) or measures (same rows). */
export interface DifferenceSides {
  sign: NonNullable<ParsedQuestion['difference']>;
  /** Two row conditions, in question order, over the same measure. */
  conditions?: [Filter, Filter];
  /** Two measures, in question order, over the same rows. */
  measures?: [Measure, Measure];
}

type Interpret = (parsed: ParsedQuestion, match: TableMatch) => { spec?: QuerySpec; problem?: string };

/** The side filters: one filter naming exactly two values (or two groups of values) in the question. */
function splitSides(match: TableMatch): { sides?: [Filter, Filter]; rest: Filter[]; problem?: string; paired?: boolean } {
  const twoSided = match.filters.filter((f) => f.values && sidesOf(f).length === 2 && !f.negated);
  if (twoSided.length === 0) {
    const paired = pairedFilters(match.filters, match.profile.table.rowCount);
    if (paired) return { sides: paired, rest: match.filters.filter((f) => !paired.includes(f)), paired: true };
  }
  if (twoSided.length !== 1) return { rest: match.filters, problem: twoSided.length === 0 ? undefined : 'the two sides of the difference are ambiguous' };
  const filter = twoSided[0];
  // "position 1 in 2001 than position 2 in 2002": each side is two conditions, never one of them over both positions' rows
  if (pairedFilters(match.filters.filter((f) => f !== filter), match.profile.table.rowCount)) {
    return { rest: match.filters, problem: 'each side of the difference names two conditions: ask for each side on its own' };
  }
  const column = filter.column;
  if (!column) return { rest: match.filters };
  const sides = sidesOf(filter).map((values) => {
    const id = sqlIdentifier(column.sqlName);
    const list = values.map((v) => v.value);
    const sql = list.length === 1 ? `${id} = ${sqlLiteral(list[0])}` : `${id} IN (${list.map((v) => sqlLiteral(v)).join(', ')})`;
    return { sql, text: `${column.name} ${list.length === 1 ? `= '${list[0]}'` : `in (${list.map((v) => `'${v}'`).join(', ')})`}`, tokens: values.flatMap((v) => v.tokens), column, values } satisfies Filter;
  }) as [Filter, Filter];
  return { sides, rest: match.filters.filter((f) => f !== filter) };
}

/** A condition keeping one number of a column: `"position" = 3`. */
const NUMBER_EQUALITY = /^"[^"]+" = -?\d+(\.\d+)?$/;

/**
 * "the difference between the 1st place time and the 8th place time": two separate conditions
 * on one column, each naming one value (no row can meet both, so they can only be the two
 * sides). Exactly one such pair, else undefined.
 */
function pairedFilters(filters: Filter[], rowCount: number): [Filter, Filter] | undefined {
  // … "position 1 and position 3": a number after the column's name is an equality on it too, with no value list
  // (only over a column of one row a number, as places are: "an age of 25 and an age of 30" are groups, not two rows)
  const single = filters.filter((f) => f.column && !f.negated && ((f.values && sidesOf(f).length === 1) || (!f.values && NUMBER_EQUALITY.test(f.sql) && nearlyOneRowEach(f.column, rowCount))));
  const columns = new Set(single.map((f) => f.column));
  const pairs = [...columns].map((column) => single.filter((f) => f.column === column)).filter((list) => list.length >= 2);
  if (pairs.length !== 1 || pairs[0].length !== 2) return undefined;
  // in the order the values are named ("model d60 than model 416": the column's word may be shared, and a word both
  // sides claim, "position" of "position 1 and position 3", places neither)
  const own = (f: Filter): number[] => [...(f.values ?? []).flatMap((v) => v.tokens), ...(f.values ? [] : f.tokens)];
  const [first, second] = pairs[0];
  const shared = new Set(own(first).filter((t) => own(second).includes(t)));
  const at = (f: Filter): number => Math.min(...(own(f).some((t) => !shared.has(t)) ? own(f).filter((t) => !shared.has(t)) : own(f)));
  return [...pairs[0]].sort((a, b) => at(a) - at(b)) as [Filter, Filter];
}

/** Values of a filter grouped by the question words that named them ("Russia" may name two values). */
function sidesOf(filter: Filter): { value: string; tokens: number[] }[][] {
  const byWords = new Map<string, { value: string; tokens: number[] }[]>();
  for (const entry of filter.values ?? []) byWords.set(entry.tokens.join(','), [...(byWords.get(entry.tokens.join(',')) ?? []), entry]);
  return [...byWords.values()].sort((a, b) => a[0].tokens[0] - b[0].tokens[0]);
}

/**
 * Builds the spec of a difference question, or says why it cannot.
 * @param interpret reads the question without the difference (the measure of each side)
 */
export function interpretDifference(parsed: ParsedQuestion, match: TableMatch, interpret: Interpret): { spec?: QuerySpec; problem?: string } {
  // "how many districts have a population greater than Choiseul": a condition against a named row, no difference
  const thanRow = findThanRow(parsed, match);
  if (thanRow?.problem) return { problem: thanRow.problem };
  if (thanRow?.read) return interpretThanRow(parsed, match, thanRow.read, interpret);
  const sign = parsed.difference;
  if (!sign) return { problem: 'differences between two answers ("how many more … than …") are not computed offline' };
  const plain: ParsedQuestion = { ...parsed, difference: undefined, comparative: false };
  const split = splitSides(match);
  if (split.problem) return { problem: split.problem };
  if (split.sides) {
    // the side column is a filter, never what is counted or measured ("number of MVP awards received by A and B")
    const sideColumn = split.sides[0].column;
    const mentions = match.mentions.map((m) => (m.info.column === sideColumn ? { ...m, usedAsFilter: true } : m));
    if (parsed.shareSplitAt !== undefined) return storedPercentDifference(parsed, { ...match, mentions }, split.sides, split.rest, sign);
    const inner = interpret(plain, { ...match, mentions, filters: split.rest, setAside: split.sides });
    if (!inner.spec) return inner;
    let spec = inner.spec;
    // "the 1st place time and the 8th place time": each side is the one row at that position, never a sum of tied rows
    // ("the difference in total between position 1 and position 3" over one row a position: "total" names the Total column, no
    // adding up), and never an average of tied rows ("score between position 1 and position 3": several different Scores give no value)
    const oneRowEach = split.sides[0].column !== undefined && nearlyOneRowEach(split.sides[0].column, match.profile.table.rowCount);
    const named = spec.measure.kind === 'column' && /\btotals?\b/i.test(spec.measure.column.name) && oneRowEach;
    if (split.paired && spec.measure.kind === 'column' && ((spec.measure.fn === 'sum' && (!parsed.sumWords || named)) || (spec.measure.fn === 'avg' && !parsed.averageWords))) spec = { ...spec, measure: { ...spec.measure, fn: 'single' } };
    if (spec.mode !== 'aggregate' || spec.group || (spec.answerKind !== 'scalar' && spec.answerKind !== 'count')) {
      return { problem: 'a difference is computed only between two single numbers' };
    }
    const column = split.sides[0].column;
    if ((spec.measure.kind === 'count' || spec.measure.kind === 'countDistinct') && column && column.profile.distinctCount === match.profile.table.rowCount - column.profile.nullCount) {
      // every value of the side column is one row: counting rows per side would always give 1 − 1
      return { problem: `each ${column.name} is one row; say which column to compare` };
    }
    if (spec.measure.kind === 'periods' || spec.measure.kind === 'grossProfit' || spec.measure.kind === 'grossMargin') return { problem: 'a difference over period columns is not supported' };
    return { spec: { ...spec, mode: 'difference', answerKind: 'scalar', difference: { sign, conditions: split.sides } } };
  }
  // "the difference between Woodrow Wilson High School in 2007 and 2011" over year columns: the two ends of the range
  const ends = rangeEnds(parsed, match);
  if (ends) {
    if (match.filters.length === 0 && match.profile.table.rowCount !== 1) return { problem: 'a difference between two periods needs the row it is about' };
    const measures = ends.map((p) => ({ kind: 'column', fn: 'single', column: p.column }) satisfies Measure) as [Measure, Measure];
    return { spec: { match: { ...match, periods: undefined }, answerKind: 'scalar', mode: 'difference', measure: measures[0], filters: match.filters, subFilters: [], difference: { sign, measures } } };
  }
  // two measure columns over the same rows: "the difference between Brown's and Nixon's votes in Plumas"
  const numeric = distinctColumns(match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && m.info.column.concept !== 'identifier' && m.info.column.derived === undefined));
  // "between her preliminary and final points" beside Preliminary Rank and Final Rank: the two amount columns named with "and"
  const pair = numeric.length === 2 ? undefined : findColumnSum(parsed, match.mentions);
  const columns = pair ? pair.columns : [...numeric].sort((a, b) => Math.min(...a.tokens) - Math.min(...b.tokens)).map((m) => m.info.column);
  // "the difference between the highest and lowest attendance": the largest value minus the smallest
  const ranged = rangeAsked(parsed, numeric, match.filters);
  if (ranged) {
    const measures: [Measure, Measure] = [{ kind: 'column', fn: 'max', column: ranged }, { kind: 'column', fn: 'min', column: ranged }];
    return { spec: { match, answerKind: 'scalar', mode: 'difference', measure: measures[0], filters: match.filters, subFilters: [], difference: { sign: 'first-minus-second', measures } } };
  }
  if (columns.length !== 2) return { problem: 'could not find the two things to subtract (two values of one column, or two measures)' };
  if (match.filters.length === 0 && match.profile.table.rowCount !== 1) return { problem: 'a difference between two columns needs the row it is about' };
  const measures = columns.map((column) => ({ kind: 'column', fn: 'single', column }) satisfies Measure) as [Measure, Measure];
  return {
    spec: {
      match, answerKind: 'scalar', mode: 'difference', measure: measures[0], filters: match.filters, subFilters: [],
      difference: { sign, measures },
    },
  };
}

/** Reads the question with its comparison against a named row as a condition: only a count or a list of rows. */
function interpretThanRow(parsed: ParsedQuestion, match: TableMatch, read: ThanRow, interpret: Interpret): { spec?: QuerySpec; problem?: string } {
  const mentions = match.mentions.map((m) => (m.info.column === read.mention.info.column ? { ...m, usedAsFilter: true } : m));
  const filters = [...match.filters.filter((f) => f !== read.named), read.filter];
  const inner = interpret({ ...parsed, difference: undefined, comparative: false }, { ...match, mentions, filters });
  if (!inner.spec) return inner;
  const { spec } = inner;
  const counted = spec.mode === 'aggregate' && !spec.group && (spec.measure.kind === 'count' || spec.measure.kind === 'countDistinct');
  if (spec.mode === 'list' && read.filter.agreeing !== undefined) return { problem: `${read.mention.info.column.name} has blank cells, so ${read.named.text} may have none to compare with` };
  if (spec.mode === 'list' || counted) return inner;
  return { problem: `a comparison with ${read.named.text} is read only to count or list the rows that meet it` };
}

/** Column names that say they hold a percentage: "% Total 2009", "Vote share", "Percent". */
const PERCENT_NAME = /%|\bpercent(age)?\b|\bpct\b|\bshare\b/i;

/**
 * "how much higher of a percentage of naturalisations does Maghreb have than Sub-Saharan
 * Africa" over a table that stores the percentage of each row ("% Total 2009"): the two rows'
 * stored percentages are subtracted, each the one value of its row. Only when exactly one
 * column stores a percentage and the question names no other measure; otherwise declined
 * (computing a share of a total inside a difference is not done).
 */
function storedPercentDifference(parsed: ParsedQuestion, match: TableMatch, sides: [Filter, Filter], rest: Filter[], sign: DifferenceSides['sign']): { spec?: QuerySpec; problem?: string } {
  const stored = match.profile.columns.filter((c) => c.numeric && !c.column.isAggregateColumn && c.column.derived === undefined && (c.column.type === 'percent' || c.column.unit === 'percent' || PERCENT_NAME.test(c.column.name)));
  if (stored.length !== 1) return { problem: 'a difference of two computed percentages is not supported; name the column that holds them' };
  const column = stored[0].column;
  const others = match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && m.info.column !== column && m.info.column.derived === undefined && !m.tokens.every((t) => parsed.consumed.has(t)));
  if (others.length > 0) return { problem: `unclear whether the percentage is ${column.name} or one of ${others.map((m) => m.info.column.name).join(', ')}` };
  const measure: Measure = { kind: 'column', fn: 'single', column };
  return { spec: { match: { ...match, periods: undefined }, answerKind: 'scalar', mode: 'difference', measure, filters: rest, subFilters: [], difference: { sign, conditions: sides } } };
}

function distinctColumns(mentions: ColumnMention[]): ColumnMention[] {
  return [...new Map(mentions.map((m) => [m.info.column.sqlName, m])).values()];
}

/**
 * The first and last period columns of a two-ended year range ("in 2007 and 2011", "from 2008
 * to 2012") over a table whose columns are those years: a difference compares the two ends.
 */
function rangeEnds(parsed: ParsedQuestion, match: TableMatch): [PeriodColumn, PeriodColumn] | undefined {
  const periods = match.periods;
  // "X's 2007 score and its 2011 score": two year phrases, each one period column (apply-dates' twoPeriods)
  if (periods?.length === 2 && parsed.dates.length === 2 && periods.every((p, k) => p.granularity === 'year' && p.from === parsed.dates[k].from && p.to === parsed.dates[k].to)) return [periods[0], periods[1]];
  const phrase = parsed.dates[0];
  if (!periods || periods.length < 2 || parsed.dates.length !== 1 || !phrase.from || !phrase.to || !/\b(and|to|-)\b/.test(phrase.text)) return undefined;
  if (match.profile.periods.length === periods.length && !/\d{4}\D+\d{4}/.test(phrase.text)) return undefined;
  const first = periods[0];
  const last = periods[periods.length - 1];
  if (first.granularity !== 'year' || last.granularity !== 'year' || first.from !== phrase.from || last.to !== phrase.to) return undefined;
  return [first, last];
}
