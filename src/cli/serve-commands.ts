/**
 * `gridrag serve` (the HTTP API, with folder and Drive sync inside) and `gridrag keys
 * create|list|revoke` (API keys with a tenant and access levels), `gridrag slack
 * link|list|unlink` (which tenant each Slack workspace reads).
 * @module cli/serve-commands
 */
import type { Command } from 'commander';
import path from 'node:path';
import { pino } from 'pino';
import { safeLogOptions } from '../safe-log.js';
import { keyLevels } from '../app/access-levels.js';
import { createApiKey, listApiKeys, revokeApiKey, type CreatedApiKey } from '../app/api-keys.js';
import { openApp } from '../app/index.js';
import { linkSlackWorkspace, listSlackWorkspaces, unlinkSlackWorkspace, verifySlackBotToken, type SlackWorkspace } from '../app/slack-workspaces.js';
import { loadConfig } from '../config.js';
import { NotFoundError } from '../errors.js';
import { parseInterval, startServer } from '../server/index.js';
import { printJson, withApp } from './with-app.js';

function keyText(created: CreatedApiKey): string {
  return [
    `API key for tenant ${created.tenantId}${created.name ? ` (${created.name})` : ''}, access ${created.accessLevels ? created.accessLevels.join(',') : '* (every level)'}:`,
    `  ${created.key}`,
    `webhook secret (HMAC-SHA256 for /api/webhook/ask and callbacks):`,
    `  ${created.webhookSecret}`,
    `Shown once: only a hash of the key is stored. Revoke with: gridrag keys revoke ${created.prefix}`,
  ].join('\n');
}

/** The first line of stdin (`--bot-token -`), so a token need not be on the command line. */
async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0].trim();
}

export function registerServeCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (see /openapi.json); optionally keep a folder or Drive in step inside the server')
    .option('--port <port>', 'port to listen on (0: any free port) (default PORT or 8787)')
    .option('--host <host>', 'interface to listen on, 0.0.0.0 for every interface (default GRIDRAG_HOST or 127.0.0.1)')
    .option('--sync <folder>', 'watch this folder and keep the database in step (recycle-bin subfolder deletes)')
    .option('--drive', 'sync the Google Drive folder GOOGLE_DRIVE_FOLDER_ID on a schedule')
    .option('--every <interval>', 'Drive schedule, e.g. 30s, 5m, 1h', '5m')
    .option('--tenant <id>', 'tenant of --sync/--drive (default GRIDRAG_TENANT)')
    .action(async (options: { port?: string; host?: string; sync?: string; drive?: boolean; every: string; tenant?: string }) => {
      const config = loadConfig();
      if (options.tenant) config.GRIDRAG_TENANT = options.tenant;
      const everyMs = parseInterval(options.every);
      const logger = pino({ level: config.GRIDRAG_LOG_LEVEL, base: { service: 'gridrag' }, ...safeLogOptions() });
      const app = await openApp({ config });
      let running;
      try {
        if ((await listApiKeys(app.db)).length === 0) {
          const created = await createApiKey(app.db, { tenantId: app.tenantId, name: 'first key', accessLevels: undefined });
          process.stderr.write(`No API keys yet, so one was created.\n${keyText(created)}\n\n`);
        }
        running = await startServer({
          app,
          logger,
          port: options.port !== undefined ? Number(options.port) : config.PORT,
          host: options.host ?? config.GRIDRAG_HOST,
          syncFolder: options.sync ? path.resolve(options.sync) : undefined,
          drive: options.drive,
          everyMs,
        });
      } catch (error) {
        await app.close().catch(() => undefined);
        throw error;
      }
      process.stderr.write(`gridrag serve: listening on ${running.url} (${app.db.kind}${options.sync ? `, syncing ${options.sync}` : ''}${options.drive ? ', syncing Drive' : ''}); API description at ${running.url}/openapi.json${app.config.SLACK_SIGNING_SECRET ? `; Slack app at ${running.url}/slack/events` : ''}\n`);
      const server = running;
      await new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          process.stderr.write(`gridrag serve: ${signal}, shutting down\n`);
          server.close().then(resolve, (error) => {
            logger.error({ err: error }, 'shutdown failed');
            resolve();
          });
        };
        for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => stop(signal));
      });
    });

  const keys = program.command('keys').description('API keys of `gridrag serve`: each names a tenant and the access levels it may read');
  keys
    .command('create')
    .description('create a key (printed once; only its hash is stored)')
    .requiredOption('--tenant <id>', 'the tenant the key reads and writes')
    .option('--access <levels>', "access levels besides 'all', comma-separated (e.g. sales,controlling), or '*' for every level")
    .option('--name <name>', 'a name to recognise the key by')
    .option('--json', 'print as JSON')
    .action(async (options: { tenant: string; access?: string; name?: string; json?: boolean }) => {
      const accessLevels = keyLevels(options.access);
      const created = await withApp({}, (app) => createApiKey(app.db, { tenantId: options.tenant, name: options.name, accessLevels }));
      if (options.json) printJson(created);
      else process.stdout.write(`${keyText(created)}\n`);
    });
  keys
    .command('list')
    .description('list keys (never the keys themselves)')
    .option('--tenant <id>', 'only this tenant')
    .option('--json', 'print as JSON')
    .action(async (options: { tenant?: string; json?: boolean }) => {
      const list = await withApp({}, (app) => listApiKeys(app.db, { tenantId: options.tenant }));
      const rows = list.map(({ webhookSecret: _secret, ...rest }) => rest);
      if (options.json) {
        printJson(rows);
        return;
      }
      if (rows.length === 0) process.stdout.write('No API keys. Create one with: gridrag keys create --tenant <id>\n');
      for (const key of rows) {
        process.stdout.write(`${key.prefix}…  ${key.id}  tenant ${key.tenantId}  access ${key.accessLevels ? key.accessLevels.join(',') : '*'}  ${key.name ?? ''}  created ${key.createdAt}  last used ${key.lastUsedAt ?? "never"}${key.revokedAt ? `  REVOKED ${key.revokedAt}` : ''}\n`);
      }
    });
  keys
    .command('revoke')
    .description('revoke a key by its id or its shown prefix; it stops working at once')
    .argument('<id-or-prefix>')
    .option('--tenant <id>', 'revoke only a key of this tenant')
    .option('--json', 'print the revoked key as JSON')
    .action(async (idOrPrefix: string, options: { tenant?: string; json?: boolean }) => {
      const revoked = await withApp({}, async (app) => {
        if (options.tenant) {
          const own = await listApiKeys(app.db, { tenantId: options.tenant });
          if (!own.some((key) => !key.revokedAt && (key.id === idOrPrefix || key.prefix === idOrPrefix))) {
            throw new NotFoundError(`no active API key ${idOrPrefix} for tenant ${options.tenant}`);
          }
        }
        return revokeApiKey(app.db, idOrPrefix);
      });
      const { webhookSecret: _secret, ...shown } = revoked;
      if (options.json) printJson(shown);
      else process.stdout.write(`revoked ${revoked.prefix}… (tenant ${revoked.tenantId})\n`);
    });

  const slack = program.command('slack').description('the Slack app of `gridrag serve`: which tenant and access levels each Slack workspace reads');
  const linkText = (link: SlackWorkspace) =>
    `${link.teamId}  tenant ${link.tenantId ?? '(installed, not linked)'}  access ${link.accessLevels ? link.accessLevels.join(',') : '*'}  token ${link.hasBotToken ? 'own' : 'SLACK_BOT_TOKEN'}  linked ${link.createdAt}`;
  slack
    .command('link')
    .description('let a Slack workspace ask questions of a tenant (replaces its earlier link; an earlier --bot-token is kept unless a new one is given)')
    .requiredOption('--team <id>', 'the Slack workspace (team) id, e.g. T0123ABCD')
    .requiredOption('--tenant <id>', 'the tenant it reads')
    .option('--access <levels>', "access levels besides 'all', comma-separated, or '*' for every level")
    .option('--bot-token <token>', "this workspace's bot token (xoxb-…), for an app installed in several workspaces; '-' reads it from stdin. Stored in an owner-only table, encrypted when GRIDRAG_SECRET_KEY is set; never printed")
    .option('--no-verify', "store --bot-token without asking Slack's auth.test that it is live and of this workspace")
    .option('--json', 'print as JSON')
    .action(async (options: { team: string; tenant: string; access?: string; botToken?: string; verify: boolean; json?: boolean }) => {
      const accessLevels = keyLevels(options.access);
      const config = loadConfig();
      const botToken = options.botToken === '-' ? await readStdinLine() : options.botToken;
      if (botToken !== undefined && options.verify) await verifySlackBotToken({ token: botToken.trim(), teamId: options.team, apiUrl: config.SLACK_API_URL });
      const link = await withApp({}, (app) =>
        linkSlackWorkspace(app.db, { teamId: options.team, tenantId: options.tenant, accessLevels, botToken }, { secretKey: app.config.GRIDRAG_SECRET_KEY }),
      );
      if (options.json) printJson(link);
      else process.stdout.write(`linked Slack workspace ${linkText(link)}\n`);
    });
  slack
    .command('list')
    .description('list the linked Slack workspaces')
    .option('--tenant <id>', 'only workspaces of this tenant')
    .option('--json', 'print as JSON')
    .action(async (options: { tenant?: string; json?: boolean }) => {
      const links = (await withApp({}, (app) => listSlackWorkspaces(app.db))).filter((link) => !options.tenant || link.tenantId === options.tenant);
      if (options.json) {
        printJson(links);
        return;
      }
      if (links.length === 0) process.stdout.write('No Slack workspaces linked. Link one with: gridrag slack link --team <T…> --tenant <id>\n');
      for (const link of links) process.stdout.write(`${linkText(link)}\n`);
    });
  slack
    .command('unlink')
    .description('stop answering a Slack workspace (it reads nothing from then on)')
    .argument('<team>', 'the Slack workspace (team) id')
    .option('--tenant <id>', 'unlink only if it reads this tenant')
    .option('--json', 'print the removed link as JSON')
    .action(async (team: string, options: { tenant?: string; json?: boolean }) => {
      const removed = await withApp({}, async (app) => {
        if (options.tenant && !(await listSlackWorkspaces(app.db)).some((link) => link.teamId === team && link.tenantId === options.tenant)) {
          throw new NotFoundError(`Slack workspace ${team} is not linked to tenant ${options.tenant}`);
        }
        return unlinkSlackWorkspace(app.db, team);
      });
      if (options.json) printJson(removed);
      else process.stdout.write(`unlinked Slack workspace ${removed.teamId} (tenant ${removed.tenantId ?? 'none'})\n`);
    });
}
