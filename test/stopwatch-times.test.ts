/**
 * Times without a fraction of a second, end to end: CSVs written to a temp folder, ingested into
 * a fresh database, the column's type read back from `listTables` and questions asked through
 * `ask`. A marathon's `2:03:32` and a pace of `3:32` are seconds, a film's Length `2:40` stays text; a fixture list's kick-offs
 * (`15:00`, `19:45`), under `Kick-off` or `Time`, stay text as before.
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/agent/answer.js';
import { listTables } from '../src/app/index.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { appOverFiles } from './helpers/test-app.js';

/** One fresh app over CSV files (name → CSV text), with the type and unit of a column as `listTables` gives them. */
function withFiles(adapter: (typeof DB_ADAPTERS)[number], files: Record<string, string>): { ask(question: string): Promise<Answer>; column(table: string, name: string): Promise<{ type: string; unit?: string } | undefined> } {
  const over = appOverFiles(adapter, files);
  return {
    ask: over.ask,
    async column(table, name) {
      const { tables } = await listTables(over.app(), {});
      return tables.find((t) => t.name === table)?.columns.find((c) => c.name === name);
    },
  };
}

// 2:03:32 = 7412 s … 2:12:21 = 7941 s; five finished under 2:10:00 (7800 s)
const MARATHON = `Rank,Athlete,Country,Time
1,Eliud Kipchoge,Kenya,2:03:32
2,Amos Kipruto,Kenya,2:05:10
3,Tamirat Tola,Ethiopia,2:06:41
4,Mosinet Geremew,Ethiopia,2:08:09
5,Bashir Abdi,Belgium,2:09:59
6,Galen Rupp,United States,2:10:04
7,Kenenisa Bekele,Ethiopia,2:11:55
8,Mo Farah,Great Britain,2:12:21
`;

// a 5 km run's pace per kilometre (m:ss alone: minutes and seconds under Pace)
const PACES = `Runner,Pace
Ana,3:32
Ben,3:12
Cai,3:30
Dee,3:58
Eli,3:33
Fay,3:40
`;
// a film's Length of 2:40 is hours and minutes: m:ss alone under Length stays text
const FILMS = `Title,Length
Heat,2:50
Alien,1:57
Up,1:36
`;

const FIXTURES = `Date,Kick-off,Home,Away
2024-08-17,15:00,Arsenal,Wolves
2024-08-17,12:30,Ipswich,Liverpool
2024-08-18,19:45,Chelsea,Man City
2024-08-24,17:30,Brighton,Man Utd
2024-08-25,15:00,Spurs,Everton
`;

const SCHEDULE = `Date,Time,Opponent,Venue
2024-08-17,15:00,Wolves,Home
2024-08-24,19:45,Brighton,Away
2024-08-31,12:30,Leeds,Home
2024-09-14,15:00,Everton,Away
`;

for (const adapter of DB_ADAPTERS) {
  describe(`stopwatch times without a fraction (${adapter.name})`, () => {
    describe('a marathon\'s results (h:mm:ss under Time)', () => {
      const app = withFiles(adapter, { 'marathon.csv': MARATHON });
      it('types the Time column as seconds', async () => {
        expect(await app.column('marathon', 'Time')).toMatchObject({ type: 'integer', unit: 'seconds', min: 7412, max: 7941 });
      });
      it('counts the runners under 2:10:00, written as a stopwatch time or in hours and minutes', async () => {
        for (const question of ['how many athletes finished under 2:10:00?', 'how many runners finished under 2 hours 10 minutes?', 'how many runners finished under 2 hours and 10 minutes?']) {
          const answer = await app.ask(question);
          expect(answer.value, `${question}: ${answer.explanation}`).toBe(5);
        }
        expect((await app.ask('how many runners finished in more than 2 hours 10 minutes?')).value).toBe(3);
      });
      it('declines "under 2:10", which over times past an hour may be minutes:seconds or hours:minutes', async () => {
        expect((await app.ask('how many athletes finished under 2:10?')).mode).toBe('none');
      });
    });

    describe('paces (m:ss under Pace) and film lengths (h:mm under Length)', () => {
      const app = withFiles(adapter, { 'paces.csv': PACES, 'films.csv': FILMS });
      it('types Pace as seconds and bounds it by a time; keeps a film\'s Length text', async () => {
        expect(await app.column('paces', 'Pace')).toMatchObject({ type: 'integer', unit: 'seconds' });
        // 3:32, 3:58, 3:33, 3:40 are over 3:30 (210 s)
        expect((await app.ask('how many runners have a pace over 3:30?')).value).toBe(4);
        expect((await app.ask('how many runners had a pace of more than 3 minutes 30 seconds?')).value).toBe(4);
        expect(await app.column('films', 'Length')).toMatchObject({ type: 'text' });
      });
    });

    describe('a fixture list\'s kick-off times (15:00, 19:45)', () => {
      const app = withFiles(adapter, { 'fixtures.csv': FIXTURES, 'schedule.csv': SCHEDULE });
      it('keeps Kick-off and a Time column of kick-offs text, and counts a kick-off as a value', async () => {
        expect(await app.column('fixtures', 'Kick-off')).toMatchObject({ type: 'text' });
        expect((await app.column('fixtures', 'Kick-off'))?.unit).toBeUndefined();
        expect(await app.column('schedule', 'Time')).toMatchObject({ type: 'text' });
        expect((await app.ask('how many fixtures kicked off at 15:00?')).value).toBe(2);
        expect((await app.ask('how many times is 15:00 listed in schedule?')).value).toBe(2);
      });
    });
  });
}
