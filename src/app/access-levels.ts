/**
 * Access levels of records from a folder-to-level map (`GRIDRAG_ACCESS_LEVELS`), and the
 * levels an API key holds. A record carries one level (`all` unless a pattern matches); a key
 * holds `all` plus the levels it was given, or every level (`*`). The reader's row-level
 * security admits only rows of records with a level the key holds (migration 20261201000400).
 * @module app/access-levels
 */
import { ConfigError } from '../errors.js';
import { ACCESS_LEVEL } from '../query/scope-token.js';

/** The level of a record no pattern matched: every key of the tenant may read it. */
export const OPEN_LEVEL = 'all';

/** One rule of the map: a glob over the file's path, and the level it gives. */
export interface AccessRule {
  pattern: string;
  level: string;
}

/**
 * Parses `finance/**=controlling; sales/*.xlsx=sales` (rules separated by `;` or new lines,
 * first match wins).
 * @throws ConfigError naming a rule without `=` or with a malformed level
 */
export function parseAccessMap(text: string | undefined): AccessRule[] {
  if (!text) return [];
  return text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.lastIndexOf('=');
      const pattern = part.slice(0, at).trim();
      const level = part.slice(at + 1).trim();
      if (at <= 0 || pattern === '') throw new ConfigError(`GRIDRAG_ACCESS_LEVELS: "${part}" is not <folder glob>=<level>`);
      checkLevel(level, 'GRIDRAG_ACCESS_LEVELS');
      return { pattern, level };
    });
}

/** Throws ConfigError unless `level` is lower-case letters, digits, `_` or `-` (at most 64). */
export function checkLevel(level: string, where: string): void {
  if (!ACCESS_LEVEL.test(level)) throw new ConfigError(`${where}: "${level}" is not an access level (lower-case letters, digits, _ and -)`);
}

/**
 * The level of a file from its path (`/` or `\` separated, relative to its folder): the first
 * rule whose glob matches the whole path or a trailing part of it that starts at a folder
 * boundary (`finance/**` matches `finance/q1.xlsx` and `reports/finance/q1.xlsx`); `all` when none does.
 * Globs: `**` any folders, `*` any characters but `/`, `?` one character; case-insensitive.
 */
export function accessLevelOf(rules: AccessRule[], filePath: string): string {
  if (rules.length === 0) return OPEN_LEVEL;
  const normalized = filePath.replace(/\\/g, '/').replace(/^\.?\//, '');
  const parts = normalized.split('/');
  const suffixes = parts.map((_, index) => parts.slice(index).join('/'));
  for (const rule of rules) {
    const expression = globToRegExp(rule.pattern);
    if (suffixes.some((suffix) => expression.test(suffix))) return rule.level;
  }
  return OPEN_LEVEL;
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  const text = glob.replace(/\\/g, '/').replace(/^\.?\//, '').replace(/\/$/, '/**');
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '*' && text[index + 1] === '*') {
      const slash = text[index + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}

/**
 * The levels a key holds, from `--access sales,controlling` (`all` added) or `*` (every level,
 * returned as `undefined`). Without levels: `['all']`.
 * @throws ConfigError for a malformed level
 */
export function keyLevels(access: string | string[] | undefined): string[] | undefined {
  const given = (Array.isArray(access) ? access : (access ?? '').split(','))
    .map((level) => level.trim().toLowerCase())
    .filter((level) => level !== '');
  if (given.includes('*')) return undefined;
  for (const level of given) checkLevel(level, '--access');
  return [...new Set([OPEN_LEVEL, ...given])];
}
