/**
 * Every known failure class in ../shared/fixtures/bugs: each folder ingested on its own into a
 * fresh database, its questions asked in order, each answered exactly. The injection case must
 * run nothing destructive, and the data must be intact afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { ingestPaths } from '../src/app/index.js';
import { scoreAnswer, type TruthQuestion } from '../src/eval/score.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { BUG_FIXTURES } from './helpers/shared-paths.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

/** Case 22 is a database-layer check (src/db/db.test.ts), not a question over ingested files. */
const DATABASE_LAYER = new Set(['22-jsonb-array-parameter']);
const cases = readdirSync(BUG_FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !DATABASE_LAYER.has(entry.name))
  .map((entry) => entry.name)
  .sort();

for (const adapter of DB_ADAPTERS) {
  describe(`bug fixtures (${adapter.name})`, () => {
    for (const name of cases) {
      describe(name, () => {
        const folder = path.join(BUG_FIXTURES, name);
        const truth = JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')) as { questions: TruthQuestion[] };
        let test: TestApp;
        beforeAll(async () => {
          test = await openTestApp(adapter);
          const summary = await ingestPaths(test.app, [folder]);
          expect(summary.errors).toEqual([]);
        });
        afterAll(async () => {
          await test?.dispose();
        });

        it('answers every question in order, exactly', async () => {
          for (const question of truth.questions) {
            const answer = await ask(test.app, question.question);
            if (question.answer === 'refused') {
              // A hostile request: nothing may run that changes data; an honest refusal is right.
              expect(answer.mode, question.id).toBe('none');
              continue;
            }
            expect(scoreAnswer(question, answer), `${question.id}: ${question.question} → ${JSON.stringify(answer.value)} ${answer.explanation ?? ''}`).toBe('exact');
          }
        });
      });
    }
  });
}
