import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { FAKE_OAUTH, FakeDriveServer } from '../../test/helpers/fake-drive-server.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { createDriveAuth } from '../source/index.js';
import { ingestPaths, listGlossary, syncDrive, syncFolder, withTenant, type App } from './index.js';

/** One folder with data, a root and a nested glossary, noise of every kind and an unsupported file. */
const FILES: Record<string, string> = {
  'orders.csv': 'id,region,amount\n1,North,10\n2,South,20\n3,North,30\n',
  'sales/regions.csv': 'region,target\nNorth,100\nSouth,200\n',
  'glossary.yml': 'terms:\n  big order:\n    description: an order over 15\n    where: "amount > 15"\n',
  'sales/glossary.yml': 'terms:\n  ignored:\n    description: nested, never read\n',
  'notes.json': '{}',
  '~$orders.xlsx': 'lock',
  '.hidden.csv': 'a,b\n1,2\n',
  'scratch.tmp': 'x',
  'scratch.temp': 'x',
  'big.csv.partial': 'a\n1\n',
  'big.csv.download': 'a\n1\n',
  'big.csv.crdownload': 'a\n1\n',
  '.orders.csv.swp': 'x',
  'orders.csv~': 'a\n1\n',
};

interface Outcome {
  records: { path: string | null; title: string; tables: number; rows: number; status: string }[];
  terms: string[];
  skipped: { path: string; reason: string }[];
}

async function outcomeOf(app: App, skipped: { path: string; reason: string }[]): Promise<Outcome> {
  const { rows } = await app.db.query<Outcome['records'][number]>(
    `select r.source_path as path, r.title, r.status,
            (select count(*) from tabular_tables t where t.record_id = r.id and t.kind = 'table')::int as tables,
            (select count(*) from tabular_document_rows d where d.record_id = r.id and not d.is_aggregate)::int as rows
       from record_manager r where r.tenant_id = $1 order by r.source_path`,
    [app.tenantId],
  );
  const { terms } = await listGlossary(app);
  return { records: rows, terms: terms.map((term) => term.term), skipped: [...skipped].sort((a, b) => a.path.localeCompare(b.path)) };
}

for (const adapter of DB_ADAPTERS) {
  describe(`ingest, sync and drive sync of one folder (${adapter.name})`, () => {
    let folder: string;
    let test: TestApp;
    let drive: FakeDriveServer;

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'gridrag-parity-'));
      for (const [path, text] of Object.entries(FILES)) {
        await mkdir(dirname(join(folder, path)), { recursive: true });
        await writeFile(join(folder, path), text);
      }
      drive = await FakeDriveServer.start();
      const root = drive.addFolder('Team');
      const sales = drive.addFolder('sales', root);
      for (const [path, text] of Object.entries(FILES)) drive.addFile(path.replace(/^sales\//, ''), path.startsWith('sales/') ? sales : root, text, 'text/plain');
      test = await openTestApp(adapter);
      test.app.config.GOOGLE_DRIVE_FOLDER_ID = root;
      test.app.config.GOOGLE_DRIVE_ROOT_URL = drive.rootUrl;
    });
    afterAll(async () => {
      await test?.dispose();
      await drive?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it('yields the same records, glossary and skipped files through each, with one noise filter', async () => {
      const viaIngest = withTenant(test.app, 'via-ingest');
      const ingested = await ingestPaths(viaIngest, { paths: [folder] });
      expect(ingested.errors).toEqual([]);

      const viaSync = withTenant(test.app, 'via-sync');
      const synced = await syncFolder(viaSync, { folder });
      expect(synced.failed).toEqual([]);

      const viaDrive = withTenant(test.app, 'via-drive');
      const auth = await createDriveAuth({ ...FAKE_OAUTH, tokenUrl: drive.tokenUrl });
      const driven = await syncDrive(viaDrive, {}, { auth });
      expect(driven.failed).toEqual([]);

      const expected: Outcome = {
        records: [
          { path: 'orders.csv', title: 'orders.csv', tables: 1, rows: 3, status: 'ready' },
          { path: 'sales/regions.csv', title: 'regions.csv', tables: 1, rows: 2, status: 'ready' },
        ],
        terms: ['big order'],
        skipped: [
          { path: 'notes.json', reason: 'unsupported file type (.json)' },
          { path: 'sales/glossary.yml', reason: 'a glossary is read only at the root of the folder' },
        ],
      };
      expect(await outcomeOf(viaIngest, ingested.skipped)).toEqual(expected);
      expect(await outcomeOf(viaSync, synced.skipped)).toEqual(expected);
      expect(await outcomeOf(viaDrive, driven.skipped)).toEqual(expected);
      expect([ingested.glossaryTerms, synced.glossaryTerms, driven.glossaryTerms]).toEqual([1, 1, 1]);
    });
  });
}
