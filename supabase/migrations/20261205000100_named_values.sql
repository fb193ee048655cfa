-- Values of the columns too varied for the catalog to list, stored once each so a question's
-- phrases are found by an index probe (store/catalog.ts `findNamedValues`) instead of a scan of
-- every row of every such table on each question. For each detected table of at most 50,000 data
-- rows (`NAMED_VALUE_ROW_LIMIT`), the distinct values of its text columns that are not free text,
-- not derived and have no `distinct` list in the profile (`namedValueColumns`), from data rows
-- only (not aggregate, not hidden), as `row_data->>column` gives them. Written at ingest
-- (store/file-writes.ts); deleted with the table. Owner-only: the reader never sees it.

create table if not exists tabular_named_values (
  table_id uuid not null references tabular_tables (id) on delete cascade,
  tenant_id text not null,
  column_name text not null,                -- the column's sqlName, a key of row_data
  value text not null
);
create index if not exists tabular_named_values_table on tabular_named_values (table_id);
-- A hash index: a cell may be longer than a B-tree entry may be (about 2,700 bytes).
create index if not exists tabular_named_values_lower on tabular_named_values using hash (lower(value));

revoke all on table tabular_named_values from public;
revoke all on table tabular_named_values from gridrag_reader;
alter table tabular_named_values enable row level security;

-- Tables stored before this migration: the same rule over their stored cards and profiles.
insert into tabular_named_values (table_id, tenant_id, column_name, value)
select distinct t.id, t.tenant_id, c.name, r.row_data->>c.name
  from tabular_tables t
  cross join lateral (
    select card->>'sqlName' as name from jsonb_array_elements(t.columns) as card
     where card->>'type' = 'text' and card->>'concept' is distinct from 'text' and card->'derived' is null
       and t.profile->(card->>'sqlName')->'distinct' is null
  ) c
  join tabular_document_rows r on r.table_id = t.id and not r.is_aggregate and not r.is_hidden
 where t.kind = 'table' and t.row_count <= 50000 and r.row_data->>c.name is not null
   and not exists (select 1 from tabular_named_values v where v.table_id = t.id);
-- Statistics now: without them the planner may read every value instead of probing the index.
analyze tabular_named_values;
