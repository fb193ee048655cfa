/**
 * What the pg driver would print on the console, with real processes (the built CLI) on a
 * Postgres server (`DATABASE_URL`): a URL with `sslmode=require` gets no multi-line security
 * warning from the driver, and a failed connection says in one line how the mode was read.
 * Runs the built code (`npm test` builds first).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConnectionString } from '../src/db/index.js';
import { createServerDatabase, type ServerDatabase } from './helpers/db-adapters.js';
import { REPO_ROOT } from './helpers/shared-paths.js';

const BIN = path.join(REPO_ROOT, 'bin/gridrag.js');
const run = promisify(execFile);

async function gridrag(home: string, databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd: home, env: { PATH: process.env.PATH, HOME: home, DATABASE_URL: databaseUrl } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('pgConnectionString', () => {
  it('passes the modes pg reads as verify-full as verify-full, and leaves the others alone', () => {
    expect(pgConnectionString('postgres://u@h:5432/db?sslmode=require')).toMatchObject({
      connectionString: 'postgres://u@h:5432/db?sslmode=verify-full',
      sslNote: expect.stringContaining('sslmode=require: the pg driver enforces it as verify-full'),
    });
    for (const url of ['postgres://u@h/db', 'postgres://u@h/db?sslmode=disable', 'postgres://u@h/db?sslmode=no-verify', 'postgres://u@h/db?sslmode=require&uselibpqcompat=true']) {
      expect(pgConnectionString(url)).toEqual({ connectionString: url });
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('the pg driver on the console (pg)', () => {
  let home: string;
  let server: ServerDatabase;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-pg-console-'));
    server = await createServerDatabase(process.env.DATABASE_URL as string);
  });

  afterAll(async () => {
    await server?.drop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('prints no driver warning for a plain URL', async () => {
    const result = await gridrag(home, server.url, 'tables', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/Warning/);
  });

  it('prints one line of its own, not the driver\'s security warning, for sslmode=require', async () => {
    const url = new URL(server.url);
    url.searchParams.set('sslmode', 'require');
    const result = await gridrag(home, url.toString(), 'tables', '--json');
    // The test server may or may not speak TLS; either way the driver's warning stays off the console.
    expect(result.stderr).not.toMatch(/SECURITY WARNING|\(node:\d+\)/);
    if (result.code !== 0) {
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('sslmode=require: the pg driver enforces it as verify-full');
    }
  });
});
