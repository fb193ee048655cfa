-- Slack (issue 13): which gridrag tenant (and access levels) each Slack workspace reads, and
-- the event ids already handled, so Slack's retries (X-Slack-Retry-Num) are answered once.
-- Owner-only tables: the reader role never sees them.

create table if not exists slack_workspaces (
  team_id text primary key,                  -- Slack workspace id, e.g. T0123ABCD
  tenant_id text not null,
  access_levels text[],                      -- null: every level ('*'); else the levels held, 'all' included
  created_at timestamptz not null default now()
);
create index if not exists slack_workspaces_tenant on slack_workspaces (tenant_id);

-- Event ids already accepted, kept about an hour (Slack retries within minutes).
create table if not exists slack_events_seen (
  event_id text primary key,
  seen_at timestamptz not null default now()
);
create index if not exists slack_events_seen_at on slack_events_seen (seen_at);

do $$
declare
  name text;
begin
  foreach name in array array['slack_workspaces', 'slack_events_seen'] loop
    execute format('revoke all on table public.%I from public', name);
    execute format('revoke all on table public.%I from gridrag_reader', name);
    execute format('alter table public.%I enable row level security', name);
  end loop;
end
$$;
