/**
 * "Was the overall score lower in 2010 or 2013", "did A or B have more points": a comparison
 * without "than" over two alternatives joined by "or".
 * @module agent/planner/interpret-choice
 */
import type { QuerySpec } from './interpret-match.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';

/** Reads a question into a spec, as `interpretMatch` does before its last checks. */
type Interpret = (parsed: ParsedQuestion, match: TableMatch) => { spec?: QuerySpec; problem?: string };

/**
 * "Was the overall score lower in 2010 or 2013", "were there more tracks in 2009 or 2011": the
 * amount is computed for each of the two alternatives the question joins with "or" (two values
 * of one column), and the one it picks is answered (a tie shows both). Declined when no such pair
 * of values is named. No answer when one alternative has no rows, or, for an amount read off the
 * rows with no "total" or "average" asked, when one has several.
 * @param at the comparative's token
 * @param interpretMatchParts reads the question without the choice
 */
export function interpretChoice(parsed: ParsedQuestion, match: TableMatch, at: number, interpretMatchParts: Interpret): { spec?: QuerySpec; problem?: string } {
  const pair = namedPair(parsed, match);
  if (!pair?.column) return { problem: 'a comparison without "than" asks which of two alternatives joined by "or"; name two values of one column' };
  // ("which year had more releases, 2001 or 1992": the year asked for is the pair's column, grouped below, not a group of every year)
  const asked = parsed.groupAt.some((g) => (g.keyword === 'which' || g.keyword === 'what') && g.at < at);
  const groupAt = parsed.groupAt.filter((g) => !((g.keyword === 'which' || g.keyword === 'what') && g.at < at));
  const plain: ParsedQuestion = { ...parsed, choiceOfTwo: undefined, superlative: undefined, groupAt };
  // "were there more finals in Troy or Akron": "more" with no amount named counts the rows, as "how many finals" does
  const counted = ['more', 'fewer', 'less'].includes(parsed.tokens[at].norm) && !parsed.countWords ? { ...plain, countWords: true, countNounAt: at + 1 } : plain;
  let inner = interpretMatchParts(plain, match);
  if (!inner.spec && counted !== plain) {
    const rows = interpretMatchParts(counted, match);
    // … or the different values the noun names, where each row has its own ("more tracks": a Tracks column of titles);
    // where values repeat, the count of values is checked against the rows and may give no number, so it ranks nothing
    const measure = rows.spec?.measure;
    const oneEach = measure?.kind === 'countDistinct' && measure.column.profile.distinctCount === match.profile.table.rowCount - measure.column.profile.nullCount;
    const rowsProblem = asked && measure?.kind === 'count' ? whichRowsProblem(parsed, match, at) : undefined;
    if (rowsProblem) return { problem: rowsProblem };
    if (measure?.kind === 'count' || oneEach) inner = rows;
  }
  if (!inner.spec) return inner;
  if (inner.spec.mode !== 'aggregate' || inner.spec.group) return { problem: 'which of two alternatives is answered only for one total, count or average each' };
  // a sum of times or of a column that is not added up ranks sides by how many rows they have, not by the amount
  const measure = inner.spec.measure;
  if (measure.kind === 'column' && measure.fn === 'sum' && (measure.column.aggregation !== 'sum' || measure.column.unit === 'seconds')) {
    return { problem: `${measure.column.name} is not added up, so the two alternatives have no one amount each to compare` };
  }
  const column = pair.column;
  const id = sqlIdentifier(column.sqlName);
  // an alternative with no rows has no group to rank: then no answer, never the other one ("fewer in 1987" with none that year)
  const where = inner.spec.filters.map((f) => `(${f.sql})`).join(' AND ');
  const table = sqlIdentifier(match.profile.table.sqlName);
  // … and an amount read off the rows ("was the time lower for Jamaica or Canada") is one row's each, unless a total or an average is asked
  const oneRowEach = measure.kind === 'column' && !parsed.sumWords && !parsed.averageWords;
  const both: Filter = {
    sql: `(SELECT count(DISTINCT ${id}) FROM ${table} WHERE ${where}) = 2${oneRowEach ? ` AND (SELECT count(*) FROM ${table} WHERE ${where}) = 2` : ''}`,
    text: oneRowEach ? 'each alternative is one row' : 'both alternatives have rows',
    tokens: [],
    emptyMeans: oneRowEach
      ? `the two ${column.name} values compared are not one row each (or one has none), so there is no one amount each to compare`
      : `one of the two ${column.name} values compared has no rows`,
  };
  return { spec: { ...inner.spec, filters: [...inner.spec.filters, both], group: { kind: 'column', sql: id, name: column.name, column }, answerKind: 'top1', order: parsed.superlative, limit: 5 } };
}


/** The one condition naming two values of a column, each by its own words, joined by "or" between them; undefined otherwise. */
function namedPair(parsed: ParsedQuestion, match: TableMatch): Filter | undefined {
  // two values, each named by its own words ("American or Mexican divers" names several divers a side: no pair)
  const pairs = match.filters.filter((f) => f.column && !f.negated && f.values?.length === 2 && new Set(f.values.map((v) => v.tokens.join())).size === 2);
  const pair = pairs.length === 1 ? pairs[0] : undefined;
  const joined = pair?.values ? parsed.tokens.some((t) => t.norm === 'or' && t.index > Math.min(...pair.tokens) && t.index < Math.max(...pair.tokens)) : false;
  return joined ? pair : undefined;
}

/**
 * "which year had more releases, 2001 or 1992", read as the rows of each: only where each row is
 * one thing (some text column holds a different value on every row: a chart entry per single and
 * chart is no release each), and, with no noun after "more" ("which nation had more, China or
 * Japan"), only over a table with no amount to add up (the medals, not the rows, would say).
 * @returns the problem, or undefined when the rows may be counted
 */
function whichRowsProblem(parsed: ParsedQuestion, match: TableMatch, at: number): string | undefined {
  const table = match.profile.table;
  const next = parsed.tokens[at + 1]?.norm;
  const bare = next === undefined || next === 'or' || /^\d/.test(next) || match.filters.some((f) => f.tokens.includes(at + 1));
  const amounts = table.columns.filter((c) => c.type !== 'text' && c.type !== 'date' && c.concept === 'measure' && c.aggregation === 'sum' && c !== match.profile.yearColumn);
  if (bare && amounts.length > 0) return `'${parsed.tokens[at].norm}' names no amount, and ${amounts.map((c) => c.name).join(', ')} may be what is compared: name it`;
  const keyed = table.columns.some((c) => c.type === 'text' && c.profile.nullCount === 0 && c.profile.distinctCount === table.rowCount);
  if (!keyed) return `no column names each row once, so the rows of each alternative are not known to be one thing each: name what to count`;
  return undefined;
}

/**
 * "which year had less sales, 2001 or 1990", read as the groups ranked: the condition that both
 * named values have rows, so a year of none is never the one with less (the caller declines).
 * @returns the spec with that condition, or the spec as given when no pair is named
 */
export function withBothAlternatives(parsed: ParsedQuestion, match: TableMatch, spec: QuerySpec): QuerySpec {
  const pair = namedPair(parsed, match);
  if (!pair?.column) return spec;
  const id = sqlIdentifier(pair.column.sqlName);
  const where = spec.filters.map((f) => `(${f.sql})`).join(' AND ');
  const table = sqlIdentifier(match.profile.table.sqlName);
  const both: Filter = {
    sql: `(SELECT count(DISTINCT ${id}) FROM ${table}${where ? ` WHERE ${where}` : ''}) = 2`,
    text: 'both alternatives have rows',
    tokens: [],
    emptyMeans: `one of the two ${pair.column.name} values compared has no rows`,
  };
  return { ...spec, filters: [...spec.filters, both] };
}
