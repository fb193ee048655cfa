-- Temporary files of the query role are capped: a sort or hash that spills past work_mem may
-- write at most this much to disk per statement (issue 9). temp_file_limit is a superuser
-- setting; where the owner is not a superuser (Supabase) the cap is skipped with a notice, and
-- can be set from the dashboard: alter role gridrag_reader set temp_file_limit = '256MB'.
do $$
begin
  execute 'alter role gridrag_reader set temp_file_limit = ''256MB''';
exception when insufficient_privilege then
  raise notice 'gridrag: temp_file_limit of gridrag_reader not set (needs a superuser)';
end
$$;
