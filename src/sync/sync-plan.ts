/**
 * What a sync has to do, before it does it: which files are present (to add, compare or
 * relocate) and which remembered files are gone (to delete), from a full listing or from a
 * change feed.
 * @module sync/sync-plan
 */
import type { SourceChange, SourceFile } from '../source/index.js';
import type { FileState } from './sync-state.js';

/** A remembered file planned for deletion, and why (shown in the `deleted` event). */
export interface Gone {
  state: FileState;
  reason: string;
}

/** Files to look at and files to delete, keyed by ref. */
export interface SyncPlan {
  present: SourceFile[];
  gone: Map<string, Gone>;
}

/** Why a file moved into the recycle bin is deleted. */
const RECYCLED = 'moved to the recycle bin';

/** Full listing: present files, and known files that are no longer there (`recycled`: refs now in the recycle bin, see `Source.recycled`). */
export function planListing(files: SourceFile[], states: Map<string, FileState>, recycled?: ReadonlySet<string>): SyncPlan {
  const present: SourceFile[] = [];
  const seen = new Map<string, SourceFile>();
  for (const file of files) {
    seen.set(file.ref, file);
    if (!file.trashed && !file.inRecycleBin) present.push(file);
  }
  const gone = new Map<string, Gone>();
  for (const state of states.values()) {
    const file = seen.get(state.ref);
    if (!file) gone.set(state.ref, { state, reason: recycled?.has(state.ref) ? RECYCLED : 'gone from the folder' });
    else if (file.trashed || file.inRecycleBin) gone.set(state.ref, { state, reason: removalReason(file) });
  }
  return { present, gone };
}

/** Change feed: the last change per file decides. Unknown files that went away need nothing. */
export function planChanges(changes: SourceChange[], states: Map<string, FileState>): SyncPlan {
  const last = new Map<string, SourceChange>();
  for (const change of changes) last.set(change.ref, change);
  const present: SourceFile[] = [];
  const gone = new Map<string, Gone>();
  for (const change of last.values()) {
    const file = change.file;
    if (!change.removed && file && !file.trashed && !file.inRecycleBin) {
      present.push(file);
      continue;
    }
    const state = states.get(change.ref);
    if (state) gone.set(change.ref, { state, reason: file ? removalReason(file) : 'removed or moved out of the folder' });
  }
  return { present, gone };
}

function removalReason(file: SourceFile): string {
  return file.inRecycleBin ? RECYCLED : 'trashed';
}
