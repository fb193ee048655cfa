/**
 * The Slack app inside the real `gridrag serve` app, through real HTTP on 127.0.0.1, against
 * a fake Slack Web API (test/helpers/fake-slack-server.ts) that Bolt's client is pointed at,
 * on every database adapter: signed events for a mention, a DM and a slash command; the
 * posted Block Kit carries the number, the sources and the thread ts. Bad signatures, old
 * timestamps, url_verification, retries, unlinked workspaces, declines and failures.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { startFakeSlack, type FakeSlack, type PostedMessage } from '../../test/helpers/fake-slack-server.js';
import { REPO_ROOT } from '../../test/helpers/shared-paths.js';
import { ingestPaths, openApp, type App } from '../app/index.js';
import { linkSlackWorkspace, listSlackWorkspaces, unlinkSlackWorkspace } from '../app/slack-workspaces.js';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server/start-server.js';
import { mountSlack } from './slack-app.js';
import express from 'express';

const SECRET = 'test-signing-secret-0123456789abcdef';
const TOKEN = 'xoxb-test-token';
const QUESTION = 'Which location had the most complaints in March 2025?';

function sign(body: string, timestamp = Math.floor(Date.now() / 1000), secret = SECRET) {
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
}

function eventBody(teamId: string, eventId: string, event: Record<string, unknown>) {
  return JSON.stringify({ token: 'legacy', team_id: teamId, api_app_id: 'A1', type: 'event_callback', event_id: eventId, event_time: Math.floor(Date.now() / 1000), event });
}

async function waitFor<T>(find: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting for a Slack post');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every text of a message's blocks, joined. */
function blockText(message: PostedMessage): string {
  return JSON.stringify(message.blocks);
}

for (const adapter of DB_ADAPTERS) {
  describe(`the Slack app on ${adapter.name}`, () => {
    let app: App;
    let running: RunningServer;
    let slack: FakeSlack;
    let dispose: () => Promise<void>;
    let events: string;
    let tsCounter = 0;
    const logs: Record<string, unknown>[] = [];

    const post = (body: string, headers: Record<string, string>, contentType = 'application/json') =>
      fetch(events, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
    const mention = (teamId: string, eventId: string, text: string, extra: Record<string, string> = {}) => {
      const ts = `1764500000.${String(++tsCounter).padStart(6, '0')}`;
      const body = eventBody(teamId, eventId, { type: 'app_mention', user: 'U1', text, ts, channel: 'C1', event_ts: ts });
      return { ts, send: () => post(body, { ...sign(body), ...extra }) };
    };
    const replyIn = (thread: string) => () => slack.posted.find((message) => message.thread_ts === thread);

    beforeAll(async () => {
      const test = await adapter.create();
      slack = await startFakeSlack({ token: TOKEN, teamId: 'TACME' });
      const config = {
        ...loadConfig({}),
        DATABASE_URL: test.url,
        GRIDRAG_TENANT: 'acme',
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_API_URL: slack.apiUrl,
        GRIDRAG_PUBLIC_URL: 'https://gridrag.example.com/',
      };
      app = await openApp({ config, db: test.db, dataDir: null, llm: null });
      dispose = () => test.dispose().catch(() => undefined);
      const ingested = await ingestPaths(app, { paths: [path.join(REPO_ROOT, 'examples')] });
      expect(ingested.failed).toBe(0);
      expect(ingested.glossaryTerms).toBeGreaterThan(0);
      await linkSlackWorkspace(app.db, { teamId: 'TACME', tenantId: 'acme', accessLevels: undefined });
      await linkSlackWorkspace(app.db, { teamId: 'TGLOBEX', tenantId: 'globex', accessLevels: ['all'] });
      const logger = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
      running = await startServer({ app, logger, port: 0, rateLimitPerMinute: 10_000 });
      events = `${running.url}/slack/events`;
    }, 120_000);

    afterAll(async () => {
      await running?.close();
      await slack?.close();
      await dispose?.();
    });

    it('answers url_verification, and refuses a bad signature and an old timestamp', async () => {
      const challenge = JSON.stringify({ token: 'legacy', challenge: 'abc123', type: 'url_verification' });
      const ok = await post(challenge, sign(challenge));
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('abc123');

      const { ts } = mention('TACME', 'EvBad1', `<@UBOT> ${QUESTION}`);
      const body = eventBody('TACME', 'EvBad1', { type: 'app_mention', user: 'U1', text: `<@UBOT> ${QUESTION}`, ts, channel: 'C1' });
      // Each refusal is a 401 in the API's JSON error shape, its message saying why.
      const refusal = async (response: Response, reason: string) => {
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const refused = (await response.json()) as { error: { code: string; message: string } };
        expect(refused).toEqual({ error: { code: 'BAD_SIGNATURE', message: expect.stringMatching(new RegExp(`^${reason}: `)) } });
        expect(refused.error.message).not.toContain(SECRET);
      };
      await refusal(await post(body, sign(body, undefined, 'not-the-secret')), 'signature mismatch');
      await refusal(await post(body, { ...sign(body), 'x-slack-signature': 'v0=deadbeef' }), 'signature mismatch');
      await refusal(await post(`${body} `, sign(body)), 'signature mismatch'); // the body changed after signing
      await refusal(await post(body, sign(body, Math.floor(Date.now() / 1000) - 10 * 60)), 'stale timestamp');
      await refusal(await post(body, sign(body, Math.floor(Date.now() / 1000) + 10 * 60)), 'stale timestamp');
      await refusal(await post(challenge, {}), 'missing signature');
      await refusal(await post(challenge, { 'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)) }), 'missing signature');
      // A form body (slash commands) is checked over its raw bytes too.
      const form = new URLSearchParams({ team_id: 'TACME', command: '/gridrag', text: QUESTION }).toString();
      await refusal(await post(form, sign(`${form}&x=1`), 'application/x-www-form-urlencoded'), 'signature mismatch');
      // The ask of a refused request never runs: nothing is posted in its thread.
      const marker = mention('TACME', 'EvAfterBad', `<@UBOT> ${QUESTION}`);
      expect((await marker.send()).status).toBe(200);
      await waitFor(replyIn(marker.ts));
      expect(slack.posted.filter((message) => message.thread_ts === ts)).toEqual([]);
    }, 60_000);

    it('answers a mention in its thread with the number, the table, the sources, the SQL and the link', async () => {
      const asked = mention('TACME', 'EvMention1', `<@UBOT> ${QUESTION}`);
      const started = Date.now();
      const response = await asked.send();
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000); // acknowledged before the answer
      const reply = await waitFor(replyIn(asked.ts));
      expect(reply.method).toBe('chat.postMessage');
      expect(reply.channel).toBe('C1');
      const text = blockText(reply);
      expect(reply.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn', text: expect.stringMatching(/^\*Utrecht \(10\)\*/) } });
      expect(text).toContain('Amsterdam'); // the grouped table
      expect(text).toMatch(/Amsterdam +9/);
      expect(text).toContain('feedback_tracker.xlsx › Feedback › A3:E243 (unverifiable)');
      expect(text).toContain('SELECT');
      // The web page reopens the question from ?q= (GRIDRAG_PUBLIC_URL has a trailing slash here).
      expect(text).toContain(`<https://gridrag.example.com/?q=${encodeURIComponent(QUESTION)}|Open in gridrag (chart and rows)>`);
      expect(encodeURIComponent(QUESTION)).toBe('Which%20location%20had%20the%20most%20complaints%20in%20March%202025%3F');
      expect(reply.text).toContain('Utrecht (10)');
      expect(slack.calls).toContain('auth.test');
    }, 60_000);

    it('answers a retry of an event once', async () => {
      const asked = mention('TACME', 'EvRetry1', `<@UBOT> ${QUESTION}`);
      expect((await asked.send()).status).toBe(200);
      await waitFor(replyIn(asked.ts));
      const retried = await asked.send(); // the same event again, as Slack sends a retry
      expect(retried.status).toBe(200);
      const again = await post(eventBody('TACME', 'EvRetry1', { type: 'app_mention', user: 'U1', text: `<@UBOT> ${QUESTION}`, ts: asked.ts, channel: 'C1' }), {});
      expect(again.status).toBe(401);
      const body = eventBody('TACME', 'EvRetry1', { type: 'app_mention', user: 'U1', text: `<@UBOT> ${QUESTION}`, ts: asked.ts, channel: 'C1' });
      expect((await post(body, { ...sign(body), 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' })).status).toBe(200);
      // A later event is answered, and the retries were not.
      const marker = mention('TACME', 'EvRetryMarker', `<@UBOT> ${QUESTION}`);
      await marker.send();
      await waitFor(replyIn(marker.ts));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(slack.posted.filter((message) => message.thread_ts === asked.ts)).toHaveLength(1);
    }, 60_000);

    it('answers a direct message in its thread, and ignores its own messages', async () => {
      const ts = '1764510000.000001';
      const body = eventBody('TACME', 'EvDm1', { type: 'message', channel_type: 'im', channel: 'D1', user: 'U2', text: 'complaints by location', ts });
      expect((await post(body, sign(body))).status).toBe(200);
      const reply = await waitFor(replyIn(ts));
      expect(reply.channel).toBe('D1');
      const text = blockText(reply);
      expect(text).toMatch(/Utrecht +27/);
      expect(text).toMatch(/Amsterdam +21/);
      expect(text).toContain('feedback_tracker.xlsx › Feedback › A3:E243 (unverifiable)');
      const own = eventBody('TACME', 'EvDmOwn', { type: 'message', channel_type: 'im', channel: 'D1', user: 'UBOT', bot_id: 'BBOT', text: 'complaints by location', ts: '1764510000.000002' });
      expect((await post(own, sign(own))).status).toBe(200);
      const marker = mention('TACME', 'EvDmMarker', `<@UBOT> ${QUESTION}`);
      await marker.send();
      await waitFor(replyIn(marker.ts));
      expect(slack.posted.filter((message) => message.thread_ts === '1764510000.000002')).toEqual([]);
    }, 60_000);

    it('answers /gridrag through its response_url', async () => {
      const form = new URLSearchParams({
        token: 'legacy', team_id: 'TACME', team_domain: 'acme', channel_id: 'C1', channel_name: 'general', user_id: 'U1', user_name: 'ada',
        command: '/gridrag', text: QUESTION, api_app_id: 'A1', response_url: slack.responseUrl('cmd1'), trigger_id: '1.2.3',
      }).toString();
      const response = await post(form, sign(form), 'application/x-www-form-urlencoded');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Looking up');
      const reply = await waitFor(() => slack.posted.find((message) => message.method === 'response_url'));
      expect(reply.response_type).toBe('in_channel');
      expect(reply.blocks[0]).toMatchObject({ text: { text: expect.stringMatching(/^\*Utrecht \(10\)\*/) } });
      expect(blockText(reply)).toContain('feedback_tracker.xlsx › Feedback › A3:E243 (unverifiable)');
    }, 60_000);

    it('tells an unlinked workspace so and gives it nothing; another tenant gets its honest decline', async () => {
      const stranger = mention('TSTRANGER', 'EvStranger1', `<@UBOT> ${QUESTION}`);
      await stranger.send();
      const refused = await waitFor(replyIn(stranger.ts));
      expect(refused.text).toContain('not linked');
      expect(refused.text).toContain('gridrag slack link --team TSTRANGER');
      expect(logs).toContainEqual(expect.objectContaining({ msg: 'slack: question from an unlinked workspace', team: 'TSTRANGER' }));
      expect(blockText(refused)).not.toMatch(/Utrecht|feedback_tracker/);

      const globex = mention('TGLOBEX', 'EvGlobex1', `<@UBOT> ${QUESTION}`);
      await globex.send();
      const declined = await waitFor(replyIn(globex.ts));
      expect(declined.text).toMatch(/^I cannot answer that from the data/);
      expect(blockText(declined)).not.toMatch(/Utrecht|feedback_tracker|\(10\)/);
    }, 60_000);

    it('logs a bot token Slack refuses, and keeps running', async () => {
      const seen: Record<string, unknown>[] = [];
      const logger = pino({ level: 'error' }, { write: (line: string) => void seen.push(JSON.parse(line) as Record<string, unknown>) });
      mountSlack(express(), { app, logger, signingSecret: SECRET, botToken: 'xoxb-wrong', apiUrl: slack.apiUrl.replace(/\/$/, '') });
      await waitFor(() => seen.find((entry) => String(entry.msg).startsWith('slack: SLACK_BOT_TOKEN was refused')));
    }, 30_000);

    it('apologises with the error code when answering fails, and links, lists and unlinks workspaces', async () => {
      expect((await listSlackWorkspaces(app.db)).map((link) => [link.teamId, link.tenantId])).toEqual([['TACME', 'acme'], ['TGLOBEX', 'globex']]);
      await linkSlackWorkspace(app.db, { teamId: 'TGLOBEX', tenantId: 'acme', accessLevels: ['all', 'sales'] });
      expect((await listSlackWorkspaces(app.db)).find((link) => link.teamId === 'TGLOBEX')).toMatchObject({ tenantId: 'acme', accessLevels: ['all', 'sales'] });
      await unlinkSlackWorkspace(app.db, 'TGLOBEX');
      await expect(unlinkSlackWorkspace(app.db, 'TGLOBEX')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(linkSlackWorkspace(app.db, { teamId: 'not a team', tenantId: 'acme', accessLevels: undefined })).rejects.toMatchObject({ code: 'CONFIG' });

      // A question over 2000 characters fails validation inside the use case: the apology names the code.
      const long = mention('TACME', 'EvLong1', `<@UBOT> ${'why '.repeat(600)}`);
      await long.send();
      const sorry = await waitFor(replyIn(long.ts));
      expect(sorry.text).toMatch(/^Sorry, I could not answer that right now \(error INVALID_REQUEST\)/);
      expect(logs).toContainEqual(expect.objectContaining({ msg: 'slack: question failed', code: 'INVALID_REQUEST', team: 'TACME', via: 'mention' }));
    }, 60_000);
  });
}
