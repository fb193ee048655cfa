/**
 * A small client for the HTTP API in tests: real fetch over 127.0.0.1.
 */
export interface ApiResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
  text: string;
}

/** One response a test got: what `observedResponses` holds. */
export interface ObservedResponse {
  method: string;
  /** The path asked, query string included. */
  path: string;
  status: number;
  /** The Allow header, when the response had one (405). */
  allow: string | null;
}

/** Every response `callApi` and `uploadFiles` got in this test file, in order (to check them against the OpenAPI document). */
export const observedResponses: ObservedResponse[] = [];

/** Calls `method path` with a Bearer key (when given) and a JSON body (when given). */
export async function callApi(base: string, method: string, path: string, key?: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  observedResponses.push({ method: method.toUpperCase(), path, status: response.status, allow: response.headers.get('allow') });
  return { status: response.status, body: parsed, headers: response.headers, text };
}

/** Uploads files as multipart `files` (with `paths` when a file names one). */
export async function uploadFiles(base: string, key: string, files: { name: string; content: string | Uint8Array; path?: string }[]): Promise<ApiResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.content]), file.name);
  for (const file of files) form.append('paths', file.path ?? '');
  const response = await fetch(`${base}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
  const text = await response.text();
  observedResponses.push({ method: 'POST', path: '/api/files', status: response.status, allow: response.headers.get('allow') });
  return { status: response.status, body: JSON.parse(text), headers: response.headers, text };
}
