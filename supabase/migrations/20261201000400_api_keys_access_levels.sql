-- API keys (gridrag serve), webhook replay protection, and access levels enforced by the
-- reader's row-level security.
--
-- Access levels: every record carries one (`access_level`, from the folder-to-level map
-- GRIDRAG_ACCESS_LEVELS, default 'all'). A signed scope may name the levels its caller holds
-- (a fifth field, see src/query/scope-token.ts); the reader's policy then admits rows only of
-- tables whose record has one of those levels. A scope without the field is unrestricted
-- (the command line, which runs as the tenant's owner).

alter table record_manager alter column access_level set default 'all';
update record_manager set access_level = 'all' where access_level = 'tenant';
create index if not exists record_manager_tenant_access on record_manager (tenant_id, access_level);

-- API keys: only a sha256 of the key is stored (keys are 32 random bytes, so a fast hash is
-- enough). The webhook secret must be kept to verify signatures: owner-only table.
create table if not exists api_keys (
  id uuid primary key default gen_random_uuid(),
  tenant_id text not null,
  name text,
  access_levels text[],                      -- null: every level ('*'); else the levels held, 'all' included
  key_hash text not null unique,             -- hex(sha256(key))
  key_prefix text not null,                  -- first characters of the key, to recognise it in a list
  webhook_secret text not null,              -- HMAC-SHA256 secret for /api/webhook/ask and callbacks
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index if not exists api_keys_tenant on api_keys (tenant_id);

-- Signatures already accepted (replay protection), kept a little longer than the 5-minute window.
create table if not exists webhook_signatures_seen (
  key_id uuid not null references api_keys (id) on delete cascade,
  signature text not null,
  seen_at timestamptz not null default now(),
  primary key (key_id, signature)
);
create index if not exists webhook_signatures_seen_at on webhook_signatures_seen (seen_at);

do $$
declare
  name text;
begin
  foreach name in array array['api_keys', 'webhook_signatures_seen'] loop
    execute format('revoke all on table public.%I from public', name);
    execute format('revoke all on table public.%I from gridrag_reader', name);
    execute format('alter table public.%I enable row level security', name);
  end loop;
end
$$;

-- The verified scope, now with the caller's access levels. Same signature and policy as in
-- 20261130000300 (so that file stays re-runnable); a scope with the levels field keeps only the
-- table ids whose record carries one of its levels. Re-running the older file alone restores
-- the 4-field function, which refuses 5-field scopes: it fails closed.
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
  n integer;
  payload text;
  key text;
  expected text;
  levels text[];
begin
  if scope is null or length(scope) > 100000 then
    return;
  end if;
  parts := string_to_array(scope, '|');
  n := coalesce(array_length(parts, 1), 0);
  if n not in (4, 5)
     or parts[1] !~ '^([0-9a-f]{2})*$'
     or parts[2] !~ '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$'
     or parts[3] !~ '^[0-9]{1,12}$'
     or (n = 5 and parts[4] !~ '^([0-9a-f]{2})*$')
     or parts[n] !~ '^[0-9a-f]{64}$' then
    return;
  end if;
  select s.secret into key from public.gridrag_scope_secret s where s.id;
  if key is null then
    return;
  end if;
  payload := array_to_string(parts[1:n - 1], '|');
  expected := encode(sha256(convert_to(key || encode(sha256(convert_to(key || payload, 'UTF8')), 'hex'), 'UTF8')), 'hex');
  if expected <> parts[n] or parts[3]::bigint < extract(epoch from now()) then
    return;
  end if;
  tenant_id := convert_from(decode(parts[1], 'hex'), 'UTF8');
  table_ids := case when parts[2] = '' then array[]::uuid[] else string_to_array(parts[2], ',')::uuid[] end;
  if n = 5 then
    levels := case when parts[4] = '' then array[]::text[] else string_to_array(convert_from(decode(parts[4], 'hex'), 'UTF8'), ',') end;
    select coalesce(array_agg(t.id), array[]::uuid[]) into table_ids
      from public.tabular_tables t
      join public.record_manager r on r.id = t.record_id
     where t.id = any (table_ids) and r.access_level = any (levels);
  end if;
end
$$;

revoke all on function gridrag_verified_scope() from public;
grant execute on function gridrag_verified_scope() to gridrag_reader;
