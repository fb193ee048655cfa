-- Slack (issue 13): a bot token per linked workspace, so one server answers several
-- workspaces (an app distributed to them, each install with its own token). The column sits
-- in slack_workspaces, an owner-only table (the reader role has no privilege on it; the
-- lock-down proof checks that). With GRIDRAG_SECRET_KEY set the token is stored encrypted
-- (AES-256-GCM, `enc:v1:…`), else as given.

alter table slack_workspaces add column if not exists bot_token text;
revoke all on table public.slack_workspaces from gridrag_reader;

-- An install through the OAuth flow (/slack/install) stores the workspace's token before an
-- administrator links it to a tenant: tenant_id null means installed, not linked (it reads
-- nothing and is told so).
alter table slack_workspaces alter column tenant_id drop not null;
