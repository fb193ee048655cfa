/**
 * Opens the app for one CLI command and always closes it.
 * @module cli/with-app
 */
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';

/** Runs `fn` with an open app; `tenant` overrides GRIDRAG_TENANT. */
export async function withApp<T>(options: { tenant?: string }, fn: (app: App) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (options.tenant) config.GRIDRAG_TENANT = options.tenant;
  const app = await openApp({ config });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

/** Prints JSON to stdout, pretty. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
