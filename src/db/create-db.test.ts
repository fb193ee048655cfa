/**
 * createDb's settings checks: a DATABASE_URL that is not a Postgres URL, and a GRIDRAG_DATA_DIR
 * that is a file, are configuration errors (exit 78) naming the setting, never "cannot connect"
 * or "cannot be created (EEXIST)".
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeOf } from '../errors.js';
import { checkDatabaseUrl, createDb } from './create-db.js';

describe('createDb settings', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-create-db-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('calls a DATABASE_URL that is not a Postgres URL malformed, without connecting', async () => {
    const error = (await createDb({ databaseUrl: 'notaurl' }).catch((caught: unknown) => caught)) as Error & { code: string };
    expect(error.code).toBe('CONFIG');
    expect(exitCodeOf(error)).toBe(78);
    expect(error.message).toMatch(/^DATABASE_URL is malformed/);
    expect(error.message).not.toMatch(/ENOTFOUND|connect/);
    expect(() => checkDatabaseUrl('mysql://u:secretpw@db/x')).toThrow(/starts with mysql:\/\//);
    expect(() => checkDatabaseUrl('mysql://u:secretpw@db/x')).not.toThrow(/secretpw/);
    expect(() => checkDatabaseUrl('postgres://u:p@db.example:5432/x')).not.toThrow();
    expect(() => checkDatabaseUrl('postgresql:///x')).not.toThrow(); // the driver's default host
    expect(() => checkDatabaseUrl('/var/run/postgresql')).not.toThrow();
  });

  it('says a GRIDRAG_DATA_DIR that is a file is a file, not a folder', async () => {
    const file = path.join(folder, 'data.txt');
    await writeFile(file, 'not a folder');
    for (const dataDir of [file, path.join(file, 'below')]) {
      const error = (await createDb({ dataDir }).catch((caught: unknown) => caught)) as Error & { code: string };
      expect(error.code).toBe('CONFIG');
      expect(error.message).toMatch(/, not a folder/);
      expect(error.message).not.toContain('EEXIST');
    }
  });
});
