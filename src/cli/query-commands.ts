/**
 * `gridrag ask`, `gridrag sql`, `gridrag log`, `gridrag health`.
 * @module cli/query-commands
 */
import type { Command } from 'commander';
import { askQuestion, checkHealth, healthText, LogRequestSchema, parseRequest, readLog, runSql } from '../app/index.js';
import { missingDataDir } from '../app/find-data-dir.js';
import { loadConfig } from '../config.js';
import { ERROR_CODES } from '../errors.js';
import { TENANT_FLAGS, TENANT_HELP } from './ingest-commands.js';
import { formatCell, paintFor, printJson } from './output.js';
import { printable } from '../printable-text.js';
import { withApp } from './with-app.js';

/** Exit code of `ask` when nothing could answer the question. */
export const NO_ANSWER_EXIT_CODE = 2;

export function registerQueryCommands(program: Command): void {
  program
    .command('health')
    .description('check the database, migrations, lock-down, vector storage, embedder and LLM endpoint (as GET /api/health)')
    .option('--json', 'print the report as JSON')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (options: { json?: boolean; tenant?: string }) => {
      // A diagnostic never creates a store: with none yet, it says so (nothing else to check).
      const missing = missingDataDir(loadConfig());
      if (missing !== undefined) {
        const message = `no store yet: no embedded database in ${missing} (gridrag ingest or gridrag sync creates one; set GRIDRAG_DATA_DIR or DATABASE_URL to use another)`;
        if (options.json) printJson({ ok: true, store: null, message });
        else process.stdout.write(`ok   database: ${message}\n`);
        return;
      }
      const report = await withApp(options, (app) => checkHealth(app));
      if (options.json) printJson(report);
      else {
        const paint = paintFor(process.stdout);
        process.stdout.write(`${healthText(report).map((line) => (line.startsWith('FAIL') ? paint.red(line) : line)).join('\n')}\n`);
      }
      // Unhealthy (database, migrations or lock-down): the exit code of an unavailable service.
      if (!report.ok) process.exitCode = ERROR_CODES.DB.exitCode;
    });

  program
    .command('ask')
    .description('answer a question from the ingested tables, with sources and SQL')
    .argument('<question>', 'the question, in quotes')
    .option('--json', 'print the answer as JSON (full precision)')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (question: string, options: { json?: boolean; tenant?: string }) => {
      const answer = await withApp(options, (app) => askQuestion(app, { question, userId: process.env.USER, sessionId: 'cli' }));
      if (options.json) printJson(answer);
      else {
        const paint = paintFor(process.stdout);
        const [first, ...rest] = answer.answer.split('\n');
        const body = answer.mode === 'none' ? paint.yellow(first) : paint.bold(first);
        process.stdout.write(`${[body, ...rest.map((line) => (/^(Source|SQL):/.test(line) ? paint.dim(line) : line))].join('\n')}\n`);
      }
      if (answer.mode === 'none') process.exitCode = NO_ANSWER_EXIT_CODE;
    });

  program
    .command('sql')
    .description('run your own SELECT through the same guard and executor, against the names `gridrag tables` shows')
    .argument('<statement>', 'one SELECT statement')
    .option('--json', 'print the result as JSON (full precision)')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (statement: string, options: { json?: boolean; tenant?: string }) => {
      const result = await withApp(options, (app) => runSql(app, { sql: statement, userId: process.env.USER, sessionId: 'cli-sql' }));
      if (options.json) {
        printJson(result);
        return;
      }
      const paint = paintFor(process.stdout);
      process.stdout.write(`${paint.bold(result.columns.map(printable).join('\t'))}\n`);
      for (const row of result.rows) process.stdout.write(`${result.columns.map((column) => formatCell(row[column])).join('\t')}\n`);
      const sources = printable(result.sources.map((s) => `${s.path ?? s.file}${s.sheet ? ` › ${s.sheet}` : ''} › ${s.range}`).join('; '));
      const count = result.rowCountIsLowerBound ? `at least ${result.rowCount} rows` : `${result.rowCount} row${result.rowCount === 1 ? '' : 's'}`;
      process.stdout.write(`${paint.dim(`(${count}${result.truncated ? `, showing ${result.rows.length}` : ''}; sources: ${sources}; validation ${result.outcome})`)}\n`);
    });

  program
    .command('log')
    .description('show the audit log of executed statements, newest first')
    .option('--limit <n>', 'how many entries, a whole number from 1 to 1000', '20')
    .option('--json', 'print as JSON')
    .option(TENANT_FLAGS, TENANT_HELP)
    .action(async (options: { limit: string; json?: boolean; tenant?: string }) => {
      const request = parseRequest(LogRequestSchema, { limit: options.limit }); // before the database is opened
      const { entries } = await withApp(options, (app) => readLog(app, request));
      if (options.json) {
        printJson(entries);
        return;
      }
      const paint = paintFor(process.stdout);
      for (const entry of entries) {
        const outcome = entry.outcome === 'ok' || entry.outcome === 'cached' ? entry.outcome : paint.red(entry.outcome);
        process.stdout.write(
          `${paint.dim(entry.createdAt)} ${outcome} ${entry.rowCount ?? '-'} rows ${entry.durationMs ?? '-'} ms\n  ${entry.question ? `Q: ${printable(entry.question)}\n  ` : ''}${printable(entry.sql.replace(/\s+/g, ' '))}${entry.error ? `\n  ${entry.outcome === 'feedback' ? 'feedback' : 'error'}: ${printable(entry.error)}` : ''}\n`,
        );
      }
    });
}
