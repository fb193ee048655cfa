/**
 * The subset of the Drive v3 client (`googleapis` `drive_v3.Drive`) the Drive source calls,
 * typed structurally so tests and other clients can stand in.
 * @module source/drive-api
 */

/** A Drive file resource, the fields the source asks for. */
export interface DriveFileResource {
  id?: string | null;
  name?: string | null;
  mimeType?: string | null;
  /** RFC 3339 timestamp. */
  modifiedTime?: string | null;
  /** Bytes, as a decimal string; absent for Google-native files and folders. */
  size?: string | null;
  /** Hex md5 of the content; absent for Google-native files. */
  md5Checksum?: string | null;
  parents?: string[] | null;
  trashed?: boolean | null;
}

/** One entry of `changes.list`. */
export interface DriveChangeResource {
  changeType?: string | null;
  fileId?: string | null;
  removed?: boolean | null;
  file?: DriveFileResource;
}

/** Per-call options passed to gaxios. `retry: false` because `withRetry` retries. */
export interface DriveCallOptions {
  retry?: boolean;
  responseType?: 'arraybuffer' | 'json';
}

interface Response<T> {
  data: T;
}

/** The calls the Drive source makes. */
export interface DriveApi {
  files: {
    list(
      params: { q?: string; pageToken?: string; pageSize?: number; fields?: string; supportsAllDrives?: boolean; includeItemsFromAllDrives?: boolean },
      options?: DriveCallOptions,
    ): Promise<Response<{ files?: DriveFileResource[]; nextPageToken?: string | null }>>;
    get(
      params: { fileId: string; fields?: string; alt?: string; supportsAllDrives?: boolean },
      options?: DriveCallOptions,
    ): Promise<Response<unknown>>;
    export(params: { fileId: string; mimeType: string }, options?: DriveCallOptions): Promise<Response<unknown>>;
  };
  changes: {
    getStartPageToken(
      params: { supportsAllDrives?: boolean },
      options?: DriveCallOptions,
    ): Promise<Response<{ startPageToken?: string | null }>>;
    list(
      params: {
        pageToken: string;
        pageSize?: number;
        fields?: string;
        includeRemoved?: boolean;
        supportsAllDrives?: boolean;
        includeItemsFromAllDrives?: boolean;
      },
      options?: DriveCallOptions,
    ): Promise<Response<{ changes?: DriveChangeResource[]; nextPageToken?: string | null; newStartPageToken?: string | null }>>;
  };
}
