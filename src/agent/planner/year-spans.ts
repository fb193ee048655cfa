/**
 * Year spans written in one cell ("1990–2000", a career or a term of office): "how many years
 * was Eric Wynalda's career" is the end year minus the start year of the row asked. A span
 * still open ("2000–present") has no length the table states, so it gives no value.
 * @module agent/planner/year-spans
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** A closed span of two four-digit years ("1990–2000", "1990 - 2000"). */
const CLOSED_SPAN = String.raw`^\s*(\d{4})\s*[-–—]\s*(\d{4})\s*$`;
/** A closed span, or one still open ("2000–present", "2004–"). */
const ANY_SPAN = /^\s*\d{4}\s*[-–—]\s*(\d{4}|present|current|now|today)?\s*$/i;

/** True when every filled value of a text column is a year span (at least one of them closed). */
function holdsYearSpans(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).map(String);
  return column.type === 'text' && values.length > 0 && values.every((v) => ANY_SPAN.test(v)) && values.some((v) => new RegExp(CLOSED_SPAN).test(v));
}

/**
 * "how many years was X's career", "how many years did X play": the word "years" right after
 * "how many" is the unit of a year-span column, the one the question names or else the
 * table's only one. Returns a mention of that column for the word, or undefined (then "years"
 * stays unexplained, never counted as rows).
 */
export function spanYearsMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[]): ColumnMention | undefined {
  const at = parsed.countNounAt;
  if (!parsed.countWords || at === undefined || parsed.tokens[at]?.norm !== 'years' || mentions.some((m) => m.tokens.includes(at))) return undefined;
  const named = [...new Set(mentions.filter((m) => holdsYearSpans(m.info.column)).map((m) => m.info))];
  const spans = named.length > 0 ? named : profile.columns.filter((c) => holdsYearSpans(c.column));
  if (spans.length !== 1) return undefined;
  return { info: spans[0], tokens: [at], hits: [{ stem: parsed.tokens[at].stem, exact: false }], strength: 1, exact: 0 };
}

/**
 * The span column a "how many years …" question asks the length of: exactly one column named
 * in the question holds year spans, no total, average or ranking is asked, and the question
 * names a row (a filter). Undefined otherwise.
 */
export function yearSpanColumn(parsed: ParsedQuestion, match: TableMatch): CatalogColumn | undefined {
  if (!parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.countNounAt === undefined) return undefined;
  if (parsed.tokens[parsed.countNounAt]?.norm !== 'years' || match.filters.length === 0) return undefined;
  const filtered = new Set(match.filters.map((f) => f.column));
  const spans = [...new Set(match.mentions.filter((m) => !m.usedAsFilter && !filtered.has(m.info.column) && holdsYearSpans(m.info.column)).map((m) => m.info.column))];
  return spans.length === 1 ? spans[0] : undefined;
}

/** The start and the end year of a closed span, each as the pattern's one group (Postgres `substring … from`). */
const SPAN_START = String.raw`^\s*(\d{4})\s*[-–—]\s*\d{4}\s*$`;
const SPAN_END = String.raw`^\s*\d{4}\s*[-–—]\s*(\d{4})\s*$`;

/**
 * SQL of the span's length in years (end year minus start year) over the rows selected: no
 * value unless they agree on one span, and none for an open span.
 * @param withFilter the aggregate's `FILTER (WHERE …)` for `condition` ('' without one)
 */
export function yearSpanSql(column: CatalogColumn, withFilter: (condition?: string) => string, condition?: string): string {
  const id = sqlIdentifier(column.sqlName);
  const value = `min(${id})${withFilter(condition)}`;
  const year = (pattern: string): string => `CAST(substring(${value} from ${sqlLiteral(pattern)}) AS integer)`;
  return `CASE WHEN count(DISTINCT ${id})${withFilter(condition)} = 1 THEN ${year(SPAN_END)} - ${year(SPAN_START)} END`;
}

/** The first year of a span, and its last (an open span runs on: 9999). */
const SPAN_FIRST = String.raw`^\s*(\d{4})`;
const SPAN_LAST = String.raw`(\d{4})\s*$`;

/**
 * "how many models were produced after 2000", "ships in service in 1944": over a table with no
 * date or year column but one column of year spans ("1996–2001", "1998–present"), a phrase of
 * whole years keeps the rows whose span overlaps it: "in 1997" keeps 1994–1997 and 1996–2001,
 * "after 2000" keeps spans ending in 2001 or later (or still open), "before 1995" spans that
 * began in 1994 or earlier. Undefined when the table has no such column, or several.
 * @param from first day kept (`YYYY-01-01`), or undefined for an open start
 * @param to day after the last kept (`YYYY-01-01`), or undefined for an open end
 * @returns the filter's SQL and its explanation
 */
export function yearSpanOverlap(profile: TableProfile, from: string | undefined, to: string | undefined): { column: CatalogColumn; sql: string; text: string } | undefined {
  const spans = profile.columns.filter((c) => holdsYearSpans(c.column));
  if (spans.length !== 1 || (from === undefined && to === undefined)) return undefined;
  const column = spans[0].column;
  const id = sqlIdentifier(column.sqlName);
  const first = `CAST(substring(${id} from ${sqlLiteral(SPAN_FIRST)}) AS integer)`;
  const last = `COALESCE(CAST(substring(${id} from ${sqlLiteral(SPAN_LAST)}) AS integer), 9999)`;
  const firstYear = from === undefined ? undefined : Number(from.slice(0, 4));
  const lastYear = to === undefined ? undefined : Number(to.slice(0, 4)) - 1;
  const parts = [lastYear === undefined ? '' : `${first} <= ${lastYear}`, firstYear === undefined ? '' : `${last} >= ${firstYear}`].filter(Boolean);
  const text = firstYear === undefined ? `up to ${lastYear}` : lastYear === undefined ? `from ${firstYear} on` : firstYear === lastYear ? `including ${firstYear}` : `overlapping ${firstYear} to ${lastYear}`;
  return { column, sql: `${id} IS NOT NULL AND ${parts.join(' AND ')}`, text: `${column.name} span ${text}` };
}
