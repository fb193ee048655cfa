import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { commandLineOf } from '../cli/command-name.js';
import { LOCK_FILE, lockFolder, setLockHolder } from './folder-lock.js';

describe('lockFolder', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-owner-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('never takes the folder from a live owner on this host, however old its heartbeat', async () => {
    const held = await lockFolder(folder);
    const file = path.join(folder, LOCK_FILE);
    utimesSync(file, new Date(0), new Date(0));
    await expect(lockFolder(folder, { waitMs: 300, staleMs: 1 })).rejects.toThrow(new RegExp(`in use by another gridrag process \\(process ${process.pid}\\)`));
    await held.release();
    expect(existsSync(file)).toBe(false);
    const again = await lockFolder(folder, { waitMs: 0 });
    await again.release();
  });

  it('names the command and the process id the user started, not a child\'s pid or a guess', async () => {
    setLockHolder({ command: commandLineOf(['node', 'gridrag.js', 'serve', '--port', '18931']), pid: 424242 });
    try {
      const held = await lockFolder(folder);
      const refused = (await lockFolder(folder, { waitMs: 200 }).catch((error: unknown) => error)) as Error;
      await held.release();
      expect(refused.message).toMatch(/in use by `gridrag serve` \(process 424242\); wait for it or stop it/);
      expect(refused.message).not.toContain('sync --watch');
      expect(refused.message).not.toContain(String(process.pid));
    } finally {
      setLockHolder({});
    }
    expect(commandLineOf(['node', 'gridrag.js', '--tenant', 'acme', 'sync', 'messy', '--watch'])).toBe('gridrag sync --watch');
    expect(commandLineOf(['node', 'gridrag.js', 'drive', 'sync', '--every', '5m'])).toBe('gridrag drive sync');
    expect(commandLineOf(['node', 'gridrag.js', 'ingest', 'a.csv'])).toBe('gridrag ingest');
  });

  it('takes the folder at once from an owner whose process is gone', async () => {
    const gone = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
    writeFileSync(path.join(folder, LOCK_FILE), JSON.stringify({ pid: gone, host: os.hostname(), token: 'dead' }));
    const started = performance.now();
    const lock = await lockFolder(folder, { waitMs: 0 });
    expect(performance.now() - started).toBeLessThan(1000);
    await lock.release();
  });

  it('judges an owner on another host by its heartbeat', async () => {
    const file = path.join(folder, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere.example', token: 'remote' }));
    await expect(lockFolder(folder, { waitMs: 200, staleMs: 60_000 })).rejects.toThrow(/in use by another gridrag process \(process 1 on elsewhere\.example\)/);
    utimesSync(file, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    const lock = await lockFolder(folder, { waitMs: 0, staleMs: 60_000 });
    await lock.release();
  });

  it('keeps the heartbeat fresh while the main thread is blocked', async () => {
    const lock = await lockFolder(folder);
    const file = path.join(folder, LOCK_FILE);
    utimesSync(file, new Date(0), new Date(0));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4500);
    const { mtimeMs } = await import('node:fs').then((fs) => fs.statSync(file));
    expect(Date.now() - mtimeMs).toBeLessThan(4000);
    await lock.release();
  });
});
