/**
 * What the built CLI says in a fresh folder, where a reviewer found it said too little, too
 * much or the wrong thing: `health` with no store yet (and creates none), `sync` of an empty
 * folder, and the decline with nothing ingested (said once). Runs bin/gridrag.js (built dist).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared-paths.js';

const run = promisify(execFile);
const BIN = path.join(REPO_ROOT, 'bin/gridrag.js');
let home: string;

async function gridrag(env: Record<string, string>, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd: home, env: { PATH: process.env.PATH, HOME: home, ...env } });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-messages-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('gridrag CLI messages', () => {
  it('health in a new folder reports no store yet and creates none', async () => {
    const found = await gridrag({}, 'health');
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain('no store yet');
    expect(existsSync(path.join(home, '.gridrag'))).toBe(false);
    const chosen = await gridrag({ GRIDRAG_DATA_DIR: path.join(home, 'chosen') }, 'health', '--json');
    expect(JSON.parse(chosen.stdout)).toMatchObject({ store: null, message: expect.stringContaining('no store yet') });
    expect(existsSync(path.join(home, 'chosen'))).toBe(false);
    // an existing folder of the user's own files is no store either: nothing is written into it
    await mkdir(path.join(home, 'mine'));
    await writeFile(path.join(home, 'mine', 'notes.txt'), 'mine');
    const existing = await gridrag({ GRIDRAG_DATA_DIR: path.join(home, 'mine') }, 'health');
    expect(existing.stdout).toContain('no store yet');
    expect(await readdir(path.join(home, 'mine'))).toEqual(['notes.txt']);
    // a file is not reported as a missing store: opening it says it is a file
    const file = await gridrag({ GRIDRAG_DATA_DIR: path.join(home, 'mine', 'notes.txt') }, 'health');
    expect(file.code).toBe(78);
    expect(file.stdout + file.stderr).toMatch(/is a file, not a folder/);
  }, 60_000);

  it('sync of an empty folder says the folder holds no files; a decline with nothing ingested says so once', async () => {
    await mkdir(path.join(home, 'emptydir'));
    const env = { GRIDRAG_DATA_DIR: path.join(home, 'data') };
    const synced = await gridrag(env, 'sync', 'emptydir');
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(/skipped +emptydir \(the folder holds no files\)/);
    const asked = await gridrag(env, 'ask', 'how many rows are there?');
    expect(asked.stdout).toContain('no tables or documents have been ingested yet.');
    expect(asked.stdout).not.toMatch(/No tables have been ingested yet/);
  }, 60_000);
});
