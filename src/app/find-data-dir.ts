/**
 * Where the embedded database lives when `GRIDRAG_DATA_DIR` is not set, found the way git
 * finds `.git`: the nearest `.gridrag` folder in the working directory or above it; when
 * there is none, a new `.gridrag` in the working directory.
 * @module app/find-data-dir
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Name of the embedded database folder. */
export const DATA_DIR_NAME = '.gridrag';

/** Where the database is and whether it exists yet. */
export interface DataDirChoice {
  /** Absolute path of the folder. */
  dataDir: string;
  /** False when no `.gridrag` was found and this one is new (the caller says so once). */
  existed: boolean;
}

function isFolder(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Walks up from `from` to the file-system root for an existing `.gridrag` folder.
 * @param from the working directory, default `process.cwd()`
 */
export function findDataDir(from: string = process.cwd()): DataDirChoice {
  const start = path.resolve(from);
  for (let folder = start; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, DATA_DIR_NAME);
    if (isFolder(candidate)) return { dataDir: candidate, existed: true };
    if (path.dirname(folder) === folder) break;
  }
  return { dataDir: path.join(start, DATA_DIR_NAME), existed: false };
}

/**
 * The embedded database folder a command would open, when it does not exist yet: read-only
 * commands (`gridrag health`) report it instead of creating an empty store. Undefined when
 * DATABASE_URL is set (a server), the folder holds a store, or the path is a file (opening it
 * gives the error). An existing folder without a store (the user's own files) is missing too.
 * @param config GRIDRAG_DATA_DIR and DATABASE_URL as loaded
 * @param from the working directory, default `process.cwd()`
 * @returns the absolute path of the missing folder
 */
export function missingDataDir(config: { GRIDRAG_DATA_DIR?: string; DATABASE_URL?: string }, from: string = process.cwd()): string | undefined {
  if (config.DATABASE_URL) return undefined;
  const chosen = config.GRIDRAG_DATA_DIR ? path.resolve(from, config.GRIDRAG_DATA_DIR) : findDataDir(from).dataDir;
  // a path that is a file is no store to report missing: opening it says what is wrong
  if (existsSync(chosen) && !isFolder(chosen)) return undefined;
  return holdsStore(chosen) ? undefined : chosen;
}

/** True when the folder holds an embedded PostgreSQL data directory (its `PG_VERSION` file), not merely exists. */
function holdsStore(folder: string): boolean {
  return existsSync(path.join(folder, 'PG_VERSION'));
}
