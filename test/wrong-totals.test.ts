/**
 * Totals that were wrong numbers, end to end on every database adapter (ingest, then ask): a
 * data row whose name begins with "Total", a second unlabelled subtotal, a hierarchy summed
 * with its own parts, an average of a pivot's averages called verified, subtotals with no total
 * label, totals labelled "All"/"Overall", a net result line kept as data, and `-(25)` read as +25.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { ingestPaths, listTables } from '../src/app/index.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { CORPUS_DIR } from './helpers/shared-paths.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

/** Each case: its files (inline text, or a corpus file copied under a short name). */
interface Case {
  name: string;
  files: Record<string, string | { corpus: string }>;
}

const CASES: Case[] = [
  {
    name: 'retailers named "Total …"',
    files: { 'retailers.csv': 'Retailer,State,Sales\nTotal Wine & More,CA,500\nWalmart,TX,900\nTarget,CA,300\nTotal Gym Direct,TX,200\nCostco,WA,700\n' },
  },
  { name: 'a club named "Total …"', files: { 'teams.csv': 'Team,Points\nAlpha,10\nTotal Football Club,25\nBeta,15\n' } },
  {
    name: 'unlabelled subtotals',
    files: { 'expenses.csv': 'Date,Category,Department,Amount\n2025-01-03,Travel,Sales,100\n2025-01-09,Meals,Sales,50\n2025-01-20,Travel,Marketing,200\n,,,350\n2025-02-02,Travel,Sales,300\n2025-02-10,Meals,Marketing,25\n,,,325\n' },
  },
  {
    name: 'election results listing state, constituencies, districts and municipalities',
    files: { 'bp10.xls': { corpus: 'xlsx/poi_at.gv.land-oberoesterreich.www_cps_rde_xbcr_SID-4A1B954F-5C07F98E_ooe_stat_download_bp10.xls' } },
  },
  { name: 'a pivot of daily averages', files: { 'pac_july.xlsx': { corpus: 'enron-annotated/deex_holden_salisbury_12308_Pac_july_tran_v2.xlsx' } } },
  { name: 'a statistics release with "Latest three months" and "Year to date" under the months', files: { 'ott.xls': { corpus: 'xlsx/databaker_ott.xls' } } },
  { name: 'the largest retailer, named "Total …", listed last', files: { 'stores.csv': 'Retailer,Sales\nCostco,200\nTarget,50\nWalmart,150\nTotal Wine,300\n' } },
  {
    name: 'subtotals with no total label: a blank invoice number, or blank labels',
    files: {
      'receivables.csv': 'Customer,Invoice,Amount\nAcme,INV-1,100\nAcme,INV-2,250\nAcme,,350\nBeta,INV-3,80\nBeta,,80\nGamma,INV-4,40\nGamma,INV-5,60\nGamma,,100\n',
      'divisions.csv': 'Division,Team,Amount\nSales,Inside,100\nSales,Field,200\n,,300\nOps,Support,50\nOps,Logistics,70\n,,120\n,,420\n',
    },
  },
  {
    name: 'totals labelled for the whole set',
    files: {
      'pivot.csv': 'Row Labels,Sum of Sales,Count of Orders\nAll regions,1000,40\nNorth,400,15\nSouth,350,14\nWest,250,11\n',
      'regions.csv': 'Region,Sales\nNorth,400\nSouth,350\nWest,250\nOverall,1000\n',
    },
  },
  {
    name: 'a P&L whose net profit is total revenue less total costs',
    files: { 'pnl.csv': 'Line item,2023,2024\nRevenue,,\n  Product sales,800,900\n  Services,200,300\nTotal revenue,1000,1200\nCosts,,\n  Salaries,500,550\n  Rent,100,100\nTotal costs,600,650\nNet profit,400,550\n' },
  },
  { name: 'a minus sign before parentheses', files: { 'balances.csv': 'Account,Balance\nCash,"1,000"\nLoan,−500\nFees,150-\nTax,-(25)\n' } },
];

async function openCase(adapter: (typeof DB_ADAPTERS)[number], files: Case['files']): Promise<{ test: TestApp; folder: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-totals-'));
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === 'string') await writeFile(path.join(folder, name), content);
    else await copyFile(path.join(CORPUS_DIR, content.corpus), path.join(folder, name));
  }
  const test = await openTestApp(adapter);
  const summary = await ingestPaths(test.app, [folder]);
  expect(summary.failed).toBe(0);
  return { test, folder };
}

for (const adapter of DB_ADAPTERS) {
  describe(`totals that were wrong numbers (${adapter.name})`, () => {
    const opened = new Map<string, { test: TestApp; folder: string }>();
    beforeAll(async () => {
      for (const entry of CASES) opened.set(entry.name, await openCase(adapter, entry.files));
    }, 240_000);
    afterAll(async () => {
      for (const { test, folder } of opened.values()) {
        await test.dispose();
        await rm(folder, { recursive: true, force: true });
      }
    });
    const appOf = (name: string) => (opened.get(name) as { test: TestApp }).test.app;

    it('keeps retailers whose name begins with "Total" as data rows', async () => {
      const tables = await listTables(appOf(CASES[0].name), {});
      expect(tables.tables.find((table) => table.name === 'retailers')).toMatchObject({ rowCount: 5, aggregateRows: [] });
      const answer = await ask(appOf(CASES[0].name), 'What is the total sales?');
      expect(answer.value).toBe(2600);
    });

    it('keeps "Total Football Club" between two teams as a team', async () => {
      const answer = await ask(appOf(CASES[1].name), 'What are the total points?');
      expect(answer.value).toBe(50);
      expect(answer.outcome).not.toBe('floor');
    });

    it('reads every row of numbers alone that sums the rows since the previous subtotal as a subtotal', async () => {
      const tables = await listTables(appOf(CASES[2].name), {});
      expect(tables.tables.find((table) => table.name === 'expenses')).toMatchObject({ rowCount: 5, aggregateRows: [5, 8] });
      const answer = await ask(appOf(CASES[2].name), 'What is the total amount?');
      expect(answer.value).toBe(675);
      expect(answer.outcome).toBe('verified');
    });

    it('counts the electorate once, not once per level of the hierarchy', async () => {
      const answer = await ask(appOf(CASES[3].name), 'What is the total of rechtigte?');
      expect(answer.value).toBe(1092760);
      expect(answer.outcome).not.toBe('verified');
    });

    it('declines the average of a pivot\'s daily averages, and does not call the table verified', async () => {
      const answer = await ask(appOf(CASES[4].name), 'What is the average price in Sheet1 Data?');
      expect(answer.value).toBeNull();
      expect(answer.answer).toMatch(/average of averages/);
      const tables = await listTables(appOf(CASES[4].name), {});
      const data = tables.tables.find((table) => table.name.endsWith('_sheet1_data'));
      expect(data?.outcome).not.toBe('verified');
    });

    it('keeps the last and largest row "Total Wine" as a retailer: its place and size are no evidence of a total', async () => {
      const tables = await listTables(appOf(CASES[6].name), {});
      expect(tables.tables.find((table) => table.name === 'stores')).toMatchObject({ rowCount: 4, aggregateRows: [] });
      const answer = await ask(appOf(CASES[6].name), 'What is the total sales?');
      expect(answer.value).toBe(700);
    });

    it('reads rows with a blank invoice number or blank labels that sum their group as subtotals, not data', async () => {
      const tables = await listTables(appOf(CASES[7].name), {});
      expect(tables.tables.find((table) => table.name === 'receivables')).toMatchObject({ rowCount: 5, aggregateRows: [4, 6, 9] });
      expect(tables.tables.find((table) => table.name === 'divisions')).toMatchObject({ rowCount: 4, aggregateRows: [4, 7, 8] });
      const receivables = await ask(appOf(CASES[7].name), 'What is the total amount in receivables?');
      expect(receivables.value).toBe(530);
      const divisions = await ask(appOf(CASES[7].name), 'What is the total amount in divisions?');
      expect(divisions.value).toBe(420);
    });

    it('reads "All regions" on top and "Overall" at the foot as totals when they sum the other rows', async () => {
      const pivot = await ask(appOf(CASES[8].name), 'What is the total sum of sales in pivot?');
      expect(pivot.value).toBe(1000);
      const overall = await ask(appOf(CASES[8].name), 'What is the total sales in regions?');
      expect(overall.value).toBe(1000);
    });

    it('keeps the net profit line, total revenue less total costs, out of the data, and declines a sum over the sections it nets', async () => {
      const tables = await listTables(appOf(CASES[9].name), {});
      expect(tables.tables.find((table) => table.name === 'pnl')).toMatchObject({ rowCount: 4, aggregateRows: [5, 9, 10] });
      // Revenue plus costs is no figure of the sheet: declined; one section at a time is its own total.
      const all = await ask(appOf(CASES[9].name), 'What is the total of 2024?');
      expect(all.value).toBeNull();
      expect(all.answer).toMatch(/nets against each other/);
      const revenue = await ask(appOf(CASES[9].name), 'What is the total revenue in 2024?');
      expect(revenue.value).toBe(1200);
    });

    it('reads -(25) as a negative balance', async () => {
      const answer = await ask(appOf(CASES[10].name), 'What is the total balance?');
      expect(answer.value).toBe(1000 - 500 - 150 - 25);
    });

    it('sums the months of OTT Table 2 only, without "Latest 12 months" or "Year to date", and does not call it verified', async () => {
      const answer = await ask(appOf(CASES[5].name), 'In Table 2, what is the total Purpose Holiday NSA?');
      // The 42 monthly rows Jan 2012 – June 2015; the summaries below them (rows 50–57) added 24,325 more.
      expect(answer.value).toBeCloseTo(44648.87, 1);
      expect(answer.outcome).not.toBe('verified');
    });
  });
}
