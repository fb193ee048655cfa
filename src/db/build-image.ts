/**
 * Build step (`npm run build`): makes `dist/db/pglite-image/`, the pre-migrated database a fresh
 * embedded folder starts as (see `pglite-db.ts`), and `pglite-image.json` naming the migrations
 * it holds (with their hashes). Skipped when the image already holds every migration file as is.
 * Usage: `node dist/db/build-image.js`
 * @module db/build-image
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { migrate, MIGRATIONS_DIR } from './migrate.js';
import { builtFile } from './pglite-engine.js';
import { IMAGE_DIR, makeImage } from './pglite-db.js';

async function main(): Promise<void> {
  const migrations = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).sort();
  const stamp = JSON.stringify(migrations.map((name) => `${name}:${createHash('sha256').update(readFileSync(`${MIGRATIONS_DIR}/${name}`)).digest('hex')}`));
  const manifest = builtFile('pglite-image.json');
  if (existsSync(`${IMAGE_DIR}/PG_VERSION`) && existsSync(manifest) && readFileSync(manifest, 'utf8') === stamp) return;
  const started = performance.now();
  const building = `${IMAGE_DIR}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  await makeImage(building, migrate);
  rmSync(IMAGE_DIR, { recursive: true, force: true });
  renameSync(building, IMAGE_DIR);
  writeFileSync(manifest, stamp);
  process.stdout.write(`gridrag: embedded database image ${IMAGE_DIR} (${Math.round(performance.now() - started)} ms)\n`);
}

main().catch((error) => {
  process.stderr.write(`gridrag: cannot build the embedded database image: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
