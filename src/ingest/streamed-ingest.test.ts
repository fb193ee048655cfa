import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { ingestFile } from './index.js';
import { loadCatalog } from '../store/index.js';

/** 20,000 orders with a subtotal every 4,000 rows and a grand total. */
function ordersCsv(): string {
  const lines = ['country,channel,quantity,amount'];
  let block = 0;
  let all = 0;
  for (let i = 1; i <= 20_000; i++) {
    const amount = (i % 17) * 3 + 1;
    lines.push(`${['DE', 'FR', 'ES', 'IT'][i % 4]},${['Meta', 'Google'][i % 2]},${(i % 5) + 1},${amount}`);
    block += amount;
    all += amount;
    if (i % 4000 === 0) {
      lines.push(`Subtotal,,,${block}`);
      block = 0;
    }
  }
  lines.push(`Total,,,${all}`);
  return `${lines.join('\n')}\n`;
}

for (const adapter of DB_ADAPTERS) {
  describe(`ingest of a sheet read in chunks (${adapter.name})`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('stores the same rows, flags, counts, profile and accounting as ingesting it whole', async () => {
      const bytes = new TextEncoder().encode(ordersCsv());
      const whole = await ingestFile(test.db, { tenantId: 'whole', sourceKind: 'upload', sourceRef: 'o', sourcePath: 'orders.csv', fileName: 'orders.csv', bytes });
      const streamed = await ingestFile(test.db, {
        tenantId: 'streamed', sourceKind: 'upload', sourceRef: 'o', sourcePath: 'orders.csv', fileName: 'orders.csv', bytes, limits: { streamRows: 5000 },
      });
      expect(streamed.status).toBe('ingested');
      expect(streamed.rows).toBe(20_000);
      expect(streamed.rows).toBe(whole.rows);
      expect(streamed.rowAccount).toEqual(whole.rowAccount);
      const rowsOf = async (tenantId: string) =>
        (await test.db.query<{ sheet_row: number; row_data: unknown; is_aggregate: boolean; is_hidden: boolean }>(
          'select sheet_row, row_data, is_aggregate, is_hidden from tabular_document_rows where tenant_id = $1 order by sheet_row', [tenantId],
        )).rows;
      const rows = await rowsOf('streamed');
      expect(rows).toHaveLength(20_006);
      expect(rows.filter((row) => row.is_aggregate).map((row) => row.sheet_row)).toEqual([4002, 8003, 12004, 16005, 20006, 20007]);
      expect(rows).toEqual(await rowsOf('whole'));
      const strip = (tables: Awaited<ReturnType<typeof loadCatalog>>) => tables.map(({ id: _id, record, ...rest }) => ({ ...rest, record: { ...record, recordId: '' } }));
      expect(strip(await loadCatalog(test.db, 'streamed'))).toEqual(strip(await loadCatalog(test.db, 'whole')));
      const outcome = await test.db.query<{ outcome: string }>(`select outcome from tabular_tables where tenant_id = 'streamed'`);
      expect(outcome.rows[0].outcome).toBe('verified');
      // A verified table's layout is kept as a template for the next file like it, streamed or not.
      const templatesOf = async (tenantId: string) =>
        (await test.db.query<{ fingerprint: string; layout: unknown }>('select fingerprint, layout from layout_templates where tenant_id = $1 order by fingerprint', [tenantId])).rows;
      const templates = await templatesOf('whole');
      expect(templates).toHaveLength(1);
      expect(await templatesOf('streamed')).toEqual(templates);
    }, 120_000);
  });
}
