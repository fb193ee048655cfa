/**
 * Configuration from the environment (and `.env` through dotenv), validated with zod.
 * Every variable is documented in `.env.example`.
 * @module config
 */
import { z } from 'zod';
import { ConfigError } from './errors.js';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** True for a URL with a user name or password before its host (`https://user:pass@host/v1`). */
function hasUrlCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

const ConfigSchema = z.object({
  /** Folder of the embedded database; unset: the nearest `.gridrag` at or above the working directory (see app/find-data-dir). */
  GRIDRAG_DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  /** Login URL of the read-only query role; derived from DATABASE_URL when unset. */
  GRIDRAG_READER_URL: optionalText,
  /** OpenAI-compatible endpoint; a user name or password in it is refused (HTTP clients refuse such URLs): the key goes in LLM_API_KEY. */
  LLM_BASE_URL: optionalText.refine((value) => value === undefined || !hasUrlCredentials(value), {
    message: 'holds a user name or password (user:password@host), which HTTP clients refuse in a URL; put the key in LLM_API_KEY and remove it from the URL',
  }),
  LLM_API_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Embedding model at the LLM endpoint; `offline` for the built-in hashing embedder. Default `text-embedding-3-small`. */
  EMBEDDING_MODEL: optionalText,
  /** Text search configuration of document passages (english, german, simple …). */
  GRIDRAG_TEXT_SEARCH_LANGUAGE: z.preprocess(blankToUndefined, z.string().regex(/^[a-z_]+$/).default('english')),
  /** Lowest cosine similarity a passage needs to be cited; default per embedder (lexical 0.2, semantic 0.3). */
  GRIDRAG_SIMILARITY_FLOOR: z.preprocess(blankToUndefined, z.coerce.number().min(-1).max(1).optional()),
  GRIDRAG_TENANT: z.string().min(1).default('default'),
  /** Wall time one query may run, in milliseconds; on the embedded database the engine is stopped and reopened. */
  GRIDRAG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  GRIDRAG_ROW_CAP: z.coerce.number().int().positive().default(200),
  /** Memory one query may use, in MB: `work_mem` slices, and on the embedded database the growth at which it is stopped. */
  GRIDRAG_QUERY_MEMORY_MB: z.coerce.number().int().positive().default(256),
  /** Most bytes of result rows one query returns (JSON text, about). */
  GRIDRAG_RESULT_MAX_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Most rows the planner may expect from any step of a query; bigger plans are refused before they run. */
  GRIDRAG_PLAN_MAX_ROWS: z.coerce.number().int().positive().default(10_000_000),
  /** Largest planner cost estimate of a query; costlier plans are refused before they run. */
  GRIDRAG_PLAN_MAX_COST: z.coerce.number().positive().default(5_000_000),
  /** How long a command waits for another process to release the embedded database folder, in milliseconds. */
  GRIDRAG_LOCK_WAIT_MS: z.coerce.number().int().nonnegative().default(15_000),
  /** Read limits per file (see extract/read-limits): inflated size of one xlsx part (MiB), shared strings text (Mi characters), one cell (characters). */
  GRIDRAG_MAX_PART_MB: z.coerce.number().positive().default(1024),
  GRIDRAG_MAX_SHARED_STRINGS_MB: z.coerce.number().positive().default(128),
  GRIDRAG_MAX_CELL_CHARS: z.coerce.number().int().positive().default(1_048_576),
  /** Sheets with more rows are held compactly and their tables read in chunks, the body streamed to the database (bounded memory). */
  GRIDRAG_STREAM_ROWS: z.coerce.number().int().positive().default(50_000),
  GOOGLE_APPLICATION_CREDENTIALS: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_REFRESH_TOKEN: optionalText,
  GOOGLE_DRIVE_FOLDER_ID: optionalText,
  GOOGLE_DRIVE_RECYCLE_BIN_FOLDER_ID: optionalText,
  GOOGLE_DRIVE_ROOT_URL: optionalText,
  /** Folder-to-level map for records, e.g. `finance/**=controlling; sales/**=sales` (first match wins; default level `all`). */
  GRIDRAG_ACCESS_LEVELS: optionalText,
  PORT: z.coerce.number().int().min(0).default(8787),
  /** Interface `gridrag serve` listens on; `0.0.0.0` for every interface. */
  GRIDRAG_HOST: z.string().default('127.0.0.1'),
  /** Requests per minute per API key (`gridrag serve`). */
  GRIDRAG_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Largest uploaded file, in megabytes (`POST /api/files`). */
  GRIDRAG_UPLOAD_MAX_MB: z.coerce.number().positive().default(25),
  /** pino log level of `gridrag serve`: fatal, error, warn, info, debug, trace, silent. */
  GRIDRAG_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Slack app (issue 13): the app's signing secret; with SLACK_BOT_TOKEN, `gridrag serve` answers at /slack/events. */
  SLACK_SIGNING_SECRET: optionalText,
  /** The bot token (`xoxb-…`) of the Slack app; workspaces linked with their own `--bot-token`, or installed through /slack/install, use theirs. */
  SLACK_BOT_TOKEN: optionalText,
  /** With SLACK_CLIENT_SECRET (Basic Information → App Credentials): the install flow at /slack/install stores each workspace's token. */
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalText,
  /** Base URL of Slack's Web API, ending in `/` (tests point it at a fake). Default `https://slack.com/api/`. */
  SLACK_API_URL: optionalText,
  /**
   * Key that encrypts stored secrets at rest (the Slack bot tokens of `gridrag slack link --bot-token`),
   * AES-256-GCM with a key derived by HKDF-SHA256; at least 32 characters (`openssl rand -hex 32`).
   * Unset: the tokens are stored as given, in an owner-only table.
   */
  GRIDRAG_SECRET_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters (e.g. openssl rand -hex 32)'),
  /** Public base URL of this server (http or https), for the "open in gridrag" link under Slack answers: `<url>/?q=<question>`. */
  GRIDRAG_PUBLIC_URL: optionalText.refine((value) => value === undefined || /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value), 'must be an http(s) URL, e.g. https://gridrag.example.com'),
  /**
   * `1`: the web page at `/` needs no API key when the browser runs on the server's own machine
   * (a loopback connection naming a loopback host); it then acts for GRIDRAG_TENANT with every level.
   */
  GRIDRAG_WEB_OPEN: z.enum(['0', '1', '']).default('').transform((value) => value === '1'),
  /** Hosts a webhook's callback_url may name although they are loopback or private (comma-separated); others must be public. */
  GRIDRAG_CALLBACK_ALLOW_HOSTS: optionalText,
  /** LibreOffice executable for legacy .xls/.ods (read by `extract/convert-legacy.ts`); default `soffice` on PATH. */
  GRIDRAG_SOFFICE: optionalText,
  /** Longest one .xls/.ods conversion may take, in milliseconds. */
  GRIDRAG_CONVERT_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
});

/** Validated configuration; fields keep the environment variables' names. */
export type Config = z.infer<typeof ConfigSchema>;

/**
 * Reads and validates configuration.
 * @param env variables to read, default `process.env`
 * @throws ConfigError naming each variable that is malformed
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** The API key for the LLM endpoint: `LLM_API_KEY`, else `OPENAI_API_KEY`. */
export function llmApiKey(config: Config): string | undefined {
  return config.LLM_API_KEY ?? config.OPENAI_API_KEY;
}

/** True when an LLM endpoint is configured (a key, or a base URL such as a local Ollama). */
export function llmConfigured(config: Config): boolean {
  return llmApiKey(config) !== undefined || config.LLM_BASE_URL !== undefined;
}

/** The read limits the configuration sets, in the units `ReadLimits` counts (bytes, characters). */
export function readLimitsOf(config: Config): { maxPartBytes: number; maxSharedStringChars: number; maxCellChars: number; streamRows: number } {
  return {
    maxPartBytes: Math.round(config.GRIDRAG_MAX_PART_MB * 1024 * 1024),
    maxSharedStringChars: Math.round(config.GRIDRAG_MAX_SHARED_STRINGS_MB * 1024 * 1024),
    maxCellChars: config.GRIDRAG_MAX_CELL_CHARS,
    streamRows: config.GRIDRAG_STREAM_ROWS,
  };
}
