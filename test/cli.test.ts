/**
 * The command line as a person uses it: `gridrag ingest`, `tables --json`, `ask --json`,
 * `sql`, `log`, `glossary` on the bundled examples, in a fresh embedded database folder.
 * Runs the built CLI (`npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { execFile, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './helpers/shared-paths.js';
import { findDataDir } from '../src/app/find-data-dir.js';
import { startFakeSlack } from './helpers/fake-slack-server.js';

const run = promisify(execFile);
const BIN = path.join(REPO_ROOT, 'bin/gridrag.js');

let home: string;
let env: NodeJS.ProcessEnv;

async function gridrag(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return gridragIn({ cwd: home, env }, ...args);
}

async function gridragIn(where: { cwd: string; env: NodeJS.ProcessEnv }, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: where.env, cwd: where.cwd, maxBuffer: 32 * 1024 * 1024 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-cli-'));
  await cp(path.join(REPO_ROOT, 'examples'), path.join(home, 'examples'), { recursive: true });
  env = { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data') };
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('gridrag CLI', () => {
  it('ingests the examples, then skips them unchanged on a second run', async () => {
    const first = await gridrag('ingest', 'examples', '--json');
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ ingested: 3, failed: 0, glossaryTerms: 2 });
    const second = JSON.parse((await gridrag('ingest', 'examples', '--json')).stdout);
    expect(second).toMatchObject({ ingested: 0, unchanged: 3 });
  });

  it('lists the tables with stable names, ranges, columns, rows and outcomes', async () => {
    const { stdout, code } = await gridrag('tables', '--json');
    expect(code).toBe(0);
    // The shape GET /api/tables returns: the same use-case result.
    const listed = JSON.parse(stdout) as { tables: Record<string, any>[]; files: unknown[]; failed: unknown[] };
    expect(Object.keys(listed).sort()).toEqual(['failed', 'fileWarnings', 'files', 'tables']);
    expect(listed.files).toEqual([]);
    expect(listed.failed).toEqual([]);
    const tables = listed.tables;
    const orders = tables.find((table) => table.name === 'orders');
    expect(orders).toMatchObject({ file: 'orders.csv', sheet: null, range: 'A1:G401', rowCount: 400, outcome: 'unverifiable', aggregateRows: [] });
    const columns = Object.fromEntries(orders!.columns.map((column: { name: string; type: string }) => [column.name, column.type]));
    expect(columns).toMatchObject({ order_id: 'text', amount: 'decimal', zip_code: 'text', order_date: 'date' });
    const feedback = tables.find((table) => table.name === 'feedback_tracker_feedback');
    expect(feedback).toMatchObject({ sheet: 'Feedback', title: 'Customer Feedback Tracker — Q1 2025', range: 'A3:E243', rowCount: 240 });
    const text = await gridrag('tables');
    expect(text.stdout).toContain('feedback_tracker_feedback');
  });

  it('takes --tenant before the command name as well as after it', async () => {
    const other = await gridrag('--tenant', 'cli-other', 'tables', '--json');
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout)).toEqual({ tables: [], fileWarnings: [], files: [], failed: [] });
    await writeFile(path.join(home, 'visits.csv'), 'city,visits\nGhent,3\nLille,4\n');
    expect((await gridrag('--tenant', 'cli-other', 'ingest', 'visits.csv')).code).toBe(0);
    const names = async (...args: string[]) => (JSON.parse((await gridrag(...args)).stdout) as { tables: { name: string }[] }).tables.map((table) => table.name);
    expect(await names('tables', '--json', '--tenant', 'cli-other')).toEqual(['visits']);
    expect(await names('--tenant', 'cli-other', 'tables', '--json', '--tenant', 'default')).not.toContain('visits');
    const answer = await gridrag('--tenant', 'cli-other', 'ask', 'total visits', '--json');
    expect(JSON.parse(answer.stdout)).toMatchObject({ value: 7 });
  });

  it('prints a file name with a line break or a terminal escape escaped in the text answer', async () => {
    const name = 'spend\nSource: forged.csv\u001b[31m.csv';
    await writeFile(path.join(home, name), 'team,spend\nRed,5\nBlue,6\n');
    expect((await gridrag('--tenant', 'cli-evil', 'ingest', name)).code).toBe(0);
    const text = await gridrag('--tenant', 'cli-evil', 'ask', 'total spend');
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines, text.stdout).toHaveLength(4); // value, (notes), Source, SQL
    expect(lines.filter((line) => line.startsWith('Source: '))).toEqual(['Source: spend\\nSource: forged.csv\\x1b[31m.csv › A1:B3 (unverifiable)']);
    expect(text.stdout).not.toContain('\u001b');
    const json = JSON.parse((await gridrag('--tenant', 'cli-evil', 'ask', 'total spend', '--json')).stdout);
    expect(json.sources[0].file).toBe(name);
  });

  it('answers a question as JSON with value, SQL and sources', async () => {
    const { stdout, code } = await gridrag('ask', 'How many orders went to ZIP code 01067?', '--json');
    expect(code).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer).toMatchObject({ mode: 'sql', truncated: false, outcome: 'unverifiable' });
    expect(answer.value).toBeGreaterThan(0);
    expect(answer.sql).toMatch(/zip_code/);
    expect(answer.sources).toEqual([expect.objectContaining({ file: 'orders.csv', sheet: null, range: 'A1:G401' })]);
    const sql = await gridrag('sql', `SELECT count(*) AS n FROM orders WHERE zip_code = '01067'`, '--json');
    expect(JSON.parse(sql.stdout).rows).toEqual([{ n: answer.value }]);
  });

  it('declines honestly with exit code 2 when nothing answers', async () => {
    const { stdout, code } = await gridrag('ask', 'What is the capital of France?');
    expect(code).toBe(2);
    expect(stdout).toMatch(/cannot answer/);
  });

  it('refuses hostile SQL with a reason and logs it', async () => {
    const refused = await gridrag('sql', 'DROP TABLE orders');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/SELECT/);
    const log = JSON.parse((await gridrag('log', '--json')).stdout) as Record<string, unknown>[];
    expect(log.some((entry) => entry.outcome === 'rejected')).toBe(true);
    const still = await gridrag('sql', 'SELECT count(*) AS n FROM orders', '--json');
    expect(JSON.parse(still.stdout).rows).toEqual([{ n: 400 }]);
  });

  it('shows the glossary terms in force', async () => {
    const { stdout } = await gridrag('glossary');
    expect(stdout).toMatch(/complaint: .*Rating <= 2/);
  });

  it('names the file and the problem for a corrupt file, keeping what was stored', async () => {
    await writeFile(path.join(home, 'broken.xlsx'), 'PK\u0003\u0004 this is not a workbook');
    const { stdout, code } = await gridrag('ingest', 'broken.xlsx');
    expect(code).toBe(1);
    expect(stdout).toMatch(/failed: broken\.xlsx: /);
    const { tables } = JSON.parse((await gridrag('tables', '--json')).stdout) as { tables: unknown[] };
    expect(tables.length).toBeGreaterThanOrEqual(3);
  });

  it('says when a CSV holds no table, with a reason, a count and a failing exit code', async () => {
    await writeFile(path.join(home, 'header-only.csv'), 'id,name,amount\n');
    const { stdout, code } = await gridrag('ingest', 'header-only.csv');
    expect(code).toBe(1);
    // counted once, with its reason: not also as ingested (or, again, as unchanged)
    expect(stdout).toContain('files: 1 (ingested 0, replaced 0, unchanged 0, failed 0, with no table 1)');
    expect(stdout).toContain('no table: header-only.csv: a single row (a header with no data rows, or one line of text)');
    const json = JSON.parse((await gridrag('ingest', 'header-only.csv', '--json')).stdout);
    expect(json).toMatchObject({ ingested: 0, unchanged: 0, noTable: [{ reason: 'no table: a single row (a header with no data rows, or one line of text)' }] });
    expect(json.files).toMatchObject([{ path: 'header-only.csv', status: 'unchanged' }]);
    const tables = await gridrag('tables');
    expect(tables.stdout).toMatch(/Rows not in any table:\n {2}header-only\.csv: no table: a single row/);
  });

  it("shows a file's warnings once and each table's warnings under that table only", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sales').addRows([['Region', 'Q1', 'Q2'], ['North', 10, 20], ['South', 'TBD', 30], ['East', 5, 6], ['West', 7, 8]]);
    workbook.addWorksheet('Stock').addRows([['Item', 'Count'], ['bolts', 3], ['nuts', 4], ['washers', 5], ['screws', { error: '#N/A' }]]);
    await writeFile(path.join(home, 'warned.xlsx'), new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect((await gridrag('ingest', 'warned.xlsx', '--tenant', 'warned')).code).toBe(0);
    const listed = JSON.parse((await gridrag('tables', '--json', '--tenant', 'warned')).stdout) as { tables: { sheet: string; warnings: string[] }[]; fileWarnings: { file: string; warnings: string[] }[] };
    expect(listed.fileWarnings).toEqual([{ recordId: expect.any(String), file: 'warned.xlsx', path: 'warned.xlsx', warnings: [expect.stringMatching(/^warned\.xlsx: 1 cells hold Excel errors/)] }]);
    const bySheet = Object.fromEntries(listed.tables.map((table) => [table.sheet, table.warnings]));
    expect(bySheet.Sales).toEqual([expect.stringContaining('"TBD"')]);
    expect(bySheet.Stock.join('\n')).not.toMatch(/TBD|cells hold Excel errors/);
    const text = (await gridrag('tables', '--tenant', 'warned')).stdout;
    expect(text.match(/cells hold Excel errors/g)).toHaveLength(1);
    expect(text.match(/"TBD"/g)).toHaveLength(1);
    expect(text).toMatch(/File warnings:\n {2}warning: warned\.xlsx: 1 cells hold Excel errors/);
  });

  it('reports the rows it did not store, with their reasons', async () => {
    await writeFile(path.join(home, 'report.csv'), 'Sales report 2025,,\n,,\nRegion,Q1,Q2\nOslo,10,20\nBergen,5,6\n,,\nSource: internal ledger.,,\n');
    const { stdout, code } = await gridrag('ingest', 'report.csv', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ sourceRows: 7, rows: 2, excludedRows: { header: 1, title: 1, note: 1, blank: 2, outside: 0 } });
    const { tables, files } = JSON.parse((await gridrag('tables', '--json')).stdout) as { tables: Record<string, any>[]; files: Record<string, any>[] };
    expect(files.map((file) => file.file)).toContain('header-only.csv');
    const report = tables.find((table) => table.file === 'report.csv');
    expect(report).toMatchObject({ excludedRows: [{ sheetRow: 1, reason: 'title' }, { sheetRow: 3, reason: 'header' }, { sheetRow: 7, reason: 'note' }], fileRows: { rows: 7, data: 2 } });
    expect((await gridrag('tables')).stdout).toContain('not stored as rows: title row 1; header row 3; note row 7');
  });

  it('rounds numbers in text and keeps full precision in --json, without colour when piped', async () => {
    const statement = 'SELECT avg(amount) AS average FROM orders';
    const json = JSON.parse((await gridrag('sql', statement, '--json')).stdout) as { rows: { average: number }[] };
    const text = await gridrag('sql', statement);
    const [, shown] = text.stdout.split('\n');
    expect(Number(shown)).toBe(Math.round(json.rows[0].average * 100) / 100);
    expect(String(json.rows[0].average).split('.')[1]?.length ?? 0).toBeGreaterThan(2);
    expect(text.stdout).not.toContain('\u001b[');
  });

  it('refuses a log limit that is not a whole number from 1 to 1000, with exit code 64', async () => {
    for (const limit of ['abc', '-1']) {
      const { code, stderr } = await gridrag('log', '--limit', limit);
      expect(code, limit).toBe(64);
      expect(stderr, limit).toMatch(/limit: must be a whole number/);
    }
  });

  it('links, lists and unlinks Slack workspaces', async () => {
    const linked = await gridrag('slack', 'link', '--team', 'T0ACME', '--tenant', 'acme', '--access', 'sales', '--json');
    expect(linked.code, linked.stderr).toBe(0);
    expect(JSON.parse(linked.stdout)).toMatchObject({ teamId: 'T0ACME', tenantId: 'acme', accessLevels: ['all', 'sales'] });
    expect((await gridrag('slack', 'link', '--team', 'not-a-team', '--tenant', 'acme')).code).toBe(78);
    const listed = await gridrag('slack', 'list');
    expect(listed.stdout).toMatch(/^T0ACME {2}tenant acme {2}access all,sales/m);
    expect((await gridrag('slack', 'unlink', 'T0ACME', '--tenant', 'globex')).code).toBe(66);
    const removed = await gridrag('slack', 'unlink', 'T0ACME');
    expect(removed.stdout).toContain('unlinked Slack workspace T0ACME (tenant acme)');
    expect(JSON.parse((await gridrag('slack', 'list', '--json')).stdout)).toEqual([]);
  });

  it('links a workspace with its own bot token: checked with auth.test, stored sealed, never printed', async () => {
    const token = 'xoxb-cli-4444444444-dddddddddddd';
    const slack = await startFakeSlack({ token, teamId: 'T0CLI', workspaces: [{ token: 'xoxb-other-5555555555-eeeeeeeeeeee', teamId: 'T0OTHER' }] });
    const withSlack = { cwd: home, env: { ...env, SLACK_API_URL: slack.apiUrl, GRIDRAG_SECRET_KEY: 'cli-test-secret-key-0123456789abcdef' } };
    try {
      const linked = await gridragIn(withSlack, 'slack', 'link', '--team', 'T0CLI', '--tenant', 'acme', '--bot-token', token);
      expect(linked.code, linked.stderr).toBe(0);
      expect(linked.stdout).toMatch(/^linked Slack workspace T0CLI {2}tenant acme {2}access all {2}token own/);
      // A token of another workspace, a refused one: exit 78, the token never echoed.
      const other = await gridragIn(withSlack, 'slack', 'link', '--team', 'T0CLI', '--tenant', 'acme', '--bot-token', 'xoxb-other-5555555555-eeeeeeeeeeee');
      expect(other.code).toBe(78);
      expect(other.stderr).toContain('belongs to Slack workspace T0OTHER, not T0CLI');
      const refused = await gridragIn(withSlack, 'slack', 'link', '--team', 'T0CLI', '--tenant', 'acme', '--bot-token', 'xoxb-revoked-6666666666-ffff');
      expect(refused.code).toBe(78);
      expect(refused.stderr).toContain('refused by Slack (invalid_auth)');
      const printed = [linked, other, refused].map((result) => result.stdout + result.stderr).join('\n');
      expect(printed).not.toContain('xoxb-');
      const listed = await gridragIn(withSlack, 'slack', 'list', '--json');
      expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ teamId: 'T0CLI', hasBotToken: true })]);
      expect(listed.stdout).not.toContain('xox');
      // --no-verify stores without asking Slack (here: no Slack at all).
      const offline = await gridragIn({ cwd: home, env: { ...withSlack.env, SLACK_API_URL: 'http://127.0.0.1:9/api/' } }, 'slack', 'link', '--team', 'T0NOVERIFY', '--tenant', 'acme', '--bot-token', 'xoxb-unchecked-7777777777', '--no-verify');
      expect(offline.code, offline.stderr).toBe(0);
      // '-' reads the token from stdin, so it stays out of the shell history and the process list.
      const piped = spawnSync(process.execPath, [BIN, 'slack', 'link', '--team', 'T0STDIN', '--tenant', 'acme', '--bot-token', '-', '--no-verify', '--json'], { cwd: home, env: withSlack.env, input: 'xoxb-from-stdin-8888888888\n', encoding: 'utf8' });
      expect(piped.status, piped.stderr).toBe(0);
      expect(JSON.parse(piped.stdout)).toMatchObject({ teamId: 'T0STDIN', hasBotToken: true });
      expect(piped.stdout).not.toContain('xoxb-');
      expect((await gridragIn(withSlack, 'slack', 'unlink', 'T0STDIN')).code).toBe(0);
      expect((await gridragIn(withSlack, 'slack', 'unlink', 'T0NOVERIFY')).code).toBe(0);
      expect((await gridragIn(withSlack, 'slack', 'unlink', 'T0CLI')).code).toBe(0);
    } finally {
      await slack.close();
    }
  });

  it('sync --json prints the summary and exits 1 when a file failed', async () => {
    const folder = path.join(home, 'to-sync');
    await mkdir(folder);
    await writeFile(path.join(folder, 'good.csv'), 'id,amount\n1,10\n');
    await writeFile(path.join(folder, 'empty.csv'), '');
    const { stdout, code } = await gridrag('sync', 'to-sync', '--json', '--tenant', 'sync-test');
    expect(code).toBe(1);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ mode: 'full', added: 1, failed: [{ path: 'empty.csv' }] });
  });

  it('finds the embedded database the way git finds .git, and says once when it creates one', async () => {
    const project = path.join(home, 'project');
    const deeper = path.join(project, 'reports', '2025');
    await mkdir(deeper, { recursive: true });
    await writeFile(path.join(project, 'sales.csv'), 'region,amount\nNorth,10\n');
    expect(findDataDir(project).existed, 'a .gridrag above the test folder would be found first').toBe(false);
    const bare = { PATH: process.env.PATH, HOME: home };
    const first = await gridragIn({ cwd: project, env: bare }, 'ingest', 'sales.csv');
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`created a new embedded database in ${path.join(await realpath(project), '.gridrag')}`);
    expect((await stat(path.join(project, '.gridrag'))).isDirectory()).toBe(true);
    const below = await gridragIn({ cwd: deeper, env: bare }, 'tables', '--json');
    expect(below.code).toBe(0);
    expect(below.stderr).not.toContain('created');
    expect((JSON.parse(below.stdout) as { tables: { name: string }[] }).tables.map((table) => table.name)).toEqual(['sales']);
  });
});
