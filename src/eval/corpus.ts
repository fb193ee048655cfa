/**
 * Ingests every file of a corpus folder on its own and counts outcomes: ingested, failed
 * with a clear error (the file cannot be read as data), or crashed (a bug of ours).
 * @module eval/corpus
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../app/index.js';
import { ingestFile } from '../ingest/index.js';
import { deleteRecord } from '../store/index.js';

/** Counts and the names of crashing files. */
export interface CorpusReport {
  total: number;
  ingested: number;
  clearError: number;
  crash: number;
  crashes: string[];
  errors: { file: string; error: string }[];
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
    .filter((file) => !/\.(json|md)$/i.test(file) && path.basename(file) !== 'MANIFEST.tsv')
    .sort();
}

/** Ingests each file (then removes it again, so names do not pile up). */
export async function ingestCorpus(app: App, folder: string): Promise<CorpusReport> {
  const report: CorpusReport = { total: 0, ingested: 0, clearError: 0, crash: 0, crashes: [], errors: [] };
  for (const file of await listFiles(folder)) {
    report.total++;
    const relative = path.relative(folder, file);
    try {
      const outcome = await ingestFile(app.db, {
        tenantId: 'corpus',
        sourceKind: 'upload',
        sourceRef: relative,
        sourcePath: relative,
        fileName: path.basename(file),
        bytes: await readFile(file),
      });
      if (outcome.status === 'failed') {
        if (outcome.errorCode === 'INTERNAL') {
          report.crash++;
          report.crashes.push(`${relative}: ${outcome.error}`);
        } else {
          report.clearError++;
          report.errors.push({ file: relative, error: outcome.error ?? '' });
        }
      } else report.ingested++;
      if (outcome.recordId) await deleteRecord(app.db, 'corpus', outcome.recordId);
    } catch (error) {
      report.crash++;
      report.crashes.push(`${relative}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return report;
}
