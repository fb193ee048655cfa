/**
 * Credentials taken out of any text before it is shown or logged: the password of a URL's
 * user (`postgres://app:s3cret@db/x` → `postgres://app:***@db/x`), secret query parameters
 * (`?api-key=…`, `key`, `token`, `access_token`, `sig` …), bearer tokens, OpenAI-style
 * keys and Slack tokens (`xoxb-…`). Used where errors are formatted (`AppError` messages, the CLI's error report) and
 * wherever a URL goes into a message (the LLM and embedding endpoints).
 * @module redact-secrets
 */

/** What stands in for a removed secret. */
export const REDACTED = '***';

/**
 * Query parameter names whose values are secrets (compared case-insensitively, `-` and `_`
 * alike). From the credentials the services gridrag talks to put in URLs: Azure OpenAI
 * (`api-key`), Google APIs (`key`, `access_token`), OAuth (`token`, `refresh_token`,
 * `id_token`, `client_secret`, `code`), signed URLs (Azure SAS `sig`, S3 `X-Amz-Signature`,
 * `X-Amz-Credential`, `X-Amz-Security-Token`, GCS `X-Goog-Signature`), and the generic ones.
 */
export const SECRET_PARAMETERS = [
  'api-key', 'apikey', 'key', 'token', 'access-token', 'refresh-token', 'id-token', 'auth', 'authorization',
  'client-secret', 'secret', 'password', 'passwd', 'pwd', 'code', 'sig', 'signature',
  'x-amz-signature', 'x-amz-credential', 'x-amz-security-token', 'x-goog-signature', 'x-goog-credential',
];

const SECRET_NAMES = new Set(SECRET_PARAMETERS);

/** `scheme://user:password@` — the password is everything up to the last `@` before the host. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:)([^\s/?#]*)@/gi;
/** `?name=value` or `&name=value`, also as `;name=value` in connection strings. */
const QUERY_PARAMETER = /([?&;])([^=&#\s?;]+)=([^&#\s;)"'<>]*)/g;
const BEARER = /\b(bearer\s+)[a-z0-9._~+/-]+=*/gi;
const OPENAI_KEY = /\bsk-(?:proj-)?[a-z0-9_-]{16,}/gi;
/** Slack tokens: bot `xoxb-`, user `xoxp-`, app-level `xapp-`, refresh `xoxe-`, rotating `xoxe.xoxb-`. */
const SLACK_TOKEN = /\b(?:xoxe\.)?(xox[abpres]|xapp)-[a-z0-9-]{6,}/gi;

/** The text with every credential in it replaced by `***`. */
export function redactSecrets(text: string): string {
  if (!text) return text;
  return text
    .replace(URL_PASSWORD, (_, head: string) => `${head}${REDACTED}@`)
    .replace(QUERY_PARAMETER, (whole, separator: string, name: string, value: string) =>
      value !== '' && SECRET_NAMES.has(name.toLowerCase().replace(/_/g, '-')) ? `${separator}${name}=${REDACTED}` : whole)
    .replace(BEARER, (_, head: string) => `${head}${REDACTED}`)
    .replace(OPENAI_KEY, `sk-${REDACTED}`)
    .replace(SLACK_TOKEN, (_, kind: string) => `${kind}-${REDACTED}`);
}
