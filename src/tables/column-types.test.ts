import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../extract/index.js';
import type { Cell } from '../extract/grid.js';
import { typeColumn } from './column-types.js';
import { DEV_FIXTURES } from '../../test/helpers/shared-paths.js';

const text = (...values: (string | null)[]): (Cell | null)[] => values.map((value) => (value === null ? null : { value }));
const utc = (year: number, month: number, day: number): Date => new Date(Date.UTC(year, month - 1, day));

describe('typeColumn', () => {
  it('keeps the numbers of a column in several currencies but marks it mixed', () => {
    const amounts = typeColumn(text('€100.00', '$200.00', '€50.00', '£70.00'), {});
    expect(amounts).toMatchObject({ values: [100, 200, 50, 70], unit: 'mixed_currency', currency: 'mixed' });
    expect(typeColumn(text('€100.00', '€50.00'), {})).toMatchObject({ unit: 'currency', currency: 'EUR' });
  });

  it('types the accounting strings of bugs/25: money as decimal, percents as fractions', () => {
    const amounts = typeColumn(text('1,234.50', '$1,200', '(500)', null, '-'), {});
    expect(amounts).toMatchObject({ type: 'decimal', values: [1234.5, 1200, -500, null, null], invalidCount: 0, unit: 'currency', currency: 'USD' });
    const rates = typeColumn(text('12%', '7.5%', null, null, null), {});
    expect(rates).toMatchObject({ type: 'percent', values: [0.12, 0.075, null, null, null], unit: 'percent' });
  });

  it('reads a number with a note in words or a footnote mark as the number, and "no data" as no value', () => {
    const injuries = typeColumn(text('154', '139', '1,255', '202 (estimate)', '98 [a]', '77 (p)', 'no data', 'no data', 'Not available'), {});
    expect(injuries).toMatchObject({ type: 'integer', values: [154, 139, 1255, 202, 98, 77, null, null, null] });
    // a unit, a scale, a currency or a kind in brackets is no note: the numbers are not alike
    expect(typeColumn(text('5 (km)', '800 (m)', '12 (km)', '3 (mi)'), {}).type).toBe('text');
    expect(typeColumn(text('120,000', '1.5 (million)', '2.1 (million)'), {}).type).toBe('text');
    expect(typeColumn(text('1,200 (EUR)', '1,500 (USD)', '900 (GBP)'), {}).type).toBe('text');
    expect(typeColumn(text('5 (Express)', '5 (Local)', '7 (Express)'), {}).type).toBe('text');
    // in a text column "Not available" is a value, not a blank
    expect(typeColumn(text('Available', 'Not available', 'Not available', 'Available'), {}).values).toEqual(['Available', 'Not available', 'Not available', 'Available']);
    // a number and another number in brackets (appearances and goals) is no number with a note
    expect(typeColumn(text('25 (3)', '30 (5)', '12 (0)'), {}).type).toBe('text');
    // a note after a code stays a code
    expect(typeColumn(text('02134 (est)', '10001', '00501'), {}).type).toBe('text');
  });

  it('reads decimal commas of bugs/13 with the file separator', () => {
    expect(typeColumn(text('1.234,50', '10,25', '100,00'), { decimalSeparator: ',' })).toMatchObject({
      type: 'decimal',
      values: [1234.5, 10.25, 100],
    });
  });

  it('keeps season labels text: 2002/03 is the 2002–03 season, not March 2002', () => {
    const seasons = typeColumn(text('2002/03', '2003/04', '2009/10', '2009/10', '2010/11'), {});
    expect(seasons).toMatchObject({ type: 'text', values: ['2002/03', '2003/04', '2009/10', '2009/10', '2010/11'] });
    // year/month dates whose months do not follow the years stay dates
    expect(typeColumn(text('2002/03', '2002/07', '2003/11'), {}).type).toBe('date');
  });

  it('keeps a column text when any value has a leading zero (ids, ZIP codes)', () => {
    expect(typeColumn(text('02134', '10001', '00501'), {})).toMatchObject({ type: 'text', values: ['02134', '10001', '00501'] });
    expect(typeColumn(text('000120', '000121', '1000'), {}).type).toBe('text');
    expect(typeColumn(text('0', '0.5', '12'), {}).type).toBe('decimal');
  });

  it('keeps Excel numbers shown with a zero-padded format as padded text', () => {
    const cells: Cell[] = [{ value: 2134, numFmt: '00000' }, { value: 10001, numFmt: '00000' }];
    expect(typeColumn(cells, {})).toMatchObject({ type: 'text', values: ['02134', '10001'] });
  });

  it('keeps numbers longer than 15 digits as text', () => {
    expect(typeColumn(text('12345678901234567890', '12345678901234567891'), {}).type).toBe('text');
  });

  it('tells integers from decimals and reads numbers stored as text', () => {
    expect(typeColumn([{ value: 3 }, { value: '4' }, { value: 5 }], {})).toMatchObject({ type: 'integer', values: [3, 4, 5] });
    expect(typeColumn([{ value: 3 }, { value: '4.5' }], {})).toMatchObject({ type: 'decimal', values: [3, 4.5] });
  });

  it('treats a % number format as percent fractions, a [%] header as a hint only', () => {
    const cells: Cell[] = [{ value: 0.125, numFmt: '0.0%' }, { value: 0.3, numFmt: '0%' }];
    expect(typeColumn(cells, {})).toMatchObject({ type: 'percent', values: [0.125, 0.3], unit: 'percent' });
    const margins = typeColumn([{ value: 31.5 }, { value: 44.2 }], { headerName: 'Gross Margin [%]' });
    expect(margins).toMatchObject({ type: 'decimal', values: [31.5, 44.2], unit: 'percent' });
  });

  it('reads currency from Excel number formats', () => {
    const cells: Cell[] = [{ value: 10, numFmt: '[$€-407] #,##0.00' }, { value: 12.5, numFmt: '[$€-407] #,##0.00' }];
    expect(typeColumn(cells, {})).toMatchObject({ type: 'decimal', unit: 'currency', currency: 'EUR' });
    expect(typeColumn([{ value: 1, numFmt: '#,##0 "EUR"' }], {}).currency).toBe('EUR');
  });

  it('stores a few stray texts in a large numeric column as invalid nulls', () => {
    const cells = text(...Array.from({ length: 99 }, (_, i) => String(i + 1)), 'see note');
    const typed = typeColumn(cells, {});
    expect(typed.type).toBe('integer');
    expect(typed.invalidCount).toBe(1);
    expect(typed.values[99]).toBeNull();
    expect(typeColumn(text('1', '2', 'three'), {}).type).toBe('text');
  });

  it('types mixed Excel dates and text dates, day-first when ambiguous', () => {
    const cells: (Cell | null)[] = [{ value: utc(2025, 1, 15), numFmt: 'dd/mm/yyyy' }, { value: '03/04/2025' }, { value: '3 Apr 2025' }, null];
    expect(typeColumn(cells, {})).toMatchObject({ type: 'date', values: ['2025-01-15', '2025-04-03', '2025-04-03', null], dateOrder: 'dmy' });
  });

  it('marks day-first as assumed only when no value and no format showed the order', () => {
    expect(typeColumn(text('01/02/2024', '03/04/2024'), {})).toMatchObject({ values: ['2024-02-01', '2024-04-03'], dateOrder: 'dmy', assumedDayFirst: '01/02/2024' });
    expect(typeColumn(text('01/02/2024', '13/04/2024'), {}).assumedDayFirst).toBeUndefined();
    expect(typeColumn(text('01/02/2024', '04/13/2024'), {}).assumedDayFirst).toBeUndefined();
    expect(typeColumn([{ value: utc(2025, 1, 15), numFmt: 'dd/mm/yyyy' }, { value: '03/04/2025' }], {}).assumedDayFirst).toBeUndefined();
    expect(typeColumn(text('2024-02-01', '2024-04-03'), {}).assumedDayFirst).toBeUndefined();
  });

  it('decides month-first when a second part exceeds 12', () => {
    expect(typeColumn(text('03/04/2025', '04/13/2025'), {})).toMatchObject({ type: 'date', values: ['2025-03-04', '2025-04-13'], dateOrder: 'mdy' });
    expect(typeColumn(text('13/04/2025', '03/04/2025'), {})).toMatchObject({ values: ['2025-04-13', '2025-04-03'], dateOrder: 'dmy' });
  });

  it('reads ambiguous text dates month-first when the column shows an explicit month-first format', () => {
    const cells: Cell[] = [{ value: utc(2025, 1, 15), numFmt: 'mm/dd/yyyy' }, { value: '03/04/2025' }];
    expect(typeColumn(cells, {})).toMatchObject({ values: ['2025-01-15', '2025-03-04'], dateOrder: 'mdy' });
    const builtIn: Cell[] = [{ value: utc(2025, 1, 15), numFmt: 'mm-dd-yy' }, { value: '03/04/2025' }];
    expect(typeColumn(builtIn, {})).toMatchObject({ values: ['2025-01-15', '2025-04-03'], dateOrder: 'dmy' });
    const evidence: Cell[] = [{ value: utc(2025, 1, 15), numFmt: 'mm/dd/yyyy' }, { value: '13/04/2025' }, { value: '03/04/2025' }];
    expect(typeColumn(evidence, {}).dateOrder).toBe('dmy');
  });

  it('stores month-only values as the first of the month with monthOnly', () => {
    expect(typeColumn(text('2025-01', '2025-02'), {})).toMatchObject({ type: 'date', values: ['2025-01-01', '2025-02-01'], monthOnly: true, dateOrder: 'ymd' });
    const excelMonths: Cell[] = [{ value: utc(2025, 1, 1), numFmt: 'mmm yyyy' }, { value: utc(2025, 2, 1), numFmt: 'mmm yyyy' }];
    expect(typeColumn(excelMonths, {})).toMatchObject({ type: 'date', monthOnly: true });
    expect(typeColumn([{ value: utc(2025, 1, 1), numFmt: 'dd.mm.yyyy' }], {}).monthOnly).toBeUndefined();
  });

  it('keeps the time of Excel dates that have one', () => {
    const cells: Cell[] = [{ value: new Date(Date.UTC(2025, 0, 2, 13, 45)), numFmt: 'yyyy-mm-dd hh:mm' }];
    expect(typeColumn(cells, {}).values).toEqual(['2025-01-02T13:45:00']);
    expect(typeColumn([{ value: new Date(Date.UTC(1899, 11, 30, 8, 30)), numFmt: 'h:mm' }], {})).toMatchObject({ type: 'text', values: ['08:30:00'] });
  });

  it('makes booleans of Excel booleans and TRUE/FALSE text only; Yes/No stays text', () => {
    expect(typeColumn([{ value: true }, { value: 'FALSE' }, null], {})).toMatchObject({ type: 'boolean', values: [true, false, null] });
    expect(typeColumn(text('Yes', 'No', 'Yes'), {})).toMatchObject({ type: 'text', values: ['Yes', 'No', 'Yes'] });
  });

  it('turns Excel error cells into counted nulls', () => {
    const cells: Cell[] = [{ value: 10 }, { value: null, error: '#DIV/0!' }, { value: 30 }];
    expect(typeColumn(cells, {})).toMatchObject({ type: 'integer', values: [10, null, 30], invalidCount: 1 });
  });

  it('keeps the raw text of every kind of value in a text column', () => {
    const cells: (Cell | null)[] = [{ value: 'Alpha' }, { value: '1,234.50' }, { value: 7 }, { value: utc(2025, 3, 1) }, { value: 'true' }];
    expect(typeColumn(cells, {}).values).toEqual(['Alpha', '1,234.50', '7', '2025-03-01', 'true']);
  });

  it('returns an all-null text column when nothing is filled', () => {
    expect(typeColumn([null, { value: '' }, { value: '-' }], {})).toEqual({ type: 'text', values: [null, null, null], invalidCount: 0 });
  });

  describe('dev fixtures', () => {
    it('types the money text of orders.csv amount as decimal USD, ids and ZIPs as text', async () => {
      const workbook = await readWorkbook({ bytes: readFileSync(`${DEV_FIXTURES}/orders.csv`), fileName: 'orders.csv' });
      const rows = workbook.sheets[0].rows;
      const header = rows[0].map((cell) => String(cell?.value));
      const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)] ?? null);
      const amount = typeColumn(column('amount'), { decimalSeparator: '.', headerName: 'amount' });
      expect(amount).toMatchObject({ type: 'decimal', invalidCount: 0, unit: 'currency', currency: 'USD' });
      expect(amount.values.every((value) => typeof value === 'number')).toBe(true);
      expect(amount.values[3]).toBe(1199.92);
      expect(typeColumn(column('order_id'), {}).type).toBe('text');
      expect(typeColumn(column('zip_code'), {}).values[0]).toBe('05982');
      expect(typeColumn(column('order_date'), {})).toMatchObject({ type: 'date', dateOrder: 'ymd' });
      expect(typeColumn(column('quantity'), {}).type).toBe('integer');
    });

    it('types csat_by_month.csv with decimal commas and month-only dates', async () => {
      const workbook = await readWorkbook({ bytes: readFileSync(`${DEV_FIXTURES}/csat_by_month.csv`), fileName: 'csat_by_month.csv' });
      const rows = workbook.sheets[0].rows.slice(1);
      const separator = workbook.decimalSeparator ?? '.';
      expect(typeColumn(rows.map((row) => row[2]), { decimalSeparator: separator })).toMatchObject({ type: 'decimal' });
      expect(typeColumn(rows.map((row) => row[2]), { decimalSeparator: separator }).values[0]).toBe(3.83);
      expect(typeColumn(rows.map((row) => row[1]), { decimalSeparator: separator })).toMatchObject({ type: 'date', monthOnly: true });
      expect(typeColumn(rows.map((row) => row[3]), { decimalSeparator: separator }).type).toBe('integer');
    });
  });

  it('tolerates one stray label among 8 or more numbers (a footer row kept as data), not among fewer', () => {
    const votes = ['24,280', '16,910', '7,922', '672', '472', '333', '7,370', '50,589', 'Swing'].map((value) => ({ value }));
    expect(typeColumn(votes)).toMatchObject({ type: 'integer', invalidCount: 1 });
    expect(typeColumn(votes.slice(2))).toMatchObject({ type: 'text' });
  });

  it('keeps a column of district codes text: `4E099` is a code, not 4 × 10^99, and `4A000` is not a stray label', () => {
    const codes = ['40101', '40201', '40301', '40401', '40402', '40403', '4A000', '4E000', '4E099'].map((value) => ({ value }));
    const typed = typeColumn(codes);
    expect(typed).toMatchObject({ type: 'text', invalidCount: 0 });
    expect(typed.values).toEqual(['40101', '40201', '40301', '40401', '40402', '40403', '4A000', '4E000', '4E099']);
    // Excel numbers with text codes beside them: the same.
    const mixed = [40101, 40201, 40301, 40401, 40402, 40403, 40404, '4A000'].map((value) => ({ value }));
    expect(typeColumn(mixed).type).toBe('text');
    // Numbers in exponent form as software writes them stay numbers.
    expect(typeColumn(['1.5E+06', '2E+05', '3e-2'].map((value) => ({ value })))).toMatchObject({ type: 'decimal', values: [1_500_000, 200_000, 0.03] });
  });

  // A race's results write times under a minute as seconds and longer ones as minutes and seconds:
  // the one `1:03.49` was stored empty as a stray label, and a column of `4:43.64` stayed text.
  it('reads stopwatch times as seconds, with the plain seconds beside them, and marks the column seconds', () => {
    const mixed = ['38.77', '38.97', '40.37', '41.52', '43.12', '44.22', '55.49', '1:03.49'].map((value) => ({ value }));
    expect(typeColumn(mixed)).toMatchObject({ type: 'decimal', unit: 'seconds', invalidCount: 0, values: [38.77, 38.97, 40.37, 41.52, 43.12, 44.22, 55.49, 63.49] });
    const long = ['4:43.64', '4:48.31', '2:05:33.2', 'DNF'].map((value) => ({ value }));
    expect(typeColumn(long)).toMatchObject({ type: 'text' });
    // "DQ" beside 8 times is a result, not a stray label to store empty: the column stays text.
    const disqualified = [...mixed.slice(0, 8), { value: 'DQ' }];
    expect(typeColumn(disqualified)).toMatchObject({ type: 'text', invalidCount: 0 });
    expect(typeColumn(long.slice(0, 3))).toMatchObject({ type: 'decimal', unit: 'seconds', values: [283.64, 288.31, 7533.2] });
    // A time of day carries no hundredths: it stays text.
    expect(typeColumn(['20:15', '14:05:33', '9:30'].map((value) => ({ value })))).toMatchObject({ type: 'text' });
  });

  // A marathon's results write "2:03:32" with no fraction: the column stayed text, and "how many
  // finished under 2:10:00" had no times to compare. Alone, "15:00" is as likely a kick-off.
  it('reads times without a fraction as seconds when the column and its header say they are times taken', () => {
    const time = (headerName: string | undefined, ...values: (string | null)[]) => typeColumn(text(...values), { headerName });
    expect(time('Time', '2:03:32', '2:05:10', '2:06:41', null)).toMatchObject({ type: 'integer', unit: 'seconds', invalidCount: 0, values: [7412, 7510, 7601, null] });
    expect(time('Result', '2:03:32', '2:05:10')).toMatchObject({ unit: 'seconds', values: [7412, 7510] });
    expect(time('Finish time', '3:58:12', '4:11:40')).toMatchObject({ unit: 'seconds', values: [14292, 15100] });
    // m:ss alone under a lap's, a pace's or a gap's header: minutes and seconds
    expect(time('Lap time', '1:32', '1:34', '1:31')).toMatchObject({ unit: 'seconds', values: [92, 94, 91] });
    expect(time('Pace', '4:05', '4:07', '4:12', '4:15')).toMatchObject({ unit: 'seconds', values: [245, 247, 252, 255] });
    // … and beside h:mm:ss under a race's header
    expect(time('Time', '58:12', '1:02:03', '1:04:11')).toMatchObject({ unit: 'seconds', values: [3492, 3723, 3851] });
    // beside a fractional time, a whole one is a time of the same race, whatever the header
    expect(time('Notes', '1:48.55', '1:50', '1:49.02')).toMatchObject({ type: 'decimal', unit: 'seconds', values: [108.55, 110, 109.02] });
    // under Duration, m:ss beside h:mm:ss is minutes and seconds
    expect(time('Duration', '58:12', '1:02:03')).toMatchObject({ unit: 'seconds', values: [3492, 3723] });
    expect(time('Duration', '01:45:00', '02:10:00')).toMatchObject({ unit: 'seconds', values: [6300, 7800] });
  });

  it('keeps text the times of day, scores and ratios a column of colons may hold', () => {
    const time = (headerName: string | undefined, ...values: string[]) => typeColumn(text(...values), { headerName });
    // a fixture list's kick-offs, under any header: round minutes, or a header of a time of day
    expect(time('Kick-off', '15:00', '12:30', '19:45', '17:30')).toMatchObject({ type: 'text', values: ['15:00', '12:30', '19:45', '17:30'] });
    expect(time('Time', '15:00', '12:30', '19:45', '17:30')).toMatchObject({ type: 'text' });
    expect(time('Kick-off', '15:02', '19:47')).toMatchObject({ type: 'text' });
    expect(time('Time (ET)', '7:05', '1:12')).toMatchObject({ type: 'text' });
    expect(time('Departure', '2:03:32', '2:05:10')).toMatchObject({ type: 'text' });
    // clock readings: hours written with a leading zero, seconds all round, hours of a working day
    expect(time('time', '00:00:00', '14:57:13', '04:14:00')).toMatchObject({ type: 'text' });
    expect(time('Time', '09:12', '13:47')).toMatchObject({ type: 'text' });
    expect(time('Time', '9:30:00', '14:05:00')).toMatchObject({ type: 'text' });
    expect(time('Time', '10:03:32', '12:05:10', '9:06:41')).toMatchObject({ type: 'text' });
    // a schedule repeats its slots, even off the round minutes (a 7:07 pm start)
    expect(time('Time', '7:07', '7:07', '1:07', '7:07', '3:07')).toMatchObject({ type: 'text' });
    // one time says nothing of the column
    expect(time('Time', '4:07')).toMatchObject({ type: 'text' });
    // "1:30" under Duration alone may be an hour and a half
    expect(time('Duration', '1:30', '2:15', '0:45')).toMatchObject({ type: 'text' });
    // a handball score never pads its second side; a race's m:ss soon does
    expect(time('Result', '28:25', '31:27', '30:29')).toMatchObject({ type: 'text' });
    // m:ss alone under Time, Result, Length or Flight time may be hours and minutes or a time of day (break-it review)
    expect(time('Result', '13:05', '13:07', '13:12')).toMatchObject({ type: 'text' });
    expect(time('Time', '14:46', '23:32', '17:16', '9:57')).toMatchObject({ type: 'text' });
    expect(time('Flight time', '3:17', '10:43', '1:04', '12:52')).toMatchObject({ type: 'text' });
    expect(time('Length', '2:40', '1:58', '2:12')).toMatchObject({ type: 'text' });
    expect(time('Split', '52:48', '61:39')).toMatchObject({ type: 'text' });
    expect(time('Half-time', '14:12', '15:11', '13:13')).toMatchObject({ type: 'text' });
    expect(time('Score', '2:1', '3:2', '1:1')).toMatchObject({ type: 'text' });
    expect(time('Aspect ratio', '16:9', '4:3')).toMatchObject({ type: 'text' });
    // no header of times: a Notes column of marathon times stays text, and so does one with a result code
    expect(time('Notes', '2:18:44', '2:17:45')).toMatchObject({ type: 'text' });
    expect(time(undefined, '2:18:44', '2:17:45')).toMatchObject({ type: 'text' });
    expect(time('Time', '2:03:32', '2:05:10', 'DNF')).toMatchObject({ type: 'text', values: ['2:03:32', '2:05:10', 'DNF'] });
  });

  it('reads no stopwatch time from an Excel time cell, which shows only the time within its day', () => {
    // [h]:mm:ss 26:00:00 is read as a date on the second day: its text 02:00:00 would be 2 hours
    const cells: Cell[] = [{ value: new Date(Date.UTC(1900, 0, 1, 2, 0, 0)), numFmt: '[h]:mm:ss' }, { value: new Date(Date.UTC(1899, 11, 31, 1, 5, 7)), numFmt: '[h]:mm:ss' }];
    expect(typeColumn(cells, { headerName: 'Duration' })).toMatchObject({ type: 'text', values: ['02:00:00', '01:05:07'] });
  });

  it('reads "Unmeasured" beside quantities with a unit as no value (`3,465 ft`)', () => {
    const elevations = typeColumn(text('3,465 ft', '3,353 ft', 'Unmeasured', '3,149 ft', 'Unknown'));
    expect(elevations).toMatchObject({ type: 'integer', unit: 'ft', values: [3465, 3353, null, 3149, null], invalidCount: 0 });
    // … any other word still makes the column text
    expect(typeColumn(text('3,465 ft', '3,353 ft', 'Summit', '3,149 ft')).type).toBe('text');
  });

  it('reads a number with its conversion in brackets under a header naming both units as the first number', () => {
    const areas = typeColumn(text('93 (36)', '92 (35)', '1,093.5 (422.2)', 'Unknown', null), { headerName: 'Land area\nkm² (sq mi)' });
    expect(areas).toMatchObject({ type: 'decimal', unit: 'km²', values: [93, 92, 1093.5, null, null] });
    // a density per unit of area keeps no unit of area
    const density = typeColumn(text('2 (6)', '12 (32)', '45 (116)'), { headerName: 'Population density /km² (/sq mi)' });
    expect(density.type).toBe('integer');
    expect(density.unit).toBeUndefined();
    // … and with no such header, two numbers are not one
    expect(typeColumn(text('93 (36)', '92 (35)', '45 (116)'), { headerName: 'Score' }).type).toBe('text');
  });

  it('reads quantities written with one unit as numbers in that unit (`59793 MT`, `3,880 days`, `4.60 m`, `2.8L`)', () => {
    expect(typeColumn(text('59793 MT', '54204  MT', '59600  MT ', '6412.129 MT', null))).toMatchObject({ type: 'decimal', unit: 'MT', values: [59793, 54204, 59600, 6412.129, null] });
    // Singular and plural are one unit; the unit most cells write names the column.
    expect(typeColumn(text('3,880 days', '1 day', '9,698 days', '3,647 days'))).toMatchObject({ type: 'integer', unit: 'days', values: [3880, 1, 9698, 3647] });
    expect(typeColumn(text('2.8L', '3.0L', '3.5L', '4.0L'), { headerName: 'Volume' })).toMatchObject({ type: 'decimal', unit: 'L' });
    // One result code among 8 marks is no mark (stored null, counted invalid); two are a text column.
    const marks = ['4.60 m', '5.15 m', '5.30 m', '5.20 m', '5.50 m', '5.45 m', '5.65 m', '5.40 m', 'NM'];
    expect(typeColumn(text(...marks))).toMatchObject({ type: 'decimal', unit: 'm', invalidCount: 1 });
    expect(typeColumn(text(...marks, 'DNS'))).toMatchObject({ type: 'text' });
  });

  it('reads a quantity marked approximate (`appr. 300 m`, `ca. 12 km`) as the number written', () => {
    expect(typeColumn(text('436 m', '430 m', '380 m', '?', 'appr. 300 m', '400 m', '274 m', '?'))).toMatchObject({ type: 'integer', unit: 'm', values: [436, 430, 380, null, 300, 400, 274, null] });
    expect(typeColumn(text('ca. 12 km', '14 km', '~9 km', '20 km'))).toMatchObject({ type: 'integer', unit: 'km', values: [12, 14, 9, 20] });
    // a word that is no mark of approximation keeps the text
    expect(typeColumn(text('over 12 km', '14 km', '9 km', '20 km'))).toMatchObject({ type: 'text' });
  });

  it('reads a quantity written with its conversion after it as the first quantity, however often heights repeat', () => {
    expect(typeColumn(text('4220 m\n13,845 ft', '3819 m\n12,530 ft', '2744 m\n9,003 ft'))).toMatchObject({ type: 'integer', unit: 'm', values: [4220, 3819, 2744] });
    const heights = ['1.83 m (6 ft 0 in)', '1.74 m (5 ft 8 1⁄2 in)', '1.84 m (6 ft 1⁄2 in)', '1.74 m (5 ft 8 1⁄2 in)', '1.74 m (5 ft 8 1⁄2 in)'];
    expect(typeColumn(text(...heights))).toMatchObject({ type: 'decimal', unit: 'm', values: [1.83, 1.74, 1.84, 1.74, 1.74] });
    // a note in parentheses is no conversion: the text stays as written
    expect(typeColumn(text('100 m (heats)', '200 m (final)', '400 m (heats)'))).toMatchObject({ type: 'text' });
  });

  it('reads a golf score written with its rounds (`72-69-71-68=280`) as its sum, only when every one adds up', () => {
    expect(typeColumn(text('72-69-71-68=280', '68-67-74-73=282', '70-72-71-70=283', null))).toMatchObject({ type: 'integer', values: [280, 282, 283, null] });
    expect(typeColumn(text('72-69-71-68=280', '68-67-74-73=282', '70-72-71-70=284'))).toMatchObject({ type: 'text' });
    expect(typeColumn(text('72-69-71-68=280', '68-67-74-73=282', 'WD'))).toMatchObject({ type: 'text' });
    // a missed cut's two rounds beside four are no totals to rank together
    expect(typeColumn(text('72-69-71-68=280', '68-67-74-73=282', '70-72-71-70=283', '74-76=150'))).toMatchObject({ type: 'text' });
  });

  it('multiplies numbers by their scale word (`45k` is 45,000, `1.2 bn`), with no unit, beside plain numbers', () => {
    const salaries = typeColumn(text('45k', '52.5k', '61k', '48000'), { headerName: 'Salary' });
    expect(salaries).toMatchObject({ type: 'integer', values: [45000, 52500, 61000, 48000] });
    expect(salaries.unit).toBeUndefined();
    expect(typeColumn(text('1.2 bn', '3 bn', '0.75 bn'))).toMatchObject({ type: 'integer', values: [1200000000, 3000000000, 750000000] });
    // A capital K is kelvin or kilobytes, `mn` the French minute: units, not scales.
    expect(typeColumn(text('4K', '7K', '93K', '110K'))).toMatchObject({ type: 'integer', unit: 'K', values: [4, 7, 93, 110] });
    expect(typeColumn(text('5 mn', '12 mn', '38 mn'))).toMatchObject({ type: 'integer', unit: 'mn', values: [5, 12, 38] });
  });

  it('types money with a scale word as money in its currency, multiplied, blanks and n/a stored empty', () => {
    const boxOffice = typeColumn(text('$10.8 billion', '$3.6 billion', '$1.88 billion', '$0.72 billion'), { headerName: 'Box Office' });
    expect(boxOffice).toMatchObject({ type: 'integer', values: [10_800_000_000, 3_600_000_000, 1_880_000_000, 720_000_000], unit: 'currency', currency: 'USD', invalidCount: 0 });
    const budgets = typeColumn(text('€450 million', '–', 'N/A', '€1.2bn', null, '€80 million'), { headerName: 'Budget' });
    expect(budgets).toMatchObject({ type: 'integer', values: [450_000_000, null, null, 1_200_000_000, null, 80_000_000], unit: 'currency', currency: 'EUR', invalidCount: 0 });
    // … as a money column without scale words stores its blanks
    expect(typeColumn(text('€450', '–', 'N/A', '€1200', null, '€80')).values).toEqual([450, null, null, 1200, null, 80]);
  });

  it('keeps text a column whose header gives a scale and whose cells give another ("Revenue (US$ millions)" over "$2.5 billion")', () => {
    expect(typeColumn(text('10,800', '800', '450', '$2.5 billion'), { headerName: 'Revenue (US$ millions)' })).toMatchObject({ type: 'text' });
    expect(typeColumn(text('$45K', '$120K', '$80K'), { headerName: 'Revenue ($ thousands)' })).toMatchObject({ type: 'text' });
    // … a header with no scale leaves the cells' own
    expect(typeColumn(text('$45K', '$120K', '$80K'), { headerName: 'Revenue' })).toMatchObject({ type: 'integer', values: [45_000, 120_000, 80_000] });
  });

  it('keeps text what only looks like a quantity: ordinals, model names, mixed units, repeated event names, periods', () => {
    expect(typeColumn(text('6th', '5th', '10th', '1st'))).toMatchObject({ type: 'text' });
    expect(typeColumn(text('728i', '730d', '740i', '750i'))).toMatchObject({ type: 'text' });
    expect(typeColumn(text('5 km', '10 mi', '3 km', '21 km'))).toMatchObject({ type: 'text' });
    // A few values repeated name events, not amounts; so do the values under an Event header.
    expect(typeColumn(text('100 m', '200 m', '100 m', '200 m', '100 m', '400 m'))).toMatchObject({ type: 'text' });
    expect(typeColumn(text('100 m', '200 m', '400 m', '800 m'), { headerName: 'Event' })).toMatchObject({ type: 'text' });
    expect(typeColumn(text('2010 season', '2011 season', '2012 season'))).toMatchObject({ type: 'text' });
    // A year ending in 0 with a joined s is a decade, not seconds.
    expect(typeColumn(text('1960s', '1970s', '1980s', '1990s'))).toMatchObject({ type: 'text' });
    expect(typeColumn(text('70s', '80s', '90s', '60s'))).toMatchObject({ type: 'text' });
    // Fewer than 3 quantities say nothing of a unit.
    expect(typeColumn(text('12 kg', '15 kg', 'heavy'))).toMatchObject({ type: 'text' });
  });
});
