/**
 * Chooses the database adapter: `DATABASE_URL` set means a Postgres server, otherwise
 * embedded PGlite in `GRIDRAG_DATA_DIR`. Migrates before returning.
 * @module db/create-db
 */
import { mkdir } from 'node:fs/promises';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { createPgDb } from './pg-db.js';
import { createPgliteDb } from './pglite-db.js';

/** Where the data lives. `dataDir: null` gives an in-memory embedded database. */
export interface CreateDbOptions {
  databaseUrl?: string;
  dataDir?: string | null;
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
    await mkdir(options.dataDir, { recursive: true });
    db = await createPgliteDb(options.dataDir);
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
