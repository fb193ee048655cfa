-- Business glossary terms per tenant, from a glossary.yml at the root of an ingested folder.
create table if not exists glossary_terms (
  tenant_id text not null,
  term text not null,
  definition jsonb not null,                -- { description?, where?, column? }
  source text,                              -- the glossary file it came from
  updated_at timestamptz not null default now(),
  primary key (tenant_id, term)
);
