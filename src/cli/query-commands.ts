/**
 * `gridrag ask`, `gridrag sql`, `gridrag log`.
 * @module cli/query-commands
 */
import type { Command } from 'commander';
import { answerFromRun, ask } from '../agent/index.js';
import { loadCatalog } from '../store/index.js';
import { readQueryLog, runSql } from '../query/index.js';
import { printJson, withApp } from './with-app.js';

export function registerQueryCommands(program: Command): void {
  program
    .command('ask')
    .description('answer a question from the ingested tables, with sources and SQL')
    .argument('<question>', 'the question, in quotes')
    .option('--json', 'print the answer as JSON')
    .option('--tenant <id>', 'tenant id')
    .action(async (question: string, options: { json?: boolean; tenant?: string }) => {
      const answer = await withApp(options, (app) => ask(app, question, { userId: process.env.USER, sessionId: 'cli' }));
      if (options.json) printJson(answer);
      else process.stdout.write(`${answer.answer}\n`);
      if (answer.mode === 'none') process.exitCode = 2;
    });

  program
    .command('sql')
    .description('run your own SELECT through the same guard and executor, against the names `gridrag tables` shows')
    .argument('<statement>', 'one SELECT statement')
    .option('--json', 'print the result as JSON')
    .option('--tenant <id>', 'tenant id')
    .action(async (statement: string, options: { json?: boolean; tenant?: string }) => {
      const answer = await withApp(options, async (app) => {
        const catalog = await loadCatalog(app.db, app.tenantId);
        const run = await runSql({ db: app.db, executor: app.executor, tenantId: app.tenantId, tables: catalog, userId: process.env.USER, sessionId: 'cli-sql' }, statement);
        return answerFromRun({ question: statement, run, catalog, kind: 'rows', planner: 'offline', text: ' ' });
      });
      if (options.json) {
        printJson({ sql: answer.sql, columns: answer.columns, rows: answer.rows, rowCount: answer.rowCount, truncated: answer.truncated, sources: answer.sources, outcome: answer.outcome });
        return;
      }
      const columns = answer.columns;
      process.stdout.write(`${columns.join('\t')}\n`);
      for (const row of answer.rows) process.stdout.write(`${columns.map((column) => formatCell(row[column])).join('\t')}\n`);
      process.stdout.write(`(${answer.rowCount} row${answer.rowCount === 1 ? '' : 's'}${answer.truncated ? `, showing ${answer.rows.length}` : ''}; sources: ${answer.sources.map((s) => `${s.file}${s.sheet ? ` › ${s.sheet}` : ''} › ${s.range}`).join('; ')}; validation ${answer.outcome})\n`);
    });

  program
    .command('log')
    .description('show the audit log of executed statements')
    .option('--limit <n>', 'how many entries', '20')
    .option('--json', 'print as JSON')
    .option('--tenant <id>', 'tenant id')
    .action(async (options: { limit: string; json?: boolean; tenant?: string }) => {
      const entries = await withApp(options, (app) => readQueryLog(app.db, app.tenantId, { limit: Number(options.limit) || 20 }));
      if (options.json) {
        printJson(entries);
        return;
      }
      for (const entry of entries as unknown as Record<string, unknown>[]) {
        const at = entry.createdAt instanceof Date ? entry.createdAt.toISOString() : String(entry.createdAt ?? entry.created_at ?? '');
        process.stdout.write(`${at} ${entry.outcome} ${entry.rowCount ?? entry.row_count ?? '-'} rows ${entry.durationMs ?? entry.duration_ms ?? '-'} ms\n  ${entry.question ? `Q: ${entry.question}\n  ` : ''}${String(entry.sql ?? '').replace(/\s+/g, ' ')}${entry.error ? `\n  error: ${entry.error}` : ''}\n`);
      }
    });
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
