/**
 * A Google Drive folder as a source (Drive API v3). The first sync lists the folder tree
 * and stores a changes start page token; later syncs read `changes.list` from it, so edits,
 * trash, permanent deletes and moves (into the recycle-bin folder or out of the tree) are
 * all seen. Google Sheets are exported as .xlsx (every tab), Google Docs as Markdown.
 * Every call is retried on 429/5xx with backoff (`withRetry`).
 * @module source/google-drive-source
 */
import { UpstreamError } from '../errors.js';
import type { DriveApi, DriveCallOptions, DriveFileResource } from './drive-api.js';
import { googleApi, type DriveAuth } from './drive-auth.js';
import { isNoiseName } from './file-filters.js';
import { statusOf, withRetry, type RetryOptions } from './retry.js';
import type { Source, SourceChange, SourceChanges, SourceFile } from './source.js';

const FOLDER = 'application/vnd.google-apps.folder';
const FILE_FIELDS = 'id,name,mimeType,modifiedTime,size,md5Checksum,parents,trashed';
const CALL: DriveCallOptions = { retry: false };

/** How Google-native files are exported: MIME types to try in order, and the extension to add. */
const EXPORTS: Record<string, { mimeTypes: string[]; extension: string }> = {
  'application/vnd.google-apps.spreadsheet': {
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    extension: '.xlsx',
  },
  'application/vnd.google-apps.document': { mimeTypes: ['text/markdown', 'text/plain'], extension: '.md' },
};

/** Options of the Drive source. */
export interface GoogleDriveSourceOptions {
  /** A Drive v3 client (`google.drive({ version: 'v3', auth })`) or a factory for one. */
  drive: DriveApi | (() => DriveApi);
  /** The watched folder's id. */
  folderId: string;
  /** Files under this folder (inside the tree or not) count as deleted. */
  recycleBinFolderId?: string;
  retry?: RetryOptions;
}

interface FolderInfo {
  name: string;
  parent: string | undefined;
  trashed: boolean;
}

/** Where a file sits relative to the watched folder. */
interface Location {
  inTree: boolean;
  inRecycleBin: boolean;
  trashedAncestor: boolean;
  /** Folder names from the watched folder down, excluded. */
  folders: string[];
}

/** Creates the Drive source. Nothing is called until `list`, `changes` or `read`. */
export function createGoogleDriveSource(options: GoogleDriveSourceOptions): Source {
  const { folderId, recycleBinFolderId } = options;
  let client: DriveApi | undefined;
  const drive = (): DriveApi => (client ??= typeof options.drive === 'function' ? options.drive() : options.drive);
  const call = <T>(what: string, operation: () => Promise<T>): Promise<T> => withRetry(what, operation, options.retry);
  const folders = new Map<string, FolderInfo>();
  /** Google-native files seen by `list`/`changes`: ref → export MIME types to try. */
  const nativeExports = new Map<string, string[]>();
  const describe = (resource: DriveFileResource, location: Location): SourceFile | undefined => {
    const file = toSourceFile(resource, location);
    const exported = resource.mimeType ? EXPORTS[resource.mimeType] : undefined;
    if (file && exported) nativeExports.set(file.ref, exported.mimeTypes);
    return file;
  };

  async function listChildren(parentId: string): Promise<DriveFileResource[]> {
    const children: DriveFileResource[] = [];
    let pageToken: string | undefined;
    do {
      const response = await call(`Drive: list folder ${parentId}`, () =>
        drive().files.list(
          {
            q: `'${parentId.replace(/['\\]/g, '\\$&')}' in parents and trashed = false`,
            pageToken,
            pageSize: 1000,
            fields: `nextPageToken, files(${FILE_FIELDS})`,
            supportsAllDrives: true,
            includeItemsFromAllDrives: true,
          },
          CALL,
        ),
      );
      children.push(...(response.data.files ?? []));
      pageToken = response.data.nextPageToken ?? undefined;
    } while (pageToken);
    return children;
  }

  async function folderInfo(id: string): Promise<FolderInfo | undefined> {
    const known = folders.get(id);
    if (known) return known;
    let resource: DriveFileResource;
    try {
      const response = await call(`Drive: get folder ${id}`, () =>
        drive().files.get({ fileId: id, fields: 'id,name,parents,trashed', supportsAllDrives: true }, CALL),
      );
      resource = response.data as DriveFileResource;
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 403) return undefined; // not visible: outside our tree
      throw error;
    }
    const info = { name: resource.name ?? id, parent: resource.parents?.[0], trashed: resource.trashed === true };
    folders.set(id, info);
    return info;
  }

  async function locate(parentId: string | undefined): Promise<Location> {
    const location: Location = { inTree: false, inRecycleBin: false, trashedAncestor: false, folders: [] };
    const seen = new Set<string>();
    for (let current = parentId; current !== undefined && !seen.has(current); ) {
      seen.add(current);
      if (current === folderId) {
        location.inTree = true;
        location.folders.reverse();
        return location;
      }
      if (current === recycleBinFolderId) location.inRecycleBin = true;
      const info = await folderInfo(current);
      if (!info) return location;
      if (info.trashed) location.trashedAncestor = true;
      location.folders.push(info.name);
      current = info.parent;
    }
    return location;
  }

  return {
    kind: 'drive',
    scope: folderId,

    async list() {
      const files: SourceFile[] = [];
      const queue: { id: string; folders: string[]; inRecycleBin: boolean }[] = [{ id: folderId, folders: [], inRecycleBin: false }];
      while (queue.length > 0) {
        const folder = queue.shift() as (typeof queue)[number];
        for (const child of await listChildren(folder.id)) {
          if (!child.id || !child.name || isNoiseName(child.name)) continue;
          if (child.mimeType === FOLDER) {
            folders.set(child.id, { name: child.name, parent: folder.id, trashed: false });
            const inRecycleBin = folder.inRecycleBin || child.id === recycleBinFolderId;
            queue.push({ id: child.id, folders: [...folder.folders, child.name], inRecycleBin });
            continue;
          }
          const location = { inTree: true, inRecycleBin: folder.inRecycleBin, trashedAncestor: false, folders: folder.folders };
          const file = describe(child, location);
          if (file) files.push(file);
        }
      }
      return files;
    },

    async changes(since: string | undefined): Promise<SourceChanges> {
      if (since === undefined) {
        const response = await call('Drive: get start page token', () =>
          drive().changes.getStartPageToken({ supportsAllDrives: true }, CALL),
        );
        const token = response.data.startPageToken;
        if (!token) throw new UpstreamError('Drive returned no start page token');
        return { changes: [], nextCursor: token, relist: true };
      }
      const changes: SourceChange[] = [];
      let relist = false;
      let pageToken = since;
      for (;;) {
        const response = await call('Drive: list changes', () =>
          drive().changes.list(
            {
              pageToken,
              pageSize: 1000,
              fields: `nextPageToken, newStartPageToken, changes(changeType, fileId, removed, file(${FILE_FIELDS}))`,
              includeRemoved: true,
              supportsAllDrives: true,
              includeItemsFromAllDrives: true,
            },
            CALL,
          ),
        );
        for (const change of response.data.changes ?? []) {
          if (change.changeType === 'drive' || !change.fileId) continue;
          const resource = change.file;
          if (change.removed || !resource) {
            changes.push({ ref: change.fileId, removed: true });
            continue;
          }
          if (resource.mimeType === FOLDER) {
            folders.delete(change.fileId);
            relist = true; // a folder moved, renamed, trashed or created: paths may all change
            continue;
          }
          if (resource.name && isNoiseName(resource.name)) {
            changes.push({ ref: change.fileId, removed: true });
            continue;
          }
          const location = await locate(resource.parents?.[0] ?? undefined);
          const file = location.inTree ? describe(resource, location) : undefined;
          changes.push(file ? { ref: change.fileId, removed: false, file } : { ref: change.fileId, removed: true });
        }
        if (response.data.nextPageToken) {
          pageToken = response.data.nextPageToken;
          continue;
        }
        const next = response.data.newStartPageToken;
        if (!next) throw new UpstreamError('Drive changes ended without a new start page token');
        return { changes, nextCursor: next, relist };
      }
    },

    async read(file: SourceFile): Promise<Uint8Array> {
      const exportMimeTypes = nativeExports.get(file.ref);
      if (!exportMimeTypes) {
        const response = await call(`Drive: download ${file.path}`, () =>
          drive().files.get({ fileId: file.ref, alt: 'media', supportsAllDrives: true }, { ...CALL, responseType: 'arraybuffer' }),
        );
        return toBytes(response.data);
      }
      let lastError: unknown;
      for (const mimeType of exportMimeTypes) {
        try {
          const response = await call(`Drive: export ${file.path} as ${mimeType}`, () =>
            drive().files.export({ fileId: file.ref, mimeType }, { ...CALL, responseType: 'arraybuffer' }),
          );
          return toBytes(response.data);
        } catch (error) {
          lastError = error;
          if (statusOf(error) !== 400) break; // only a refused format tries the next
        }
      }
      throw lastError;
    },
  };
}

/** The SourceFile of a Drive file, or undefined for a type that has nothing to ingest. */
function toSourceFile(resource: DriveFileResource, location: Location): SourceFile | undefined {
  if (!resource.id || !resource.name) return undefined;
  const mimeType = resource.mimeType ?? undefined;
  const exported = mimeType ? EXPORTS[mimeType] : undefined;
  if (mimeType?.startsWith('application/vnd.google-apps.') && !exported) return undefined; // forms, slides, shortcuts
  let name = resource.name;
  if (exported && !name.toLowerCase().endsWith(exported.extension)) name += exported.extension;
  return {
    ref: resource.id,
    name,
    path: [...location.folders, resource.name].join('/'),
    modifiedAt: new Date(resource.modifiedTime ?? 0),
    size: Number(resource.size ?? 0),
    checksum: resource.md5Checksum ?? undefined,
    mimeType: exported ? exported.mimeTypes[0] : mimeType,
    inRecycleBin: location.inRecycleBin,
    trashed: resource.trashed === true || location.trashedAncestor,
  };
}

function toBytes(data: unknown): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (typeof data === 'string') return new TextEncoder().encode(data);
  throw new UpstreamError('Drive returned an unexpected body');
}

/** Options of `createDriveSourceFromAuth`. */
export interface DriveSourceFromAuthOptions extends Omit<GoogleDriveSourceOptions, 'drive'> {
  /** An authorized client from `createDriveAuth`. */
  auth: DriveAuth;
  /** Drive API root, e.g. `http://127.0.0.1:8080/` for a fake server. @default https://www.googleapis.com/ */
  rootUrl?: string;
}

/** The Drive source over Google's real client, signed in with `auth`. */
export function createDriveSourceFromAuth(options: DriveSourceFromAuthOptions): Source {
  const drive = googleApi().drive({ version: 'v3', auth: options.auth, rootUrl: options.rootUrl });
  return createGoogleDriveSource({ drive, folderId: options.folderId, recycleBinFolderId: options.recycleBinFolderId, retry: options.retry });
}
