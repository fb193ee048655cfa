/**
 * Starts the built CLI's `gridrag serve --port 0` as a child process, for tests that need the
 * real process (signals, the web page in a browser).
 * @module test/helpers/spawn-serve
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './shared-paths.js';

/** The built CLI the tests run. */
export const BIN = path.join(REPO_ROOT, 'bin/gridrag.js');

/** A running server: its process, base URL (`http://127.0.0.1:<port>`) and its exit code once it exits. */
export interface Served {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/**
 * Spawns `gridrag serve` with `env` (cwd `env.HOME`) and resolves once it prints "listening on <url>".
 * @throws Error when it exits first or does not start within 60 s (with its stderr)
 */
export async function spawnServe(env: NodeJS.ProcessEnv): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env, cwd: env.HOME, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+?) /.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { child, base, exited };
}
