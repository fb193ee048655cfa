/**
 * The Slack app of `gridrag serve` (issue 13): @slack/bolt with its ExpressReceiver mounted on
 * the server's express app at `/slack/events`. Each request's v0 signature and timestamp
 * (more than 5 minutes off: refused) are checked first by `slack-signature.ts` (a refusal is
 * the server's JSON 401 `BAD_SIGNATURE`), then again by Bolt, which answers `url_verification`; events are
 * acknowledged at once, then answered in the thread. Slack's retries (`X-Slack-Retry-Num`)
 * carry the same `event_id` and are dropped (`rememberSlackEvent`), so a question is answered
 * once. Each workspace reads the tenant and levels of its `gridrag slack link`; an unlinked one
 * reads nothing. Bolt's `authorize` picks the bot token per workspace: the link's own token
 * (`slack link --bot-token`), else SLACK_BOT_TOKEN; the tenant is read for the same team id
 * the token was chosen for, so an answer never goes out with another workspace's token.
 *
 * Handles: `app_mention` (a channel), `message` in a DM (`message.im`), and `/gridrag`;
 * `app_uninstalled` and `tokens_revoked` forget the workspace's stored token.
 * @module slack/slack-app
 */
import { App as BoltApp, ExpressReceiver, LogLevel, webApi, type Logger as BoltLogger } from '@slack/bolt';
import type { Application } from 'express';
import type { Logger } from 'pino';
import { askQuestion, withTenant, type App } from '../app/index.js';
import { findSlackWorkspace, forgetSlackBotToken, rememberSlackEvent, slackBotToken } from '../app/slack-workspaces.js';
import { AppError, ConfigError } from '../errors.js';
import { redactSecrets } from '../redact-secrets.js';
import { describeSlackFailure, isUnreachable, summarizeSlackError, urlHostOnly } from './slack-errors.js';
import { answerMessage, failureMessage, unlinkedMessage, usageMessage, type SlackMessage } from './answer-blocks.js';
import { checkSlackSignature } from './slack-signature.js';

/** Where Slack sends events, interactions and slash commands. */
export const SLACK_EVENTS_PATH = '/slack/events';

export interface SlackOptions {
  app: App;
  logger: Logger;
  signingSecret: string;
  /** SLACK_BOT_TOKEN: the token of workspaces whose link holds none (one workspace: the only token). */
  botToken?: string;
  /** GRIDRAG_SECRET_KEY, to open the bot tokens links hold sealed. */
  secretKey?: string;
  /** Slack's Web API base URL, ending in `/`. @default https://slack.com/api/ */
  apiUrl?: string;
  /** GRIDRAG_PUBLIC_URL, for the link under each answer. */
  publicUrl?: string;
}

/** Bolt's logger interface over pino. */
function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'slack' });
  let level = LogLevel.INFO;
  // Bolt logs errors and objects it was handed (requests, Axios errors): only their summary, redacted.
  const text = (parts: unknown[]) =>
    urlHostOnly(redactSecrets(parts.map((part) => (typeof part === 'string' ? part : part instanceof Error ? summarizeSlackError(part).message : JSON.stringify(part) ?? String(part))).join(' ')));
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
    logger.error({ error: summarizeSlackError(error), team: input.teamId, via: input.via, code }, 'slack: question failed');
    return failureMessage(code);
  }
}

/** The bot token for one workspace, and the bot's ids (Bolt's ignoreSelf needs them); no token: none is known. */
interface Authorization {
  botToken?: string;
  botUserId?: string;
  botId?: string;
}

/** Longest wait for `auth.test` inside an event's authorize, in milliseconds: Slack wants an ack within 3 s. */
const IDENTITY_WAIT_MS = 1000;

/**
 * Bolt's `authorize`: the bot token of the workspace an event comes from. The link's own
 * token, else `options.botToken`. When the database cannot be read, the token last read for
 * that workspace in this process (else the default) still carries the apology. `auth.test`
 * runs once per token (cached) for the bot's ids, waited for at most IDENTITY_WAIT_MS: when
 * Slack cannot be reached (or is slow) the token goes on without the ids, so the request is
 * still acknowledged in time and a slash command still answers through its response_url. A
 * token Slack refuses is forgotten and logged; the result then holds no token (events cannot
 * be answered, a slash command still can). Never throws but for a sealed token it cannot open.
 * @throws ConfigError when the workspace's sealed token cannot be opened
 */
function createAuthorize(
  options: SlackOptions,
  client: webApi.WebClient,
  lastSeen: Map<string, string>,
): (source: { teamId?: string; enterpriseId?: string }) => Promise<Authorization> {
  const { app, logger } = options;
  const identities = new Map<string, Promise<{ botUserId?: string; botId?: string }>>();
  const identity = (token: string) => {
    let known = identities.get(token);
    if (!known) {
      known = client.auth.test({ token }).then((result) => ({ botUserId: result.user_id, botId: result.bot_id }));
      known.catch(() => identities.delete(token));
      identities.set(token, known);
    }
    return known;
  };
  return async (source: { teamId?: string; enterpriseId?: string }): Promise<Authorization> => {
    const teamId = source.teamId ?? source.enterpriseId;
    let token: string | null = null;
    if (teamId) {
      try {
        token = await slackBotToken(app.db, teamId, options.secretKey);
        if (token) lastSeen.set(teamId, token);
        else lastSeen.delete(teamId);
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        token = lastSeen.get(teamId) ?? null;
        logger.error({ error: summarizeSlackError(error), team: teamId, code: error instanceof AppError ? error.code : 'INTERNAL' }, 'slack: the workspace link could not be read; replying with the token last seen for it, else SLACK_BOT_TOKEN');
      }
    }
    token ??= options.botToken ?? null;
    if (!token) {
      // Events cannot be answered; a slash command still can, through its response_url.
      logger.warn({ team: teamId }, `slack: workspace ${teamId ?? 'unknown'} has no bot token: link it with gridrag slack link --team ${teamId ?? '<T…>'} --tenant <tenant> --bot-token -, install it through /slack/install, or set SLACK_BOT_TOKEN`);
      return {};
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), IDENTITY_WAIT_MS);
    });
    try {
      const found = await Promise.race([identity(token), late]);
      if (found === 'late') {
        logger.warn({ team: teamId }, `slack: auth.test did not answer within ${IDENTITY_WAIT_MS} ms for workspace ${teamId ?? 'unknown'}; going on without the bot's ids`);
        return { botToken: token };
      }
      return { botToken: token, ...found };
    } catch (error) {
      const summary = summarizeSlackError(error);
      if (isUnreachable(summary) || summary.slackError === undefined) {
        logger.error({ error: summary, team: teamId }, `slack: auth.test failed for workspace ${teamId ?? 'unknown'}: ${describeSlackFailure(summary)}; answering without the bot's ids`);
        return { botToken: token };
      }
      logger.error({ error: summary, team: teamId }, `slack: the bot token of Slack workspace ${teamId ?? 'unknown'} was refused by auth.test (${summary.slackError}); link it again with a new --bot-token`);
      return {};
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Mounts the Slack app on `handler` at `/slack/events`. Call before the server's final
 * error handler: a request whose signature is missing, stale or wrong reaches it as a
 * BAD_SIGNATURE error (401 with the JSON error body, `slack-signature.ts`). SLACK_BOT_TOKEN, when set, is checked with `auth.test` at start (a refusal is
 * logged); each workspace's token is checked at its first event.
 * @returns the Bolt app (tests, shutdown)
 */
export function mountSlack(handler: Application, options: SlackOptions): BoltApp {
  const { logger } = options;
  const log = boltLogger(logger);
  handler.post(SLACK_EVENTS_PATH, ...checkSlackSignature(options.signingSecret));
  const receiver = new ExpressReceiver({ signingSecret: options.signingSecret, endpoints: SLACK_EVENTS_PATH, app: handler, logger: log });
  const clientOptions = { slackApiUrl: (options.apiUrl ?? 'https://slack.com/api/').replace(/\/?$/, '/'), retryConfig: { retries: 2 }, logger: log };
  const client = new webApi.WebClient(undefined, clientOptions);
  /** The token last read per team id, for replies while the database is down. */
  const lastSeen = new Map<string, string>();
  const bolt = new BoltApp({ receiver, authorize: createAuthorize(options, client, lastSeen), logger: log, clientOptions });
  if (options.botToken) {
    client.auth.test({ token: options.botToken }).then(
      (result) => logger.info({ team: result.team_id, bot: result.user_id }, 'slack: bot token accepted'),
      (error: unknown) => {
        const summary = summarizeSlackError(error);
        if (isUnreachable(summary) || summary.slackError === undefined) {
          logger.error({ error: summary }, `slack: SLACK_BOT_TOKEN could not be checked: ${describeSlackFailure(summary)}; Slack questions are acknowledged, and answered once Slack can be reached`);
        } else {
          logger.error({ error: summary }, `slack: SLACK_BOT_TOKEN was refused by auth.test (${summary.slackError}); Slack questions will fail until it is fixed`);
        }
      },
    );
  }

  // A retry carries the event_id of the first delivery: answer once. When the database cannot
  // say, the event is answered (the apology names the error) rather than dropped unseen.
  bolt.use(async ({ body, next, context }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    let first = true;
    if (typeof eventId === 'string') {
      try {
        first = await rememberSlackEvent(options.app.db, eventId);
      } catch (error) {
        logger.error({ error: summarizeSlackError(error), eventId, code: error instanceof AppError ? error.code : 'INTERNAL' }, 'slack: could not record the event id; answering it');
      }
    }
    if (!first) {
      logger.info({ eventId, retry: context.retryNum, reason: context.retryReason }, 'slack: event already handled (a retry), dropped');
      return;
    }
    await next();
  });

  // The tenant is read for the team the token was chosen for (context.teamId: in a shared
  // channel, the installation's workspace), never for another.
  bolt.event('app_mention', async ({ event, client, body, context }) => {
    if (!context.botToken) return; // nothing could post the answer (logged by authorize)
    const reply = await replyTo(options, { teamId: context.teamId ?? context.enterpriseId ?? body.team_id ?? event.team, userId: event.user, question: questionOf(event.text), via: 'mention' });
    await client.chat.postMessage({ channel: event.channel, thread_ts: event.thread_ts ?? event.ts, text: reply.text, blocks: reply.blocks as never });
  });

  bolt.event('message', async ({ event, client, body, context }) => {
    const message = event as { channel_type?: string; subtype?: string; bot_id?: string; text?: string; user?: string; channel: string; ts: string; thread_ts?: string; team?: string };
    if (message.channel_type !== 'im' || message.subtype !== undefined || message.bot_id !== undefined || !context.botToken) return;
    const reply = await replyTo(options, { teamId: context.teamId ?? context.enterpriseId ?? body.team_id ?? message.team, userId: message.user, question: questionOf(message.text), via: 'dm' });
    await client.chat.postMessage({ channel: message.channel, thread_ts: message.thread_ts ?? message.ts, text: reply.text, blocks: reply.blocks as never });
  });

  bolt.command('/gridrag', async ({ command, ack, respond, context }) => {
    const question = questionOf(command.text);
    await ack(question ? { response_type: 'ephemeral', text: `:mag: Looking up: ${question}` } : undefined);
    const reply = await replyTo(options, { teamId: context.teamId ?? context.enterpriseId ?? command.team_id, userId: command.user_id, question, via: 'command' });
    await respond({ response_type: question ? 'in_channel' : 'ephemeral', replace_original: false, text: reply.text, blocks: reply.blocks as never });
  });

  // Uninstalled, or its bot token revoked: the stored token is forgotten (Bolt skips authorize for these).
  const forget = async (teamId: string | undefined, why: string) => {
    if (!teamId) return;
    lastSeen.delete(teamId);
    const forgotten = await forgetSlackBotToken(options.app.db, teamId);
    logger.info({ team: teamId, forgotten }, `slack: ${why}; its stored bot token is forgotten`);
  };
  bolt.event('app_uninstalled', async ({ body }) => forget(body.team_id, 'the app was uninstalled from a workspace'));
  bolt.event('tokens_revoked', async ({ event, body }) => {
    if ((event.tokens.bot ?? []).length > 0) await forget(body.team_id, "a workspace's bot token was revoked");
  });

  bolt.error(async (error) => {
    const summary = summarizeSlackError(error);
    logger.error({ error: summary }, `slack: handler failed: ${describeSlackFailure(summary)}`);
  });
  return bolt;
}
