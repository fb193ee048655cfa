import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { ingestFile } from '../ingest/index.js';
import { loadCatalog } from '../store/index.js';
import type { CatalogTable } from '../store/catalog-types.js';
import { viewSql } from './view-sql.js';

const TENANT = 'view_sql_test';
const REGIONS = ['North', 'South', 'East'];

for (const adapter of DB_ADAPTERS) {
  describe(`viewSql (${adapter.name})`, () => {
    let test: TestDb;
    let table: CatalogTable;

    beforeAll(async () => {
      test = await adapter.create();
      const lines = ['order_id,region,amount,order_date', ...Array.from({ length: 3000 }, (_, i) => `${i + 1},${REGIONS[i % 3]},${(i % 50) + 0.5},2024-0${(i % 9) + 1}-15`)];
      const outcome = await ingestFile(test.db, { tenantId: TENANT, sourceKind: 'upload', sourceRef: 'orders.csv', sourcePath: 'orders.csv', fileName: 'orders.csv', bytes: new TextEncoder().encode(lines.join('\n')) });
      expect(outcome.status).toBe('ingested');
      await test.db.exec('analyze tabular_document_rows');
      table = (await loadCatalog(test.db, TENANT)).find((entry) => entry.kind === 'table') as CatalogTable;
    }, 60_000);

    afterAll(async () => {
      await test?.dispose();
    });

    it('casts row_data fields to the column types and leaves out no data row', async () => {
      const { rows } = await test.db.query<{ region: string; total: number; n: number; first: string }>(
        `with t as (${viewSql(table, TENANT)}) select region, sum(amount) as total, count(*)::int as n, min(order_date)::text as first from t group by region order by region`,
      );
      expect(rows.map((row) => row.region)).toEqual(['East', 'North', 'South']);
      expect(rows.map((row) => row.n)).toEqual([1000, 1000, 1000]);
      expect(rows.map((row) => row.first)).toEqual(['2024-03-15', '2024-01-15', '2024-02-15']);
      expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(Array.from({ length: 3000 }, (_, i) => (i % 50) + 0.5).reduce((a, b) => a + b, 0));
    });

    it('plans a group-by on a view column for its few groups, not one group per row (row_data keeps no statistics)', async () => {
      const { rows: stats } = await test.db.query(`select attname from pg_stats where tablename = 'tabular_document_rows' and attname = 'row_data'`);
      expect(stats).toEqual([]);
      const { rows } = await test.db.query<Record<string, string>>(`explain with t as (${viewSql(table, TENANT)}) select region, sum(amount) from t group by region`);
      const plan = rows.map((row) => Object.values(row)[0]).join('\n');
      const top = /Aggregate\s+\(cost=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(plan);
      expect(top, plan).not.toBeNull();
      expect(Number(top?.[1]), plan).toBeLessThan(3000);
    });
  });
}
