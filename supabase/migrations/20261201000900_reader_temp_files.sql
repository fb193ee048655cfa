-- Temporary files of the query role are capped: a sort or hash that spills past work_mem may
-- write at most this much to disk per statement (issue 9). temp_file_limit is a superuser
-- setting; where the owner is not a superuser (Supabase) the cap is skipped with a notice, and
-- can be set from the dashboard: alter role gridrag_reader set temp_file_limit = '256MB'.
-- Several databases of one server may migrate at once: the role is cluster-wide, so one of
-- them sets it and the others find it set (or lose the race harmlessly).
do $$
begin
  if not exists (
    select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where r.rolname = 'gridrag_reader' and s.setdatabase = 0 and 'temp_file_limit=256MB' = any (s.setconfig)
  ) then
    begin
      alter role gridrag_reader set temp_file_limit = '256MB';
    exception
      when insufficient_privilege then
        raise notice 'gridrag: temp_file_limit of gridrag_reader not set (needs a superuser)';
      when others then
        null; -- another database on this server set it concurrently
    end;
  end if;
end
$$;
