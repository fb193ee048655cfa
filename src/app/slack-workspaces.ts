/**
 * Slack workspace → tenant links (`gridrag slack link`): each Slack workspace (team id) reads
 * one tenant with the access levels of its link, so one server can answer several
 * workspaces and an unlinked workspace reads nothing. Also the event ids already handled,
 * so Slack's retries are answered once.
 * @module app/slack-workspaces
 */
import type { Db } from '../db/index.js';
import { ConfigError, NotFoundError } from '../errors.js';

/** A linked workspace. */
export interface SlackWorkspace {
  /** Slack team id, e.g. `T0123ABCD`. */
  teamId: string;
  tenantId: string;
  /** Levels held (`all` included); undefined: every level. */
  accessLevels: string[] | undefined;
  createdAt: string;
}

interface WorkspaceRow { team_id: string; tenant_id: string; access_levels: string[] | null; created_at: Date }

function fromRow(row: WorkspaceRow): SlackWorkspace {
  return { teamId: row.team_id, tenantId: row.tenant_id, accessLevels: row.access_levels ?? undefined, createdAt: new Date(row.created_at).toISOString() };
}

/** Slack team ids: `T` or `E` (Enterprise Grid) and upper-case letters/digits. */
const TEAM_ID = /^[TE][A-Z0-9]{2,30}$/;

/**
 * Links a workspace to a tenant, replacing an earlier link of the same workspace.
 * @param input.accessLevels from `keyLevels` (undefined: every level)
 * @throws ConfigError for a malformed team id or an empty tenant
 */
export async function linkSlackWorkspace(db: Db, input: { teamId: string; tenantId: string; accessLevels: string[] | undefined }): Promise<SlackWorkspace> {
  if (!TEAM_ID.test(input.teamId)) throw new ConfigError(`--team ${input.teamId}: not a Slack team id (like T0123ABCD; see the workspace's URL or auth.test)`);
  if (input.tenantId.trim() === '') throw new ConfigError('--tenant must not be empty');
  const { rows } = await db.query<WorkspaceRow>(
    `insert into slack_workspaces (team_id, tenant_id, access_levels) values ($1, $2, $3::text[])
     on conflict (team_id) do update set tenant_id = excluded.tenant_id, access_levels = excluded.access_levels
     returning team_id, tenant_id, access_levels, created_at`,
    [input.teamId, input.tenantId.trim(), input.accessLevels ?? null],
  );
  return fromRow(rows[0]);
}

/** Linked workspaces, by team id. */
export async function listSlackWorkspaces(db: Db): Promise<SlackWorkspace[]> {
  const { rows } = await db.query<WorkspaceRow>('select team_id, tenant_id, access_levels, created_at from slack_workspaces order by team_id');
  return rows.map(fromRow);
}

/** The link of a workspace, or null when it is not linked. */
export async function findSlackWorkspace(db: Db, teamId: string): Promise<SlackWorkspace | null> {
  const { rows } = await db.query<WorkspaceRow>('select team_id, tenant_id, access_levels, created_at from slack_workspaces where team_id = $1', [teamId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * Removes a workspace's link; it reads nothing from then on.
 * @throws NotFoundError when the workspace is not linked
 */
export async function unlinkSlackWorkspace(db: Db, teamId: string): Promise<SlackWorkspace> {
  const { rows } = await db.query<WorkspaceRow>('delete from slack_workspaces where team_id = $1 returning team_id, tenant_id, access_levels, created_at', [teamId]);
  if (!rows[0]) throw new NotFoundError(`Slack workspace ${teamId} is not linked`);
  return fromRow(rows[0]);
}

/**
 * Remembers a Slack event id; false when it was handled before (a retry). Forgets ids older
 * than `keepSeconds`.
 * @param keepSeconds how long an id is remembered. @default 3600
 */
export async function rememberSlackEvent(db: Db, eventId: string, keepSeconds = 3600): Promise<boolean> {
  await db.query(`delete from slack_events_seen where seen_at < now() - make_interval(secs => $1)`, [keepSeconds]);
  const { rowCount } = await db.query(`insert into slack_events_seen (event_id) values ($1) on conflict do nothing`, [eventId]);
  return rowCount === 1;
}
