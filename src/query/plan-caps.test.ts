import { describe, expect, it } from 'vitest';
import { SqlRejectedError } from '../errors.js';
import { checkPlan, DEFAULT_PLAN_CAPS, planOf } from './plan-caps.js';

const scan = (rows: number, width = 8) => ({ 'Node Type': 'Function Scan', 'Function Name': 'generate_series', 'Plan Rows': rows, 'Plan Width': width, 'Total Cost': rows / 100 });

function refusal(plan: object): SqlRejectedError | undefined {
  try {
    checkPlan(plan, DEFAULT_PLAN_CAPS);
    return undefined;
  } catch (error) {
    return error as SqlRejectedError;
  }
}

describe('checkPlan', () => {
  it('admits a plan within every cap', () => {
    expect(refusal({ 'Node Type': 'Aggregate', 'Plan Rows': 1, 'Total Cost': 100, Output: ['count(*)'], Plans: [scan(10_000)] })).toBeUndefined();
  });

  it('refuses a step expected to produce too many rows, naming it and what to do', () => {
    const error = refusal({ 'Node Type': 'Aggregate', 'Plan Rows': 1, 'Total Cost': 1e6, Plans: [{ 'Node Type': 'Nested Loop', 'Plan Rows': 1e12, 'Total Cost': 1e6, Plans: [scan(1e4), scan(1e8)] }] });
    expect(error?.reason).toBe('TOO_BIG');
    expect(error?.message).toMatch(/\(a cross join\)\) would produce about 1\.0e12 rows; the limit is 1\.0e7\. Join on a key/);
  });

  it('refuses a plan that costs too much', () => {
    expect(refusal({ 'Node Type': 'Sort', 'Plan Rows': 10, 'Total Cost': 1e9, Plans: [scan(10)] })?.message).toMatch(/estimated cost is 1\.0e9/);
  });

  it('refuses an aggregate that would build one value from too many rows', () => {
    const plan = { 'Node Type': 'Aggregate', 'Plan Rows': 1, 'Total Cost': 100, Output: ['string_agg(x, \'\'::text)'], Plans: [scan(1e6, 32)] };
    expect(refusal(plan)?.message).toMatch(/string_agg, array_agg, jsonb_agg …\) would collect about 1\.0e6 values/);
    expect(refusal({ ...plan, Output: ['count(x)'] })).toBeUndefined();
  });
});

describe('planOf', () => {
  it('reads the plan from EXPLAIN rows, parsed or as text', () => {
    const plan = { 'Node Type': 'Result' };
    expect(planOf([{ 'QUERY PLAN': [{ Plan: plan }] }])).toEqual(plan);
    expect(planOf([{ 'QUERY PLAN': JSON.stringify([{ Plan: plan }]) }])).toEqual(plan);
    expect(planOf([])).toBeUndefined();
  });
});
