/**
 * The page's client of the HTTP API (same origin): the API key kept in sessionStorage, or open
 * mode (`GRIDRAG_WEB_OPEN=1` on localhost) where the `X-Gridrag-Web` header stands in for it.
 * The body shapes are in `api-types.ts`, checked against the server's zod schemas.
 */

export type * from './api-types';
import type { UploadResult } from './api-types';

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
