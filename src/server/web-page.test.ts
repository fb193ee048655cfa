/**
 * The web page of `gridrag serve` in a real browser (Debian's chromium driven by
 * playwright-core), on the built CLI and the bundled examples, on PGlite and on Postgres:
 * sign in with a key, ask a single value, a breakdown and a monthly trend (number text, an SVG
 * chart with marks, sources, SQL), say "this is not right" (in the audit log), reopen an
 * answer from the history link, the catalog and a table's rows with its total row marked,
 * upload by drag and drop (one good file, one bad) and ask about it, delete it and see the
 * answer go; a phone-width view; an axe-core WCAG scan. No request may leave 127.0.0.1. A screenshot per step lands
 * in test-output/web/<adapter>/. Skipped, saying why, only when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';
import { callApi } from '../../test/helpers/api-client.js';
import { REPO_ROOT } from '../../test/helpers/shared-paths.js';
import { BIN, spawnServe as serve } from '../../test/helpers/spawn-serve.js';

const EXAMPLES = path.join(REPO_ROOT, 'examples');
const CHROMIUM = '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const OUTPUT = path.join(REPO_ROOT, 'test-output/web');
const run = promisify(execFile);
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) process.stdout.write(`web page browser test skipped: ${CHROMIUM} is not installed (apt-get install chromium; .ci/run does)\n`);

/** A sales table whose own total row checks the sum: the upload of the test. */
const SALES = 'region,sales\nNorth,1250\nSouth,2500\nEast,750\nTotal,4500\n';


describe.skipIf(!hasChromium)('the web page in chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
        '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps',
        '--disable-domain-reliability', '--no-first-run', '--no-pings', '--metrics-recording-only',
        '--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,CertificateTransparencyComponentUpdater',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const adapter of DB_ADAPTERS) {
    describe(`on ${adapter.name}`, () => {
      let home: string;
      let env: NodeJS.ProcessEnv;
      let test: TestDb | undefined;
      let key: string;
      let served: Awaited<ReturnType<typeof serve>>;
      let page: Page;
      const outside: string[] = [];
      const pageErrors: string[] = [];
      const shots = path.join(OUTPUT, adapter.name);
      let step = 0;
      const shot = async (name: string) => {
        step++;
        await page.screenshot({ path: path.join(shots, `${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
      };

      beforeAll(async () => {
        await rm(shots, { recursive: true, force: true });
        await mkdir(shots, { recursive: true });
        home = await mkdtemp(path.join(os.tmpdir(), 'gridrag-web-'));
        env = { PATH: process.env.PATH, HOME: home, GRIDRAG_DATA_DIR: path.join(home, 'data'), GRIDRAG_LOG_LEVEL: 'warn' };
        if (adapter.name === 'pg') {
          test = await adapter.create();
          await test.db.close();
          env.DATABASE_URL = test.url;
        }
        await run(process.execPath, [BIN, 'ingest', EXAMPLES], { env, cwd: home });
        const created = await run(process.execPath, [BIN, 'keys', 'create', '--tenant', 'default', '--access', '*', '--name', 'web', '--json'], { env, cwd: home });
        key = JSON.parse(created.stdout).key;
        served = await serve(env);
        const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
        // Every request of the page: only the server on 127.0.0.1 may be reached.
        await context.route('**/*', (route) => {
          const url = new URL(route.request().url());
          if (url.hostname === '127.0.0.1') return route.continue();
          outside.push(url.href);
          return route.abort();
        });
        page = await context.newPage();
        page.on('dialog', (dialog) => void dialog.accept());
        // Script errors and console errors (a CSP refusal among them), but not the HTTP errors the test provokes.
        page.on('pageerror', (error) => pageErrors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error' && !/status of 40[14]/.test(message.text())) pageErrors.push(message.text());
        });
      }, 180_000);

      afterAll(async () => {
        await page?.context().close().catch(() => undefined);
        served?.child.kill('SIGTERM');
        await served?.exited;
        await test?.dispose().catch(() => undefined);
        await rm(home, { recursive: true, force: true });
      });

      it('signs in, answers three questions with numbers, charts, sources and SQL, and takes feedback', async () => {
        const response = await page.goto(`${served.base}/`);
        expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
        await page.getByLabel('API key').waitFor();
        await shot('sign-in');
        await page.getByLabel('API key').fill('grk_wrong');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('alert').filter({ hasText: /API key/ }).waitFor();
        await page.getByLabel('API key').fill(key);
        await page.getByRole('button', { name: 'Sign in' }).click();
        const box = page.getByLabel('Ask a question about your spreadsheets');
        await box.waitFor();

        // A single value: a stat card.
        await box.fill('How many complaints did we get overall?');
        await box.press('Enter');
        await page.getByTestId('stat').waitFor();
        expect((await page.getByTestId('stat').locator('.stat-value').innerText()).trim()).toBe('101');
        const sources = page.getByTestId('sources');
        expect(await sources.innerText()).toMatch(/feedback_tracker\.xlsx › Feedback › A3:E243\s+version 1\s+unverifiable/);
        expect(await sources.innerText()).toContain('the sheet states no total to check these numbers against');
        await page.getByTestId('sql').locator('summary').click();
        expect(await page.getByTestId('sql').locator('code').innerText()).toMatch(/^SELECT count\(\*\).*FROM "feedback_tracker_feedback"/s);
        expect(new URL(page.url()).searchParams.get('q')).toBe('How many complaints did we get overall?');
        await shot('single-value');

        // A breakdown: a bar chart with one bar per country.
        await box.fill('Total amount by country');
        await box.press('Enter');
        await page.getByTestId('chart').locator('svg .mark-rect path').first().waitFor();
        expect(await page.getByTestId('chart').locator('svg .mark-rect path').count()).toBe(4);
        expect(await page.getByTestId('answer').innerText()).toContain('France: 239,256.74');
        expect(await page.getByTestId('chart').locator('svg').innerHTML()).toContain('France');
        expect(await page.getByTestId('sources').innerText()).toMatch(/orders\.csv › A1:G401\s+version 1/);
        await page.getByTestId('sql').locator('summary').click();
        expect(await page.getByTestId('sql').locator('code').innerText()).toMatch(/FROM "orders".*GROUP BY/is);
        await shot('breakdown-bar');

        // A monthly trend: a line chart.
        await box.fill('Total amount by month');
        await box.press('Enter');
        await page.getByTestId('chart').locator('svg .mark-line path').first().waitFor();
        expect(await page.getByTestId('chart').locator('svg .mark-line path').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('answer').innerText()).toContain('2024-07: 115,517.39');
        expect(await page.getByTestId('sources').innerText()).toContain('orders.csv › A1:G401');
        await shot('trend-line');

        // "This is not right" lands in the audit log.
        await page.getByRole('button', { name: 'This is not right' }).click();
        await page.getByLabel('What is wrong? (optional)').fill('July looks too high');
        await page.getByRole('button', { name: 'Send feedback' }).click();
        await page.getByRole('status').filter({ hasText: 'recorded in the audit log' }).waitFor();
        const log = await callApi(served.base, 'GET', '/api/log?limit=5', key);
        expect(log.body.entries[0]).toMatchObject({ outcome: 'feedback', question: 'Total amount by month', error: 'not right: July looks too high' });
        expect(log.body.entries[0].sql).toMatch(/^SELECT/);
        await shot('feedback');
      }, 120_000);

      it('reopens an answer from the session history link', async () => {
        const links = page.getByTestId('history').getByRole('link');
        expect(await links.allInnerTexts()).toEqual(['Total amount by month', 'Total amount by country', 'How many complaints did we get overall?']);
        const href = await links.nth(2).getAttribute('href');
        expect(href).toBe('/?q=How%20many%20complaints%20did%20we%20get%20overall%3F');
        await page.goto(`${served.base}${href}`);
        await page.getByTestId('stat').waitFor();
        expect((await page.getByTestId('stat').locator('.stat-value').innerText()).trim()).toBe('101');
        expect(await page.getByTestId('answer').innerText()).toContain('from the cache');
        await shot('reopened');
      }, 60_000);

      it('shows rows as a sortable table with "showing N of M", and copies the SQL', async () => {
        await page.goto(`${served.base}/?q=${encodeURIComponent('Which orders went to ZIP code 01067?')}`);
        const table = page.getByTestId('result-table');
        await table.waitFor();
        expect(await table.locator('caption').innerText()).toBe('Result rows: showing 50 of 50');
        const firstCell = () => table.locator('tbody tr').first().locator('td').first().innerText();
        const header = table.getByRole('button', { name: 'order_id' });
        await header.press('Enter'); // the header is a button: the keyboard sorts too
        const ascending = await firstCell();
        expect(await table.locator('th').first().getAttribute('aria-sort')).toBe('ascending');
        await header.click();
        expect(await table.locator('th').first().getAttribute('aria-sort')).toBe('descending');
        const descending = await firstCell();
        expect(descending > ascending).toBe(true);
        expect(await page.getByTestId('chart').count()).toBe(0);
        await page.getByTestId('sql').locator('summary').click();
        await page.getByRole('button', { name: 'Copy SQL' }).click();
        await page.getByRole('button', { name: 'Copied' }).waitFor();
        await shot('table-answer');
      }, 60_000);

      it('uploads by drag and drop, asks about the file, shows its rows with the total marked, deletes it and the answer goes', async () => {
        await page.goto(`${served.base}/#files`);
        await page.getByTestId('files').waitFor();
        expect(await page.getByTestId('files').innerText()).toContain('orders.csv');
        // Two files dropped at once: one good, one that is text named as a workbook.
        const transfer = await page.evaluateHandle((sales) => {
          // Runs in the page (the test's tsconfig has no DOM types).
          const scope = globalThis as unknown as { DataTransfer: new () => { items: { add(file: unknown): void } }; File: new (parts: string[], name: string, options: { type: string }) => unknown };
          const { DataTransfer, File } = scope;
          const data = new DataTransfer();
          data.items.add(new File([sales], 'regional_sales.csv', { type: 'text/csv' }));
          data.items.add(new File(['PK\u0003\u0004this is not a zip at all'], 'broken.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
          return data;
        }, SALES);
        await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
        const uploads = page.getByTestId('uploads');
        await uploads.getByText(/ingested: 1 table, 3 rows/).waitFor();
        await uploads.locator('li.failed').waitFor();
        expect(await uploads.locator('li.failed').innerText()).toMatch(/broken\.xlsx[\s\S]*failed: .+/);
        await page.getByTestId('files').getByText('regional_sales.csv').waitFor();
        await shot('uploaded');

        await page.goto(`${served.base}/#tables`);
        await page.getByLabel(/Search tables/).fill('regional');
        await page.getByTestId('catalog').getByRole('link', { name: 'regional_sales' }).waitFor();
        expect(await page.getByTestId('catalog').locator('li.card').count()).toBe(1);
        expect(await page.getByTestId('catalog').innerText()).toMatch(/regional_sales verified[\s\S]*3 rows · 1 total\/subtotal rows/);
        await shot('catalog');
        await page.getByTestId('catalog').getByRole('link', { name: 'regional_sales' }).click();
        const rows = page.getByTestId('result-table');
        await rows.waitFor();
        expect(await rows.locator('tr.marked-total').innerText()).toMatch(/^total 5\s+Total\s+4,500$/i);
        expect(await rows.locator('caption').innerText()).toContain('showing 4 of 4');
        await shot('table-rows');

        const question = `/?q=${encodeURIComponent('Total sales by region')}`;
        await page.goto(`${served.base}${question}`);
        await page.getByTestId('chart').locator('svg .mark-rect path').first().waitFor();
        expect(await page.getByTestId('chart').locator('svg .mark-rect path').count()).toBe(3);
        expect(await page.getByTestId('answer').innerText()).toContain('East: 750');
        await page.getByText('The result as text').click();
        expect(await page.getByTestId('answer').innerText()).toMatch(/East: 750[\s\S]*North: 1,250\s+South: 2,500/);
        expect(await page.getByTestId('sources').innerText()).toMatch(/regional_sales\.csv › A1:B5\s+version 1\s+verified/);
        expect(await page.getByTestId('sources').innerText()).toContain("the sheet's own total rows matched the computed sums");
        await shot('asked-upload');

        await page.goto(`${served.base}/#files`);
        await page.getByRole('button', { name: 'Delete regional_sales.csv' }).click();
        await page.getByRole('button', { name: 'Delete regional_sales.csv' }).waitFor({ state: 'detached' });
        await shot('deleted');
        await page.goto(`${served.base}${question}`);
        await page.getByTestId('answer').waitFor();
        expect(await page.getByTestId('answer').innerText()).toContain('I cannot answer that from the data');
        expect(await page.getByTestId('answer').innerText()).not.toMatch(/1,250|regional_sales/);
        expect(await page.getByTestId('chart').count()).toBe(0);
        await shot('answer-gone');
      }, 120_000);

      it('fits a phone screen, and no request left 127.0.0.1', async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${served.base}/?q=${encodeURIComponent('Total amount by country')}`);
        await page.getByTestId('chart').locator('svg .mark-rect path').first().waitFor();
        const widths = await page.evaluate(() => {
          const scope = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
          return { page: scope.document.documentElement.scrollWidth, view: scope.innerWidth };
        });
        expect(widths.page).toBeLessThanOrEqual(widths.view);
        await shot('phone');
        // Every form control has a label, every button a name.
        const unlabelled = await page.evaluate(() => {
          const scope = globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<{ id: string; labels?: ArrayLike<unknown> | null; textContent: string | null; getAttribute(name: string): string | null; outerHTML: string }> } };
          const controls = Array.from(scope.document.querySelectorAll('input, textarea, select')).filter((control) => !(control.labels?.length || control.getAttribute('aria-label')));
          const buttons = Array.from(scope.document.querySelectorAll('button')).filter((button) => !(button.textContent?.trim() || button.getAttribute('aria-label')));
          return [...controls, ...buttons].map((element) => element.outerHTML.slice(0, 80));
        });
        expect(unlabelled).toEqual([]);
        expect(outside).toEqual([]);
        expect(pageErrors).toEqual([]);
      }, 60_000);

      it('with GRIDRAG_WEB_OPEN=1 opens without sign-in in a browser on the same machine', async () => {
        served.child.kill('SIGTERM');
        expect(await served.exited).toBe(0);
        served = await serve({ ...env, GRIDRAG_WEB_OPEN: '1' });
        const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
        await context.route('**/*', (route) => {
          const url = new URL(route.request().url());
          if (url.hostname === '127.0.0.1') return route.continue();
          outside.push(url.href);
          return route.abort();
        });
        try {
          const open = await context.newPage();
          await open.goto(`${served.base}/?q=${encodeURIComponent('How many complaints did we get overall?')}`);
          await open.getByTestId('stat').waitFor();
          expect((await open.getByTestId('stat').locator('.stat-value').innerText()).trim()).toBe('101');
          expect(await open.getByLabel('API key').count()).toBe(0);
          expect(await open.getByText('open on this machine').count()).toBe(1);
          await open.screenshot({ path: path.join(shots, 'open-mode.png'), fullPage: true });
          expect(outside).toEqual([]);
        } finally {
          await context.close();
        }
      }, 90_000);

      it('has no serious or critical WCAG 2 A/AA violations (axe-core) on Ask with a chart, Tables and Files', async () => {
        // Still in open mode from the test above. axe is injected as a script, which the page's
        // strict CSP refuses: this one context bypasses CSP, the others keep it.
        const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
        try {
          const scan = await context.newPage();
          const violations: string[] = [];
          for (const view of [`/?q=${encodeURIComponent('Total amount by country')}`, '/#tables', '/#files']) {
            await scan.goto(`${served.base}${view}`);
            if (view.startsWith('/?q=')) await scan.getByTestId('chart').locator('svg .mark-rect path').first().waitFor();
            else await scan.getByRole('heading').first().waitFor();
            await scan.waitForLoadState('networkidle');
            await scan.addScriptTag({ path: AXE });
            const found = await scan.evaluate(async () => {
              const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe;
              const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
              return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target)).slice(0, 200)}`);
            });
            violations.push(...found.map((v) => `${view} ${v}`));
          }
          expect(violations).toEqual([]);
        } finally {
          await context.close();
        }
      }, 90_000);
    });
  }
});
