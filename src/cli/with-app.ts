/**
 * Opens the app for one CLI command and always closes it.
 * @module cli/with-app
 */
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';
import { InvalidRequestError } from '../errors.js';
import { stopOnSignal } from './stop-on-signal.js';

export { printJson } from './output.js';

/**
 * Runs `fn` with an open app; `tenant` overrides GRIDRAG_TENANT. When this command created
 * the embedded database (no `.gridrag` at or above the working directory), says so on stderr.
 * Ctrl-C and SIGTERM stop it (see `stop-on-signal.ts`) from before the app opens until it is closed.
 * @throws InvalidRequestError when `tenant` is given but empty, longer than 100 characters, or
 *   holds spaces or control characters (`--tenant ''` would otherwise fall back to the default tenant)
 */
export async function withApp<T>(options: { tenant?: string }, fn: (app: App) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (options.tenant !== undefined) {
    if (!/^[^\s\p{Cc}]{1,100}$/u.test(options.tenant)) {
      throw new InvalidRequestError(`--tenant must be a tenant id of 1 to 100 characters with no spaces or control characters (got ${JSON.stringify(options.tenant)})`);
    }
    config.GRIDRAG_TENANT = options.tenant;
  }
  let opened: App | undefined;
  // Installed first: a signal while the app opens exits too (the exit hook frees the folder).
  const uninstall = stopOnSignal(async () => opened?.abort());
  try {
    opened = await openApp({ config });
  } catch (error) {
    uninstall();
    throw error;
  }
  const app = opened;
  if (app.dataDir?.created) {
    process.stderr.write(`gridrag: created a new embedded database in ${app.dataDir.path} (no .gridrag folder here or above; set GRIDRAG_DATA_DIR to choose one)\n`);
  }
  try {
    return await fn(app);
  } finally {
    // Removed only once the app is closed: a signal while it closes (the engine checkpointing,
    // the folder still locked) would otherwise end the process by the default action, without
    // "stopping", exit code 143 or the folder's lock released.
    try {
      await app.close();
    } finally {
      uninstall();
    }
  }
}
