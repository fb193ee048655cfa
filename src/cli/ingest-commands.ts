/**
 * `gridrag ingest`, `gridrag tables`, `gridrag glossary`, `gridrag delete`, `gridrag demo`.
 * @module cli/ingest-commands
 */
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { askQuestion, deleteRecord, ingestPaths, listGlossary, listTables, type App, type IngestResult } from '../app/index.js';
import { paintFor, printJson } from './output.js';
import { excludedCounts, failedFilesText, fileRowsText, fileWarningsText, outsideText, tablesText } from './print-tables.js';
import { messageAtPath, printable } from '../printable-text.js';
import { withApp } from './with-app.js';

/** The bundled examples folder (beside package.json). */
export const EXAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples');

/** Questions the demo asks of the bundled examples. */
export const DEMO_QUESTIONS = [
  'How many complaints did we get overall?',
  'Which location had the most complaints in March 2025?',
  'What is the average rating for Utrecht?',
  'Total amount by country',
  'How many orders went to ZIP code 01067?',
  'Which month had the most responses overall?',
];

/** The `--tenant` option every command takes. */
export const TENANT_FLAGS = '--tenant <id>';
export const TENANT_HELP = 'tenant whose records are read and written (default GRIDRAG_TENANT)';

/** The ingest summary for people: counts, then every warning, skip and failure with its path. */
export function summaryText(summary: IngestResult, stream: { isTTY?: boolean; write(text: string): unknown } = process.stdout): string {
  const paint = paintFor(stream);
  const lines = [
    `files: ${summary.files.length} (ingested ${summary.ingested}, replaced ${summary.replaced}, unchanged ${summary.unchanged}, failed ${summary.failed}${summary.noTable.length ? `, with no table ${summary.noTable.length}` : ''}${summary.skipped.length ? `, skipped ${summary.skipped.length}` : ''})`,
    `tables: ${summary.tables}, rows: ${summary.rows}${summary.glossaryTerms ? `, glossary terms: ${summary.glossaryTerms}` : ''}`,
  ];
  const excluded = excludedCounts(summary.excludedRows);
  if (summary.sourceRows > 0) lines.push(`source rows: ${summary.sourceRows}${excluded ? `; not stored as rows: ${excluded}` : ''}`);
  for (const file of summary.files) {
    for (const warning of file.warnings) lines.push(`${paint.yellow('warning')}: ${printable(messageAtPath(file.path, path.basename(file.path), warning))}`);
    const account = file.rowAccount;
    if (account && !file.noTable && account.excluded.outside > 0) {
      lines.push(`${paint.yellow('warning')}: ${printable(`${file.path}: ${account.excluded.outside} rows outside any table, not stored: ${outsideText(account.outside, account.excluded.outside)}`)}`);
    }
  }
  for (const file of summary.noTable) lines.push(`${paint.yellow('no table')}: ${printable(`${file.path}: ${file.reason.replace(/^no table: /, '')}`)}`);
  if (summary.embeddedChunks > 0) lines.push(`chunks embedded (document passages and table rows): ${summary.embeddedChunks}`);
  if (summary.embeddingError) lines.push(`${paint.yellow('warning')}: document chunks not embedded yet (searchable by full text; embedded at the next search): ${summary.embeddingError}`);
  // File names (and messages quoting them) may hold line breaks or terminal escapes: printed escaped, one line each.
  for (const skipped of summary.skipped) lines.push(`${paint.yellow('skipped')}: ${printable(`${skipped.path}: ${skipped.reason}`)}`);
  for (const missing of summary.missing) lines.push(`${paint.red('not found')}: ${printable(missing)}`);
  for (const error of summary.errors) lines.push(`${paint.red('failed')}: ${printable(error.error)}`);
  return lines.join('\n');
}

/** What `--verbose` prints for each phase of a file's ingest. */
const PHASE_TEXT = { read: 'reading', tables: 'finding tables', store: 'storing rows', commit: 'committing' } as const;

async function runIngest(app: App, paths: string[], json: boolean, verbose = false): Promise<IngestResult> {
  const showBar = !json && !verbose && process.stderr.isTTY;
  const bar = showBar ? new cliProgress.SingleBar({ format: 'ingest [{bar}] {value}/{total} {file}', stream: process.stderr }, cliProgress.Presets.shades_classic) : undefined;
  const summary = await ingestPaths(app, { paths }, {
    onFile(file, index, total, outcome) {
      if (!bar) return;
      if (index === 0 && !outcome) bar.start(total, 0, { file: printable(file) });
      bar.update(outcome ? index + 1 : index, { file: printable(file) });
    },
    onPhase: verbose ? (file, phase) => process.stderr.write(`gridrag: ${printable(file)}: ${PHASE_TEXT[phase]}\n`) : undefined,
  });
  bar?.stop();
  return summary;
}

export function registerIngestCommands(program: Command): void {
  program
    .command('ingest')
    .description('ingest files or folders (CSV, TSV, XLSX/XLSM, XLS/ODS through LibreOffice; PDF, DOCX, HTML, Markdown, TXT as documents); unchanged files are skipped, changed files replaced atomically')
    .argument('<paths...>', 'files or folders')
    .option('--json', 'print the summary as JSON')
    .option('--verbose', "print each file's phases on stderr (reading, finding tables, storing rows, committing) instead of the progress bar")
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (paths: string[], options: { json?: boolean; verbose?: boolean; tenant?: string }) => {
      const summary = await withApp(options, (app) => runIngest(app, paths, options.json === true, options.verbose === true));
      if (options.json) printJson(summary);
      else process.stdout.write(`${summaryText(summary)}\n`);
      // Any file that could not be ingested, a tabular file with no table, or a path that does not exist makes the run fail, for scripts and cron.
      if (summary.missing.length > 0 || summary.errors.length > 0 || summary.noTable.length > 0) process.exitCode = 1;
    });

  program
    .command('tables')
    .description('list the tables found: file, sheet, range, columns, rows, totals, validation outcome')
    .option('--json', 'print {tables, fileWarnings, files, failed} as JSON, as GET /api/tables returns it (full precision)')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (options: { json?: boolean; tenant?: string }) => {
      const result = await withApp(options, (app) => listTables(app));
      const { tables, fileWarnings, files, failed } = result;
      const paint = paintFor(process.stdout);
      if (options.json) printJson(result);
      else process.stdout.write(`${[tablesText(tables, paint), fileWarningsText(fileWarnings, paint), fileRowsText(files, paint), failedFilesText(failed, paint)].filter(Boolean).join('\n\n')}\n`);
    });

  program
    .command('glossary')
    .description('list the business glossary terms in force (from glossary.yml at the root of ingested folders)')
    .option('--json', 'print as JSON')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (options: { json?: boolean; tenant?: string }) => {
      const { terms } = await withApp(options, (app) => listGlossary(app));
      if (options.json) printJson(terms);
      else if (terms.length === 0) process.stdout.write('No glossary terms. Put a glossary.yml at the root of an ingested folder.\n');
      else for (const term of terms) process.stdout.write(`${printable(`${term.term}: ${[term.description, term.where ? `where ${term.where}` : '', term.column ? `= column "${term.column}"` : ''].filter(Boolean).join('; ')}`)}\n`);
    });

  program
    .command('delete')
    .description('delete one ingested file (a record: its tables, rows and text) by the recordId `tables --json` shows (tables[].recordId)')
    .argument('<record-id>', 'the record id')
    .option('--json', 'print the result as JSON')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (recordId: string, options: { json?: boolean; tenant?: string }) => {
      const result = await withApp(options, (app) => deleteRecord(app, { recordId }));
      if (options.json) printJson(result);
      else process.stdout.write(`deleted record ${result.recordId}\n`);
    });

  program
    .command('demo')
    .description('ingest the bundled examples into the embedded database and answer a few questions')
    .option('--json', 'print answers as JSON')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (options: { json?: boolean; tenant?: string }) => {
      await withApp(options, async (app) => {
        const summary = await runIngest(app, [EXAMPLES_DIR], options.json === true);
        if (!options.json) process.stdout.write(`${summaryText(summary)}\n\n`);
        const answers = [];
        for (const question of DEMO_QUESTIONS) {
          const answer = await askQuestion(app, { question });
          answers.push(answer);
          if (!options.json) process.stdout.write(`Q: ${question}\nA: ${answer.answer}\n\n`);
        }
        if (options.json) printJson({ summary, answers });
      });
    });
}
