/**
 * The main thread's handle on the embedded engine's worker (`pglite-worker.ts`): starts it,
 * sends requests, and stops it at once when asked (`terminate`), failing whatever was pending.
 * A stopped engine is replaced by a new one on the same folder by the caller (`pglite-db.ts`).
 * @module db/pglite-engine
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DbError } from '../errors.js';
import type { PgliteWorkerData, SerializedError, WasmModule } from './pglite-worker.js';

/** A request to the engine. */
export type EngineRequest =
  | { op: 'query'; sql: string; params?: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'copy'; sql: string; copyText: Uint8Array }
  | { op: 'close'; sql: '' };

/** One running engine thread. */
export interface Engine {
  request<T>(request: EngineRequest): Promise<T>;
  /**
   * Stops the thread now (whatever statement runs is abandoned, its transaction never commits).
   * Pending and later requests fail with `reason`.
   */
  terminate(reason: DbError): Promise<void>;
  /** Set once the thread has ended (terminated, crashed or closed). */
  readonly ended: boolean;
}

/**
 * A file of `dist/db/` next to this module, also when this module runs from `src/` (tests):
 * the engine's worker and the start image exist only as built files.
 */
export function builtFile(name: string): string {
  const here = fileURLToPath(import.meta.url);
  const sibling = here.replace(/[^/\\]+$/, name);
  if (here.endsWith('.js') || existsSync(sibling)) return sibling;
  return sibling.replace(/([/\\])src([/\\])db([/\\])/, '$1dist$2db$3');
}

/** Turns an error from the worker back into a DbError with the Postgres fields on its cause. */
export function toDbError(error: SerializedError, sql: string): DbError {
  const cause = Object.assign(new Error(error.message), { ...error, sql });
  return new DbError(error.message, { cause });
}

/**
 * PGlite's compiled WebAssembly module (`pglite.wasm`, 9 MB), as the first engine thread of the
 * process compiled it: every later thread (one started after a stopped query, `pglite-db.ts`)
 * is handed it and shares the code V8 already compiled and optimized, instead of compiling it
 * again (a reopen took 1.15–1.37 s, now 0.55–0.94 s on a loaded 2-core machine).
 */
let sharedModule: WasmModule | undefined;

/**
 * Starts an engine thread and waits until PGlite is open.
 * @throws DbError when PGlite cannot open the folder (message from PGlite)
 */
export async function startEngine(data: PgliteWorkerData): Promise<Engine> {
  const file = builtFile('pglite-worker.js');
  if (!existsSync(file)) throw new DbError(`the embedded database engine ${file} is missing: run \`npm run build\``);
  // `--input-type` (a script run with `node --input-type=module -e …`) is not for a worker's file, and heap
  // sizes (`--max-old-space-size=512`) are refused by a worker (ERR_WORKER_INVALID_EXEC_ARGV): a worker's heap is its own.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type') && !/^--max[-_](old|semi)[-_]space[-_]size|^--max[-_]young[-_]generation[-_]size/.test(flag));
  const worker = new Worker(file, { workerData: { ...data, wasmModule: sharedModule } satisfies PgliteWorkerData, execArgv });
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void; sql: string }>();
  let nextId = 1;
  let ended = false;
  let failure: DbError | undefined;

  const failAll = (error: DbError) => {
    failure ??= error;
    for (const entry of pending.values()) entry.reject(failure);
    pending.clear();
    worker.unref();
  };

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: true; wasmModule?: WasmModule; failed?: SerializedError }) => {
      worker.off('error', onError);
      worker.off('exit', onExit);
      sharedModule ??= message.wasmModule;
      if (message.ready) resolve();
      else reject(toDbError(message.failed ?? { message: 'the engine did not start' }, ''));
    };
    const onError = (error: Error) => reject(new DbError(`the embedded database engine failed: ${error.message}`, { cause: error }));
    const onExit = (code: number) => reject(new DbError(`the embedded database engine exited while opening (code ${code})`));
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  }).catch(async (error) => {
    await worker.terminate();
    throw error;
  });

  worker.on('message', (message: { id: number; result?: unknown; error?: SerializedError }) => {
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.error) entry.reject(toDbError(message.error, entry.sql));
    else entry.resolve(message.result as never);
  });
  worker.on('error', (error) => failAll(new DbError(`the embedded database engine failed: ${error.message}`, { cause: error })));
  worker.on('exit', () => {
    ended = true;
    failAll(new DbError('the embedded database engine stopped'));
  });
  // The engine keeps the process alive only while a request is pending, not once a command is done.
  worker.unref();

  return {
    get ended() {
      return ended;
    },
    request<T>(request: EngineRequest): Promise<T> {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: never) => void, reject, sql: request.sql });
        if (pending.size === 1) worker.ref();
        const transfer = request.op === 'copy' ? [request.copyText.buffer as ArrayBuffer] : [];
        worker.postMessage({ id, ...request }, transfer);
      });
    },
    async terminate(reason: DbError) {
      failAll(reason);
      if (!ended) await worker.terminate();
      ended = true;
    },
  };
}
