import { describe, expect, it } from 'vitest';
import { nameTables } from './table-names.js';

describe('nameTables', () => {
  it('names a CSV after its file and sheets after file and sheet', () => {
    expect(nameTables('orders.csv', [{ sheet: null, title: null }])).toEqual(['orders']);
    expect(nameTables('Feedback Tracker.xlsx', [{ sheet: 'Feedback', title: 'x' }, { sheet: 'Lookup', title: null }])).toEqual([
      'feedback_tracker_feedback',
      'feedback_tracker_lookup',
    ]);
  });

  it('adds the title when a sheet holds several tables', () => {
    expect(nameTables('media_plan.xlsx', [{ sheet: 'Plan', title: 'Q1 Media Plan' }, { sheet: 'Plan', title: null }])).toEqual([
      'media_plan_plan_q1_media_plan',
      'media_plan_plan_2',
    ]);
  });

  it('never gives a file the name of an internal table', () => {
    expect(nameTables('record_manager.csv', [{ sheet: null, title: null }])).toEqual(['data_record_manager']);
    expect(nameTables('pg_user.csv', [{ sheet: null, title: null }])).toEqual(['data_pg_user']);
    expect(nameTables('query_log.xlsx', [{ sheet: 'Log', title: null }])).toEqual(['data_query_log_log']);
  });

  it('keeps every name within 63 bytes, shortening the longest part so the sheets stay apart', () => {
    const file = 'quarterly_financial_report_for_the_north_america_region_fy2024_final.xlsx';
    const names = nameTables(file, [{ sheet: 'North', title: null }, { sheet: 'South', title: null }]);
    expect(names.every((name) => name.length <= 63)).toBe(true);
    expect(names[0]).toMatch(/^quarterly_financial_.*_north$/);
    expect(names[1]).toMatch(/^quarterly_financial_.*_south$/);
    const titled = nameTables(file, [
      { sheet: 'Regional breakdown of revenue', title: 'Revenue by quarter and product line' },
      { sheet: 'Regional breakdown of revenue', title: 'Costs by quarter and product line' },
    ]);
    expect(titled.every((name) => name.length <= 63)).toBe(true);
    expect(new Set(titled).size).toBe(2);
  });
});
