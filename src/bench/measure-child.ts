/**
 * One measurement of `npm run bench` in a process of its own, so that its peak RSS is its own:
 * `node dist/bench/measure-child.js <reader|ingest> <file> <dataDir>` prints a `ChildReport` as JSON.
 * Each kind loads only what it measures (exceljs for the reader; the database and ingest for
 * ingest), never the bench's own tools (exceljs, JSZip, autocannon: about 30 MB resident that
 * a `gridrag ingest` process does not hold).
 * @module bench/measure-child
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a measuring child process reports: seconds, peak RSS (MB), and for ingest the RSS with the database open. */
export interface ChildReport {
  seconds: number;
  rows?: number;
  peakMb: number;
  openMb?: number;
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
    return { seconds: seconds(start), rows, peakMb: process.resourceUsage().maxRSS / 1000 };
  }
  const [{ createDb }, { ingestFile }, { InternalError }] = await Promise.all([import('../db/index.js'), import('../ingest/index.js'), import('../errors.js')]);
  const db = await createDb({ dataDir });
  try {
    const openMb = process.memoryUsage().rss / 1e6;
    const bytes = await readFile(file);
    const start = process.hrtime.bigint();
    const outcome = await ingestFile(db, { tenantId: 'bench', sourceKind: 'upload', sourceRef: 'x', sourcePath: 'x', fileName: path.basename(file), bytes });
    if (outcome.status === 'failed') throw new InternalError(outcome.error ?? 'ingest failed');
    return { seconds: seconds(start), rows: outcome.rows, peakMb: process.resourceUsage().maxRSS / 1000, openMb };
  } finally {
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, file, dataDir] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(await measure(kind, file, dataDir)));
  process.exit(0);
}
