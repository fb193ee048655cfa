/**
 * One `gridrag serve` answering two Slack workspaces, each with its own bot token (an app
 * installed in several workspaces), through real HTTP on 127.0.0.1 against the fake Slack Web
 * API, on every database adapter: each answer is posted with its own workspace's token and
 * reads only its own tenant; the tokens are stored sealed, never listed, logged or readable by
 * the reader role; the install flow stores a new workspace's token; uninstalling forgets it.
 * And the failure paths: the LLM down and the database down each give a
 * short apology with the error code in the thread, and a log line.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { startFakeSlack, type FakeSlack, type PostedMessage } from '../../test/helpers/fake-slack-server.js';
import { REPO_ROOT } from '../../test/helpers/shared-paths.js';
import { ingestPaths, openApp, withTenant, type App } from '../app/index.js';
import { linkSlackWorkspace, listSlackWorkspaces, slackBotToken, storeSlackInstall, unlinkSlackWorkspace } from '../app/slack-workspaces.js';
import { loadConfig } from '../config.js';
import { createOpenAiCompatibleLlm } from '../llm/index.js';
import { startServer, type RunningServer } from '../server/start-server.js';
import { parse as parseYaml } from 'yaml';
import { mountSlack, SLACK_EVENTS_PATH } from './slack-app.js';
import { SLACK_BOT_SCOPES, SLACK_REDIRECT_PATH } from './slack-install.js';

const SECRET = 'test-signing-secret-0123456789abcdef';
const ACME_TOKEN = 'xoxb-acme-1111111111-aaaaaaaaaaaa';
const GLOBEX_TOKEN = 'xoxb-globex-2222222222-bbbbbbbbbbbb';
const DEFAULT_TOKEN = 'xoxb-default-3333333333-cccccccccccc';
const INSTALLED_TOKEN = 'xoxb-installed-9999999999-dddddddddddd';
const OAUTH = { clientId: '111.222', clientSecret: 'client-secret-0123456789' };
const SECRET_KEY = 'k'.repeat(16) + '0123456789abcdef0123456789';
const COMPLAINTS = 'Which location had the most complaints in March 2025?';
const VISITS = 'total visits by city';

function sign(body: string, timestamp = Math.floor(Date.now() / 1000)) {
  return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': `v0=${createHmac('sha256', SECRET).update(`v0:${timestamp}:${body}`).digest('hex')}` };
}

async function waitFor<T>(find: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let tsCounter = 0;
/** Sends a signed app_mention from `teamId` to `url`; returns the ts of the message (the thread). */
async function mention(url: string, teamId: string, text: string): Promise<string> {
  const ts = `1764600000.${String(++tsCounter).padStart(6, '0')}`;
  const body = JSON.stringify({
    token: 'legacy', team_id: teamId, api_app_id: 'A1', type: 'event_callback', event_id: `Ev${teamId}${tsCounter}`, event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: teamId, user_id: 'UBOT', is_bot: true, is_enterprise_install: false }],
    event: { type: 'app_mention', user: 'U1', text: `<@UBOT> ${text}`, ts, channel: 'C1', event_ts: ts },
  });
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...sign(body) }, body });
  expect(response.status).toBe(200);
  return ts;
}

function text(message: PostedMessage): string {
  return `${message.text} ${JSON.stringify(message.blocks)}`;
}

/** A Slack app on its own express server (for an App with a broken part). */
async function listen(mount: (handler: express.Express) => void): Promise<{ url: string; close(): Promise<void> }> {
  const handler = express();
  mount(handler);
  const server: Server = await new Promise((resolve) => {
    const started = handler.listen(0, '127.0.0.1', () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A port on 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

for (const adapter of DB_ADAPTERS) {
  describe(`the Slack app with two workspaces on ${adapter.name}`, () => {
    let app: App;
    let running: RunningServer;
    let slack: FakeSlack;
    let dispose: () => Promise<void>;
    let events: string;
    let folder: string;
    const logs: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) });
    const inThread = (ts: string) => () => slack.posted.find((message) => message.thread_ts === ts);

    beforeAll(async () => {
      const test = await adapter.create();
      dispose = () => test.dispose().catch(() => undefined);
      slack = await startFakeSlack({
        token: ACME_TOKEN, teamId: 'TACME',
        workspaces: [{ token: GLOBEX_TOKEN, teamId: 'TGLOBEX' }, { token: DEFAULT_TOKEN, teamId: 'TDEFAULT' }, { token: INSTALLED_TOKEN, teamId: 'TINSTALLED' }],
        oauth: { ...OAUTH, codes: { 'code-1': 'TINSTALLED' } },
      });
      // No SLACK_BOT_TOKEN: each workspace answers with its own token, or not at all.
      const config = {
        ...loadConfig({}), DATABASE_URL: test.url, GRIDRAG_TENANT: 'acme', SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl, GRIDRAG_SECRET_KEY: SECRET_KEY,
        SLACK_CLIENT_ID: OAUTH.clientId, SLACK_CLIENT_SECRET: OAUTH.clientSecret, GRIDRAG_PUBLIC_URL: 'https://gridrag.example.com',
      };
      app = await openApp({ config, db: test.db, dataDir: null, llm: null });
      expect((await ingestPaths(app, { paths: [path.join(REPO_ROOT, 'examples')] })).failed).toBe(0);
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-slack-'));
      await writeFile(path.join(folder, 'visits.csv'), 'city,visits\nGhent,3\nLille,4\nGhent,5\n');
      expect((await ingestPaths(withTenant(app, 'globex'), { paths: [path.join(folder, 'visits.csv')] })).failed).toBe(0);
      await linkSlackWorkspace(app.db, { teamId: 'TACME', tenantId: 'acme', accessLevels: undefined, botToken: ACME_TOKEN }, { secretKey: SECRET_KEY });
      await linkSlackWorkspace(app.db, { teamId: 'TGLOBEX', tenantId: 'globex', accessLevels: undefined, botToken: GLOBEX_TOKEN }, { secretKey: SECRET_KEY });
      running = await startServer({ app, logger, port: 0, rateLimitPerMinute: 10_000 });
      events = `${running.url}/slack/events`;
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await slack?.close();
      await dispose?.();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    it('answers each workspace with its own token and its own tenant only', async () => {
      const acme = await mention(events, 'TACME', COMPLAINTS);
      const globex = await mention(events, 'TGLOBEX', COMPLAINTS);
      const acmeVisits = await mention(events, 'TACME', VISITS);
      const globexVisits = await mention(events, 'TGLOBEX', VISITS);

      const acmeReply = await waitFor(inThread(acme));
      expect(acmeReply).toMatchObject({ token: ACME_TOKEN, teamId: 'TACME', channel: 'C1' });
      expect(acmeReply.text).toMatch(/^Utrecht \(10\)/);
      expect(text(acmeReply)).toContain('feedback_tracker.xlsx › Feedback › A3:E243');

      const globexReply = await waitFor(inThread(globex));
      expect(globexReply).toMatchObject({ token: GLOBEX_TOKEN, teamId: 'TGLOBEX' });
      expect(globexReply.text).toMatch(/^I cannot answer that from the data/);
      expect(text(globexReply)).not.toMatch(/Utrecht|feedback_tracker/);

      const globexVisitsReply = await waitFor(inThread(globexVisits));
      expect(globexVisitsReply.token).toBe(GLOBEX_TOKEN);
      expect(text(globexVisitsReply)).toMatch(/Ghent +8/);
      expect(text(globexVisitsReply)).toContain('visits.csv');

      const acmeVisitsReply = await waitFor(inThread(acmeVisits));
      expect(acmeVisitsReply.token).toBe(ACME_TOKEN);
      expect(text(acmeVisitsReply)).not.toMatch(/Ghent|Lille|visits\.csv/);
      // Every post went out with the token of the workspace asked from.
      for (const message of slack.posted) expect(message.token).toBe(message.teamId === 'TACME' ? ACME_TOKEN : GLOBEX_TOKEN);
    }, 60_000);

    it('posts nothing to a workspace with no token and no SLACK_BOT_TOKEN, and logs why', async () => {
      await linkSlackWorkspace(app.db, { teamId: 'TDEFAULT', tenantId: 'acme', accessLevels: undefined });
      const before = slack.posted.length;
      await mention(events, 'TDEFAULT', COMPLAINTS);
      await mention(events, 'TSTRANGER', COMPLAINTS);
      await waitFor(() => (logs.filter((line) => line.includes('has no bot token')).length >= 2 ? true : undefined));
      // A stored token Slack no longer accepts (revoked): refused at auth.test, logged, nothing posted.
      await linkSlackWorkspace(app.db, { teamId: 'TREVOKED', tenantId: 'acme', accessLevels: undefined, botToken: 'xoxb-revoked-0000000000-zzzz' }, { secretKey: SECRET_KEY });
      await mention(events, 'TREVOKED', COMPLAINTS);
      await waitFor(() => logs.find((line) => line.includes('the bot token of Slack workspace TREVOKED was refused by auth.test')));
      await unlinkSlackWorkspace(app.db, 'TREVOKED');
      // A later question of a linked workspace is answered, and nothing went to the two.
      await waitFor(inThread(await mention(events, 'TACME', COMPLAINTS)));
      expect(slack.posted.slice(before).map((message) => message.teamId)).toEqual(['TACME']);
      // A slash command needs no token (it answers through its response_url): the stranger is told to link.
      const form = new URLSearchParams({
        token: 'legacy', team_id: 'TSTRANGER', team_domain: 'stranger', channel_id: 'C9', channel_name: 'general', user_id: 'U9', user_name: 'eve',
        command: '/gridrag', text: COMPLAINTS, api_app_id: 'A1', response_url: slack.responseUrl('stranger'), trigger_id: '9.9.9',
      }).toString();
      const command = await fetch(events, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...sign(form) }, body: form });
      expect(command.status).toBe(200);
      const told = await waitFor(() => slack.posted.find((message) => message.method === 'response_url' && message.text?.includes('TSTRANGER')));
      expect(told.text).toContain('gridrag slack link --team TSTRANGER');
      expect(text(told)).not.toMatch(/Utrecht|feedback_tracker/);
    }, 60_000);

    it('installs into a new workspace through /slack/install (state cookie checked), which reads nothing until linked', async () => {
      const started = await fetch(`${running.url}/slack/install`, { redirect: 'manual' });
      expect(started.status).toBe(302);
      const consent = new URL(started.headers.get('location') ?? '');
      expect(`${consent.origin}${consent.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
      expect(consent.searchParams.get('client_id')).toBe(OAUTH.clientId);
      expect(consent.searchParams.get('scope')).toBe('app_mentions:read,chat:write,im:history,commands');
      expect(consent.searchParams.get('redirect_uri')).toBe('https://gridrag.example.com/slack/oauth_redirect');
      const state = consent.searchParams.get('state') ?? '';
      const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0];
      expect(cookie).toBe(`slack-app-oauth-state=${state}`);

      const redirect = `${running.url}/slack/oauth_redirect?code=code-1&state=${encodeURIComponent(state)}`;
      const forged = await fetch(redirect); // another browser: no state cookie
      expect(forged.status).toBe(400);
      expect(await forged.text()).toContain('was not installed');
      expect((await listSlackWorkspaces(app.db)).map((link) => link.teamId)).not.toContain('TINSTALLED');

      const done = await fetch(redirect, { headers: { cookie } });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('gridrag slack link --team TINSTALLED --tenant &lt;tenant&gt;');
      expect((await listSlackWorkspaces(app.db)).find((link) => link.teamId === 'TINSTALLED')).toMatchObject({ tenantId: null, hasBotToken: true });
      expect((await fetch(redirect, { headers: { cookie } })).status).toBe(400); // the code works once

      // Installed, not linked: told so with its own token, nothing read.
      const unlinked = await waitFor(inThread(await mention(events, 'TINSTALLED', VISITS)));
      expect(unlinked).toMatchObject({ token: INSTALLED_TOKEN, teamId: 'TINSTALLED' });
      expect(unlinked.text).toContain('gridrag slack link --team TINSTALLED');
      expect(text(unlinked)).not.toMatch(/Ghent|Utrecht/);
      // Linked (no --bot-token: the installed one is kept), it reads its tenant.
      await linkSlackWorkspace(app.db, { teamId: 'TINSTALLED', tenantId: 'globex', accessLevels: undefined }, { secretKey: SECRET_KEY });
      const answered = await waitFor(inThread(await mention(events, 'TINSTALLED', VISITS)));
      expect(answered.token).toBe(INSTALLED_TOKEN);
      expect(text(answered)).toMatch(/Ghent +8/);
      expect(logs.some((line) => line.includes('slack: installed in a workspace'))).toBe(true);
      await unlinkSlackWorkspace(app.db, 'TINSTALLED');
    }, 60_000);

    it('stores the tokens sealed, never lists or logs them, and keeps them from the reader role', async () => {
      const { rows } = await app.db.query<{ team_id: string; bot_token: string | null }>('select team_id, bot_token from slack_workspaces order by team_id');
      expect(rows.map((row) => [row.team_id, row.bot_token?.slice(0, 7) ?? null])).toEqual([['TACME', 'enc:v1:'], ['TDEFAULT', null], ['TGLOBEX', 'enc:v1:']]);
      expect(JSON.stringify(rows)).not.toContain('xoxb-');
      expect(await slackBotToken(app.db, 'TGLOBEX', SECRET_KEY)).toBe(GLOBEX_TOKEN);
      await expect(slackBotToken(app.db, 'TGLOBEX', undefined)).rejects.toMatchObject({ code: 'CONFIG' });
      await expect(slackBotToken(app.db, 'TGLOBEX', `${SECRET_KEY}x`)).rejects.toMatchObject({ code: 'CONFIG' });
      // A sealed token moved to another workspace's row does not open there.
      await app.db.query(`update slack_workspaces set bot_token = (select bot_token from slack_workspaces where team_id = 'TGLOBEX') where team_id = 'TDEFAULT'`);
      await expect(slackBotToken(app.db, 'TDEFAULT', SECRET_KEY)).rejects.toMatchObject({ code: 'CONFIG' });
      await app.db.query(`update slack_workspaces set bot_token = null where team_id = 'TDEFAULT'`);

      const listed = await listSlackWorkspaces(app.db);
      expect(listed.map((link) => [link.teamId, link.hasBotToken])).toEqual([['TACME', true], ['TDEFAULT', false], ['TGLOBEX', true]]);
      expect(JSON.stringify(listed)).not.toContain('xox');
      // Linking again without a token keeps the token; with a malformed one says so without echoing it.
      await linkSlackWorkspace(app.db, { teamId: 'TGLOBEX', tenantId: 'globex', accessLevels: ['all', 'sales'] }, { secretKey: SECRET_KEY });
      expect(await slackBotToken(app.db, 'TGLOBEX', SECRET_KEY)).toBe(GLOBEX_TOKEN);
      const refused = await linkSlackWorkspace(app.db, { teamId: 'TGLOBEX', tenantId: 'globex', accessLevels: undefined, botToken: 'xoxp-user-token-secret' }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'CONFIG' });
      expect(String((refused as Error).message)).not.toContain('secret');

      expect(logs.length).toBeGreaterThan(0);
      for (const token of [ACME_TOKEN, GLOBEX_TOKEN, INSTALLED_TOKEN, OAUTH.clientSecret]) expect(logs.filter((line) => line.includes(token))).toEqual([]);

      const report = await app.executor.verifyLockdown();
      expect(report.checks.find((check) => check.name.startsWith('Slack bot tokens'))).toMatchObject({ ok: true, detail: 'refused (42501)' });
    }, 60_000);

    it('apologises with UPSTREAM in the thread when the LLM is down, and logs it', async () => {
      const llm = createOpenAiCompatibleLlm({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, model: 'down', apiKey: 'k', maxRetries: 0 });
      const seen: Record<string, unknown>[] = [];
      const down = await listen((handler) =>
        mountSlack(handler, { app: { ...app, llm }, logger: pino({ level: 'info' }, { write: (line: string) => void seen.push(JSON.parse(line) as Record<string, unknown>) }), signingSecret: SECRET, secretKey: SECRET_KEY, apiUrl: slack.apiUrl }),
      );
      try {
        // A question the offline planner cannot map goes to the LLM, which cannot be reached.
        const ts = await mention(down.url, 'TACME', 'Why do customers in Utrecht complain so often, in your opinion?');
        const sorry = await waitFor(inThread(ts));
        expect(sorry.token).toBe(ACME_TOKEN);
        expect(sorry.text).toMatch(/^Sorry, I could not answer that right now \(error UPSTREAM\)/);
        expect(seen).toContainEqual(expect.objectContaining({ msg: 'slack: question failed', code: 'UPSTREAM', team: 'TACME', via: 'mention' }));
      } finally {
        await down.close();
      }
    }, 60_000);

    it('forgets the stored token when the app is uninstalled or its token revoked', async () => {
      const send = async (teamId: string, event: Record<string, unknown>) => {
        const body = JSON.stringify({ token: 'legacy', team_id: teamId, api_app_id: 'A1', type: 'event_callback', event_id: `EvGone${++tsCounter}`, event_time: Math.floor(Date.now() / 1000), event });
        expect((await fetch(events, { method: 'POST', headers: { 'content-type': 'application/json', ...sign(body) }, body })).status).toBe(200);
      };
      await storeSlackInstall(app.db, { teamId: 'TGONE', botToken: 'xoxb-gone-1234567890-abc' }, { secretKey: SECRET_KEY });
      const until = async (check: () => Promise<boolean>) => {
        for (const started = Date.now(); !(await check()); ) {
          if (Date.now() - started > 20_000) throw new Error('timed out waiting');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const stored = async (teamId: string) => (await listSlackWorkspaces(app.db)).find((link) => link.teamId === teamId);
      // Installed, never linked, then uninstalled: nothing of it is kept.
      await send('TGONE', { type: 'app_uninstalled' });
      await until(async () => (await stored('TGONE')) === undefined);
      // A linked workspace whose bot token is revoked keeps its link, without the token.
      expect(await stored('TGLOBEX')).toMatchObject({ hasBotToken: true });
      await send('TGLOBEX', { type: 'tokens_revoked', tokens: { bot: ['UBOT'] } });
      await until(async () => (await stored('TGLOBEX'))?.hasBotToken === false);
      expect(await stored('TGLOBEX')).toMatchObject({ tenantId: 'globex' });
      expect(await slackBotToken(app.db, 'TGLOBEX', SECRET_KEY)).toBeNull();
      expect(logs.filter((line) => line.includes('its stored bot token is forgotten'))).toHaveLength(2);
      // With no token left (and no SLACK_BOT_TOKEN) it is not answered.
      const before = slack.posted.length;
      await mention(events, 'TGLOBEX', VISITS);
      await waitFor(() => logs.find((line) => line.includes('workspace TGLOBEX has no bot token')));
      expect(slack.posted.length).toBe(before);
    }, 60_000);
  });

  describe(`the Slack app when the database is down, on ${adapter.name}`, () => {
    it('apologises with DB in the thread (with the workspace token last seen, or SLACK_BOT_TOKEN), and logs it', async () => {
      const test = await adapter.create();
      const slack = await startFakeSlack({ token: DEFAULT_TOKEN, teamId: 'TDEFAULT', workspaces: [{ token: ACME_TOKEN, teamId: 'TACME' }] });
      const seen: Record<string, unknown>[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => void seen.push(JSON.parse(line) as Record<string, unknown>) });
      const config = { ...loadConfig({}), DATABASE_URL: test.url, GRIDRAG_TENANT: 'acme' };
      const app = await openApp({ config, db: test.db, dataDir: null, llm: null });
      await ingestPaths(app, { paths: [path.join(REPO_ROOT, 'examples', 'orders.csv')] });
      await linkSlackWorkspace(app.db, { teamId: 'TACME', tenantId: 'acme', accessLevels: undefined, botToken: ACME_TOKEN });
      await linkSlackWorkspace(app.db, { teamId: 'TDEFAULT', tenantId: 'acme', accessLevels: undefined });
      const server = await listen((handler) => mountSlack(handler, { app, logger, signingSecret: SECRET, botToken: DEFAULT_TOKEN, apiUrl: slack.apiUrl }));
      const inThread = (ts: string) => () => slack.posted.find((message) => message.thread_ts === ts);
      try {
        const answered = await waitFor(inThread(await mention(server.url, 'TACME', 'total amount by country')));
        expect(answered.token).toBe(ACME_TOKEN);
        expect(answered.text).not.toMatch(/^Sorry/);

        await test.dispose(); // the database goes away under the running server

        const acme = await waitFor(inThread(await mention(server.url, 'TACME', 'total amount by country')));
        expect(acme.token).toBe(ACME_TOKEN);
        expect(acme.text).toMatch(/^Sorry, I could not answer that right now \(error DB\)/);
        const other = await waitFor(inThread(await mention(server.url, 'TDEFAULT', 'total amount by country')));
        expect(other.token).toBe(DEFAULT_TOKEN);
        expect(other.text).toMatch(/\(error DB\)/);
        expect(seen).toContainEqual(expect.objectContaining({ msg: 'slack: question failed', code: 'DB', team: 'TACME', via: 'mention' }));
        expect(seen).toContainEqual(expect.objectContaining({ msg: 'slack: could not record the event id; answering it', code: 'DB' }));
      } finally {
        await server.close();
        await slack.close();
        await app.close().catch(() => undefined);
      }
    }, 120_000);
  });
}

describe('Slack configuration', () => {
  it('refuses a short GRIDRAG_SECRET_KEY and a GRIDRAG_PUBLIC_URL that is no http(s) URL, without echoing them', () => {
    expect(() => loadConfig({ GRIDRAG_SECRET_KEY: 'short-key' })).toThrow(/GRIDRAG_SECRET_KEY: must be at least 32 characters/);
    expect(() => loadConfig({ GRIDRAG_SECRET_KEY: 'short-key' })).not.toThrow(/short-key/);
    expect(loadConfig({ GRIDRAG_SECRET_KEY: SECRET_KEY }).GRIDRAG_SECRET_KEY).toBe(SECRET_KEY);
    expect(() => loadConfig({ GRIDRAG_PUBLIC_URL: 'gridrag.example.com' })).toThrow(/GRIDRAG_PUBLIC_URL: must be an http\(s\) URL/);
    expect(loadConfig({ GRIDRAG_PUBLIC_URL: 'https://gridrag.example.com/base/' }).GRIDRAG_PUBLIC_URL).toBe('https://gridrag.example.com/base/');
    expect(loadConfig({ GRIDRAG_PUBLIC_URL: '' }).GRIDRAG_PUBLIC_URL).toBeUndefined();
  });
});

describe('slack/manifest.yml', () => {
  it('asks for the scopes, events, command and URLs the app serves', async () => {
    const manifest = parseYaml(await readFile(path.join(REPO_ROOT, 'slack', 'manifest.yml'), 'utf8')) as Record<string, any>;
    const base = 'https://gridrag.example.com';
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...SLACK_BOT_SCOPES].sort());
    expect(manifest.oauth_config.redirect_urls).toEqual([`${base}${SLACK_REDIRECT_PATH}`]);
    expect(manifest.settings.event_subscriptions.request_url).toBe(`${base}${SLACK_EVENTS_PATH}`);
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual(['app_mention', 'app_uninstalled', 'message.im', 'tokens_revoked']);
    expect(manifest.features.slash_commands).toEqual([expect.objectContaining({ command: '/gridrag', url: `${base}${SLACK_EVENTS_PATH}` })]);
    expect(manifest.features.app_home).toMatchObject({ messages_tab_enabled: true, messages_tab_read_only_enabled: false });
    expect(manifest.settings).toMatchObject({ socket_mode_enabled: false, token_rotation_enabled: false });
  });
});
