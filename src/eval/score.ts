/**
 * Scoring against a folder's `truth.json`: tables (range, header rows, folded column names,
 * aggregate rows) and answers (exact within tolerance, or an honest decline).
 * @module eval/score
 */
import type { Answer } from '../agent/answer.js';
import type { CatalogTable } from '../store/catalog-types.js';

/** A question in truth.json. */
export interface TruthQuestion {
  id: string;
  file?: string;
  question: string;
  kind: 'scalar' | 'count' | 'text' | 'top1' | 'group';
  answer: unknown;
  tolerance?: number;
  accept_abs?: boolean;
}

/** A table in truth.json. */
export interface TruthTable {
  id: string;
  file: string;
  sheet: string | null;
  range: string;
  title?: string | null;
  header_rows: number;
  columns: string[];
  data_rows: number;
  aggregate_rows: number[];
  aggregate_columns?: string[];
  hidden?: boolean;
}

/** How one answer scored. */
export type AnswerVerdict = 'exact' | 'declined' | 'wrong';

function normalize(text: string): string {
  return text.normalize('NFC').trim().toLowerCase();
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function closeEnough(expected: number, got: number | undefined, tolerance: number, acceptAbs = false): boolean {
  if (got === undefined) return false;
  const slack = Math.max(tolerance, 1e-9 * Math.abs(expected));
  return Math.abs(got - expected) <= slack || (acceptAbs && Math.abs(Math.abs(got) - Math.abs(expected)) <= slack);
}

/** Scores one answer against its truth. A `mode: 'none'` answer is a decline, never wrong. */
export function scoreAnswer(question: TruthQuestion, answer: Answer): AnswerVerdict {
  if (answer.mode === 'none') return 'declined';
  const tolerance = question.tolerance ?? 0;
  const expected = question.answer;
  if (question.kind === 'group' && expected && typeof expected === 'object') {
    const columns = answer.columns.filter((column) => column !== '_sheet_row');
    if (columns.length < 2) return 'wrong';
    const got = new Map(answer.rows.map((row) => [normalize(String(row[columns[0]])), numberOf(row[columns[columns.length - 1]])]));
    const entries = Object.entries(expected as Record<string, number>);
    if (got.size !== entries.length) return 'wrong';
    return entries.every(([key, value]) => closeEnough(value, got.get(normalize(key)), tolerance)) ? 'exact' : 'wrong';
  }
  if (typeof expected === 'number') return closeEnough(expected, numberOf(answer.value), tolerance, question.accept_abs) ? 'exact' : 'wrong';
  if (question.kind === 'text' && expected === 'refused') return 'wrong';
  return answer.value !== null && normalize(String(answer.value)) === normalize(String(expected)) ? 'exact' : 'wrong';
}

/** How one truth table compares with what was found. */
export interface TableVerdict {
  id: string;
  found: string | null;
  range: boolean;
  headerRows: boolean;
  columns: boolean;
  aggregateRows: boolean;
  dataRows: boolean;
  problems: string[];
}

/** Finds the stored table for a truth table (same file and sheet, overlapping range) and compares. */
export function scoreTable(truth: TruthTable, catalog: CatalogTable[]): TableVerdict {
  const candidates = catalog.filter((table) => table.kind === 'table' && table.file === truth.file && (table.sheet ?? null) === (truth.sheet ?? null));
  const table = candidates.find((t) => t.range === truth.range) ?? candidates.find((t) => t.range.split(':')[0] === truth.range.split(':')[0]) ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (!table) return { id: truth.id, found: null, range: false, headerRows: false, columns: false, aggregateRows: false, dataRows: false, problems: ['not found'] };
  const names = table.columns.filter((column) => !column.derived).map((column) => column.name);
  const verdict: TableVerdict = {
    id: truth.id,
    found: table.sqlName,
    range: table.range === truth.range,
    headerRows: table.headerRows === truth.header_rows,
    columns: JSON.stringify(names) === JSON.stringify(truth.columns),
    aggregateRows: JSON.stringify([...table.aggregateRows].sort((a, b) => a - b)) === JSON.stringify([...truth.aggregate_rows].sort((a, b) => a - b)),
    dataRows: table.rowCount === truth.data_rows,
    problems: [],
  };
  if (!verdict.range) verdict.problems.push(`range ${table.range} ≠ ${truth.range}`);
  if (!verdict.headerRows) verdict.problems.push(`header rows ${table.headerRows} ≠ ${truth.header_rows}`);
  if (!verdict.columns) verdict.problems.push(`columns ${JSON.stringify(names)} ≠ ${JSON.stringify(truth.columns)}`);
  if (!verdict.aggregateRows) verdict.problems.push(`aggregate rows ${JSON.stringify(table.aggregateRows)} ≠ ${JSON.stringify(truth.aggregate_rows)}`);
  if (!verdict.dataRows) verdict.problems.push(`data rows ${table.rowCount} ≠ ${truth.data_rows}`);
  return verdict;
}
