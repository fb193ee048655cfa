/**
 * Where the shared fixtures are: `../shared` beside the repository (as on every developer's
 * machine and in CI's fresh clone).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `../shared` from the repository root. */
export const SHARED_DIR = path.resolve(REPO_ROOT, '../shared');
export const DEV_FIXTURES = path.join(SHARED_DIR, 'fixtures/dev');
export const BUG_FIXTURES = path.join(SHARED_DIR, 'fixtures/bugs');
export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus');
