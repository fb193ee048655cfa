/**
 * The prose golden set's score: recall@5 (and @1) of the expected passage, abstention on
 * questions the documents cannot answer, recall@3 of the expected row for similarity
 * questions over table rows, and routing accuracy (SQL, documents, both) of `ask`.
 * The set is a folder with documents, a CSV for the number questions, and `prose-truth.json`.
 * @module eval/prose
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask } from '../agent/index.js';
import { findPassages } from '../agent/find-passages.js';
import { splitAsks } from '../agent/route-question.js';
import { ingestPaths, type App } from '../app/index.js';

/** The bundled golden set (`eval/prose` beside package.json). */
export const PROSE_GOLDEN_SET = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../eval/prose');

/** One question of `prose-truth.json`. */
export interface ProseTruthQuestion {
  id: string;
  question: string;
  route: 'sql' | 'documents' | 'both';
  /** The passage that answers: its file and a phrase it contains; null when the documents cannot answer; absent for number questions. */
  passage?: { file: string; contains: string } | null;
  /** For a similarity question over rows: a row the answer must cite among its first 3 (file, and a phrase of the row's text). */
  row?: { file: string; contains: string };
}

/** One question's outcome. */
export interface ProseQuestionResult {
  id: string;
  question: string;
  expectedRoute: ProseTruthQuestion['route'];
  route: string | undefined;
  mode: string;
  /** 1-based rank of the expected passage in the top 5; null when missing or not expected. */
  rank: number | null;
  /** For `row`: 1-based rank of the expected row among the answer's row passages; null when missing. */
  rowRank?: number | null;
  /** For `passage: null`: true when no passage was returned. */
  abstained?: boolean;
  top: string[];
}

export interface ProseReport {
  questions: ProseQuestionResult[];
  recallAt5: number;
  recallAt1: number;
  passageQuestions: number;
  abstention: number;
  unanswerable: number;
  routingAccuracy: number;
  /** Similarity questions over rows, and the share whose expected row is among the answer's first 3. */
  rowQuestions: number;
  rowRecallAt3: number;
  embedder: string;
}

/**
 * Scores the golden set in `folder` on an open app with an empty tenant.
 * @throws when `prose-truth.json` is missing or malformed
 */
export async function evaluateProse(app: App, folder: string): Promise<ProseReport> {
  const truth = JSON.parse(await readFile(path.join(folder, 'prose-truth.json'), 'utf8')) as { questions: ProseTruthQuestion[] };
  await ingestPaths(app, [folder]);
  const results: ProseQuestionResult[] = [];
  let embedder = '';
  for (const question of truth.questions) {
    const answer = await ask(app, question.question);
    const result: ProseQuestionResult = { id: question.id, question: question.question, expectedRoute: question.route, route: answer.route?.route, mode: answer.mode, rank: null, top: [] };
    if (question.row) {
      const expected = question.row;
      const rows = (answer.passages ?? []).filter((passage) => passage.kind === 'row');
      const index = rows.findIndex((passage) => passage.file === expected.file && passage.quote.includes(expected.contains));
      result.rowRank = index === -1 ? null : index + 1;
      result.top = rows.map((passage) => `${passage.file}#row${passage.row}`);
    }
    if (question.passage !== undefined) {
      const query = question.route === 'both' ? splitAsks(question.question).documents : question.question;
      const found = await findPassages(app, query, { k: 5 });
      embedder = found.search.model;
      result.top = found.search.passages.map((passage) => `${passage.file}#${passage.chunk}`);
      if (question.passage === null) result.abstained = found.search.passages.length === 0;
      else {
        const expected = question.passage;
        const index = found.search.passages.findIndex((passage) => passage.file === expected.file && passage.content.includes(expected.contains));
        result.rank = index === -1 ? null : index + 1;
      }
    }
    results.push(result);
  }
  const withPassage = truth.questions.filter((question) => question.passage);
  const unanswerable = results.filter((result) => result.abstained !== undefined);
  const share = (count: number, total: number) => (total === 0 ? 1 : count / total);
  return {
    questions: results,
    passageQuestions: withPassage.length,
    recallAt5: share(results.filter((result) => result.rank !== null).length, withPassage.length),
    recallAt1: share(results.filter((result) => result.rank === 1).length, withPassage.length),
    unanswerable: unanswerable.length,
    abstention: share(unanswerable.filter((result) => result.abstained).length, unanswerable.length),
    routingAccuracy: share(results.filter((result) => result.route === result.expectedRoute).length, results.length),
    rowQuestions: results.filter((result) => result.rowRank !== undefined).length,
    rowRecallAt3: share(results.filter((result) => result.rowRank != null && result.rowRank <= 3).length, results.filter((result) => result.rowRank !== undefined).length),
    embedder,
  };
}

/** The report as lines for people. */
export function proseReportText(report: ProseReport): string {
  const lines = report.questions.map((result) => {
    const routeMark = result.route === result.expectedRoute ? 'ok  ' : 'MISS';
    const passage = result.rowRank !== undefined ? (result.rowRank !== null ? `row rank ${result.rowRank}` : `ROW MISSED (top: ${result.top.join(' ') || 'none'})`) : result.abstained !== undefined ? (result.abstained ? 'abstained' : `CITED ${result.top.join(' ')}`) : result.rank !== null ? `rank ${result.rank}` : result.top.length || result.expectedRoute !== 'sql' ? `MISSED (top: ${result.top.join(' ') || 'none'})` : '';
    return `prose route ${routeMark} ${result.expectedRoute.padEnd(9)} got ${String(result.route).padEnd(9)} ${result.mode.padEnd(6)} ${result.id}: ${passage}`;
  });
  const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
  lines.push(`prose: recall@5 ${percent(report.recallAt5)}, recall@1 ${percent(report.recallAt1)} of ${report.passageQuestions} passage questions (embedder ${report.embedder})`);
  lines.push(`prose: abstained on ${percent(report.abstention)} of ${report.unanswerable} questions the documents cannot answer`);
  lines.push(`prose: rows: the expected row among the first 3 for ${percent(report.rowRecallAt3)} of ${report.rowQuestions} similarity questions over table rows`);
  lines.push(`prose: routing accuracy ${percent(report.routingAccuracy)} of ${report.questions.length} questions`);
  return lines.join('\n');
}
