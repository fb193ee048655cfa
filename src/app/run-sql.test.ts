import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { runSql } from './run-sql.js';

for (const adapter of DB_ADAPTERS) {
  describe(`runSql (${adapter.name})`, () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await openTestApp(adapter);
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('counts the rows past the cap exactly when it can', async () => {
      const result = await runSql(test.app, { sql: 'SELECT g FROM generate_series(1, 500) AS g' });
      expect(result).toMatchObject({ rowCount: 500, rowCountIsLowerBound: false, truncated: true });
      expect(result.rows).toHaveLength(200);
    });

    it('says the count is a lower bound when counting stopped early, never a plain number', async () => {
      const result = await runSql(test.app, { sql: 'SELECT a FROM generate_series(1, 2000) AS a, generate_series(1, 1000) AS b' });
      expect(result.rowCountIsLowerBound).toBe(true);
      expect(result.truncated).toBe(true);
      expect(result.rowCount).toBeGreaterThan(200);
      expect(result.rowCount).toBeLessThan(2_000_000);
    });
  });
}
