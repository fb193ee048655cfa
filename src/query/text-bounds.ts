/**
 * Upper bounds, from the parse tree alone, of the length of text that string builders produce
 * when their sizes come from literals: `lpad('', 1000, 'x')` is 1,000 characters, and
 * `replace(that, 'x', lpad('', 1000, 'y'))` up to 1,000,000. A builder over column values has no
 * bound here (undefined): the data bounds it, and the executor's caps stop what the data makes.
 * @module query/text-bounds
 */

type Node = Record<string, unknown>;

/** How each builder's result length follows from its arguments' bounds (undefined: unknown). */
type Rule = (bounds: (number | undefined)[], args: Node[]) => number | undefined;

const sameAsFirst: Rule = ([first]) => first;
const sum = (values: (number | undefined)[]): number | undefined => (values.some((value) => value === undefined) ? undefined : (values as number[]).reduce((a, b) => a + b, 0));

/**
 * The builders, by function name. Sources: PostgreSQL's documentation of string functions;
 * each bound is the worst case (every character of the input matched and replaced).
 */
const BUILDERS: Record<string, Rule> = {
  // replace(s, from, to): at most one match per character of s, each written as `to`.
  replace: ([s, , to]) => (s === undefined || to === undefined ? undefined : s * Math.max(1, to)),
  // regexp_replace(s, pattern, replacement …): a pattern can match the empty string between characters too.
  regexp_replace: ([s, , replacement]) => (s === undefined || replacement === undefined ? undefined : (s + 1) * Math.max(1, replacement) + s),
  concat: (bounds) => sum(bounds),
  concat_ws: ([separator, ...rest]) => {
    const parts = sum(rest);
    return parts === undefined || separator === undefined ? undefined : parts + separator * Math.max(0, rest.length - 1);
  },
  // array_to_string(string_to_array(s, d), sep): at most one element per character of s.
  array_to_string: ([array, separator]) => (array === undefined || separator === undefined ? undefined : array + (array + 1) * separator),
  string_to_array: sameAsFirst,
  lower: sameAsFirst,
  upper: sameAsFirst,
  initcap: sameAsFirst,
  btrim: sameAsFirst,
  ltrim: sameAsFirst,
  rtrim: sameAsFirst,
  trim: sameAsFirst,
  reverse: sameAsFirst,
  translate: sameAsFirst,
  substr: sameAsFirst,
  substring: sameAsFirst,
  left: sameAsFirst,
  right: sameAsFirst,
  split_part: sameAsFirst,
};

function functionName(call: Node): string {
  const parts = ((call.funcname as Node[] | undefined) ?? []).map((item) => String((item.String as { sval?: string } | undefined)?.sval ?? ''));
  return parts[parts.length - 1] ?? '';
}

function literalLength(node: unknown): number | undefined {
  const constant = (node as Node | undefined)?.A_Const as Node | undefined;
  if (!constant) return undefined;
  if (constant.isnull) return 0;
  const sval = (constant.sval as { sval?: string } | undefined)?.sval;
  if (constant.sval) return (sval ?? '').length;
  if (constant.ival) return String((constant.ival as { ival?: number }).ival ?? 0).length;
  if (constant.fval) return String((constant.fval as { fval?: string }).fval ?? '').length;
  if (constant.boolval) return 5;
  return undefined;
}

/**
 * Longest text `node` can produce, in characters, when literals alone decide it; else undefined.
 */
export function maxTextLength(node: unknown): number | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.A_Const) return literalLength(n);
  if (n.TypeCast) return maxTextLength((n.TypeCast as Node).arg);
  const expr = n.A_Expr as Node | undefined;
  if (expr) {
    const op = ((expr.name as Node[] | undefined)?.[0]?.String as { sval?: string } | undefined)?.sval;
    return op === '||' ? sum([maxTextLength(expr.lexpr), maxTextLength(expr.rexpr)]) : undefined;
  }
  const array = n.A_ArrayExpr as Node | undefined;
  if (array) {
    const elements = (array.elements as Node[] | undefined) ?? [];
    return sum(elements.map(maxTextLength));
  }
  const call = n.FuncCall as Node | undefined;
  if (!call) return undefined;
  const name = functionName(call);
  const args = (call.args as Node[] | undefined) ?? [];
  if (name === 'lpad' || name === 'rpad') {
    const length = args[1]?.A_Const ? Number(((args[1].A_Const as Node).ival as { ival?: number } | undefined)?.ival ?? 0) : undefined;
    return length !== undefined && Number.isFinite(length) ? Math.max(0, length) : undefined;
  }
  const rule = BUILDERS[name];
  return rule ? rule(args.map(maxTextLength), args) : undefined;
}
