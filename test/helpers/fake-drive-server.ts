/**
 * A fake Google Drive: a real HTTP server on 127.0.0.1 speaking Drive v3's wire format for
 * files.list (with `'<id>' in parents` queries and paging), files.get (metadata and
 * `alt=media`), files.export, changes.getStartPageToken and changes.list (paging, removed
 * entries), plus an OAuth token endpoint (refresh-token and JWT-bearer grants). Files live
 * in memory; tests add, update, rename, move, trash, restore and remove them, and inject
 * failures (429, 5xx, 403/404 for a file, expired access tokens).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const FOLDER = 'application/vnd.google-apps.folder';
export const GOOGLE_SHEET = 'application/vnd.google-apps.spreadsheet';
export const GOOGLE_DOC = 'application/vnd.google-apps.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  modifiedTime: string;
  /** Bytes of a binary file. */
  content?: Uint8Array;
  /** Export formats of a Google-native file. */
  exports?: Record<string, Uint8Array>;
}

/** One API request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

/** A failure to answer with instead of the real response. */
export interface InjectedFailure {
  status: number;
  /** How many matching requests fail (`Infinity`: until `clearFailures`). @default 1 */
  times?: number;
  /** Which requests: default every API request (never the token endpoint). */
  when?: (request: RecordedRequest) => boolean;
  /** Google error reason, e.g. `rateLimitExceeded`. */
  reason?: string;
}

/** The credentials the token endpoint accepts for the refresh-token grant. */
export const FAKE_OAUTH = { clientId: 'fake-client', clientSecret: 'fake-secret', refreshToken: 'fake-refresh-token' };

export class FakeDriveServer {
  /** Drive API root for `google.drive({ rootUrl })`, ends with `/`. */
  readonly rootUrl: string;
  /** OAuth token endpoint. */
  readonly tokenUrl: string;
  /** API requests in order (token calls excluded). */
  readonly requests: RecordedRequest[] = [];
  /** Token grants in order: `refresh_token` or `jwt-bearer` with the JWT's issuer. */
  readonly tokenGrants: { grantType: string; issuer?: string; scope?: string }[] = [];
  /** Largest page files.list and changes.list return, to exercise paging. */
  pageSize: number;
  /** `expires_in` of issued access tokens, in seconds. */
  tokenLifetimeSeconds = 3600;

  private readonly files = new Map<string, FakeFile>();
  private readonly changeLog: string[] = [];
  private readonly validTokens = new Set<string>();
  private readonly failures: (InjectedFailure & { left: number })[] = [];
  private nextId = 1;
  private clock = Date.parse('2025-01-01T00:00:00Z');

  private constructor(private readonly server: Server, pageSize: number) {
    const { port } = server.address() as AddressInfo;
    this.rootUrl = `http://127.0.0.1:${port}/`;
    this.tokenUrl = `http://127.0.0.1:${port}/token`;
    this.pageSize = pageSize;
  }

  /** Starts a server on a free port of 127.0.0.1. */
  static async start(options: { pageSize?: number } = {}): Promise<FakeDriveServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeDriveServer(server, options.pageSize ?? 100);
    server.on('request', (request, response) => {
      fake.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 500, message: String(error) } }));
      });
    });
    return fake;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  addFolder(name: string, parentId?: string): string {
    return this.create({ name, mimeType: FOLDER, parents: parentId ? [parentId] : [] });
  }

  addFile(name: string, parentId: string, content: string | Uint8Array, mimeType = 'application/octet-stream'): string {
    return this.create({ name, mimeType, parents: [parentId], content: bytesOf(content) });
  }

  /** A Google Sheet whose .xlsx export is `xlsx`. */
  addGoogleSheet(name: string, parentId: string, xlsx: Uint8Array): string {
    return this.create({ name, mimeType: GOOGLE_SHEET, parents: [parentId], exports: { [XLSX]: xlsx } });
  }

  /**
   * A Google Doc whose Markdown and plain-text exports are `text`; with `markdown: false`, only
   * the plain-text export exists (Drive answers 400 for Markdown, as it did before 2024).
   */
  addGoogleDoc(name: string, parentId: string, text: string, options: { markdown?: boolean } = {}): string {
    const bytes = bytesOf(text);
    const exports: Record<string, Uint8Array> = options.markdown === false ? { 'text/plain': bytes } : { 'text/markdown': bytes, 'text/plain': bytes };
    return this.create({ name, mimeType: GOOGLE_DOC, parents: [parentId], exports });
  }

  /** New content (a binary file) or a new export (a Google Sheet or Doc). */
  updateFile(id: string, content: string | Uint8Array): void {
    const file = this.get(id);
    if (file.exports) for (const mime of Object.keys(file.exports)) file.exports[mime] = bytesOf(content);
    else file.content = bytesOf(content);
    file.modifiedTime = this.tick();
    this.changed(id);
  }

  rename(id: string, name: string): void {
    const file = this.get(id);
    file.name = name;
    file.modifiedTime = this.tick();
    this.changed(id);
  }

  move(id: string, parentId: string): void {
    this.get(id).parents = [parentId];
    this.changed(id);
  }

  trash(id: string): void {
    this.get(id).trashed = true;
    this.changedTree(id);
  }

  untrash(id: string): void {
    this.get(id).trashed = false;
    this.changedTree(id);
  }

  /** Deletes permanently (the changes feed then reports `removed: true`). */
  remove(id: string): void {
    for (const child of this.childrenOf(id)) this.remove(child.id);
    this.files.delete(id);
    this.changeLog.push(id);
  }

  /** Makes the next matching API requests fail. */
  failNext(failure: InjectedFailure): void {
    this.failures.push({ ...failure, left: failure.times ?? 1 });
  }

  /** Drops every injected failure not used up yet. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  /** Every access token issued so far stops working (the next API call gets a 401). */
  expireAccessTokens(): void {
    this.validTokens.clear();
  }

  private create(init: Omit<FakeFile, 'id' | 'trashed' | 'modifiedTime'>): string {
    const id = `f${this.nextId++}`;
    this.files.set(id, { ...init, id, trashed: false, modifiedTime: this.tick() });
    this.changed(id);
    return id;
  }

  private get(id: string): FakeFile {
    const file = this.files.get(id);
    if (!file) throw new Error(`fake drive: no file ${id}`);
    return file;
  }

  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private changed(id: string): void {
    this.changeLog.push(id);
  }

  private changedTree(id: string): void {
    this.changed(id);
    for (const child of this.childrenOf(id)) this.changedTree(child.id);
  }

  private childrenOf(id: string): FakeFile[] {
    return [...this.files.values()].filter((file) => file.parents.includes(id));
  }

  /** Trashed itself or under a trashed folder, as Drive reports it. */
  private isTrashed(file: FakeFile): boolean {
    for (let current: FakeFile | undefined = file; current; current = this.files.get(current.parents[0] ?? '')) {
      if (current.trashed) return true;
    }
    return false;
  }

  private resource(file: FakeFile): Record<string, unknown> {
    const resource: Record<string, unknown> = {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.parents,
      trashed: this.isTrashed(file),
      modifiedTime: file.modifiedTime,
    };
    if (file.content) {
      resource.size = String(file.content.byteLength);
      resource.md5Checksum = createHash('md5').update(file.content).digest('hex');
    }
    return resource;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.rootUrl);
    if (url.pathname === '/token' && request.method === 'POST') return this.token(await readBody(request), response);

    const recorded: RecordedRequest = { method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) };
    this.requests.push(recorded);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.validTokens.has(token)) return sendError(response, 401, 'Invalid Credentials', 'authError');
    const failure = this.failures.find((candidate) => candidate.left > 0 && (candidate.when?.(recorded) ?? true));
    if (failure) {
      failure.left -= 1;
      return sendError(response, failure.status, `injected ${failure.status}`, failure.reason ?? 'injected');
    }

    const path = url.pathname.replace(/^\/drive\/v3/, '');
    const query = url.searchParams;
    if (path === '/files') return this.listFiles(query, response);
    if (path === '/changes/startPageToken') return sendJson(response, { kind: 'drive#startPageToken', startPageToken: String(this.changeLog.length + 1) });
    if (path === '/changes') return this.listChanges(query, response);
    const match = /^\/files\/([^/]+)(\/export)?$/.exec(path);
    if (!match) return sendError(response, 404, `unknown path ${path}`, 'notFound');
    const file = this.files.get(decodeURIComponent(match[1]));
    if (!file) return sendError(response, 404, `File not found: ${match[1]}.`, 'notFound');
    if (match[2]) {
      const exported = file.exports?.[query.get('mimeType') ?? ''];
      if (!file.exports) return sendError(response, 403, 'Export only supports Docs Editors files.', 'fileNotExportable');
      if (!exported) return sendError(response, 400, 'The requested conversion is not supported.', 'badRequest');
      return sendBytes(response, exported);
    }
    if (query.get('alt') === 'media') {
      if (!file.content) return sendError(response, 403, 'Only files with binary content can be downloaded.', 'fileNotDownloadable');
      return sendBytes(response, file.content);
    }
    return sendJson(response, this.resource(file));
  }

  private listFiles(query: URLSearchParams, response: ServerResponse): void {
    const q = query.get('q') ?? '';
    const parent = /'((?:[^'\\]|\\.)*)' in parents/.exec(q)?.[1]?.replace(/\\(.)/g, '$1');
    const notTrashed = /trashed\s*=\s*false/.test(q);
    const matching = [...this.files.values()]
      .filter((file) => (parent === undefined || file.parents.includes(parent)) && (!notTrashed || !this.isTrashed(file)))
      .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
    const start = Number(query.get('pageToken') ?? 0);
    const size = Math.min(Number(query.get('pageSize') ?? 100), this.pageSize);
    const page = matching.slice(start, start + size);
    const body: Record<string, unknown> = { kind: 'drive#fileList', files: page.map((file) => this.resource(file)) };
    if (start + size < matching.length) body.nextPageToken = String(start + size);
    sendJson(response, body);
  }

  private listChanges(query: URLSearchParams, response: ServerResponse): void {
    const token = Number(query.get('pageToken'));
    if (!Number.isInteger(token) || token < 1 || token > this.changeLog.length + 1) {
      return sendError(response, 400, 'Invalid Value', 'invalid');
    }
    const size = Math.min(Number(query.get('pageSize') ?? 100), this.pageSize);
    const ids = this.changeLog.slice(token - 1, token - 1 + size);
    const changes = ids.map((fileId) => {
      const file = this.files.get(fileId);
      return file
        ? { kind: 'drive#change', changeType: 'file', fileId, removed: false, time: file.modifiedTime, file: this.resource(file) }
        : { kind: 'drive#change', changeType: 'file', fileId, removed: true, time: new Date(this.clock).toISOString() };
    });
    const next = token + ids.length;
    const body: Record<string, unknown> = { kind: 'drive#changeList', changes };
    if (next <= this.changeLog.length) body.nextPageToken = String(next);
    else body.newStartPageToken = String(next);
    sendJson(response, body);
  }

  private token(body: string, response: ServerResponse): void {
    const form = new URLSearchParams(body);
    const grantType = form.get('grant_type') ?? '';
    if (grantType === 'refresh_token') {
      const ok =
        form.get('refresh_token') === FAKE_OAUTH.refreshToken &&
        form.get('client_id') === FAKE_OAUTH.clientId &&
        form.get('client_secret') === FAKE_OAUTH.clientSecret;
      if (!ok) return sendJson(response, { error: 'invalid_grant', error_description: 'Bad Request' }, 400);
      this.tokenGrants.push({ grantType: 'refresh_token' });
    } else if (grantType === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      const payload = (form.get('assertion') ?? '').split('.')[1] ?? '';
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8') || '{}') as { iss?: string; scope?: string };
      if (!claims.iss) return sendJson(response, { error: 'invalid_grant', error_description: 'bad assertion' }, 400);
      this.tokenGrants.push({ grantType: 'jwt-bearer', issuer: claims.iss, scope: claims.scope });
    } else {
      return sendJson(response, { error: 'unsupported_grant_type' }, 400);
    }
    const accessToken = `access-${this.tokenGrants.length}`;
    this.validTokens.add(accessToken);
    sendJson(response, { access_token: accessToken, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer', scope: form.get('scope') ?? undefined });
  }
}

function bytesOf(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

function sendBytes(response: ServerResponse, bytes: Uint8Array): void {
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) });
  response.end(Buffer.from(bytes));
}

function sendError(response: ServerResponse, status: number, message: string, reason: string): void {
  sendJson(response, { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } }, status);
}
