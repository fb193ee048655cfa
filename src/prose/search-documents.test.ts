import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { buildPdf } from '../../test/helpers/build-documents.js';
import { createOfflineEmbedder, hashEmbedding } from '../embedder/index.js';
import { ingestFile } from '../ingest/index.js';
import { indexChunks } from './index-chunks.js';
import { searchDocuments } from './search-documents.js';
import { vectorToSql } from './vector-text.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

const SHIPPING = `---
department: ops
---
# Customer policies

## Shipping
Orders ship within 3 working days. Express shipping delivers the next working day for a fee of 9 EUR.

## Returns
Items can be returned within 30 days of delivery. Refunds are paid to the original card within 5 days.
`;
const SALES = `---
department: sales
---
# Sales handbook

## Key accounts
Key accounts get a 12 percent discount, and their orders ship with priority from the Berlin warehouse.
`;

async function ingest(db: TestDb['db'], tenantId: string, fileName: string, bytes: Uint8Array) {
  return ingestFile(db, { tenantId, sourceKind: 'local', sourceRef: fileName, sourcePath: `docs/${fileName}`, fileName, bytes });
}

for (const adapter of DB_ADAPTERS) {
  describe(`searchDocuments (${adapter.name})`, () => {
    let test: TestDb;
    const embedder = createOfflineEmbedder();
    const search = (query: string, extra: Partial<Parameters<typeof searchDocuments>[1]> = {}) =>
      searchDocuments(test.db, { tenantId: 't1', embedder, query, ...extra });

    beforeAll(async () => {
      test = await adapter.create();
      await ingest(test.db, 't1', 'policies.md', utf8(SHIPPING));
      await ingest(test.db, 't1', 'sales.md', utf8(SALES));
      await ingest(test.db, 't1', 'security.pdf', buildPdf([['Security guide'], ['Passwords must be rotated every 90 days.', 'Use a password manager.']]));
      await ingest(test.db, 't2', 'other-tenant.md', utf8('# Shipping\nOther tenant: orders ship within 3 working days by drone.'));
      expect(await indexChunks(test.db, { tenantId: 't1', embedder })).toMatchObject({ embedded: 5, model: 'lexical-hashing-1536', dimensions: 1536 });
    });
    afterAll(async () => test?.dispose());

    it('finds the passage that answers, with a citation (file, heading, chunk, score, version)', async () => {
      const result = await search('How long does shipping take for orders?');
      expect(result.method).toBe('hybrid');
      expect(result.passages[0]).toMatchObject({
        file: 'policies.md',
        path: 'docs/policies.md',
        heading: 'Customer policies › Shipping',
        chunk: 0,
        version: 1,
        page: null,
        vectorRank: 1,
        textRank: 1,
      });
      expect(result.passages[0].content).toContain('Orders ship within 3 working days');
      expect(result.passages[0].similarity).toBeGreaterThan(0.3);
      expect(result.passages[0].score).toBeCloseTo(2 / 61, 10);
      expect(result.passages.every((passage) => passage.file !== 'other-tenant.md')).toBe(true);
    });

    it('gives the same top results on every adapter', async () => {
      const top = async (query: string) => (await search(query, { k: 3 })).passages.map((passage) => `${passage.file}#${passage.chunk}`);
      expect(await top('When do orders ship?')).toEqual(['policies.md#0', 'sales.md#0']);
      expect(await top('refund to the card after a return')).toEqual(['policies.md#1']);
      expect(await top('how often must passwords be rotated')).toEqual(['security.pdf#1']);
    });

    it('cites the PDF page', async () => {
      const [passage] = (await search('rotate passwords password manager')).passages;
      expect(passage).toMatchObject({ file: 'security.pdf', page: 2, heading: null });
    });

    it('applies a filter inside the query: the best match is excluded, the next one returned', async () => {
      expect((await search('When do orders ship?')).passages[0].file).toBe('policies.md');
      const filtered = await search('When do orders ship?', { filters: { metadata: { department: 'sales' } } });
      expect(filtered.passages.map((passage) => passage.file)).toEqual(['sales.md']);
      expect(filtered.passages[0].vectorRank).toBe(1);
      const byType = await search('How long does shipping take for orders?', { filters: { fileTypes: ['pdf'] } });
      expect(byType.passages).toEqual([]);
      const byFile = await search('shipping', { filters: { files: ['docs/sales.md'] } });
      expect(byFile.passages.map((passage) => passage.file)).toEqual(['sales.md']);
      const records = await test.db.query<{ id: string }>(`select id from record_manager where title = 'security.pdf'`);
      const byRecord = await search('passwords', { filters: { recordIds: [records.rows[0].id] } });
      expect(byRecord.passages.map((passage) => passage.file)).toEqual(['security.pdf']);
      expect((await search('shipping', { filters: { accessLevels: ['restricted'] } })).passages).toEqual([]);
    });

    it('returns nothing below the similarity floor, even when a word is shared', async () => {
      expect((await search('quantum chromodynamics on a lattice')).passages).toEqual([]);
      expect((await search('what is the fee for a new office chair')).passages).toEqual([]);
    });

    it('falls back to full text when there is no query vector', async () => {
      const result = await search('passwords rotated', { queryVector: null });
      expect(result.method).toBe('full-text');
      expect(result.passages[0]).toMatchObject({ file: 'security.pdf', similarity: null, vectorRank: null, textRank: 1 });
    });

    it('offers match_documents(query_embedding, match_count, filter) with the filter applied before the limit', async () => {
      const vector = vectorToSql(hashEmbedding('How long does shipping take for orders?', 1536), test.db.vectorEnabled);
      const type = test.db.vectorEnabled ? 'vector' : 'real[]';
      const all = await test.db.query<{ content: string; metadata: Record<string, unknown>; similarity: number }>(
        `select * from match_documents($1::${type}, 1, $2::jsonb)`, [vector, JSON.stringify({ tenant_id: 't1' })]);
      expect(all.rows).toHaveLength(1);
      expect(all.rows[0].metadata).toMatchObject({ file: 'policies.md', department: 'ops', tenant_id: 't1', chunk_index: 0, version: 1 });
      const sales = await test.db.query<{ metadata: Record<string, unknown>; similarity: number }>(
        `select * from match_documents($1::${type}, 1, $2::jsonb)`, [vector, JSON.stringify({ tenant_id: 't1', department: 'sales' })]);
      expect(sales.rows.map((row) => row.metadata.file)).toEqual(['sales.md']);
      expect(sales.rows[0].similarity).toBeLessThan(all.rows[0].similarity);
    });
  });
}
