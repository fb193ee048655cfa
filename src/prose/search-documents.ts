/**
 * Hybrid passage search: cosine similarity of the chunk vectors and full-text rank
 * (`ts_rank_cd` over the `fts` column), fused by reciprocal-rank fusion. Filters (tenant,
 * record, file, file type, access level, metadata keys) are applied in the query's first step,
 * before anything is ranked or cut to `k`: a filtered-out chunk can never take a place. A
 * passage is kept only when its similarity reaches the floor or it holds at least half of the
 * question's words: one that merely shares a word with the question is dropped.
 * Similarity is computed exactly over the filtered chunks (the HNSW index serves unfiltered
 * `match_documents` calls), so a filter never starves the ranking.
 * @module prose/search-documents
 */
import type { Db } from '../db/index.js';
import type { Embedder } from '../embedder/index.js';
import { normalizeVector } from './vector-text.js';

/** Which chunks a search may see, besides the tenant (always applied). Every given filter must hold. */
export interface DocumentFilters {
  /** Record ids. */
  recordIds?: string[];
  /** File names or source paths. */
  files?: string[];
  /** Extensions without the dot: `pdf`, `md`, `docx`. */
  fileTypes?: string[];
  /** `record_manager.access_level` values the caller may read. */
  accessLevels?: string[];
  /** Chunk metadata that must match exactly: front-matter keys, `page`, `heading`; for rows `table`, `sheet`, `row` … */
  metadata?: Record<string, string | number | boolean>;
  /** Chunk ids left out (a similar-rows search leaves out the row it compares with). */
  excludeChunkIds?: number[];
}

/** What a chunk holds: a document `passage`, or one table `row` (prose/chunk-rows). */
export type ChunkKind = 'passage' | 'row';

/** One passage found, with what a citation needs. */
export interface Passage {
  chunkId: number;
  recordId: string;
  file: string;
  path: string | null;
  /** The record's version (1 for the first ingest of the file). */
  version: number;
  contentHash: string;
  /** 1-based PDF page, else null. */
  page: number | null;
  /** Heading path joined with ` › `, else null. */
  heading: string | null;
  /** 0-based chunk index within the record. */
  chunk: number;
  /** `row` for a table row chunk, else `passage`. */
  kind: ChunkKind;
  /** For a row: its sheet (null for CSV); else null. */
  sheet: string | null;
  /** For a row: its 1-based sheet row; else null. */
  row: number | null;
  /** For a row: the SQL name of its table; else null. */
  table: string | null;
  content: string;
  metadata: Record<string, unknown>;
  /** Reciprocal-rank fusion score: sum over the two rankings of 1 / (60 + rank). */
  score: number;
  /** Cosine similarity to the question, -1 to 1; null without a query vector. */
  similarity: number | null;
  /** 1-based places in the vector and the full-text ranking; null when absent from one. */
  vectorRank: number | null;
  textRank: number | null;
  /** Share (0–1, idf-weighted) of the question's words the passage contains; null when full text did not match it. */
  termCoverage: number | null;
}

/** The passages and how they were found. */
export interface DocumentSearchResult {
  passages: Passage[];
  /** `hybrid` vector + full text; `full-text` when no query vector could be made. */
  method: 'hybrid' | 'full-text';
  /** The embedder's model, e.g. `text-embedding-3-small` or `lexical-hashing-1536`. */
  model: string;
  floor: number;
}

export interface SearchDocumentsOptions {
  tenantId: string;
  embedder: Embedder;
  query: string;
  /** Passages to return, 1 to 50. @default 5 */
  k?: number;
  filters?: DocumentFilters;
  /** Text search configuration the question is parsed with. @default 'english' */
  language?: string;
  /** Lowest cosine similarity a passage may have. @default SIMILARITY_FLOORS[embedder.kind] */
  floor?: number;
  /** The question's vector when the caller already has it (or null: full text only). */
  queryVector?: number[] | null;
  /** Which chunks are searched: document passages, table rows, or both. @default ['passage'] */
  kinds?: ChunkKind[];
}

/**
 * Lowest similarity a passage needs, by embedder kind. Lexical: word-hashing vectors give
 * unrelated text about 0 and text sharing one content word of a short question about 0.2
 * (measured on the prose golden set, eval/prose). Semantic: text-embedding-3-small puts
 * unrelated English text at 0.05–0.2 and answering passages above 0.3 (OpenAI's guidance and
 * common practice).
 */
export const SIMILARITY_FLOORS: Record<Embedder['kind'], number> = { lexical: 0.2, semantic: 0.3 };

/**
 * Share of the question's words (stemmed, stop words dropped, by the text search
 * configuration; each weighted by its inverse document frequency) a passage must contain to
 * pass without reaching the similarity floor. 0.6, set on the prose golden set (eval/prose):
 * a passage missing the question's rarest word, usually its topic ("Which pets are allowed in
 * the office?" against a remote-work policy: 0.51), stays out; one holding all but a common
 * word passes.
 */
export const MIN_TERM_COVERAGE = 0.6;

/** The RRF constant (Cormack et al. 2009): rank r contributes 1 / (60 + r). */
const RRF_K = 60;
/** Candidates each ranking contributes before fusion. */
const CANDIDATES = 50;

/**
 * Words that tell what to do with the answer, not what it is about ("summarise why costs grew"):
 * dropped from the search text so they neither match nor count as missing. From the routing
 * cues of agent/route-question and common request verbs.
 */
const INSTRUCTION_WORDS = /\b(summari[sz]e[sd]?|summary|explain|describe|tell|say|says|show|list|give|please|know|find|look up)\b/gi;

/** The question as searched: instruction words dropped (the question itself when nothing else is left). */
export function searchText(question: string): string {
  const stripped = question.replace(INSTRUCTION_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return stripped === '' ? question : stripped;
}

/**
 * Finds the passages nearest the question.
 * @throws UpstreamError when the embedder fails (callers may retry with `queryVector: null`)
 */
export async function searchDocuments(db: Db, options: SearchDocumentsOptions): Promise<DocumentSearchResult> {
  const k = Math.min(50, Math.max(1, Math.floor(options.k ?? 5)));
  const floor = options.floor ?? SIMILARITY_FLOORS[options.embedder.kind];
  const filters = options.filters ?? {};
  const query = searchText(options.query);
  const raw = options.queryVector === undefined ? (await options.embedder.embed([query]))[0] : options.queryVector;
  const unit = raw ? normalizeVector(raw) : null;
  const queryVector = unit ? (db.vectorEnabled ? `[${unit.join(',')}]` : `{${unit.join(',')}}`) : null;
  const similarity = db.vectorEnabled
    ? `1 - (c.embedding <=> $7::text::vector)`
    : `(select sum(a::float8 * b::float8) from unnest(c.embedding, $7::text::real[]) as v(a, b))`;
  const list = (values?: (string | number)[]) => (values && values.length > 0 ? JSON.stringify(values.map(String)) : null);
  const { rows } = await db.query<PassageRow>(
    `with filtered as materialized (
       select c.id, c.record_id, c.chunk_index, c.kind, c.content, c.metadata, c.fts, r.title, r.source_path, r.version, r.content_hash,
              case when $7::text is null or c.embedding is null or c.embedding_model is distinct from $8 then null else ${similarity} end as similarity
         from document_chunks c join record_manager r on r.id = c.record_id
        where c.tenant_id = $1 and r.tenant_id = $1 and r.status = 'ready'
          and ($2::jsonb is null or c.record_id::text in (select jsonb_array_elements_text($2::jsonb)))
          and ($3::jsonb is null or r.title in (select jsonb_array_elements_text($3::jsonb)) or r.source_path in (select jsonb_array_elements_text($3::jsonb)))
          and ($4::jsonb is null or c.metadata->>'file_type' in (select lower(jsonb_array_elements_text($4::jsonb))))
          and ($5::jsonb is null or r.access_level in (select jsonb_array_elements_text($5::jsonb)))
          and c.metadata @> $6::jsonb
          and c.kind in (select jsonb_array_elements_text($13::jsonb))
          and ($14::jsonb is null or c.id::text not in (select jsonb_array_elements_text($14::jsonb)))
     ),
     vector_hits as (
       select id, row_number() over (order by similarity desc, id) as rank
         from filtered where similarity is not null order by similarity desc, id limit ${CANDIDATES}
     ),
     question as (
       select replace(plainto_tsquery($9::regconfig, $10)::text, ' & ', ' | ')::tsquery as q,
              tsvector_to_array(to_tsvector($9::regconfig, $10)) as lexemes
     ),
     -- Each question word weighs its inverse document frequency among the admitted chunks
     -- (BM25's idf): a word no chunk holds weighs most, so missing it counts most.
     weights as (
       select l.lexeme, ln(((select count(*) from filtered) + 1)::float8
                / ((select count(*) from filtered f where l.lexeme = any (tsvector_to_array(f.fts))) + 0.5)) as weight
         from question, unnest(question.lexemes) as l(lexeme)
     ),
     text_hits as (
       select f.id, row_number() over (order by ts_rank_cd(f.fts, question.q) desc, f.id) as rank,
              coalesce((select sum(w.weight) from weights w where w.lexeme = any (tsvector_to_array(f.fts)))
                / nullif((select sum(weight) from weights), 0), 0) as coverage
         from filtered f, question where f.fts @@ question.q order by rank limit ${CANDIDATES}
     )
     select f.id, f.record_id, f.chunk_index, f.kind, f.content, f.metadata, f.title, f.source_path, f.version, f.content_hash, f.similarity,
            v.rank::int as vector_rank, t.rank::int as text_rank, t.coverage,
            coalesce(1.0 / (${RRF_K} + v.rank), 0)::float8 + coalesce(1.0 / (${RRF_K} + t.rank), 0)::float8 as score
       from filtered f left join vector_hits v on v.id = f.id left join text_hits t on t.id = f.id
      where (v.id is not null or t.id is not null) and (coalesce(f.similarity, -1) >= $11 or coalesce(t.coverage, 0) >= ${MIN_TERM_COVERAGE})
      order by score desc, f.id
      limit $12`,
    [options.tenantId, list(filters.recordIds), list(filters.files), list(filters.fileTypes), list(filters.accessLevels),
      JSON.stringify(filters.metadata ?? {}), queryVector, options.embedder.model, options.language ?? 'english', query, floor, k,
      JSON.stringify(options.kinds ?? ['passage']), list(filters.excludeChunkIds)],
  );
  return {
    passages: rows.map(toPassage),
    method: queryVector ? 'hybrid' : 'full-text',
    model: options.embedder.model,
    floor,
  };
}

interface PassageRow {
  id: number;
  record_id: string;
  chunk_index: number;
  kind: ChunkKind;
  content: string;
  metadata: Record<string, unknown>;
  title: string;
  source_path: string | null;
  version: number;
  content_hash: string;
  similarity: number | null;
  vector_rank: number | null;
  text_rank: number | null;
  coverage: number | null;
  score: number;
}

function toPassage(row: PassageRow): Passage {
  const page = row.metadata.page;
  const heading = row.metadata.heading;
  return {
    chunkId: Number(row.id),
    recordId: row.record_id,
    file: row.title,
    path: row.source_path,
    version: row.version,
    contentHash: row.content_hash,
    page: typeof page === 'number' ? page : null,
    heading: typeof heading === 'string' ? heading : null,
    chunk: row.chunk_index,
    kind: row.kind,
    sheet: row.kind === 'row' && typeof row.metadata.sheet === 'string' ? row.metadata.sheet : null,
    row: row.kind === 'row' && typeof row.metadata.row === 'number' ? row.metadata.row : null,
    table: row.kind === 'row' && typeof row.metadata.table === 'string' ? row.metadata.table : null,
    content: row.content,
    metadata: row.metadata,
    score: Number(row.score),
    similarity: row.similarity === null ? null : Number(row.similarity),
    vectorRank: row.vector_rank,
    textRank: row.text_rank,
    termCoverage: row.coverage === null ? null : Number(row.coverage),
  };
}
