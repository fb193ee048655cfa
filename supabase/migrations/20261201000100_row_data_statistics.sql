-- Queries read rows through expressions of row_data (row_data->>'key'), never the whole value.
-- Statistics of the whole jsonb value say every row is distinct, and the planner carries that
-- to every expression of it: a GROUP BY on a view column is then planned as if each row were
-- its own group (a sort, spilled to disk) instead of hashing its few groups. Keep no statistics
-- for row_data (the planner then uses its default estimate), and drop those already collected
-- (changing the column to its own type drops them; the table is not rewritten).
alter table tabular_document_rows alter column row_data set statistics 0;
alter table tabular_document_rows alter column row_data type jsonb;
