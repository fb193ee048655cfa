/**
 * Ingests files and folders from disk (the `gridrag ingest` job): every supported file,
 * each atomically, plus the glossary.yml at a folder's root (configuration, not data).
 * @module app/ingest-paths
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseGlossary } from '../agent/glossary.js';
import { collectFiles } from '../cli/collect-files.js';
import { describeError } from '../errors.js';
import { ingestFile, saveGlossary, type IngestOutcome } from '../store/index.js';
import type { App } from './open-app.js';

/** One file's outcome, with its path. */
export interface FileOutcome extends IngestOutcome {
  path: string;
}

/** What an ingest run did. */
export interface IngestSummary {
  files: FileOutcome[];
  ingested: number;
  replaced: number;
  unchanged: number;
  failed: number;
  tables: number;
  rows: number;
  glossaryTerms: number;
  missing: string[];
  errors: { path: string; error: string }[];
}

/**
 * Ingests the given paths into the app's tenant.
 * @param onFile called before (`outcome` undefined) and after each file
 */
export async function ingestPaths(
  app: App,
  paths: string[],
  onFile?: (file: string, index: number, total: number, outcome?: FileOutcome) => void,
): Promise<IngestSummary> {
  const collected = await collectFiles(paths);
  const summary: IngestSummary = {
    files: [], ingested: 0, replaced: 0, unchanged: 0, failed: 0, tables: 0, rows: 0, glossaryTerms: 0,
    missing: collected.missing, errors: [],
  };
  for (const glossaryPath of collected.glossaries) {
    try {
      const terms = parseGlossary(await readFile(glossaryPath, 'utf8'), path.basename(glossaryPath));
      await saveGlossary(app.db, app.tenantId, glossaryPath, terms);
      summary.glossaryTerms += terms.length;
    } catch (error) {
      summary.errors.push({ path: glossaryPath, error: describeError(error) });
    }
  }
  const total = collected.files.length;
  for (let index = 0; index < total; index++) {
    const file = collected.files[index];
    onFile?.(file, index, total);
    let outcome: FileOutcome;
    try {
      const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
      outcome = {
        path: file,
        ...(await ingestFile(app.db, {
          tenantId: app.tenantId,
          sourceKind: 'local',
          sourceRef: file,
          sourcePath: path.relative(process.cwd(), file) || path.basename(file),
          fileName: path.basename(file),
          bytes,
          modifiedAt: info.mtime,
        })),
      };
    } catch (error) {
      outcome = { path: file, status: 'failed', contentHash: '', tables: 0, rows: 0, error: describeError(error), warnings: [] };
    }
    summary.files.push(outcome);
    summary[outcome.status === 'ingested' ? 'ingested' : outcome.status === 'replaced' ? 'replaced' : outcome.status === 'unchanged' ? 'unchanged' : 'failed']++;
    summary.tables += outcome.tables;
    summary.rows += outcome.rows;
    if (outcome.status === 'failed') summary.errors.push({ path: file, error: outcome.error ?? 'failed' });
    onFile?.(file, index, total, outcome);
  }
  return summary;
}
