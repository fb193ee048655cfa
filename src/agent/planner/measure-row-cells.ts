/**
 * Answers over a measure-row table (`measure-rows.ts`): the one cell of a named row and a named
 * month or year ("the sunshine hours in September" → row Mean monthly sunshine hours, column
 * Sep), and the month or year whose cell is highest or lowest ("which month has the most
 * sunshine hours"). A cell is read only when it holds one plain number: "−10\n(14)" (°C with
 * °F below) is two numbers, and which one is meant is not guessed, so no value is given.
 * @module agent/planner/measure-row-cells
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { QuerySpec } from './interpret-match.js';
import type { LayoutColumn, MeasureRowMatch } from './measure-rows.js';
import type { ParsedQuestion } from './parse-question.js';
import type { TableMatch } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** What is read from a measure-row table. */
export type MeasureRowCells =
  | { kind: 'cell'; row: MeasureRowMatch['row']; column: LayoutColumn }
  | { kind: 'rank'; row: MeasureRowMatch['row']; columns: LayoutColumn[]; order: 'asc' | 'desc'; name: string };

const NUMERIC = new Set(['integer', 'decimal']);
/** Words of an aggregation over rows or columns: said outside the row's name, they ask for more than one cell. */
const AGGREGATE_WORDS = new Set(['average', 'avg', 'mean', 'total', 'sum', 'combined', 'overall', 'altogether']);

/**
 * The number a cell holds, or NULL: a numeric column as stored; a text cell only when it is
 * one plain number ("1,588", "−4.5", "120"), never "−10\n(14)" or "12 (0.47)".
 */
export function cellNumberSql(column: CatalogColumn): string {
  const id = sqlIdentifier(column.sqlName);
  if (NUMERIC.has(column.type)) return id;
  const plain = sqlLiteral('^[-−]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\\.[0-9]+)?$');
  return `CAST(replace(replace(substring(btrim(${id}) from ${plain}), '−', '-'), ',', '') AS numeric)`;
}

/**
 * The spec of a question mapped onto a measure-row table, or why it is not answered: a cell
 * needs one row and one column, and no ranking, comparison or further condition; "the
 * average …" or "the total …" of one cell is that cell. A ranking needs "which month" (or
 * year) and no column named.
 */
export function interpretMeasureRow(parsed: ParsedQuestion, match: TableMatch, cells: MeasureRowMatch): { spec?: QuerySpec; problem?: string } {
  const table = match.profile.table.sqlName;
  const { layout, row } = cells;
  const unsupported = parsed.comparative || parsed.difference ? 'a difference' : parsed.ratio || parsed.shareSplitAt !== undefined ? 'a share or ratio'
    : parsed.topN !== undefined ? `a top ${parsed.topN}` : parsed.comparisons.length > 0 ? 'a condition on numbers' : parsed.rowWindow ? 'the first or last rows'
      : parsed.weighted || parsed.weightTokens ? 'a weighted figure' : parsed.measureAdjective || parsed.timeSuperlative ? 'a ranking adjective' : undefined;
  if (unsupported) return { problem: `${unsupported} over the ${layout.kind} columns of ${table} is not supported` };
  const others = match.filters.filter((f) => f !== row && f.sql !== row.sql);
  if (others.length > 0) return { problem: `${table} has one row per measure; a further condition (${others.map((f) => f.text).join(', ')}) does not apply to its ${layout.kind} columns` };
  if (layout.columns.some((c) => c.column.type === 'percent' || c.column.type === 'date' || c.column.type === 'boolean')) return { problem: `the ${layout.kind} columns of ${table} do not hold plain numbers` };
  const base = { match, mode: 'aggregate' as const, filters: [row], subFilters: [] };
  if (cells.column) {
    if (parsed.superlative || cells.asksColumn) return { problem: `'${cells.column.label}' is one cell of ${row.text}; a ranking within it is not supported` };
    const column = cells.column;
    return { spec: { ...base, answerKind: 'scalar', measure: { kind: 'column', fn: 'single', column: column.column }, cells: { kind: 'cell', row, column } } };
  }
  // "the lowest average low": "average" is a word of the row's name; "the highest total …" of a month would be a sum
  const operation = parsed.tokens.find((t) => parsed.consumed.has(t.index) && AGGREGATE_WORDS.has(t.norm) && !cells.tokens.includes(t.index));
  if (!parsed.superlative || !cells.asksColumn || parsed.countWords || operation) {
    return { problem: `name the ${layout.kind} of ${row.text} (the columns of ${table} are ${layout.kind}s)` };
  }
  return {
    spec: {
      ...base, answerKind: 'top1', order: parsed.superlative, limit: 1, group: { kind: 'periods', name: layout.kind }, measure: { kind: 'count' },
      cells: { kind: 'rank', row, columns: layout.columns, order: parsed.superlative, name: layout.kind },
    },
  };
}

/**
 * The SELECT of a measure-row spec. A cell: one value, NULL when the cell is no plain number
 * (the caller declines with `declineIfNull`). A ranking: (column label, value) rows best-first,
 * every tie kept, and no rows when a cell of the row is blank or no plain number.
 * @param source the table as explanations name it
 */
export function measureRowSql(cells: MeasureRowCells, sqlName: string, source: string): { sql: string; explanation: string; declineIfNull?: string } {
  const from = ` FROM ${sqlIdentifier(sqlName)} WHERE ${cells.row.sql}`;
  if (cells.kind === 'cell') {
    return {
      sql: `SELECT ${cellNumberSql(cells.column.column)} AS "value"${from}`,
      explanation: `The ${cells.column.label} cell of the row ${cells.row.text} from ${source} (a table with one row per measure and one column per ${cells.column.month !== undefined ? 'month' : 'year'}).`,
      declineIfNull: `the ${cells.column.label} cell of ${cells.row.text} is not one plain number (it may be blank, or hold two units such as °C and °F), so no value is read from it`,
    };
  }
  const parts = cells.columns.map((c) => `SELECT ${sqlLiteral(c.label)} AS ${sqlIdentifier(cells.name)}, ${c.order} AS "column_order", ${cellNumberSql(c.column)} AS "value"${from}`);
  const direction = cells.order === 'desc' ? 'DESC' : 'ASC';
  // a blank cell or one of two numbers leaves the ranking open: no answer rather than a ranking of the rest
  const ranked = `SELECT * FROM "by_column" WHERE NOT EXISTS (SELECT 1 FROM "by_column" WHERE "value" IS NULL) ORDER BY "value" ${direction} FETCH FIRST 5 ROWS WITH TIES`;
  return {
    sql: `WITH "by_column" AS (${parts.join(' UNION ALL ')}) SELECT ${sqlIdentifier(cells.name)}, "value" FROM (${ranked}) AS "ranked" ORDER BY "value" ${direction}, "column_order"`,
    explanation: `The ${cells.name} columns of the row ${cells.row.text} from ${source}, ${cells.order === 'desc' ? 'highest' : 'lowest'} first (every tie shown; no answer unless every cell holds one plain number).`,
  };
}
