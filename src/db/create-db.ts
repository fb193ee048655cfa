/**
 * Chooses the database adapter: `DATABASE_URL` set means a Postgres server, otherwise
 * embedded PGlite in `GRIDRAG_DATA_DIR`. Migrates before returning.
 * @module db/create-db
 */
import { mkdir } from 'node:fs/promises';
import { DbError } from '../errors.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';

/** Where the data lives. `dataDir: null` gives an in-memory embedded database. */
export interface CreateDbOptions {
  databaseUrl?: string;
  dataDir?: string | null;
  /** Embedded only: how long to wait for another process to release the folder, in milliseconds. @default 15000 */
  lockWaitMs?: number;
}

/**
 * Opens a pool on a Postgres server (see `pg-db.ts`). The adapter's driver is loaded on first use.
 * @param connectionString a `postgres://` URL
 * @param options.max pool size, default 5
 */
export async function createPgDb(connectionString: string, options: { max?: number } = {}): Promise<Db> {
  return (await import('./pg-db.js')).createPgDb(connectionString, options);
}

/**
 * Opens an embedded database (see `pglite-db.ts`). The adapter's engine is loaded on first use.
 * @param dataDir folder for the database files; omit for a throw-away database (tests)
 * @param options.lockWaitMs how long to wait for another process to release the folder, in milliseconds
 */
export async function createPgliteDb(dataDir?: string, options: { lockWaitMs?: number } = {}): Promise<Db> {
  return (await import('./pglite-db.js')).createPgliteDb(dataDir, options);
}

/**
 * Opens and migrates the database.
 * @throws DbError when the server cannot be reached or a migration fails
 */
export async function createDb(options: CreateDbOptions): Promise<Db> {
  let db: Db;
  if (options.databaseUrl) {
    db = await createPgDb(options.databaseUrl);
  } else if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw new DbError(`the embedded database folder ${options.dataDir} cannot be created (${error.code ?? error.message}); set GRIDRAG_DATA_DIR to a folder`, { cause: error });
    });
    db = await createPgliteDb(options.dataDir, { lockWaitMs: options.lockWaitMs });
  } else {
    db = await createPgliteDb();
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
