/**
 * Result shaping: one cell is a stat; a category with a measure is a bar chart; a date with
 * a measure is a line chart; anything else is a table. Charts are Vega-Lite v5 specs with
 * the rows inlined.
 * @module query/chart
 */
import type { QueryResult } from './executor.js';

/** How a result is best shown. */
export type ResultShape = 'stat' | 'bar' | 'line' | 'table';

const NUMERIC = new Set(['numeric', 'integer', 'bigint', 'int4', 'int8', 'float8', 'double precision', 'real', 'smallint', 'number']);
const DATE = /^(date|timestamp)/;

function isNumericColumn(result: QueryResult, index: number): boolean {
  const column = result.columns[index];
  if (NUMERIC.has(column.type)) return true;
  return result.rows.length > 0 && result.rows.every((row) => row[column.name] === null || typeof row[column.name] === 'number');
}

function isDateColumn(result: QueryResult, index: number): boolean {
  const column = result.columns[index];
  if (DATE.test(column.type)) return true;
  return result.rows.length > 0 && result.rows.every((row) => typeof row[column.name] === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(row[column.name] as string));
}

/** True when the rows' dates never go back in time (ISO text and Date values compare by time). */
function inTimeOrder(result: QueryResult, name: string): boolean {
  const times = result.rows.map((row) => {
    const cell = row[name];
    return cell instanceof Date ? cell.getTime() : typeof cell === 'string' ? Date.parse(cell.length === 7 ? `${cell}-01` : cell) : Number.NaN;
  });
  return times.every((time, i) => !Number.isNaN(time) && (i === 0 || time >= times[i - 1]));
}

/** Decides the shape of a result: a stat, bars, a line (dates in time order with a measure) or a table. */
export function shapeOf(result: QueryResult): ResultShape {
  const visible = result.columns.filter((column) => column.name !== '_sheet_row');
  if (result.rows.length === 1 && visible.length === 1) return 'stat';
  if (visible.length === 2 && result.rows.length > 1) {
    const first = result.columns.indexOf(visible[0]);
    const second = result.columns.indexOf(visible[1]);
    if (isNumericColumn(result, second)) {
      // a line says the dates run on: only a series in time order is one (a ranking of months is bars)
      if (isDateColumn(result, first)) return inTimeOrder(result, visible[0].name) ? 'line' : 'bar';
      if (!isNumericColumn(result, first)) return 'bar';
    }
  }
  return 'table';
}

/** A Vega-Lite spec for bar and line shapes, else undefined. */
export function chartFor(result: QueryResult, title?: string): Record<string, unknown> | undefined {
  const shape = shapeOf(result);
  if (shape !== 'bar' && shape !== 'line') return undefined;
  const [category, measure] = result.columns.filter((column) => column.name !== '_sheet_row').map((column) => column.name);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    ...(title ? { title } : {}),
    data: { values: result.rows.map((row) => ({ [category]: row[category], [measure]: row[measure] })) },
    mark: shape,
    encoding:
      shape === 'bar'
        ? { x: { field: category, type: 'nominal', sort: null }, y: { field: measure, type: 'quantitative' } }
        : { x: { field: category, type: 'temporal' }, y: { field: measure, type: 'quantitative' } },
  };
}
