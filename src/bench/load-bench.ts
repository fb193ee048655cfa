/**
 * Load on `gridrag serve`: autocannon against `POST /api/ask` on the bundled examples at 1, 8
 * and 32 connections (requests/s, p50/p99 latency, errors; 429s counted apart), and one hostile
 * slow statement (`POST /api/sql`, a guarded cross join) sent while a single connection asks:
 * how much it stalls the others. The server is the real CLI in a child process.
 * @module bench/load-bench
 */
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/gridrag.js');
/** Questions the bundled examples answer (those of `gridrag demo`), cycled by every connection. */
const LOAD_QUESTIONS = [
  'How many complaints did we get overall?',
  'Which location had the most complaints in March 2025?',
  'What is the average rating for Utrecht?',
  'Total amount by country',
  'How many orders went to ZIP code 01067?',
  'Which month had the most responses overall?',
];
/** A statement the guard allows that takes long: 400³ rows through the JSONB view. */
const HOSTILE_SQL = 'select count(*) as n from orders a cross join orders b cross join orders c';

type Line = (label: string, value: string, target?: string, ok?: boolean) => void;

async function startServe(env: NodeJS.ProcessEnv): Promise<{ base: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+?) /.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function statusCount(result: autocannon.Result, status: number): number {
  return result.statusCodeStats?.[`${status}` as `${number}`]?.count ?? 0;
}

/**
 * @param kind `pglite` (a fresh folder under `directory`) or `pg` (DATABASE_URL, a fresh tenant)
 * @param seconds per connection count
 */
export async function loadBench(kind: 'pglite' | 'pg', directory: string, seconds: number, line: Line): Promise<void> {
  process.stdout.write(`\n== gridrag serve under load on ${kind}: POST /api/ask, ${seconds} s per step ==\n`);
  const tenant = `bench_load_${Date.now()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GRIDRAG_DATA_DIR: path.join(directory, `load-${kind}`),
    DATABASE_URL: kind === 'pg' ? process.env.DATABASE_URL : '',
    GRIDRAG_TENANT: tenant,
    GRIDRAG_RATE_LIMIT_PER_MINUTE: '100000000',
    GRIDRAG_LOG_LEVEL: 'warn',
    LLM_API_KEY: '',
    OPENAI_API_KEY: '',
    LLM_BASE_URL: '',
  };
  execFileSync(process.execPath, [BIN, 'ingest', path.join(ROOT, 'examples')], { env, stdio: 'ignore' });
  const key = JSON.parse(execFileSync(process.execPath, [BIN, 'keys', 'create', '--tenant', tenant, '--access', '*', '--json'], { env }).toString('utf8')).key as string;
  const server = await startServe(env);
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const requests = LOAD_QUESTIONS.map((question) => ({ method: 'POST' as const, path: '/api/ask', headers, body: JSON.stringify({ question }) }));
  try {
    await run({ url: server.base, connections: 1, duration: 1, requests }); // warm-up: proof, caches
    for (const connections of [1, 8, 32]) {
      const result = await run({ url: server.base, connections, duration: seconds, requests, timeout: 30 });
      const limited = statusCount(result, 429);
      const errors = result.errors + result.timeouts + result.non2xx - limited;
      line(
        `  ${connections} connection${connections === 1 ? '' : 's'}`,
        `${Math.round(result.requests.average)} req/s`,
        undefined,
      );
      line(`    latency p50 / p99`, `${result.latency.p50} / ${result.latency.p99} ms`);
      line(`    errors (429s apart: ${limited})`, String(errors), '0', errors === 0);
    }

    // One hostile slow statement; meanwhile single asks, one after another, each timed.
    let askErrors = 0;
    const ask = async () => {
      const begin = Date.now();
      try {
        const response = await fetch(`${server.base}/api/ask`, { method: 'POST', headers, body: requests[0].body });
        await response.arrayBuffer();
        if (!response.ok) askErrors++;
      } catch {
        askErrors++;
      }
      return Date.now() - begin;
    };
    const alone = Math.max(await ask(), await ask(), await ask());
    const started = Date.now();
    let finished = false;
    const hostile = fetch(`${server.base}/api/sql`, { method: 'POST', headers, body: JSON.stringify({ sql: HOSTILE_SQL }) })
      .then(async (response) => ({ status: response.status, code: ((await response.json()) as { error?: { code: string } }).error?.code }))
      .catch((error: Error) => ({ status: 0, code: error.message }))
      .finally(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during: number[] = [];
    while (!finished && Date.now() - started < 120_000) during.push(await ask());
    const slow = await hostile;
    const worst = Math.max(0, ...during);
    line('  hostile cross join: answer', `${slow.status} ${slow.code ?? 'ok'} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    line('  one ask alone (worst of 3)', `${alone} ms`);
    // "Must not stall the others beyond its timeout": an ask waits at most the statement timeout, plus its own time.
    const limitMs = loadConfig(env).GRIDRAG_STATEMENT_TIMEOUT_MS + alone + 1000;
    line('  asks while it runs: count, worst, errors', `${during.length}, ${worst} ms, ${askErrors}`, `≤ timeout + own time (${limitMs} ms)`, worst <= limitMs && askErrors === 0);
  } finally {
    await server.stop();
  }
}
