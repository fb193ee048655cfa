/**
 * The one noise filter, for `ingest`, `sync` and `drive sync` alike: which names a source
 * never lists (lock files of open Office documents, hidden files, partial downloads, editor
 * backups, dependency folders), and which names are gridrag's own configuration
 * (`glossary.yml`, read as the glossary, never as data). Names without a supported
 * extension are listed and reported as skipped.
 * @module source/file-filters
 */
import { extname } from 'node:path';

/** Suffixes of files still being written or left behind: browsers' partial downloads, editors' temporary and backup files. */
const NOISE_SUFFIXES = ['.tmp', '.temp', '~', '.crdownload', '.part', '.partial', '.download', '.swp'];
/** Folders that hold tools' files, never a team's data. */
const NOISE_FOLDERS = new Set(['node_modules']);
/** gridrag's configuration, read at the root of an ingested or synced folder. */
const CONFIGURATION_NAMES = new Set(['glossary.yml', 'glossary.yaml']);

/**
 * True for a file or folder name no source lists: `~$` Office lock files, hidden names
 * (leading dot), temporary and partial-download files, `node_modules`.
 */
export function isNoiseName(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('~$') || lower.startsWith('.')) return true;
  if (NOISE_FOLDERS.has(lower)) return true;
  return NOISE_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/** True for `glossary.yml` / `glossary.yaml` (any case): configuration, never data. */
export function isConfigurationName(name: string): boolean {
  return CONFIGURATION_NAMES.has(name.toLowerCase());
}

/**
 * True when the name ends with one of `extensions` (lower-case, with the dot, e.g. `.csv`),
 * compared case-insensitively.
 */
export function hasSupportedExtension(name: string, extensions: readonly string[]): boolean {
  const extension = extname(name).toLowerCase();
  return extension !== '' && extensions.some((supported) => supported.toLowerCase() === extension);
}

/** Why a listed file is not ingested: `unsupported file type (.json)`; the same words for ingest and sync. */
export function unsupportedReason(name: string): string {
  const extension = extname(name).toLowerCase();
  return `unsupported file type${extension ? ` (${extension})` : ''}`;
}
