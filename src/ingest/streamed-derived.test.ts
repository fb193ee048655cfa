import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { ingestFile } from './index.js';
import { loadCatalog } from '../store/index.js';
import { viewSql } from '../query/index.js';
import type { CatalogTable } from '../store/catalog-types.js';

const REGIONS = ['North', 'South', 'East', 'West'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Sales by month on sheets Jan, Feb, Mar (3,000 rows each: a union), a Q1 sheet that sums them
 * per region (a summary block, left out of the union), and a Plan sheet with a column per month
 * (3,000 rows: a long form).
 */
async function salesWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const q1 = new Map(REGIONS.map((region) => [region, { units: 0, revenue: 0 }]));
  for (const [m, month] of ['Jan', 'Feb', 'Mar'].entries()) {
    const sheet = workbook.addWorksheet(month);
    sheet.addRow(['Region', 'Product', 'Units', 'Revenue']);
    for (let i = 0; i < 3000; i++) {
      const region = REGIONS[(i + m) % 4];
      const units = ((i * 7 + m) % 23) + 1;
      const revenue = units * 25 + (i % 4) * 0.25;
      sheet.addRow([region, `P${i % 150}`, units, revenue]);
      const sum = q1.get(region) as { units: number; revenue: number };
      sum.units += units;
      sum.revenue += revenue;
    }
  }
  const summary = workbook.addWorksheet('Q1');
  summary.addRow(['Region', 'Product', 'Units', 'Revenue']);
  for (const [region, sum] of q1) summary.addRow([region, 'All', sum.units, sum.revenue]);
  const plan = workbook.addWorksheet('Plan');
  plan.addRow(['Region', 'Product', ...MONTHS]);
  for (let i = 0; i < 3000; i++) plan.addRow([REGIONS[i % 4], `P${i}`, ...MONTHS.map((_, m) => ((i * 13 + m * 5) % 97) + (m === 5 && i % 500 === 0 ? 0.5 : 0))]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

for (const adapter of DB_ADAPTERS) {
  describe(`derived tables of sheets read in chunks (${adapter.name})`, () => {
    let test: TestDb;
    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('stores the same union and long-form tables, profiles and rows as ingesting the sheets whole', async () => {
      const bytes = await salesWorkbook();
      const input = { sourceKind: 'upload' as const, sourceRef: 's', sourcePath: 'sales.xlsx', fileName: 'sales.xlsx', bytes };
      await ingestFile(test.db, { ...input, tenantId: 'whole' });
      const streamed = await ingestFile(test.db, { ...input, tenantId: 'streamed', limits: { streamRows: 1000 } });
      expect(streamed.status).toBe('ingested');
      const streamedTables = await test.db.query<{ n: number }>(`select count(*)::int as n from tabular_tables where tenant_id = 'streamed' and kind = 'table'`);
      expect(streamedTables.rows[0].n).toBe(5);

      const catalog = async (tenantId: string) => (await loadCatalog(test.db, tenantId)).filter((table) => table.kind !== 'table');
      const whole = await catalog('whole');
      const chunked = await catalog('streamed');
      expect(whole.map((table) => [table.sqlName, table.kind, table.rowCount])).toEqual([
        ['sales_all', 'union', 9000],
        ['sales_plan_long', 'long', 36_000],
      ]);
      // Ids differ per ingest: the definitions are compared with the base tables named by position.
      const strip = (tables: CatalogTable[]) =>
        tables.map(({ id: _id, baseTableIds, definition, record, ...rest }) => ({
          ...rest,
          bases: baseTableIds.length,
          definition: { ...definition, labels: baseTableIds.map((id) => definition?.labels?.[id]) },
          record: { ...record, recordId: '' },
        }));
      expect(strip(chunked)).toEqual(strip(whole));
      expect(whole[0].baseTableIds.map((id) => whole[0].definition?.labels?.[id])).toEqual(['Jan', 'Feb', 'Mar']);
      expect(whole[0].columns.find((column) => column.sqlName === 'units')?.profile).toMatchObject({ min: 1, max: 23, nullCount: 0 });

      const rowsOf = async (table: CatalogTable, tenantId: string) =>
        (await test.db.query(`select * from (${viewSql(table, tenantId)}) v order by 1, 2, _sheet_row${table.kind === 'long' ? ', period_index' : ''}`)).rows;
      for (const [index, table] of whole.entries()) {
        const reference = await rowsOf(table, 'whole');
        expect(reference).toHaveLength(table.rowCount);
        expect(await rowsOf(chunked[index], 'streamed')).toEqual(reference);
      }
    }, 180_000);
  });
}
