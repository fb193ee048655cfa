/**
 * Values of a column too varied for the catalog to list (more than 200 distinct places) are
 * looked up when a question names them, on every database adapter: the planner then filters on
 * them as on any listed value, and a name the column does not hold still declines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { ingestPaths } from '../src/app/index.js';
import { MIGRATIONS_DIR } from '../src/db/index.js';
import { findNamedValues, loadCatalog } from '../src/store/index.js';
import { questionPhrases } from '../src/agent/planner/index.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

/**
 * 321 places, each once but for three "Sadsbury Township" rows and two "St. Clair" rows; one
 * place is named "Chester" like a county (81 places are in Chester), and one "Max".
 */
function placesCsv(): string {
  const counties = ['Chester', 'Crawford', 'Lancaster', 'Allegheny'];
  const lines = ['Name of place,Number of counties,Principal county,Area'];
  for (let i = 0; i < 314; i++) lines.push(`Placeville ${i + 1},1,${counties[i % 4]},${i + 10}`);
  lines.push('Sadsbury Township,1,Chester,5', 'Sadsbury Township,1,Crawford,6', 'Sadsbury Township,2,Lancaster,7');
  lines.push('St. Clair,1,Allegheny,8', 'St. Clair,1,Chester,9', 'Chester,1,Crawford,3', 'Max,1,Crawford,4');
  return `${lines.join('\n')}\n`;
}

describe('questionPhrases', () => {
  it('gives the runs of up to six words as written, without the punctuation around them', () => {
    const phrases = questionPhrases('How many counties is Sadsbury Township in, and St. Clair?');
    expect(phrases).toContain('sadsbury township');
    expect(phrases).toContain('st. clair');
    expect(phrases).not.toContain('in'); // a plain word is never looked up alone
    expect(phrases).not.toContain('in,');
    expect(questionPhrases("What is Sadsbury's rank?")).toContain('sadsbury');
  });
});

for (const adapter of DB_ADAPTERS) {
  describe(`values named by a question, looked up (${adapter.name})`, () => {
    let test: TestApp;
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-named-'));
      await writeFile(path.join(folder, 'places.csv'), placesCsv());
      test = await openTestApp(adapter);
      const summary = await ingestPaths(test.app, [folder]);
      expect(summary.failed).toBe(0);
    });
    afterAll(async () => {
      await test?.dispose();
      await rm(folder, { recursive: true, force: true });
    });

    it('lists no values of the varied column in the catalog, and finds those the question names', async () => {
      const catalog = await loadCatalog(test.app.db, test.app.tenantId);
      const names = catalog[0].columns.find((c) => c.name === 'Name of place');
      expect(names?.profile.distinct).toBeUndefined();
      const found = await findNamedValues(test.app.db, test.app.tenantId, catalog, questionPhrases('how many times is sadsbury township listed?'));
      expect(found[0].columns.find((c) => c.name === 'Name of place')?.profile.named).toEqual(['Sadsbury Township']);
      // the catalog given is left as it was
      expect(names?.profile.named).toBeUndefined();
    });

    it('answers over a value the catalog could not list', async () => {
      expect((await ask(test.app, 'how many times is sadsbury township listed?')).value).toBe(3);
      expect((await ask(test.app, 'how many counties is sadsbury township in?')).value).toBe(4);
      expect((await ask(test.app, 'how many places are named st. clair?')).value).toBe(2);
    });

    it('leaves a value a listed column holds to that column, and looks up no plain word ("max")', async () => {
    // "Chester" is a county (listed) and a place (looked up): the county is meant
    expect((await ask(test.app, 'how many places are in chester?')).value).toBe(81);
    expect((await ask(test.app, 'what is the max area?')).value).toBe(323);
    expect(questionPhrases('what is the max area?')).not.toContain('max');
  });

  it('finds the values of a table stored before they were recorded: the migration writes them', async () => {
      const catalog = await loadCatalog(test.app.db, test.app.tenantId);
      const phrases = questionPhrases('how many places are named st. clair?');
      const named = async () => (await findNamedValues(test.app.db, test.app.tenantId, catalog, phrases))[0].columns.find((c) => c.name === 'Name of place')?.profile.named;
      await test.app.db.query('delete from tabular_named_values where tenant_id = $1', [test.app.tenantId]);
      expect(await named()).toBeUndefined();
      await test.app.db.exec(await readFile(path.join(MIGRATIONS_DIR, '20261205000100_named_values.sql'), 'utf8'));
      expect(await named()).toEqual(['St. Clair']);
    });

  it('still declines a name the column does not hold', async () => {
      const answer = await ask(test.app, 'how many times is nowhere township listed?');
      expect(answer.mode).toBe('none');
      expect(answer.value).toBeNull();
    });
  });
}
