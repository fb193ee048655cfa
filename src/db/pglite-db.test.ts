import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sqlState } from '../query/reader-connection.js';
import { LOCK_FILE } from './folder-lock.js';
import { createPgliteDb } from './pglite-db.js';

describe('createPgliteDb', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-lock-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('lets one opener at a time use a folder, and says why the other must wait', async () => {
    const first = await createPgliteDb(folder);
    await first.exec('create table kept (n int); insert into kept values (1)');
    await expect(createPgliteDb(folder, { lockWaitMs: 0 })).rejects.toThrow(new RegExp(`in use by another gridrag process \\(process ${process.pid}\\)`));

    const waiting = createPgliteDb(folder);
    setTimeout(() => void first.close(), 300);
    const second = await waiting;
    const { rows } = await second.query<{ n: number }>('select n from kept');
    expect(rows).toEqual([{ n: 1 }]);
    await second.close();
  });

  it('an abort during a close (a signal as a command ends) resolves once the close is done and the folder is free', async () => {
    const db = await createPgliteDb(folder);
    await db.exec('insert into kept select 2 from generate_series(1, 20000)');
    const closing = db.close();
    await db.abort();
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
    await closing;
    const again = await createPgliteDb(folder, { lockWaitMs: 0 });
    try {
      expect((await again.query<{ n: number }>('select count(*)::int as n from kept where n = 2')).rows).toEqual([{ n: 20000 }]);
      await again.exec('delete from kept where n = 2');
    } finally {
      await again.close();
    }
  });

  it('stops a transaction at its time limit, with SQLSTATE 57014, and answers after with the data intact', async () => {
    const db = await createPgliteDb(folder);
    try {
      const started = performance.now();
      const error = await db
        .transaction((tx) => tx.query('select count(*) from generate_series(1, 100000) a, generate_series(1, 100000) b'), { timeoutMs: 500 })
        .catch((caught: Error) => caught);
      expect(sqlState(error)).toBe('57014');
      expect(performance.now() - started).toBeLessThan(3000);
      expect((await db.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('stops a transaction that grows the process past its memory limit, with SQLSTATE 53200', async () => {
    const db = await createPgliteDb(folder);
    try {
      const error = await db
        .transaction((tx) => tx.query(`select length(string_agg(lpad('', 1000, 'x'), '')) from generate_series(1, 1000000)`), { timeoutMs: 60_000, memoryLimitBytes: 64 * 2 ** 20 })
        .catch((caught: Error) => caught);
      expect(sqlState(error)).toBe('53200');
      expect((error as Error).message).toMatch(/more than 64 MB/);
      expect((await db.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('removes the temporary files of a stopped statement before it opens the folder again', async () => {
    const db = await createPgliteDb(folder);
    const temporary = path.join(folder, 'base', 'pgsql_tmp');
    try {
      let seen = 0;
      const watcher = setInterval(() => {
        if (existsSync(temporary)) seen = Math.max(seen, readdirSync(temporary).length);
      }, 50);
      const error = await db
        .transaction(async (tx) => {
          await tx.query(`select set_config('work_mem', '64kB', true)`);
          return tx.query('select g from generate_series(1, 20000000) g order by g desc');
        }, { timeoutMs: 2000 })
        .catch((caught: Error) => caught);
      clearInterval(watcher);
      expect(sqlState(error)).toBe('57014');
      expect(seen).toBeGreaterThan(0);
      expect((await db.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 1 }]);
      expect(existsSync(temporary) ? readdirSync(temporary) : []).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
