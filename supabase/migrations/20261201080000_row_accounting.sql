-- Row accounting: where every source row of a file went. A row is stored (data, aggregate or
-- hidden row of a table) or excluded with its reason (header, title, note, section, outside
-- any table, blank). The file's totals, its rows outside any table and the reason a file holds
-- no table live on the record; each table keeps its own header, title, note and section rows.
alter table record_manager add column if not exists row_accounting jsonb;
alter table tabular_tables add column if not exists excluded_rows jsonb not null default '[]'::jsonb;
