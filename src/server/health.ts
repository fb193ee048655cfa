/**
 * `GET /api/health`: the database answers, every migration is applied, the query connection's
 * lock-down is proved, whether an LLM endpoint is configured and answers, and how vector
 * search runs here (pgvector, or `real[]` ranked in SQL where the server has no pgvector).
 * @module server/health
 */
import { readdir } from 'node:fs/promises';
import type { App } from '../app/index.js';
import { llmApiKey, llmConfigured } from '../config.js';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { describeError } from '../errors.js';
import { vectorSearchStatus } from '../prose/index.js';
import type { LockdownReport } from '../query/executor.js';

/** How long an LLM reachability answer is reused, in milliseconds. */
const LLM_CHECK_TTL_MS = 30_000;

export interface HealthChecker {
  check(): Promise<{ ok: boolean; [part: string]: unknown }>;
}

/**
 * @param proveLockdown runs (once, then cached while it passes) the full lock-down proof
 */
export function createHealthChecker(app: App, proveLockdown: () => Promise<LockdownReport>): HealthChecker {
  let llm: { at: number; value: { configured: boolean; reachable: boolean | null; error?: string } } | undefined;

  async function checkLlm() {
    if (!llmConfigured(app.config)) return { configured: false, reachable: null };
    if (llm && Date.now() - llm.at < LLM_CHECK_TTL_MS) return llm.value;
    const base = (app.config.LLM_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
    const key = llmApiKey(app.config);
    let value: { configured: boolean; reachable: boolean | null; error?: string };
    try {
      const response = await fetch(`${base}/models`, { headers: key ? { Authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(3000) });
      await response.arrayBuffer().catch(() => undefined);
      value = response.ok ? { configured: true, reachable: true } : { configured: true, reachable: false, error: `GET /models answered ${response.status}` };
    } catch (error) {
      value = { configured: true, reachable: false, error: `not reachable (${error instanceof Error && 'cause' in error ? describeError(error.cause) : describeError(error)})`.replace(/https?:\/\/\S+/g, '<url>') };
    }
    llm = { at: Date.now(), value };
    return value;
  }

  return {
    async check() {
      const database = await app.db
        .query('select 1')
        .then(() => ({ ok: true, kind: app.db.kind }))
        .catch(() => ({ ok: false, kind: app.db.kind, error: 'the database does not answer' }));
      let migrations = { ok: false, missing: [] as string[] };
      if (database.ok) {
        const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
        const applied = new Set((await app.db.query<{ name: string }>('select name from schema_migrations').catch(() => ({ rows: [] as { name: string }[] }))).rows.map((row) => row.name));
        const missing = files.filter((file) => !applied.has(file)).sort();
        migrations = { ok: missing.length === 0, missing };
      }
      let lockdown: { ok: boolean; kind: 'pg' | 'pglite'; checks: number; failed: string[]; notes: string[] };
      try {
        const report = await proveLockdown();
        lockdown = { ok: report.ok, kind: report.kind, checks: report.checks.length, failed: report.checks.filter((c) => !c.ok).map((c) => c.name), notes: report.notes };
      } catch (error) {
        lockdown = { ok: false, kind: app.executor.kind, checks: 0, failed: [describeError(error).slice(0, 500)], notes: [] };
      }
      const llmState = await checkLlm();
      return { ok: database.ok && migrations.ok && lockdown.ok, database, migrations, lockdown, llm: llmState, vectorSearch: vectorSearchStatus(app.db) };
    },
  };
}
