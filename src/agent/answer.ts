/**
 * An answer people can trust: the value, the rows, the SQL, where every number comes from
 * (file, sheet, range, record version), and whether the sheet's own totals verified it.
 * @module agent/answer
 */
import type { CatalogColumn, CatalogTable } from '../store/catalog-types.js';
import type { ValidationOutcome } from '../tables/types.js';
import { chartFor } from '../query/chart.js';
import type { SqlRun } from '../query/index.js';
import type { PassageSource } from './answer-from-passages.js';
import { printable } from '../printable-text.js';

/** One source an answer cites. */
export interface AnswerSource {
  file: string;
  path: string | null;
  sheet: string | null;
  range: string;
  table: string;
  outcome: ValidationOutcome;
  version: number;
  contentHash: string;
  modifiedAt: string | null;
  /** For point lookups: the 1-based source rows of the result. */
  rows?: number[];
}

/** What `ask` returns (and `--json` prints). */
export interface Answer {
  question: string;
  /** Text for a person. */
  answer: string;
  /**
   * `sql` when a query answered, `vector` when document passages answered, `hybrid` when both
   * did (numbers from SQL in `sources`, context from passages in `passages`), `none` when nothing could.
   */
  mode: 'sql' | 'vector' | 'hybrid' | 'none';
  /** Who wrote the SQL. */
  planner?: 'offline' | 'agent';
  /** The number or text when the result is one cell (or a top-1 label); else null (also for a tie for the top). */
  value: string | number | boolean | null;
  /** For a top-1 question whose best is a tie: how many leading rows tie (`value` is then null). */
  tied?: number;
  unit?: string;
  columns: string[];
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated: boolean;
  sql: string | null;
  /** The tables the numbers come from. */
  sources: AnswerSource[];
  /** The document passages quoted, best first (absent when no document search ran). */
  passages?: PassageSource[];
  /** How the passages were found: `hybrid` vector + full text, or `full-text` alone; the embedder model; the similarity floor; who wrote the text. */
  search?: {
    method: 'hybrid' | 'full-text'; model: string; floor: number;
    /** Who wrote the passages' part of the answer: `llm` from the cited passages, or `extractive` (their own words) — set when an LLM is configured. */
    writer?: 'extractive' | 'llm';
    note?: string;
  };
  /** Where the question was routed and why. */
  route?: { route: 'sql' | 'documents' | 'both'; reason: string };
  /** The weakest validation outcome of the tables used; null when nothing ran. */
  outcome: ValidationOutcome | null;
  explanation?: string;
  chart?: Record<string, unknown>;
  cached?: boolean;
}

const ORDER: ValidationOutcome[] = ['floor', 'unverifiable', 'verified'];

/** The weakest of several outcomes (floor < unverifiable < verified). */
export function weakestOutcome(outcomes: ValidationOutcome[]): ValidationOutcome | null {
  if (outcomes.length === 0) return null;
  return outcomes.reduce((weakest, outcome) => (ORDER.indexOf(outcome) < ORDER.indexOf(weakest) ? outcome : weakest));
}

/** The stored tables behind the tables a query read (derived tables expand to their bases). */
export function baseTablesOf(used: CatalogTable[], catalog: CatalogTable[]): CatalogTable[] {
  const byId = new Map(catalog.map((table) => [table.id, table]));
  const bases = used.flatMap((table) => (table.kind === 'table' ? [table] : table.baseTableIds.map((id) => byId.get(id)).filter((t): t is CatalogTable => !!t)));
  return [...new Map(bases.map((table) => [table.id, table])).values()];
}

/**
 * Formats a number for people: whole numbers with thousands separators, others rounded to
 * two decimals (2.96666666667 → `2.97`), and values below 0.01 to three significant digits
 * (0.000123456 → `0.000123`) so a small rate never shows as 0. `--json` keeps full precision.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const magnitude = Math.abs(value);
  if (magnitude < 0.01) return String(Number(value.toPrecision(3)));
  return value.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
}

/** Units the column cards name for themselves; any other unit was written in the cells. */
const INTERNAL_UNITS = new Set(['count', 'score', 'currency', 'mixed_currency', 'percent', 'percent_points', 'percent_fraction', 'seconds']);

function formatValue(value: unknown, unit?: string): string {
  if (typeof value === 'number') {
    if (unit === 'percent_points') return `${formatNumber(value)}%`;
    if (unit === 'percent_fraction') return `${formatNumber(value * 100)}% (${formatNumber(value)})`;
    if (unit === 'seconds') return `${formatNumber(value)} s${Math.abs(value) >= 60 ? ` (${stopwatchText(value)})` : ''}`;
    // A unit the sheet wrote beside its numbers (`59793 MT`, `3,880 days`) is shown as written.
    if (unit !== undefined && !INTERNAL_UNITS.has(unit)) return `${formatNumber(value)} ${unit}`;
    return formatNumber(value);
  }
  if (value === null || value === undefined) return 'no value';
  // A cell's text may hold a line break or a terminal escape: escaped, so each row stays one line (`value` keeps it raw).
  return printable(String(value));
}

/** Seconds as the sheet wrote them: 63.49 → `1:03.49`, 7533.2 → `2:05:33.2` (hundredths at most). */
function stopwatchText(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const hundredths = Math.round(Math.abs(seconds) * 100);
  const hours = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6000);
  const rest = ((hundredths % 6000) / 100).toFixed(2).replace(/\.?0+$/, '').padStart(2, '0');
  const paddedRest = /^\d\./.test(rest) ? `0${rest}` : rest;
  return hours > 0 ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${paddedRest}` : `${sign}${minutes}:${paddedRest}`;
}

/**
 * A group label as written: a year or code label (2020, 4711) is no amount, so it gets no
 * thousands separator ("2020 (32)", never "2,020 (32)").
 */
function formatLabel(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : formatValue(value);
}

/**
 * Result columns that are a table's own number labels (a Year, a code, an identifier: any
 * numeric column whose card is no measure), or the least or greatest of one (`min_born`):
 * printed as written, without thousands separators.
 * @param tables the tables the query read and their base tables
 * @param columns the result's column names
 */
function labelColumnsOf(tables: CatalogTable[], columns: string[]): Set<string> {
  const labels = new Set<string>();
  for (const name of columns) {
    // the least or greatest of a year is still a year (`min("born") AS "min_born"`); a sum or an average is not
    const base = /^(?:min|max)_(.+)$/.exec(name)?.[1];
    const cards = tables.flatMap((table) => table.columns.filter((column) => column.sqlName === name || (base !== undefined && column.sqlName === base)));
    if (cards.length > 0 && cards.every((card) => card.concept !== 'measure' && (card.type === 'integer' || card.type === 'decimal'))) labels.add(name);
  }
  return labels;
}

/**
 * `no value`, and when a column the SQL reads holds cells whose text says "no value" (`—`, `n/a`,
 * stored empty: `ColumnCard.noValue`), what the sheet wrote there: `no value (Silver: "—" in the
 * sheet, stored empty)`. A dash is not read as zero: it may as well mean not applicable or unknown.
 */
function noValueText(tables: CatalogTable[], sql: string): string {
  const said = tables.flatMap((table) => table.columns.filter((column) => column.noValue !== undefined && sql.includes(`"${column.sqlName}"`)));
  if (said.length === 0) return 'no value';
  // the catalog keeps the column's no-value texts, not the cell's: with several, the cell held one of them
  const texts = (column: CatalogColumn) => {
    const quoted = (column.noValue?.texts ?? []).map((text) => `"${text}"`);
    return quoted.length > 1 ? `one of ${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}` : quoted.join('');
  };
  return printable(`no value (${said.map((column) => `${column.name}: ${texts(column)}`).join('; ')} in the sheet, stored empty)`);
}

/** Most outside rows an answer's caveat names by number. */
const OUTSIDE_ROWS_NAMED = 3;

/**
 * The caveat of a table whose sheet holds rows of its shape in no table (`CatalogTable.outsideRows`:
 * `c | 3` far below a table of Item and Qty): the answer counts none of them, and says so.
 */
function outsideRowsNote(table: CatalogTable): string | undefined {
  const rows = table.outsideRows ?? [];
  if (rows.length === 0) return undefined;
  const named = rows.slice(0, OUTSIDE_ROWS_NAMED).join(', ');
  const where = table.sheet ? `sheet ${table.sheet}` : table.file;
  return `${rows.length} row${rows.length === 1 ? '' : 's'} of ${where} like the table's lie outside it and are not counted (row${rows.length === 1 ? '' : 's'} ${named}${rows.length > OUTSIDE_ROWS_NAMED ? ', …' : ''})`;
}

/** `orders.csv › A1:G401 (unverifiable); …` by the file's path (two `budget.csv` in two folders stay apart), names escaped (`printable`): a line break in a file name cannot forge a line. */
function sourceText(sources: AnswerSource[]): string {
  return printable(sources.map((source) => `${source.path ?? source.file}${source.sheet ? ` › ${source.sheet}` : ''} › ${source.range} (${source.outcome})`).join('; '));
}

/**
 * Builds the answer for a query that ran.
 * @param kind how to read the result: one value, a top-1 label (rows best-first; when several
 *   rows tie for the best, the text names each, "North and South (9 each)", and no one `value`
 *   is given), a group, or rows
 */
export function answerFromRun(input: {
  question: string;
  run: SqlRun;
  catalog: CatalogTable[];
  kind: 'scalar' | 'count' | 'top1' | 'group' | 'rows';
  planner: 'offline' | 'agent';
  unit?: string;
  explanation?: string;
  text?: string;
}): Answer {
  const { run } = input;
  const columns = run.result.columns.map((column) => column.name);
  const rows = run.result.rows;
  const bases = baseTablesOf(run.tables, input.catalog);
  const sheetRows = columns.includes('_sheet_row') ? rows.map((row) => Number(row._sheet_row)).filter(Number.isFinite) : undefined;
  const sources: AnswerSource[] = bases.map((table) => ({
    file: table.file,
    path: table.sourcePath,
    sheet: table.sheet,
    range: table.range,
    table: table.sqlName,
    outcome: table.outcome,
    version: table.record.version,
    contentHash: table.record.contentHash,
    modifiedAt: table.record.sourceModifiedAt,
    ...(sheetRows && bases.length === 1 ? { rows: sheetRows } : {}),
  }));
  const labels = labelColumnsOf([...run.tables, ...bases], columns);
  // the value a ranking names its winner by: a year ("born 1975") as written, an amount with its unit
  const rankedValue = (cell: unknown) => (labels.has(columns[1]) ? formatLabel(cell) : formatValue(cell, input.unit));
  const first = rows[0];
  const tied = input.kind === 'top1' && first ? rows.filter((row) => String(row[columns[1]]) === String(first[columns[1]])) : [];
  let value: Answer['value'] = null;
  if (tied.length > 1) value = null; // a tie names no one label: the text and the rows name every tied one
  else if (first && (input.kind === 'scalar' || input.kind === 'count' || input.kind === 'top1' || (rows.length === 1 && columns.length === 1))) {
    const cell = first[columns[0]];
    value = typeof cell === 'number' || typeof cell === 'string' || typeof cell === 'boolean' ? cell : cell === null ? null : String(cell);
  }
  let text: string;
  if (input.text) text = input.text;
  else if (rows.length === 0) text = 'No rows match.';
  else if (tied.length > 1) text = `${joinNames(tied.map((row) => formatLabel(row[columns[0]])))} (${rankedValue(first[columns[1]])} each)`;
  else if (input.kind === 'top1') text = `${formatLabel(value)} (${rankedValue(first[columns[1]])})`;
  else if (value !== null && labels.has(columns[0])) text = formatLabel(value); // "in which year …": 2004, never 2,004
  else if (value !== null || input.kind === 'scalar' || input.kind === 'count') text = value === null ? noValueText(bases, run.sql) : formatValue(value, input.unit);
  else
    text = rows
      .slice(0, 20)
      .map((row) => columns.filter((c) => c !== '_sheet_row').map((c) => {
        const last = c === columns[columns.length - 1];
        // a group's leading columns are its labels ("2020: 32")
        return (input.kind === 'group' && !last) || labels.has(c) ? formatLabel(row[c]) : formatValue(row[c], last ? input.unit : undefined);
      }).join(': '))
      .join('\n');
  // The explanation may quote file, sheet and column names: escaped, one line.
  const notes = printable([
    input.explanation,
    input.unit === 'percent_points' ? 'in percent points' : input.unit === 'percent_fraction' ? 'a percent column: the value is the fraction the sheet stores' : undefined,
    ...bases.map(outsideRowsNote),
  ].filter(Boolean).join('; '));
  return {
    question: input.question,
    answer: `${text}${notes ? `\n(${notes})` : ''}\nSource: ${sourceText(sources)}\nSQL: ${run.sql}`,
    mode: 'sql',
    planner: input.planner,
    value,
    ...(tied.length > 1 ? { tied: tied.length } : {}),
    // the unit is the value's: a ranking's value is its winner's label, never an amount
    ...(input.unit !== undefined && input.kind !== 'top1' ? { unit: input.unit } : {}),
    columns,
    rows,
    rowCount: run.result.rowCount,
    truncated: run.result.truncated,
    sql: run.sql,
    sources,
    outcome: weakestOutcome(bases.map((table) => table.outcome)),
    explanation: input.explanation,
    chart: chartFor(run.result, input.question),
    cached: run.cached,
  };
}

/** Most tied labels an answer's text names; the rest are counted ("and 12 more"). */
const TIED_NAMES_SHOWN = 10;

/** "North and South", "A, B and C", "A, B, … and 12 more": the labels tied for the best, in the rows' order. */
function joinNames(names: string[]): string {
  if (names.length > TIED_NAMES_SHOWN) return `${names.slice(0, TIED_NAMES_SHOWN).join(', ')} and ${names.length - TIED_NAMES_SHOWN} more`;
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Most tables a decline names; the rest are counted ("and 33 more (gridrag tables)"). */
export const DECLINE_TABLE_LIMIT = 5;

function words(text: string): Set<string> {
  return new Set(text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 2));
}

/**
 * The tables most relevant to a question, best first: by how many of the question's words
 * (three letters or more) appear in the table's name, file, sheet, title and column names;
 * ties keep catalog order.
 */
export function relevantTables(question: string, tables: CatalogTable[]): CatalogTable[] {
  const asked = words(question);
  const scored = tables.map((table, index) => {
    const described = words([table.sqlName, table.file, table.sheet ?? '', table.title ?? '', ...table.columns.map((column) => column.name)].join(' '));
    let score = 0;
    for (const word of asked) if (described.has(word) || described.has(word.replace(/s$/, ''))) score++;
    return { table, index, score };
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((entry) => entry.table);
}

/** The honest answer when nothing can answer: what was missing, and the few tables most related to the question (`listTables: false`: no listing line, when the reason already says nothing was ingested). */
export function noAnswer(question: string, reason: string, catalog: CatalogTable[], options: { listTables?: boolean } = {}): Answer {
  const visible = relevantTables(question, catalog.filter((table) => table.kind === 'table' && !table.hidden));
  const shown = visible.slice(0, DECLINE_TABLE_LIMIT);
  const more = visible.length - shown.length;
  const listing = visible.length
    ? `Tables I have: ${shown.map((table) => `${table.sqlName} (${printable(table.sourcePath ?? table.file)}${table.sheet ? ` / ${printable(table.sheet)}` : ''})`).join(', ')}${more > 0 ? `, and ${more} more (gridrag tables)` : ''}.`
    : options.listTables === false ? '' : 'No tables have been ingested yet.';
  return {
    question,
    answer: `I cannot answer that from the data: ${printable(reason)}${listing ? `\n${listing}` : ''}`,
    mode: 'none',
    value: null,
    columns: [],
    rows: [],
    rowCount: 0,
    truncated: false,
    sql: null,
    sources: [],
    outcome: null,
    explanation: reason,
  };
}
