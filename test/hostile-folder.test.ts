/**
 * One bad file never stops the others: a folder of good files and hostile ones (generated
 * here, never committed) ingested with `ingestPaths` and synced with `syncLocalFolder`, on
 * every adapter. Each hostile file fails with a reason naming it, recorded on its record;
 * every good file is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ingestPaths } from '../src/app/index.js';
import { syncLocalFolder } from '../src/sync/index.js';
import { findRecords } from '../src/store/index.js';
import { buildCellAt, buildLongCell, buildMissingStrings, buildSharedStrings, buildZipBomb } from '../src/extract/__fixtures__/hostile-files.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { REPO_ROOT } from './helpers/shared-paths.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

/** Limits set low, so the hostile files stay small. */
const LOW_LIMITS = { GRIDRAG_MAX_PART_MB: 1, GRIDRAG_MAX_SHARED_STRINGS_MB: 0.001, GRIDRAG_MAX_CELL_CHARS: 1_000 };

/** File name → expected error (a pattern), or null for a good file. */
const EXPECTED: Record<string, RegExp | null> = {
  'a-orders.csv': null,
  'b-bomb.xlsx': /^b-bomb\.xlsx: the part xl\/worksheets\/sheet1\.xml inflates to more than 1 MiB, over the limit of 1 MiB per part/,
  'c-budget.xlsx': null,
  'd-tall.xlsx': /^d-tall\.xlsx: sheet "Data" \(xl\/worksheets\/sheet1\.xml\): row 1,048,577 is beyond the 1,048,576 rows/,
  'e-strings.xlsx': /^e-strings\.xlsx: xl\/sharedStrings\.xml: the shared strings hold more than the limit of 1,049 characters/,
  'f-long.xlsx': /^f-long\.xlsx: sheet "Data" \(xl\/worksheets\/sheet1\.xml\): cell B2 is longer than the limit of 1,000 characters/,
  'g-garbage.xlsx': /^g-garbage\.xlsx: /,
  'h-damaged.xlsx': null,
  'i-people.csv': null,
  'j-bad\nfailed: all good.csv': /^j-bad\nfailed: all good\.csv: /,
};

/** Links in the folder: outside ones are skipped and reported, the inside one quietly left out. */
const LINKS = { outside: 'k-secret.csv', outsideFolder: 'l-home', broken: 'm-broken.csv', inside: 'n-orders-again.csv' };

async function budgetXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Budget');
  sheet.addRows([['department', 'amount'], ['Sales', 10], ['Support', 20], ['Research', 30]]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function writeFolder(folder: string): Promise<void> {
  const text = (value: string) => new TextEncoder().encode(value);
  const files: Record<string, Uint8Array> = {
    'a-orders.csv': text('order,amount\n1,10\n2,20\n3,30\n'),
    'b-bomb.xlsx': await buildZipBomb(50_000, { lie: true }),
    'c-budget.xlsx': await budgetXlsx(),
    'd-tall.xlsx': buildCellAt('A1048577'),
    'e-strings.xlsx': buildSharedStrings(50, 100),
    'f-long.xlsx': buildLongCell(5_000),
    'g-garbage.xlsx': new Uint8Array([0x50, 0x4b, 3, 4, ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256)]),
    'h-damaged.xlsx': buildMissingStrings(),
    'i-people.csv': text('name,age\nAda,36\nAlan,41\n'),
    'j-bad\nfailed: all good.csv': text(''),
  };
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(folder, name), bytes);
  const outside = path.join(path.dirname(folder), `${path.basename(folder)}-outside`);
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'secret.csv'), 'user,password\nroot,hunter2\n');
  await symlink(path.join(outside, 'secret.csv'), path.join(folder, LINKS.outside));
  await symlink(outside, path.join(folder, LINKS.outsideFolder));
  await symlink(path.join(folder, 'nowhere.csv'), path.join(folder, LINKS.broken));
  await symlink(path.join(folder, 'a-orders.csv'), path.join(folder, LINKS.inside));
}

const run = promisify(execFile);

for (const adapter of DB_ADAPTERS) {
  describe(`a folder with hostile files (${adapter.name})`, () => {
    let folder: string;
    let test: TestApp;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-hostile-'));
      await writeFolder(folder);
      test = await openTestApp(adapter, { tenant: 'hostile' });
      Object.assign(test.app.config, LOW_LIMITS);
    });
    afterAll(async () => {
      await test?.dispose();
      await rm(folder, { recursive: true, force: true });
      await rm(`${folder}-outside`, { recursive: true, force: true });
    });

    it('ingest: every good file is stored, every hostile one fails with its reason on its record', async () => {
      const summary = await ingestPaths(test.app, [folder]);
      const byName = new Map(summary.files.map((file) => [path.basename(file.path), file]));
      expect([...byName.keys()]).toEqual(Object.keys(EXPECTED));
      for (const [name, error] of Object.entries(EXPECTED)) {
        const outcome = byName.get(name);
        if (error === null) expect(outcome, name).toMatchObject({ status: 'ingested' });
        else expect(outcome, name).toMatchObject({ status: 'failed', error: expect.stringMatching(error) });
      }
      expect(byName.get('h-damaged.xlsx')?.warnings).toEqual([expect.stringMatching(/2 cells point past the end of the shared strings .*\(B3, B4\)/)]);
      expect(summary.skipped).toEqual([
        { path: LINKS.outside, reason: expect.stringMatching(/^a symbolic link pointing outside the folder \(to .*secret\.csv\); not followed$/) },
        { path: LINKS.outsideFolder, reason: expect.stringMatching(/^a symbolic link pointing outside the folder/) },
        { path: LINKS.broken, reason: 'a broken symbolic link; not followed' },
      ].sort((a, b) => a.path.localeCompare(b.path)));
      const records = await findRecords(test.app.db, 'hostile');
      expect(records).toHaveLength(Object.keys(EXPECTED).length);
      for (const [name, error] of Object.entries(EXPECTED)) {
        const record = records.find((candidate) => candidate.title === name);
        expect(record, name).toMatchObject(error === null ? { status: 'ready', error: null } : { status: 'failed', error: expect.stringMatching(error) });
      }
    });

    it('sync: the same folder syncs the good files and reports each hostile one', async () => {
      const summary = await syncLocalFolder(test.app.db, folder, {
        tenantId: 'synced',
        limits: { maxPartBytes: 1024 * 1024, maxSharedStringChars: 1_049, maxCellChars: 1_000 },
        recentWriteMs: 0,
      });
      expect(summary.added).toBe(4);
      expect(summary.failed.map((failure) => failure.path).sort()).toEqual(
        Object.entries(EXPECTED).filter(([, error]) => error !== null).map(([name]) => name),
      );
      for (const failure of summary.failed) expect(failure.error).toMatch(EXPECTED[failure.path] as RegExp);
      expect(summary.skipped.filter((skip) => skip.reason.includes('symbolic link')).map((skip) => skip.path).sort()).toEqual([LINKS.outside, LINKS.outsideFolder, LINKS.broken].sort());
      expect((await findRecords(test.app.db, 'synced')).map((record) => record.title)).not.toContain(LINKS.outside);
    });
  });
}

describe('gridrag ingest on a folder with hostile files', () => {
  it('prints every file on one line, names escaped, hostile ones failed and outside links skipped', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-hostile-cli-'));
    const folder = path.join(home, 'files');
    await mkdir(folder);
    try {
      await writeFolder(folder);
      const env = { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data'), ...Object.fromEntries(Object.entries(LOW_LIMITS).map(([key, value]) => [key, String(value)])) };
      const result = await run(process.execPath, [path.join(REPO_ROOT, 'bin/gridrag.js'), 'ingest', folder], { env, cwd: home }).then(
        ({ stdout }) => ({ stdout, code: 0 }),
        (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
      );
      expect(result.code).toBe(1);
      const lines = result.stdout.trim().split('\n');
      expect(lines[0]).toBe('files: 10 (ingested 4, replaced 0, unchanged 0, failed 6, skipped 3)');
      expect(lines).toContain('failed: j-bad\\nfailed: all good.csv: no data: the file is empty');
      expect(lines.filter((line) => line.startsWith('failed: '))).toHaveLength(6);
      expect(lines.filter((line) => line.startsWith('skipped: ') && line.includes('not followed'))).toHaveLength(3);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
