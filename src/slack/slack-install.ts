/**
 * The Slack install flow (OAuth v2) of `gridrag serve`, so one app serves several workspaces
 * without copying tokens: `GET /slack/install` sends the browser to Slack's consent page (a
 * state cookie guards against CSRF), Slack returns to `GET /slack/oauth_redirect`, and the
 * workspace's bot token is stored (`storeSlackInstall`: owner-only table, sealed with
 * GRIDRAG_SECRET_KEY when set). The workspace then reads nothing until an administrator runs
 * `gridrag slack link --team T… --tenant …`: installing never chooses a tenant.
 * Uses @slack/oauth's InstallProvider (the one Bolt uses) with our own store.
 * @module slack/slack-install
 */
import { createHmac } from 'node:crypto';
import { InstallProvider, type Installation, type InstallationStore, type OrgInstallation } from '@slack/oauth';
import type { Application } from 'express';
import type { Logger } from 'pino';
import type { App } from '../app/index.js';
import { storeSlackInstall } from '../app/slack-workspaces.js';
import { AppError, NotFoundError } from '../errors.js';
import { escapeMrkdwn } from './answer-blocks.js';
import { summarizeSlackError } from './slack-errors.js';

/** Where the install starts, and where Slack sends the browser back (list it in the manifest's redirect_urls). */
export const SLACK_INSTALL_PATH = '/slack/install';
export const SLACK_REDIRECT_PATH = '/slack/oauth_redirect';
/** The bot scopes the app asks for (the same as slack/manifest.yml). */
export const SLACK_BOT_SCOPES = ['app_mentions:read', 'chat:write', 'im:history', 'commands'];

export interface SlackInstallOptions {
  app: App;
  logger: Logger;
  clientId: string;
  clientSecret: string;
  /** Signs the OAuth state; the state secret is derived from it. */
  signingSecret: string;
  secretKey?: string;
  /** Slack's Web API base URL. @default https://slack.com/api/ */
  apiUrl?: string;
  /** GRIDRAG_PUBLIC_URL: the redirect URI is `<publicUrl>/slack/oauth_redirect`; unset: the app's configured one. */
  publicUrl?: string;
  /** Slack's consent page. @default https://slack.com/oauth/v2/authorize */
  authorizationUrl?: string;
}

function page(title: string, body: string): string {
  const html = (text: string) => escapeMrkdwn(text).replace(/"/g, '&quot;');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${html(title)}</title></head><body><h1>${html(title)}</h1><p>${html(body)}</p></body></html>`;
}

/**
 * Mounts `GET /slack/install` and `GET /slack/oauth_redirect` on `handler`.
 * @returns the InstallProvider (tests)
 */
export function mountSlackInstall(handler: Application, options: SlackInstallOptions): InstallProvider {
  const { app, logger } = options;
  const store: InstallationStore = {
    async storeInstallation(installation: Installation | OrgInstallation) {
      const teamId = installation.isEnterpriseInstall ? installation.enterprise?.id : installation.team?.id;
      const botToken = installation.bot?.token;
      if (!teamId || !botToken) throw new NotFoundError('the Slack install returned no team or no bot token');
      await storeSlackInstall(app.db, { teamId, botToken }, { secretKey: options.secretKey });
      logger.info({ team: teamId, enterprise: installation.isEnterpriseInstall }, 'slack: installed in a workspace (not linked to a tenant until gridrag slack link)');
    },
    // Tokens are read by the Slack app's own authorize (app/slack-workspaces), never through here.
    async fetchInstallation() {
      throw new NotFoundError('installations are read through gridrag slack link');
    },
  };
  const installer = new InstallProvider({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stateSecret: createHmac('sha256', options.signingSecret).update('gridrag slack oauth state').digest('hex'),
    installationStore: store,
    directInstall: true,
    authorizationUrl: options.authorizationUrl,
    clientOptions: { slackApiUrl: (options.apiUrl ?? 'https://slack.com/api/').replace(/\/?$/, '/') },
    logger: { debug: () => undefined, info: () => undefined, warn: (...parts) => logger.warn(parts.map(String).join(' ')), error: (...parts) => logger.error(parts.map(String).join(' ')), setLevel: () => undefined, getLevel: () => 'info' as never, setName: () => undefined },
  });
  const installOptions = {
    scopes: SLACK_BOT_SCOPES,
    ...(options.publicUrl ? { redirectUri: `${options.publicUrl.replace(/\/+$/, '')}${SLACK_REDIRECT_PATH}` } : {}),
  };
  handler.get(SLACK_INSTALL_PATH, (request, response, next) => {
    installer.handleInstallPath(request, response, undefined, installOptions).catch(next);
  });
  handler.get(SLACK_REDIRECT_PATH, (request, response, next) => {
    installer
      .handleCallback(request, response, {
        success: (installation, _options, _request, res) => {
          const teamId = (installation.isEnterpriseInstall ? installation.enterprise?.id : installation.team?.id) ?? 'unknown';
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
            page('gridrag is installed', `gridrag is installed in Slack workspace ${teamId}. It answers there once an administrator links it to a tenant: gridrag slack link --team ${teamId} --tenant <tenant>`),
          );
        },
        failure: (error, _options, _request, res) => {
          const code = error instanceof AppError ? error.code : (error as { code?: string }).code ?? 'INTERNAL';
          logger.warn({ error: summarizeSlackError(error), code }, 'slack: an install failed');
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page('gridrag was not installed', `The install did not complete (${code}). Start again from ${SLACK_INSTALL_PATH}.`));
        },
      }, installOptions)
      .catch(next);
  });
  return installer;
}
