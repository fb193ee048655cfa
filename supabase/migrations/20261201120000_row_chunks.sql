-- Row chunks: one chunk per data row of a table (`kind = 'row'`, text `Header: value | …`),
-- beside the document passages (`kind = 'passage'`), so similarity questions over rows
-- ("customers with a profile like X") find rows. Aggregate and hidden rows never become row
-- chunks; a table above the row cap gets none (prose/chunk-rows.ts). Prose search reads
-- passages only. match_documents returns passages, or rows with {"kind": "row"} in its filter
-- (`kind` is in every result's metadata).
--
-- The HNSW index covers passages only: rows are always searched within one table (exactly,
-- over at most the row cap), and building an HNSW entry per row would make an ingest of a
-- row list slow (about 30 ms a row on PGlite) for no gain.

alter table document_chunks add column if not exists kind text not null default 'passage';
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'document_chunks_kind_check') then
    alter table document_chunks add constraint document_chunks_kind_check check (kind in ('passage', 'row'));
  end if;
end
$$;
create index if not exists document_chunks_tenant_kind on document_chunks (tenant_id, kind);

do $$
begin
  if exists (select 1 from pg_type where typname = 'vector') then
    drop index if exists document_chunks_embedding;
    create index document_chunks_embedding on document_chunks using hnsw (embedding vector_cosine_ops) where kind = 'passage';
    execute $fn$
      create or replace function match_documents(query_embedding vector(1536), match_count int default null, filter jsonb default '{}')
      returns table (id bigint, content text, metadata jsonb, similarity double precision)
      language plpgsql stable as $body$
      #variable_conflict use_column
      begin
        if coalesce(filter->>'kind', 'passage') = 'passage' then
          -- `kind = 'passage'` written out, so the planner may use the partial HNSW index.
          return query
          select c.id, c.content, m.metadata, 1 - (c.embedding <=> query_embedding) as similarity
            from document_chunks c
            join record_manager r on r.id = c.record_id and r.status = 'ready'
            cross join lateral (select c.metadata || jsonb_build_object('tenant_id', c.tenant_id, 'record_id', c.record_id, 'file', r.title,
              'source_path', r.source_path, 'access_level', r.access_level, 'version', r.version, 'chunk_index', c.chunk_index,
              'kind', c.kind) as metadata) m
           where c.kind = 'passage' and c.embedding is not null and m.metadata @> coalesce(filter, '{}'::jsonb)
           order by c.embedding <=> query_embedding, c.id
           limit match_count;
        else
          return query
          select c.id, c.content, m.metadata, 1 - (c.embedding <=> query_embedding) as similarity
            from document_chunks c
            join record_manager r on r.id = c.record_id and r.status = 'ready'
            cross join lateral (select c.metadata || jsonb_build_object('tenant_id', c.tenant_id, 'record_id', c.record_id, 'file', r.title,
              'source_path', r.source_path, 'access_level', r.access_level, 'version', r.version, 'chunk_index', c.chunk_index,
              'kind', c.kind) as metadata) m
           where c.kind = filter->>'kind' and c.embedding is not null and m.metadata @> filter
           order by c.embedding <=> query_embedding, c.id
           limit match_count;
        end if;
      end
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
              'source_path', r.source_path, 'access_level', r.access_level, 'version', r.version, 'chunk_index', c.chunk_index,
              'kind', c.kind) as metadata) m
          cross join lateral (select sum(a::float8 * b::float8) / nullif(sqrt(sum(b::float8 * b::float8)), 0) as similarity
              from unnest(c.embedding, query_embedding) as v(a, b)) s
         where c.kind = coalesce(filter->>'kind', 'passage') and c.embedding is not null and m.metadata @> coalesce(filter, '{}'::jsonb)
         order by s.similarity desc nulls last, c.id
         limit match_count
      $body$
    $fn$;
  end if;
end
$$;
