/**
 * Streaks: "how many consecutive games did the team win", "how many games in a row did they
 * lose to start the season", "how many consecutive zeros are listed under FA Cup". The longest
 * run of rows, in the sheet's row order, where the question's conditions hold (or the run the
 * rows open with). Row order is the sheet's (`_sheet_row`, each stored row's 1-based source
 * row); it is used only when the table is one sheet's table, and when the table has an order
 * column (a date, or a Week/Round/Game number), only when that column never goes down in sheet
 * order (checked by the SQL itself: no value when it does). Rows whose conditioned cells are
 * blank ("Bye" weeks) are skipped, neither breaking nor extending a run.
 * @module agent/planner/streaks
 */
import { seasonSpellings } from './season-labels.js';
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { foldText } from './normalize-text.js';
import { sqlIdentifier } from './sql-text.js';

/** Words that ask for a run of rows. */
const RUN_WORDS = new Set(['consecutive', 'consecutively', 'successive', 'streak']);
/** Words that put the run at the start: "at the beginning of the season", "to start the season", "opening games". */
const START_WORDS = new Set(['beginning', 'start', 'started', 'starting', 'opening', 'began']);
/** The period a team's list of games covers: "the start of the season". */
const SEASON_NOUNS = new Set(['season', 'year', 'campaign', 'league']);
/** Names of columns that number or date rows in their natural order. */
export const ORDER_NAME = /^(week|wk|round|rd\.?|rnd\.?|game|match|no\.?|#|number|matchday|game ?#|date)$/;

/** A streak asked by a question. */
export interface StreakAsk {
  /** The words that ask for it (run words, "in a row", start words): explained by it. */
  tokens: number[];
  /** The run the rows open with, not the longest anywhere. */
  fromStart: boolean;
}

/** How a streak is computed. */
export interface StreakSpec {
  fromStart: boolean;
  /** The column whose order is checked against the sheet's, when the table has one. */
  order?: CatalogColumn;
  /** Columns whose blank cells take a row out of the run. */
  skipBlank: CatalogColumn[];
}

/** The streak the question asks for, or undefined. */
export function streakAsked(parsed: ParsedQuestion): StreakAsk | undefined {
  const { tokens } = parsed;
  const found: number[] = [];
  for (const token of tokens) {
    if (RUN_WORDS.has(token.norm)) found.push(token.index);
    // "three straight wins", "straight games": "straight" before a plural noun (not "straight A students")
    if (token.norm === 'straight' && /[a-z]{3,}s$/.test(tokens[token.index + 1]?.norm ?? '')) found.push(token.index);
    // "in a row"
    if (token.norm === 'row' && tokens[token.index - 1]?.norm === 'a' && tokens[token.index - 2]?.norm === 'in') found.push(token.index - 2, token.index - 1, token.index);
  }
  if (found.length === 0) return undefined;
  const start: number[] = [];
  for (const token of tokens) {
    if (!START_WORDS.has(token.norm)) continue;
    start.push(token.index);
    // "at the beginning of the season", "to start the year": the period is the table's own
    let next = token.index + 1;
    while (['of', 'the', 'this', 'its', 'their'].includes(tokens[next]?.norm ?? '')) next++;
    if (SEASON_NOUNS.has(tokens[next]?.norm ?? '')) start.push(next);
  }
  return { tokens: [...found, ...start], fromStart: start.length > 0 };
}

/** The column that orders a table's rows (its one date, or one Week/Round/Game/No. number, or one Season of labels), if any. */
export function orderColumnOf(match: TableMatch): CatalogColumn | undefined {
  const columns = match.profile.table.columns;
  const dates = columns.filter((c) => c.type === 'date');
  if (dates.length === 1) return dates[0];
  const numbered = columns.filter((c) => (c.type === 'integer' || c.type === 'date') && ORDER_NAME.test(foldText(c.name).trim()));
  if (numbered.length === 1) return numbered[0];
  // a Year of whole numbers, one row a year and no year skipped (2005 … 2013): a run of rows is a run of years
  const year = match.profile.yearColumn;
  const [min, max] = [Number(year?.profile.min), Number(year?.profile.max)];
  if (numbered.length === 0 && year && year.type === 'integer' && year.profile.nullCount === 0 && year.profile.distinctCount === match.profile.table.rowCount && max - min + 1 === year.profile.distinctCount) return year;
  // a Season column of "1991–92" labels orders the rows as its first years do (the labels sort as text)
  const seasons = columns.filter((c) => c.type === 'text' && /^(season|year)s?$/.test(foldText(c.name).trim()) && (c.profile.distinct ?? []).length > 1
    && (c.profile.distinct ?? []).length === c.profile.distinctCount && (c.profile.distinct ?? []).every((v) => seasonSpellings(String(v)).length > 0));
  return numbered.length === 0 && seasons.length === 1 ? seasons[0] : undefined;
}

/**
 * The streak spec of a match, or why there is none: only over one sheet's table, with at least
 * one condition to run over, and no grouping, ranking or other aggregate asked.
 */
export function interpretStreak(parsed: ParsedQuestion, match: TableMatch, ask: StreakAsk): { streak?: StreakSpec; problem?: string } {
  const table = match.profile.table;
  if (table.kind !== 'table') return { problem: `a run of consecutive rows over ${table.sqlName}, which joins several tables, has no one row order` };
  if (match.filters.length === 0) return { problem: 'could not tell what the consecutive rows have in common' };
  // "consecutive home wins": consecutive among home games, or home wins in a row of all games? unclear
  if (match.filters.length > 1) return { problem: `a run of rows where ${match.filters.map((f) => f.text).join(' and ')} may skip the other rows or be broken by them; ask for one condition` };
  if (parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.comparative || parsed.difference) return { problem: 'only the number of consecutive rows is computed, not a total or ranking over them' };
  if (match.dateFilter || match.periods && match.profile.periods.length > 0) return { problem: 'a run of consecutive rows within a date range is not supported' };
  // "how many times were consecutive games played against Millwall": how many runs there were, not how long the longest is
  if (parsed.countWords && parsed.tokens[parsed.countNounAt ?? -1]?.norm === 'times') return { problem: "'how many times' counts runs of consecutive rows; only the length of the longest run is computed" };
  const order = orderColumnOf(match);
  const listed = parsed.tokens.some((t) => t.norm === 'listed' || t.norm === 'list');
  // "the consecutive year after 1969": a condition on the column that orders the rows is no thing the rows have in common
  if (order && match.filters.some((f) => f.column === order)) return { problem: `the condition is on ${order.name}, which orders the rows: a run of consecutive rows is counted over another column's condition` };
  if (!order && !listed) return { problem: `${table.sqlName} has no date or number column that orders its rows, so 'consecutive' has no order to follow` };
  // a list with total rows left out of its rows: whether a run goes through them is unclear
  if (!order && table.aggregateRows.length > 0) return { problem: `${table.sqlName}'s total rows are left out of its rows, so a run listed through them is unclear` };
  // … but a season with no cell ("–": the team did not take part) still breaks a run of seasons
  const bySeasons = order !== undefined && (order.type === 'text' || order === match.profile.yearColumn);
  const skipBlank = bySeasons ? [] : [...new Set(match.filters.map((f) => f.column).filter((c): c is CatalogColumn => c !== undefined))];
  return { streak: { fromStart: ask.fromStart, ...(order ? { order } : {}), skipBlank } };
}

/**
 * The SELECT of a streak over the view `tableSqlName` (`tableText` names it for the explanation): one value, the number of rows in the run; NULL when the order
 * column goes down somewhere in sheet order (the caller declines with `declineIfNull`).
 */
export function streakSql(streak: StreakSpec, filters: Filter[], tableSqlName: string, tableText: string): { sql: string; explanation: string; declineIfNull: string } {
  const from = ` FROM ${sqlIdentifier(tableSqlName)}`;
  const hit = filters.map((f) => (/\bOR\b/.test(f.sql) ? `(${f.sql})` : f.sql)).join(' AND ');
  const present = streak.skipBlank.map((c) => `${sqlIdentifier(c.sqlName)} IS NOT NULL`);
  const rows = `(SELECT "_sheet_row", coalesce(${hit}, FALSE) AS "hit"${from}${present.length > 0 ? ` WHERE ${present.join(' AND ')}` : ''})`;
  const value = streak.fromStart
    ? `(SELECT count(*) FROM ${rows} AS "in_order" WHERE "_sheet_row" < coalesce((SELECT min("_sheet_row") FROM ${rows} AS "misses" WHERE NOT "hit"), 2147483647))`
    : `(SELECT coalesce(max("run"), 0) FROM (SELECT count(*) AS "run" FROM (SELECT "hit", row_number() OVER (ORDER BY "_sheet_row") - row_number() OVER (PARTITION BY "hit" ORDER BY "_sheet_row") AS "island" FROM ${rows} AS "in_order") AS "islands" WHERE "hit" GROUP BY "island") AS "runs")`;
  const orderId = streak.order ? sqlIdentifier(streak.order.sqlName) : undefined;
  // season labels ("1991–92") must follow each other one a row: a season missing or listed twice would join two runs
  const seasons = streak.order?.type === 'text';
  const firstYear = `CAST(substring(${orderId} from '^[0-9]{4}') AS integer)`;
  const step = seasons ? `${firstYear} - lag(${firstYear}) OVER (ORDER BY "_sheet_row") = 1` : `${orderId} >= lag(${orderId}) OVER (ORDER BY "_sheet_row")`;
  const sql = orderId
    ? `SELECT CASE WHEN (SELECT bool_and("ascending") FROM (SELECT ${step} AS "ascending"${from}) AS "steps") IS NOT FALSE THEN ${value} END AS "consecutive_rows"`
    : `SELECT ${value} AS "consecutive_rows"`;
  const what = streak.fromStart ? 'Number of consecutive rows the table opens with' : 'Longest run of consecutive rows';
  const order = streak.order ? `in the sheet's row order (which follows ${streak.order.name})` : `in the sheet's row order`;
  const skipped = streak.skipBlank.length > 0 ? `; rows with a blank ${streak.skipBlank.map((c) => c.name).join(' or ')} skipped` : '';
  return {
    sql,
    explanation: `${what} ${order} where ${filters.map((f) => f.text).join(' and ')}, from ${tableText}${skipped}.`,
    declineIfNull: seasons ? `the rows are not one ${streak.order?.name} each, one after the other (a season missing or listed twice), so a run of rows is no run of seasons`
      : streak.order ? `the rows are not in ${streak.order.name} order, so the sheet's row order is not the order of the games` : 'no run could be computed',
  };
}
