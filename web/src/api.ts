/**
 * The page's client of the HTTP API (same origin): the API key kept in sessionStorage, or open
 * mode (`GRIDRAG_WEB_OPEN=1` on localhost) where the `X-Gridrag-Web` header stands in for it.
 * The shapes mirror the server's zod schemas (see /openapi.json).
 */

export type Outcome = 'verified' | 'unverifiable' | 'floor';

export interface Source {
  file: string;
  path: string | null;
  sheet: string | null;
  range: string;
  table: string;
  outcome: Outcome;
  version: number;
  contentHash: string;
  modifiedAt: string | null;
  rows?: number[];
}

export interface Passage {
  file: string;
  path: string | null;
  page: number | null;
  heading: string | null;
  version: number;
  quote: string;
}

export interface Answer {
  question: string;
  answer: string;
  mode: 'sql' | 'vector' | 'hybrid' | 'none';
  value: string | number | boolean | null;
  unit?: string;
  columns: string[];
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated: boolean;
  sql: string | null;
  sources: Source[];
  passages?: Passage[];
  outcome: Outcome | null;
  explanation?: string;
  chart?: Record<string, unknown>;
  cached?: boolean;
}

export interface TableColumn {
  name: string;
  sqlName: string;
  type: string;
  concept: string;
  unit?: string;
}

export interface TableInfo {
  name: string;
  kind: string;
  recordId: string;
  file: string;
  path: string | null;
  sheet: string | null;
  hidden: boolean;
  range: string;
  title: string | null;
  columns: TableColumn[];
  rowCount: number;
  aggregateRows: number[];
  outcome: Outcome;
  version: number;
  warnings: string[];
}

export interface TableRows {
  table: string;
  columns: { name: string; sqlName: string; type: string }[];
  rows: { sheetRow: number; aggregate: boolean; hidden: boolean; values: Record<string, unknown> }[];
  total: number;
}

export interface FileRecord {
  id: string;
  sourceKind: string;
  path: string | null;
  title: string;
  status: 'ready' | 'failed';
  version: number;
  error: string | null;
  warnings: string[];
  ingestedAt: string;
}

export interface UploadResult {
  file: string;
  status: 'ingested' | 'replaced' | 'unchanged' | 'failed';
  tables: number;
  rows: number;
  error?: { code: string; message: string };
  warnings: string[];
}

const KEY_ITEM = 'gridrag.key';

/** An error the API answered with `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let open = false;

/** Whether this browser may use the page without a key (asks the server once). */
export async function loadWebConfig(): Promise<{ open: boolean }> {
  try {
    const response = await fetch('/web-config.json', { headers: { Accept: 'application/json' } });
    const body = (await response.json()) as { open?: boolean };
    open = body.open === true;
  } catch {
    open = false;
  }
  return { open };
}

/** The API key of this tab (sessionStorage), or null. */
export function storedKey(): string | null {
  return sessionStorage.getItem(KEY_ITEM);
}

/** Keeps `key` for this tab only; null forgets it (sign out). */
export function storeKey(key: string | null): void {
  if (key) sessionStorage.setItem(KEY_ITEM, key);
  else sessionStorage.removeItem(KEY_ITEM);
}

function authHeaders(): Record<string, string> {
  const key = storedKey();
  if (key) return { Authorization: `Bearer ${key}` };
  return open ? { 'X-Gridrag-Web': '1' } : {};
}

async function failure(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    return new ApiError(response.status, body.error?.code ?? 'HTTP', body.error?.message ?? response.statusText);
  } catch {
    return new ApiError(response.status, 'HTTP', `${response.status} ${response.statusText}`);
  }
}

/** One JSON call; throws ApiError on a non-2xx answer. */
export async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { Accept: 'application/json', ...authHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** True when a key is stored or open mode applies. */
export function signedIn(): boolean {
  return storedKey() !== null || open;
}

/** True when the server said open mode applies to this browser (`GRIDRAG_WEB_OPEN=1`, loopback). */
export function isOpen(): boolean {
  return open;
}

/**
 * Uploads one file with progress (XMLHttpRequest: fetch has no upload progress).
 * @param onProgress fraction sent, 0 to 1
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files');
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'the upload did not reach the server'));
    request.onload = () => {
      let body: { files?: UploadResult[]; error?: { code: string; message: string } } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        /* not JSON */
      }
      if (request.status >= 200 && request.status < 300 && body.files?.[0]) resolve(body.files[0]);
      else reject(new ApiError(request.status, body.error?.code ?? 'HTTP', body.error?.message ?? `${request.status} ${request.statusText}`));
    };
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
