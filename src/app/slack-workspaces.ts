/**
 * Slack workspace → tenant links (`gridrag slack link`): each Slack workspace (team id) reads
 * one tenant with the access levels of its link, so one server can answer several
 * workspaces and an unlinked workspace reads nothing. A link may hold the workspace's own bot
 * token (an app distributed to several workspaces gets one token per install); it is stored in
 * the owner-only `slack_workspaces` table, sealed with GRIDRAG_SECRET_KEY when that is set, and
 * never returned by `list`. Also the event ids already handled, so Slack's retries are
 * answered once.
 * @module app/slack-workspaces
 */
import type { Db } from '../db/index.js';
import { ConfigError, NotFoundError, UpstreamError } from '../errors.js';
import { openSecret, sealSecret } from './secret-box.js';

/** A linked workspace. */
export interface SlackWorkspace {
  /** Slack team id, e.g. `T0123ABCD`. */
  teamId: string;
  /** Null: installed through /slack/install but not linked yet (it reads nothing). */
  tenantId: string | null;
  /** Levels held (`all` included); undefined: every level. */
  accessLevels: string[] | undefined;
  /** True when the link holds its own bot token (else SLACK_BOT_TOKEN answers it). The token itself is never returned here. */
  hasBotToken: boolean;
  createdAt: string;
}

interface WorkspaceRow { team_id: string; tenant_id: string | null; access_levels: string[] | null; has_bot_token: boolean; created_at: Date }

const COLUMNS = 'team_id, tenant_id, access_levels, bot_token is not null as has_bot_token, created_at';

function fromRow(row: WorkspaceRow): SlackWorkspace {
  return { teamId: row.team_id, tenantId: row.tenant_id, accessLevels: row.access_levels ?? undefined, hasBotToken: row.has_bot_token === true, createdAt: new Date(row.created_at).toISOString() };
}

/** Slack bot tokens: `xoxb-…`, or a rotating one `xoxe.xoxb-…`. */
const BOT_TOKEN = /^(xoxe\.)?xoxb-[A-Za-z0-9-]{8,}$/;

/** What seals a workspace's token to its row (see secret-box). */
function tokenContext(teamId: string): string {
  return `slack_workspaces.bot_token:${teamId}`;
}

/** Slack team ids: `T` or `E` (Enterprise Grid) and upper-case letters/digits. */
const TEAM_ID = /^[TE][A-Z0-9]{2,30}$/;

/**
 * Links a workspace to a tenant, replacing an earlier link of the same workspace. Without
 * `botToken` an earlier link's token is kept.
 * @param input.accessLevels from `keyLevels` (undefined: every level)
 * @param input.botToken the workspace's bot token (`xoxb-…`); check it first with `verifySlackBotToken`
 * @param options.secretKey GRIDRAG_SECRET_KEY: the token is stored sealed with it
 * @throws ConfigError for a malformed team id, an empty tenant or a malformed token (its value never in the message)
 */
export async function linkSlackWorkspace(
  db: Db,
  input: { teamId: string; tenantId: string; accessLevels: string[] | undefined; botToken?: string },
  options: { secretKey?: string } = {},
): Promise<SlackWorkspace> {
  if (!TEAM_ID.test(input.teamId)) throw new ConfigError(`--team ${input.teamId}: not a Slack team id (like T0123ABCD; see the workspace's URL or auth.test)`);
  if (input.tenantId.trim() === '') throw new ConfigError('--tenant must not be empty');
  const token = input.botToken?.trim();
  if (token !== undefined && !BOT_TOKEN.test(token)) throw new ConfigError('--bot-token: not a Slack bot token (it starts with xoxb-; OAuth & Permissions → Bot User OAuth Token)');
  const stored = token === undefined ? null : sealSecret(token, options.secretKey, tokenContext(input.teamId));
  const { rows } = await db.query<WorkspaceRow>(
    `insert into slack_workspaces (team_id, tenant_id, access_levels, bot_token) values ($1, $2, $3::text[], $4)
     on conflict (team_id) do update set tenant_id = excluded.tenant_id, access_levels = excluded.access_levels,
       bot_token = coalesce(excluded.bot_token, slack_workspaces.bot_token)
     returning ${COLUMNS}`,
    [input.teamId, input.tenantId.trim(), input.accessLevels ?? null, stored],
  );
  return fromRow(rows[0]);
}

/**
 * The bot token a workspace's link holds, opened; null when the workspace is not linked or
 * its link holds none (SLACK_BOT_TOKEN then answers it).
 * @param secretKey GRIDRAG_SECRET_KEY
 * @throws ConfigError when the token is sealed and the key is missing or another
 */
export async function slackBotToken(db: Db, teamId: string, secretKey: string | undefined): Promise<string | null> {
  const { rows } = await db.query<{ bot_token: string | null }>('select bot_token from slack_workspaces where team_id = $1', [teamId]);
  const stored = rows[0]?.bot_token;
  if (!stored) return null;
  return openSecret(stored, secretKey, tokenContext(teamId), `the bot token of Slack workspace ${teamId}`);
}

/**
 * Asks Slack (`auth.test`) whether `token` is a live bot token of workspace `teamId` (or of
 * the Enterprise Grid org `teamId` names), so `slack link` cannot store a token of another
 * workspace or a typo.
 * @param apiUrl Slack's Web API base (SLACK_API_URL). @default https://slack.com/api/
 * @returns the bot's user id
 * @throws ConfigError when Slack refuses the token or it belongs to another workspace; UpstreamError when Slack cannot be reached
 */
export async function verifySlackBotToken(input: { token: string; teamId: string; apiUrl?: string }): Promise<{ botUserId: string | undefined }> {
  const url = `${(input.apiUrl ?? 'https://slack.com/api/').replace(/\/?$/, '/')}auth.test`;
  let result: { ok?: boolean; error?: string; team_id?: string; enterprise_id?: string; user_id?: string };
  try {
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${input.token}`, 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(15_000) });
    result = (await response.json()) as typeof result;
  } catch (error) {
    throw new UpstreamError(`Slack's auth.test could not be reached (${error instanceof Error ? error.message : String(error)})`, { cause: error, retryable: true });
  }
  if (result.ok !== true) throw new ConfigError(`--bot-token was refused by Slack (${result.error ?? 'unknown error'}); copy the Bot User OAuth Token again`);
  if (result.team_id !== input.teamId && result.enterprise_id !== input.teamId) {
    throw new ConfigError(`--bot-token belongs to Slack workspace ${result.team_id ?? result.enterprise_id ?? 'unknown'}, not ${input.teamId}`);
  }
  return { botUserId: result.user_id };
}

/** Linked workspaces, by team id. */
export async function listSlackWorkspaces(db: Db): Promise<SlackWorkspace[]> {
  const { rows } = await db.query<WorkspaceRow>(`select ${COLUMNS} from slack_workspaces order by team_id`);
  return rows.map(fromRow);
}

/** The link of a workspace, or null when it is not linked (installed only, or unknown). */
export async function findSlackWorkspace(db: Db, teamId: string): Promise<(SlackWorkspace & { tenantId: string }) | null> {
  const { rows } = await db.query<WorkspaceRow>(`select ${COLUMNS} from slack_workspaces where team_id = $1 and tenant_id is not null`, [teamId]);
  return rows[0] ? (fromRow(rows[0]) as SlackWorkspace & { tenantId: string }) : null;
}

/**
 * Stores the bot token of an install through the OAuth flow (`/slack/install`). A workspace
 * new to gridrag is installed but not linked (it reads nothing until `gridrag slack link`); a
 * linked one keeps its link and gets the new token.
 * @param options.secretKey GRIDRAG_SECRET_KEY: the token is stored sealed with it
 * @throws ConfigError for a malformed team id or token
 */
export async function storeSlackInstall(db: Db, input: { teamId: string; botToken: string }, options: { secretKey?: string } = {}): Promise<SlackWorkspace> {
  if (!TEAM_ID.test(input.teamId)) throw new ConfigError(`the Slack install names no valid team id (${input.teamId})`);
  if (!BOT_TOKEN.test(input.botToken)) throw new ConfigError(`the Slack install of ${input.teamId} gave no bot token (is the bot scope requested?)`);
  const { rows } = await db.query<WorkspaceRow>(
    `insert into slack_workspaces (team_id, bot_token) values ($1, $2)
     on conflict (team_id) do update set bot_token = excluded.bot_token
     returning ${COLUMNS}`,
    [input.teamId, sealSecret(input.botToken, options.secretKey, tokenContext(input.teamId))],
  );
  return fromRow(rows[0]);
}

/**
 * Forgets a workspace's stored bot token (Slack said the app was uninstalled or its tokens
 * revoked): a link stays (SLACK_BOT_TOKEN answers it, if set), an install that was never
 * linked is removed.
 * @returns whether anything was stored for the workspace
 */
export async function forgetSlackBotToken(db: Db, teamId: string): Promise<boolean> {
  const removed = await db.query('delete from slack_workspaces where team_id = $1 and tenant_id is null', [teamId]);
  const cleared = await db.query('update slack_workspaces set bot_token = null where team_id = $1 and bot_token is not null', [teamId]);
  return removed.rowCount + cleared.rowCount > 0;
}

/**
 * Removes a workspace's link and its stored token; it reads nothing from then on.
 * @throws NotFoundError when the workspace is not linked
 */
export async function unlinkSlackWorkspace(db: Db, teamId: string): Promise<SlackWorkspace> {
  const { rows } = await db.query<WorkspaceRow>(`delete from slack_workspaces where team_id = $1 returning ${COLUMNS}`, [teamId]);
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
