/**
 * Wrong answers a reviewer found in the offline planner, each reproduced end to end: the
 * files ingested into a fresh database, the question asked through `ask`, the answer checked.
 * A number the data do not support must never come back; a decline is right when the
 * question cannot be read one way.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { CORPUS_DIR } from './helpers/shared-paths.js';
import { appOverFiles } from './helpers/test-app.js';


for (const adapter of DB_ADAPTERS) {
  describe(`review findings (${adapter.name})`, () => {
    describe('"no <number column>" reads the blank cells (N/A, -, n.a. stored as NULL)', () => {
      const app = appOverFiles(adapter, { 'na_vals.csv': 'name,score\na,10\nb,N/A\nc,-\nd,20\ne,n.a.\nf,30\n' });
      it('counts the rows and names with no score, a score, or missing one', async () => {
        for (const question of ['How many rows have no score?', 'How many names have no score?', 'How many names have a score?', 'How many names are missing a score?', 'How many names are without a score?']) {
          const answer = await app.ask(question);
          expect(answer.mode, question).toBe('sql');
          expect(Number(answer.value), `${question} ${answer.explanation}`).toBe(3);
        }
      });
    });

    describe('"no <number column>" with zeros', () => {
      const app = appOverFiles(adapter, { 'goals.csv': 'team,goals\nA,0\nB,\nC,3\nD,0\n', 'wins.csv': 'club,wins\nX,0\nY,2\nZ,0\n' });
      it('declines "no goals" and "a goal" when Goals holds blanks and zeros, rather than counting every row', async () => {
        const none = await app.ask('How many teams have no goals?');
        expect(none.mode).toBe('none');
        expect(none.explanation).toContain('blank or a zero');
        expect((await app.ask('How many teams have a goal?')).mode).toBe('none');
      });
      it('reads "no wins" as 0 when Wins has no blanks', async () => {
        expect(Number((await app.ask('How many clubs have no wins?')).value)).toBe(2);
      });
    });

    describe('ties for the top are all named', () => {
      const app = appOverFiles(adapter, {
        'deals.csv': 'Rep,Region,Deals\nAnna,North,5\nBen,South,9\nCara,North,4\nDan,East,3\nEve,South,0\n',
        'sales3.csv': 'Seller,Area,Sales\nA,North,100\nB,North,200\nC,South,300\nD,East,150\nE,East,150\n',
      });
      it('answers "North and South (9 each)" with both first in the rows, and no single value', async () => {
        const answer = await app.ask('Which region has the most deals?');
        expect(answer.answer.split('\n')[0]).toBe('North and South (9 each)');
        expect(answer.value).toBeNull();
        expect(answer.tied).toBe(2);
        // best first, ties in label order, the runner-up after them
        expect(answer.rows.map((row) => row.region)).toEqual(['North', 'South', 'East']);
      });
      it('names all three areas at 300 for both the highest and the lowest total', async () => {
        for (const question of ['Which area has the highest total sales?', 'Which area has the lowest total sales?']) {
          const answer = await app.ask(question);
          expect(answer.answer.split('\n')[0], question).toBe('East, North and South (300 each)');
          expect(answer.rows).toHaveLength(3);
        }
      });
      it('still names a single winner', async () => {
        const answer = await app.ask('Which rep has the most deals?');
        expect(answer.value).toBe('Ben');
        expect(answer.answer.split('\n')[0]).toBe('Ben (9)');
      });
    });

    describe('"which …" returns the label or declines, never a bare number', () => {
      const budget = appOverFiles(adapter, [path.join(CORPUS_DIR, 'xlsx/poi_simple-monthly-budget.xlsx')]);
      it('declines "Which expense is the largest?" rather than the SUMMARY total', async () => {
        const answer = await budget.ask('Which expense is the largest?');
        expect(answer.value).not.toBe(2336);
        if (answer.mode !== 'none') expect(answer.value).toBe('Rent/mortgage');
      });
      const cities = appOverFiles(adapter, [path.join(CORPUS_DIR, 'xlsx/poi_DataTableCities.xlsx')]);
      it('names the city for "Which big city has the largest population?"', async () => {
        const answer = await cities.ask('Which big city has the largest population?');
        expect(answer.value).toBe('Shanghai, China');
        expect(answer.sql).toContain(`"label" = 'Big Cities'`);
      });
    });

    describe('numbers inside a column name are not filter values; labels written once per group are filled down', () => {
      const purpose = appOverFiles(adapter, [path.join(CORPUS_DIR, 'xlsx/unpivotr_purpose.xlsx')]);
      it('sums the whole "7 - 10 25 - 44" column of the Pivot with no condition from its name', async () => {
        const answer = await purpose.ask('What is the total of 7 - 10 25 - 44 in the Pivot?');
        expect(answer.sql).not.toContain('"c_7_10_15_24" =');
        expect(Number(answer.value)).toBe(961000);
      });
      it('answers "for Female in the Pivot" over the whole group: Sex, written once per group, is filled down at ingest', async () => {
        const answer = await purpose.ask('What is the total of 7 - 10 25 - 44 for Female in the Pivot?');
        expect(answer.mode).toBe('sql');
        expect(answer.sql).toContain(`"sex" = 'Female'`);
        expect(Number(answer.value)).toBe(504000);
      });
      it('reads "the Tidy sheet" as the sheet Tidy', async () => {
        const answer = await purpose.ask('In the Tidy sheet, what is the total Value for Female?');
        expect(answer.mode).toBe('sql');
        expect(Number(answer.value)).toBe(1732000);
      });
    });

    describe('the table named by its own name, and a column named as written', () => {
      const shops = appOverFiles(adapter, {
        'stores.csv': 'Store,State,City,Sales\nS1,CA,LA,100\nS2,CA,SF,200\nS3,NY,NYC,150\nS4,TX,Austin,50\n',
        'retailers.csv': 'Retailer,Country,Sales\nAcme,US,100\nBolt,DE,250\nCore,US,75\n',
        'branches.csv': 'Branch,City,Revenue\nB1,Paris,300\nB2,Lyon,120\n',
      });
      it('answers questions whose subject is the table itself', async () => {
        expect((await shops.ask('Which state has the most stores?')).answer.split('\n')[0]).toBe('CA (2)');
        expect(Number((await shops.ask('What are total sales in retailers?')).value)).toBe(425);
        expect(Number((await shops.ask('What is the total revenue in branches?')).value)).toBe(420);
      });
      const german = appOverFiles(adapter, {
        'umsatz.csv': 'Region,Umsatz\nNord,100\nSued,250\n',
        'orders.csv': 'Order,Revenue\nO1,10\nO2,20\n',
        'shop.csv': 'Product,Sales\nP1,5\nP2,7\n',
      });
      it('answers "the total Umsatz" from the one table with an Umsatz column', async () => {
        const answer = await german.ask('What is the total Umsatz?');
        expect(Number(answer.value)).toBe(350);
        expect(answer.sources.map((source) => source.file)).toEqual(['umsatz.csv']);
      });
    });
  });
}
