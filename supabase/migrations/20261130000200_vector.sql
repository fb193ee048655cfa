-- pgvector where the server has it (Supabase, PGlite with its extension); elsewhere
-- (Debian's Postgres 15 without the package) the schema still migrates and
-- vector search reports that it is off.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'vector') then
    create extension if not exists vector;
    if not exists (
      select 1 from information_schema.columns
      where table_name = 'document_chunks' and column_name = 'embedding'
    ) then
      alter table document_chunks add column embedding vector(1536);
      create index document_chunks_embedding on document_chunks using hnsw (embedding vector_cosine_ops);
    end if;
  end if;
end
$$;
