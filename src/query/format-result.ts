/**
 * A query result as compact text for a model's tool call: a header, one line per row with
 * cells separated by ` | `, and a last line with the row count or what was cut.
 * @module query/format-result
 */
import type { QueryResult } from './run-capped.js';

/** Longest cell shown, in characters. */
const MAX_CELL = 200;

function cell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'NULL';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else text = JSON.stringify(value);
  text = text.replace(/\r\n|\r|\n/g, ' ').replace(/\|/g, '\\|');
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

function countText(result: QueryResult): string {
  const total = `${result.rowCount}${result.rowCountIsLowerBound ? '+' : ''}`;
  return `${total} row${result.rowCount === 1 && !result.rowCountIsLowerBound ? '' : 's'}`;
}

/**
 * Formats a result.
 * @param maxChars the text never exceeds this many characters; rows past it are cut and the
 *   last line says `truncated: showing N of M rows` (also when the row cap already cut them)
 */
export function formatResultForTool(result: QueryResult, maxChars = 8000): string {
  const header = result.columns.map((column) => cell(column.name)).join(' | ');
  const lines = [header];
  let used = header.length;
  let shown = 0;
  // Room for the longest possible last line.
  const reserve = `\ntruncated: showing ${result.rows.length} of ${countText(result)}`.length;
  for (const row of result.rows) {
    const line = result.columns.map((column) => cell(row[column.name])).join(' | ');
    if (used + 1 + line.length + reserve > maxChars) break;
    lines.push(line);
    used += 1 + line.length;
    shown++;
  }
  const cut = shown < result.rows.length || result.truncated || shown < result.rowCount;
  lines.push(cut ? `truncated: showing ${shown} of ${countText(result)}` : `(${countText(result)})`);
  const text = lines.join('\n');
  if (text.length <= maxChars) return text;
  // Only a header wider than maxChars gets here.
  const footer = `\ntruncated: showing 0 of ${countText(result)}`;
  return `${header.slice(0, Math.max(0, maxChars - footer.length - 1))}…${footer}`.slice(0, maxChars);
}
