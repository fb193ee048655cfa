import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { measureRowsLost, papaparseCleanTable } from './rows-lost.js';

describe('papaparseCleanTable', () => {
  it('reads a rectangular CSV under a text header, years allowed', () => {
    expect(papaparseCleanTable('Country,2019,2020\nFrance,1,2\nSpain,3,4\n')).toEqual({ records: 2, repeats: 0 });
    expect(papaparseCleanTable('a,b\n1,2\na,b\n3,4\n')).toEqual({ records: 3, repeats: 1 });
  });

  it('is null for a banner, numbers as names, ragged records or a header alone', () => {
    expect(papaparseCleanTable('Report,\na,b\n1,2\n')).toBeNull();
    expect(papaparseCleanTable('1,2\n3,4\n')).toBeNull();
    expect(papaparseCleanTable('a,b\n1,2,3\n')).toBeNull();
    expect(papaparseCleanTable('a,b\n')).toBeNull();
  });
});

const adapter = DB_ADAPTERS[0];
describe(`measureRowsLost (${adapter.name})`, () => {
  let test: TestApp;
  let folder: string;
  beforeAll(async () => {
    test = await openTestApp(adapter);
    folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-rows-lost-'));
    await writeFile(path.join(folder, 'medals.csv'), 'Rank,Name,Time\n,Joanne Malar,4:43.64\n,Alison Fealey,4:48.31\n4,Sonia Fonseca,5:03.15\n');
    await writeFile(path.join(folder, 'report.csv'), 'Sales report,,\n,,\nRegion,Q1,Q2\nOslo,1,2\nBergen,3,4\n');
    await writeFile(path.join(folder, 'header-only.csv'), 'id,name\n');
    await writeFile(path.join(folder, 'ignored.json'), '{}');
  });
  afterAll(async () => {
    await test?.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('counts no lost row, the excluded rows by reason and the files with no table', async () => {
    const report = await measureRowsLost(test.app, folder);
    expect(report).toMatchObject({ files: 3, cleanFiles: 1, rowsLost: 0, losing: [], excluded: { header: 2, title: 1, outside: 1 } });
    expect(report.noTable).toEqual([{ file: 'header-only.csv', reason: 'no table: a single row (a header with no data rows, or one line of text)' }]);
    const left = await test.app.db.query<{ n: number }>(`select count(*)::int as n from record_manager where tenant_id = 'rows-lost'`);
    expect(left.rows[0].n).toBe(0);
  });
});
