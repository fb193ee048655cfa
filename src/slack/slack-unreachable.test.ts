/**
 * The Slack app when Slack cannot be reached (no network: auth.test and the Web API refuse
 * connections) and when Slack is off, through real HTTP on 127.0.0.1. Signed slash commands and
 * events are acknowledged within Slack's 3 s; an unlinked workspace still gets its "not linked"
 * text through the response_url (a real fake server); no log line carries the bot token or a
 * response_url's path; the message says Slack could not be reached, not that it refused the
 * token. With Slack off, /slack/events answers the API's JSON error shape.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { startFakeSlack, type FakeSlack } from '../../test/helpers/fake-slack-server.js';
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';
import { safeError, safeLogOptions } from '../safe-log.js';
import { createHttpApp } from '../server/create-http-app.js';
import { startServer, type RunningServer } from '../server/start-server.js';

const SECRET = 'test-signing-secret-unreachable-0123';
const TOKEN = 'xoxb-fake-token-4242424242';

function sign(body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = `v0=${createHmac('sha256', SECRET).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
}

async function waitFor<T>(find: () => T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nothing listens on (bound, then closed): connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const pglite = DB_ADAPTERS.find((adapter) => adapter.name === 'pglite')!;

describe('the Slack app when Slack cannot be reached', () => {
  let app: App;
  let running: RunningServer;
  let slack: FakeSlack;
  let dispose: () => Promise<void>;
  let deadPort: number;
  const lines: string[] = [];
  const command = (teamId: string, responseUrl: string) =>
    new URLSearchParams({
      token: 'legacy', team_id: teamId, team_domain: 'x', channel_id: 'C1', channel_name: 'general', user_id: 'U1', user_name: 'ada',
      command: '/gridrag', text: 'how many complaints?', api_app_id: 'A1', response_url: responseUrl, trigger_id: '1.2.3',
    }).toString();
  const post = (url: string, body: string, contentType: string) => fetch(url, { method: 'POST', headers: { 'content-type': contentType, ...sign(body) }, body });

  beforeAll(async () => {
    const test = await pglite.create();
    dispose = () => test.dispose().catch(() => undefined);
    slack = await startFakeSlack({ token: 'xoxb-other-token-000', teamId: 'TOTHER' }); // only its response_urls are used
    deadPort = await closedPort();
    const config = { ...loadConfig({}), GRIDRAG_TENANT: 'acme', SLACK_SIGNING_SECRET: SECRET, SLACK_BOT_TOKEN: TOKEN, SLACK_API_URL: `http://127.0.0.1:${deadPort}/api/` };
    app = await openApp({ config, db: test.db, dataDir: null, llm: null });
    // A plain pino logger (no serializers): what the Slack app hands it must already be safe.
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    running = await startServer({ app, logger, port: 0, rateLimitPerMinute: 10_000 });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await slack?.close();
    await dispose?.();
  });

  it('acknowledges a slash command from an unlinked workspace within 3 s and tells it to link', async () => {
    const started = Date.now();
    const response = await post(`${running.url}/slack/events`, command('TSTRANGER', slack.responseUrl('cmd-unlinked')), 'application/x-www-form-urlencoded');
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const reply = await waitFor(() => slack.posted.find((message) => message.method === 'response_url'));
    expect(reply.text).toContain('not linked');
  }, 30_000);

  it('acknowledges an app_mention within 3 s', async () => {
    const ts = '1764500000.000777';
    const body = JSON.stringify({ token: 'legacy', team_id: 'TSTRANGER', api_app_id: 'A1', type: 'event_callback', event_id: 'EvUnreach1', event_time: Math.floor(Date.now() / 1000), event: { type: 'app_mention', user: 'U1', text: '<@UBOT> hi', ts, channel: 'C1', event_ts: ts } });
    const started = Date.now();
    const response = await post(`${running.url}/slack/events`, body, 'application/json');
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 30_000);

  it('never logs the bot token or a response_url path, and says Slack could not be reached', async () => {
    // A reply whose response_url cannot be reached: the failure is logged with the host only.
    const capability = `http://127.0.0.1:${deadPort}/commands/T1/99999/capability-secret-path`;
    const response = await post(`${running.url}/slack/events`, command('TSTRANGER', capability), 'application/x-www-form-urlencoded');
    expect(response.status).toBe(200);
    await waitFor(() => lines.find((line) => line.includes('handler failed')));
    await waitFor(() => lines.find((line) => line.includes('SLACK_BOT_TOKEN could not be checked')));
    const all = lines.join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('4242424242');
    expect(all).not.toContain('capability-secret-path');
    expect(all).not.toMatch(/_header|"config"/);
    expect(all).toContain('Slack could not be reached (ECONNREFUSED');
    expect(all).not.toContain('SLACK_BOT_TOKEN was refused');
  }, 30_000);

  it('answers /slack/events in the JSON error shape when Slack is off', async () => {
    const off = createHttpApp({ app: { ...app, config: { ...app.config, SLACK_SIGNING_SECRET: undefined, SLACK_BOT_TOKEN: undefined } } });
    const server = off.handler.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toContain('Slack is not configured');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the server log settings', () => {
  it('reduce a logged HTTP client error to its message and code, with tokens redacted', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info', ...safeLogOptions() }, { write: (line: string) => void lines.push(line) });
    const error = Object.assign(new Error(`request failed for Bearer ${TOKEN}`), {
      code: 'ENOTFOUND',
      config: { headers: { Authorization: `Bearer ${TOKEN}` }, data: `token=${TOKEN}` },
      request: { _header: `POST /api/auth.test HTTP/1.1\r\nAuthorization: Bearer ${TOKEN}` },
    });
    logger.error({ err: error, slack: { botToken: TOKEN }, headers: { authorization: `Bearer ${TOKEN}` } }, 'failed');
    expect(lines.join('')).not.toContain('4242424242');
    expect(lines.join('')).toContain('ENOTFOUND');
    expect(safeError(error)).toMatchObject({ type: 'Error', code: 'ENOTFOUND', message: 'request failed for Bearer ***' });
  });
});
