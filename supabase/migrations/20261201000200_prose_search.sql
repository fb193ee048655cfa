-- Prose search over document_chunks: full-text beside the vectors, the model that made each
-- vector, and match_documents() in the shape LangChain's and n8n's Supabase vector stores call.
--
-- Vectors: `embedding vector(1536)` with an HNSW cosine index where pgvector is installed
-- (20261130000200_vector.sql); elsewhere `embedding real[]` here, ranked by a dot product in
-- SQL (vectors are stored L2-normalized, so the dot product is the cosine similarity).
-- A null `embedding_model` means "not embedded yet"; a chunk whose model differs from the
-- configured embedder is embedded again (a change of model re-embeds).

alter table document_chunks add column if not exists embedding_model text;
alter table document_chunks add column if not exists embedding_dimensions integer;
-- Text search configuration of the chunk (GRIDRAG_TEXT_SEARCH_LANGUAGE, set when it is indexed).
alter table document_chunks add column if not exists language regconfig not null default 'english';
alter table document_chunks add column if not exists fts tsvector
  generated always as (to_tsvector(language, coalesce(metadata->>'heading', '') || ' ' || content)) stored;
create index if not exists document_chunks_fts on document_chunks using gin (fts);
create index if not exists document_chunks_pending on document_chunks (tenant_id, embedding_model);

do $$
begin
  if not exists (
    select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'document_chunks' and column_name = 'embedding'
  ) then
    alter table document_chunks add column embedding real[];
  end if;
end
$$;

-- match_documents(query_embedding, match_count, filter): the chunks nearest the query by cosine
-- similarity among those whose metadata contains `filter` (applied inside the query, before the
-- ranking and the limit). The metadata a filter can name: the chunk's own (page, heading,
-- heading_path, file_type, front-matter keys) plus tenant_id, record_id, file, source_path,
-- access_level, version and chunk_index. Callers that serve one tenant pass {"tenant_id": …}.
do $$
begin
  if exists (select 1 from pg_type where typname = 'vector') then
    execute $fn$
      create or replace function match_documents(query_embedding vector(1536), match_count int default null, filter jsonb default '{}')
      returns table (id bigint, content text, metadata jsonb, similarity double precision)
      language sql stable as $body$
        select c.id, c.content, m.metadata, 1 - (c.embedding <=> query_embedding) as similarity
          from document_chunks c
          join record_manager r on r.id = c.record_id and r.status = 'ready'
          cross join lateral (select c.metadata || jsonb_build_object('tenant_id', c.tenant_id, 'record_id', c.record_id, 'file', r.title,
              'source_path', r.source_path, 'access_level', r.access_level, 'version', r.version, 'chunk_index', c.chunk_index) as metadata) m
         where c.embedding is not null and m.metadata @> coalesce(filter, '{}'::jsonb)
         order by c.embedding <=> query_embedding, c.id
         limit match_count
      $body$
    $fn$;
  else
    execute $fn$
      create or replace function match_documents(query_embedding real[], match_count int default null, filter jsonb default '{}')
      returns table (id bigint, content text, metadata jsonb, similarity double precision)
      language sql stable as $body$
        select c.id, c.content, m.metadata, s.similarity
          from document_chunks c
          join record_manager r on r.id = c.record_id and r.status = 'ready'
          cross join lateral (select c.metadata || jsonb_build_object('tenant_id', c.tenant_id, 'record_id', c.record_id, 'file', r.title,
              'source_path', r.source_path, 'access_level', r.access_level, 'version', r.version, 'chunk_index', c.chunk_index) as metadata) m
          cross join lateral (select sum(a::float8 * b::float8) / nullif(sqrt(sum(b::float8 * b::float8)), 0) as similarity
              from unnest(c.embedding, query_embedding) as v(a, b)) s
         where c.embedding is not null and m.metadata @> coalesce(filter, '{}'::jsonb)
         order by s.similarity desc nulls last, c.id
         limit match_count
      $body$
    $fn$;
  end if;
end
$$;
