/**
 * What model-written SQL may use: functions by name, cast target types, parse-tree node
 * types, and the names no statement may read under any spelling. The guard refuses
 * everything not listed here.
 * @module query/sql-allowlist
 */

function words(text: string): Set<string> {
  return new Set(text.trim().split(/\s+/));
}

/** Aggregate functions (plain, ordered-set and statistical). */
export const AGGREGATE_FUNCTIONS = words(`
  count sum avg min max stddev stddev_pop stddev_samp variance var_pop var_samp
  percentile_cont percentile_disc mode string_agg array_agg bool_and bool_or every
  json_agg jsonb_agg json_object_agg jsonb_object_agg corr covar_pop covar_samp
  regr_slope regr_intercept regr_r2 regr_count`);

/** Arithmetic and math. */
export const MATH_FUNCTIONS = words(`
  abs round ceil ceiling floor trunc sign sqrt cbrt power pow exp ln log log10 mod div
  greatest least width_bucket pi num_nulls num_nonnulls`);

/** Text functions. `lpad`/`rpad` additionally need a literal length (see `MAX_PAD_LENGTH`). */
export const STRING_FUNCTIONS = words(`
  lower upper initcap length char_length character_length octet_length trim btrim ltrim rtrim
  substr substring position strpos replace concat concat_ws left right lpad rpad split_part
  regexp_replace regexp_match regexp_matches regexp_like regexp_count regexp_substr
  starts_with translate reverse to_char to_number to_date to_timestamp string_to_array
  array_to_string array_length cardinality`);

/** Date and time functions. */
export const DATE_FUNCTIONS = words(`
  date_trunc date_part extract make_date make_time make_timestamp make_interval age now
  justify_days justify_hours justify_interval date_bin isfinite`);

/** Window functions. */
export const WINDOW_FUNCTIONS = words(`
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value`);

/** Conditional and JSON accessor functions (COALESCE, NULLIF, GREATEST are parse nodes, not calls). */
export const OTHER_FUNCTIONS = words(`coalesce nullif jsonb_typeof jsonb_array_length`);

/**
 * Set-returning functions allowed in FROM (and in the select list). Their output is bounded
 * by their input; `generate_series` also needs literal bounds (see `MAX_SERIES_ROWS`).
 */
export const SET_RETURNING_FUNCTIONS = words(`
  unnest jsonb_array_elements jsonb_array_elements_text jsonb_each jsonb_each_text
  regexp_split_to_table generate_series`);

/** Every function a statement may call, by unqualified name. */
export const ALLOWED_FUNCTIONS = new Set([
  ...AGGREGATE_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
  ...OTHER_FUNCTIONS,
  ...SET_RETURNING_FUNCTIONS,
]);

/**
 * Functions the parser itself writes as `pg_catalog.<name>` for SQL syntax
 * (`EXTRACT(… FROM …)`, `x AT TIME ZONE z`, `SUBSTRING(… FROM …)`, `TRIM(BOTH …)`, `SIMILAR TO` …).
 */
export const SQL_SYNTAX_FUNCTIONS = words(`
  extract timezone substring position btrim ltrim rtrim overlay overlaps similar_to_escape`);

/** Most rows a `generate_series` call may produce. */
export const MAX_SERIES_ROWS = 10_000;

/** Longest result `lpad`/`rpad` may be asked for. */
export const MAX_PAD_LENGTH = 1_000;

/** Longest text a builder over literals (`replace`, `concat`, `||` … see `text-bounds.ts`) may make, in characters. */
export const MAX_BUILT_TEXT_LENGTH = 100_000;

/** Date/time keywords (`SQLValueFunction`) that are allowed; identity ones (`current_user` …) are not. */
export const ALLOWED_VALUE_FUNCTIONS = words(`
  SVFOP_CURRENT_DATE SVFOP_CURRENT_TIME SVFOP_CURRENT_TIME_N SVFOP_CURRENT_TIMESTAMP
  SVFOP_CURRENT_TIMESTAMP_N SVFOP_LOCALTIME SVFOP_LOCALTIME_N SVFOP_LOCALTIMESTAMP SVFOP_LOCALTIMESTAMP_N`);

/** Cast target types, as the parser names them (`double precision` is `float8`, `int` is `int4`). */
export const ALLOWED_CAST_TYPES = words(`
  numeric decimal int int2 int4 int8 integer smallint bigint float float4 float8 real
  text varchar bpchar char character date timestamp timestamptz time timetz interval
  bool boolean json jsonb`);

/**
 * Parse-tree node types a SELECT may contain. Anything else (XMLTABLE, JSON_TABLE, COLUMN
 * definition lists, TABLESAMPLE, parameters …) is refused.
 */
export const ALLOWED_NODE_TYPES = words(`
  SelectStmt ResTarget ColumnRef A_Const A_Expr BoolExpr FuncCall TypeCast TypeName RangeVar
  RangeSubselect RangeFunction JoinExpr SubLink CaseExpr CaseWhen CoalesceExpr MinMaxExpr
  NullTest BooleanTest SortBy WindowDef CommonTableExpr A_Star A_Indirection A_Indices
  A_ArrayExpr RowExpr List String Integer Float Boolean BitString Alias CollateClause
  SQLValueFunction GroupingSet GroupingFunc NamedArgExpr`);

/** Our internal tables, `pg_*` and `gridrag_*`: the list lives with the schema, in store/. */
export { isInternalName } from '../store/internal-names.js';

/** The sentence that tells the model which functions it may use. */
export const ALLOWED_FUNCTIONS_HINT =
  'Allowed: aggregates (sum, avg, count, min, max, percentile_cont …), math (round, abs …), string (lower, trim, replace …), date/time (date_trunc, extract, make_date …), conditional (coalesce, nullif, CASE) and window functions (row_number, rank, lag …).';
