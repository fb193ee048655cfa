/**
 * An in-process LRU of query results. Keys come from the statement's parse tree (so spacing,
 * comments and keyword case do not matter, literals do), the tenant, the row cap and the data
 * versions of the tables read: a re-ingest changes a version, so an old result is never served.
 * @module query/query-cache
 */
import { createHash } from 'node:crypto';
import type { GuardedSql } from './guard.js';
import type { QueryResult } from './run-capped.js';

/** The version of one table's data: the table id and the record it came from. */
export interface DataVersion {
  tableId: string;
  /** `record_manager.content_hash` of the record. */
  contentHash: string;
  /** `record_manager.version`. */
  version: number;
}

/** What a cached result depends on. */
export interface CacheKeyInput {
  /** The guarded statement (its parse tree is what is keyed). */
  sql: Pick<GuardedSql, 'parseTree'>;
  tenantId: string;
  /** Versions of every table the statement reads. */
  versions: DataVersion[];
  /** Row cap the result was read with. */
  rowCap?: number;
}

/** Keys that vary with spelling but not with meaning. */
const POSITION_KEYS = new Set(['location', 'stmt_location', 'stmt_len', 'list_start', 'list_end']);

function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value as Record<string, unknown>).sort()) {
    if (!POSITION_KEYS.has(key)) out[key] = withoutPositions((value as Record<string, unknown>)[key]);
  }
  return out;
}

/** A hex key for a statement, a tenant and the versions of the data it reads. */
export function cacheKey(input: CacheKeyInput): string {
  const versions = [...input.versions]
    .map((v) => [v.tableId.toLowerCase(), v.contentHash, v.version] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const material = JSON.stringify([withoutPositions(input.sql.parseTree), input.tenantId, versions, input.rowCap ?? null]);
  return createHash('sha256').update(material).digest('hex');
}

/** A bounded cache of results. */
export interface QueryCache {
  /** The result for `key` (a copy), marking it recently used; undefined when absent or expired. */
  get(key: string): QueryResult | undefined;
  /** Stores a copy of `value`, evicting the least recently used entry when full. */
  set(key: string, value: QueryResult): void;
  /** Drops every entry. */
  clear(): void;
  /** Entries held. */
  readonly size: number;
}

/**
 * Creates an LRU.
 * @param options.maxEntries most results kept, default 500
 * @param options.maxAgeMs entries older than this many milliseconds are not served; default: no limit
 */
export function createQueryCache(options: { maxEntries?: number; maxAgeMs?: number } = {}): QueryCache {
  const maxEntries = Math.max(1, Math.floor(options.maxEntries ?? 500));
  const entries = new Map<string, { value: QueryResult; storedAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (options.maxAgeMs !== undefined && Date.now() - entry.storedAt > options.maxAgeMs) return undefined;
      entries.set(key, entry);
      return structuredClone(entry.value);
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value: structuredClone(value), storedAt: Date.now() });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
