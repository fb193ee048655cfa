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
 * Shortest length in milliseconds of a literal interval (`interval '1 month'`, `'7 days'::interval`),
 * counting a month as 28 days and a year as 365; undefined when it is not a plain literal.
 */
export function literalIntervalMs(node: unknown): number | undefined {
  const cast = (node as Node | undefined)?.TypeCast as Node | undefined;
  if (!cast || typeNameOf(cast) !== 'interval') return undefined;
  const text = constantText(cast.arg)?.trim().toLowerCase().replace(/^@\s*/, '');
  if (!text) return undefined;
  let total = 0;
  let rest = text;
  const part = /^\s*(-?\d+(?:\.\d+)?)\s*([a-z]+)\b/;
  while (rest.trim() !== '') {
    const match = part.exec(rest);
    if (!match) return undefined;
    const word = match[2];
    const unit = UNIT_MS[word] ?? (word.length > 3 && word.endsWith('s') ? UNIT_MS[word.slice(0, -1)] : undefined) ?? (word === 'centuries' ? UNIT_MS.century : undefined);
    if (unit === undefined) return undefined;
    total += Number(match[1]) * unit;
    rest = rest.slice(match[0].length);
  }
  return total;
}

/**
 * Upper bound of the rows `generate_series(args…)` produces, when every argument is a literal;
 * undefined when they are not (or the step is zero or has the wrong sign for a time series).
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
  const stepMs = stepNode === undefined ? undefined : literalIntervalMs(stepNode);
  if (from === undefined || to === undefined || stepMs === undefined || stepMs === 0) return undefined;
  return Math.max(0, Math.floor((to - from) / stepMs) + 1);
}
