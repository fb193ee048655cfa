/**
 * Server adapter: a `pg` pool for `DATABASE_URL` (any Postgres, Supabase included).
 * @module db/pg-db
 */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DbError } from '../errors.js';
import { encodeCopyText, PG_TYPE, quoteIdentifier, type Db, type DbQueryResult, type Queryable, type TransactionLimits } from './db.js';
import { pgConnectionString, sendCancelRequests, trackCheckedOut } from './pg-connection.js';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE.NUMERIC || oid === PG_TYPE.INT8) return (value: string) => Number(value);
    if (oid === PG_TYPE.DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

type Client = pg.Pool | pg.PoolClient;

/** Postgres error codes that mean "try again". */
const RETRYABLE = new Set(['40001', '40P01', '57P03', '53300']);

function wrap(error: unknown, sql: string): DbError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | undefined)?.code;
  return new DbError(message, {
    cause: Object.assign(error instanceof Error ? error : new Error(message), { sql }),
    retryable: code !== undefined && RETRYABLE.has(code),
  });
}

function queryable(client: Client): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<DbQueryResult<Row>> {
      try {
        const result = await client.query({ text: sql, values: params, types });
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length, fields: result.fields };
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await client.query(sql);
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    async copyRows(table: string, columns: string[], rows: unknown[][]): Promise<number> {
      if (rows.length === 0) return 0;
      const sql = `COPY ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) FROM STDIN`;
      const connection = 'release' in client ? client : await (client as pg.Pool).connect();
      try {
        const stream = connection.query(copyFrom(sql));
        await pipeline(Readable.from(chunked(rows)), stream);
      } catch (error) {
        throw wrap(error, sql);
      } finally {
        if (connection !== client) (connection as pg.PoolClient).release();
      }
      return rows.length;
    },
  };
}

function* chunked(rows: unknown[][], size = 5000): Generator<string> {
  for (let start = 0; start < rows.length; start += size) yield encodeCopyText(rows.slice(start, start + size));
}

/**
 * Opens a pool on a Postgres server.
 * @param url a `postgres://` URL; an `sslmode` the driver enforces as `verify-full` is passed as that (`pgConnectionString`)
 * @param options.max pool size, default 5
 * @throws DbError when the server cannot be reached (naming how an `sslmode` was read)
 */
export async function createPgDb(url: string, options: { max?: number } = {}): Promise<Db> {
  const { connectionString, sslNote } = pgConnectionString(url);
  const pool = new pg.Pool({ connectionString, max: options.max ?? 5 });
  const checkedOut = trackCheckedOut(pool);
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const note = sslNote ? ` (${sslNote})` : '';
    throw new DbError(`cannot connect to DATABASE_URL: ${error instanceof Error ? error.message : String(error)}${note}`, { cause: error });
  }
  const base = queryable(pool);
  return {
    kind: 'pg',
    vectorEnabled: false,
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, limits: TransactionLimits = {}): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        if (limits.timeoutMs !== undefined) await client.query(`select set_config('statement_timeout', $1, true)`, [String(Math.max(1, Math.floor(limits.timeoutMs)))]);
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
    async abort() {
      // a cancel request for every checked-out client: a backend between statements ignores it
      await sendCancelRequests(checkedOut, connectionString);
      await pool.end().catch(() => undefined);
    },
  };
}
