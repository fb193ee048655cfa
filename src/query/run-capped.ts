/**
 * One query inside an open reader transaction: time limits and the signed scope as
 * transaction-local settings, a cursor that fetches at most `rowCap` rows, and a count of the rest.
 * @module query/run-capped
 */
import { quoteIdentifier } from '../db/index.js';
import { SqlExecutionError, SqlRejectedError } from '../errors.js';
import { checkPlan, planOf, type PlanCaps } from './plan-caps.js';
import { sqlState, type ReaderConnection, type ReaderResult, type ReaderTransaction } from './reader-connection.js';

/** A query's result. */
export interface QueryResult {
  /** Result columns in order, with Postgres type names (`numeric`, `text`, `date` …). */
  columns: { name: string; type: string }[];
  /** At most the row cap. Numbers (numeric and bigint too) as JS numbers, dates `YYYY-MM-DD`, timestamps ISO 8601. */
  rows: Record<string, unknown>[];
  /** The true number of rows the statement produced. */
  rowCount: number;
  /** True when `rows` holds fewer rows than `rowCount`. */
  truncated: boolean;
  /** Set when the count of rows past the cap stopped early (time or count cap): `rowCount` is then a lower bound. */
  rowCountIsLowerBound?: boolean;
  /** Set when `rows` stopped short of the row cap because they reached the byte cap. */
  byteCapped?: boolean;
  /** Wall time of the whole run, in milliseconds. */
  durationMs: number;
}

const CURSOR = 'gridrag_result';

const TYPE_NAMES: Record<number, string> = {
  16: 'boolean', 20: 'bigint', 21: 'smallint', 23: 'integer', 25: 'text', 114: 'json', 700: 'real',
  701: 'double precision', 1042: 'char', 1043: 'varchar', 1082: 'date', 1083: 'time', 1114: 'timestamp',
  1184: 'timestamptz', 1186: 'interval', 1266: 'timetz', 1700: 'numeric', 2950: 'uuid', 3802: 'jsonb',
  1000: 'boolean[]', 1005: 'smallint[]', 1007: 'integer[]', 1009: 'text[]', 1016: 'bigint[]', 1231: 'numeric[]', 1182: 'date[]',
};

/** The type name for a Postgres type oid (`oid:NNN` for types outside the common set). */
export function typeName(oid: number): string {
  return TYPE_NAMES[oid] ?? `oid:${oid}`;
}

function normalizeValue(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(normalizeValue);
  return value;
}

/** Column names made unique (`customer`, `customer_2`) when a join returns the same name twice. */
function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name}_${n}`;
    used.add(candidate);
    return candidate;
  });
}

/** Rows fetched per round while reading a result, so the byte cap holds while streaming. */
const FETCH_BATCH = 50;

/** Size of a row as the caller will see it, in bytes of JSON text (about). */
function rowBytes(row: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)) ?? '');
}

/**
 * Opens the cursor and reads up to `rowCap` rows in batches, stopping once they pass `maxBytes`.
 * The first batch is small, so a duplicate-name result can be declared again cheaply.
 */
async function fetchCapped(
  tx: ReaderTransaction,
  sql: string,
  rowCap: number,
  maxBytes: number,
): Promise<{ first: ReaderResult; rows: Record<string, unknown>[]; byteCapped: boolean; fetched: number }> {
  await tx.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR\n${sql}\n`);
  const rows: Record<string, unknown>[] = [];
  let bytes = 0;
  let fetched = 0;
  let byteCapped = false;
  let first: ReaderResult | undefined;
  while (rows.length < rowCap && !byteCapped) {
    const wanted = Math.min(FETCH_BATCH, rowCap - rows.length);
    const batch = await tx.query(`FETCH FORWARD ${wanted} FROM ${CURSOR}`);
    first ??= batch;
    fetched += batch.rows.length;
    for (const row of batch.rows) {
      bytes += rowBytes(row);
      if (bytes > maxBytes && rows.length > 0) {
        byteCapped = true;
        break;
      }
      rows.push(row);
    }
    if (batch.rows.length < wanted) break;
  }
  return { first: first as ReaderResult, rows, byteCapped, fetched };
}

/** What one run needs. */
export interface RunCappedOptions {
  rowCap: number;
  /** Statement timeout in milliseconds, for the whole run (fetch and count share it). */
  timeoutMs: number;
  /** The signed scope (see `signScope`). */
  scope: string;
  /** Caps on the plan's estimates, checked before the statement runs (see `plan-caps.ts`). */
  planCaps: PlanCaps;
  /** Most bytes of rows returned (JSON text, about); the rows stop before it. */
  maxResultBytes: number;
  /** Most rows counted past the row cap; beyond it `rowCount` is a lower bound. */
  maxCountedRows: number;
  /** `work_mem` of the statement, in kilobytes (each sort or hash may use this much before spilling). */
  workMemKb: number;
}

/**
 * Runs `sql` in the open transaction `tx` and reads at most `rowCap` rows.
 * @throws SqlExecutionError with Postgres' message (retryable false; a timeout says so)
 */
export async function runCapped(connection: ReaderConnection, tx: ReaderTransaction, sql: string, options: RunCappedOptions): Promise<QueryResult> {
  const started = performance.now();
  const rowCap = Math.max(1, Math.floor(options.rowCap));
  const timeoutMs = Math.max(1, Math.floor(options.timeoutMs));
  try {
    await tx.query(
      `select set_config('statement_timeout', $1, true), set_config('lock_timeout', $1, true),
              set_config('idle_in_transaction_session_timeout', $2, true), set_config('gridrag.scope', $3, true),
              set_config('work_mem', $4, true), set_config('hash_mem_multiplier', '1', true)`,
      [String(timeoutMs), String(timeoutMs + 10_000), options.scope, `${Math.max(64, Math.floor(options.workMemKb))}kB`],
    );
    const plan = planOf((await tx.query(`EXPLAIN (FORMAT JSON, VERBOSE)\n${sql}\n`)).rows);
    if (plan) checkPlan(plan, options.planCaps);
    let read = await fetchCapped(tx, sql, rowCap, options.maxResultBytes);
    let names = read.first.fields.map((field) => field.name);
    if (new Set(names).size !== names.length) {
      names = uniqueNames(names);
      await tx.query(`CLOSE ${CURSOR}`);
      read = await fetchCapped(tx, `SELECT * FROM (\n${sql}\n) AS gridrag_columns(${names.map(quoteIdentifier).join(', ')})`, rowCap, options.maxResultBytes);
    }
    const rows = read.rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const name of names) out[name] = normalizeValue(row[name]);
      return out;
    });
    // Rows read past the byte cap are counted, not returned.
    let rowCount = read.fetched;
    let lowerBound = false;
    if (read.fetched === rowCap || read.byteCapped) {
      const rest = await connection.countRemaining(tx, CURSOR, { maxRows: options.maxCountedRows, deadline: started + timeoutMs });
      rowCount += rest.rows;
      lowerBound = !rest.complete;
    }
    return {
      columns: read.first.fields.map((field, index) => ({ name: names[index], type: typeName(field.dataTypeID) })),
      rows,
      rowCount,
      truncated: lowerBound || rowCount > rows.length,
      ...(lowerBound ? { rowCountIsLowerBound: true } : {}),
      ...(read.byteCapped ? { byteCapped: true } : {}),
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    throw toExecutionError(error, sql, timeoutMs);
  }
}

/**
 * Wraps a driver error for the model: Postgres' message, and plain words for a timeout or a
 * memory limit. A plan refusal (`SqlRejectedError`) passes through.
 */
export function toExecutionError(error: unknown, sql: string, timeoutMs: number): SqlExecutionError | SqlRejectedError {
  if (error instanceof SqlExecutionError || error instanceof SqlRejectedError) return error;
  const state = sqlState(error);
  const message = error instanceof Error ? error.message : String(error);
  if (state === '57014') {
    return new SqlExecutionError(sql, `The query ran longer than ${timeoutMs} ms and was stopped. Add filters, aggregate before joining, or use LIMIT.`, { cause: error });
  }
  // 53200 out of memory, 53100 disk full, 53400 temp_file_limit exceeded, 54000 program limit (e.g. a string over 1 GB)
  if (state === '53200' || state === '53100' || state === '53400' || state === '54000') {
    return new SqlExecutionError(sql, `The query needed more memory or temporary space than it may use and was stopped (${message}). Aggregate to numbers, filter first, or use LIMIT.`, { cause: error });
  }
  return new SqlExecutionError(sql, message, { cause: error, retryable: state === '40001' || state === '40P01' || state === '55P03' });
}
