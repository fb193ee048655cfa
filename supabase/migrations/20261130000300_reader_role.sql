-- The locked-down role model-written SQL runs as (the second defence behind the SQL guard).
--
-- gridrag_reader: LOGIN, no superuser/createdb/createrole/bypassrls, NOINHERIT, member of
-- nothing. It may read tabular_document_rows and nothing else of ours, and only the rows
-- its transaction's scope admits: `gridrag.scope` = '<tenant hex>|<uuid,uuid…>|<expiry epoch s>|<mac>'
-- where mac = hex(sha256(secret || hex(sha256(secret || payload)))) and payload is the
-- first three fields joined by '|'. The secret lives in gridrag_scope_secret, which the
-- reader cannot read; a scope the query forges with set_config() fails the MAC and sees nothing.
--
-- Roles are cluster-wide: several databases on one server may run this at the same time,
-- so role creation and role settings tolerate losing the race. Everything is idempotent.
-- On Supabase, give the role a password (alter role gridrag_reader password '…') and set
-- GRIDRAG_READER_URL. On PGlite the role exists too; the executor switches to it with
-- SET LOCAL ROLE (weaker: the session user there is a superuser).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'gridrag_reader') then
    begin
      create role gridrag_reader login nosuperuser nocreatedb nocreaterole noinherit;
    exception when duplicate_object or unique_violation then
      null; -- another database on this server created it first
    end;
  end if;
end
$$;

-- Repair attributes if the role exists but was widened (best effort; the executor verifies at start-up).
do $$
begin
  if exists (
    select 1 from pg_roles
    where rolname = 'gridrag_reader' and (rolsuper or rolcreatedb or rolcreaterole or rolinherit or rolbypassrls or rolreplication)
  ) then
    begin
      alter role gridrag_reader nosuperuser nocreatedb nocreaterole noinherit nobypassrls noreplication;
    exception when others then
      raise warning 'gridrag: could not restrict role gridrag_reader: %', sqlerrm;
    end;
  end if;
end
$$;

-- Leave every role it was made a member of (pg_read_server_files and the like).
do $$
declare
  granted record;
begin
  for granted in
    select r.rolname from pg_auth_members m
    join pg_roles r on r.oid = m.roleid
    join pg_roles u on u.oid = m.member
    where u.rolname = 'gridrag_reader'
  loop
    begin
      execute format('revoke %I from gridrag_reader', granted.rolname);
    exception when others then
      raise warning 'gridrag: could not revoke % from gridrag_reader: %', granted.rolname, sqlerrm;
    end;
  end loop;
end
$$;

-- Hide the reader's query text from other reader sessions (pg_stat_activity shows a role its
-- own sessions, and every tenant's queries run as this one role). Needs a superuser; best effort.
do $$
begin
  if not exists (
    select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where r.rolname = 'gridrag_reader' and s.setdatabase = 0 and 'track_activities=off' = any (s.setconfig)
  ) then
    begin
      alter role gridrag_reader set track_activities = off;
    exception when others then
      null; -- not a superuser here, or another database set it concurrently
    end;
  end if;
end
$$;

-- The MAC secret: random, one row, readable by the owner only.
create table if not exists gridrag_scope_secret (
  id boolean primary key default true check (id),
  secret text not null
);
insert into gridrag_scope_secret (secret)
values (encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
on conflict (id) do nothing;

-- Privileges: nothing for PUBLIC, SELECT on the row table for the reader, no CREATE in public.
revoke create on schema public from public;
grant usage on schema public to gridrag_reader;

do $$
declare
  name text;
begin
  foreach name in array array[
    'record_manager', 'tabular_tables', 'tabular_document_rows', 'document_chunks', 'query_log',
    'sync_state', 'layout_templates', 'schema_migrations', 'glossary_terms', 'gridrag_scope_secret'
  ] loop
    if to_regclass('public.' || name) is not null then
      execute format('revoke all on table public.%I from public', name);
      execute format('revoke all on table public.%I from gridrag_reader', name);
      -- Owners bypass RLS, so the application is unaffected; any other role sees no rows
      -- unless a policy admits them (e.g. Supabase's anon/authenticated roles see nothing).
      execute format('alter table public.%I enable row level security', name);
    end if;
  end loop;
end
$$;

grant select on table tabular_document_rows to gridrag_reader;

-- The verified scope of the current transaction: (tenant, table ids), or nulls when the scope
-- is missing, malformed, expired or its MAC is wrong. SECURITY DEFINER so it can read the secret.
create or replace function gridrag_verified_scope(out tenant_id text, out table_ids uuid[])
returns record
language plpgsql
stable
security definer
set search_path = pg_catalog, public
as $$
declare
  scope text := current_setting('gridrag.scope', true);
  parts text[];
  payload text;
  key text;
  expected text;
begin
  if scope is null or length(scope) > 100000 then
    return;
  end if;
  parts := string_to_array(scope, '|');
  if coalesce(array_length(parts, 1), 0) <> 4
     or parts[1] !~ '^([0-9a-f]{2})*$'
     or parts[2] !~ '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$'
     or parts[3] !~ '^[0-9]{1,12}$'
     or parts[4] !~ '^[0-9a-f]{64}$' then
    return;
  end if;
  select s.secret into key from public.gridrag_scope_secret s where s.id;
  if key is null then
    return;
  end if;
  payload := parts[1] || '|' || parts[2] || '|' || parts[3];
  expected := encode(sha256(convert_to(key || encode(sha256(convert_to(key || payload, 'UTF8')), 'hex'), 'UTF8')), 'hex');
  if expected <> parts[4] or parts[3]::bigint < extract(epoch from now()) then
    return;
  end if;
  tenant_id := convert_from(decode(parts[1], 'hex'), 'UTF8');
  table_ids := case when parts[2] = '' then array[]::uuid[] else string_to_array(parts[2], ',')::uuid[] end;
end
$$;

revoke all on function gridrag_verified_scope() from public;
grant execute on function gridrag_verified_scope() to gridrag_reader;

drop policy if exists gridrag_reader_scope on tabular_document_rows;
create policy gridrag_reader_scope on tabular_document_rows
  for select to gridrag_reader
  using (
    tenant_id = (select s.tenant_id from gridrag_verified_scope() s)
    and table_id = any (coalesce((select s.table_ids from gridrag_verified_scope() s), array[]::uuid[]))
  );
