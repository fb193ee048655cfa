import { afterAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { evaluateProse, PROSE_GOLDEN_SET, proseReportText, type ProseReport } from './prose.js';

const reports: Record<string, ProseReport> = {};

for (const adapter of DB_ADAPTERS) {
  describe(`evaluateProse (${adapter.name})`, () => {
    let test: TestApp | undefined;
    afterAll(async () => test?.dispose());

    it('scores the golden set: recall@5, abstention and routing, with the same top passages on every adapter', async () => {
      test = await openTestApp(adapter);
      const report = await evaluateProse(test.app, PROSE_GOLDEN_SET);
      reports[adapter.name] = report;
      expect(report.passageQuestions).toBe(30);
      expect(report.unanswerable).toBe(3);
      expect(report.recallAt5).toBeGreaterThanOrEqual(0.9);
      expect(report.abstention).toBe(1);
      expect(report.routingAccuracy).toBeGreaterThanOrEqual(0.9);
      expect(report.rowQuestions).toBe(2);
      expect(report.rowRecallAt3).toBe(1);
      expect(proseReportText(report)).toMatch(/prose: recall@5 \d+\.\d%, recall@1 \d+\.\d% of 30 passage questions \(embedder lexical-hashing-1536\)\n.*\n.*rows: the expected row among the first 3 for 100\.0% of 2 similarity questions over table rows\nprose: routing accuracy \d+\.\d% of 39 questions$/);
      if (reports.pglite && adapter.name !== 'pglite') {
        expect(report.questions.map((question) => [question.id, question.top, question.route])).toEqual(reports.pglite.questions.map((question) => [question.id, question.top, question.route]));
      }
    }, 120_000);
  });
}
