/**
 * Rows lost over a corpus of CSVs: ingests every `.csv`/`.tsv` under a folder and counts the
 * records that are neither stored nor reported as excluded, plus, for the files papaparse reads
 * as one rectangular table under a text header, the records not kept as rows. Both must be 0.
 * @module eval/rows-lost
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { App } from '../app/index.js';
import { decodeText } from '../extract/decode-text.js';
import { normalizeCsvText } from '../extract/read-csv.js';
import { ingestFile } from '../ingest/index.js';
import { deleteRecord } from '../store/index.js';

/** One file that lost rows. */
export interface RowsLostFile {
  file: string;
  /** Records of the file (papaparse, blank records aside). */
  records: number;
  /** Records stored as table rows (data, aggregate, hidden). */
  stored: number;
  /** Records excluded with a reason (header, title, note …), blank ones aside. */
  excluded: number;
  /** Records neither stored nor excluded. */
  unaccounted: number;
  /** For a clean table: records under the header not kept as rows. */
  notKept: number;
}

/** The figures `npm run eval` prints. */
export interface RowsLostReport {
  files: number;
  /** Files papaparse reads as one rectangular table under a text header. */
  cleanFiles: number;
  /** Records lost: unaccounted ones plus clean-table records not kept. Must be 0. */
  rowsLost: number;
  /** Records excluded with a reason, by reason (blank records aside). */
  excluded: Record<string, number>;
  /** Files with no table, with the reason. */
  noTable: { file: string; reason: string }[];
  losing: RowsLostFile[];
}

const blank = (record: string[]) => record.every((field) => field.trim() === '');

/**
 * Papaparse's own reading of a CSV (its delimiter guess): one rectangular table whose first
 * record is a header of distinct, filled names, none a number but a year. Returns the number of
 * records under the header and how many of them repeat it (a repeated header is no data row);
 * null when the text is not such a table.
 * @param escapeChar the quote escape (`"` doubled, or `\`)
 */
export function papaparseCleanTable(text: string, escapeChar: '"' | '\\' = '"'): { records: number; repeats: number } | null {
  const records = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', escapeChar }).data;
  if (records.length < 2) return null;
  const [header, ...rest] = records;
  if (header.length < 2 || rest.some((record) => record.length !== header.length)) return null;
  const names = header.map((name) => name.trim());
  if (names.some((name) => name === '' || (/\d/.test(name) && /^[-+\d.,\s%$€]+$/.test(name) && !/^\d{4}$/.test(name)))) return null;
  if (new Set(names.map((name) => name.toLowerCase())).size !== names.length) return null;
  const key = names.join('\u0000').toLowerCase();
  const repeats = rest.filter((record) => record.map((field) => field.trim()).join('\u0000').toLowerCase() === key).length;
  return { records: rest.length, repeats };
}

/** The text of a CSV file as the reader sees it (`normalizeCsvText`): decoded, BOM and NULs removed, `\n` line ends, a trailing Ctrl-Z dropped. */
export function csvTextOf(bytes: Uint8Array): string {
  return normalizeCsvText(decodeText(bytes).text);
}

async function listCsvFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(csv|tsv)$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
    .sort();
}

/** Ingests every CSV under `folder` (each removed again after) and counts the rows lost. */
export async function measureRowsLost(app: App, folder: string): Promise<RowsLostReport> {
  const report: RowsLostReport = { files: 0, cleanFiles: 0, rowsLost: 0, excluded: {}, noTable: [], losing: [] };
  for (const file of await listCsvFiles(folder)) {
    const relative = path.relative(folder, file);
    const bytes = await readFile(file);
    const text = csvTextOf(bytes);
    if (text.trim() === '') continue; // an empty file: nothing to lose (ingest refuses it with "no data")
    report.files++;
    const outcome = await ingestFile(app.db, { tenantId: 'rows-lost', sourceKind: 'upload', sourceRef: relative, sourcePath: relative, fileName: path.basename(file), bytes });
    try {
      const metadata = outcome.recordId
        ? (await app.db.query<{ metadata: { delimiter?: string; quoteEscape?: string; quoteChar?: string } }>('select metadata from record_manager where id = $1', [outcome.recordId])).rows[0]?.metadata ?? {}
        : {};
      const quoteChar = metadata.quoteChar === "'" ? "'" : '"';
      const escapeChar = metadata.quoteEscape === 'backslash' ? '\\' : quoteChar;
      // Excel's `sep=` line is one record, counted as a `dialect` line.
      const records = Papa.parse<string[]>(text, { delimiter: metadata.delimiter, newline: '\n', quoteChar, escapeChar }).data.filter((record) => !blank(record)).length;
      const account = outcome.rowAccount;
      const stored = account ? account.data + account.aggregate + account.hidden : 0;
      let excluded = 0;
      if (account) {
        for (const [reason, count] of Object.entries(account.excluded)) {
          if (reason === 'blank' || count === 0) continue;
          excluded += count;
          report.excluded[reason] = (report.excluded[reason] ?? 0) + count;
        }
      }
      if (outcome.noTable) report.noTable.push({ file: relative, reason: outcome.noTable });
      // A file ingest refused (one row of numbers: no table, no text) reports its rows in its error.
      const unaccounted = outcome.status === 'failed' ? 0 : Math.max(0, records - stored - excluded);
      const clean = papaparseCleanTable(text, escapeChar === '\\' ? '\\' : '"');
      if (clean !== null) report.cleanFiles++;
      const notKept = clean === null ? 0 : Math.max(0, clean.records - clean.repeats - (account ? account.data + account.aggregate : 0));
      if (unaccounted + notKept > 0) {
        report.rowsLost += unaccounted + notKept;
        report.losing.push({ file: relative, records, stored, excluded, unaccounted, notKept });
      }
    } finally {
      if (outcome.recordId) await deleteRecord(app.db, 'rows-lost', outcome.recordId);
    }
  }
  return report;
}
