/**
 * SQL identifiers derived from human names: lower case ASCII letters, digits and
 * underscores, accents folded, never starting with a digit, at most 63 bytes (Postgres' limit).
 * @module tables/sql-names
 */

/** Words Postgres reserves; a name equal to one gets a trailing underscore. */
const RESERVED = new Set(
  'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp not null offset on only or order placing primary references returning select session_user some symmetric table then to trailing true union unique user using variadic when where window with'.split(' '),
);

/**
 * Turns a display name into an SQL identifier: `Net Revenue [EUR]` → `net_revenue_eur`,
 * `Zürich` → `zurich`, `2025-01` → `c_2025_01`, `` → `column`.
 */
export function toSqlName(name: string, fallback = 'column'): string {
  let base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/%/g, ' pct ')
    .replace(/&/g, ' and ')
    .replace(/#/g, ' number ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base === '') base = fallback;
  if (/^[0-9]/.test(base)) base = `c_${base}`;
  if (RESERVED.has(base)) base = `${base}_`;
  return base.slice(0, MAX_SQL_NAME);
}

/** Postgres' identifier limit in bytes (NAMEDATALEN - 1); our names are ASCII, so also characters. */
export const MAX_SQL_NAME = 63;

/** The shortest a part is cut to before the whole name is cut at 63. */
const MIN_PART = 12;

/**
 * Joins SQL-name parts with `_` into one identifier of at most 63 bytes. When the whole is too
 * long the longest part is shortened first (the earlier one on a tie), each part down to 12
 * characters, so the short parts that tell tables apart (`_south`, `_all`, `_long`, the file
 * stem) survive; only then is the result cut at 63. Without this Postgres would cut the name
 * itself, silently, and the catalog would offer a name no query can reach.
 * @param parts non-empty SQL-name parts (from `toSqlName`), e.g. `['quarterly_…_fy2024', 'south']`
 */
export function joinSqlName(parts: string[]): string {
  const cut = [...parts];
  const excess = () => cut.reduce((sum, part) => sum + part.length, 0) + cut.length - 1 - MAX_SQL_NAME;
  while (excess() > 0) {
    const longest = cut.reduce((best, part, i) => (part.length > cut[best].length ? i : best), 0);
    if (cut[longest].length <= MIN_PART) break;
    cut[longest] = cut[longest].slice(0, Math.max(MIN_PART, cut[longest].length - excess())).replace(/_+$/, '');
  }
  return cut.join('_').slice(0, MAX_SQL_NAME);
}

/**
 * Makes names unique by appending `_2`, `_3` … in order of appearance.
 * @param taken names already used (not modified)
 */
export function uniqueSqlNames(names: string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name.slice(0, MAX_SQL_NAME - String(n).length - 1)}_${n}`;
    used.add(candidate);
    return candidate;
  });
}
