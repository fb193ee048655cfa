import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/index.js';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { ingestFile, type IngestInput } from './index.js';

const WRITERS = 3;

function bigCsv(rows: number, version: number): Uint8Array {
  const lines = ['region,amount'];
  for (let i = 0; i < rows; i++) lines.push(`Region ${i},${i * version}`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

function input(fileName: string, bytes: Uint8Array): IngestInput {
  return { tenantId: 'race', sourceKind: 'local', sourceRef: `/data/${fileName}`, sourcePath: fileName, fileName, bytes };
}

async function recordState(db: Db, fileName: string) {
  const records = await db.query<{ id: string; version: number; status: string }>(
    `select id, version, status from record_manager where tenant_id = 'race' and title = $1`, [fileName]);
  const tables = await db.query<{ sql_name: string; row_count: number; stored: number }>(
    `select t.sql_name, t.row_count, (select count(*)::int from tabular_document_rows r where r.table_id = t.id) as stored
       from tabular_tables t join record_manager m on m.id = t.record_id where m.tenant_id = 'race' and m.title = $1 order by t.sql_name`, [fileName]);
  return { records: records.rows, tables: tables.rows };
}

for (const adapter of DB_ADAPTERS) {
  describe(`concurrent ingests of one file (${adapter.name})`, () => {
    let test: TestDb;
    /** Separate pools on a server (as separate processes would have); the one instance on PGlite. */
    let writers: Db[];
    beforeAll(async () => {
      test = await adapter.create();
      writers = test.url
        ? await Promise.all(Array.from({ length: WRITERS }, () => createDb({ databaseUrl: test.url })))
        : Array.from({ length: WRITERS }, () => test.db);
    });
    afterAll(async () => {
      if (test?.url) await Promise.all(writers.map((db) => db.close()));
      await test?.dispose();
    });

    it('first ingests of the same new file at once: one ingests, the others find it stored', async () => {
      const bytes = bigCsv(3000, 1);
      const outcomes = await Promise.all(writers.map((db) => ingestFile(db, input('fresh.csv', bytes))));
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['ingested', 'unchanged', 'unchanged']);
      expect(new Set(outcomes.map((outcome) => outcome.recordId)).size).toBe(1);
      expect(await recordState(test.db, 'fresh.csv')).toEqual({
        records: [{ id: outcomes[0].recordId, version: 1, status: 'ready' }],
        tables: [{ sql_name: 'fresh', row_count: 3000, stored: 3000 }],
      });
    });

    it('ingests of the same changed file at once end in one record with one version of each table', async () => {
      const first = await ingestFile(test.db, input('big.csv', bigCsv(3000, 1)));
      expect(first.status).toBe('ingested');
      const changed = bigCsv(4000, 2);
      const outcomes = await Promise.all(writers.map((db) => ingestFile(db, input('big.csv', changed))));
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['replaced', 'unchanged', 'unchanged']);
      expect(outcomes.every((outcome) => outcome.recordId === first.recordId && outcome.rows === 4000)).toBe(true);
      expect(await recordState(test.db, 'big.csv')).toEqual({
        records: [{ id: first.recordId, version: 2, status: 'ready' }],
        tables: [{ sql_name: 'big', row_count: 4000, stored: 4000 }],
      });
    });

    it('different files wanting the same table name at once each get their own name', async () => {
      const outcomes = await Promise.all(writers.map((db, i) =>
        ingestFile(db, { ...input('sales.csv', bigCsv(500, i + 1)), sourceRef: `/folder-${i}/sales.csv` })));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['ingested', 'ingested', 'ingested']);
      const { rows } = await test.db.query<{ sql_name: string }>(
        `select sql_name from tabular_tables t join record_manager m on m.id = t.record_id where m.title = 'sales.csv' order by sql_name`);
      expect(rows.map((row) => row.sql_name)).toEqual(['sales', 'sales_2', 'sales_3']);
    });
  });
}
