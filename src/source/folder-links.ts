/**
 * Symbolic links met while walking a folder. A link is never followed: one pointing inside
 * the folder is left out quietly (its target is found under its own name), one pointing
 * outside it (or nowhere) is left out and reported, so a synced folder never pulls in files
 * from elsewhere on the machine (`link.csv → /etc/passwd`, `data → /home/me`).
 * @module source/folder-links
 */
import { realpath } from 'node:fs/promises';
import { relative, isAbsolute } from 'node:path';

/** A link left out of a folder walk, and why. */
export interface SkippedLink {
  /** The link's path as walked (absolute). */
  path: string;
  reason: string;
}

/**
 * Why the link at `linkPath` is reported, or undefined when it points inside `root`.
 * @param root the walked folder's real path (`realpath`)
 */
export async function outsideLinkReason(linkPath: string, root: string): Promise<string | undefined> {
  const target = await realpath(linkPath).catch(() => undefined);
  if (target === undefined) return 'a broken symbolic link; not followed';
  const inside = relative(root, target);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) return undefined;
  return `a symbolic link pointing outside the folder (to ${target}); not followed`;
}
