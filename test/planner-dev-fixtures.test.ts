/**
 * The offline planner against the dev fixtures: every file ingested into one in-memory
 * PGlite through the store, the catalog loaded, each truth question planned and run through
 * the guarded query runner. A wrong number fails the suite; a decline is allowed but at least
 * 85 % must be exact. Paraphrases of the same shapes must give the same answers, and
 * questions the data cannot answer must be declined.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGlossary, type GlossaryTerm } from '../src/agent/glossary.js';
import { planQuestion, type PlanResult } from '../src/agent/planner/index.js';
import { createDb, type Db } from '../src/db/index.js';
import { createExecutor, runSql, type Executor } from '../src/query/index.js';
import { ingestFile } from '../src/ingest/index.js';
import { loadCatalog, type CatalogTable } from '../src/store/index.js';
import { DEV_FIXTURES } from './helpers/shared-paths.js';

const DIR = DEV_FIXTURES;
interface TruthQuestion {
  id: string;
  question: string;
  kind: 'scalar' | 'count' | 'top1' | 'group';
  answer: number | string | Record<string, number>;
  tolerance: number;
  accept_abs?: boolean;
}
const truth = JSON.parse(readFileSync(path.join(DIR, 'truth.json'), 'utf8')) as { questions: TruthQuestion[] };
const today = new Date('2025-07-15T00:00:00Z');

let db: Db;
let executor: Executor;
let catalog: CatalogTable[];
let glossary: GlossaryTerm[];

beforeAll(async () => {
  db = await createDb({ dataDir: null });
  for (const file of readdirSync(DIR).filter((name) => /\.(csv|xlsx)$/.test(name))) {
    const outcome = await ingestFile(db, { tenantId: 'dev', sourceKind: 'local', sourceRef: file, sourcePath: file, fileName: file, bytes: readFileSync(path.join(DIR, file)) });
    expect(outcome.status, `${file}: ${outcome.error ?? ''}`).toBe('ingested');
  }
  catalog = await loadCatalog(db, 'dev');
  glossary = parseGlossary(readFileSync(path.join(DIR, 'glossary.yml'), 'utf8'), 'glossary.yml');
  executor = await createExecutor({ db });
});

afterAll(async () => {
  await executor?.close();
  await db?.close();
});

type Outcome = { declined: true; reason: string } | { declined: false; value: unknown; plan: Extract<PlanResult, { kind: 'sql' }> };

/** Plans and runs; the value is row 1 column 1 (scalar, count, top1) or the key → value map (group). */
async function ask(question: string): Promise<Outcome> {
  const plan = planQuestion(question, catalog, { glossary, today });
  if (plan.kind === 'declined') return { declined: true, reason: plan.reason };
  const run = await runSql({ db, executor, tenantId: 'dev', tables: catalog }, plan.sql);
  const [first, second] = run.result.columns.map((c) => c.name);
  const rows = run.result.rows;
  const value = plan.answerKind === 'group' ? Object.fromEntries(rows.map((row) => [String(row[first]), row[second]])) : rows[0]?.[first];
  return { declined: false, value, plan };
}

function matches(expected: TruthQuestion['answer'], value: unknown, tolerance: number, acceptAbs = false): boolean {
  const close = (a: number, b: number) => Math.abs(a - b) <= tolerance + 1e-9 || (acceptAbs && Math.abs(Math.abs(a) - Math.abs(b)) <= tolerance + 1e-9);
  if (typeof expected === 'number') return typeof value === 'number' && close(value, expected);
  if (typeof expected === 'string') return value === expected;
  if (typeof value !== 'object' || value === null) return false;
  const got = value as Record<string, unknown>;
  return Object.keys(got).length === Object.keys(expected).length && Object.entries(expected).every(([key, v]) => typeof got[key] === 'number' && close(got[key] as number, v));
}

const byId = new Map(truth.questions.map((q) => [q.id, q]));

describe('planQuestion on the dev fixtures', () => {
  it('answers every truth question exactly or declines, never a wrong number, ≥ 85 % exact', async () => {
    const wrong: string[] = [];
    const declined: string[] = [];
    let exact = 0;
    for (const question of truth.questions) {
      const outcome = await ask(question.question);
      if (outcome.declined) declined.push(`${question.id}: ${outcome.reason}`);
      else if (matches(question.answer, outcome.value, question.tolerance, question.accept_abs)) exact++;
      else wrong.push(`${question.id}: got ${JSON.stringify(outcome.value)}, expected ${JSON.stringify(question.answer)} — ${outcome.plan.sql}`);
    }
    console.log(`planner dev score: ${exact}/${truth.questions.length} exact, ${declined.length} declined, ${wrong.length} wrong\n${declined.join('\n')}`);
    expect(wrong).toEqual([]);
    expect(exact / truth.questions.length).toBeGreaterThanOrEqual(0.85);
  });

  it('answers percentages in percent points and says so', async () => {
    for (const id of ['dev-qa_audit-06', 'dev-media_plan-07', 'dev-regional_sales-05', 'dev-pnl_2024-07']) {
      const outcome = await ask(byId.get(id)?.question ?? '');
      expect(outcome.declined ? outcome.reason : outcome.plan.unit, id).toBe('percent_points');
    }
  });

  const paraphrases: [string, string][] = [
    ['What is the sum of actual spend in the Q1 media plan?', 'dev-media_plan-01'],
    ["What's the total spend budget for Q2?", 'dev-media_plan-02'],
    ['Which channel achieved the most reach in Q2?', 'dev-media_plan-03'],
    ['Number of channels in the Q1 plan', 'dev-media_plan-04'],
    ['Show actual spend per channel in the Q2 plan', 'dev-media_plan-06'],
    ['What was the net revenue for Wien in Feb 2025?', 'dev-regional_sales-01'],
    ['Sum of net revenue for Rotterdam between 2025-01-01 and 2025-03-31', 'dev-regional_sales-02'],
    ['Net revenue of the Nordics', 'dev-regional_sales-03'],
    ['What was the overall gross margin in DACH?', 'dev-regional_sales-05'],
    ['Total orders per region', 'dev-regional_sales-07'],
    ['Number of complaints overall', 'dev-feedback_tracker-01'],
    ['How many complaints were logged during March 2025?', 'dev-feedback_tracker-03'],
    ['How many feedback entries did we get in Q4 2024?', 'dev-feedback_tracker-04'],
    ['Average rating in Amsterdam', 'dev-feedback_tracker-05'],
    ['Complaints by category', 'dev-feedback_tracker-06'],
    ['How many complaints from Belgium?', 'dev-feedback_tracker-08'],
    ['What was the CSAT in Zürich for March 2025?', 'dev-csat_by_month-01'],
    ['Total number of responses during Q2 2025', 'dev-csat_by_month-03'],
    ['Sum of responses for each location', 'dev-csat_by_month-05'],
    ["What's the total revenue of the electronics department?", 'dev-orders-01'],
    ['Number of orders by country', 'dev-orders-02'],
    ['Which product had the highest quantity?', 'dev-orders-04'],
    ['What is the mean amount for orders in Germany?', 'dev-orders-06'],
    ['Count of orders for zip code 04027', 'dev-orders-07'],
    ['How many audits were flagged in the APAC region?', 'dev-qa_audit-01'],
    ['Breakdown of audits by severity', 'dev-qa_audit-04'],
    ['What percentage of audits in AMER were flagged?', 'dev-qa_audit-06'],
    ['What was Services revenue in Q4 2024?', 'dev-pnl_2024-03'],
    ['Cost of sales for the first half of 2024', 'dev-pnl_2024-05'],
    ['Gross margin % for FY 2024', 'dev-pnl_2024-07'],
    ['What was the gross profit margin for 2024?', 'dev-pnl_2024-07'],
    ['Which ad platform had the highest number of conversions?', 'dev-orders-05'],
    ['In which month did we receive the most survey responses?', 'dev-csat_by_month-06'],
  ];
  it.each(paraphrases)('answers the paraphrase "%s" like %s', async (question, id) => {
    const expected = byId.get(id) as TruthQuestion;
    const outcome = await ask(question);
    expect(outcome.declined ? outcome.reason : outcome.value).toSatisfy((value: unknown) => matches(expected.answer, value, expected.tolerance, expected.accept_abs));
  });

  it('answers "during Q2" over a table whose quarters are titles, and "for the year 2025" over a date column', async () => {
    const q2 = byId.get('dev-media_plan-06')?.answer as Record<string, number>;
    const outcome = await ask('Total actual spend during Q2');
    expect(outcome.declined ? outcome.reason : outcome.value).toBeCloseTo(Object.values(q2).reduce((a, b) => a + b, 0), 2);
    const year = await ask('How many complaints for the year 2025?');
    const perMonth = await ask('Number of complaints by month');
    if (year.declined || perMonth.declined) throw new Error('declined');
    const months = perMonth.value as Record<string, number>;
    expect(year.value).toBe(Object.entries(months).filter(([month]) => month.startsWith('2025')).reduce((a, [, n]) => a + n, 0));
  });

  it('answers a share whose part follows "about"', async () => {
    const byCategory = byId.get('dev-feedback_tracker-06')?.answer as Record<string, number>;
    const total = byId.get('dev-feedback_tracker-01')?.answer as number;
    const outcome = await ask("What's the share of complaints about Delivery?");
    expect(outcome.declined ? outcome.reason : outcome.value).toBeCloseTo((100 * byCategory.Delivery) / total, 9);
  });

  it('counts blanks: orders with no ad platform plus orders per platform make all orders', async () => {
    const total = Object.values(byId.get('dev-orders-02')?.answer as Record<string, number>).reduce((a, b) => a + b, 0);
    const blank = await ask('How many orders had no ad platform?');
    const perPlatform = await ask('Number of orders by ad platform');
    if (blank.declined || perPlatform.declined) throw new Error('declined');
    expect(blank.value).toBeGreaterThan(0);
    expect((blank.value as number) + Object.values(perPlatform.value as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(total);
  });

  const unanswerable = [
    'What is the weather in Paris?',
    'What is the total profit of the unicorn department?',
    'What is the average rating for Berlin?',
    'Which channel had the highest reach?',
    'What was total revenue in Q3 2024?',
    'How many complaints in Amsterdam versus Rotterdam?',
    'What is the median rating?',
    'What is the total revenue for Germany in 2023?',
    'How many rows are there?',
    'What is the total rating?',
    'What was the average monthly revenue?',
  ];
  it.each(unanswerable)('declines "%s" with a reason', async (question) => {
    const outcome = await ask(question);
    expect(outcome.declined, outcome.declined ? '' : `answered ${JSON.stringify(outcome.value)} with ${outcome.plan.sql}`).toBe(true);
    expect(outcome.declined && outcome.reason.length).toBeGreaterThan(10);
  });
});
