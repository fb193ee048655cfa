/**
 * The database adapters every contract suite runs on: PGlite always, a Postgres server
 * when `DATABASE_URL` is set. Each `create()` returns a fresh, migrated, empty database
 * (a new in-memory PGlite, or a new database on the server dropped by `dispose`).
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../../src/db/index.js';

export interface TestDb {
  db: Db;
  /** The connection URL of a server database, undefined for PGlite. */
  url?: string;
  dispose(): Promise<void>;
}

export interface DbAdapter {
  name: 'pglite' | 'pg';
  create(): Promise<TestDb>;
}

/** A database of its own on a Postgres server, made for one test file and dropped after it. */
export interface ServerDatabase {
  url: string;
  /** Drops the database, waiting for a reader backend that is still ending. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database `<prefix>_<random>` on the server of `adminUrl`.
 * @param prefix the name's start, a plain SQL identifier (`gridrag_t`)
 */
export async function createServerDatabase(adminUrl: string, prefix = 'gridrag_t'): Promise<ServerDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        // A reader backend the executor gave up on (terminated, see `pg-executor.ts`) leaves only
        // once its running call returns, and until then the drop fails with 55006: wait for it.
        for (let tries = 0; ; tries++) {
          try {
            await again.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || tries >= 12) throw error;
            await new Promise((resolve) => setTimeout(resolve, 2500));
          }
        }
      } finally {
        await again.end();
      }
    },
  };
}

async function createServerTestDb(adminUrl: string): Promise<TestDb> {
  const server = await createServerDatabase(adminUrl);
  const db = await createDb({ databaseUrl: server.url });
  return {
    db,
    url: server.url,
    async dispose() {
      await db.close().catch(() => undefined);
      await server.drop();
    },
  };
}

export const DB_ADAPTERS: DbAdapter[] = [
  {
    name: 'pglite',
    async create() {
      const db = await createDb({ dataDir: null });
      return { db, dispose: () => db.close() };
    },
  },
  ...(process.env.DATABASE_URL
    ? [{ name: 'pg' as const, create: () => createServerTestDb(process.env.DATABASE_URL as string) }]
    : []),
];
