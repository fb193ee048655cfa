/**
 * A folder of a spreadsheet and documents, end to end on every database adapter: number
 * questions from SQL, policy questions from passages with citations, mixed questions from both
 * with their sources apart, and "I don't have this in the documents" below the floor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { ingestPaths } from '../src/app/index.js';
import { buildDocx, buildPdf } from './helpers/build-documents.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

const ORDERS = 'Order,Country,Amount\n1,Germany,120\n2,France,80\n3,Germany,50\n4,Spain,200\n';
const POLICIES = `---
owner: operations
---
# Customer policies

## Shipping
Orders ship within 3 working days. Express shipping delivers the next working day for a fee of 9 EUR.

## Returns
Items can be returned within 30 days of delivery. Refunds are paid to the original card within 5 days.
`;

for (const adapter of DB_ADAPTERS) {
  describe(`ask over tables and documents (${adapter.name})`, () => {
    let test: TestApp;
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-prose-'));
      await writeFile(path.join(folder, 'orders.csv'), ORDERS);
      await writeFile(path.join(folder, 'policies.md'), POLICIES);
      await writeFile(path.join(folder, 'security.pdf'), buildPdf([['Security guide'], ['Passwords must be rotated every 90 days.', 'Use the company password manager.']]));
      await writeFile(path.join(folder, 'scan.pdf'), buildPdf([[]]));
      await writeFile(
        path.join(folder, 'handbook.docx'),
        await buildDocx([{ heading: 'Employee handbook' }, { heading: 'Leave', level: 2 }, { text: 'New employees get 25 days of paid leave per year, booked through the HR portal.' }]),
      );
      test = await openTestApp(adapter);
    });
    afterAll(async () => {
      await test?.dispose();
      await rm(folder, { recursive: true, force: true });
    });

    it('ingests the documents, embeds their chunks, and marks a PDF without a text layer', async () => {
      const summary = await ingestPaths(test.app, [folder]);
      expect(summary.ingested).toBe(4);
      expect(summary.errors).toEqual([{ path: 'scan.pdf', error: expect.stringMatching(/^scan\.pdf: no text layer/) }]);
      expect(summary.embeddedChunks).toBe(9); // 5 passages + 4 rows of orders.csv
      const records = await test.app.db.query<{ title: string; data_type: string; status: string }>('select title, data_type, status from record_manager order by title');
      expect(records.rows).toEqual([
        { title: 'handbook.docx', data_type: 'unstructured', status: 'ready' },
        { title: 'orders.csv', data_type: 'tabular', status: 'ready' },
        { title: 'policies.md', data_type: 'unstructured', status: 'ready' },
        { title: 'scan.pdf', data_type: 'unstructured', status: 'failed' },
        { title: 'security.pdf', data_type: 'unstructured', status: 'ready' },
      ]);
      const again = await ingestPaths(test.app, [folder]);
      expect(again).toMatchObject({ unchanged: 4, embeddedChunks: 0 });
    });

    it('answers a policy question from a passage, quoted and cited', async () => {
      const answer = await ask(test.app, 'How long does shipping take?');
      expect(answer.mode).toBe('vector');
      expect(answer.route?.route).toBe('documents');
      expect(answer.sql).toBeNull();
      expect(answer.sources).toEqual([]);
      expect(answer.passages?.[0]).toMatchObject({ file: 'policies.md', heading: 'Customer policies › Shipping', chunk: 0, version: 1, page: null });
      expect(answer.passages?.[0].quote).toContain('Orders ship within 3 working days.');
      expect(answer.answer).toContain('"Orders ship within 3 working days.');
      expect(answer.answer).toMatch(/— policies\.md › Customer policies › Shipping \(chunk 0, score 0\.\d{4}, similarity 0\.\d\d, version 1\)/);
      expect(answer.search).toMatchObject({ method: 'hybrid', model: 'lexical-hashing-1536', floor: 0.2 });
    });

    it('cites the PDF page and the DOCX heading', async () => {
      const pdf = await ask(test.app, 'How often must passwords be rotated?');
      expect(pdf.passages?.[0]).toMatchObject({ file: 'security.pdf', page: 2 });
      expect(pdf.answer).toContain('security.pdf › p. 2');
      const docx = await ask(test.app, 'What is the leave policy for new employees?');
      expect(docx.mode).toBe('vector');
      expect(docx.passages?.[0]).toMatchObject({ file: 'handbook.docx', heading: 'Employee handbook › Leave' });
    });

    it('answers a number question from SQL, without passages', async () => {
      const answer = await ask(test.app, 'total amount by country');
      expect(answer.mode).toBe('sql');
      expect(answer.route?.route).toBe('sql');
      expect(answer.rows).toContainEqual({ country: 'Germany', sum_amount: 170 });
      expect(answer.passages).toBeUndefined();
    });

    it('answers a mixed question from both, the table sources and the passages apart', async () => {
      const answer = await ask(test.app, 'What is the total amount, and what does the shipping policy say?');
      expect(answer.route?.route).toBe('both');
      expect(answer.mode).toBe('hybrid');
      expect(answer.value).toBe(450);
      expect(answer.sources.map((source) => source.file)).toEqual(['orders.csv']);
      expect(answer.passages?.[0]).toMatchObject({ file: 'policies.md', heading: 'Customer policies › Shipping' });
      expect(answer.answer).toMatch(/^450\n[\s\S]*Source: orders\.csv[\s\S]*From the documents \(context, not the numbers' source\):\n\[1\] "/);
    });

    it('answers a number question the tables decline with the decline and its reason, not a passage', async () => {
      for (const question of ['What is the median order amount?', 'Amount of Italy in January 2025', 'What is the median amount of shipping orders?']) {
        const answer = await ask(test.app, question);
        expect(answer.route?.route, question).toBe('sql');
        expect(answer.mode, question).toBe('none');
        expect(answer.passages, question).toBeUndefined();
        expect(answer.answer, question).toMatch(/^I cannot answer that from the data: .*(median|italy|january)/i);
      }
    });

    it('says the documents do not have it instead of quoting the nearest unrelated passage', async () => {
      const answer = await ask(test.app, 'What is the dress code for the annual gala?');
      expect(answer.mode).toBe('none');
      expect(answer.passages).toEqual([]);
      expect(answer.answer).toContain("I don't have this in the documents.");
    });
  });
}
