/**
 * The Slack app of `gridrag serve` (issue 13): @slack/bolt with its ExpressReceiver mounted on
 * the server's express app at `/slack/events`. Bolt checks each request's v0 signature and
 * its timestamp (older than 5 minutes: refused) and answers `url_verification`; events are
 * acknowledged at once, then answered in the thread. Slack's retries (`X-Slack-Retry-Num`)
 * carry the same `event_id` and are dropped (`rememberSlackEvent`), so a question is answered
 * once. Each workspace reads the tenant and levels of its `gridrag slack link`; an unlinked one
 * reads nothing.
 *
 * Handles: `app_mention` (a channel), `message` in a DM (`message.im`), and `/gridrag`.
 * @module slack/slack-app
 */
import { App as BoltApp, ExpressReceiver, LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Application } from 'express';
import type { Logger } from 'pino';
import { askQuestion, withTenant, type App } from '../app/index.js';
import { findSlackWorkspace, rememberSlackEvent } from '../app/slack-workspaces.js';
import { AppError } from '../errors.js';
import { answerMessage, failureMessage, unlinkedMessage, usageMessage, type SlackMessage } from './answer-blocks.js';

/** Where Slack sends events, interactions and slash commands. */
export const SLACK_EVENTS_PATH = '/slack/events';

export interface SlackOptions {
  app: App;
  logger: Logger;
  signingSecret: string;
  botToken: string;
  /** Slack's Web API base URL, ending in `/`. @default https://slack.com/api/ */
  apiUrl?: string;
  /** GRIDRAG_PUBLIC_URL, for the link under each answer. */
  publicUrl?: string;
}

/** Bolt's logger interface over pino. */
function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'slack' });
  let level = LogLevel.INFO;
  const text = (parts: unknown[]) => parts.map((part) => (typeof part === 'string' ? part : part instanceof Error ? part.message : JSON.stringify(part))).join(' ');
  return {
    debug: (...parts) => child.debug(text(parts)),
    info: (...parts) => child.info(text(parts)),
    warn: (...parts) => child.warn(text(parts)),
    error: (...parts) => child.error(text(parts)),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}

/** The text of a mention without the `<@U…>` mentions. */
export function questionOf(text: string | undefined): string {
  return (text ?? '').replace(/<@[A-Z0-9]+(\|[^>]*)?>/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The reply to one question from one workspace: the answer, the decline, the unlinked
 * message or the apology (the error logged with its code).
 */
export async function replyTo(options: SlackOptions, input: { teamId: string | undefined; userId: string | undefined; question: string; via: string }): Promise<SlackMessage> {
  const { app, logger } = options;
  if (input.question === '') return usageMessage();
  try {
    const link = input.teamId ? await findSlackWorkspace(app.db, input.teamId) : null;
    if (!link) {
      logger.warn({ team: input.teamId }, 'slack: question from an unlinked workspace');
      return unlinkedMessage(input.teamId ?? 'unknown');
    }
    const scoped: App = { ...withTenant(app, link.tenantId), accessLevels: link.accessLevels };
    const answer = await askQuestion(scoped, { question: input.question, userId: `slack:${link.teamId}:${input.userId ?? 'unknown'}`, sessionId: `slack-${input.via}` });
    logger.info({ team: link.teamId, tenant: link.tenantId, via: input.via, mode: answer.mode }, 'slack: answered');
    return answerMessage(answer, { publicUrl: options.publicUrl });
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'INTERNAL';
    logger.error({ err: error, team: input.teamId, via: input.via, code }, 'slack: question failed');
    return failureMessage(code);
  }
}

/**
 * Mounts the Slack app on `handler` at `/slack/events`. Call before the server's final
 * error handler. The bot token is checked with `auth.test` at start (a refusal is logged) and
 * again, by Bolt, at the first event, to learn the bot's user id.
 * @returns the Bolt app (tests, shutdown)
 */
export function mountSlack(handler: Application, options: SlackOptions): BoltApp {
  const { logger } = options;
  const log = boltLogger(logger);
  const receiver = new ExpressReceiver({ signingSecret: options.signingSecret, endpoints: SLACK_EVENTS_PATH, app: handler, logger: log });
  const bolt = new BoltApp({
    receiver,
    token: options.botToken,
    logger: log,
    clientOptions: { slackApiUrl: (options.apiUrl ?? 'https://slack.com/api/').replace(/\/?$/, '/'), retryConfig: { retries: 2 } },
    // Bolt's own start-up auth.test would reject unobserved (and stop the process) for a bad token:
    // it runs at the first event instead, and the check below only logs.
    tokenVerificationEnabled: false,
  });
  bolt.client.auth.test().then(
    (result) => logger.info({ team: result.team_id, bot: result.user_id }, 'slack: bot token accepted'),
    (error: unknown) => logger.error({ err: error }, 'slack: SLACK_BOT_TOKEN was refused by auth.test; Slack questions will fail until it is fixed'),
  );

  // A retry carries the event_id of the first delivery: answer once.
  bolt.use(async ({ body, next, context }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === 'string' && !(await rememberSlackEvent(options.app.db, eventId))) {
      logger.info({ eventId, retry: context.retryNum, reason: context.retryReason }, 'slack: event already handled (a retry), dropped');
      return;
    }
    await next();
  });

  bolt.event('app_mention', async ({ event, client, body }) => {
    const reply = await replyTo(options, { teamId: body.team_id ?? event.team, userId: event.user, question: questionOf(event.text), via: 'mention' });
    await client.chat.postMessage({ channel: event.channel, thread_ts: event.thread_ts ?? event.ts, text: reply.text, blocks: reply.blocks as never });
  });

  bolt.event('message', async ({ event, client, body }) => {
    const message = event as { channel_type?: string; subtype?: string; bot_id?: string; text?: string; user?: string; channel: string; ts: string; thread_ts?: string; team?: string };
    if (message.channel_type !== 'im' || message.subtype !== undefined || message.bot_id !== undefined) return;
    const reply = await replyTo(options, { teamId: body.team_id ?? message.team, userId: message.user, question: questionOf(message.text), via: 'dm' });
    await client.chat.postMessage({ channel: message.channel, thread_ts: message.thread_ts ?? message.ts, text: reply.text, blocks: reply.blocks as never });
  });

  bolt.command('/gridrag', async ({ command, ack, respond }) => {
    const question = questionOf(command.text);
    await ack(question ? { response_type: 'ephemeral', text: `:mag: Looking up: ${question}` } : undefined);
    const reply = await replyTo(options, { teamId: command.team_id, userId: command.user_id, question, via: 'command' });
    await respond({ response_type: question ? 'in_channel' : 'ephemeral', replace_original: false, text: reply.text, blocks: reply.blocks as never });
  });

  bolt.error(async (error) => {
    logger.error({ err: error }, 'slack: handler failed');
  });
  return bolt;
}
