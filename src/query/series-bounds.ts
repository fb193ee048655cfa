/**
 * Reads literal arguments out of parse-tree nodes to bound `generate_series` and the like:
 * numbers, dates/timestamps and simple intervals written as constants.
 * @module query/series-bounds
 */

type Node = Record<string, unknown>;

const DAY_MS = 86_400_000;

/** Shortest length of each interval unit, so estimated row counts are upper bounds. */
const UNIT_MS: Record<string, number> = {
  millennium: 1000 * 365 * DAY_MS,
  century: 100 * 365 * DAY_MS,
  decade: 10 * 365 * DAY_MS,
  year: 365 * DAY_MS,
  yr: 365 * DAY_MS,
  y: 365 * DAY_MS,
  month: 28 * DAY_MS,
  mon: 28 * DAY_MS,
  week: 7 * DAY_MS,
  w: 7 * DAY_MS,
  day: DAY_MS,
  d: DAY_MS,
  hour: 3_600_000,
  hr: 3_600_000,
  h: 3_600_000,
  minute: 60_000,
  min: 60_000,
  m: 60_000,
  second: 1000,
  sec: 1000,
  s: 1000,
  secs: 1000,
  mins: 60_000,
  hrs: 3_600_000,
  yrs: 365 * DAY_MS,
  mons: 28 * DAY_MS,
};

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'int', 'integer', 'smallint', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real']);
const TIME_TYPES = new Set(['date', 'timestamp', 'timestamptz']);

function typeNameOf(cast: Node): string {
  const names = ((cast.typeName as Node | undefined)?.names ?? []) as Node[];
  const last = names[names.length - 1]?.String as { sval?: string } | undefined;
  return last?.sval ?? '';
}

function constantText(node: unknown): string | undefined {
  const constant = (node as Node | undefined)?.A_Const as Node | undefined;
  if (!constant) return undefined;
  if (constant.ival) return String((constant.ival as { ival?: number }).ival ?? 0);
  if (constant.fval) return String((constant.fval as { fval?: string }).fval ?? '0');
  if (constant.sval) return String((constant.sval as { sval?: string }).sval ?? '');
  return undefined;
}

/** A number written as a literal (`5`, `-2`, `1e9`, `'10'::int`), else undefined. */
export function literalNumber(node: unknown): number | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.A_Const) {
    const text = constantText(n);
    const value = text === undefined || text.trim() === '' ? NaN : Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
  const expr = n.A_Expr as Node | undefined;
  if (expr && expr.kind === 'AEXPR_OP' && expr.lexpr === undefined) {
    const op = ((expr.name as Node[] | undefined)?.[0]?.String as { sval?: string } | undefined)?.sval;
    const inner = literalNumber(expr.rexpr);
    if (inner === undefined) return undefined;
    if (op === '-') return -inner;
    if (op === '+') return inner;
    return undefined;
  }
  const cast = n.TypeCast as Node | undefined;
  if (cast && NUMERIC_TYPES.has(typeNameOf(cast))) return literalNumber(cast.arg);
  return undefined;
}

/** Milliseconds since the epoch of a literal date/timestamp (`date '2024-01-01'`, `'2024-01-01'::date`). */
export function literalTime(node: unknown): number | undefined {
  const cast = (node as Node | undefined)?.TypeCast as Node | undefined;
  if (!cast || !TIME_TYPES.has(typeNameOf(cast))) return undefined;
  const text = constantText(cast.arg);
  if (text === undefined) return undefined;
  const ms = Date.parse(text.trim().replace(' ', 'T'));
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Range of lengths of the interval units whose length depends on the date, in milliseconds: a
 * month is 28 to 31 days, a year 365 or 366. (A day of a timestamptz series can be 23 or 25
 * hours; counted as 24, the row bound is at most 4% low, and the step still never reaches zero.)
 */
const UNIT_RANGE: Record<string, [number, number]> = {
  month: [28 * DAY_MS, 31 * DAY_MS],
  year: [365 * DAY_MS, 366 * DAY_MS],
  decade: [3652 * DAY_MS, 3653 * DAY_MS],
  century: [36524 * DAY_MS, 36525 * DAY_MS],
  millennium: [365242 * DAY_MS, 365243 * DAY_MS],
};

function unitRange(word: string): [number, number] | undefined {
  const singular = UNIT_MS[word] !== undefined ? word : word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word === 'centuries' ? 'century' : word;
  const exact = UNIT_MS[singular];
  if (exact === undefined) return undefined;
  for (const [unit, range] of Object.entries(UNIT_RANGE)) if (UNIT_MS[unit] === exact) return range;
  return [exact, exact];
}

/**
 * Shortest and longest length in milliseconds of a literal interval (`interval '1 month'`,
 * `'-1200 months 36524 days'::interval`): months count 28 to 31 days, years 365 to 366.
 * Undefined when it is not a plain literal of number-unit pairs.
 */
export function literalIntervalRange(node: unknown): [number, number] | undefined {
  const cast = (node as Node | undefined)?.TypeCast as Node | undefined;
  if (!cast || typeNameOf(cast) !== 'interval') return undefined;
  const text = constantText(cast.arg)?.trim().toLowerCase().replace(/^@\s*/, '');
  if (!text) return undefined;
  let low = 0;
  let high = 0;
  let rest = text;
  const part = /^\s*([-+]?\d+(?:\.\d+)?)\s*([a-z]+)\b/;
  while (rest.trim() !== '') {
    const match = part.exec(rest);
    if (!match) return undefined;
    const range = unitRange(match[2]);
    if (range === undefined) return undefined;
    const count = Number(match[1]);
    low += count >= 0 ? count * range[0] : count * range[1];
    high += count >= 0 ? count * range[1] : count * range[0];
    rest = rest.slice(match[0].length);
  }
  return [low, high];
}

/** Shortest length in milliseconds of a literal interval, or undefined (see `literalIntervalRange`). */
export function literalIntervalMs(node: unknown): number | undefined {
  return literalIntervalRange(node)?.[0];
}

/**
 * Upper bound of the rows `generate_series(args…)` produces, when every argument is a literal;
 * undefined when they are not, or when the step may not advance (zero, or an interval such as
 * `'-1200 months 36524 days'` whose length can be zero on some dates).
 */
export function seriesRowCount(args: unknown[]): number | undefined {
  if (args.length < 2 || args.length > 3) return undefined;
  const [startNode, stopNode, stepNode] = args;
  const start = literalNumber(startNode);
  const stop = literalNumber(stopNode);
  if (start !== undefined && stop !== undefined) {
    const step = stepNode === undefined ? 1 : literalNumber(stepNode);
    if (step === undefined || step === 0) return undefined;
    return Math.max(0, Math.floor((stop - start) / step) + 1);
  }
  const from = literalTime(startNode);
  const to = literalTime(stopNode);
  const step = stepNode === undefined ? undefined : literalIntervalRange(stepNode);
  if (from === undefined || to === undefined || step === undefined) return undefined;
  const [low, high] = step;
  if (low <= 0 && high >= 0) return undefined;
  if (low > 0) return to < from ? 0 : Math.floor((to - from) / low) + 1;
  return to > from ? 0 : Math.floor((from - to) / -high) + 1;
}
