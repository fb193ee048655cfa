import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
    await expect(createPgliteDb(folder, { lockWaitMs: 0 })).rejects.toThrow(/in use by another gridrag process/);

    const waiting = createPgliteDb(folder);
    setTimeout(() => void first.close(), 300);
    const second = await waiting;
    const { rows } = await second.query<{ n: number }>('select n from kept');
    expect(rows).toEqual([{ n: 1 }]);
    await second.close();
  });
});
