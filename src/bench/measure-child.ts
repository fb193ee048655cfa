/**
 * One measurement of `npm run bench` in a process of its own, so that its peak RSS is its own:
 * `node dist/bench/measure-child.js <reader|ingest> <file> <dataDir>` prints a `ChildReport` as JSON.
 * Each kind loads only what it measures (exceljs for the reader; the database and ingest for
 * ingest), never the bench's own tools (exceljs, JSZip, autocannon: about 30 MB resident that
 * a `gridrag ingest` process does not hold).
 * @module bench/measure-child
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a measuring child process reports: seconds, its own peak RSS (MB, `peakRssMb`), and for ingest the RSS with the database open. */
export interface ChildReport {
  seconds: number;
  rows?: number;
  peakMb: number;
  openMb?: number;
}

/**
 * This process's own peak resident memory, in MB as the bench has always counted them (1,000
 * kB): `VmHWM` of /proc/self/status.
 * Not `process.resourceUsage().maxRSS`: on Linux a forked child starts with its parent's
 * high-water mark (getrusage's ru_maxrss survives fork and exec), so every child of a 476 MB
 * bench parent would report at least 476 MB, even exceljs's reader alone. Where there is no
 * /proc (macOS), `maxRSS`, which there is the child's own.
 */
export function peakRssMb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1000;
  } catch {
    /* no /proc */
  }
  return process.resourceUsage().maxRSS / 1000;
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Runs one measurement in this process: `reader` reads an xlsx file with exceljs's streaming
 * reader; `ingest` opens an embedded database on disk (as the CLI keeps it) and ingests the file.
 * @throws InternalError when the ingest fails
 */
export async function measure(kind: string, file: string, dataDir: string): Promise<ChildReport> {
  if (kind === 'reader') {
    const { default: ExcelJS } = await import('exceljs');
    const start = process.hrtime.bigint();
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit', styles: 'cache', hyperlinks: 'ignore' });
    let rows = 0;
    for await (const sheet of reader) for await (const _row of sheet) rows++;
    return { seconds: seconds(start), rows, peakMb: peakRssMb() };
  }
  const [{ createDb }, { ingestFile }, { InternalError }] = await Promise.all([import('../db/index.js'), import('../ingest/index.js'), import('../errors.js')]);
  const db = await createDb({ dataDir });
  try {
    const openMb = process.memoryUsage().rss / 1e6;
    const bytes = await readFile(file);
    const start = process.hrtime.bigint();
    const outcome = await ingestFile(db, { tenantId: 'bench', sourceKind: 'upload', sourceRef: 'x', sourcePath: 'x', fileName: path.basename(file), bytes });
    if (outcome.status === 'failed') throw new InternalError(outcome.error ?? 'ingest failed');
    return { seconds: seconds(start), rows: outcome.rows, peakMb: peakRssMb(), openMb };
  } finally {
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, file, dataDir] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(await measure(kind, file, dataDir)));
  process.exit(0);
}
