/**
 * A fake Slack Web API: a real HTTP server on 127.0.0.1 speaking Slack's wire format for
 * `auth.test`, `chat.postMessage` and `chat.postEphemeral` (form-encoded or JSON bodies,
 * `Authorization: Bearer <token>`, `{ok:…}` answers), plus slash-command `response_url`s
 * under `/response/<id>`. It records what was posted; tests read the Block Kit from it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the app posted. */
export interface PostedMessage {
  /** `chat.postMessage`, `chat.postEphemeral` or `response_url`. */
  method: string;
  channel?: string;
  thread_ts?: string;
  text?: string;
  blocks: Record<string, unknown>[];
  response_type?: string;
  /** The `ts` this server gave the message. */
  ts: string;
  /** The bot token it was posted with (undefined for a response_url). */
  token?: string;
  /** The workspace of that token. */
  teamId?: string;
}

export interface FakeSlack {
  /** Base of the Web API, ending in `/` (SLACK_API_URL). */
  apiUrl: string;
  /** A response_url for a slash command. */
  responseUrl(id: string): string;
  posted: PostedMessage[];
  /** Web API methods called, in order. */
  calls: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  if ((request.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

function blocksOf(value: unknown): Record<string, unknown>[] {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>[];
  return (value as Record<string, unknown>[] | undefined) ?? [];
}

/** One workspace the fake knows: its bot token and ids. */
export interface FakeWorkspace {
  token: string;
  teamId: string;
  botUserId?: string;
}

/**
 * Starts the fake.
 * @param options.token the bot token it accepts (others get `invalid_auth`), of workspace `teamId`
 * @param options.workspaces more workspaces, each with its own token (an app installed in several)
 */
export async function startFakeSlack(options: {
  token: string;
  teamId: string;
  botUserId?: string;
  workspaces?: FakeWorkspace[];
  /** `oauth.v2.access`: the app's credentials, and each one-time code's workspace (its token must be in `workspaces`). */
  oauth?: { clientId: string; clientSecret: string; codes: Record<string, string> };
}): Promise<FakeSlack> {
  const workspaces: FakeWorkspace[] = [{ token: options.token, teamId: options.teamId, botUserId: options.botUserId }, ...(options.workspaces ?? [])];
  const posted: PostedMessage[] = [];
  const calls: string[] = [];
  let counter = 0;
  const nextTs = () => `1764580000.${String(++counter).padStart(6, '0')}`;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    readBody(request)
      .then((body) => {
        if (url.pathname.startsWith('/response/')) {
          posted.push({ method: 'response_url', text: body.text as string | undefined, blocks: blocksOf(body.blocks), response_type: body.response_type as string | undefined, ts: nextTs() });
          send(200, { ok: true });
          return;
        }
        const method = url.pathname.replace(/^\/api\//, '');
        calls.push(method);
        if (method === 'oauth.v2.access') {
          const { oauth } = options;
          if (!oauth || body.client_id !== oauth.clientId || body.client_secret !== oauth.clientSecret) return send(200, { ok: false, error: 'invalid_client_id' });
          const teamId = oauth.codes[body.code as string];
          delete oauth.codes[body.code as string]; // a code works once
          const installed = workspaces.find((known) => known.teamId === teamId);
          if (!installed) return send(200, { ok: false, error: 'invalid_code' });
          return send(200, {
            ok: true, app_id: 'A1', access_token: installed.token, token_type: 'bot', scope: 'app_mentions:read,chat:write,im:history,commands',
            bot_user_id: installed.botUserId ?? 'UBOT', team: { id: installed.teamId, name: installed.teamId }, enterprise: null, is_enterprise_install: false,
            authed_user: { id: 'UADMIN' }, redirect_uri: body.redirect_uri,
          });
        }
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? (body.token as string | undefined);
        const workspace = workspaces.find((known) => known.token === token);
        if (!workspace) return send(200, { ok: false, error: 'invalid_auth' });
        if (method === 'auth.test') {
          return send(200, { ok: true, url: 'https://fake.slack.com/', team: 'Fake', user: 'gridrag', team_id: workspace.teamId, user_id: workspace.botUserId ?? 'UBOT', bot_id: 'BBOT', is_enterprise_install: false });
        }
        if (method === 'chat.postMessage' || method === 'chat.postEphemeral') {
          if (!body.channel) return send(200, { ok: false, error: 'channel_not_found' });
          const ts = nextTs();
          posted.push({ method, channel: body.channel as string, thread_ts: body.thread_ts as string | undefined, text: body.text as string | undefined, blocks: blocksOf(body.blocks), ts, token, teamId: workspace.teamId });
          return send(200, method === 'chat.postMessage' ? { ok: true, channel: body.channel, ts, message: { text: body.text, ts } } : { ok: true, message_ts: ts });
        }
        send(200, { ok: false, error: 'unknown_method' });
      })
      .catch((error: unknown) => send(400, { ok: false, error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${base}/api/`,
    responseUrl: (id) => `${base}/response/${id}`,
    posted,
    calls,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
