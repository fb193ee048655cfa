/**
 * Chooses the database adapter: `DATABASE_URL` set means a Postgres server, otherwise
 * embedded PGlite in `GRIDRAG_DATA_DIR`. Migrates before returning.
 * @module db/create-db
 */
import { mkdir, stat } from 'node:fs/promises';
import { ConfigError, DbError } from '../errors.js';
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

/** Schemes the pg driver connects with: `postgres://`, `postgresql://`, and `socket:` (a Unix socket). */
const PG_SCHEMES = new Set(['postgres:', 'postgresql:', 'socket:']);

/**
 * Checks that DATABASE_URL is a Postgres connection URL before any connection is tried: a
 * malformed value is a setting to fix, not a server that cannot be reached. A Unix socket
 * folder (`/var/run/postgresql`) is taken as the driver takes it. The value itself is never
 * echoed (it may hold a password).
 * @throws ConfigError when the value is not a URL, or not one of `PG_SCHEMES`
 */
export function checkDatabaseUrl(url: string): void {
  if (url.startsWith('/')) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL is malformed: it is not a URL; set it to a postgres:// URL (postgres://user@host:5432/database, the password after user:), or unset it to use the embedded database');
  }
  if (!PG_SCHEMES.has(parsed.protocol)) {
    throw new ConfigError(`DATABASE_URL is malformed: it starts with ${parsed.protocol}// where postgres:// was expected; set it to a postgres:// URL (postgres://user@host:5432/database, the password after user:)`);
  }
}

/**
 * Makes the embedded database folder (and its parents).
 * @throws ConfigError when the path, or a part of it, is a file; DbError when it cannot be created otherwise
 */
async function makeDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      const isFile = await stat(dataDir).then((found) => !found.isDirectory(), () => false);
      throw new ConfigError(
        isFile
          ? `GRIDRAG_DATA_DIR ${dataDir} is a file, not a folder; set GRIDRAG_DATA_DIR to a folder (it is created when missing)`
          : `GRIDRAG_DATA_DIR ${dataDir} lies under a file, not a folder; set GRIDRAG_DATA_DIR to a folder (it is created when missing)`,
        { cause: error },
      );
    }
    throw new DbError(`the embedded database folder ${dataDir} cannot be created (${code ?? (error as Error).message}); set GRIDRAG_DATA_DIR to a folder`, { cause: error });
  }
}

/**
 * Opens and migrates the database.
 * @throws ConfigError when DATABASE_URL is malformed or GRIDRAG_DATA_DIR is a file
 * @throws DbError when the server cannot be reached or a migration fails
 */
export async function createDb(options: CreateDbOptions): Promise<Db> {
  let db: Db;
  if (options.databaseUrl) {
    checkDatabaseUrl(options.databaseUrl);
    db = await createPgDb(options.databaseUrl);
  } else if (options.dataDir) {
    await makeDataDir(options.dataDir);
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
