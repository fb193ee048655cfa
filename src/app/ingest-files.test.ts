import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { InvalidRequestError, NotFoundError } from '../errors.js';
import { deleteRecord, ingestPaths, listTables, readLog, withTenant } from './index.js';

const adapter = DB_ADAPTERS[0];

describe(`ingestPaths reports everything it did not take (${adapter.name})`, () => {
  let root: string;
  let test: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'gridrag-ingest-'));
    const files: Record<string, string> = {
      'team/ok.csv': 'id,amount\n1,10\n2,20\n',
      'team/header-only.csv': 'id,amount\n',
      'team/not-excel.xlsx': 'this is a text file, not a workbook\n',
      'team/notes.json': '{}',
      'team/january/empty.csv': '',
      'team/february/empty.csv': '',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    await mkdir(join(root, 'nothing-here'));
    test = await openTestApp(adapter);
  });
  afterAll(async () => {
    await test?.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('names an empty folder, a header-only CSV, an unsupported file and a text file named .xlsx, each with a reason', async () => {
    const result = await ingestPaths(test.app, { paths: [join(root, 'team')] });
    const warnings = Object.fromEntries(result.files.map((file) => [file.path, file.warnings]));
    expect(result.noTable.map((entry) => entry.path)).toEqual(['header-only.csv', 'not-excel.xlsx']);
    expect(result.noTable[0].reason).toMatch(/a header with no data rows/);
    expect(warnings['not-excel.xlsx']).toEqual([expect.stringMatching(/not an Excel workbook/)]);
    expect(warnings['ok.csv']).toEqual([]);
    expect(result.skipped).toEqual([{ path: 'notes.json', reason: 'unsupported file type (.json)' }]);

    const empty = await ingestPaths(test.app, { paths: [join(root, 'nothing-here')] });
    expect(empty.skipped).toEqual([{ path: join(root, 'nothing-here'), reason: 'the folder holds no files' }]);
    expect(empty.files).toEqual([]);
  });

  it('gives failures the path relative to the ingested folder, so two empty.csv differ', async () => {
    const result = await ingestPaths(test.app, { paths: [join(root, 'team')] });
    expect(result.errors.map((error) => error.error)).toEqual([
      expect.stringMatching(/^february\/empty\.csv: /),
      expect.stringMatching(/^january\/empty\.csv: /),
    ]);
    expect(result.errors.map((error) => error.path)).toEqual(['february/empty.csv', 'january/empty.csv']);
  });

  it('starts every warning with the path relative to the ingested folder, and lists failed files in `tables` with why', async () => {
    const app = withTenant(test.app, 'whole-root');
    const result = await ingestPaths(app, { paths: [root] });
    const warnings = result.files.flatMap((file) => file.warnings.map((warning) => [file.path, warning]));
    expect(warnings.length).toBeGreaterThan(0);
    for (const [path, warning] of warnings) expect(warning.startsWith(`${path}: `), warning).toBe(true);
    expect(warnings).toContainEqual(['team/not-excel.xlsx', 'team/not-excel.xlsx: not an Excel workbook (the bytes are not a .xlsx archive); read as text']);
    const { failed } = await listTables(app);
    expect(failed.map((file) => [file.path, file.status])).toEqual([['team/february/empty.csv', 'failed'], ['team/january/empty.csv', 'failed']]);
    expect(failed[0].error).toMatch(/no data: the file is empty/);
  });

  it('rejects a request without paths', async () => {
    await expect(ingestPaths(test.app, { paths: [] })).rejects.toBeInstanceOf(InvalidRequestError);
  });
});

describe(`use cases validate their requests (${adapter.name})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await openTestApp(adapter);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refuses a log limit that is not a whole number from 1 to 1000', async () => {
    for (const limit of ['abc', '-1', '0', '2.5', '1001', '']) {
      await expect(readLog(test.app, { limit }), limit).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(/^limit: /) });
    }
    await expect(readLog(test.app, { limit: '3' })).resolves.toEqual({ entries: [] });
  });

  it('deletes a record by id, and says when there is none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'gridrag-delete-'));
    await writeFile(join(folder, 'a.csv'), 'x,y\n1,2\n');
    await ingestPaths(test.app, { paths: [folder] });
    const [table] = (await listTables(test.app)).tables;
    await expect(deleteRecord(test.app, { recordId: table.recordId })).resolves.toEqual({ recordId: table.recordId, deleted: true });
    expect((await listTables(test.app)).tables).toEqual([]);
    await expect(deleteRecord(test.app, { recordId: table.recordId })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteRecord(test.app, { recordId: 'not-a-uuid' })).rejects.toBeInstanceOf(InvalidRequestError);
    await rm(folder, { recursive: true, force: true });
  });
});
