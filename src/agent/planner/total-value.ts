/**
 * A dimension value spelled like the keyword "total" (a supplier named "Total"): "What is the
 * cost for Total?" filters on that value instead of adding up every row. When the question
 * could mean either, the planner declines rather than guess.
 * @module agent/planner/total-value
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

const KEYWORD = 'total';
const VALUE_PREPOSITIONS = new Set(['for', 'of', 'from', 'at', 'by', 'with', 'to']);
const SUM_WORDS = new Set(['total', 'sum', 'totals', 'summed', 'altogether', 'combined']);

/**
 * Reads a "total" token as a value of `match`'s table when a text column holds a value "Total"
 * and the word follows a preposition with nothing the table names after it.
 * @returns the filter and whether another sum word remains; a problem when it is ambiguous; or
 *   undefined when no column holds such a value
 */
export function totalAsValue(parsed: ParsedQuestion, match: TableMatch): { filter?: Filter; sumWords?: boolean; problem?: string } | undefined {
  const holders: { column: CatalogColumn; value: string }[] = [];
  for (const column of match.profile.table.columns) {
    if (column.type !== 'text' || column.derived !== undefined) continue;
    const value = (column.profile.distinct ?? []).find((v): v is string => typeof v === 'string' && v.trim().toLowerCase() === KEYWORD);
    if (value !== undefined) holders.push({ column, value });
  }
  if (holders.length === 0) return undefined;
  const indexes = parsed.tokens.filter((t) => t.norm === KEYWORD).map((t) => t.index);
  if (indexes.length === 0) return undefined;
  const named = new Set(match.mentions.flatMap((m) => m.tokens));
  const asValue = indexes.filter((i) => VALUE_PREPOSITIONS.has(parsed.tokens[i - 1]?.norm ?? '') && !named.has(i + 1));
  if (asValue.length === 0) {
    return { problem: `'total' is also a value of ${holders.map((h) => h.column.name).join(', ')}: say "sum of …" to add up, or "for Total" for that row` };
  }
  if (holders.length > 1 || asValue.length > 1) return { problem: `'Total' is a value of several columns (${holders.map((h) => h.column.name).join(', ')})` };
  const { column, value } = holders[0];
  const at = asValue[0];
  const sumWords = parsed.tokens.some((t) => t.index !== at && SUM_WORDS.has(t.norm)) || /\bhow much\b/.test(parsed.folded);
  return {
    filter: { sql: `${sqlIdentifier(column.sqlName)} = ${sqlLiteral(value)}`, text: `${column.name} = '${value}'`, tokens: [at], column },
    sumWords,
  };
}
