/**
 * A local folder as a source: recursive listing, the recycle-bin subfolder left out (a file
 * moved there disappears from the listing, so its record is deleted), noise ignored.
 * Refs are absolute paths; display paths are relative to the folder, `/`-separated.
 * @module source/local-folder-source
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isNoiseName } from './file-filters.js';
import { outsideLinkReason } from './folder-links.js';
import type { Source, SourceFile } from './source.js';
import { SourceError, SourceFileBusyError } from './source-errors.js';

/** Default name of the recycle-bin subfolder. */
export const DEFAULT_RECYCLE_BIN = 'recycle-bin';

/** Options of a local folder source. */
export interface LocalFolderOptions {
  /** Recycle-bin subfolder, relative to the folder (or absolute). @default 'recycle-bin' */
  recycleBin?: string;
  /**
   * A file modified less than this many milliseconds ago is checked for ongoing writes
   * before it is read. @default 2000
   */
  recentWriteMs?: number;
  /** Pause between the two size/mtime looks of that check, in milliseconds. @default 200 */
  stabilityDelayMs?: number;
}

/** Creates the source for `folder` (resolved to an absolute path). */
export function createLocalFolderSource(folder: string, options: LocalFolderOptions = {}): Source {
  const root = resolve(folder);
  const recycleBin = resolve(root, options.recycleBin ?? DEFAULT_RECYCLE_BIN);
  const recentWriteMs = options.recentWriteMs ?? 2000;
  const stabilityDelayMs = options.stabilityDelayMs ?? 200;

  let skipped: { path: string; reason: string }[] = [];
  let recycled = new Set<string>();

  /** The refs the recycle bin's files had before they were moved there (the same path under the folder). */
  async function walkRecycleBin(directory: string, found: Set<string>): Promise<void> {
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (isNoiseName(entry.name) || entry.isSymbolicLink()) continue;
      const full = join(directory, entry.name);
      if (entry.isDirectory()) await walkRecycleBin(full, found);
      else if (entry.isFile()) found.add(join(root, relative(recycleBin, full)));
    }
  }

  async function walk(directory: string, files: SourceFile[]): Promise<void> {
    const entries = await readdir(directory, { withFileTypes: true });
    for (const entry of entries) {
      if (isNoiseName(entry.name)) continue;
      const full = join(directory, entry.name);
      if (entry.isSymbolicLink()) {
        // never followed; one pointing elsewhere on the machine is reported
        const reason = await outsideLinkReason(full, root);
        if (reason) skipped.push({ path: relative(root, full).split(sep).join('/'), reason });
        continue;
      }
      if (entry.isDirectory()) {
        if (full !== recycleBin) await walk(full, files);
        continue;
      }
      if (!entry.isFile()) continue;
      const info = await stat(full).catch(() => undefined);
      if (!info) continue; // deleted between readdir and stat
      files.push({
        ref: full,
        name: entry.name,
        path: relative(root, full).split(sep).join('/'),
        modifiedAt: new Date(Math.floor(info.mtimeMs)),
        size: info.size,
        inRecycleBin: false,
        trashed: false,
      });
    }
  }

  return {
    kind: 'local',
    scope: root,
    get skipped() {
      return skipped.length > 0 ? skipped : undefined;
    },
    get recycled() {
      return recycled;
    },
    async list() {
      const files: SourceFile[] = [];
      skipped = [];
      try {
        await walk(root, files);
        const inBin = new Set<string>();
        await walkRecycleBin(recycleBin, inBin);
        recycled = inBin;
      } catch (error) {
        throw new SourceError(`cannot list folder ${root}: ${(error as Error).message}`, { cause: error });
      }
      return files;
    },
    async read(file) {
      const before = await stat(file.ref).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new SourceFileBusyError(file.path, 'disappeared while syncing');
        throw error;
      });
      if (Date.now() - before.mtimeMs < recentWriteMs) {
        await sleep(stabilityDelayMs);
        const again = await stat(file.ref);
        if (again.size !== before.size || again.mtimeMs !== before.mtimeMs) throw new SourceFileBusyError(file.path);
      }
      const bytes = await readFile(file.ref);
      const after = await stat(file.ref);
      if (after.size !== bytes.length || after.mtimeMs !== before.mtimeMs) throw new SourceFileBusyError(file.path);
      if (before.size !== file.size || Math.floor(before.mtimeMs) !== file.modifiedAt.getTime()) {
        // changed since it was listed: the next pass sees the new version with fresh metadata
        throw new SourceFileBusyError(file.path, 'changed while syncing');
      }
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
}
