/**
 * Places as questions write them, beyond a plain "4th place": several ordinals sharing one
 * place word ("the first and eighth place time", "1st or 2nd place"), a cardinal written for
 * the ordinal right before a singular place word ("the eight place time"), medal colours as
 * places ("the gold and silver medal winners" finished first and second), and the medal rows
 * of a ranked list whose Rank cells are blank for its first rows (gold, silver and bronze shown
 * as pictures on the page the table was copied from, the numbers starting at 4).
 * @module agent/planner/place-ordinals
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import type { Token } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import { wordTable } from './word-table.js';

/** Cardinals spelled out, one to twenty; read as a place only right before a singular place word ("eight place" is the 8th place). */
export const SPELLED_CARDINALS: Record<string, number> = wordTable({
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
});
/** Singular place words after which a cardinal names one place ("eight place"); "eight places" is a count. */
const SINGULAR_PLACE_WORDS = new Set(['place', 'position']);
/** Words right before such a cardinal: "the eight place time", "first and eight place", "finished in eight place" (not "up one place"). */
const BEFORE_CARDINAL_PLACE = new Set(['the', 'and', 'or', 'in', 'at', 'of']);
/** Words joining ordinals that share the place word after the last of them: "first and eighth place". */
const JOINING_WORDS = new Set(['and', 'or', 'to', 'through']);
/** Medal colours as places: "the gold medal winner" finished first. */
const MEDAL_PLACES: Record<string, number> = wordTable({ gold: 1, silver: 2, bronze: 3 });
/** Words that make a colour a medal: "silver medal", "bronze medallist". */
export const MEDAL_WORDS = new Set(['medal', 'medals', 'medalist', 'medalists', 'medallist', 'medallists']);
/** Words after a medal naming who won it: "the gold medal winner". */
const MEDAL_HOLDERS = new Set(['winner', 'winners', 'holder', 'holders', 'recipient', 'recipients']);
/** Medal rows: at most three (gold, silver, bronze); a fourth blank row would be a second bronze or a tie. */
const MEDAL_ROWS = 3;

/**
 * The place a cardinal stands for when it is written for an ordinal: a number word right before
 * a singular place word, after an article, a preposition or a joining word ("the eight place
 * time" → 8, "first and eight place"); never before a plural ("eight places") nor in "up one place".
 */
export function cardinalPlaceOf(tokens: Token[], index: number): number | undefined {
  const value = SPELLED_CARDINALS[tokens[index]?.norm ?? ''];
  if (value === undefined || !SINGULAR_PLACE_WORDS.has(tokens[index + 1]?.norm ?? '')) return undefined;
  return BEFORE_CARDINAL_PLACE.has(tokens[index - 1]?.norm ?? '') ? value : undefined;
}

/**
 * "the first and eighth place time", "1st or 2nd place": the place word after the last of
 * several joined ordinals belongs to each of them.
 * @param placeAt the place an ordinal or cardinal at a token stands for, undefined for other words
 * @param placeWords the words that name a place (place, position, rank …)
 * @returns the index of the shared place word, or undefined when the ordinal is not joined to others before one
 */
export function sharedPlaceWordAt(tokens: Token[], index: number, placeAt: (i: number) => number | undefined, placeWords: Set<string>): number | undefined {
  let last = index;
  while (JOINING_WORDS.has(tokens[last + 1]?.norm ?? '') && placeAt(last + 2) !== undefined) last += 2;
  return last > index && placeWords.has(tokens[last + 1]?.norm ?? '') ? last + 1 : undefined;
}

/**
 * The medal rows of a ranked list: a position column blank in one to three rows whose smallest
 * number is the one after them (blank, blank, blank, 4, 5 …): the blanks are places 1 to 3, the
 * first rows of the list. The condition for place `n` (1 ≤ n ≤ the blanks) is the `n`-th row in
 * the sheet's order, and it holds only when the stored rows bear the layout out: the blank cells
 * are the first rows and the row after them holds the next place. Otherwise it keeps no row,
 * so a single value read from it is no value (the caller never counts rows with it).
 * @returns the SQL condition, or undefined when the column has no such medal rows or `n` is not one of them
 */
export function medalRowCondition(table: CatalogTable, column: CatalogColumn, n: number): string | undefined {
  const blanks = column.profile.nullCount;
  if (table.kind !== 'table' || column.type !== 'integer' || blanks < 1 || blanks > MEDAL_ROWS || n < 1 || n > blanks) return undefined;
  if (column.profile.min !== blanks + 1 || table.rowCount <= blanks) return undefined;
  const id = sqlIdentifier(column.sqlName);
  const from = sqlIdentifier(table.sqlName);
  const nth = (offset: number, what: string): string => `(SELECT ${what} FROM ${from} ORDER BY "_sheet_row" LIMIT 1 OFFSET ${offset})`;
  const leading = `(SELECT count(*) FROM (SELECT ${id} FROM ${from} ORDER BY "_sheet_row" LIMIT ${blanks}) AS "medal_rows" WHERE "medal_rows".${id} IS NULL)`;
  return `("_sheet_row" = ${nth(n - 1, '"_sheet_row"')} AND ${id} IS NULL AND ${leading} = ${blanks} AND ${nth(blanks, id)} = ${blanks + 1})`;
}

/**
 * The place a medal colour stands for when a medal word follows it, alone or after other
 * colours joined to it ("the gold and silver medal winners" → 1 and 2). The caller reads it only
 * where the colour names nothing of the table (no Gold column, no "Gold" value).
 */
export function medalPlaceOf(tokens: Token[], index: number): number | undefined {
  const place = MEDAL_PLACES[tokens[index]?.norm ?? ''];
  if (place === undefined) return undefined;
  const colour = (i: number): number | undefined => MEDAL_PLACES[tokens[i]?.norm ?? ''];
  return MEDAL_WORDS.has(tokens[index + 1]?.norm ?? '') || sharedPlaceWordAt(tokens, index, colour, MEDAL_WORDS) !== undefined ? place : undefined;
}

/** The medal word after a colour (past other joined colours) and the "winner(s)" after it: the words the place uses. */
export function medalWordsAt(tokens: Token[], index: number): number[] {
  const colour = (i: number): number | undefined => MEDAL_PLACES[tokens[i]?.norm ?? ''];
  const word = MEDAL_WORDS.has(tokens[index + 1]?.norm ?? '') ? index + 1 : sharedPlaceWordAt(tokens, index, colour, MEDAL_WORDS);
  if (word === undefined) return [];
  return MEDAL_HOLDERS.has(tokens[word + 1]?.norm ?? '') ? [word, word + 1] : [word];
}

/** Nouns of a ranked list's places: "the first three finishers" are its places 1 to 3, whatever the rows' order. */
const FINISHER_NOUNS = new Set(['finisher', 'finishers', 'placers', 'placings', 'places', 'positions', 'spots']);
/** Column names of finishing positions (as `RANK_COLUMN` of match-conditions, without "Result"). */
const PLACE_COLUMN = /^(rank|place|placing|position|pos|finish|finishing position|final position|standing)\b/i;

/**
 * "The first three finishers": over a table with one column of places (whole numbers, none
 * blank) they are places 1 to 3, not the first three rows as stored (a list sorted by name
 * would give other rows). Undefined when the noun is no finisher word or the places are not so
 * written; then the rows' own order stands (blank medal rows come first in it).
 */
export function finishersAsPlaces(parsed: ParsedQuestion, table: CatalogTable): Filter | undefined {
  const window = parsed.rowWindow;
  if (!window || window.end !== 'first' || !FINISHER_NOUNS.has(parsed.tokens[window.nounAt]?.norm ?? '')) return undefined;
  const places = table.columns.filter((c) => PLACE_COLUMN.test(c.name.trim()) && c.type === 'integer' && c.derived === undefined);
  if (places.length !== 1 || places[0].profile.nullCount > 0 || places[0].profile.min !== 1) return undefined;
  const column = places[0];
  const at = window.nounAt;
  return { sql: `${sqlIdentifier(column.sqlName)} BETWEEN 1 AND ${window.count}`, text: `${column.name} 1 to ${window.count}`, tokens: [at - 2, at - 1, at], column };
}

