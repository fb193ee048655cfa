/**
 * Checks of single parse-tree nodes for the guard: function calls, cast types and
 * SQL value keywords (`current_date` yes, `current_user` no).
 * @module query/guard-checks
 */
import { SqlRejectedError } from '../errors.js';
import { seriesRowCount, literalNumber } from './series-bounds.js';
import { maxTextLength } from './text-bounds.js';
import {
  ALLOWED_CAST_TYPES,
  ALLOWED_FUNCTIONS,
  ALLOWED_FUNCTIONS_HINT,
  ALLOWED_VALUE_FUNCTIONS,
  MAX_BUILT_TEXT_LENGTH,
  MAX_PAD_LENGTH,
  MAX_SERIES_ROWS,
  SET_RETURNING_FUNCTIONS,
  SQL_SYNTAX_FUNCTIONS,
} from './sql-allowlist.js';

type Node = Record<string, unknown>;

function nameParts(list: unknown): string[] {
  return ((list as Node[] | undefined) ?? []).map((item) => String((item.String as { sval?: string } | undefined)?.sval ?? ''));
}

/**
 * A function call: its name must be allowlisted and unqualified (the parser's own
 * `pg_catalog.` prefix for SQL syntax such as EXTRACT or AT TIME ZONE is accepted);
 * `generate_series` needs literal bounds and `lpad`/`rpad` a literal length.
 * @throws SqlRejectedError FORBIDDEN_FUNCTION
 */
export function checkFunctionCall(call: Node): void {
  const parts = nameParts(call.funcname);
  const name = parts[parts.length - 1] ?? '';
  const written = parts.join('.');
  if (parts.length > 1) {
    const parserWritten =
      parts.length === 2 &&
      parts[0] === 'pg_catalog' &&
      SQL_SYNTAX_FUNCTIONS.has(name) &&
      (call.funcformat === 'COERCE_SQL_SYNTAX' || name === 'similar_to_escape');
    if (!parserWritten) {
      throw new SqlRejectedError(
        'FORBIDDEN_FUNCTION',
        `Function ${written} is not allowed: write function names without a schema. ${ALLOWED_FUNCTIONS_HINT}`,
      );
    }
    return;
  }
  if (!ALLOWED_FUNCTIONS.has(name)) {
    throw new SqlRejectedError('FORBIDDEN_FUNCTION', `Function ${written} is not allowed. ${ALLOWED_FUNCTIONS_HINT}`);
  }
  const args = (call.args as unknown[] | undefined) ?? [];
  if (name === 'generate_series') {
    const rows = seriesRowCount(args);
    if (rows === undefined || rows > MAX_SERIES_ROWS) {
      throw new SqlRejectedError(
        'FORBIDDEN_FUNCTION',
        `generate_series is allowed only with literal bounds (numbers, or dates with a literal interval step that always advances, such as '1 day' or '1 month') producing at most ${MAX_SERIES_ROWS} rows; this call is unbounded, may never advance, or is too large. Use a shorter range or a larger step.`,
      );
    }
  }
  if (name === 'lpad' || name === 'rpad') {
    const length = literalNumber(args[1]);
    if (length === undefined || length > MAX_PAD_LENGTH) {
      throw new SqlRejectedError('FORBIDDEN_FUNCTION', `${name} needs a literal length of at most ${MAX_PAD_LENGTH}.`);
    }
  }
  checkBuiltText({ FuncCall: call }, `${name}(…)`);
}

/**
 * A string builder whose size literals decide (`replace(lpad('', 1000, 'x'), 'x', …)`, `||`):
 * refused when it could make more than `MAX_BUILT_TEXT_LENGTH` characters.
 * @throws SqlRejectedError TOO_BIG
 */
export function checkBuiltText(node: Node, what: string): void {
  const length = maxTextLength(node);
  if (length !== undefined && length > MAX_BUILT_TEXT_LENGTH) {
    throw new SqlRejectedError(
      'TOO_BIG',
      `The text built by ${what} can be up to ${length} characters long; the limit is ${MAX_BUILT_TEXT_LENGTH}. Build shorter strings, or compute numbers (count, length, sum) instead of text.`,
    );
  }
}

/**
 * A function in FROM (`FROM unnest(…)`, `ROWS FROM (…)`): only the bounded set-returning
 * functions; each call is then checked like any other.
 * @throws SqlRejectedError FORBIDDEN_FUNCTION
 */
export function checkRangeFunction(range: Node): void {
  for (const item of (range.functions as Node[] | undefined) ?? []) {
    const pair = ((item.List as Node | undefined)?.items as Node[] | undefined) ?? [];
    const call = pair[0]?.FuncCall as Node | undefined;
    const name = call ? nameParts(call.funcname).join('.') : 'this expression';
    if (!call || !SET_RETURNING_FUNCTIONS.has(name)) {
      throw new SqlRejectedError(
        'FORBIDDEN_FUNCTION',
        `Function ${name} is not allowed in FROM. Allowed there: ${[...SET_RETURNING_FUNCTIONS].join(', ')} (generate_series with literal bounds).`,
      );
    }
  }
}

/**
 * A cast target or typed literal (`x::numeric`, `date '2024-01-01'`): only plain data types.
 * Casts to `regclass`, `oid`, `regproc` … would read the catalogs and are refused.
 * @throws SqlRejectedError FORBIDDEN_CAST
 */
export function checkTypeName(typeName: Node | undefined): void {
  if (!typeName) return;
  const parts = nameParts(typeName.names);
  const name = parts[parts.length - 1] ?? '';
  const qualifiedOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
  if (!qualifiedOk || !ALLOWED_CAST_TYPES.has(name) || typeName.pct_type || typeName.setof) {
    throw new SqlRejectedError(
      'FORBIDDEN_CAST',
      `Cast to ${parts.join('.') || 'this type'} is not allowed. Cast only to numeric, integer, bigint, double precision, text, varchar, date, timestamp, timestamptz, interval or boolean.`,
    );
  }
}

const VALUE_FUNCTION_NAMES: Record<string, string> = {
  SVFOP_CURRENT_ROLE: 'current_role',
  SVFOP_CURRENT_USER: 'current_user',
  SVFOP_USER: 'user',
  SVFOP_SESSION_USER: 'session_user',
  SVFOP_CURRENT_CATALOG: 'current_catalog',
  SVFOP_CURRENT_SCHEMA: 'current_schema',
};

/**
 * A SQL keyword value: date/time ones are allowed, identity ones (`current_user`,
 * `session_user`, `current_schema` …) are refused.
 * @throws SqlRejectedError FORBIDDEN_FUNCTION
 */
export function checkValueFunction(node: Node): void {
  const op = String(node.op ?? '');
  if (ALLOWED_VALUE_FUNCTIONS.has(op)) return;
  const name = VALUE_FUNCTION_NAMES[op] ?? op.replace(/^SVFOP_/, '').toLowerCase();
  throw new SqlRejectedError(
    'FORBIDDEN_FUNCTION',
    `Function ${name} is not allowed. current_date, current_timestamp and now() are. ${ALLOWED_FUNCTIONS_HINT}`,
  );
}
