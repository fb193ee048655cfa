/**
 * One query inside an open reader transaction: time limits and the signed scope as
 * transaction-local settings, a cursor that fetches at most `rowCap` rows, and a count of the rest.
 * @module query/run-capped
 */
import { quoteIdentifier } from '../db/index.js';
import { SqlExecutionError } from '../errors.js';
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
  /** Set when the count of rows past the cap ran out of time: `rowCount` is then a lower bound. */
  rowCountIsLowerBound?: boolean;
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

async function fetchFirst(tx: ReaderTransaction, sql: string, rowCap: number): Promise<ReaderResult> {
  await tx.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR\n${sql}\n`);
  return tx.query(`FETCH FORWARD ${rowCap} FROM ${CURSOR}`);
}

/** What one run needs. */
export interface RunCappedOptions {
  rowCap: number;
  /** Statement timeout in milliseconds, for the whole run (fetch and count share it). */
  timeoutMs: number;
  /** The signed scope (see `signScope`). */
  scope: string;
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
              set_config('idle_in_transaction_session_timeout', $2, true), set_config('gridrag.scope', $3, true)`,
      [String(timeoutMs), String(timeoutMs + 10_000), options.scope],
    );
    let first = await fetchFirst(tx, sql, rowCap);
    let names = first.fields.map((field) => field.name);
    if (new Set(names).size !== names.length) {
      names = uniqueNames(names);
      await tx.query(`CLOSE ${CURSOR}`);
      first = await fetchFirst(tx, `SELECT * FROM (\n${sql}\n) AS gridrag_columns(${names.map(quoteIdentifier).join(', ')})`, rowCap);
    }
    const rows = first.rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const name of names) out[name] = normalizeValue(row[name]);
      return out;
    });
    let rowCount = rows.length;
    let lowerBound = false;
    if (rows.length === rowCap) {
      const left = Math.max(1, Math.floor(timeoutMs - (performance.now() - started)));
      await tx.query(`select set_config('statement_timeout', $1, true)`, [String(left)]);
      const rest = await connection.countRemaining(tx, CURSOR);
      if (rest === undefined) lowerBound = true;
      else rowCount += rest;
    }
    return {
      columns: first.fields.map((field, index) => ({ name: names[index], type: typeName(field.dataTypeID) })),
      rows,
      rowCount,
      truncated: lowerBound || rowCount > rows.length,
      ...(lowerBound ? { rowCountIsLowerBound: true } : {}),
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    throw toExecutionError(error, sql, timeoutMs);
  }
}

/** Wraps a driver error for the model: Postgres' message, and plain words for a timeout. */
export function toExecutionError(error: unknown, sql: string, timeoutMs: number): SqlExecutionError {
  if (error instanceof SqlExecutionError) return error;
  const state = sqlState(error);
  const message = error instanceof Error ? error.message : String(error);
  if (state === '57014') {
    return new SqlExecutionError(sql, `The query ran longer than ${timeoutMs} ms and was stopped. Add filters or aggregate less data.`, { cause: error });
  }
  return new SqlExecutionError(sql, message, { cause: error, retryable: state === '40001' || state === '40P01' || state === '55P03' });
}
