import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noAnswer, type Answer } from '../agent/index.js';
import { openApp, type App } from '../app/index.js';
import { loadConfig } from '../config.js';
import { readWtqQuestions, sameValue, scoreWtq, scoreWtqAnswer } from './wtq.js';

function sqlAnswer(value: Answer['value'], rows: Record<string, unknown>[] = [], unit?: string): Answer {
  return { ...noAnswer('q', 'x', []), mode: 'sql', value, unit, columns: rows.length > 0 ? Object.keys(rows[0]) : [], rows };
}

describe('sameValue', () => {
  it('accepts float formatting and thousands separators, rounding to the gold answer\'s decimals', () => {
    expect(sameValue('17,259', 17259)).toBe(true);
    expect(sameValue('306.65', 306.65000000001)).toBe(true);
    expect(sameValue('9.5', 9.5)).toBe(true);
    expect(sameValue('24.72', 24.7199999)).toBe(true);
    expect(sameValue('153', 152)).toBe(false);
    expect(sameValue('70223', 70223.75)).toBe(true); // the gold cut the decimals
    expect(sameValue('70223', 70224.5)).toBe(false);
    expect(sameValue('2006', '2006')).toBe(true);
    expect(sameValue('Zürich', 'zurich')).toBe(true);
  });
});

describe('scoreWtqAnswer', () => {
  it('compares a list answer as a set and counts a missing value as a decline', () => {
    expect(scoreWtqAnswer('3', sqlAnswer(3)).verdict).toBe('exact');
    expect(scoreWtqAnswer('3', sqlAnswer(4)).verdict).toBe('wrong');
    expect(scoreWtqAnswer('b|a', sqlAnswer(null, [{ name: 'a' }, { name: 'b' }])).verdict).toBe('exact');
    expect(scoreWtqAnswer('a', sqlAnswer(null, [{ name: 'a' }, { name: 'b' }])).verdict).toBe('wrong');
    expect(scoreWtqAnswer('3', sqlAnswer(null)).verdict).toBe('declined');
    expect(scoreWtqAnswer('3', noAnswer('q', 'no', [])).verdict).toBe('declined');
    expect(scoreWtqAnswer('12.5', sqlAnswer(0.125, [], 'percent_fraction')).verdict).toBe('exact');
  });

  it('scores a tie for the best by the tied labels, not the runners-up after them', () => {
    const tie = { ...sqlAnswer(null, [{ name: 'North', n: 9 }, { name: 'South', n: 9 }, { name: 'East', n: 3 }]), tied: 2 };
    expect(scoreWtqAnswer('South|North', tie).verdict).toBe('exact');
    expect(scoreWtqAnswer('North', tie).verdict).toBe('wrong');
  });
});

describe('scoreWtq', () => {
  let folder: string;
  let app: App;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'wtq-'));
    await mkdir(path.join(folder, 'tables'));
    await writeFile(path.join(folder, 'tables', 'a.csv'), '"Team","Points"\n"Fram","20"\n"KR","19"\n');
    await writeFile(path.join(folder, 'tables', 'b.csv'), '"Team","Goals"\n"Fram","50"\n"Valur","7"\n');
    await writeFile(
      path.join(folder, 'questions.tsv'),
      'id\tquestion\ttable_file\tanswer\n' +
        'q1\tfram had how many more points than kr?\ttables/a.csv\t1\n' +
        'q2\thow many goals did fram score?\ttables/a.csv\t50\n' + // the goals are in b.csv: must not be answered from it
        'q3\t"what is the total of ""goals""?"\ttables/b.csv\t57\n' +
        'q4\twhat is the total points?\ttables/b.csv\t39\n',
    );
    app = await openApp({ config: { ...loadConfig({}), DATABASE_URL: undefined }, dataDir: null, llm: null });
  });
  afterAll(async () => {
    await app?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads CSV-style quotes in questions.tsv', async () => {
    const questions = await readWtqQuestions(folder);
    expect(questions[2]).toMatchObject({ id: 'q3', question: 'what is the total of "goals"?', tableFile: 'tables/b.csv', answer: '57' });
  });

  it('asks each question over its own table alone and totals exact / declined / wrong', async () => {
    const report = await scoreWtq(app, folder);
    expect(report.results.map((r) => [r.id, r.verdict])).toEqual([['q1', 'exact'], ['q2', 'declined'], ['q3', 'exact'], ['q4', 'declined']]);
    expect(report).toMatchObject({ total: 4, exact: 2, declined: 2, wrong: 0, failedTables: [] });
  });
});
