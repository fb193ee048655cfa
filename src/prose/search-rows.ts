/**
 * Similarity over table rows: "customers with a profile like Müller GmbH". The row the
 * question names (the anchor) is found first, by a hybrid search of the row chunks for the
 * subject; the rows nearest the anchor's own text (vector and full text, fused as for
 * passages) in the same table are the answer, the anchor itself left out. Without a subject,
 * or when no row matches it, the row chunks are searched for the question itself (a profile
 * described in words: "customers in Poland in the retail segment").
 * @module prose/search-rows
 */
import type { Db } from '../db/index.js';
import { ROW_CHUNK_MAX_ROWS } from './chunk-rows.js';
import { searchDocuments, type DocumentSearchResult, type Passage, type SearchDocumentsOptions } from './search-documents.js';

export interface SearchSimilarRowsOptions extends Omit<SearchDocumentsOptions, 'kinds' | 'queryVector'> {
  /** What the rows should be like, as the question names it ("Müller GmbH"); null: search by the whole query. */
  subject: string | null;
  /** Search by full text alone (no call to the embedder), e.g. after the endpoint failed. */
  fullTextOnly?: boolean;
}

/** The similar rows, the row they were compared with, and the tables no row search covers. */
export interface SimilarRowsResult {
  search: DocumentSearchResult;
  /** The row the subject named; undefined when none matched (the rows then match the query itself). */
  anchor?: Passage;
  /** Tables of the tenant (within the access levels) above the row cap: they have no row chunks. */
  uncovered: { table: string; rows: number }[];
}

/**
 * Finds rows like the subject's row (or matching the query).
 * @throws UpstreamError when the embedder fails (callers may fall back to full text)
 */
export async function searchSimilarRows(db: Db, options: SearchSimilarRowsOptions): Promise<SimilarRowsResult> {
  const uncovered = await tablesAboveRowCap(db, options.tenantId, options.filters?.accessLevels);
  const k = options.k ?? 5;
  const vector = options.fullTextOnly ? { queryVector: null } : {};
  if (options.subject) {
    const anchors = await searchDocuments(db, { ...options, query: options.subject, kinds: ['row'], k: 1, ...vector });
    const anchor = anchors.passages[0];
    if (anchor) {
      const filters = {
        ...options.filters,
        metadata: { ...options.filters?.metadata, table: anchor.table ?? '' },
        excludeChunkIds: [...(options.filters?.excludeChunkIds ?? []), anchor.chunkId],
      };
      const search = await searchDocuments(db, { ...options, query: anchor.content, kinds: ['row'], k, filters, ...vector });
      return { search, anchor, uncovered };
    }
  }
  return { search: await searchDocuments(db, { ...options, kinds: ['row'], k, ...vector }), uncovered };
}

/** The tenant's stored tables (not derived views) with more data rows than the row cap, largest first. */
async function tablesAboveRowCap(db: Db, tenantId: string, accessLevels?: string[]): Promise<{ table: string; rows: number }[]> {
  const { rows } = await db.query<{ sql_name: string; row_count: number }>(
    `select t.sql_name, t.row_count from tabular_tables t join record_manager r on r.id = t.record_id
      where t.tenant_id = $1 and t.kind = 'table' and t.row_count > $2 and r.status = 'ready'
        and ($3::jsonb is null or r.access_level in (select jsonb_array_elements_text($3::jsonb)))
      order by t.row_count desc, t.sql_name`,
    [tenantId, ROW_CHUNK_MAX_ROWS, accessLevels && accessLevels.length > 0 ? JSON.stringify(accessLevels) : null],
  );
  return rows.map((row) => ({ table: row.sql_name, rows: Number(row.row_count) }));
}
