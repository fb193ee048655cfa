import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { monthDayOf } from './month-day-columns.js';

/*
 * Days without a year ("January 16") stored as text, filtered by "after November 15th",
 * "before March 3", "between June and August"; and the kind of thing a name says it is ("how
 * many super series" over "Malaysia Super Series"). Small invented tables.
 */

// a tour calendar: one date column written without a year, one event cancelled
const tour: TableSpec = {
  sqlName: 'tour', file: 'tour.csv',
  columns: [{ name: 'Event', type: 'text' }, { name: 'Date', type: 'text' }, { name: 'City', type: 'text' }],
  rows: [
    ['Malaysia Super Series', 'January 16', 'Kuala Lumpur'], ['Swiss Open Super Series', 'March 12', 'Basel'], ['China Masters Super Series', 'July 10', 'Chengdu'],
    ['Japan Super Series', 'September 11', 'Tokyo'], ['China Open Super Series', 'November 20', 'Guangzhou'], ['Hong Kong Super Series', 'November 26', 'Wan Chai'],
    ['Macau Open', 'December 1', 'Macau'], ['Super Series Finals', 'Cancelled', 'Cancelled'],
  ],
};
// the same events with a start and a finish: one event runs across November 15th
const spans: TableSpec = {
  sqlName: 'spans', file: 'spans.csv',
  columns: [{ name: 'Official title', type: 'text' }, { name: 'Date Start', type: 'text' }, { name: 'Date Finish', type: 'text' }],
  rows: [
    ['Malaysia Super Series', 'January 16', 'January 21'], ['Singapore Super Series', 'May 1', 'May 6'], ['Japan Super Series', 'September 11', 'September 16'],
    ['French Super Series', 'October 30', 'November 4'],
    ['China Open Super Series', 'November 20', 'November 25'], ['Hong Kong Super Series', 'November 26', 'December 2'],
  ],
};
const straddling: TableSpec = { ...spans, sqlName: 'straddling', file: 'straddling.csv', rows: [...spans.rows, ['Macau Super Series', 'November 12', 'November 18']] };
// a football season from September to January: "after November 15th" would leave out the January games
const season: TableSpec = {
  sqlName: 'season', file: 'season.csv',
  columns: [{ name: 'Week', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Date', type: 'text' }, { name: 'Opponent', type: 'text' }],
  rows: [[1, 'September 7', 'Bears'], [2, 'September 14', 'Lions'], [3, 'October 5', 'Rams'], [4, 'November 23', 'Jets'], [5, 'December 28', 'Colts'], [6, 'January 4', 'Bills']],
};
// real dates of one year: the day without a year takes the column's year
const games: TableSpec = {
  sqlName: 'games', file: 'games.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Opponent', type: 'text' }],
  rows: [['2007-03-01', 'Bears'], ['2007-06-15', 'Lions'], ['2007-08-31', 'Rams'], ['2007-11-16', 'Jets']],
};

// towns named "… Point": "points" is an amount, no kind of town
const towns: TableSpec = {
  sqlName: 'towns', file: 'towns.csv',
  columns: [{ name: 'Town name', type: 'text' }, { name: 'County', type: 'text' }],
  rows: [['Iowa Point', 'Doniphan County'], ['Eagle Point', 'Doniphan County'], ['Ray', 'Pawnee County']],
};

const { ask } = useTestTables([tour, spans, straddling, season, games, towns]);

describe('monthDayOf', () => {
  it('reads days written without a year, and nothing else', () => {
    expect(monthDayOf('January 16')).toEqual([1, 16]);
    expect(monthDayOf('Sept 4')).toEqual([9, 4]);
    expect(monthDayOf('16 March')).toEqual([3, 16]);
    expect(monthDayOf('Cancelled')).toBeUndefined();
    expect(monthDayOf('Route 16')).toBeUndefined();
  });
});

describe('planQuestion: days without a year', () => {
  // Before, "after november 15th" was no date phrase and its words blocked the plan.
  it('filters "after november 15th", "before march 13" and "between june and september" over a Date column of days', async () => {
    expect((await ask(tour, 'how many events were after november 15th?')).value).toBe(3);
    expect((await ask(tour, 'how many events were before march 13?')).value).toBe(2);
    expect((await ask(tour, 'how many events were between june and september?')).value).toBe(2);
  });

  it('applies a day without a year to a date column of one year', async () => {
    expect((await ask(games, 'how many games were after june 15th?')).value).toBe(2);
    expect((await ask(games, 'how many games were since june 15th?')).value).toBe(3);
  });

  it('answers over a start and a finish column only when both readings agree', async () => {
    expect((await ask(spans, 'how many super series took place after november 15th?')).value).toBe(2);
    const { plan, value } = await ask(straddling, 'how many super series took place after november 15th?');
    expect(plan.kind === 'sql' && plan.declineIfNull).toBeTruthy();
    expect(value).toBeNull();
  });

  it('declines days of a season that runs across the new year', async () => {
    expect((await ask(season, 'how many games were after november 15th?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: the kind a name says', () => {
  it('keeps the rows whose name ends with the counted words ("how many open super series")', async () => {
    expect((await ask(tour, 'how many super series took place after november 15th?')).value).toBe(2);
    expect((await ask(tour, 'how many open super series were there?')).value).toBe(2);
  });

  it('still declines counted words that no name contains', async () => {
    expect((await ask(tour, 'how many grand prix events took place after november 15th?')).plan.kind).toBe('declined');
    const { plan } = await ask(towns, 'how many points are there in doniphan county?');
    expect(plan.kind === 'sql' ? plan.sql : '').not.toMatch(/Iowa Point/);
  });
});
