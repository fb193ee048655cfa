/**
 * The database port. Two adapters implement it: embedded PGlite and a `pg` pool.
 * Core code imports this file (through `db/index.ts`), never an adapter.
 *
 * Value conventions, the same on both adapters:
 * - parameters that go into `jsonb` columns are passed as JSON text (`JSON.stringify`)
 *   and cast with `$n::jsonb`; a JS array would be sent as a Postgres array literal;
 * - `numeric` and `bigint` results come back as JS numbers, `date` as `YYYY-MM-DD` text,
 *   `timestamptz` as a JS `Date`.
 * @module db/db
 */

/** One statement's result. */
export interface DbQueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows returned, or rows affected for INSERT/UPDATE/DELETE. */
  rowCount: number;
  /** Result columns in order, with Postgres type oids. */
  fields: { name: string; dataTypeID: number }[];
}

/** What both a connection and an open transaction can do. */
export interface Queryable {
  /**
   * Runs one statement with `$1…$n` parameters.
   * @throws DbError wrapping the driver's error (`cause`), message from Postgres
   */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<DbQueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk-loads rows with COPY (pg: `COPY … FROM STDIN`; PGlite: `COPY … FROM '/dev/blob'`).
   * Values: null, string, number, boolean, or an object/array (written as JSON).
   * @returns the number of rows loaded
   */
  copyRows(table: string, columns: string[], rows: unknown[][]): Promise<number>;
}

/** Limits for one transaction, for statements nobody trusts (the query executor's). */
export interface TransactionLimits {
  /**
   * Stops the transaction after this many milliseconds, whatever it is doing: pg sets
   * `statement_timeout` for it; PGlite stops its engine thread and opens the folder again.
   * The call then fails with a DbError whose cause has SQLSTATE 57014.
   */
  timeoutMs?: number;
  /**
   * PGlite only: stops the transaction the same way when the process grows by more than this
   * many bytes while it runs (resident memory, sampled every 25 ms); SQLSTATE 53200.
   */
  memoryLimitBytes?: number;
}

/** A database: a PGlite instance or a `pg` pool. */
export interface Db extends Queryable {
  /** Which adapter this is. */
  readonly kind: 'pglite' | 'pg';
  /** True once migrations ran and `CREATE EXTENSION vector` worked. */
  vectorEnabled: boolean;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws
   * (the error is rethrown). On pg the transaction holds one pooled connection.
   * @param limits time and memory limits (see `TransactionLimits`); none by default
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, limits?: TransactionLimits): Promise<T>;
  /** Closes the instance or pool; further calls fail. */
  close(): Promise<void>;
  /**
   * Stops at once, for a signal handler: running statements are cancelled (their transactions
   * never commit), the connection is closed and the folder lock released. Further calls fail.
   * Called while `close` runs (a signal as the command ends), it resolves once that close is done.
   */
  abort(): Promise<void>;
}

/** Postgres type oids this code relies on. */
export const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, FLOAT8: 701, TIMESTAMPTZ: 1184 } as const;

/**
 * Encodes rows in COPY text format: tab-separated, `\N` for null, backslash escapes.
 * Objects and arrays are written as JSON text.
 */
export function encodeCopyText(rows: unknown[][]): string {
  if (rows.length === 0) return '';
  const width = rows[0].length;
  // Values repeated down a column (record id, table id, tenant) are encoded once.
  const lastValues: unknown[] = new Array(width).fill(NOT_SEEN);
  const lastTexts: string[] = new Array(width).fill('');
  let text = '';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let line = '';
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      let field: string;
      if (c < width && value === lastValues[c] && typeof value !== 'object') field = lastTexts[c];
      else {
        field = encodeCopyField(value);
        if (c < width) {
          lastValues[c] = value;
          lastTexts[c] = field;
        }
      }
      line = c === 0 ? field : `${line}\t${field}`;
    }
    text += `${line}\n`;
  }
  return text;
}

const NOT_SEEN = Symbol('not seen');
const COPY_SPECIAL = /[\\\t\n\r]/;

function encodeCopyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Date) return value.toISOString();
  else {
    // JSON text never holds a raw tab or line break (JSON escapes them); only its backslashes need doubling.
    text = JSON.stringify(value);
    return text.includes('\\') ? text.replace(/\\/g, '\\\\') : text;
  }
  if (!COPY_SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r'));
}

/** Quotes an SQL identifier (`"name"`, doubling inner quotes). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
