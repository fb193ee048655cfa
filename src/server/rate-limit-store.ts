/**
 * A store for express-rate-limit that counts in the database (`api_rate_limits`), so several
 * `gridrag serve` processes on one Postgres share each key's limit. Fixed windows by the
 * database's clock (one clock for every server); a window's row is upserted per request and
 * rows of windows before the previous one are deleted now and then. The embedded database has
 * one server process, which keeps the memory store.
 * @module server/rate-limit-store
 */
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Db } from '../db/index.js';

/** How often (in increments, about) old windows are deleted. */
const PRUNE_EVERY = 200;

/**
 * The database-backed store.
 * @param db the owner connection
 */
export class DbRateLimitStore implements Store {
  /** Keys are shared between processes. */
  readonly localKeys = false;
  readonly prefix = 'gridrag';
  private windowMs = 60_000;
  private sincePrune = 0;

  constructor(private readonly db: Db) {}

  /** Called by express-rate-limit with its options; reads `windowMs` (milliseconds). */
  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /** Adds one hit to `key` in the current window. @throws DbError when the database fails (the request then fails with 503) */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { rows } = await this.db.query<{ hits: number; window_index: string | number }>(
      `insert into api_rate_limits (key, window_index, hits)
       values ($1, floor(extract(epoch from clock_timestamp()) * 1000 / $2)::bigint, 1)
       on conflict (key, window_index) do update set hits = api_rate_limits.hits + 1
       returning hits, window_index`,
      [key, this.windowMs],
    );
    const window = Number(rows[0].window_index);
    if (++this.sincePrune >= PRUNE_EVERY) {
      this.sincePrune = 0;
      await this.db.query('delete from api_rate_limits where window_index < $1', [window - 1]);
    }
    return { totalHits: rows[0].hits, resetTime: new Date((window + 1) * this.windowMs) };
  }

  /** The hits of `key` in the current window, if any. */
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.query<{ hits: number; window_index: string | number }>(
      `select hits, window_index from api_rate_limits where key = $1 and window_index = floor(extract(epoch from clock_timestamp()) * 1000 / $2)::bigint`,
      [key, this.windowMs],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: new Date((Number(rows[0].window_index) + 1) * this.windowMs) } : undefined;
  }

  /** Takes back one hit of `key` in the current window (express-rate-limit's skip options). */
  async decrement(key: string): Promise<void> {
    await this.db.query(
      `update api_rate_limits set hits = greatest(hits - 1, 0) where key = $1 and window_index = floor(extract(epoch from clock_timestamp()) * 1000 / $2)::bigint`,
      [key, this.windowMs],
    );
  }

  /** Forgets every hit of `key`. */
  async resetKey(key: string): Promise<void> {
    await this.db.query('delete from api_rate_limits where key = $1', [key]);
  }
}
