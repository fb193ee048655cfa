/**
 * `gridrag ingest` and `gridrag ask` over documents, as a person runs them (the built CLI):
 * passage citations in the text answer, `mode` and `passages` in `ask --json`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { REPO_ROOT } from './helpers/shared-paths.js';

const run = promisify(execFile);
const BIN = path.join(REPO_ROOT, 'bin/gridrag.js');
let home: string;

async function gridrag(...args: string[]): Promise<{ stdout: string; code: number }> {
  return gridragWith({}, ...args);
}

async function gridragWith(extra: Record<string, string>, ...args: string[]): Promise<{ stdout: string; code: number }> {
  const env = { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data'), ...extra };
  try {
    const { stdout } = await run(process.execPath, [BIN, ...args], { env, cwd: home });
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; code: number };
    return { stdout: failed.stdout, code: failed.code };
  }
}

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-prose-cli-'));
  await mkdir(path.join(home, 'docs'));
  await writeFile(path.join(home, 'docs', 'policies.md'), '# Policies\n\n## Shipping\nOrders ship within 3 working days.\n\n## Returns\nReturns are accepted for 30 days.\n');
  await writeFile(path.join(home, 'docs', 'orders.csv'), 'Order,Country,Amount\n1,Germany,120\n2,France,80\n');
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('gridrag ask over documents', () => {
  it('ingests, embeds, and prints passage citations; --json carries mode and passages', async () => {
    const ingest = await gridrag('ingest', 'docs');
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toContain('chunks embedded (document passages and table rows): 4'); // 2 passages, 2 table rows
    const text = await gridrag('ask', 'How long does shipping take?');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('[1] "Orders ship within 3 working days."');
    expect(text.stdout).toMatch(/— policies\.md › Policies › Shipping \(chunk 0, score 0\.\d{4}, similarity 0\.\d\d, version 1\)/);
    const json = JSON.parse((await gridrag('ask', 'How long does shipping take?', '--json')).stdout);
    expect(json).toMatchObject({ mode: 'vector', sources: [], passages: [{ file: 'policies.md', heading: 'Policies › Shipping', chunk: 0, version: 1 }] });
  });
});

describe('gridrag health', () => {
  it('says the database answers, migrations are current, the lock-down is proved, and how vectors and embeddings are made', async () => {
    const text = await gridrag('health');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ok {3}database: embedded PGlite answers\nok {3}migrations: all applied\nok {3}lock-down: proved \(\d+ checks\)\n/);
    expect(text.stdout).toContain('ok   vector search: pgvector (vector(1536), HNSW cosine index)');
    expect(text.stdout).toContain('ok   embedder: lexical, offline word hashing (lexical-hashing-1536');
    expect(text.stdout).toContain('ok   llm: none configured');
    const json = JSON.parse((await gridrag('health', '--json')).stdout);
    expect(json).toMatchObject({ ok: true, database: { kind: 'pglite' }, vectorSearch: { storage: 'pgvector' }, embedder: { kind: 'lexical' }, llm: { configured: false } });
  });

  for (const adapter of DB_ADAPTERS.filter((candidate) => candidate.name === 'pg')) {
    it('on a Postgres server: says where vectors are stored (the real[] fallback once, without pgvector)', async () => {
      const server = await adapter.create();
      try {
        const { rows } = await server.db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'vector'`);
        const text = await gridragWith({ DATABASE_URL: server.url as string }, 'health');
        expect(text.code).toBe(0);
        expect(text.stdout).toContain('ok   database: Postgres server answers');
        if (rows[0].n === 1) expect(text.stdout).toContain('vector search: pgvector');
        else expect(text.stdout.match(/vectors are stored as real\[\] and ranked in SQL \(same results, slower\)/g)).toHaveLength(1);
      } finally {
        await server.dispose();
      }
    });
  }
});
