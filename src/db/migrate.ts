/**
 * Applies the plain-SQL migrations in `supabase/migrations/` in name order, each once,
 * recorded in `schema_migrations`. The same files serve Supabase's CLI, any Postgres and PGlite.
 * @module db/migrate
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db.js';

/** Folder of the migration files, found relative to this module (src/ or dist/). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/migrations');

/**
 * Brings the schema up to date and sets `db.vectorEnabled`.
 * On a server, concurrent callers serialize on an advisory lock.
 * @returns names of the migrations applied by this call
 */
export async function migrate(db: Db, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  if (await allApplied(db, files)) {
    await detectVector(db);
    return [];
  }
  const applied = await db.transaction(async (tx) => {
    if (db.kind === 'pg') await tx.query(`select pg_advisory_xact_lock(hashtext('gridrag_migrations'))`);
    await tx.exec(
      `create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((row) => row.name));
    const now: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(migrationsDir, file), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      now.push(file);
    }
    return now;
  });
  await detectVector(db);
  return applied;
}

/** True when every file is recorded as applied (the common start-up: one cheap query). */
async function allApplied(db: Db, files: string[]): Promise<boolean> {
  try {
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
    const done = new Set(rows.map((row) => row.name));
    return files.every((file) => done.has(file));
  } catch {
    return false;
  }
}

async function detectVector(db: Db): Promise<void> {
  const vector = await db.query<{ present: boolean }>(
    `select exists (select 1 from pg_extension where extname = 'vector') as present`,
  );
  db.vectorEnabled = vector.rows[0]?.present === true;
}
