/**
 * Bench parts for issue 9 and the embedded folder of issue 10: how fast a runaway query and a
 * signal stop on each engine, how soon a fresh embedded folder answers and how much memory an
 * idle one holds, and a soak of processes overlapping on one folder.
 * @module bench/stop-bench
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../db/index.js';
import { createExecutor } from '../query/index.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.resolve(HERE, '../../bin/gridrag.js');
const DIST = path.resolve(HERE, '..');

/** Rows a runaway cross join would produce: 10^12, far beyond any timeout. */
const RUNAWAY = `select count(*) from generate_series(1,10000) a, generate_series(1,10000) b, generate_series(1,10000) c`;
/** Plan caps high enough that the runaway runs instead of being refused. */
const UNCAPPED = { GRIDRAG_PLAN_MAX_ROWS: '1e15', GRIDRAG_PLAN_MAX_COST: '1e15' };

type Line = (label: string, value: string, target?: string, ok?: boolean) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, LLM_API_KEY: '', OPENAI_API_KEY: '', LLM_BASE_URL: '', ...extra };
}

/** A runaway query through the executor with the default 5 s timeout: time until the caller has its error. */
export async function runawayBench(kind: 'pglite' | 'pg', directory: string, line: Line): Promise<void> {
  process.stdout.write(`\n== a runaway query on ${kind} ==\n`);
  const db = kind === 'pglite' ? await createDb({ dataDir: path.join(directory, 'runaway') }) : await createDb({ databaseUrl: process.env.DATABASE_URL });
  try {
    const timeoutMs = 5000;
    const scope = { tenantId: 'bench', tableIds: [] };
    const refusing = await createExecutor({ db, databaseUrl: process.env.DATABASE_URL || undefined, timeoutMs });
    let start = performance.now();
    const refused = await refusing.run(RUNAWAY, scope).catch((error: Error) => error);
    line('  refused by the plan caps after', `${Math.round(performance.now() - start)} ms`, undefined, refused instanceof Error && /limit is/.test(refused.message));
    await refusing.close();
    const running = await createExecutor({ db, databaseUrl: process.env.DATABASE_URL || undefined, timeoutMs, planCaps: { maxRows: 1e15, maxCost: 1e15 } });
    await running.run('select 1', scope);
    start = performance.now();
    const stopped = await running.run(RUNAWAY, scope).catch((error: Error) => error);
    const ms = performance.now() - start;
    line(`  stopped at the ${timeoutMs} ms timeout after`, `${Math.round(ms)} ms`, `≤ ${timeoutMs + 1000} ms`, stopped instanceof Error && ms <= timeoutMs + 1000);
    start = performance.now();
    await running.run('select 1', scope);
    line('  next query answered after', `${Math.round(performance.now() - start)} ms`, kind === 'pglite' ? '(engine reopened)' : undefined);
    if (kind === 'pg') await uninterruptibleBench(db, running, line);
    await running.close();
  } finally {
    await db.close();
  }
}

/** A statement Postgres cannot interrupt: one call builds a 1 GB string (the guard refuses it; here it is run without the guard). */
const UNINTERRUPTIBLE = `select length(array_to_string(string_to_array(array_to_string(string_to_array(lpad('',1000,'x'), NULL), lpad('',1000,'y')), NULL), lpad('',1000,'z')))`;

/**
 * On a server: time until the caller has its error for a statement that ignores the statement
 * timeout (the executor gives up on it, see `pg-executor.ts`), and how long its terminated backend runs on.
 */
async function uninterruptibleBench(db: Awaited<ReturnType<typeof createDb>>, executor: Awaited<ReturnType<typeof createExecutor>>, line: Line): Promise<void> {
  // A timeout shorter than the call (about 4–20 s on a 2-core machine).
  const timeoutMs = 1000;
  const scope = { tenantId: 'bench', tableIds: [] };
  const readers = async () =>
    (await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'gridrag-reader'`)).rows[0].n;
  const before = await readers();
  const start = performance.now();
  const stopped = await executor.run(UNINTERRUPTIBLE, scope, { timeoutMs }).catch((error: Error) => error);
  const ms = performance.now() - start;
  line(`  a call Postgres cannot interrupt (1 GB string), ${timeoutMs} ms timeout: caller answered after`, `${Math.round(ms)} ms`, `≤ ${timeoutMs + 1000} ms`, stopped instanceof Error && ms <= timeoutMs + 1000);
  await executor.run('select 1', scope);
  while ((await readers()) > before && performance.now() - start < 120_000) await sleep(100);
  line('  its terminated backend ended after', `${Math.round(performance.now() - start)} ms`, '(it finishes the call first)');
}

/** SIGTERM to `gridrag sql <runaway>`: time until the process is gone and the folder free. */
export async function signalBench(kind: 'pglite' | 'pg', directory: string, line: Line): Promise<void> {
  process.stdout.write(`\n== SIGTERM during a runaway query on ${kind} ==\n`);
  const dataDir = path.join(directory, `signal-${kind}`);
  const env = cleanEnv({ ...UNCAPPED, GRIDRAG_DATA_DIR: dataDir, GRIDRAG_STATEMENT_TIMEOUT_MS: '600000', DATABASE_URL: kind === 'pg' ? (process.env.DATABASE_URL ?? '') : '' });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const child = spawn(process.execPath, [BIN, 'sql', RUNAWAY], { env, stdio: 'ignore' });
    const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(performance.now())));
    await sleep(4000);
    const sent = performance.now();
    child.kill(signal);
    const ms = (await exited) - sent;
    const lockFree = !existsSync(path.join(dataDir, '.gridrag.owner'));
    line(`  ${signal}: process gone after`, `${Math.round(ms)} ms`, '≤ 1000 ms', ms <= 1000 && lockFree);
  }
  if (kind === 'pg') {
    const db = await createDb({ databaseUrl: process.env.DATABASE_URL });
    try {
      await sleep(200);
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'gridrag-reader' and state = 'active'`);
      line('  reader statements still running on the server', String(rows[0].n), '0', rows[0].n === 0);
    } finally {
      await db.close();
    }
  }
}

/** A fresh folder's first command, process start included; and the resident memory of an idle open database. */
export async function freshFolderBench(directory: string, line: Line): Promise<void> {
  process.stdout.write('\n== a fresh embedded folder ==\n');
  const env = cleanEnv({ GRIDRAG_DATA_DIR: path.join(directory, 'fresh'), DATABASE_URL: '' });
  let start = performance.now();
  execFileSync(process.execPath, [BIN, 'tables'], { env, stdio: 'ignore' });
  const first = (performance.now() - start) / 1000;
  line('  first command (gridrag tables) wall time', `${first.toFixed(2)} s`, '≤ 3 s', first <= 3);
  start = performance.now();
  execFileSync(process.execPath, [BIN, 'tables'], { env, stdio: 'ignore' });
  line('  the same on the existing folder', `${((performance.now() - start) / 1000).toFixed(2)} s`);
  const script = `
    import { openApp } from '${DIST}/app/index.js';
    const app = await openApp({});
    await app.executor.run('select 1', { tenantId: 'bench', tableIds: [] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rss = process.memoryUsage.rss();
    await app.close();
    process.stdout.write(String(rss));`;
  const before = Number(execFileSync(process.execPath, ['--input-type=module', '-e', 'process.stdout.write(String(process.memoryUsage.rss()))'], { env }).toString());
  const idle = Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env }).toString());
  line('  idle RSS: open database, lock-down proved', `${Math.round(idle / 2 ** 20)} MB`, '(bare node: ' + `${Math.round(before / 2 ** 20)} MB)`);
}

/** Processes overlapping at random on one folder: a blocked owner and a second ingest, `rounds` times. */
export async function soakBench(directory: string, rounds: number, line: Line): Promise<void> {
  process.stdout.write(`\n== ${rounds} overlapping processes on one embedded folder ==\n`);
  const home = path.join(directory, 'soak');
  await mkdir(home, { recursive: true });
  const env = cleanEnv({ GRIDRAG_DATA_DIR: path.join(home, 'data'), DATABASE_URL: '', GRIDRAG_LOCK_WAIT_MS: '120000' });
  const owner = `
    import { openApp, ingestPaths } from '${DIST}/app/index.js';
    const app = await openApp({});
    process.stdout.write('open\\n');
    await ingestPaths(app, [process.argv[1]]);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000 + Math.floor(Math.random() * 3000));
    await ingestPaths(app, [process.argv[2]]);
    await app.close();`;
  const csv = (name: string, rows: number) => ['id,amount', ...Array.from({ length: rows }, (_, i) => `${name}-${i},${i}`)].join('\n');
  const started = performance.now();
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    const files = [`a${round}.csv`, `c${round}.csv`, `b${round}.csv`];
    for (const file of files) await writeFile(path.join(home, file), csv(file, 500));
    const first = spawn(process.execPath, ['--input-type=module', '-e', owner, files[0], files[1]], { env, cwd: home, stdio: ['ignore', 'pipe', 'ignore'] });
    const firstDone = new Promise<number | null>((resolve) => first.on('exit', resolve));
    await new Promise<void>((resolve) => {
      first.stdout?.once('data', () => resolve());
      void firstDone.then(() => resolve());
    });
    await sleep(Math.floor(Math.random() * 3000));
    const second = spawn(process.execPath, [BIN, 'ingest', files[2]], { env, cwd: home, stdio: 'ignore' });
    const codes = await Promise.all([firstDone, new Promise<number | null>((resolve) => second.on('exit', resolve))]);
    if (codes.some((code) => code !== 0)) failures++;
  }
  const db = await createDb({ dataDir: path.join(home, 'data') });
  try {
    const { rows } = await db.query<{ records: number; complete: number; orphans: number }>(
      `select (select count(*)::int from record_manager where source_kind <> 'probe') as records,
              (select count(*)::int from record_manager r where source_kind <> 'probe' and exists (select 1 from tabular_tables t where t.record_id = r.id)
                 and (select count(*) from tabular_document_rows d where d.record_id = r.id) = 500) as complete,
              (select count(*)::int from tabular_document_rows d where not exists (select 1 from tabular_tables t where t.id = d.table_id)) as orphans`,
    );
    const state = rows[0];
    line('  rounds with a failed process', String(failures), '0', failures === 0);
    line('  records complete / expected', `${state.complete} / ${rounds * 3}`, 'all', state.complete === rounds * 3 && state.records === rounds * 3 && state.orphans === 0);
    line('  soak wall time', `${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
  }
}

/** The phases `gridrag ingest --verbose` prints, each a point to stop a big ingest at. */
const INGEST_PHASES = ['reading', 'finding tables', 'storing rows', 'committing'] as const;

/**
 * SIGTERM to `gridrag ingest` of a big file (`file`, already written) as it enters each phase,
 * and 1.5 s into it: time until the process is gone, and whether the folder is free.
 */
export async function ingestStopBench(kind: 'pglite' | 'pg', directory: string, file: string, line: Line): Promise<void> {
  process.stdout.write(`\n== SIGTERM during an ingest of ${path.basename(file)} on ${kind} ==\n`);
  for (const phase of INGEST_PHASES) {
    for (const delayMs of phase === 'committing' ? [0] : [0, 1500]) {
      const dataDir = path.join(directory, `ingest-stop-${kind}-${phase.replace(/ /g, '-')}-${delayMs}`);
      const env = cleanEnv({ GRIDRAG_DATA_DIR: dataDir, DATABASE_URL: kind === 'pg' ? (process.env.DATABASE_URL ?? '') : '' });
      const child = spawn(process.execPath, [BIN, 'ingest', '--verbose', file], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(performance.now())));
      let sent: number | undefined;
      let stderr = '';
      child.stderr?.on('data', (chunk) => {
        stderr += chunk;
        if (sent !== undefined || !stderr.includes(`: ${phase}\n`)) return;
        sent = Number.POSITIVE_INFINITY;
        setTimeout(() => {
          sent = performance.now();
          child.kill('SIGTERM');
        }, delayMs);
      });
      const end = await exited;
      const label = `  ${phase}${delayMs ? ` + ${delayMs} ms` : ''}: process gone after`;
      if (sent === undefined || !Number.isFinite(sent)) {
        line(label, 'the ingest ended first');
        continue;
      }
      const ms = end - sent;
      const lockFree = !existsSync(path.join(dataDir, '.gridrag.owner'));
      line(label, `${Math.round(ms)} ms`, '≤ 1000 ms', ms <= 1000 && lockFree);
    }
  }
}
