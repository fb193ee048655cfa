/**
 * Use case `health`, shared by `gridrag health` and `GET /api/health`: the database answers,
 * every migration is applied, the query connection's lock-down is proved, how vectors are
 * stored (pgvector, or `real[]` ranked in SQL where the server has no pgvector: "same
 * results, slower"), which embedder makes them (the offline lexical one, or the endpoint's
 * model), and whether an LLM endpoint is configured and answers.
 * @module app/check-health
 */
import { readdir } from 'node:fs/promises';
import { z } from 'zod';
import { llmApiKey, llmConfigured } from '../config.js';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { describeError } from '../errors.js';
import { vectorSearchStatus } from '../prose/index.js';
import type { LockdownReport } from '../query/index.js';
import type { App } from './open-app.js';

export const HealthResultSchema = z.object({
  /** True when the database answers, migrations are current and the lock-down is proved (the LLM does not count). */
  ok: z.boolean(),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'pg']), error: z.string().optional() }),
  migrations: z.object({ ok: z.boolean(), missing: z.array(z.string()) }),
  lockdown: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'pg']), checks: z.number().int(), failed: z.array(z.string()), notes: z.array(z.string()) }),
  /** `reachable`: `GET {LLM_BASE_URL}/models` answered 2xx within 3 s; null when no endpoint is configured. */
  llm: z.object({ configured: z.boolean(), model: z.string().optional(), reachable: z.boolean().nullable(), error: z.string().optional() }),
  /** How passage vectors are stored and ranked here; `message` is the one sentence to show. */
  vectorSearch: z.object({ storage: z.enum(['pgvector', 'real[]']), message: z.string() }),
  /** The embedder: `lexical` (offline word hashing, no model) or `semantic` (the endpoint's model). */
  embedder: z.object({ kind: z.enum(['lexical', 'semantic']), model: z.string(), dimensions: z.number().int(), message: z.string() }),
});
export type HealthResult = z.infer<typeof HealthResultSchema>;

/** How long an LLM reachability answer is reused, in milliseconds. */
const LLM_CHECK_TTL_MS = 30_000;
/** How long the LLM endpoint may take to answer `GET /models`, in milliseconds. */
const LLM_CHECK_TIMEOUT_MS = 3000;

/** Checks health again and again (a server): the lock-down proof and the LLM answer are reused. */
export interface HealthChecker {
  check(): Promise<HealthResult>;
}

/**
 * A checker for a long-running surface: the lock-down proof runs once (again after it
 * failed), the LLM reachability answer is reused for 30 s.
 * @param proveLockdown the proof to use (a server shares its own); default `app.executor.verifyLockdown`, cached
 */
export function createHealthChecker(app: App, proveLockdown?: () => Promise<LockdownReport>): HealthChecker {
  let proof: Promise<LockdownReport> | undefined;
  const prove = proveLockdown ?? (() => {
    proof ??= app.executor.verifyLockdown().catch((error) => {
      proof = undefined;
      throw error;
    });
    return proof;
  });
  let llm: { at: number; value: HealthResult['llm'] } | undefined;
  const checkLlmCached = async () => {
    if (llm && Date.now() - llm.at < LLM_CHECK_TTL_MS) return llm.value;
    const value = await checkLlm(app);
    if (value.configured) llm = { at: Date.now(), value };
    return value;
  };
  return { check: () => collectHealth(app, prove, checkLlmCached) };
}

/**
 * One health check (the command line).
 * @throws nothing for a failing part: each part reports its own `ok` or `error`
 */
export async function checkHealth(app: App): Promise<HealthResult> {
  return createHealthChecker(app).check();
}

async function collectHealth(app: App, prove: () => Promise<LockdownReport>, llmCheck: () => Promise<HealthResult['llm']>): Promise<HealthResult> {
  const database = await app.db
    .query('select 1')
    .then((): HealthResult['database'] => ({ ok: true, kind: app.db.kind }))
    .catch((): HealthResult['database'] => ({ ok: false, kind: app.db.kind, error: 'the database does not answer' }));
  let migrations: HealthResult['migrations'] = { ok: false, missing: [] };
  if (database.ok) {
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
    const applied = new Set((await app.db.query<{ name: string }>('select name from schema_migrations').catch(() => ({ rows: [] as { name: string }[] }))).rows.map((row) => row.name));
    const missing = files.filter((file) => !applied.has(file)).sort();
    migrations = { ok: missing.length === 0, missing };
  }
  let lockdown: HealthResult['lockdown'];
  try {
    const report = await prove();
    lockdown = { ok: report.ok, kind: report.kind, checks: report.checks.length, failed: report.checks.filter((c) => !c.ok).map((c) => c.name), notes: report.notes };
  } catch (error) {
    lockdown = { ok: false, kind: app.executor.kind, checks: 0, failed: [describeError(error).slice(0, 500)], notes: [] };
  }
  const embedder = app.prose.embedder;
  return {
    ok: database.ok && migrations.ok && lockdown.ok,
    database,
    migrations,
    lockdown,
    llm: await llmCheck(),
    vectorSearch: vectorSearchStatus(app.db),
    embedder: {
      kind: embedder.kind,
      model: embedder.model,
      dimensions: embedder.dimensions,
      message: embedder.kind === 'lexical'
        ? `embedder: lexical, offline word hashing (${embedder.model}; matches shared words, no synonyms; set an LLM endpoint for a semantic model)`
        : `embedder: ${embedder.model} at the configured endpoint (${embedder.dimensions} dimensions)`,
    },
  };
}

/** `GET {base}/models` with the key: configured, reachable, or why not (URLs left out of the message). */
async function checkLlm(app: App): Promise<HealthResult['llm']> {
  if (!llmConfigured(app.config)) return { configured: false, reachable: null };
  const base = (app.config.LLM_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const key = llmApiKey(app.config);
  const model = app.llm?.model ?? app.config.LLM_MODEL;
  try {
    const response = await fetch(`${base}/models`, { headers: key ? { Authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(LLM_CHECK_TIMEOUT_MS) });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? { configured: true, model, reachable: true } : { configured: true, model, reachable: false, error: `GET /models answered ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error && 'cause' in error && error.cause ? describeError(error.cause) : describeError(error);
    return { configured: true, model, reachable: false, error: `not reachable (${reason})`.replace(/https?:\/\/\S+/g, '<url>') };
  }
}

/** The report as lines for people: one per part, the vector storage said once. */
export function healthText(report: HealthResult): string[] {
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'FAIL');
  const lines = [
    `${mark(report.database.ok)} database: ${report.database.kind === 'pg' ? 'Postgres server' : 'embedded PGlite'}${report.database.ok ? ' answers' : ` — ${report.database.error}`}`,
    `${mark(report.migrations.ok)} migrations: ${report.migrations.ok ? 'all applied' : `missing ${report.migrations.missing.join(', ') || '(the database does not answer)'}`}`,
    `${mark(report.lockdown.ok)} lock-down: ${report.lockdown.ok ? `proved (${report.lockdown.checks} checks)` : `not proved — failed: ${report.lockdown.failed.join(', ')}`}`,
    ...report.lockdown.notes.map((note) => `     note: ${note}`),
    `ok   ${report.vectorSearch.message}`,
    `ok   ${report.embedder.message}`,
    report.llm.configured
      ? `${report.llm.reachable ? 'ok  ' : 'FAIL'} llm: ${report.llm.model ?? 'model'} ${report.llm.reachable ? 'configured and reachable' : `configured, ${report.llm.error ?? 'not reachable'}`}`
      : 'ok   llm: none configured (offline planner and extractive answers; set LLM_BASE_URL or OPENAI_API_KEY for the agent)',
  ];
  return lines;
}
