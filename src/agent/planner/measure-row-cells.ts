/**
 * Answers over a measure-row table (`measure-rows.ts`): the one cell of a named row and a named
 * month or year ("the sunshine hours in September" → row Mean monthly sunshine hours, column
 * Sep), and the month or year whose cell is highest or lowest ("which month has the most
 * sunshine hours"), and how many months' cells pass a condition ("how many months have an
 * average high over 70 degrees"). A cell is read when it holds one plain number, or two as a
 * climate box writes them under a label of two units ("−10\n(14)" under "°C (°F)"): the first
 * unit's number unless the question asks in the second (`measure-row-units.ts`).
 * @module agent/planner/measure-row-cells
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { QuerySpec } from './interpret-match.js';
import type { LayoutColumn, MeasureRowMatch } from './measure-rows.js';
import type { ParsedQuestion } from './parse-question.js';
import type { TableMatch } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { CellPart } from './measure-row-units.js';
import type { Comparison } from './find-comparisons.js';

/** What is read from a measure-row table. */
export type MeasureRowCells =
  | { kind: 'cell'; row: MeasureRowMatch['row']; column: LayoutColumn; part: CellPart; unit?: string }
  | { kind: 'rank'; row: MeasureRowMatch['row']; columns: LayoutColumn[]; order: 'asc' | 'desc'; name: string; part: CellPart; unit?: string }
  | { kind: 'count'; row: MeasureRowMatch['row']; columns: LayoutColumn[]; name: string; part: CellPart; unit?: string; condition: { operator: Comparison['operator']; value: number; upper?: number; text: string } };

const NUMERIC = new Set(['integer', 'decimal']);
/** Words of an aggregation over rows or columns: said outside the row's name, they ask for more than one cell. */
const AGGREGATE_WORDS = new Set(['average', 'avg', 'mean', 'total', 'sum', 'combined', 'overall', 'altogether']);

/** One number as a climate box writes it: "1,588", "−4.5", "120". */
const NUMBER = '[-−]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\\.[0-9]+)?';

/**
 * The number a cell holds, or NULL: a numeric column as stored; a text cell when it is one
 * plain number ("1,588", "−4.5", "120"), or, of a cell of two ("−10\n(14)", "12 (0.47)"), the
 * first (`main`) or the bracketed one (`bracket`). A plain number is the first unit's only: a
 * cell of one number under a label of two units is read as the first.
 */
export function cellNumberSql(column: CatalogColumn, part: CellPart = 'main'): string {
  const id = sqlIdentifier(column.sqlName);
  if (NUMERIC.has(column.type)) return part === 'main' ? id : 'CAST(NULL AS numeric)';
  const pattern = part === 'main' ? `^(${NUMBER})(?:\\s*\\(${NUMBER}\\))?$` : `^${NUMBER}\\s*\\((${NUMBER})\\)$`;
  return `CAST(replace(replace(substring(btrim(${id}) from ${sqlLiteral(pattern)}), '−', '-'), ',', '') AS numeric)`;
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
  // "how many months have an average high over 70 degrees": the months whose cell of the row passes the condition
  const noun = parsed.countNounAt !== undefined ? parsed.tokens[parsed.countNounAt] : undefined;
  const counting = parsed.countWords && parsed.comparisons.length > 0 && noun?.stem === layout.kind;
  const unsupported = parsed.comparative || parsed.difference ? 'a difference' : parsed.ratio || parsed.shareSplitAt !== undefined ? 'a share or ratio'
    : parsed.topN !== undefined ? `a top ${parsed.topN}` : parsed.comparisons.length > 0 && !counting ? 'a condition on numbers' : parsed.rowWindow ? 'the first or last rows'
      : parsed.weighted || parsed.weightTokens ? 'a weighted figure' : parsed.measureAdjective || parsed.timeSuperlative ? 'a ranking adjective' : undefined;
  if (unsupported) return { problem: `${unsupported} over the ${layout.kind} columns of ${table} is not supported` };
  // (a unit asked is no further row: "in inches" is also a word of "Precipitation mm (inches)")
  const others = match.filters.filter((f) => f !== row && f.sql !== row.sql && !(f.column === row.column && f.tokens.every((t) => cells.tokens.includes(t))));
  if (others.length > 0) return { problem: `${table} has one row per measure; a further condition (${others.map((f) => f.text).join(', ')}) does not apply to its ${layout.kind} columns` };
  if (layout.columns.some((c) => c.column.type === 'percent' || c.column.type === 'date' || c.column.type === 'boolean')) return { problem: `the ${layout.kind} columns of ${table} do not hold plain numbers` };
  const base = { match, mode: 'aggregate' as const, filters: [row], subFilters: [] };
  if (counting) return monthsCounted(parsed, base, cells);
  if (cells.column) {
    if (parsed.superlative || cells.asksColumn) return { problem: `'${cells.column.label}' is one cell of ${row.text}; a ranking within it is not supported` };
    const column = cells.column;
    return { spec: { ...base, answerKind: 'scalar', measure: { kind: 'column', fn: 'single', column: column.column }, cells: { kind: 'cell', row, column, part: cells.part, ...unitOf(cells) } } };
  }
  // "the lowest average low": "average" is a word of the row's name; "the highest total …" of a month would be a sum
  const operation = parsed.tokens.find((t) => parsed.consumed.has(t.index) && AGGREGATE_WORDS.has(t.norm) && !cells.tokens.includes(t.index));
  if (!parsed.superlative || !cells.asksColumn || parsed.countWords || operation) {
    return { problem: `name the ${layout.kind} of ${row.text} (the columns of ${table} are ${layout.kind}s)` };
  }
  return {
    spec: {
      ...base, answerKind: 'top1', order: parsed.superlative, limit: 1, group: { kind: 'periods', name: layout.kind }, measure: { kind: 'count' },
      cells: { kind: 'rank', row, columns: layout.columns, order: parsed.superlative, name: layout.kind, part: cells.part, ...unitOf(cells) },
    },
  };
}

/** The words of a row's label that count its figures in a scale ("Population (millions)"), by the scale. */
const SCALE_LABELS = new Map<number, RegExp>([[1e3, /\bthousands?\b/i], [1e6, /\bmillions?\b/i], [1e9, /\bbillions?\b/i]]);

/** The unit of the cells read, as the spec keeps it. */
function unitOf(cells: MeasureRowMatch): { unit?: string } {
  return cells.unit ? { unit: cells.unit } : {};
}

/**
 * "How many months have an average high over 70 degrees fahrenheit", "how many months have a
 * total precipitation under 1": a count of the layout's own columns ("months", "years") with one
 * condition on numbers and nothing else asked (no month named, no ranking, sum or average).
 * @returns the spec, or a problem
 */
function monthsCounted(parsed: ParsedQuestion, base: Pick<QuerySpec, 'match' | 'mode' | 'filters' | 'subFilters'>, cells: MeasureRowMatch): { spec?: QuerySpec; problem?: string } {
  const { layout, row } = cells;
  // "average" and "total" of the row's own name ("Average high", "Total precipitation") ask for no average or sum
  const operation = parsed.tokens.some((t) => parsed.consumed.has(t.index) && AGGREGATE_WORDS.has(t.norm) && !cells.tokens.includes(t.index));
  if (parsed.comparisons.length > 1 || cells.column || parsed.superlative || operation || parsed.difference || parsed.ratio) {
    return { problem: `only a count of ${layout.kind}s with one condition on ${row.text} is read over ${layout.kind} columns` };
  }
  const [comparison] = parsed.comparisons;
  const label = String(row.values?.[0]?.value ?? '');
  // "over 9%" of "Unemployment rate (%)", "at least 5.4 million" of "Population (millions)": the row's own unit or scale
  const percentOk = !comparison.percent || /%|\bper ?cent\b/i.test(label);
  const scaleWord = comparison.scale !== undefined ? SCALE_LABELS.get(comparison.scale) : undefined;
  // … and a plain number is the row's own figure only where the row is counted in no scale ("at least 5400000" of millions is declined)
  const labelScaled = [...SCALE_LABELS.values()].some((word) => word.test(label));
  const scaleOk = comparison.scale === undefined ? !labelScaled || Math.abs(comparison.value) < 1000 : scaleWord !== undefined && scaleWord.test(label);
  if (!percentOk || !scaleOk || comparison.money || comparison.duration) return { problem: `the condition '${comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' is no plain number of ${row.text}` };
  const divisor = comparison.scale ?? 1;
  const text = comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ');
  return {
    spec: {
      ...base, answerKind: 'count', measure: { kind: 'count' },
      cells: { kind: 'count', row, columns: layout.columns, name: layout.kind, part: cells.part, ...unitOf(cells), condition: { operator: comparison.operator, value: comparison.value / divisor, ...(comparison.upper !== undefined ? { upper: comparison.upper / divisor } : {}), text } },
    },
  };
}

/** "(in °F, the first figure of each cell)": which of a cell's numbers the answer read, when the row's label names units. */
function unitNote(cells: MeasureRowCells): string {
  if (!cells.unit) return '';
  return ` (in ${cells.unit}${cells.part === 'bracket' ? ', the bracketed figure of each cell' : ''})`;
}

/** SQL comparing `value` with a condition's bound(s). */
function conditionSql(condition: Extract<MeasureRowCells, { kind: 'count' }>['condition']): string {
  // "between 80 and 60": the bounds in either order
  if (condition.upper !== undefined) return `"value" BETWEEN ${Math.min(condition.value, condition.upper)} AND ${Math.max(condition.value, condition.upper)}`;
  return `"value" ${condition.operator} ${condition.value}`;
}

/**
 * The SELECT of a measure-row spec. A cell: one value, NULL when the cell holds no number of
 * the unit read (the caller declines with `declineIfNull`). A ranking: (column label, value)
 * rows best-first, every tie kept, and no rows when a cell of the row holds no such number
 * (the caller declines with `declineIfEmpty`). A
 * count: the columns whose number passes the condition, NULL when any cell holds none.
 * @param source the table as explanations name it
 */
export function measureRowSql(cells: MeasureRowCells, sqlName: string, source: string): { sql: string; explanation: string; declineIfNull?: string; declineIfEmpty?: string } {
  const from = ` FROM ${sqlIdentifier(sqlName)} WHERE ${cells.row.sql}`;
  const unread = 'is not a number of the unit read (it may be blank, or hold something else than one number, or two in brackets)';
  if (cells.kind === 'cell') {
    return {
      sql: `SELECT ${cellNumberSql(cells.column.column, cells.part)} AS "value"${from}`,
      explanation: `The ${cells.column.label} cell of the row ${cells.row.text}${unitNote(cells)} from ${source} (a table with one row per measure and one column per ${cells.column.year !== undefined ? 'year' : 'month'}).`,
      declineIfNull: `the ${cells.column.label} cell of ${cells.row.text} ${unread}, so no value is read from it`,
    };
  }
  const parts = cells.columns.map((c) => `SELECT ${sqlLiteral(c.label)} AS ${sqlIdentifier(cells.name)}, ${c.order} AS "column_order", ${cellNumberSql(c.column, cells.part)} AS "value"${from}`);
  if (cells.kind === 'count') {
    // a blank cell or one of no number leaves the count open: no answer rather than a count of the rest
    return {
      sql: `WITH "by_column" AS (${parts.join(' UNION ALL ')}) SELECT CASE WHEN count(*) = count("value") THEN count(*) FILTER (WHERE ${conditionSql(cells.condition)}) END AS "${cells.name}s" FROM "by_column"`,
      explanation: `The number of ${cells.name} columns whose cell of the row ${cells.row.text}${unitNote(cells)} is ${cells.condition.text}, from ${source} (no answer unless every cell holds a number).`,
      declineIfNull: `a ${cells.name} cell of ${cells.row.text} ${unread}, so the ${cells.name}s are not counted`,
    };
  }
  const direction = cells.order === 'desc' ? 'DESC' : 'ASC';
  // a blank cell or one of no number leaves the ranking open: no answer rather than a ranking of the rest
  const ranked = `SELECT * FROM "by_column" WHERE NOT EXISTS (SELECT 1 FROM "by_column" WHERE "value" IS NULL) ORDER BY "value" ${direction} FETCH FIRST 5 ROWS WITH TIES`;
  return {
    sql: `WITH "by_column" AS (${parts.join(' UNION ALL ')}) SELECT ${sqlIdentifier(cells.name)}, "value" FROM (${ranked}) AS "ranked" ORDER BY "value" ${direction}, "column_order"`,
    explanation: `The ${cells.name} columns of the row ${cells.row.text}${unitNote(cells)} from ${source}, ${cells.order === 'desc' ? 'highest' : 'lowest'} first (every tie shown; no answer unless every cell holds a number).`,
    declineIfEmpty: `a ${cells.name} cell of ${cells.row.text} ${unread}, so the ${cells.name}s are not ranked`,
  };
}
