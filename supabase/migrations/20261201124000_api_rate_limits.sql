-- gridrag serve (issue 12): the per-key rate limit counted in the database, so several
-- servers on one Postgres share one limit (express-rate-limit's memory store counts per
-- process). Fixed one-minute windows by the database's clock; old windows are deleted as
-- new ones start. Owner-only: the reader role never sees it.

create table if not exists api_rate_limits (
  key text not null,                       -- the API key's id
  window_index bigint not null,            -- floor(epoch milliseconds / window length)
  hits integer not null default 0,
  primary key (key, window_index)
);

revoke all on table public.api_rate_limits from public;
revoke all on table public.api_rate_limits from gridrag_reader;
alter table public.api_rate_limits enable row level security;
