import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { createOfflineEmbedder, hashEmbedding } from '../embedder/index.js';
import { ingestFile } from '../ingest/index.js';
import { indexChunks } from './index-chunks.js';
import { searchDocuments } from './search-documents.js';
import { searchSimilarRows } from './search-rows.js';
import { vectorToSql } from './vector-text.js';

const CUSTOMERS = [
  'Customer,Country,Segment,Industry,Annual Revenue [EUR]',
  'Müller GmbH,Germany,SMB,Manufacturing,1200000',
  'Dupont SA,France,Enterprise,Retail,50000000',
  'Schmidt AG,Germany,SMB,Manufacturing,1100000',
  'Rossi SpA,Italy,Enterprise,Retail,42000000',
  'Becker KG,Germany,SMB,Logistics,900000',
  'Lefèvre SARL,France,SMB,Manufacturing,700000',
].join('\n');

for (const adapter of DB_ADAPTERS) {
  describe(`searchSimilarRows (${adapter.name})`, () => {
    let test: TestDb;
    const embedder = createOfflineEmbedder();
    const similar = (query: string, subject: string | null, extra: { accessLevels?: string[] } = {}) =>
      searchSimilarRows(test.db, { tenantId: 't', embedder, query, subject, filters: extra.accessLevels ? { accessLevels: extra.accessLevels } : undefined });

    beforeAll(async () => {
      test = await adapter.create();
      await ingestFile(test.db, { tenantId: 't', sourceKind: 'local', sourceRef: 'customers.csv', sourcePath: 'crm/customers.csv', fileName: 'customers.csv', bytes: Buffer.from(CUSTOMERS) });
      await ingestFile(test.db, { tenantId: 't', sourceKind: 'local', sourceRef: 'notes.md', sourcePath: 'notes.md', fileName: 'notes.md', bytes: Buffer.from('# Notes\nMüller GmbH asked for a discount on manufacturing parts.') });
      await ingestFile(test.db, { tenantId: 'other', sourceKind: 'local', sourceRef: 'c.csv', sourcePath: 'c.csv', fileName: 'c.csv', bytes: Buffer.from(CUSTOMERS.replace('Schmidt AG', 'Schmitt AG')) });
      await indexChunks(test.db, { tenantId: 't', embedder });
    });
    afterAll(async () => test?.dispose());

    it('finds the row the subject names, then the rows most like it in its table, the row itself left out', async () => {
      const result = await similar('Which customers have a profile like Müller GmbH?', 'Müller GmbH');
      expect(result.anchor).toMatchObject({ kind: 'row', file: 'customers.csv', row: 2, sheet: null, content: expect.stringContaining('Customer: Müller GmbH |') });
      const names = result.search.passages.map((passage) => /Customer: ([^|]+) \|/.exec(passage.content)?.[1]);
      expect(names[0]).toBe('Schmidt AG');
      expect(names).not.toContain('Müller GmbH');
      expect(names.indexOf('Dupont SA') === -1 || names.indexOf('Dupont SA') > names.indexOf('Becker KG')).toBe(true);
      expect(result.search.passages.every((passage) => passage.kind === 'row' && passage.table === result.anchor?.table && passage.version === 1)).toBe(true);
      expect(result.uncovered).toEqual([]);
    });

    it('matches a described profile when no row is named', async () => {
      const result = await similar('customers in France in the Enterprise segment', null);
      expect(result.anchor).toBeUndefined();
      expect(result.search.passages[0].content).toContain('Customer: Dupont SA');
    });

    it('applies access levels inside the search, and never mixes rows into passage search', async () => {
      expect((await similar('profile like Müller GmbH', 'Müller GmbH', { accessLevels: ['restricted'] })).search.passages).toEqual([]);
      const passages = await searchDocuments(test.db, { tenantId: 't', embedder, query: 'Müller GmbH manufacturing' });
      expect(passages.passages.map((passage) => passage.kind)).toEqual(['passage']);
      expect(passages.passages[0].file).toBe('notes.md');
    });
  
    it('gives match_documents callers rows with {"kind": "row"}, passages by default', async () => {
      const vector = vectorToSql(hashEmbedding('Customer: Schmidt AG | Country: Germany', 1536), test.db.vectorEnabled);
      const type = test.db.vectorEnabled ? 'vector' : 'real[]';
      const match = (filter: Record<string, unknown>) =>
        test.db.query<{ content: string; metadata: Record<string, unknown> }>(`select * from match_documents($1::${type}, 2, $2::jsonb)`, [vector, JSON.stringify(filter)]);
      const rows = await match({ tenant_id: 't', kind: 'row' });
      expect(rows.rows[0]).toMatchObject({ content: expect.stringContaining('Schmidt AG'), metadata: { kind: 'row', file: 'customers.csv', row: 4, sheet: null, version: 1 } });
      const passages = await match({ tenant_id: 't' });
      expect(passages.rows.map((row) => row.metadata.kind)).toEqual(['passage']);
    });
  });
}
