/**
 * Schema-aware row chunks: one chunk per data row of a detected table, its text the row's
 * cells with their headers inline (`Branch: Gdańsk | Period: Q3 2024 | Net Revenue [PLN]: 1,247,890`),
 * so similarity questions over rows ("customers with a profile like X") can be answered by
 * the same embeddings and search as document passages.
 *
 * Which rows: data rows only. Aggregate rows (totals, subtotals) and hidden rows never become
 * row chunks, as they never reach a query. The cap, per table: a table with more than
 * `ROW_CHUNK_MAX_ROWS` (2,000) data rows gets **no** row chunks at all, never its first
 * rows only: a similarity search over part of a table would silently miss the rest, while a
 * table without row chunks is reported as such and stays fully answerable by SQL.
 * @module prose/chunk-rows
 */
import type { ColumnCard, DetectedTable, StoredValue } from '../tables/types.js';

/**
 * Most data rows a table may have to get row chunks; above it, none (see the module note).
 * 2,000: the row lists of teams' sheets (customers, branches, products, staff) fit; the
 * ledgers and logs above it are questions for SQL, and embedding them one row at a time would
 * cost an endpoint call per 64 rows at every change of the file.
 */
export const ROW_CHUNK_MAX_ROWS = 2000;

/**
 * Longest text of one row chunk, in characters. A row of thousands of columns or one long cell
 * (up to `GRIDRAG_MAX_CELL_CHARS`) would otherwise overflow Postgres' text-search vector (at most
 * 1 MB of lexemes, "string is too long for tsvector") and fail the whole file; the row's
 * search text is cut after its last whole cell within the limit, its data is stored whole.
 */
export const ROW_CHUNK_MAX_CHARS = 65_536;

/** One row chunk, ready to store in `document_chunks` with `kind = 'row'`. */
export interface RowChunk {
  content: string;
  /**
   * `file` (file name), `file_type` (extension without the dot), `sheet` (null for CSV),
   * `table` (the table's SQL name), `row` (1-based sheet row), `version` (the record's version).
   */
  metadata: { file: string; file_type: string | null; sheet: string | null; table: string; row: number; version: number };
}

/** Where the table comes from, for the chunks' metadata. */
export interface RowChunkSource {
  file: string;
  /** The table's SQL name. */
  table: string;
  /** The record's version these rows belong to (1 for a first ingest). */
  version: number;
}

/** The table's row chunks: one per data row, none above `ROW_CHUNK_MAX_ROWS` data rows, none for a row without a value. */
export function chunkTableRows(table: DetectedTable, source: RowChunkSource, maxRows = ROW_CHUNK_MAX_ROWS): RowChunk[] {
  // A streamed table (a sheet too tall to hold) keeps its rows out of `rows`: its count decides, its chunks give the rows.
  if (table.streamed && table.streamed.dataRows > maxRows) return [];
  const all = table.streamed ? [...table.streamed.chunks()].flat() : table.rows;
  const rows = all.filter((row) => !row.isAggregate && !row.hidden);
  if (rows.length > maxRows) return [];
  const dot = source.file.lastIndexOf('.');
  const fileType = dot > 0 ? source.file.slice(dot + 1).toLowerCase() : null;
  const chunks: RowChunk[] = [];
  for (const row of rows) {
    const content = capRowText(rowText(table.columns, row.values));
    if (content === '') continue;
    chunks.push({ content, metadata: { file: source.file, file_type: fileType, sheet: table.sheet, table: source.table, row: row.sheetRow, version: source.version } });
  }
  return chunks;
}

/** `Header: value | Header: value`, empty cells left out; '' when every cell is empty. */
export function rowText(columns: ColumnCard[], values: Record<string, StoredValue>): string {
  const parts: string[] = [];
  for (const card of columns) {
    const value = values[card.sqlName];
    if (value === null || value === undefined || value === '') continue;
    parts.push(`${headerOf(card)}: ${formatCell(value, card)}`);
  }
  return parts.join(' | ');
}

/** The text cut after its last whole `Header: value` part within `ROW_CHUNK_MAX_CHARS` (the first part cut at the limit). */
function capRowText(text: string): string {
  if (text.length <= ROW_CHUNK_MAX_CHARS) return text;
  const cut = text.lastIndexOf(' | ', ROW_CHUNK_MAX_CHARS);
  return cut > 0 ? text.slice(0, cut) : text.slice(0, ROW_CHUNK_MAX_CHARS);
}

/** The column's name, with its currency in brackets when the name does not show it already. */
function headerOf(card: ColumnCard): string {
  if (card.currency && !card.name.toUpperCase().includes(card.currency)) return `${card.name} [${card.currency}]`;
  return card.name;
}

/**
 * A stored value as people read it: money with thousands separators (`1,247,890`), percents
 * (stored as fractions) with `%`, every other number without grouping (`1004`, `2024`,
 * `1234.5`), so a question naming an order number or a year matches the row's words.
 */
export function formatCell(value: Exclude<StoredValue, null>, card: Pick<ColumnCard, 'type' | 'unit' | 'currency'>): string {
  if (typeof value === 'number') {
    if (card.type === 'percent') return `${Number((value * 100).toPrecision(12)).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`;
    const money = card.unit === 'currency' || card.currency !== undefined;
    return value.toLocaleString('en-US', { maximumFractionDigits: 6, useGrouping: money });
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value.replace(/\s+/g, ' ').trim();
}
