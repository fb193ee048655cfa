/**
 * WikiTableQuestions scoring: `questions.tsv` (id, question, table_file, answer, …) over the
 * CSVs of `tables/`. Each table is ingested into its own tenant, so each question is asked
 * over its own table alone (the planner never sees another table), and the answer is compared
 * with the gold answer: numbers with a tolerance for float formatting (the got value rounded
 * or cut to the gold answer's decimals), lists as sets, text case- and accent-insensitively.
 * @module eval/wtq
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { ask, type Answer } from '../agent/index.js';
import type { App } from '../app/index.js';
import { ingestFile } from '../ingest/index.js';
import type { AnswerVerdict } from './score.js';

/** One row of questions.tsv. */
export interface WtqQuestion {
  id: string;
  question: string;
  /** Path of the table relative to the folder: `tables/203-53.csv`. */
  tableFile: string;
  /** The gold answer; several values are separated by `|`. */
  answer: string;
}

/** How one question scored. */
export interface WtqResult extends WtqQuestion {
  verdict: AnswerVerdict;
  /** The values the answer gave (one for a scalar or top-1 label, the first column of rows otherwise). */
  got: unknown[];
  sql: string | null;
  /** The decline reason, or the plan's explanation. */
  note?: string;
}

/** Totals and one result per question. */
export interface WtqReport {
  total: number;
  exact: number;
  declined: number;
  wrong: number;
  /** Tables that failed to ingest: their questions count as declined. */
  failedTables: { file: string; error: string }[];
  results: WtqResult[];
}

/** `&#269;` → `č`, `&amp;` → `&`: the WTQ files keep some characters as HTML entities. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => named[name.toLowerCase()] ?? whole);
}

/** Reads `questions.tsv` (tab-separated, a header row, CSV-style quotes). */
export async function readWtqQuestions(folder: string): Promise<WtqQuestion[]> {
  const text = await readFile(path.join(folder, 'questions.tsv'), 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { delimiter: '\t', header: true, skipEmptyLines: true });
  return parsed.data.map((row) => ({
    id: row.id,
    question: decodeEntities(row.question),
    tableFile: row.table_file,
    answer: decodeEntities(row.answer),
  }));
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** `17,259` → 17259; undefined for text. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const plain = value.trim().replace(/,(?=\d{3}\b)/g, '');
  return plain !== '' && /^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(plain) ? Number(plain) : undefined;
}

function decimalsOf(gold: string): number {
  const match = /\.(\d+)$/.exec(gold.trim().replace(/,/g, ''));
  return match ? match[1].length : 0;
}

/** True when `got` is the gold value: numbers equal after rounding or cutting to the gold's decimals, text equal folded. */
export function sameValue(gold: string, got: unknown): boolean {
  const goldNumber = numberOf(gold);
  if (goldNumber !== undefined) {
    const value = numberOf(got);
    if (value === undefined) return false;
    const scale = 10 ** decimalsOf(gold);
    const slack = 1e-9 * Math.max(1, Math.abs(goldNumber));
    // the gold answers round (306.65) or cut (70223 for 70223.75) to their decimals
    return [Math.round(value * scale), Math.trunc(value * scale + Math.sign(value) * 1e-9)].some((scaled) => Math.abs(scaled / scale - goldNumber) <= slack);
  }
  return got !== null && got !== undefined && fold(String(got)) === fold(gold);
}

/** The values an answer gives: its one value, else the first column of its rows (only the tied ones for a tie for the best). */
export function answerValues(answer: Answer): unknown[] {
  if (answer.mode === 'none') return [];
  const percent = answer.unit === 'percent_fraction';
  const scaled = (v: unknown): unknown => (percent && typeof v === 'number' ? v * 100 : v);
  if (answer.value !== null) return [scaled(answer.value)];
  const column = answer.columns.find((c) => c !== '_sheet_row');
  if (column === undefined) return [];
  // A tie for the best: the tied labels are the answer, not the runners-up listed after them.
  return answer.rows.slice(0, answer.tied ?? answer.rows.length).map((row) => scaled(row[column]));
}

/** Scores an answer: declined (also an answer with no value), exact (same set of values as the gold list), or wrong. */
export function scoreWtqAnswer(gold: string, answer: Answer): { verdict: AnswerVerdict; got: unknown[] } {
  if (answer.mode === 'none') return { verdict: 'declined', got: [] };
  const got = answerValues(answer);
  if (got.length === 0 || got.every((v) => v === null || v === undefined)) return { verdict: 'declined', got }; // "no value": nothing asserted
  const golds = gold.split('|').map((g) => g.trim()).filter((g) => g !== '');
  const matched = got.length === golds.length && golds.every((g) => got.some((v) => sameValue(g, v))) && got.every((v) => golds.some((g) => sameValue(g, v)));
  return { verdict: matched ? 'exact' : 'wrong', got };
}

/**
 * Ingests every table of the folder (each in its own tenant of `app`'s database) and asks
 * each question over its own table.
 * @param onResult called after each question, for progress
 */
export async function scoreWtq(app: App, folder: string, onResult?: (result: WtqResult) => void): Promise<WtqReport> {
  const questions = await readWtqQuestions(folder);
  const tenants = new Map<string, string | null>();
  const failedTables: WtqReport['failedTables'] = [];
  const results: WtqResult[] = [];
  for (const question of questions) {
    let tenantId = tenants.get(question.tableFile);
    if (tenantId === undefined) {
      tenantId = `wtq_${tenants.size}`;
      const outcome = await ingestFile(app.db, {
        tenantId,
        sourceKind: 'upload',
        sourceRef: question.tableFile,
        sourcePath: question.tableFile,
        fileName: path.basename(question.tableFile),
        bytes: await readFile(path.join(folder, question.tableFile)),
      });
      if (outcome.status === 'failed') {
        failedTables.push({ file: question.tableFile, error: outcome.error ?? 'failed' });
        tenantId = null;
      }
      tenants.set(question.tableFile, tenantId);
    }
    let result: WtqResult;
    if (tenantId === null) result = { ...question, verdict: 'declined', got: [], sql: null, note: 'the table failed to ingest' };
    else {
      const answer = await ask({ ...app, tenantId }, question.question);
      const scored = scoreWtqAnswer(question.answer, answer);
      result = { ...question, ...scored, sql: answer.sql, note: answer.explanation };
    }
    results.push(result);
    onResult?.(result);
  }
  const count = (verdict: AnswerVerdict): number => results.filter((r) => r.verdict === verdict).length;
  return { total: results.length, exact: count('exact'), declined: count('declined'), wrong: count('wrong'), failedTables, results };
}

/** "WTQ: 8/100 exact (8.0%), 90 declined (90.0%), 2 wrong (2.0%)". */
export function formatWtqSummary(report: WtqReport): string {
  const percent = (n: number): string => `${((100 * n) / (report.total || 1)).toFixed(1)}%`;
  return `WTQ: ${report.exact}/${report.total} exact (${percent(report.exact)}), ${report.declined} declined (${percent(report.declined)}), ${report.wrong} wrong (${percent(report.wrong)})`;
}

/** One line per question: verdict, id, question, what was answered and the gold answer. */
export function formatWtqResult(result: WtqResult): string {
  const got = result.verdict === 'declined' ? '' : ` → ${JSON.stringify(result.got.length === 1 ? result.got[0] : result.got)}`;
  const expected = result.verdict === 'exact' ? '' : ` (expected ${result.answer})`;
  const note = result.verdict === 'exact' || !result.note ? '' : ` [${result.note}]`;
  return `${result.verdict.padEnd(8)} ${result.id} ${result.tableFile}: ${result.question}${got}${expected}${note}`;
}
