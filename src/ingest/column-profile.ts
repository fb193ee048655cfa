/**
 * Per-column statistics for the catalog: distinct values (when fewer than 200: enough to name the players, counties or films of a typical published table), min, max, nulls.
 * @module ingest/column-profile
 */
import type { ColumnCard, StoredValue } from '../tables/types.js';
import type { ColumnProfile } from '../store/catalog-types.js';

/** Columns with fewer distinct values than this list them in the catalog. */
export const DISTINCT_LIMIT = 200;

/**
 * Profiles one column over the given rows (pass data rows only: no aggregate or hidden rows).
 * @param rows `row_data` objects keyed by sqlName
 */
export function profileColumn(card: Pick<ColumnCard, 'sqlName' | 'type'>, rows: Record<string, StoredValue>[]): ColumnProfile {
  const distinct = new Set<string | number | boolean>();
  let nullCount = 0;
  let min: string | number | null = null;
  let max: string | number | null = null;
  for (const row of rows) {
    const value = row[card.sqlName];
    if (value === null || value === undefined || value === '') {
      nullCount++;
      continue;
    }
    if (distinct.size <= DISTINCT_LIMIT) distinct.add(value);
    if (typeof value === 'boolean') continue;
    if (min === null || value < min) min = value;
    if (max === null || value > max) max = value;
  }
  const profile: ColumnProfile = { distinctCount: distinct.size, nullCount, min, max };
  if (distinct.size < DISTINCT_LIMIT) {
    profile.distinct = [...distinct].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return profile;
}

/** Profiles every column; returns `{ [sqlName]: profile }`. */
export function profileColumns(cards: Pick<ColumnCard, 'sqlName' | 'type'>[], rows: Record<string, StoredValue>[]): Record<string, ColumnProfile> {
  const profiles: Record<string, ColumnProfile> = {};
  for (const card of cards) profiles[card.sqlName] = profileColumn(card, rows);
  return profiles;
}
