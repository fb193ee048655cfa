/**
 * `gridrag ingest`, `gridrag tables`, `gridrag glossary`, `gridrag demo`.
 * @module cli/ingest-commands
 */
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ingestPaths, type App, type IngestSummary } from '../app/index.js';
import { ask } from '../agent/index.js';
import { loadCatalog, loadGlossary } from '../store/index.js';
import { printJson, withApp } from './with-app.js';
import { tableJson, tablesText } from './print-tables.js';

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

function summaryText(summary: IngestSummary): string {
  const lines = [
    `files: ${summary.files.length} (ingested ${summary.ingested}, replaced ${summary.replaced}, unchanged ${summary.unchanged}, failed ${summary.failed})`,
    `tables: ${summary.tables}, rows: ${summary.rows}${summary.glossaryTerms ? `, glossary terms: ${summary.glossaryTerms}` : ''}`,
  ];
  for (const file of summary.files) {
    const name = path.basename(file.path);
    for (const warning of file.warnings) lines.push(`warning: ${warning.startsWith(`${name}: `) ? warning : `${name}: ${warning}`}`);
  }
  for (const missing of summary.missing) lines.push(`not found: ${missing}`);
  for (const error of summary.errors) lines.push(`failed: ${error.error.startsWith(path.basename(error.path)) ? error.error : `${path.basename(error.path)}: ${error.error}`}`);
  return lines.join('\n');
}

async function runIngest(app: App, paths: string[], json: boolean): Promise<IngestSummary> {
  const showBar = !json && process.stderr.isTTY;
  const bar = showBar ? new cliProgress.SingleBar({ format: 'ingest [{bar}] {value}/{total} {file}', stream: process.stderr }, cliProgress.Presets.shades_classic) : undefined;
  const summary = await ingestPaths(app, paths, (file, index, total, outcome) => {
    if (!bar) return;
    if (index === 0 && !outcome) bar.start(total, 0, { file: path.basename(file) });
    if (outcome) bar.update(index + 1, { file: path.basename(file) });
    else bar.update(index, { file: path.basename(file) });
  });
  bar?.stop();
  return summary;
}

export function registerIngestCommands(program: Command): void {
  program
    .command('ingest')
    .description('ingest files or folders (CSV, TSV, XLSX, text); unchanged files are skipped, changed files replaced atomically')
    .argument('<paths...>', 'files or folders')
    .option('--json', 'print the summary as JSON')
    .option('--tenant <id>', 'tenant id (default GRIDRAG_TENANT)')
    .action(async (paths: string[], options: { json?: boolean; tenant?: string }) => {
      const summary = await withApp(options, (app) => runIngest(app, paths, options.json === true));
      if (options.json) printJson(summary);
      else process.stdout.write(`${summaryText(summary)}\n`);
      // Any file that could not be ingested (or a path that does not exist) makes the run fail, for scripts and cron.
      if (summary.missing.length > 0 || summary.failed > 0) process.exitCode = 1;
    });

  program
    .command('tables')
    .description('list the tables found: file, sheet, range, columns, rows, totals, validation outcome')
    .option('--json', 'print as JSON')
    .option('--tenant <id>', 'tenant id')
    .action(async (options: { json?: boolean; tenant?: string }) => {
      const tables = await withApp(options, (app) => loadCatalog(app.db, app.tenantId, { withSamples: true }));
      if (options.json) printJson(tables.map(tableJson));
      else process.stdout.write(`${tablesText(tables)}\n`);
    });

  program
    .command('glossary')
    .description('list the business glossary terms in force (from glossary.yml at the root of ingested folders)')
    .option('--json', 'print as JSON')
    .option('--tenant <id>', 'tenant id')
    .action(async (options: { json?: boolean; tenant?: string }) => {
      const terms = await withApp(options, (app) => loadGlossary(app.db, app.tenantId));
      if (options.json) printJson(terms);
      else if (terms.length === 0) process.stdout.write('No glossary terms. Put a glossary.yml at the root of an ingested folder.\n');
      else for (const term of terms) process.stdout.write(`${term.term}: ${[term.description, term.where ? `where ${term.where}` : '', term.column ? `= column "${term.column}"` : ''].filter(Boolean).join('; ')}\n`);
    });

  program
    .command('demo')
    .description('ingest the bundled examples into the embedded database and answer a few questions')
    .option('--json', 'print answers as JSON')
    .action(async (options: { json?: boolean }) => {
      await withApp({}, async (app) => {
        const summary = await runIngest(app, [EXAMPLES_DIR], options.json === true);
        if (!options.json) process.stdout.write(`${summaryText(summary)}\n\n`);
        const answers = [];
        for (const question of DEMO_QUESTIONS) {
          const answer = await ask(app, question);
          answers.push(answer);
          if (!options.json) process.stdout.write(`Q: ${question}\nA: ${answer.answer}\n\n`);
        }
        if (options.json) printJson({ summary, answers });
      });
    });
}
