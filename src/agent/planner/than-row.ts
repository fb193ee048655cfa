/**
 * "How many districts have a population greater than Choiseul?", "which teams scored more points
 * than Fulham?": a comparison whose other side is a row the question names, not a number. The
 * rows kept are those whose measure is above (or below) that row's own value of it:
 * `Population > (SELECT Population FROM t WHERE District = 'Choiseul')`; the named row never
 * meets its own strict comparison, so it is left out, as an analyst leaves out the yardstick.
 * Read only when the question counts or lists rows (never "how many more", a difference), the
 * measure is named right beside the comparative ("a population greater than", "more points
 * than", "a larger population than"), the named value is one row of its column, and the measure
 * has no blank cell (a blank for the named row would keep no row and say 0).
 * @module agent/planner/than-row
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';

/** Comparatives with a fixed direction: the measure above ('>') or below ('<') the named row's. */
const DIRECTION: Record<string, '>' | '<'> = {
  more: '>', higher: '>', greater: '>', bigger: '>', larger: '>',
  less: '<', fewer: '<', lower: '<', smaller: '<',
};
/** Words that may stand between "than" and the named row: "than that of the", "than those in". */
const THAN_GAP = new Set(['the', 'that', 'those', 'of', 'in', 'for', 'at', 'by']);

/** The comparison read: the filter that replaces the named row's, and the mention it used. */
export interface ThanRow {
  filter: Filter;
  named: Filter;
  mention: ColumnMention;
}

/**
 * Finds "<measure> <comparative> than <named row>" or "<comparative> <measure> than <named
 * row>" in a question that counts or lists rows.
 * @returns undefined when the question has no such comparison; a problem when it has one that cannot be read
 */
export function findThanRow(parsed: ParsedQuestion, match: TableMatch): { read?: ThanRow; problem?: string } | undefined {
  const tokens = parsed.tokens;
  const folded = tokens.map((t) => t.norm).join(' ');
  if (/\bhow (much|many) (more|less|fewer|higher|lower|bigger|smaller|greater|larger)\b/.test(folded) || parsed.sumWords || parsed.averageWords) return undefined;
  if (!parsed.countWords && !['which', 'what', 'who', 'name', 'list'].includes(tokens[0]?.norm ?? '')) return undefined;
  const word = tokens.find((t) => DIRECTION[t.norm] !== undefined && parsed.consumed.has(t.index));
  if (!word) return undefined;
  const than = tokens.find((t) => t.norm === 'than' && t.index > word.index && t.index <= word.index + 5);
  if (!than) return undefined;
  let next = than.index + 1;
  while (next < tokens.length && THAN_GAP.has(tokens[next].norm)) next++;
  const named = match.filters.find((f) => f.values?.length === 1 && f.values[0].tokens[0] === next && !f.negated && f.column !== undefined);
  if (!named?.column) return undefined;
  // the measure right before the comparative ("population greater than") or between it and "than" ("more points than")
  const numeric = match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && m.info.column.derived === undefined && !m.info.column.isAggregateColumn);
  const before = numeric.filter((m) => Math.max(...m.tokens) === word.index - 1);
  const between = numeric.filter((m) => Math.min(...m.tokens) > word.index && Math.max(...m.tokens) < than.index);
  const near = [...new Set([...before, ...between].map((m) => m.info.column))];
  if (near.length !== 1) return near.length === 0 ? undefined : { problem: `'${word.norm} … than ${named.values?.[0].value}' could compare ${near.map((c) => c.name).join(' or ')}` };
  const mention = [...before, ...between][0];
  const column = mention.info.column;
  const key = named.column;
  if (key === column) return undefined;
  if (key.profile.distinctCount !== match.profile.table.rowCount - key.profile.nullCount) {
    return { problem: `${key.name} holds some values on several rows, so '${named.values?.[0].value}' is not one row with one ${column.name} to compare with` };
  }
  if (column.profile.nullCount > 0) return { problem: `${column.name} has blank cells, so '${named.values?.[0].value}' may have no ${column.name} to compare with` };
  const table = sqlIdentifier(match.profile.table.sqlName);
  const id = sqlIdentifier(column.sqlName);
  const op = DIRECTION[word.norm];
  const filter: Filter = {
    sql: `${id} ${op} (SELECT ${id} FROM ${table} WHERE ${named.sql})`,
    text: `${column.name} ${op === '>' ? 'above' : 'below'} that of ${named.text}`,
    tokens: [word.index, than.index, ...mention.tokens, ...named.tokens].sort((a, b) => a - b),
    column,
  };
  return { read: { filter, named, mention } };
}
