/**
 * "The same X as Y": conditions that compare a row's value with another value rather than with a
 * number the question gives.
 * - "how many countries have the same number of silver medals as the United States": the rows
 *   whose Silver equals the United States' Silver, the United States itself left out (it is the
 *   yardstick, not one of the others);
 * - "how many teams had the same number of draws and losses": the rows whose Draw equals their
 *   Lost.
 * @module agent/planner/same-as
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

/** Words that may stand between "same" and the column it compares ("the same number of", "the same amount of"). */
const SAME_GAP = new Set(['number', 'amount', 'count', 'of', 'total', 'value', 'values']);
/** Words between the two sides: "the same X as Y", "the same number of A and B", "A as B". */
const SAME_JOINERS = new Set(['as', 'and', 'than']);

/**
 * Turns "the same <column> as <named row>" and "the same <column> and <column>" into filters.
 * The named row must be one row (its value column holds each value once), so the comparison has
 * one value to compare with, and the compared column may have no blanks (a blank would match
 * nothing and say 0), except in a count, where the named rows' smallest and largest values are
 * both read and the count stands only where they agree (`readTwice`); never over a number
 * column with blanks (a blank may be a zero) nor when the rows counted are the named column's own. Two columns of one row are compared only when both hold numbers ("the same
 * country and event" asks about other rows). Consumes "same", the joiner and the value filter it
 * replaces; marks the compared columns used as filters.
 * @returns problems: a named row that is no single row
 */
export function matchSameAs(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, filters: Filter[]): string[] {
  const problems: string[] = [];
  const tokens = parsed.tokens;
  for (const same of tokens) {
    if (same.norm !== 'same' || covered.has(same.index)) continue;
    let at = same.index + 1;
    while (at < tokens.length && SAME_GAP.has(tokens[at].norm)) at++;
    const first = mentions.find((m) => Math.min(...m.tokens) === at && !m.usedAsFilter);
    if (!first) continue;
    // "the same number of silver medals as": words the match explained already ("medals") may follow the column's name
    let joinerAt = Math.max(...first.tokens) + 1;
    while (joinerAt < tokens.length && joinerAt <= Math.max(...first.tokens) + 2 && covered.has(joinerAt) && !SAME_JOINERS.has(tokens[joinerAt].norm) && !mentions.some((m) => m.tokens.includes(joinerAt))) joinerAt++;
    if (!SAME_JOINERS.has(tokens[joinerAt]?.norm ?? '')) continue;
    let next = joinerAt + 1;
    while (next < tokens.length && ['the', 'their', 'its', 'that', 'of', 'number', 'amount'].includes(tokens[next].norm)) next++;
    const table = sqlIdentifier(profile.table.sqlName);
    const compared = sqlIdentifier(first.info.column.sqlName);
    const second = mentions.find((m) => m !== first && Math.min(...m.tokens) === next && m.info.numeric === first.info.numeric);
    // … but "the same number of wins and losses as Fulham" compares with a named row: not read
    const afterSecond = second ? Math.max(...second.tokens) : -1;
    const asNamed = second !== undefined && [afterSecond + 1, afterSecond + 2].some((t) => tokens[t]?.norm === 'as');
    if (asNamed) {
      problems.push(`'the same ${first.info.column.name} and ${second.info.column.name} as …' compares two columns with a named row, which the planner does not read`);
      covered.add(same.index);
      continue;
    }
    if (second && tokens[joinerAt].norm !== 'than' && first.info.numeric && second.info.numeric) {
      // "the same number of draws and losses": two columns of one row
      filters.push({ sql: `${compared} = ${sqlIdentifier(second.info.column.sqlName)}`, text: `${first.info.column.name} = ${second.info.column.name}`, tokens: [same.index, ...first.tokens, joinerAt, ...second.tokens], column: first.info.column });
      first.usedAsFilter = true;
      second.usedAsFilter = true;
      [same.index, joinerAt].forEach((t) => covered.add(t));
      continue;
    }
    if (tokens[joinerAt].norm !== 'as') continue;
    const named = filters.find((f) => f.values?.length === 1 && f.values[0].tokens[0] === next && !f.negated && f.column !== undefined);
    if (!named?.column) continue;
    const key = named.column;
    if (key === first.info.column) continue;
    const rows = profile.table.rowCount - key.profile.nullCount;
    const oneRowEach = key.profile.distinctCount === rows && first.info.column.profile.nullCount === 0;
    // … but a blank number may be a zero ("–" for no bronze medals), and a count of the named column's own values
    // ("how many teams had the same result as Arsenal" over a log where teams repeat) counts rows, not teams
    const blankNumbers = first.info.numeric && first.info.column.profile.nullCount > 0;
    const countsKey = key.profile.distinctCount !== rows && parsed.countNounAt !== undefined && mentions.some((m) => m.info.column === key && m.tokens.includes(parsed.countNounAt as number));
    if (!oneRowEach && !blankNumbers && !countsKey && parsed.countWords && !parsed.sumWords && !parsed.averageWords) {
      // a count may still be given: both the smallest and the largest of the named rows' values are read, and the count
      // stands only where they keep the same rows (a named row with no value, or with two, gives none)
      const others = othersWords(parsed, same.index);
      filters.splice(filters.indexOf(named), 1, readTwice(profile, first.info.column, named, [...others, same.index, ...first.tokens, joinerAt, ...named.tokens]));
      first.usedAsFilter = true;
      [...others, same.index, joinerAt].forEach((t) => covered.add(t));
      continue;
    }
    if (key.profile.distinctCount !== rows) {
      problems.push(`${key.name} holds some values on several rows, so '${named.values?.[0].value}' is not known to be one row with one ${first.info.column.name} to compare with`);
      covered.add(same.index);
      continue;
    }
    if (first.info.column.profile.nullCount > 0) {
      // a blank for the named row would match no row: "0 others" would be no answer but a wrong one
      problems.push(`${first.info.column.name} has blank cells, so '${named.values?.[0].value}' may have no ${first.info.column.name} to compare with`);
      covered.add(same.index);
      continue;
    }
    const value = `(SELECT ${compared} FROM ${table} WHERE ${named.sql})`;
    const others = othersWords(parsed, same.index);
    filters.splice(filters.indexOf(named), 1, {
      sql: `${compared} = ${value} AND (${named.sql}) IS NOT TRUE`,
      text: `${first.info.column.name} equal to that of ${named.text}, ${named.text} itself left out`,
      tokens: [...others, same.index, ...first.tokens, joinerAt, ...named.tokens],
      column: first.info.column,
    });
    first.usedAsFilter = true;
    [...others, same.index, joinerAt].forEach((t) => covered.add(t));
  }
  return problems;
}

/** Verbs before "the same" that add nothing to it: "share the same operator as". */
const SHARE_VERBS = new Set(['share', 'shares', 'shared', 'sharing']);

/** "how many other countries have the same …", "share the same …": the words that say the others are counted. */
function othersWords(parsed: ParsedQuestion, sameAt: number): number[] {
  const tokens = parsed.tokens;
  const words: number[] = [];
  const other = tokens.find((t) => t.norm === 'other' && t.index < sameAt);
  if (other) words.push(other.index);
  const share = tokens[sameAt - 1]?.norm === 'the' ? sameAt - 2 : sameAt - 1;
  if (SHARE_VERBS.has(tokens[share]?.norm ?? '')) words.push(share);
  return words;
}

/**
 * The condition of a count against a named value that may be on several rows or blank: the
 * column equal to the smallest of the named rows' values, and (`agreeing`) equal to the largest
 * or, when the named rows hold none, any value at all. Both leave the named rows out. Where the
 * two keep different rows the count gives no value (a 0 would be a wrong number).
 */
function readTwice(profile: TableProfile, column: ColumnMention['info']['column'], named: Filter, tokens: number[]): Filter {
  const table = sqlIdentifier(profile.table.sqlName);
  const id = sqlIdentifier(column.sqlName);
  const smallest = `(SELECT min(${id}) FROM ${table} WHERE ${named.sql})`;
  const largest = `(SELECT max(${id}) FROM ${table} WHERE ${named.sql})`;
  const others = `(${named.sql}) IS NOT TRUE`;
  return {
    sql: `${id} = ${smallest} AND ${others}`,
    agreeing: `((${id} IS NOT NULL AND ${smallest} IS NULL) OR ${id} = ${largest}) AND ${others}`,
    disagreeing: `${named.text} is not one row with one ${column.name} to compare with`,
    text: `${column.name} equal to that of ${named.text}, ${named.text} itself left out`,
    tokens,
    column,
  };
}
