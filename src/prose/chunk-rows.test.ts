import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { createOfflineEmbedder } from '../embedder/index.js';
import { ingestFile } from '../ingest/index.js';
import type { ColumnCard } from '../tables/types.js';
import { chunkTableRows, formatCell, rowText, ROW_CHUNK_MAX_CHARS, ROW_CHUNK_MAX_ROWS } from './chunk-rows.js';
import { indexChunks } from './index-chunks.js';

const card = (name: string, sqlName: string, type: ColumnCard['type'], extra: Partial<ColumnCard> = {}): ColumnCard =>
  ({ name, sqlName, sourceColumn: 0, type, concept: type === 'text' ? 'dimension' : 'measure', aggregation: 'sum', ...extra });

describe('rowText', () => {
  it('writes each cell with its header inline, numbers with thousands separators, empty cells left out', () => {
    const columns = [card('Branch', 'branch', 'text'), card('Period', 'period', 'text'), card('Net Revenue [PLN]', 'net_revenue', 'decimal', { currency: 'PLN' }),
      card('Margin', 'margin', 'percent'), card('Cost', 'cost', 'decimal', { currency: 'EUR' }), card('Note', 'note', 'text')];
    expect(rowText(columns, { branch: 'Gdańsk', period: 'Q3 2024', net_revenue: 1247890, margin: 0.125, cost: 1000.5, note: null }))
      .toBe('Branch: Gdańsk | Period: Q3 2024 | Net Revenue [PLN]: 1,247,890 | Margin: 12.5% | Cost [EUR]: 1,000.5');
    expect(rowText(columns, { branch: null, note: '' })).toBe('');
  });

  it('formats booleans and trims text', () => {
    expect(formatCell(true, { type: 'boolean' })).toBe('yes');
    expect(formatCell('  two\nlines ', { type: 'text' })).toBe('two lines');
  });

  it('groups thousands of money only: order numbers, years and counts stay as written', () => {
    expect(formatCell(1004, { type: 'integer' })).toBe('1004');
    expect(formatCell(2024, { type: 'integer' })).toBe('2024');
    expect(formatCell(1234.5, { type: 'decimal' })).toBe('1234.5');
    expect(formatCell(1247890, { type: 'integer', unit: 'currency', currency: 'PLN' })).toBe('1,247,890');
  });
});

const CSV = [
  'Branch,Period,Segment,Net Revenue [PLN]',
  'Gdańsk,Q3 2024,Retail,1247890',
  'Kraków,Q3 2024,Wholesale,980000',
  'Poznań,Q3 2024,Retail,1100000',
  'Total,,,3327890',
].join('\n');

for (const adapter of DB_ADAPTERS) {
  describe(`row chunks at ingest (${adapter.name})`, () => {
    let test: TestDb;
    const ingest = (text: string) =>
      ingestFile(test.db, { tenantId: 't', sourceKind: 'local', sourceRef: 'branches.csv', sourcePath: 'sales/branches.csv', fileName: 'branches.csv', bytes: Buffer.from(text) });
    const rowChunks = async () =>
      (await test.db.query<{ content: string; metadata: Record<string, unknown>; embedded: boolean }>(
        `select content, metadata, embedding_model is not null as embedded from document_chunks where kind = 'row' order by chunk_index`,
      )).rows;

    beforeAll(async () => {
      test = await adapter.create();
    });
    afterAll(async () => test?.dispose());

    it('stores one chunk per data row with file, sheet, row, table and version; never the total row', async () => {
      expect((await ingest(CSV)).status).toBe('ingested');
      const chunks = await rowChunks();
      expect(chunks.map((chunk) => chunk.content)).toEqual([
        'Branch: Gdańsk | Period: Q3 2024 | Segment: Retail | Net Revenue [PLN]: 1,247,890',
        'Branch: Kraków | Period: Q3 2024 | Segment: Wholesale | Net Revenue [PLN]: 980,000',
        'Branch: Poznań | Period: Q3 2024 | Segment: Retail | Net Revenue [PLN]: 1,100,000',
      ]);
      expect(chunks[0].metadata).toEqual({ file: 'branches.csv', file_type: 'csv', sheet: null, table: expect.stringMatching(/^branches/), row: 2, version: 1 });
      // Passage search never sees rows: no documents for routing.
      const passages = await test.db.query(`select 1 from document_chunks where kind = 'passage'`);
      expect(passages.rows).toHaveLength(0);
    });

    it('embeds the rows once; an unchanged re-ingest embeds nothing; a replaced file replaces its rows', async () => {
      const embedder = createOfflineEmbedder();
      expect((await indexChunks(test.db, { tenantId: 't', embedder })).embedded).toBe(3);
      expect((await ingest(CSV)).status).toBe('unchanged');
      expect((await indexChunks(test.db, { tenantId: 't', embedder })).embedded).toBe(0);
      expect(embedder.calls.flat()).toHaveLength(3);

      const changed = CSV.replace('Kraków,Q3 2024,Wholesale,980000', 'Kraków,Q3 2024,Wholesale,990000').replace('3327890', '3337890');
      expect((await ingest(changed)).status).toBe('replaced');
      const chunks = await rowChunks();
      expect(chunks).toHaveLength(3);
      expect(chunks[1].content).toContain('990,000');
      expect(chunks.every((chunk) => chunk.metadata.version === 2 && !chunk.embedded)).toBe(true);
    });

    it('stores a row whose search text would overflow a text-search vector (a long text cell), its search text cut at the limit and its data whole', async () => {
      const words = Array.from({ length: 120_000 }, (_, index) => `w${index}`).join(' ');
      const text = `Branch,Notes,Net Revenue\nGdańsk,short,10\nKraków,"${words}",20\n`;
      const stored = await ingestFile(test.db, { tenantId: 'long', sourceKind: 'local', sourceRef: 'notes.csv', sourcePath: 'notes.csv', fileName: 'notes.csv', bytes: Buffer.from(text) });
      expect(stored.status).toBe('ingested');
      const chunks = (await test.db.query<{ content: string }>(`select content from document_chunks where kind = 'row' and tenant_id = 'long' order by chunk_index`)).rows;
      expect(chunks).toHaveLength(2);
      expect(chunks[1].content.length).toBeLessThanOrEqual(ROW_CHUNK_MAX_CHARS);
      const rows = await test.db.query<{ notes: string }>(`select r.row_data->>'notes' as notes from tabular_document_rows r join tabular_tables t on t.id = r.table_id where t.tenant_id = 'long' and r.row_data->>'branch' = 'Kraków'`);
      expect(rows.rows[0].notes).toBe(words);
    });

    it('replaces rows and row chunks in one transaction: a failing row chunk keeps the old table and chunks', async () => {
      const before = await rowChunks();
      const tableRows = async () => (await test.db.query<{ n: number }>(`select count(*)::int as n from tabular_document_rows where (row_data::text) like '%777777%'`)).rows[0].n;
      await test.db.exec(`
        create function refuse_row_chunk() returns trigger language plpgsql as $$
        begin if new.kind = 'row' and new.content like '%777,777%' then raise exception 'row chunk refused'; end if; return new; end $$;
        create trigger refuse_row_chunk before insert on document_chunks for each row execute function refuse_row_chunk();`);
      try {
        const outcome = await ingest(CSV.replace('1100000', '777777').replace('3327890', '3005667'));
        expect(outcome.status).toBe('failed');
        expect(outcome.error).toMatch(/row chunk refused/);
        expect(await tableRows()).toBe(0);
        expect((await rowChunks()).map((chunk) => chunk.content)).toEqual(before.map((chunk) => chunk.content));
      } finally {
        await test.db.exec('drop trigger refuse_row_chunk on document_chunks; drop function refuse_row_chunk()');
      }
    });
  });
}

describe('chunkTableRows', () => {
  it(`gives no chunks for a table above ${ROW_CHUNK_MAX_ROWS} data rows, and ignores aggregate and hidden rows in the count`, () => {
    const columns = [card('Name', 'name', 'text')];
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ sheetRow: i + 2, values: { name: `n${i}` }, isAggregate: false, hidden: false }));
    const table = (n: number, extra: number) => ({
      sheet: 'S', sheetIndex: 0, sheetHidden: false, range: { top: 0, left: 0, bottom: n, right: 0 }, headerRows: 1, title: null, label: null, columns,
      rows: [...rows(n), ...Array.from({ length: extra }, (_, i) => ({ sheetRow: n + 2 + i, values: { name: 'Total' }, isAggregate: true, hidden: false }))],
      aggregateColumns: [], validation: { outcome: 'unverifiable' as const, checks: [] }, fingerprint: 'f', notes: [],
    });
    const source = { file: 'big.xlsx', table: 'big', version: 1 };
    expect(chunkTableRows(table(ROW_CHUNK_MAX_ROWS, 5), source)).toHaveLength(ROW_CHUNK_MAX_ROWS);
    expect(chunkTableRows(table(ROW_CHUNK_MAX_ROWS + 1, 0), source)).toEqual([]);
    // A streamed table (rows held out of `rows`): its data-row count decides, its chunks give the rows.
    const streamed = (n: number) => {
      const whole = table(n, 1);
      return { ...whole, rows: [], streamed: { dataRows: n, aggregateSheetRows: [n + 2], hiddenRows: 0, numberTotals: {}, *chunks() { yield whole.rows.slice(0, 2); yield whole.rows.slice(2); } } };
    };
    expect(chunkTableRows(streamed(3), source).map((chunk) => chunk.metadata.row)).toEqual([2, 3, 4]);
    expect(chunkTableRows(streamed(ROW_CHUNK_MAX_ROWS + 1), source)).toEqual([]);
    expect(chunkTableRows(table(2, 1), source).map((chunk) => chunk.metadata)).toEqual([
      { file: 'big.xlsx', file_type: 'xlsx', sheet: 'S', table: 'big', row: 2, version: 1 },
      { file: 'big.xlsx', file_type: 'xlsx', sheet: 'S', table: 'big', row: 3, version: 1 },
    ]);
  });
});
