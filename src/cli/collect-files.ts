/**
 * Expands the paths given to `gridrag ingest` into files to ingest, and finds glossaries.
 * @module cli/collect-files
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { SUPPORTED_EXTENSIONS } from '../store/index.js';

/** A file name gridrag never ingests: lock files, hidden and temporary files. */
export function isIgnoredName(name: string): boolean {
  return name.startsWith('~$') || name.startsWith('.') || /(\.tmp|\.crdownload|\.part|~)$/i.test(name);
}

/** What a set of paths holds. */
export interface CollectedFiles {
  /** Absolute paths of files to ingest, sorted. */
  files: string[];
  /** Absolute paths of glossary.yml files at the root of given folders. */
  glossaries: string[];
  /** Given paths that do not exist. */
  missing: string[];
}

/**
 * Walks the given files and folders (recursively, skipping hidden folders and `recycle-bin`).
 * A file named explicitly is taken whatever its extension, so it gets a clear error if unsupported.
 */
export async function collectFiles(paths: string[]): Promise<CollectedFiles> {
  const result: CollectedFiles = { files: [], glossaries: [], missing: [] };
  for (const given of paths) {
    const absolute = path.resolve(given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      result.missing.push(given);
      continue;
    }
    if (info.isFile()) {
      result.files.push(absolute);
      continue;
    }
    for (const name of ['glossary.yml', 'glossary.yaml']) {
      const candidate = path.join(absolute, name);
      if (await stat(candidate).then((s) => s.isFile(), () => false)) result.glossaries.push(candidate);
    }
    await walk(absolute, result.files);
  }
  result.files = [...new Set(result.files)].sort();
  return result;
}

async function walk(folder: string, into: string[]): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries) {
    if (isIgnoredName(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.toLowerCase() !== 'recycle-bin' && entry.name !== 'node_modules') await walk(full, into);
    } else if (entry.isFile() && SUPPORTED_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) {
      into.push(full);
    }
  }
}
