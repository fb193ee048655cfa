/**
 * Runs the HTTP app on a port: listens, starts the syncs, and shuts down gracefully: stop
 * accepting, let in-flight requests finish (bounded), stop the syncs, wait for webhook
 * callbacks (bounded), close the database.
 * @module server/start-server
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { App } from '../app/index.js';
import type { DriveAuth } from '../source/index.js';
import { createHttpApp, type HttpAppOptions } from './create-http-app.js';
import { createSyncRunner, type SyncRunner } from './sync-runner.js';

export interface StartServerOptions extends Omit<HttpAppOptions, 'sync' | 'isReady' | 'logger'> {
  logger: Logger;
  /** Port; 0 picks a free one. */
  port: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** `--sync <folder>` */
  syncFolder?: string;
  /** `--drive` */
  drive?: boolean;
  /** `--every`, in milliseconds. */
  everyMs?: number;
  /** A signed-in Drive client instead of the configured credentials (tests). */
  driveAuth?: DriveAuth;
  /** Longest wait for in-flight requests at shutdown, in milliseconds. @default 10000 */
  drainMs?: number;
}

export interface RunningServer {
  /** `http://host:port` */
  url: string;
  port: number;
  server: Server;
  sync: SyncRunner;
  /** Graceful shutdown; closes the app too. Idempotent. */
  close(): Promise<void>;
}

function within(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { app, logger } = options;
  const sync = createSyncRunner({ app, logger, folder: options.syncFolder, drive: options.drive, everyMs: options.everyMs, driveAuth: options.driveAuth });
  let ready = false;
  const http = createHttpApp({ ...options, sync, isReady: () => ready });
  const server = http.handler.listen(options.port, options.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Longer than the usual 60 s idle timeout of proxies and load balancers in front, so they close first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 5 * 60_000;
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  try {
    await sync.start();
  } catch (error) {
    server.close();
    throw error;
  }
  ready = true;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    sync,
    close() {
      closing ??= (async () => {
        ready = false;
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await within(drained, options.drainMs ?? 10_000);
        server.closeAllConnections();
        await within(sync.stop(), 30_000);
        await within(http.pendingCallbacks(), 5_000);
        await app.close();
      })();
      return closing;
    },
  };
}
