-- gridrag core schema: records, tables found in sheets, their rows, prose chunks, the query log.
-- One schema for Supabase and any Postgres (and embedded PGlite). Foreign keys cascade:
-- deleting a record removes everything it produced.

create table if not exists record_manager (
  id uuid primary key default gen_random_uuid(),
  tenant_id text not null default 'default',
  access_level text not null default 'tenant',
  source_kind text not null,                -- local | drive | upload
  source_ref text not null,                 -- stable id in the source: a path, a Drive file id
  source_path text,                         -- where a person finds it: relative path or Drive path
  title text not null,                      -- file name
  mime_type text,
  data_type text not null check (data_type in ('tabular', 'unstructured')),
  content_hash text not null,               -- sha256 of the bytes, hex
  version integer not null default 1,
  source_modified_at timestamptz,
  source_size bigint,
  ingested_at timestamptz not null default now(),
  status text not null default 'ready' check (status in ('ready', 'failed')),
  error text,
  warnings jsonb not null default '[]'::jsonb,  -- schema drift and other notes, [{ kind, message }]
  metadata jsonb not null default '{}'::jsonb,  -- encoding, delimiter, error cell count …
  unique (tenant_id, source_kind, source_ref)
);
create index if not exists record_manager_tenant_hash on record_manager (tenant_id, content_hash);

create table if not exists tabular_tables (
  id uuid primary key default gen_random_uuid(),
  record_id uuid not null references record_manager (id) on delete cascade,
  tenant_id text not null,
  sql_name text not null,                   -- the stable name queries use, unique per tenant
  kind text not null default 'table' check (kind in ('table', 'long', 'union')),
  base_table_ids jsonb not null default '[]'::jsonb,  -- for long/union views: the tables they read
  definition jsonb not null default '{}'::jsonb,      -- for long/union views: labels or period columns
  position integer not null default 0,      -- order within the record
  sheet_name text,                          -- null for CSV
  sheet_hidden boolean not null default false,
  range_a1 text not null,                   -- e.g. A4:E2998, header rows included
  title text,                               -- banner above the table, if any
  label text,                               -- banner or sheet name used as a union label
  header_rows integer not null default 1,
  columns jsonb not null,                   -- column cards: [{ name, sqlName, type, concept, … }]
  row_count integer not null default 0,     -- data rows (aggregate and hidden rows excluded)
  aggregate_rows jsonb not null default '[]'::jsonb,  -- 1-based sheet row numbers
  aggregate_columns jsonb not null default '[]'::jsonb,
  outcome text not null default 'unverifiable' check (outcome in ('verified', 'unverifiable', 'floor')),
  validation jsonb not null default '{}'::jsonb,
  fingerprint text,
  profile jsonb not null default '{}'::jsonb,  -- per-column statistics for the catalog
  unique (tenant_id, sql_name)
);
create index if not exists tabular_tables_record on tabular_tables (record_id);

create table if not exists tabular_document_rows (
  id bigint generated always as identity primary key,
  record_id uuid not null references record_manager (id) on delete cascade,
  table_id uuid not null references tabular_tables (id) on delete cascade,
  tenant_id text not null,
  sheet_row integer not null,               -- 1-based row number in the source sheet
  row_data jsonb not null,                  -- { "<sqlName>": value }, values typed per column card
  is_aggregate boolean not null default false,
  is_hidden boolean not null default false
);
create index if not exists tabular_document_rows_table on tabular_document_rows (table_id);
create index if not exists tabular_document_rows_record on tabular_document_rows (record_id);

create table if not exists document_chunks (
  id bigint generated always as identity primary key,
  record_id uuid not null references record_manager (id) on delete cascade,
  tenant_id text not null,
  chunk_index integer not null,
  content text not null,
  metadata jsonb not null default '{}'::jsonb
);
create index if not exists document_chunks_record on document_chunks (record_id);

create table if not exists query_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  tenant_id text not null,
  user_id text,
  session_id text,
  question text,
  sql text,
  row_count integer,
  duration_ms integer,
  outcome text not null,                    -- ok | rejected | failed | cached
  error text,
  table_ids jsonb not null default '[]'::jsonb
);
create index if not exists query_log_tenant_time on query_log (tenant_id, created_at desc);

create table if not exists sync_state (
  tenant_id text not null,
  source_kind text not null,
  source_ref text not null,
  path text,
  modified_at timestamptz,
  size bigint,
  content_hash text,
  record_id uuid references record_manager (id) on delete set null,
  extra jsonb not null default '{}'::jsonb,  -- e.g. the Drive changes page token
  updated_at timestamptz not null default now(),
  primary key (tenant_id, source_kind, source_ref)
);

create table if not exists layout_templates (
  tenant_id text not null,
  fingerprint text not null,
  layout jsonb not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, fingerprint)
);
