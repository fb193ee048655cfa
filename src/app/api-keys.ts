/**
 * API keys for `gridrag serve`: each names a tenant and the access levels it holds. A key is
 * shown once when created; only its sha256 is stored. Each key also has a webhook secret
 * (HMAC-SHA256 for `/api/webhook/ask` and for callbacks), kept in the owner-only table.
 * @module app/api-keys
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { ConfigError, NotFoundError } from '../errors.js';

/** A key as the server uses it (never the key itself). */
export interface ApiKey {
  id: string;
  tenantId: string;
  name: string | null;
  /** Levels held (`all` included); undefined: every level. */
  accessLevels: string[] | undefined;
  /** The first characters of the key, to recognise it. */
  prefix: string;
  /** HMAC-SHA256 secret for webhook signatures. */
  webhookSecret: string;
  createdAt: string;
  /** When the key last authenticated a request, to the minute (`recordKeyUse`); null when never. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A newly created key: `key` and `webhookSecret` are shown this once. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/** Characters of a key shown in lists. */
const PREFIX_LENGTH = 12;
const KEY_PATTERN = /^grk_[A-Za-z0-9_-]{43}$/;

/** hex(sha256(key)): what is stored and looked up. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

interface KeyRow {
  id: string; tenant_id: string; name: string | null; access_levels: string[] | null; key_prefix: string;
  webhook_secret: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null;
}

function fromRow(row: KeyRow): ApiKey {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    accessLevels: row.access_levels ?? undefined,
    prefix: row.key_prefix,
    webhookSecret: row.webhook_secret,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  };
}

const COLUMNS = 'id, tenant_id, name, access_levels, key_prefix, webhook_secret, created_at, last_used_at, revoked_at';

/**
 * Creates a key: `grk_` and 32 random bytes (base64url), and a webhook secret `whs_…`.
 * @param input.accessLevels from `keyLevels` (undefined: every level)
 * @throws ConfigError for an empty tenant
 */
export async function createApiKey(db: Db, input: { tenantId: string; name?: string; accessLevels: string[] | undefined }): Promise<CreatedApiKey> {
  if (input.tenantId.trim() === '') throw new ConfigError('--tenant must not be empty');
  const key = `grk_${randomBytes(32).toString('base64url')}`;
  const webhookSecret = `whs_${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<KeyRow>(
    `insert into api_keys (tenant_id, name, access_levels, key_hash, key_prefix, webhook_secret)
     values ($1, $2, $3::text[], $4, $5, $6) returning ${COLUMNS}`,
    [input.tenantId, input.name ?? null, input.accessLevels ?? null, hashApiKey(key), key.slice(0, PREFIX_LENGTH), webhookSecret],
  );
  return { ...fromRow(rows[0]), key };
}

/** Keys, newest first, revoked ones included (without secrets: `webhookSecret` is blanked). */
export async function listApiKeys(db: Db, filter: { tenantId?: string } = {}): Promise<ApiKey[]> {
  const { rows } = await db.query<KeyRow>(
    `select ${COLUMNS} from api_keys where ($1::text is null or tenant_id = $1) order by created_at desc, id`,
    [filter.tenantId ?? null],
  );
  return rows.map((row) => ({ ...fromRow(row), webhookSecret: '' }));
}

/**
 * Revokes a key by its id or its shown prefix; it stops working at once.
 * @throws NotFoundError when no active key matches, ConfigError when a prefix matches several
 */
export async function revokeApiKey(db: Db, idOrPrefix: string): Promise<ApiKey> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix);
  const matches = (
    await db.query<KeyRow>(
      `select ${COLUMNS} from api_keys where revoked_at is null and ${isId ? 'id = $1::uuid' : 'key_prefix = $1'}`,
      [idOrPrefix],
    )
  ).rows;
  if (matches.length === 0) throw new NotFoundError(`no active API key ${idOrPrefix}`);
  if (matches.length > 1) throw new ConfigError(`${matches.length} keys start with ${idOrPrefix}: give the id`);
  const { rows } = await db.query<KeyRow>(`update api_keys set revoked_at = now() where id = $1 returning ${COLUMNS}`, [matches[0].id]);
  return { ...fromRow(rows[0]), webhookSecret: '' };
}

/** The active key for a presented key, or null (unknown, malformed or revoked). */
export async function findApiKey(db: Db, key: string): Promise<ApiKey | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const { rows } = await db.query<KeyRow>(`select ${COLUMNS} from api_keys where key_hash = $1 and revoked_at is null`, [hashApiKey(key)]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Least time between two writes of one key's `last_used_at`, in milliseconds. */
export const KEY_USE_INTERVAL_MS = 60_000;

/**
 * Records that keys authenticated requests, in `api_keys.last_used_at`, at most once per
 * `intervalMs` per key: the first use of a key in this process writes, later ones within the
 * interval do not touch the database. The update itself is also skipped when another process
 * wrote within the interval, so several servers on one database write no more often.
 * @param options.intervalMs @default KEY_USE_INTERVAL_MS
 * @param options.now the clock, in epoch milliseconds (tests)
 */
export function createKeyUseRecorder(db: Db, options: { intervalMs?: number; now?: () => number } = {}): (keyId: string) => Promise<void> {
  const intervalMs = options.intervalMs ?? KEY_USE_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const written = new Map<string, number>();
  return async (keyId) => {
    const at = now();
    const last = written.get(keyId);
    if (last !== undefined && at - last < intervalMs) return;
    written.set(keyId, at);
    if (written.size > 10_000) written.delete(written.keys().next().value as string);
    await db.query(
      `update api_keys set last_used_at = to_timestamp($2::double precision / 1000)
        where id = $1 and (last_used_at is null or last_used_at <= to_timestamp($2::double precision / 1000) - make_interval(secs => $3::double precision / 1000))`,
      [keyId, at, intervalMs],
    );
  };
}

/**
 * Remembers a webhook signature; false when it was seen before (a replay). Forgets signatures
 * older than `keepSeconds`.
 * @param keepSeconds how long a signature is remembered, at least the accepted age. @default 600
 */
export async function rememberSignature(db: Db, keyId: string, signature: string, keepSeconds = 600): Promise<boolean> {
  await db.query(`delete from webhook_signatures_seen where seen_at < now() - make_interval(secs => $1)`, [keepSeconds]);
  const { rowCount } = await db.query(
    `insert into webhook_signatures_seen (key_id, signature) values ($1, $2) on conflict do nothing`,
    [keyId, signature],
  );
  return rowCount === 1;
}
