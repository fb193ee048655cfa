/**
 * Refuses, before it runs, a statement whose plan is too big: the planner's own estimates
 * (`EXPLAIN (FORMAT JSON, VERBOSE)`, which plans without executing) against caps on the rows of
 * any step, the total cost, and the bytes a string/array/JSON aggregate would collect. The
 * refusal is written for the model: what was too big and what to do instead.
 * @module query/plan-caps
 */
import { SqlRejectedError } from '../errors.js';

/** Caps on a plan's estimates. */
export interface PlanCaps {
  /** Most rows any step of the plan may produce (a join, a scan, a generator). @default 10000000 */
  maxRows: number;
  /** Largest total cost, in the planner's units (about one sequential page read each). @default 5000000 */
  maxCost: number;
  /** Most bytes an aggregate that builds one value (`string_agg`, `array_agg`, `jsonb_agg` …) may collect. @default 67108864 */
  maxBuiltBytes: number;
  /**
   * Most rows such an aggregate may collect. The planner does not know how wide each value is
   * (`string_agg(lpad('', 1000, 'x'), '')` counts as 32 bytes), so rows are capped too. @default 100000
   */
  maxBuiltRows: number;
}

export const DEFAULT_PLAN_CAPS: PlanCaps = { maxRows: 10_000_000, maxCost: 5_000_000, maxBuiltBytes: 64 * 2 ** 20, maxBuiltRows: 100_000 };

/** Aggregates whose one result grows with their input. */
const BUILDER_AGGREGATES = /\b(string_agg|array_agg|json_agg|jsonb_agg|json_object_agg|jsonb_object_agg|xmlagg)\s*\(/i;

interface PlanNode {
  'Node Type'?: string;
  'Plan Rows'?: number;
  'Plan Width'?: number;
  'Total Cost'?: number;
  'Function Name'?: string;
  Output?: string[];
  Plans?: PlanNode[];
}

function describeNode(node: PlanNode): string {
  const type = node['Node Type'] ?? 'a step';
  if (type === 'Function Scan' && node['Function Name']) return `${node['Function Name']}()`;
  if (type === 'Nested Loop') return 'a join without a join condition (a cross join)';
  return type.toLowerCase();
}

function round(value: number): string {
  if (value >= 1e6) return value.toExponential(1).replace('e+', 'e');
  return String(Math.round(value));
}

/** The plan tree out of EXPLAIN's JSON result (a row holding `[{ Plan: … }]`, as text or parsed). */
export function planOf(explainRows: Record<string, unknown>[]): PlanNode | undefined {
  let value = explainRows[0] ? Object.values(explainRows[0])[0] : undefined;
  if (typeof value === 'string') value = JSON.parse(value);
  const first = Array.isArray(value) ? (value[0] as { Plan?: PlanNode } | undefined) : undefined;
  return first?.Plan;
}

/**
 * Checks a plan against the caps.
 * @throws SqlRejectedError `TOO_BIG` naming the estimate, the cap, and what to do instead
 */
export function checkPlan(plan: PlanNode, caps: PlanCaps): void {
  const cost = plan['Total Cost'] ?? 0;
  let biggest: PlanNode | undefined;
  let built: { node: PlanNode; bytes: number; rows: number } | undefined;
  const walk = (node: PlanNode) => {
    if ((node['Plan Rows'] ?? 0) > (biggest?.['Plan Rows'] ?? -1)) biggest = node;
    const builds = (node.Output ?? []).some((expression) => BUILDER_AGGREGATES.test(expression));
    if (builds && /Agg/.test(node['Node Type'] ?? '')) {
      const inputs = node.Plans ?? [];
      const rows = inputs.reduce((sum, child) => sum + (child['Plan Rows'] ?? 0), 0);
      const bytes = inputs.reduce((sum, child) => sum + (child['Plan Rows'] ?? 0) * Math.max(1, child['Plan Width'] ?? 1), 0);
      if (bytes > (built?.bytes ?? 0) || rows > (built?.rows ?? 0)) built = { node, bytes, rows };
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  const rows = biggest?.['Plan Rows'] ?? 0;
  if (rows > caps.maxRows && biggest) {
    throw new SqlRejectedError(
      'TOO_BIG',
      `The query is too big to run: one step (${describeNode(biggest)}) would produce about ${round(rows)} rows; the limit is ${round(caps.maxRows)}. Join on a key instead of a cross join, filter first, aggregate before joining, or use LIMIT.`,
    );
  }
  if (built && (built.bytes > caps.maxBuiltBytes || built.rows > caps.maxBuiltRows)) {
    const size = built.bytes > caps.maxBuiltBytes ? `about ${Math.round(built.bytes / 2 ** 20)} MB; the limit is ${Math.round(caps.maxBuiltBytes / 2 ** 20)} MB` : `about ${round(built.rows)} values; the limit is ${round(caps.maxBuiltRows)}`;
    throw new SqlRejectedError(
      'TOO_BIG',
      `The query is too big to run: an aggregate that builds one value (string_agg, array_agg, jsonb_agg …) would collect ${size}. Aggregate to numbers (count, sum), filter first, or return rows with LIMIT instead.`,
    );
  }
  if (cost > caps.maxCost) {
    throw new SqlRejectedError(
      'TOO_BIG',
      `The query is too expensive to run: its estimated cost is ${round(cost)}; the limit is ${round(caps.maxCost)}. Filter first, aggregate before joining, join on keys, or use LIMIT.`,
    );
  }
}
