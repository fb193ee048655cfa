/**
 * "How many districts have a population greater than Choiseul?", "which teams scored more points
 * than Fulham?": a comparison whose other side is a row the question names, not a number. The
 * rows kept are those whose measure is above (or below) that row's own value of it:
 * `Population > (SELECT Population FROM t WHERE District = 'Choiseul')`; the named row never
 * meets its own strict comparison, so it is left out, as an analyst leaves out the yardstick.
 * Read only when the question counts or lists rows (never "how many more", a difference), the
 * measure is named right beside the comparative ("a population greater than", "more points
 * than", "a larger population than"; "taller than" names the one column of heights) and the named
 * value is one row of its column. Over a measure with blank cells the named row's may be blank, and
 * a count would then say 0: the count is given only where a second reading agrees (`agreeing`),
 * and a list is declined.
 * @module agent/planner/than-row
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import { countOrShare, SHARE_WORDS } from './count-or-share.js';
import type { CatalogColumn } from '../../store/catalog-types.js';

/** Comparatives with a fixed direction: the measure above ('>') or below ('<') the named row's. */
const DIRECTION: Record<string, '>' | '<'> = {
  more: '>', higher: '>', greater: '>', bigger: '>', larger: '>',
  less: '<', fewer: '<', lower: '<', smaller: '<',
  taller: '>', longer: '>', shorter: '<',
};
/** Names and verbs of places (Rank, Position, "ranked"): their numbers run the other way from standing. */
const PLACE_NAME = /^(rank|ranked|ranking|place|placed|placing|position|pos|finish|finished|standing|seed|seeded|peak|peaked|charted)\b/i;
/** Place words anywhere in a column's name: "Final position", "UK chart position", "Peak", "Highest ranking". */
const PLACE_WORDS = /\b(rank|ranking|place|placing|position|positions|pos|standing|seed|peak)\b/i;
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
  // the row named by a value of its column ("than Choiseul") or by its year ("than 1991" over Election 1988, 1991 …)
  const named = match.filters.find((f) => !f.negated && f.column !== undefined && (f.values?.length === 1 ? f.values[0].tokens[0] === next : yearNamed(f, next, parsed, match)));
  if (!named?.column) return undefined;
  const label = named.values?.[0].value ?? parsed.tokens[next].norm;
  const year = named.values === undefined ? Number(parsed.tokens[next].norm) : undefined;
  // the measure right before the comparative ("population greater than") or between it and "than" ("more points than")
  const numeric = match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && m.info.column.derived === undefined && !m.info.column.isAggregateColumn);
  // (or the comparative itself, naming the one column of its dimension: "taller than")
  const before = numeric.filter((m) => Math.max(...m.tokens) === word.index - 1 || (m.tokens.length === 1 && m.tokens[0] === word.index));
  const between = numeric.filter((m) => Math.min(...m.tokens) > word.index && Math.max(...m.tokens) < than.index);
  let near = [...new Set([...before, ...between].map((m) => m.info.column))];
  // "more popular votes than" beside Number of popular votes and % of popular votes: the count unless a share is said
  // in the comparison itself ("a higher percentage of popular votes than"; "turnout above 60%" elsewhere says nothing of it)
  let from = Math.min(word.index, ...before.flatMap((m) => m.tokens));
  while (from > 0 && (SHARE_WORDS.has(tokens[from - 1].norm) || tokens[from - 1].norm === 'of')) from--; // "a percentage of popular votes greater than"
  const span = { ...parsed, tokens: tokens.filter((t) => t.index >= from && t.index <= than.index) };
  const counted = near.length === 2 ? countOrShare(span, [...before, ...between]) : undefined;
  if (counted) near = [counted.info.column];
  if (near.length !== 1) return near.length === 0 ? undefined : { problem: `'${word.norm} … than ${label}' could compare ${near.map((c) => c.name).join(' or ')}` };
  const mention = [...before, ...between].find((m) => m.info.column === near[0]) as ColumnMention;
  const column = mention.info.column;
  // "ranked higher than Gros Islet" over a Rank, "a higher final position", "peaked higher": a higher place is a smaller number
  if (PLACE_NAME.test(column.name.trim()) || PLACE_WORDS.test(column.name) || PLACE_NAME.test(parsed.tokens[word.index - 1]?.norm ?? '')) {
    return { problem: `'${word.norm} than ${label}' over ${column.name}: a higher place is a smaller number, so which rows are meant is unclear` };
  }
  const key = named.column;
  if (key === column) return undefined;
  // "attendance greater than 1991" over attendances of 1,500 to 2,500 (or of one order of magnitude with 1991, 200 to 19,910):
  // the number 1991 as much as the row of 1991
  if (year !== undefined && Number(column.profile.min) <= year * 10 && Number(column.profile.max) >= year / 10) {
    return { problem: `'than ${label}' could be the number ${label} of ${column.name} or the row of ${label}: say which` };
  }
  if (key.profile.distinctCount !== match.profile.table.rowCount - key.profile.nullCount) {
    return { problem: `${key.name} holds some values on several rows, so '${label}' is not one row with one ${column.name} to compare with` };
  }
  const table = sqlIdentifier(match.profile.table.sqlName);
  const id = sqlIdentifier(column.sqlName);
  const op = DIRECTION[word.norm];
  const yardstick = `(SELECT ${id} FROM ${table} WHERE ${named.sql})`;
  const sql = `${id} ${op} ${yardstick}`;
  // a column with blanks: the named row's may be one. A second reading keeps every row with a value when the yardstick is
  // blank, so the two readings disagree there and no value is given (a count of 0 would be a wrong answer)
  const blanks = column.profile.nullCount > 0
    ? { agreeing: `(${id} IS NOT NULL AND ${yardstick} IS NULL) OR (${sql})`, disagreeing: `'${label}' has no ${column.name} to compare with` }
    : {};
  const filter: Filter = {
    sql,
    ...blanks,
    text: `${column.name} ${op === '>' ? 'above' : 'below'} that of ${named.text}`,
    tokens: [...new Set([word.index, than.index, ...mention.tokens, ...named.tokens])].sort((a, b) => a - b),
    column,
  };
  return { read: { filter, named, mention } };
}

/**
 * True when the filter is a year said on its own right after "than" ("than 1991"), kept as
 * equality on a whole-number column ("Election" = 1991) that holds that year: the row of that year.
 */
function yearNamed(filter: Filter, at: number, parsed: ParsedQuestion, match: TableMatch): boolean {
  const year = /^"[^"]+" = (\d{4})$/.exec(filter.sql)?.[1];
  if (filter.tokens.length !== 1 || filter.tokens[0] !== at || year === undefined || filter.column?.type !== 'integer') return false;
  // the year must be one of the column's values: "fewer votes than 2005" with no 2005 row compares with nothing
  const holds = (column: CatalogColumn): boolean => column.profile.distinct?.some((value) => Number(value) === Number(year)) ?? false;
  if (!holds(filter.column)) return false;
  // … and of no other column: "more members than 1991" beside Year and Founded, both holding 1991, names no one row
  if (match.profile.table.columns.some((column) => column !== filter.column && column.type === 'integer' && holds(column))) return false;
  // the year closes the comparison: "than 1991 people" is a number of people
  const after = parsed.tokens[at + 1]?.norm;
  return after === undefined || YEAR_CLOSERS.has(after);
}

/** Words that may follow the year of "than 1991" when it names the row: the question's end, or a new clause. */
const YEAR_CLOSERS = new Set(['s', 'and', 'or', 'but', 'in', 'at', 'with', 'while', 'when', 'did', 'had', 'was', 'were', 'does', 'do']);
