/**
 * Years between two named rows: "how many years were there between the Sun Classic and the
 * Crowns?", "how many years passed between A and B", "how many years after the Dunlop Open was
 * the Masters?". The table's one column of calendar years gives each side's year (one year per
 * side, else no value); "between" asks the absolute difference, "after" the second side's year
 * minus the first's and "before" the first's minus the second's (no value when the rows say the
 * other way round). Read only when the question opens "how many years" and names the two sides
 * as values right after "between" (joined by "and") or on either side of "after"/"before".
 * @module agent/planner/years-between
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

/** Verbs of time going by that say no more: "how many years passed between …", "were there". */
const ELAPSE_WORDS = new Set(['passed', 'elapsed', 'went', 'gone', 'by', 'there', 'apart', 'separate', 'separated', 'separates']);

/** The words of the ask and how the two sides are read. */
export interface YearsBetweenAsk {
  /** `between`: absolute; `after`: second minus first; `before`: first minus second. */
  kind: 'between' | 'after' | 'before';
  /** "between"/"after"/"before" and the elapse words, explained by this reading. */
  tokens: number[];
}

/**
 * Finds "how many years … between <value> and <value>" or "how many years after/before <value>
 * … <value>" over a table with one column of calendar years.
 * @param filters the value conditions found so far
 */
export function yearsBetweenAsked(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[]): YearsBetweenAsk | undefined {
  const tokens = parsed.tokens;
  if (tokens[0]?.norm !== 'how' || tokens[1]?.norm !== 'many' || tokens[2]?.norm !== 'years') return undefined;
  if (parsed.sumWords || parsed.averageWords || parsed.superlative || !yearColumnOf(profile)) return undefined;
  const dated = new Set(parsed.dateTokens.flat());
  const startsValue = (at: number): boolean => filters.some((f) => !f.negated && f.values?.some((v) => v.tokens[0] === at || (tokens[at]?.norm === 'the' && v.tokens[0] === at + 1)));
  for (const token of tokens) {
    if (token.index < 3 || dated.has(token.index) || !['between', 'after', 'before'].includes(token.norm) || !startsValue(token.index + 1)) continue;
    // (over full dates "after" needs the dates' order, not their years': only "between" is read there)
    if (token.norm !== 'between' && yearColumnOf(profile)?.type === 'date') return undefined;
    const words = [token.index, ...tokens.filter((t) => t.index > 2 && ELAPSE_WORDS.has(t.norm)).map((t) => t.index)];
    return { kind: token.norm as YearsBetweenAsk['kind'], tokens: words };
  }
  return undefined;
}

/**
 * The table's one column that dates its rows by year: its integer year column, or the one integer
 * column holding only years, or else its one date column (read by its year).
 */
export function yearColumnOf(profile: TableProfile): CatalogColumn | undefined {
  if (profile.yearColumn?.type === 'integer') return profile.yearColumn;
  const year = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1500 && v <= 2100;
  const usable = profile.table.columns.filter((c) => !c.isAggregateColumn && c.derived === undefined);
  const held = usable.filter((c) => c.type === 'integer' && year(c.profile.min) && year(c.profile.max));
  if (held.length > 0) return held.length === 1 ? held[0] : undefined;
  const dates = usable.filter((c) => c.type === 'date');
  return dates.length === 1 ? dates[0] : undefined;
}

/**
 * The sides in question order: two values of one condition, or two conditions on one column.
 * @returns undefined when the question does not name exactly two such sides
 */
export function yearSides(match: TableMatch): { sides: [Filter, Filter]; rest: Filter[] } | undefined {
  const valued = match.filters.filter((f) => !f.negated && f.column !== undefined && f.values !== undefined);
  const at = (f: Filter): number => Math.min(...(f.values ?? []).flatMap((v) => v.tokens));
  if (valued.length === 1 && valued[0].values?.length === 2) {
    const [filter] = valued;
    const column = filter.column as CatalogColumn;
    const sides = [...(filter.values ?? [])].sort((a, b) => a.tokens[0] - b.tokens[0]).map((v) => ({
      sql: `${sqlIdentifier(column.sqlName)} = ${sqlLiteral(v.value)}`, text: `${column.name} = '${v.value}'`, tokens: v.tokens, column, values: [v],
    } satisfies Filter)) as [Filter, Filter];
    return { sides, rest: match.filters.filter((f) => f !== filter) };
  }
  if (valued.length === 2 && valued.every((f) => f.values?.length === 1)) {
    const sides = [...valued].sort((a, b) => at(a) - at(b)) as [Filter, Filter];
    return { sides, rest: match.filters.filter((f) => !valued.includes(f)) };
  }
  return undefined;
}
