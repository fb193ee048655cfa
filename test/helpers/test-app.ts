/**
 * An open app on a fresh database of each adapter, for end-to-end tests.
 */
import { openApp, type App } from '../../src/app/index.js';
import { loadConfig } from '../../src/config.js';
import type { Llm } from '../../src/llm/index.js';
import type { DbAdapter } from './db-adapters.js';

export interface TestApp {
  app: App;
  dispose(): Promise<void>;
}

/** Opens an app on a fresh database of `adapter` with the given tenant and LLM (none by default). */
export async function openTestApp(adapter: DbAdapter, options: { tenant?: string; llm?: Llm } = {}): Promise<TestApp> {
  const test = await adapter.create();
  const config = { ...loadConfig({}), DATABASE_URL: test.url, GRIDRAG_TENANT: options.tenant ?? 'default' };
  const app = await openApp({ config, db: test.db, dataDir: null, llm: options.llm ?? null });
  return {
    app,
    async dispose() {
      await app.executor.close().catch(() => undefined);
      await test.dispose();
    },
  };
}
