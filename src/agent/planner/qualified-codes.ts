/**
 * "How many swimmers qualified?" over a results list whose Notes column marks qualifiers with
 * the athletics codes "Q" (qualified by place) and "q" (qualified by time), sometimes followed
 * by other codes ("q, PB"). The verb names no column; it asks for the rows so marked. The codes
 * are World Athletics' result-list notation (Competition Rules, "Q/q" in the key of results),
 * also used by swimming and other timed sports.
 * @module agent/planner/qualified-codes
 */
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

const QUALIFY_WORDS = new Set(['qualified', 'qualify', 'qualifies', 'qualifier', 'qualifiers']);

/** A cell whose first code is Q or q: "Q", "q", "q, PB", "Q SB", or qR (advanced by the referee's decision). */
const QUALIFIED_CODE = /^[Qq]R?(?:$|[\s,;/])/;

/**
 * The filter a qualifying word asks for ("qualified", "did not qualify"): the rows whose one
 * code column holds Q/q first. Undefined when no free token is such a word, or when no column,
 * or more than one, holds such codes (every non-blank value a short code list, some Q or q).
 * "Qualified by time" (q) or "by place" (Q) asks for one code only: a problem, not read.
 */
export function qualifiedFilter(parsed: ParsedQuestion, profile: TableProfile, free: (index: number) => boolean): Filter | { problem: string } | undefined {
  const token = parsed.tokens.find((t) => QUALIFY_WORDS.has(t.norm) && free(t.index));
  if (!token) return undefined;
  const columns = profile.columns.filter((info) => {
    const values = (info.column.profile.distinct ?? []).map((v) => String(v).trim()).filter((v) => v !== '');
    return info.column.type === 'text' && values.some((v) => QUALIFIED_CODE.test(v)) && values.every((v) => v.length <= 12);
  });
  if (columns.length !== 1) return undefined;
  const column = columns[0].column;
  if (parsed.tokens[token.index + 1]?.norm === 'by') return { problem: `'${token.norm} by …' asks for one way of qualifying, which the codes of ${column.name} (Q by place, q by time) are not read for` };
  const codes = (column.profile.distinct ?? []).map((v) => String(v)).filter((v) => QUALIFIED_CODE.test(v.trim()));
  const id = sqlIdentifier(column.sqlName);
  const list = codes.map((v) => sqlLiteral(v)).join(', ');
  const negated = parsed.negated.has(token.index);
  const sql = negated ? `(${id} IS NULL OR ${id} NOT IN (${list}))` : `${id} IN (${list})`;
  return { sql, text: `${column.name} ${negated ? 'not ' : ''}marked qualified (${codes.map((v) => `'${v}'`).join(', ')})`, tokens: [token.index], column, ...(negated ? { negated } : {}) };
}
