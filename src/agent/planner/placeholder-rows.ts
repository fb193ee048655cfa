/**
 * Rows that stand in for an event that did not take place: a season's bye week written "Bye"
 * in every cell ("8 | Bye | Bye | Bye | Bye"), a year "Not held" across the row. They are no
 * game, race or edition, so a count of games or of opponents leaves them out, as an analyst
 * would; a question that names the word ("how many bye weeks") keeps them.
 * @module agent/planner/placeholder-rows
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { foldText, tokensOf } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

/** Words that stand for an event that did not take place. */
const NO_EVENT = /^(bye|bye week|not held|no competition|no tournament|no race|no game|cancell?ed|postponed|abandoned|void|suspended)$/i;

/**
 * The text that fills whole rows in place of data: a word that says no event took place ("Bye",
 * "Not held", "Cancelled" …) found among the values of every text column, three at least. A
 * value that merely recurs ("Yes" in every flag column) is data, and a dash is a blank cell.
 * Undefined when none.
 */
export function placeholderValue(profile: TableProfile): { value: string; columns: CatalogColumn[] } | undefined {
  const texts = profile.table.columns.filter((c) => c.type === 'text' && c.derived === undefined && !c.isAggregateColumn);
  if (texts.length < 3) return undefined;
  const holders = new Map<string, CatalogColumn[]>();
  for (const column of texts) {
    for (const value of column.profile.distinct ?? []) {
      if (typeof value !== 'string' || !NO_EVENT.test(value.trim())) continue;
      const key = value.trim();
      holders.set(key, [...(holders.get(key) ?? []), column]);
    }
  }
  const found = [...holders.entries()].filter(([, columns]) => columns.length === texts.length);
  if (found.length !== 1) return undefined;
  return { value: found[0][0], columns: found[0][1] };
}

/**
 * The condition that leaves the placeholder rows out (a row is one when every column holding the
 * placeholder says it, or is blank), or undefined when the table has none, the question names
 * the word, or counts a column of whole numbers the placeholder rows fill too (`named`: "how
 * many weeks" over Week).
 */
export function placeholderFilter(parsed: ParsedQuestion, profile: TableProfile, named: CatalogColumn[] = []): Filter | undefined {
  const placeholder = placeholderValue(profile);
  if (!placeholder) return undefined;
  // "how many weeks are there": a count of the column that numbers the rows (Week) counts the bye week too
  if (named.some((c) => !placeholder.columns.includes(c) && c.type === 'integer')) return undefined;
  const stems = tokensOf(foldText(placeholder.value)).map((t) => t.stem);
  if (stems.some((stem) => parsed.tokens.some((t) => t.stem === stem))) return undefined;
  const all = placeholder.columns.map((c) => `${sqlIdentifier(c.sqlName)} = ${sqlLiteral(placeholder.value)}`).join(' AND ');
  return { sql: `NOT (${all})`, text: `not a '${placeholder.value}' row (one that says '${placeholder.value}' throughout)`, tokens: [] };
}
