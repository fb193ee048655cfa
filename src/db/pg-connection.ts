/**
 * What every `pg` pool of ours shares: the connection string as the driver takes it without
 * warnings, the clients it has checked out, and the protocol's cancel request for them.
 * The driver itself is loaded only when a cancel request is sent (the `db` entry stays light).
 * @module db/pg-connection
 */
import type pg from 'pg';

/** SSL modes the pg driver (8.x) treats as `verify-full`, warning on the console at first use. */
const VERIFY_FULL_ALIASES = new Set(['prefer', 'require', 'verify-ca']);

/** A connection URL as `pg` is given it, and what was changed about the one the user set. */
export interface PgConnectionString {
  connectionString: string;
  /**
   * Set when the URL's `sslmode` is one the driver enforces as `verify-full` (it checks the
   * server's certificate, unlike libpq's `require`): one line saying so, for a failed connection.
   */
  sslNote?: string;
}

/**
 * The user's URL with `sslmode=prefer|require|verify-ca` written as `verify-full`, the mode the pg
 * driver applies to them anyway, so that it prints no multi-line security warning; a URL with
 * `uselibpqcompat=true` (libpq's semantics) is left alone. A string that is not a URL is passed on.
 * @param url a `postgres://` URL (DATABASE_URL, GRIDRAG_READER_URL)
 */
export function pgConnectionString(url: string): PgConnectionString {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url };
  }
  const mode = parsed.searchParams.get('sslmode');
  if (mode === null || !VERIFY_FULL_ALIASES.has(mode) || parsed.searchParams.get('uselibpqcompat') === 'true') return { connectionString: url };
  parsed.searchParams.set('sslmode', 'verify-full');
  return {
    connectionString: parsed.toString(),
    sslNote: `sslmode=${mode}: the pg driver enforces it as verify-full, checking the server's certificate; set sslmode=no-verify to encrypt without the check, or add uselibpqcompat=true for libpq's meaning of ${mode}`,
  };
}

/**
 * The clients of `pool` checked out now (a statement or a transaction running on them), kept up to
 * date from the pool's `acquire` and `release` events.
 */
export function trackCheckedOut(pool: pg.Pool): Set<pg.PoolClient> {
  const busy = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => busy.add(client));
  pool.on('release', (_error, client) => busy.delete(client));
  pool.on('remove', (client) => busy.delete(client as pg.PoolClient));
  return busy;
}

type Cancellable = pg.Client & { processID?: number; secretKey?: number };
type CancelConnection = NodeJS.EventEmitter & { connect(port: number | string, host?: string): void; cancel(processID: number, secretKey: number): void };

/**
 * Sends the protocol's cancel request (over a new connection, with each backend's key) for every
 * client, and waits at most `waitMs` milliseconds for them to be delivered. A backend that is not
 * running a statement ignores it. Never throws.
 * @param connectionString the URL the clients connected with (as `pgConnectionString` returns it)
 */
export async function sendCancelRequests(clients: Iterable<pg.Client>, connectionString: string, waitMs = 500): Promise<void> {
  const { default: driver } = await import('pg');
  const sent = [...clients].map((client) => {
    const { processID, secretKey } = client as Cancellable;
    if (processID === undefined || secretKey === undefined) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const canceller = new driver.Client({ connectionString }) as pg.Client & { connection: CancelConnection; host: string; port: number };
      const connection = canceller.connection;
      connection.on('error', () => resolve());
      connection.on('end', () => resolve());
      connection.on('connect', () => connection.cancel(processID, secretKey));
      if (canceller.host.startsWith('/')) connection.connect(`${canceller.host}/.s.PGSQL.${canceller.port}`);
      else connection.connect(canceller.port, canceller.host);
      setTimeout(resolve, waitMs).unref();
    });
  });
  await Promise.all(sent);
}
