/**
 * An open app on a fresh database of each adapter, for end-to-end tests, and one over files
 * written to a temp folder and ingested (`appOverFiles`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { ask } from '../../src/agent/index.js';
import type { Answer } from '../../src/agent/answer.js';
import { ingestPaths, openApp, type App } from '../../src/app/index.js';
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

/**
 * A fresh app of `adapter` over files written to a temp folder and ingested before the tests of
 * the calling `describe` (`beforeAll`), disposed after them. `files` maps a file name to its CSV
 * text or to a function giving a workbook's bytes; a list of paths is ingested as it is instead.
 * Ingest errors fail the suite.
 * @returns `app()` once ingested, and `ask(question)` over it
 */
export function appOverFiles(adapter: DbAdapter, files: Record<string, string | (() => Promise<Buffer>)> | string[]): { app(): App; ask(question: string): Promise<Answer> } {
  let test: TestApp | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-files-'));
    const paths = Array.isArray(files) ? files : [folder];
    if (!Array.isArray(files)) for (const [name, content] of Object.entries(files)) await writeFile(path.join(folder, name), typeof content === 'string' ? content : await content());
    test = await openTestApp(adapter);
    const summary = await ingestPaths(test.app, paths);
    expect(summary.errors).toEqual([]);
  });
  afterAll(async () => {
    await test?.dispose();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  const app = (): App => {
    if (!test) throw new Error('appOverFiles: the app is opened in beforeAll; use it inside a test');
    return test.app;
  };
  return { app, ask: (question) => ask(app(), question) };
}
