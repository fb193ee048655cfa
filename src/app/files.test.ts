import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { listFiles, uploadFiles, uploadPath } from './files.js';
import type { App } from './open-app.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('uploadPath', () => {
  it('keeps a relative path and refuses one that leaves the upload space', () => {
    expect(uploadPath('finance\\q1.csv')).toBe('finance/q1.csv');
    expect(uploadPath('./a/./b.csv')).toBe('a/b.csv');
    // A ".." part is refused wherever it is: never stored under the path it resolves to.
    for (const climbing of ['a/../b.csv', './a/../b.csv', 'a\\..\\b.csv', 'a/b/..']) {
      expect(() => uploadPath(climbing), climbing).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', message: expect.stringContaining('may not contain ".." parts') }));
    }
    for (const bad of ['../x.csv', '/etc/passwd', 'C:/x.csv', 'a\nb.csv', ' ']) expect(() => uploadPath(bad), bad).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
    // What ingest and sync skip as noise, uploads refuse, saying why.
    for (const noise of ['~$lock.csv', '.hidden.csv', 'finance/.cache/x.csv', 'q1.xlsx.tmp']) {
      expect(() => uploadPath(noise), noise).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', message: expect.stringMatching(/ingest and sync skip/) }));
    }
  });
});

for (const adapter of DB_ADAPTERS) {
  describe(`uploadFiles and listFiles (${adapter.name})`, () => {
    let test: TestApp;
    let sales: App;
    beforeAll(async () => {
      test = await openTestApp(adapter, { tenant: 'acme' });
      test.app.config.GRIDRAG_ACCESS_LEVELS = 'finance/**=controlling';
      sales = { ...test.app, accessLevels: ['all', 'sales'] };
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('ingests each file on its own, refusing a path or a level the caller may not write, and lists what its levels allow', async () => {
      const result = await uploadFiles(sales, {
        files: [
          { name: 'orders.csv', bytes: bytes('id,amount\n1,10\n2,20\n') },
          { name: 'salaries.csv', path: 'finance/salaries.csv', bytes: bytes('name,salary\nAda,1\n') },
          { name: 'x.csv', path: '../x.csv', bytes: bytes('a,b\n1,2\n') },
          { name: 'empty.csv', bytes: bytes('') },
        ],
      });
      expect(result.failed).toBe(3);
      expect(result.files.map((file) => [file.file, file.status, file.error?.code])).toEqual([
        ['orders.csv', 'ingested', undefined],
        ['finance/salaries.csv', 'failed', 'FORBIDDEN'],
        ['../x.csv', 'failed', 'INVALID_REQUEST'],
        ['empty.csv', 'failed', 'FILE_FORMAT'],
      ]);
      expect(result.files[0]).toMatchObject({ tables: 1, rows: 2, recordId: expect.any(String) });

      expect((await uploadFiles(test.app, { files: [{ name: 'salaries.csv', path: 'finance/salaries.csv', bytes: bytes('name,salary\nAda,1\n') }] })).failed).toBe(0);
      expect((await listFiles(test.app)).files.map((file) => file.path)).toEqual(['empty.csv', 'finance/salaries.csv', 'orders.csv']);
      const seen = (await listFiles(sales)).files;
      expect(seen.map((file) => [file.path, file.status, file.accessLevel])).toEqual([['empty.csv', 'failed', 'all'], ['orders.csv', 'ready', 'all']]);
    });

    it('validates the request with its schema', async () => {
      await expect(uploadFiles(test.app, { files: [] })).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('no files') });
      await expect(listFiles(test.app, { extra: 1 } as never)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    });
  });
}
