/**
 * The express application of `gridrag serve`: request ids and logs, Bearer keys, a rate limit
 * per key, zod-validated bodies, the routes, and one error handler. Routes parse, call one
 * use case as the key (`scoped-use-cases.ts`) and answer; errors go to `http-status.ts`.
 * @module server/create-http-app
 */
import { randomUUID } from 'node:crypto';
import express, { type Application, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import multer from 'multer';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ZodType, z } from 'zod';
import { createKeyUseRecorder, findApiKey, rememberSignature, type ApiKey } from '../app/api-keys.js';
import { createHealthChecker, MAX_UPLOAD_FILES, type App } from '../app/index.js';
import { NotFoundError } from '../errors.js';
import type { LockdownReport } from '../query/executor.js';
import { checkCallbackTarget, parseAllowHosts } from './callback-target.js';
import { deliverCallback, type DeliveryOptions } from './deliver-callback.js';
import { mountSlack, mountSlackInstall, SLACK_EVENTS_PATH } from '../slack/index.js';
import { DbRateLimitStore } from './rate-limit-store.js';
import { errorHandler, errorResponse } from './http-status.js';
import { openApiDocument } from './openapi-document.js';
import { RequestError } from './request-errors.js';
import * as schemas from './schemas.js';
import { askAs, deleteFileAs, feedbackAs, filesAs, logAs, sqlAs, tableRowsAs, tablesAs, uploadAs } from './scoped-use-cases.js';
import { openApiRequest, openKey, openModeFor, webPageHandler } from './web-page.js';
import type { SyncRunner } from './sync-runner.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from './webhook-signature.js';
import { redactSecrets } from '../redact-secrets.js';

/** What the HTTP app needs. */
export interface HttpAppOptions {
  app: App;
  logger?: Logger;
  /** The folder/Drive syncs of this server (POST /api/sync). */
  sync?: SyncRunner;
  /** Requests per minute per key. @default GRIDRAG_RATE_LIMIT_PER_MINUTE */
  rateLimitPerMinute?: number;
  /** Largest uploaded file, in bytes. @default GRIDRAG_UPLOAD_MAX_MB */
  uploadMaxBytes?: number;
  /** Callback delivery of the webhook. */
  callbacks?: DeliveryOptions;
  /** False while starting or draining: /api/ready answers 503. */
  isReady?: () => boolean;
  /** Records a key's use (`api_keys.last_used_at`). @default createKeyUseRecorder(app.db): at most once a minute per key */
  recordKeyUse?: (keyId: string) => Promise<void>;
  /** Folder of the built web page. @default dist/web (see `web-page.ts`) */
  webDir?: string;
}

/** The app plus what shutdown must wait for. */
export interface HttpApp {
  handler: express.Express;
  /** Webhook callbacks still being delivered. */
  pendingCallbacks(): Promise<void>;
}

/** Most files per upload request (the use case's limit). */
const MAX_FILES = MAX_UPLOAD_FILES;
/** Largest JSON body, in bytes. */
const JSON_LIMIT = 256 * 1024;

function keyOf(response: Response): ApiKey {
  return response.locals.key as ApiKey;
}

function parse<S extends ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    throw new RequestError('INVALID_REQUEST', problems);
  }
  return parsed.data;
}

/** Wraps an async route so a rejection reaches the error handler (express 5 does this too; explicit for clarity). */
function route(fn: (request: Request, response: Response) => Promise<unknown>): RequestHandler {
  return (request, response, next) => {
    fn(request, response).catch(next);
  };
}

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { app } = options;
  const logger = options.logger ?? pino({ level: 'silent' });
  const uploadMaxBytes = options.uploadMaxBytes ?? Math.round(app.config.GRIDRAG_UPLOAD_MAX_MB * 1024 * 1024);
  const pending = new Set<Promise<unknown>>();
  let lockdown: Promise<LockdownReport> | undefined;
  const proveLockdown = () => {
    lockdown ??= app.executor.verifyLockdown().catch((error) => {
      lockdown = undefined;
      throw error;
    });
    return lockdown;
  };
  const health = createHealthChecker(app, proveLockdown);

  const handler = express();
  handler.disable('x-powered-by');
  handler.set('trust proxy', false);
  handler.use(
    pinoHttp({
      logger,
      genReqId: (request, response) => {
        const given = request.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', `req.headers["${SIGNATURE_HEADER}"]`], censor: '[redacted]' },
      // a credential in a request URL (`?key=…`, `?token=…`) is never logged
      serializers: { req: (request: { url?: string; query?: unknown }) => ({ ...request, url: request.url === undefined ? undefined : redactSecrets(request.url), query: undefined }) },
      customProps: (_request, response) => {
        const key = response.locals?.key as ApiKey | undefined;
        return key ? { tenant: key.tenantId, keyId: key.id } : {};
      },
      autoLogging: { ignore: (request) => request.url === '/api/ready' },
    }),
  );

  handler.get('/openapi.json', (_request, response) => {
    response.json(openApiDocument());
  });
  handler.get('/api/ready', (_request, response) => {
    const ready = options.isReady?.() ?? true;
    response.status(ready ? 200 : 503).json({ ready });
  });

  const recordKeyUse = options.recordKeyUse ?? createKeyUseRecorder(app.db);
  // What the web page needs before signing in: whether open mode applies to this browser.
  handler.get('/web-config.json', (request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.json({ open: openModeFor(app.config.GRIDRAG_WEB_OPEN, request) });
  });

  // Every other /api route needs a key (or, in open mode, the web page's header on a local request; never the webhook).
  const authenticate: RequestHandler = (request, response, next) => {
    const header = request.headers.authorization ?? '';
    if (header === '' && !request.path.startsWith('/webhook/') && openApiRequest(app.config.GRIDRAG_WEB_OPEN, request)) {
      response.locals.key = openKey(app.tenantId);
      next();
      return;
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      next(new RequestError('UNAUTHORIZED', 'send Authorization: Bearer <key> (create one with `gridrag keys create`)'));
      return;
    }
    findApiKey(app.db, match[1])
      .then(async (key) => {
        if (!key) throw new RequestError('UNAUTHORIZED', 'unknown or revoked API key');
        response.locals.key = key;
        // last_used_at, at most once a minute per key; a failed write never fails the request.
        await recordKeyUse(key.id).catch((error) => request.log.warn({ err: error }, 'could not record the API key use'));
        next();
      })
      .catch(next);
  };
  // On Postgres several servers may run at once: the count lives in the database.
  const limiter = rateLimit({
    ...(app.db.kind === 'pg' ? { store: new DbRateLimitStore(app.db) } : {}),
    windowMs: 60_000,
    limit: options.rateLimitPerMinute ?? app.config.GRIDRAG_RATE_LIMIT_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_request, response) => keyOf(response).id,
    handler: (_request, _response, next) => next(new RequestError('RATE_LIMITED', 'too many requests for this key; wait a minute', { retryable: true })),
  });
  handler.use('/api', authenticate, limiter);

  const jsonBody = express.json({ limit: JSON_LIMIT, type: () => true });

  handler.post('/api/ask', jsonBody, route(async (request, response) => {
    const body = parse(schemas.AskRequest, request.body);
    response.json(await askAs(app, keyOf(response), body.question));
  }));

  handler.get('/api/tables', route(async (_request, response) => {
    response.json(await tablesAs(app, keyOf(response)));
  }));

  handler.get('/api/tables/:name/rows', route(async (request, response) => {
    const query = parse(schemas.TableRowsQuery, request.query);
    response.json(await tableRowsAs(app, keyOf(response), String(request.params.name), query.limit));
  }));

  handler.post('/api/feedback', jsonBody, route(async (request, response) => {
    const body = parse(schemas.FeedbackRequest, request.body);
    response.json(await feedbackAs(app, keyOf(response), body));
  }));

  handler.post('/api/sql', jsonBody, route(async (request, response) => {
    const body = parse(schemas.SqlRequest, request.body);
    response.json(await sqlAs(app, keyOf(response), body.sql));
  }));

  handler.get('/api/log', route(async (request, response) => {
    const query = parse(schemas.LogQuery, request.query);
    response.json(await logAs(app, keyOf(response), query.limit));
  }));

  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: uploadMaxBytes, files: MAX_FILES, fields: MAX_FILES * 2, fieldSize: 4096 } }).array('files', MAX_FILES);
  const receiveFiles: RequestHandler = (request, response, next) => {
    upload(request, response, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new RequestError('PAYLOAD_TOO_LARGE', `${error.field ?? 'a file'}: larger than ${Math.round(uploadMaxBytes / 1024)} KiB (GRIDRAG_UPLOAD_MAX_MB); nothing of this request was stored`));
        if (error.code === 'LIMIT_FILE_COUNT') return next(new RequestError('PAYLOAD_TOO_LARGE', `at most ${MAX_FILES} files per request`));
        return next(new RequestError('INVALID_REQUEST', `upload: ${error.message}${error.field ? ` (${error.field})` : ''}; send the files as multipart field "files"`));
      }
      next(error);
    });
  };
  handler.post('/api/files', receiveFiles, route(async (request, response) => {
    const files = (request.files as Express.Multer.File[] | undefined) ?? [];
    if (files.length === 0) throw new RequestError('INVALID_REQUEST', 'no files: send multipart/form-data with one or more "files" fields');
    const paths = ([] as unknown[]).concat((request.body as { paths?: unknown } | undefined)?.paths ?? []).map(String);
    // Paths pair with files by position: any other count would give a path to the wrong file.
    if (paths.length > 0 && paths.length !== files.length) {
      throw new RequestError('INVALID_REQUEST', `${files.length} "files" but ${paths.length} "paths": send one "paths" field per file, in the same order (an empty one keeps a file's own name), or none; nothing of this request was stored`);
    }
    const uploads = files.map((file, index) => ({ name: Buffer.from(file.originalname, 'latin1').toString('utf8'), path: paths[index] || undefined, bytes: file.buffer }));
    response.json(await uploadAs(app, keyOf(response), uploads));
  }));

  handler.get('/api/files', route(async (_request, response) => {
    response.json(await filesAs(app, keyOf(response)));
  }));

  handler.delete('/api/files/:id', route(async (request, response) => {
    response.json(await deleteFileAs(app, keyOf(response), String(request.params.id)));
  }));

  handler.post('/api/sync', route(async (_request, response) => {
    const key = keyOf(response);
    if (key.tenantId !== app.tenantId || key.accessLevels !== undefined) {
      throw new RequestError('FORBIDDEN', `only a key of tenant ${app.tenantId} with every access level (--access '*') may run this server's sync`);
    }
    if (!options.sync?.configured) throw new RequestError('INVALID_REQUEST', 'this server syncs nothing: start it with --sync <folder> or --drive');
    response.json(await options.sync.runNow());
  }));

  handler.get('/api/health', route(async (_request, response) => {
    const report = await health.check();
    response.status(report.ok ? 200 : 503).json(report);
  }));

  handler.post('/api/webhook/ask', express.raw({ type: () => true, limit: JSON_LIMIT }), route(async (request, response) => {
    const key = keyOf(response);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = verifySignature(key.webhookSecret, { timestamp: request.header(TIMESTAMP_HEADER), signature: request.header(SIGNATURE_HEADER) }, raw);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new RequestError('INVALID_REQUEST', 'the body is not valid JSON');
    }
    const body = parse(schemas.WebhookAskRequest, json);
    if (!(await rememberSignature(app.db, key.id, signature))) throw new RequestError('REPLAYED', 'this signed request was received before');
    if (!body.callback_url) {
      response.json(await askAs(app, key, body.question, 'webhook'));
      return;
    }
    await checkCallbackTarget(body.callback_url, parseAllowHosts(app.config.GRIDRAG_CALLBACK_ALLOW_HOSTS));
    const id = randomUUID();
    response.status(202).json({ accepted: true, id });
    const log = request.log;
    const job = askAs(app, key, body.question, 'webhook')
      .then((answer) => ({ id, question: body.question, answer }))
      .catch((error) => {
        log.error({ err: error }, 'webhook question failed');
        return { id, question: body.question, error: errorResponse(error).body.error };
      })
      .then((payload) => deliverCallback(body.callback_url as string, payload, key.webhookSecret, options.callbacks))
      .then((result) => log[result.delivered ? 'info' : 'warn']({ callback: id, ...result }, result.delivered ? 'callback delivered' : 'callback not delivered'));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }));

  // The Slack app, when configured: Bolt checks Slack's own signatures (no API key). The bot
  // token is SLACK_BOT_TOKEN, or each workspace's own (`gridrag slack link --bot-token`).
  const { SLACK_SIGNING_SECRET: signingSecret, SLACK_BOT_TOKEN: botToken } = app.config;
  if (signingSecret) {
    mountSlack(handler, { app, logger, signingSecret, botToken, secretKey: app.config.GRIDRAG_SECRET_KEY, apiUrl: app.config.SLACK_API_URL, publicUrl: app.config.GRIDRAG_PUBLIC_URL });
    const { SLACK_CLIENT_ID: clientId, SLACK_CLIENT_SECRET: clientSecret } = app.config;
    if (clientId && clientSecret) {
      mountSlackInstall(handler, { app, logger, clientId, clientSecret, signingSecret, secretKey: app.config.GRIDRAG_SECRET_KEY, apiUrl: app.config.SLACK_API_URL, publicUrl: app.config.GRIDRAG_PUBLIC_URL });
    }
  } else {
    // Slack off: its path answers in the API's JSON error shape, saying why, not Express's HTML page.
    handler.use(SLACK_EVENTS_PATH, (_request: Request, _response: Response, next: NextFunction) => {
      next(new NotFoundError('Slack is not configured on this server: set SLACK_SIGNING_SECRET (and SLACK_BOT_TOKEN, or link workspaces) and restart gridrag serve'));
    });
  }

  handler.use(webPageHandler(options.webDir));

  handler.use('/api', (request: Request, response: Response, next: NextFunction) => {
    // A known path asked with the wrong method (GET /api/ask) is a 405 naming the methods it takes, not a 404.
    const allowed = allowedMethods(handler, request.originalUrl.split('?')[0]);
    if (allowed.length === 0) return next(new NotFoundError('no such endpoint; see /openapi.json'));
    response.setHeader('Allow', allowed.join(', '));
    next(new RequestError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${request.baseUrl}${request.path}; use ${allowed.join(' or ')} (see /openapi.json)`));
  });
  handler.use(errorHandler);

  return {
    handler,
    async pendingCallbacks() {
      await Promise.allSettled([...pending]);
    },
  };
}

/** The part of Express's router read to find the methods of a path (structural: `router` 2's layers). */
interface RouteLayer {
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): boolean;
}

/** The methods the app's routes take on `path` (upper-case, HEAD with GET), or none when no route matches it. */
function allowedMethods(handler: Application, path: string): string[] {
  const stack = (handler as unknown as { router?: { stack?: RouteLayer[] } }).router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !layer.match(path)) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
