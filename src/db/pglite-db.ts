/**
 * Embedded database adapter: PGlite (Postgres compiled to WASM) with pgvector.
 * @module db/pglite-db
 */
import v8 from 'node:v8';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { DbError } from '../errors.js';
import { encodeCopyText, PG_TYPE, quoteIdentifier, type Db, type DbQueryResult, type Queryable } from './db.js';

const PARSERS = {
  [PG_TYPE.NUMERIC]: (value: string) => Number(value),
  [PG_TYPE.INT8]: (value: string) => Number(value),
  [PG_TYPE.DATE]: (value: string) => value,
};

type PgliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(error: unknown, sql: string): DbError {
  const message = error instanceof Error ? error.message : String(error);
  return new DbError(message, { cause: Object.assign(error instanceof Error ? error : new Error(message), { sql }) });
}

function queryable(target: PgliteLike): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<DbQueryResult<Row>> {
      try {
        const result = await target.query<Row>(sql, params, { parsers: PARSERS });
        return { rows: result.rows, rowCount: result.affectedRows || result.rows.length, fields: result.fields };
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await target.exec(sql);
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    async copyRows(table: string, columns: string[], rows: unknown[][]): Promise<number> {
      if (rows.length === 0) return 0;
      const sql = `COPY ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) FROM '/dev/blob'`;
      try {
        await target.query(sql, [], { blob: new Blob([encodeCopyText(rows)]) });
      } catch (error) {
        throw wrap(error, sql);
      }
      return rows.length;
    },
  };
}

/**
 * How much WebAssembly code a function runs before V8 optimizes it (bytes, roughly; V8's default
 * is 1.8 MB). PGlite's engine is one large module: at the default, a short command (`gridrag ask`)
 * spends its start optimizing hundreds of functions it will not run again and waits for those
 * background compile jobs at exit (about 0.8 s of a 2 s ask). With this budget only functions
 * that stay hot are optimized: ask ~1.1 s, bulk COPY as fast as before (measured in `npm run bench`).
 * Set once, before the first instance is created, unless the process was started with its own value.
 */
const WASM_TIERING_BUDGET = 100_000_000;
let tieringSet = false;

function setWasmTieringBudget(): void {
  if (tieringSet) return;
  tieringSet = true;
  const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('wasm-tiering-budget') || flag.includes('wasm_tiering_budget'));
  if (!own) v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) return JSON.stringify(error);
  return String(error);
}

/**
 * Takes the folder's lock: one process at a time may open an embedded database (PGlite is
 * single-process; two writers would lose data). Waits up to about 15 s for another process
 * to finish (a short `ingest` or `ask`), then fails clearly.
 * @returns a function that releases the lock
 * @throws DbError when another process keeps the folder
 */
async function lockDataDir(dataDir: string, retries = 30): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, '.gridrag.lock'),
      realpath: false,
      stale: 15_000,
      update: 5_000,
      retries: { retries, factor: 1.2, minTimeout: 100, maxTimeout: 1_000 },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DbError(
        `the embedded database in ${dataDir} is in use by another gridrag process (for example \`gridrag sync --watch\`); wait for it or stop it, or set DATABASE_URL to share a Postgres server between processes`,
        { cause: error },
      );
    }
    throw new DbError(`cannot lock the embedded database folder ${dataDir}: ${describe(error)}`, { cause: error });
  }
}

/**
 * Opens an embedded database. A folder is opened by one process at a time (see `lockDataDir`).
 * @param dataDir folder for the database files (must exist); omit for an in-memory database (tests)
 * @param options.lockRetries how often to try the folder's lock again before failing, default 30 (about 15 s)
 * @throws DbError when the folder is in use by another process or cannot be opened
 */
export async function createPgliteDb(dataDir?: string, options: { lockRetries?: number } = {}): Promise<Db> {
  let instance: PGlite;
  setWasmTieringBudget();
  const release = dataDir ? await lockDataDir(dataDir, options.lockRetries) : async () => undefined;
  try {
    instance = dataDir
      ? await PGlite.create(dataDir, { extensions: { vector } })
      : await PGlite.create({ extensions: { vector } });
  } catch (error) {
    await release().catch(() => undefined);
    throw new DbError(`cannot open the embedded database${dataDir ? ` in ${dataDir}` : ''}: ${describe(error)}`, { cause: error });
  }
  const base = queryable(instance);
  return {
    kind: 'pglite',
    vectorEnabled: false,
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return instance.transaction((tx) => fn(queryable(tx)));
    },
    async close() {
      try {
        await instance.close();
      } finally {
        await release().catch(() => undefined);
      }
    },
  };
}
