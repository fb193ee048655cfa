import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { createExecutor, type Executor } from './executor.js';
import { seedTwoTenants, TENANT_A, type TwoTenants } from './__fixtures__/two-tenants.js';

for (const adapter of DB_ADAPTERS) {
  describe(`access levels in the reader's row-level security on ${adapter.name}`, () => {
    let test: TestDb;
    let data: TwoTenants;
    let executor: Executor;
    const everything = `select count(*)::int as n from tabular_document_rows`;

    beforeAll(async () => {
      test = await adapter.create();
      data = await seedTwoTenants(test.db);
      await test.db.query(
        `update record_manager set access_level = 'controlling' where id = (select record_id from tabular_tables where id = $1)`,
        [data.ordersId],
      );
      executor = await createExecutor({ db: test.db, databaseUrl: test.url, timeoutMs: 3000, rowCap: 200 });
    }, 60_000);

    afterAll(async () => {
      await executor?.close();
      await test?.dispose();
    });

    const count = async (accessLevels: string[] | undefined) =>
      (await executor.run(everything, { tenantId: TENANT_A, tableIds: [data.ordersId, data.feedbackId], accessLevels })).rows[0].n;

    it('hides rows of a record whose level the scope does not hold, with the guard bypassed', async () => {
      expect(await count(['all'])).toBe(2); // feedback only
      expect(await count(['all', 'sales'])).toBe(2);
      expect(await count([])).toBe(0);
    });

    it('shows them to a scope holding the level, and to an unrestricted scope', async () => {
      expect(await count(['all', 'controlling'])).toBe(8); // six order rows and two feedback rows
      expect(await count(['controlling'])).toBe(6);
      expect(await count(undefined)).toBe(8);
    });

    it('follows a level change at once', async () => {
      await test.db.query(`update record_manager set access_level = 'all' where id = (select record_id from tabular_tables where id = $1)`, [data.ordersId]);
      expect(await count(['all'])).toBe(8);
      await test.db.query(`update record_manager set access_level = 'controlling' where id = (select record_id from tabular_tables where id = $1)`, [data.ordersId]);
      expect(await count(['all'])).toBe(2);
    });
  });
}
