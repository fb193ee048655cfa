/**
 * The row next to a named one: "which station comes after Naylor Road?", "who came before Bob
 * Ray?", "what is the next title after Bulldog Drummond?", "after license #198, what number is
 * listed?". The row named (by one value that is one row) is found, and the row right after it
 * (or before it) in the table's order gives the column asked for.
 * The order is the sheet's row order (`_sheet_row`, as `streaks.ts` uses it). Where the table has
 * a column that orders its rows in time or by number (a date, a year, a Week or Round), "after"
 * may mean later in that order, which is the sheet's only where that column never goes down: the
 * SQL checks it and gives no value otherwise (the caller declines, `declineIfNull`). Read only
 * over one sheet's table, with the named row the only condition and nothing counted, added up or
 * ranked.
 * @module agent/planner/adjacent-rows
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { NO_WINNER } from './winner-column.js';
import { personColumns } from './person-columns.js';
import { orderColumnOf } from './streaks.js';

/** Words that put the row asked right after or before the one named. */
const DIRECTIONS: Record<string, 'after' | 'before'> = { after: 'after', following: 'after', before: 'before', preceding: 'before' };
/** Words that may stand beside the direction and say no more: "the next title after", "came right after", "is listed before". */
const ADJACENT_WORDS = new Set(['next', 'previous', 'right', 'just', 'immediately', 'directly', 'comes', 'came', 'come', 'follows', 'followed', 'listed', 'placed', 'ranked', 'finished', 'one']);

/** Verbs right before the direction that say a count is of the rows in the list's order: "listed after", "come before". */
const LIST_VERBS = new Set(['listed', 'come', 'comes', 'came', 'appear', 'appears', 'appeared']);

/** What the question asks: the direction, its words and the condition naming the row it starts from. */
export interface AdjacentAsk {
  direction: 'after' | 'before';
  /** The direction word and the words beside it that say no more (explained by this reading). */
  tokens: number[];
  anchor: Filter;
}

/** How the row next to the named one is read. */
export interface AdjacentSpec {
  direction: 'after' | 'before';
  anchor: Filter;
  /** The column whose value in the next row is the answer. */
  column: CatalogColumn;
  /** The column whose order must agree with the sheet's, when the table has one. */
  order?: CatalogColumn;
  /** With no such column: the category columns (a Line, a Division) the next row must share with the named one. */
  sameAs: CatalogColumn[];
  /** Values of the asked column that say no one ("Cancelled", "Not held"): rows holding them are skipped. */
  skip: string[];
}

/** Names of columns that order rows in time or sequence: a second one beside the order checked leaves the order unsure. */
const TIME_NAME = /\b(date|dates|day|days|week|wk|round|rd|season|year|years|time|when|held|month|edition|editions|series|episode|no|number|game|match|race|leg|stage|heat|issue|volume|vol)\b|#/i;
/** Calendar years, as whole numbers. */
const isYear = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1500 && v <= 2100;

/**
 * Finds "after <value>" / "before <value>" where the value is a condition (not negated) naming
 * one value of one column, in a question opened by "which", "what" or "who" that counts, adds up
 * and ranks nothing.
 * @returns undefined when the question asks no such row
 */
export function adjacentRowAsked(parsed: ParsedQuestion, filters: Filter[]): AdjacentAsk | undefined {
  if (parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.comparative || parsed.difference) return undefined;
  const tokens = parsed.tokens;
  // "how many places are listed after Sixtieth Street": the rows listed after it, counted (a list's order is asked by "listed")
  const counted = parsed.countWords === true;
  if (!counted && !tokens.some((t) => ['which', 'what', 'who'].includes(t.norm))) return undefined;
  const dated = new Set(parsed.dateTokens.flat());
  for (const token of tokens) {
    const direction = DIRECTIONS[token.norm];
    if (!direction || dated.has(token.index) || parsed.consumed.has(token.index)) continue;
    let next = token.index + 1;
    if (tokens[next]?.norm === 'the') next++;
    const anchor = filters.find((f) => !f.negated && f.column !== undefined && f.values?.length === 1 && f.values[0].tokens[0] === next);
    if (!anchor) continue;
    if (counted && !LIST_VERBS.has(tokens[token.index - 1]?.norm ?? '')) continue;
    const words = [token.index, ...(next > token.index + 1 ? [token.index + 1] : [])];
    for (let k = token.index - 1; k >= 0 && ADJACENT_WORDS.has(tokens[k].norm); k--) words.push(k);
    for (const t of tokens) if ((t.norm === 'next' || t.norm === 'previous') && !words.includes(t.index)) words.push(t.index);
    return { direction, tokens: words, anchor };
  }
  return undefined;
}

/**
 * The spec of the row next to the named one, or why there is none.
 * The column asked is the one the question names apart from the named row ("which station",
 * "the next title"); with "who" and none named, the named row's own column when it lists people.
 */
export function interpretAdjacent(parsed: ParsedQuestion, match: TableMatch, ask: AdjacentAsk): { adjacent?: AdjacentSpec; rows?: Filter; problem?: string } {
  const table = match.profile.table;
  if (table.kind !== 'table') return { problem: `${table.sqlName} joins several tables, so no row comes ${ask.direction} another` };
  if (parsed.countWords) return { rows: rowsListedBeside(match, ask) };
  const others = match.filters.filter((f) => f !== ask.anchor);
  if (others.length > 0 || match.dateFilter) return { problem: `the row ${ask.direction} ${ask.anchor.text} is read only with no other condition` };
  const anchorTokens = new Set(ask.anchor.tokens);
  const named = distinct(match.mentions.filter((m) => !m.usedAsFilter && !m.tokens.some((t) => anchorTokens.has(t))));
  // "who won the tournament before the Masters": the named row's own column ("the tournament") is no column asked beside another
  const apart = named.filter((c) => c !== ask.anchor.column);
  const asked = apart.length === 1 ? apart : named;
  let column: CatalogColumn | undefined;
  if (asked.length === 1) column = asked[0];
  else if (asked.length === 0 && parsed.who && ask.anchor.column && personColumns(table).includes(ask.anchor.column)) column = ask.anchor.column;
  else if (asked.length === 0 && !parsed.who) column = ask.anchor.column;
  if (!column) return { problem: asked.length > 1 ? `the row ${ask.direction} ${ask.anchor.text}: say which of ${asked.map((c) => c.name).join(', ')} to give` : `the row ${ask.direction} ${ask.anchor.text}: say which column to give` };
  if (column.type === 'date' || (column.type === 'integer' && isYear(column.profile.min) && isYear(column.profile.max))) {
    return { problem: `'${ask.direction} ${ask.anchor.text}' over the years of ${column.name} asks a later date, not the next row` };
  }
  const order = orderColumnOf(match) ?? match.profile.yearColumn;
  // a column of dates or weeks the order cannot be checked on ("April 17", "Week 16" as text) may run either way
  // (a stopwatch time is how long, never when)
  // … and so may a column of years dating some event ("Withdrawn", "Opened"): "withdrawn after Hardwicke" is later in those years
  const yearsOf = (c: CatalogColumn): boolean => c.type === 'integer' && isYear(c.profile.min) && isYear(c.profile.max);
  const unchecked = table.columns.filter((c) => c !== order && c.derived === undefined && c.unit !== 'seconds' && (c.type === 'date' || yearsOf(c) || TIME_NAME.test(c.name.replace(/_/g, ' '))));
  if (unchecked.length > 0) return { problem: `${unchecked.map((c) => c.name).join(', ')} may order the rows otherwise than the sheet lists them, so the row ${ask.direction} ${ask.anchor.text} is unclear` };
  // with no order column the list's order is the sheet's, within a category (the stations of one Line): the next row must share it
  // (a category written only on its first row, the rest blank as merged cells leave them, does not say where a group ends)
  const filled = (c: CatalogColumn): number => table.rowCount - c.profile.nullCount;
  const categories = order ? [] : table.columns.filter((c) => c.type === 'text' && c !== column && c !== ask.anchor.column && c.derived === undefined && c.concept !== 'text'
    && c.profile.distinctCount >= 2 && c.profile.distinctCount < filled(c));
  const gapped = order ? undefined : table.columns.find((c) => c.type === 'text' && c !== column && c !== ask.anchor.column && c.derived === undefined && c.concept !== 'text'
    && c.profile.distinctCount >= 2 && c.profile.nullCount > 0);
  if (gapped) return { problem: `${gapped.name} is blank on some rows, so where its groups end, and which row comes ${ask.direction} ${ask.anchor.text}, is unclear` };
  const sameAs = categories;
  const skip = (column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string' && NO_WINNER.test(v));
  return { adjacent: { direction: ask.direction, anchor: ask.anchor, column, ...(order ? { order } : {}), sameAs, skip } };
}

/**
 * The condition keeping the rows listed after (before) the named one, in sheet order. Where the
 * named value is not one row there is no such place in the list: a second reading keeps every
 * row then, so the two disagree and the count gives no value (`agreeing`), never 0.
 */
function rowsListedBeside(match: TableMatch, ask: AdjacentAsk): Filter {
  const from = ` FROM ${sqlIdentifier(match.profile.table.sqlName)}`;
  const anchor = `(SELECT CASE WHEN count(*) = 1 THEN min("_sheet_row") END${from} WHERE ${ask.anchor.sql})`;
  const sql = `"_sheet_row" ${ask.direction === 'after' ? '>' : '<'} ${anchor}`;
  return {
    sql,
    text: `listed ${ask.direction} the row where ${ask.anchor.text}`,
    tokens: [...ask.tokens, ...ask.anchor.tokens],
    agreeing: `${anchor} IS NULL OR ${sql}`,
    disagreeing: `${ask.anchor.text} is not one row of the list, so no rows are listed ${ask.direction} it`,
  };
}

function distinct(mentions: ColumnMention[]): CatalogColumn[] {
  return [...new Set(mentions.map((m) => m.info.column))];
}

/**
 * The SELECT of the row next to the named one over the view `tableSqlName`: one value, the asked
 * column's in that row; NULL when the named value is not exactly one row, no row comes next, or
 * the order column goes down somewhere in sheet order.
 */
export function adjacentSql(adjacent: AdjacentSpec, tableSqlName: string, tableText: string): { sql: string; explanation: string; declineIfNull: string } {
  const from = ` FROM ${sqlIdentifier(tableSqlName)}`;
  const anchor = `(SELECT CASE WHEN count(*) = 1 THEN min("_sheet_row") END${from} WHERE ${adjacent.anchor.sql})`;
  const after = adjacent.direction === 'after';
  const asked = sqlIdentifier(adjacent.column.sqlName);
  const skipped = adjacent.skip.length > 0 ? ` AND ${asked} NOT IN (${adjacent.skip.map((v) => sqlLiteral(v)).join(', ')})` : '';
  const neighbour = `(SELECT ${after ? 'min' : 'max'}("_sheet_row")${from} WHERE "_sheet_row" ${after ? '>' : '<'} ${anchor}${skipped})`;
  const cell = (column: CatalogColumn, row: string): string => `(SELECT ${sqlIdentifier(column.sqlName)}${from} WHERE "_sheet_row" = ${row})`;
  const value = cell(adjacent.column, neighbour);
  const orderId = adjacent.order ? sqlIdentifier(adjacent.order.sqlName) : undefined;
  // strictly rising: rows of one year listed newest first would put "after" backwards without the years going down
  const checks = [
    ...(orderId ? [`(SELECT bool_and("ascending") FROM (SELECT ${orderId} > lag(${orderId}) OVER (ORDER BY "_sheet_row") AS "ascending"${from}) AS "steps") IS NOT FALSE`] : []),
    ...adjacent.sameAs.map((c) => `${cell(c, neighbour)} IS NOT DISTINCT FROM ${cell(c, anchor)}`),
  ];
  const sql = checks.length > 0 ? `SELECT CASE WHEN ${checks.join(' AND ')} THEN ${value} END AS ${asked}` : `SELECT ${value} AS ${asked}`;
  const order = adjacent.order ? `in the sheet's row order (which follows ${adjacent.order.name})` : `in the sheet's row order`;
  return {
    sql,
    explanation: `${adjacent.column.name} of the row right ${adjacent.direction} the one where ${adjacent.anchor.text}, ${order}, from ${tableText}.`,
    declineIfNull: `${adjacent.anchor.text} is not one row with a row ${adjacent.direction} it holding ${adjacent.column.name}${adjacent.order ? `, or the rows are not listed in rising ${adjacent.order.name} order` : ''}${adjacent.sameAs.length > 0 ? `, or that row has another ${adjacent.sameAs.map((c) => c.name).join(' or ')}` : ''}`,
  };
}
