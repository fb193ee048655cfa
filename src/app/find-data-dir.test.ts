import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDataDir } from './find-data-dir.js';

describe('findDataDir', () => {
  let root: string;
  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'gridrag-find-')));
    await mkdir(join(root, 'project/.gridrag'), { recursive: true });
    await mkdir(join(root, 'project/reports/2025'), { recursive: true });
    await mkdir(join(root, 'elsewhere'), { recursive: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('walks up to the nearest .gridrag, as git finds .git', () => {
    expect(findDataDir(join(root, 'project/reports/2025'))).toEqual({ dataDir: join(root, 'project/.gridrag'), existed: true });
    expect(findDataDir(join(root, 'project'))).toEqual({ dataDir: join(root, 'project/.gridrag'), existed: true });
  });

  it('proposes a new .gridrag in the working directory when there is none above', () => {
    const found = findDataDir(join(root, 'elsewhere'));
    // a .gridrag above the temp folder (e.g. in /tmp) would be found first: then that is the answer
    if (found.existed) expect(join(root, 'elsewhere').startsWith(found.dataDir.replace(/\.gridrag$/, ''))).toBe(true);
    else expect(found).toEqual({ dataDir: join(root, 'elsewhere/.gridrag'), existed: false });
  });
});
