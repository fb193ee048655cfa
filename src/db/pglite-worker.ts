/**
 * The embedded engine's thread: one PGlite instance in a `worker_threads` worker, driven by
 * messages from `pglite-db.ts`. PGlite runs each statement synchronously inside WebAssembly, so
 * a runaway statement blocks the thread it runs on; here that thread is not the main one, which
 * stays free to answer signals and to stop this worker (`worker.terminate()`) at a deadline.
 *
 * Messages in: `{ id, op: 'query' | 'exec' | 'copy' | 'close', sql, params?, copyText? }`.
 * Messages out: `{ ready: true, wasmModule }` once open (the compiled module, for the next thread), `{ failed: SerializedError }` when opening fails,
 * and `{ id, result }` or `{ id, error: SerializedError }` per request, in order.
 * @module db/pglite-worker
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { InternalError } from '../errors.js';
import { PG_TYPE } from './db.js';

/** A compiled `WebAssembly.Module` (opaque here: the WebAssembly types are not in this project's libs). */
export type WasmModule = object;

/** What the main thread passes to the worker. */
export interface PgliteWorkerData {
  /** Folder of the database files; undefined for an in-memory database. */
  dataDir?: string;
  /** Extra `postgres -c name=value` settings. */
  settings: string[];
  /** Sets V8's WebAssembly tiering budget in this thread (see `pglite-db.ts`). */
  wasmTieringBudget?: number;
  /** PGlite's compiled module, shared by every engine thread of the process (see `pglite-engine.ts`). */
  wasmModule?: WasmModule;
}

/** An error as it crosses the thread boundary: message and the Postgres fields. */
export interface SerializedError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
}

/** PGlite's own start parameters (0.5.x `defaultStartParams`), to which ours are appended. */
const DEFAULT_START_PARAMS = [
  '--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0',
];

const PARSERS = {
  [PG_TYPE.NUMERIC]: (value: string) => Number(value),
  [PG_TYPE.INT8]: (value: string) => Number(value),
  [PG_TYPE.DATE]: (value: string) => value,
};

function serialize(error: unknown): SerializedError {
  if (error instanceof Error) {
    const fields = error as Error & Partial<Record<'code' | 'detail' | 'hint' | 'position', unknown>>;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return { message: error.message, code: text(fields.code), detail: text(fields.detail), hint: text(fields.hint), position: text(fields.position) };
  }
  if (typeof error === 'object' && error !== null) return { message: JSON.stringify(error) };
  return { message: String(error) };
}

interface Request {
  id: number;
  op: 'query' | 'exec' | 'copy' | 'close';
  sql: string;
  params?: unknown[];
  copyText?: Uint8Array;
}

/** The global `WebAssembly` (not in this project's TypeScript libs). */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

/** Compiles PGlite's `pglite.wasm` here, so that the module can be handed on; undefined lets PGlite load its own. */
async function compileModule(): Promise<WasmModule | undefined> {
  try {
    const wasm = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
    return await wasmApi.compile(await readFile(wasm));
  } catch {
    return undefined;
  }
}

async function open(data: PgliteWorkerData): Promise<{ instance: PGlite; wasmModule?: WasmModule }> {
  if (data.wasmTieringBudget) v8.setFlagsFromString(`--wasm-tiering-budget=${data.wasmTieringBudget}`);
  const startParams = [...DEFAULT_START_PARAMS, ...data.settings.flatMap((setting) => ['-c', setting])];
  const wasmModule = data.wasmModule ?? (await compileModule());
  const options = { extensions: { vector }, startParams, ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) };
  const instance = await (data.dataDir ? PGlite.create(data.dataDir, options) : PGlite.create(options));
  return { instance, wasmModule };
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new InternalError('pglite-worker runs only as a worker thread');
  let instance: PGlite;
  let wasmModule: WasmModule | undefined;
  try {
    ({ instance, wasmModule } = await open(workerData as PgliteWorkerData));
  } catch (error) {
    port.postMessage({ failed: serialize(error) });
    return;
  }
  // Requests arrive in order; PGlite serializes them itself, and so does this chain.
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (request: Request) => {
    chain = chain.then(async () => {
      try {
        port.postMessage({ id: request.id, result: await handle(instance, request) });
      } catch (error) {
        port.postMessage({ id: request.id, error: serialize(error) });
      }
    });
  });
  // The main thread keeps the compiled module for the next engine thread (a reference, not a copy).
  port.postMessage({ ready: true, wasmModule });
}

/**
 * The COPY text as PGlite's `/dev/blob` reads it. PGlite takes a `Blob` and only ever calls its
 * `arrayBuffer()` (0.5.x `_handleBlob`), then copies from that buffer into the engine's memory:
 * a real `Blob` would copy the text twice more (into the Blob, then out of it), and those
 * copies (megabytes per slice) fragment this thread's allocator, resident memory that is not given back.
 */
function copySource(text: Uint8Array): Blob {
  const buffer = text.byteOffset === 0 && text.byteLength === text.buffer.byteLength ? text.buffer : text.slice().buffer;
  return { arrayBuffer: async () => buffer, size: text.byteLength, type: '' } as unknown as Blob;
}

async function handle(instance: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await instance.query<Record<string, unknown>>(request.sql, request.params ?? [], { parsers: PARSERS });
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length, fields: result.fields };
    }
    case 'exec':
      await instance.exec(request.sql);
      return null;
    case 'copy':
      await instance.query(request.sql, [], { blob: copySource(request.copyText ?? new Uint8Array()) });
      return null;
    case 'close':
      await instance.close();
      return null;
  }
}

void serve();
