/**
 * `ask` end to end on the dev fixtures, on every database adapter: exact answers or honest
 * declines (never a wrong number), provenance on every answer, the cache and the audit log
 * across a re-ingest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { ingestPaths } from '../src/app/index.js';
import { readQueryLog } from '../src/query/index.js';
import { scoreAnswer, type TruthQuestion } from '../src/eval/score.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { DEV_FIXTURES } from './helpers/shared-paths.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

const truth = JSON.parse(await readFile(path.join(DEV_FIXTURES, 'truth.json'), 'utf8')) as { questions: TruthQuestion[] };

for (const adapter of DB_ADAPTERS) {
  describe(`ask on the dev fixtures (${adapter.name})`, () => {
    let test: TestApp;
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-ask-'));
      await cp(DEV_FIXTURES, folder, { recursive: true });
      test = await openTestApp(adapter);
      const summary = await ingestPaths(test.app, [folder]);
      expect(summary.failed).toBe(0);
      expect(summary.glossaryTerms).toBeGreaterThan(0);
    });
    afterAll(async () => {
      await test?.dispose();
      await rm(folder, { recursive: true, force: true });
    });

    it('answers ≥ 85 % exactly, declines the rest, never gives a wrong number, and cites every answer', async () => {
      const verdicts: Record<string, string[]> = { exact: [], declined: [], wrong: [] };
      for (const question of truth.questions) {
        const answer = await ask(test.app, question.question);
        verdicts[scoreAnswer(question, answer)].push(question.id);
        if (answer.mode === 'sql') {
          expect(answer.sql, question.id).toMatch(/select/i);
          expect(answer.sources.length, question.id).toBeGreaterThan(0);
          for (const source of answer.sources) {
            expect(source.file, question.id).toMatch(/\.(csv|xlsx)$/);
            expect(source.range, question.id).toMatch(/^[A-Z]+\d+:[A-Z]+\d+$/);
            expect(source.contentHash, question.id).toMatch(/^[0-9a-f]{64}$/);
            expect(source.version, question.id).toBeGreaterThanOrEqual(1);
          }
          expect(['verified', 'unverifiable', 'floor'], question.id).toContain(answer.outcome);
          expect(answer.answer, question.id).toContain('Source:');
        } else {
          expect(answer.answer, question.id).toMatch(/cannot answer/);
          expect(answer.value).toBeNull();
        }
      }
      expect(verdicts.wrong).toEqual([]);
      expect(verdicts.exact.length / truth.questions.length).toBeGreaterThanOrEqual(0.85);
    });

    it('names the verified outcome when the sheet’s own totals checked the numbers', async () => {
      const answer = await ask(test.app, 'Total actual spend in the Q1 plan');
      expect(answer.value).toBeCloseTo(510932.33, 2);
      expect(answer.outcome).toBe('verified');
      expect(answer.sources[0]).toMatchObject({ file: 'media_plan.xlsx', sheet: 'Plan', range: 'A2:F11' });
    });

    it('serves a repeated question from the cache, logs both runs, and drops the cache on re-ingest', async () => {
      const question = 'How much money did the electronics department make?';
      const first = await ask(test.app, question, { sessionId: 'cache-test' });
      const second = await ask(test.app, question, { sessionId: 'cache-test' });
      expect(second.value).toBe(first.value);
      expect(second.cached).toBe(true);

      const orders = path.join(folder, 'orders.csv');
      const text = await readFile(orders, 'utf8');
      const lines = text.split(/\r?\n/);
      const header = lines[0].replace(/^\uFEFF/, '').split(',');
      const department = header.indexOf('department');
      const index = lines.findIndex((line, i) => i > 0 && line.split(',')[department] === 'Electronics' && /,\d+\.\d\d,/.test(line));
      expect(index).toBeGreaterThan(0);
      lines.splice(index, 1);
      await writeFile(orders, lines.join('\n'));
      const summary = await ingestPaths(test.app, [orders]);
      expect(summary.replaced).toBe(1);

      const third = await ask(test.app, question, { sessionId: 'cache-test' });
      expect(third.cached).toBe(false);
      expect(third.value).not.toBe(first.value);
      expect(third.sources[0].version).toBe(first.sources[0].version + 1);

      const log = (await readQueryLog(test.app.db, test.app.tenantId, { limit: 50 })) as unknown as Record<string, unknown>[];
      const mine = log.filter((entry) => (entry.sessionId ?? entry.session_id) === 'cache-test');
      // Newest first: the run after the re-ingest, then the cached repeat.
      expect(mine.map((entry) => entry.outcome).slice(0, 2)).toEqual(['ok', 'cached']);
      expect(mine).toHaveLength(3);
      expect(mine.every((entry) => String(entry.question) === question)).toBe(true);
    });

    it('says so and lists what exists when no table answers, never a number', async () => {
      const answer = await ask(test.app, 'What is the weather in Paris tomorrow?');
      expect(answer.mode).toBe('none');
      expect(answer.value).toBeNull();
      expect(answer.answer).toMatch(/Tables I have: .*orders/);
    });
  });
}
