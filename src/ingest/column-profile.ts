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
  const profiler = new ColumnProfiler([card]);
  profiler.add(rows);
  return profiler.result()[card.sqlName];
}

/** Profiles columns over rows given a slice at a time (a streamed table's chunks): the same result as `profileColumns` over all of them. */
export class ColumnProfiler {
  private readonly states: { sqlName: string; distinct: Set<string | number | boolean>; nullCount: number; min: string | number | null; max: string | number | null }[];

  constructor(cards: Pick<ColumnCard, 'sqlName' | 'type'>[]) {
    this.states = cards.map((card) => ({ sqlName: card.sqlName, distinct: new Set(), nullCount: 0, min: null, max: null }));
  }

  /** Adds data rows (`row_data` objects keyed by sqlName; no aggregate or hidden rows). */
  add(rows: Record<string, StoredValue>[]): void {
    for (const state of this.states) {
      for (const row of rows) {
        const value = row[state.sqlName];
        if (value === null || value === undefined || value === '') {
          state.nullCount++;
          continue;
        }
        if (state.distinct.size <= DISTINCT_LIMIT) state.distinct.add(value);
        if (typeof value === 'boolean') continue;
        if (state.min === null || value < state.min) state.min = value;
        if (state.max === null || value > state.max) state.max = value;
      }
    }
  }

  /** `{ [sqlName]: profile }` over the rows added. */
  result(): Record<string, ColumnProfile> {
    const profiles: Record<string, ColumnProfile> = {};
    for (const { sqlName, distinct, nullCount, min, max } of this.states) {
      const profile: ColumnProfile = { distinctCount: distinct.size, nullCount, min, max };
      if (distinct.size < DISTINCT_LIMIT) profile.distinct = [...distinct].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      profiles[sqlName] = profile;
    }
    return profiles;
  }
}

/** Profiles every column; returns `{ [sqlName]: profile }`. */
export function profileColumns(cards: Pick<ColumnCard, 'sqlName' | 'type'>[], rows: Record<string, StoredValue>[]): Record<string, ColumnProfile> {
  const profiles: Record<string, ColumnProfile> = {};
  for (const card of cards) profiles[card.sqlName] = profileColumn(card, rows);
  return profiles;
}
