/**
 * `gridrag sync --watch --json` with a real process (the built CLI) on the embedded database: a
 * file that fails is reported on the pass that finds it, not again on every later pass, and again
 * once it changes; a new `gridrag sync` reports it again while it still fails.
 * Runs the built code (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncSummary } from '../src/sync/index.js';
import { BIN } from './helpers/spawn-serve.js';

/** The watch's summaries (one JSON line per pass), and a wait for the next one that matches. */
function watchSummaries(child: ChildProcess) {
  const seen: SyncSummary[] = [];
  let buffer = '';
  let notify = () => undefined as void;
  child.stdout?.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.trim().startsWith('{')) seen.push(JSON.parse(line) as SyncSummary);
    notify();
  });
  return {
    seen,
    /**
     * Waits for a pass after the first `from` ones that matches; `change`, when given, is made now
     * and again every 3 s without one (the watcher is ready only a moment after the first pass).
     * @throws Error after 30 s
     */
    async next(from: number, test: (summary: SyncSummary) => boolean, change?: () => Promise<void>): Promise<SyncSummary> {
      const deadline = Date.now() + 30_000;
      let changedAt = 0;
      for (;;) {
        const found = seen.slice(from).find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching pass; passes: ${JSON.stringify(seen)}`);
        if (change && Date.now() - changedAt > 3000) {
          changedAt = Date.now();
          await change();
        }
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

describe('gridrag sync --watch', () => {
  let home: string;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-watch-cli-'));
    folder = path.join(home, 'folder');
    await mkdir(folder);
    env = { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data'), GRIDRAG_NO_TUNE: '1' };
    const past = new Date(Date.now() - 60_000);
    for (const [name, text] of [['good.csv', 'id,amount\n1,10\n'], ['empty.csv', '']]) {
      await writeFile(path.join(folder, name), text);
      await utimes(path.join(folder, name), past, past);
    }
  });

  afterAll(async () => {
    child?.kill('SIGTERM');
    await rm(home, { recursive: true, force: true });
  });

  it('reports a failed file once, again when it changes, and again on a new sync', async () => {
    child = spawn(process.execPath, [BIN, 'sync', folder, '--watch', '--json'], { cwd: home, env });
    const passes = watchSummaries(child);
    const first = await passes.next(0, () => true);
    expect(first).toMatchObject({ added: 1, failed: [{ path: 'empty.csv' }] });

    // Another file comes: the pass it starts does not report the unchanged failure again.
    let seen = passes.seen.length;
    await passes.next(1, (summary) => summary.added === 1, async () => {
      await writeFile(path.join(folder, 'new.csv'), 'id,amount\n2,20\n');
      const now = new Date();
      await utimes(path.join(folder, 'new.csv'), now, now);
    });
    expect(passes.seen.slice(1).flatMap((summary) => summary.failed)).toEqual([]);

    // The failed file changes (and still fails): reported again, once.
    seen = passes.seen.length;
    const later = new Date();
    await utimes(path.join(folder, 'empty.csv'), later, later);
    const changed = await passes.next(seen, (summary) => summary.failed.length > 0);
    expect(passes.seen.slice(seen).filter((summary) => summary.failed.length > 0)).toHaveLength(1);
    expect(changed.failed).toEqual([{ path: 'empty.csv', error: expect.stringMatching(/^empty\.csv: /) }]);
    seen = passes.seen.length;
    await writeFile(path.join(folder, 'more.csv'), 'id,amount\n3,30\n');
    await passes.next(seen, (summary) => summary.added === 1);
    expect(passes.seen.slice(seen).flatMap((summary) => summary.failed)).toEqual([]);

    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = undefined;

    // A new sync says again that the file still fails, and exits 1.
    const again = spawn(process.execPath, [BIN, 'sync', folder, '--json'], { cwd: home, env });
    let stdout = '';
    again.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise((resolve) => again.once('exit', resolve));
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ failed: [{ path: 'empty.csv' }], unchanged: 3 });
  }, 90_000);
});
