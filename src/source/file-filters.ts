/**
 * Which file names a sync looks at. Noise (lock files of open Office documents, hidden
 * files, partial downloads, editor backups, gridrag's own configuration) is never listed;
 * names without a supported extension are listed by the engine as skipped.
 * @module source/file-filters
 */
import { extname } from 'node:path';

const NOISE_SUFFIXES = ['.tmp', '.temp', '~', '.crdownload', '.part', '.partial', '.download', '.swp'];
const CONFIGURATION_NAMES = new Set(['glossary.yml', 'glossary.yaml']);

/**
 * True for a file or folder name a sync must ignore: `~$` Office lock files, hidden names
 * (leading dot), temporary and partial-download files, and `glossary.yml` (configuration).
 */
export function isNoiseName(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('~$') || lower.startsWith('.')) return true;
  if (NOISE_SUFFIXES.some((suffix) => lower.endsWith(suffix))) return true;
  return CONFIGURATION_NAMES.has(lower);
}

/**
 * True when the name ends with one of `extensions` (lower-case, with the dot, e.g. `.csv`),
 * compared case-insensitively.
 */
export function hasSupportedExtension(name: string, extensions: readonly string[]): boolean {
  const extension = extname(name).toLowerCase();
  return extension !== '' && extensions.some((supported) => supported.toLowerCase() === extension);
}
