/**
 * The web page of `gridrag serve` (issue 14): the built assets of `web/` (Vite, in
 * `dist/web/`) served at `/`, and the optional open mode (`GRIDRAG_WEB_OPEN=1`) in which a
 * browser on the server's own machine needs no API key.
 * @module server/web-page
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type RequestHandler } from 'express';
import type { ApiKey } from '../app/api-keys.js';

/** `dist/web`, found from this module in `src/server/` or `dist/server/` (both two folders below the package). */
export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** The header the page sends in open mode; a page of another origin cannot send it without a CORS preflight this server never grants. */
export const WEB_HEADER = 'x-gridrag-web';

/** Id of the key open mode acts as (in logs and the audit log: `key:web-open`). */
export const OPEN_KEY_ID = 'web-open';

/**
 * Content-Security-Policy of the page: everything from this server only, so the page cannot
 * make a request elsewhere. `unsafe-eval`: Vega compiles its expressions with `Function`.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

function loopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

function loopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * True when open mode applies to this request: `GRIDRAG_WEB_OPEN=1`, the connection comes from
 * a loopback address and the Host header names a loopback host (so a DNS-rebinding page is
 * refused). The reverse-proxy caveat: behind a proxy on the same machine every request looks
 * local, so do not set it there.
 */
export function openModeFor(open: boolean, request: Request): boolean {
  return open && loopbackAddress(request.socket.remoteAddress) && loopbackHost(request.headers.host);
}

/** The key open mode acts as: the server's tenant, every level, no webhook secret (webhooks need a real key). */
export function openKey(tenantId: string): ApiKey {
  return { id: OPEN_KEY_ID, tenantId, name: 'web page (GRIDRAG_WEB_OPEN)', accessLevels: undefined, prefix: '', webhookSecret: '', createdAt: new Date(0).toISOString(), revokedAt: null, lastUsedAt: null };
}

/** True when the request may act as the open key: open mode applies and the page's header is present. */
export function openApiRequest(open: boolean, request: Request): boolean {
  return openModeFor(open, request) && request.headers[WEB_HEADER] === '1';
}

/**
 * The static handler for `/`: the built page with a strict CSP, or a one-line note when the
 * assets were not built (`npm run build`).
 */
export function webPageHandler(dir = WEB_DIR): RequestHandler {
  if (!existsSync(path.join(dir, 'index.html'))) {
    return (request, response, next) => {
      if (request.method !== 'GET' || request.path !== '/') return next();
      response.status(404).type('text/plain').send('The web page is not built: run `npm run build`. The HTTP API is at /api (see /openapi.json).\n');
    };
  }
  const serve = express.static(dir, {
    index: 'index.html',
    fallthrough: true,
    setHeaders: (response, file) => {
      response.setHeader('Content-Security-Policy', CSP);
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Referrer-Policy', 'no-referrer');
      // Hashed asset names never change; index.html always revalidates.
      response.setHeader('Cache-Control', file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  return (request, response, next) => {
    if (request.path.startsWith('/api/') || request.path === '/api') return next();
    serve(request, response, next);
  };
}
