/**
 * `npm run eval` alone scores the bundled prose golden set (eval/prose: recall@5, routing
 * accuracy; see eval/prose.ts); `--prose <folder>` scores another such set.
 * `npm run eval -- [<folder-with-truth.json>] [--corpus <folder>] [--enron <folder>] [--json]`:
 * ingests the folder into a fresh in-memory database, scores table detection and offline
 * answers against its truth.json, and optionally ingests every file of a corpus folder,
 * counting ingested / clear error / crash. `--enron` scores table detection and aggregate
 * rows on the annotated Enron workbooks (`eval/enron.ts`). Prints a line per table and
 * question and the totals.
 * A folder with a `questions.tsv` (WikiTableQuestions) is scored by `eval/wtq` instead: each
 * question over its own table, exact / declined / wrong (a line per question with `--verbose`).
 * @module eval/main
 */
import { InvalidRequestError } from '../errors.js';
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ask } from '../agent/index.js';
import { ingestPaths, openApp } from '../app/index.js';
import { loadConfig } from '../config.js';
import { loadCatalog } from '../store/index.js';
import { scoreAnswer, scoreTable, type TruthQuestion, type TruthTable } from './score.js';
import { ingestCorpus } from './corpus.js';
import { defaultRowsCorpus, printRowsLost } from './rows-lost-report.js';
import { measureRowsLost } from './rows-lost.js';
import { formatEnronReport, scoreEnron } from './enron.js';
import { evaluateProse, PROSE_GOLDEN_SET, proseReportText } from './prose.js';

async function runProse(folder: string, json: boolean): Promise<void> {
  const app = await openApp({ config: { ...loadConfig({}), DATABASE_URL: undefined }, dataDir: null, llm: null });
  try {
    const report = await evaluateProse(app, folder);
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : `${proseReportText(report)}\n`);
  } finally {
    await app.close();
  }
}
import { formatWtqResult, formatWtqSummary, scoreWtq } from './wtq.js';

const program = new Command()
  .name('eval')
  .argument('[folder]', 'folder with truth.json and its files (none and no --enron: the prose golden set only)')
  .option('--corpus <folder>', 'also ingest every file of this folder, one by one')
  .option('--prose <folder>', 'score this prose golden set (prose-truth.json) instead of the bundled one')
  .option('--enron <folder>', 'score table detection and aggregate rows on the annotated Enron workbooks of this folder')
  .option('--verbose', 'with --enron, print every sheet, not only those that miss, and each missed or extra aggregate row with its cells; WTQ: a line per question')
  .option('--json', 'print the report as JSON')
  .option('--rows-corpus <folder>', 'count rows lost over the CSVs of this folder (default: the shared corpus beside the repository)')
  .action(async (folder: string | undefined, options: { corpus?: string; prose?: string; enron?: string; verbose?: boolean; json?: boolean; rowsCorpus?: string }) => {
    if ((!folder && !options.enron) || options.prose) await runProse(options.prose ?? PROSE_GOLDEN_SET, options.json === true);
    if (options.enron) {
      const enron = await scoreEnron(options.enron);
      if (options.json && !folder) process.stdout.write(`${JSON.stringify(enron, null, 2)}\n`);
      else process.stdout.write(`${formatEnronReport(enron, options.verbose)}\n`);
    }
    if (!folder) return;
    if (existsSync(path.join(folder, 'questions.tsv'))) return evalWtq(folder, options);
    const truth = JSON.parse(await readFile(path.join(folder, 'truth.json'), 'utf8')) as { tables?: TruthTable[]; questions?: TruthQuestion[] };
    const config = { ...loadConfig({}), DATABASE_URL: undefined };
    const app = await openApp({ config, dataDir: null, llm: null });
    const report: Record<string, unknown> = {};
    try {
      const summary = await ingestPaths(app, [folder]);
      const catalog = await loadCatalog(app.db, app.tenantId);
      const tables = (truth.tables ?? []).map((table) => scoreTable(table, catalog));
      const questions: { id: string; question: string; expected: unknown; got: unknown; verdict: string; sql: string | null; note?: string }[] = [];
      for (const question of truth.questions ?? []) {
        const answer = await ask(app, question.question);
        questions.push({ id: question.id, question: question.question, expected: question.answer, got: answer.mode === 'sql' ? (question.kind === 'group' ? answer.rows : answer.value) : null, verdict: scoreAnswer(question, answer), sql: answer.sql, note: answer.mode === 'none' ? answer.explanation : undefined });
      }
      const exactTables = tables.filter((t) => t.problems.length === 0).length;
      const count = (verdict: string) => questions.filter((q) => q.verdict === verdict).length;
      report.ingest = { files: summary.files.length, failed: summary.errors };
      report.tables = { exact: exactTables, total: tables.length, details: tables };
      report.questions = { exact: count('exact'), declined: count('declined'), wrong: count('wrong'), total: questions.length, details: questions };
      if (options.corpus) report.corpus = await ingestCorpus(app, options.corpus);
      const rowsCorpus = options.rowsCorpus ?? defaultRowsCorpus();
      if (rowsCorpus) report.rowsLost = await measureRowsLost(app, rowsCorpus);
      if (options.json) {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      for (const table of tables) process.stdout.write(`table ${table.problems.length === 0 ? 'ok   ' : 'MISS '} ${table.id} ${table.found ?? ''} ${table.problems.join('; ')}\n`);
      for (const q of questions) process.stdout.write(`answer ${q.verdict.padEnd(8)} ${q.id}: ${q.question} → ${JSON.stringify(q.got)}${q.verdict === 'exact' ? '' : ` (expected ${JSON.stringify(q.expected)})`}${q.note ? ` [${q.note}]` : ''}\n`);
      const total = questions.length || 1;
      process.stdout.write(`tables: ${exactTables}/${tables.length} exact\n`);
      process.stdout.write(`answers: ${count('exact')}/${questions.length} exact (${((100 * count('exact')) / total).toFixed(1)}%), ${count('declined')} declined, ${count('wrong')} wrong\n`);
      if (report.corpus) {
        const corpus = report.corpus as { ingested: number; clearError: number; crash: number; total: number; crashes: string[] };
        process.stdout.write(`corpus: ${corpus.total} files, ${corpus.ingested} ingested, ${corpus.clearError} clear error, ${corpus.crash} crash\n`);
        for (const crash of corpus.crashes) process.stdout.write(`  crash: ${crash}\n`);
      }
      if (report.rowsLost) printRowsLost(report.rowsLost as Awaited<ReturnType<typeof measureRowsLost>>);
    } finally {
      await app.close();
    }
  });

/** Scores a WikiTableQuestions folder (questions.tsv + tables/) with the offline planner. */
async function evalWtq(folder: string, options: { json?: boolean; verbose?: boolean }): Promise<void> {
  const config = { ...loadConfig({}), DATABASE_URL: undefined };
  const app = await openApp({ config, dataDir: null, llm: null });
  try {
    const report = await scoreWtq(app, folder, (result) => {
      if (options.verbose && !options.json) process.stdout.write(`${formatWtqResult(result)}\n`);
    });
    if (options.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    for (const failed of report.failedTables) process.stdout.write(`table failed: ${failed.file}: ${failed.error}\n`);
    process.stdout.write(`${formatWtqSummary(report)}\n`);
  } finally {
    await app.close();
  }
}

program.parseAsync(process.argv).catch((error) => {
  process.stderr.write(`eval: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
