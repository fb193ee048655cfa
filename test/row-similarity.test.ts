/**
 * Similarity over table rows, end to end on every database adapter: "customers with a
 * profile like X" is answered from row chunks (cited by file, row and table), number questions
 * over the same table still from SQL, and policy questions from passages only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ask, createAgentTools } from '../src/agent/index.js';
import { loadCatalog } from '../src/store/index.js';
import { ingestPaths } from '../src/app/index.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

const CUSTOMERS = [
  'Customer,Country,Segment,Industry,Annual Revenue [EUR]',
  'Müller GmbH,Germany,SMB,Manufacturing,1200000',
  'Dupont SA,France,Enterprise,Retail,50000000',
  'Schmidt AG,Germany,SMB,Manufacturing,1100000',
  'Rossi SpA,Italy,Enterprise,Retail,42000000',
  'Becker KG,Germany,SMB,Logistics,900000',
  'Total,,,,95200000',
].join('\n');

for (const adapter of DB_ADAPTERS) {
  describe(`ask: rows like a given one (${adapter.name})`, () => {
    let test: TestApp;
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-rows-'));
      await writeFile(path.join(folder, 'customers.csv'), CUSTOMERS);
      await writeFile(path.join(folder, 'policy.md'), '# Discounts\nSMB customers in manufacturing get a 5 percent discount on spare parts.');
      test = await openTestApp(adapter);
      const summary = await ingestPaths(test.app, [folder]);
      expect(summary.embeddedChunks).toBe(6); // 1 passage + 5 data rows (the total row is no row chunk)
    });
    afterAll(async () => {
      await test?.dispose();
      await rm(folder, { recursive: true, force: true });
    });

    it('answers from the rows most like the named one, each cited by file, row and table', async () => {
      const answer = await ask(test.app, 'Which customers have a profile like Müller GmbH?');
      expect(answer.route).toMatchObject({ route: 'documents', reason: 'asks for table rows like "Müller GmbH" (similarity over rows)' });
      expect(answer.mode).toBe('vector');
      expect(answer.sources).toEqual([]);
      expect(answer.passages?.[0]).toMatchObject({ kind: 'row', file: 'customers.csv', row: 4, sheet: null, quote: expect.stringContaining('Customer: Schmidt AG | Country: Germany') });
      expect(answer.passages?.some((passage) => passage.quote.includes('Müller'))).toBe(false);
      expect(answer.answer).toMatch(/^Rows most like customers\.csv › row 2 \("Customer: Müller GmbH \| Country: Germany/);
      expect(answer.answer).toMatch(/— customers\.csv › row 4 \(table customers, chunk \d+, score 0\.\d{4}, similarity 0\.\d\d, version 1\)/);
    });

    it('offers the agent the same row search: search_documents with rows: true', async () => {
      const tables = await loadCatalog(test.app.db, test.app.tenantId);
      const tools = createAgentTools({ db: test.app.db, executor: test.app.executor, tenantId: test.app.tenantId, tables }, 'customers like Müller GmbH', test.app);
      const text = await tools.searchDocuments?.('Müller GmbH', { rows: true }, 3);
      expect(text).toMatch(/^\[1\] customers\.csv › row 4 \(table customers, chunk \d+, score 0\.\d{4}, similarity 0\.\d\d, version 1\)\nCustomer: Schmidt AG \| Country: Germany/);
      expect(tools.passages.every((passage) => passage.kind === 'row')).toBe(true);
    });

    it('still answers numbers over the same table from SQL, and policies from passages only', async () => {
      const total = await ask(test.app, 'What is the total annual revenue?');
      expect(total).toMatchObject({ mode: 'sql', value: 95_200_000 });
      const policy = await ask(test.app, 'What discount do SMB customers in manufacturing get?');
      expect(policy.mode).toBe('vector');
      expect(policy.passages?.map((passage) => passage.file)).toEqual(['policy.md']);
    });
  });
}
