import { describe, expect, it } from 'vitest';
import { joinSqlName, toSqlName, uniqueSqlNames } from './sql-names.js';

describe('SQL names', () => {
  it('folds display names into identifiers of at most 63 bytes', () => {
    expect(toSqlName('Net Revenue [EUR]')).toBe('net_revenue_eur');
    expect(toSqlName('2025-01')).toBe('c_2025_01');
    expect(toSqlName('x'.repeat(80))).toHaveLength(63);
  });

  it('joins parts within 63 bytes, shortening the longest part first', () => {
    expect(joinSqlName(['orders', 'all'])).toBe('orders_all');
    const stem = toSqlName('quarterly_financial_report_for_the_north_america_region_fy2024_final');
    const joined = joinSqlName([stem, 'south']);
    expect(joined.length).toBeLessThanOrEqual(63);
    expect(joined.endsWith('_south')).toBe(true);
    const three = joinSqlName([stem, toSqlName('Regional breakdown of revenue and costs'), 'all']);
    expect(three.length).toBeLessThanOrEqual(63);
    expect(three.endsWith('_all')).toBe(true);
    expect(three.startsWith('quarterly_fi')).toBe(true);
    // A long title is cut before a short file stem.
    expect(joinSqlName(['databaker_ott', 'table_1', toSqlName("1 Overseas residents' visits to the UK by month and area of residence")])).toMatch(/^databaker_ott_table_1_c_1_overseas_residents_visits/);
  });

  it('keeps names unique within 63 bytes', () => {
    const long = 'a'.repeat(63);
    const names = uniqueSqlNames(Array.from({ length: 12 }, () => long));
    expect(new Set(names).size).toBe(12);
    expect(names.every((name) => name.length <= 63)).toBe(true);
  });
});
