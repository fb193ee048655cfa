/**
 * How `npm run eval` finds and prints the rows-lost figures (`rows-lost.ts`).
 * @module eval/rows-lost-report
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RowsLostReport } from './rows-lost.js';

/** `../shared/corpus` beside the repository, when it is there (developer machines, CI). */
export function defaultRowsCorpus(): string | undefined {
  const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');
  return existsSync(folder) ? folder : undefined;
}

/** Prints `rows lost: 0 over 168 CSV files (…)` and one line per losing file. */
export function printRowsLost(report: RowsLostReport, write: (text: string) => void = (text) => process.stdout.write(text)): void {
  const excluded = Object.entries(report.excluded).map(([reason, count]) => `${count} ${reason}`).join(', ');
  write(`rows lost: ${report.rowsLost} over ${report.files} CSV files (${report.losing.length} files losing rows; ${report.cleanFiles} clean tables; excluded with a reason: ${excluded || 'none'}; ${report.noTable.length} files with no table)\n`);
  for (const file of report.losing) {
    write(`  rows lost: ${file.file}: ${file.records} records, ${file.stored} stored, ${file.excluded} excluded, ${file.unaccounted} unaccounted, ${file.notKept} of a clean table not kept\n`);
  }
}
