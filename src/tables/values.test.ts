import { describe, expect, it } from 'vitest';
import { isNoValueText, parseDateText, parseDurationText, parseNumberText, readClockText, readDateText } from './values.js';

describe('parseNumberText', () => {
  const dot = (text: string) => parseNumberText(text, '.');
  const comma = (text: string) => parseNumberText(text, ',');

  // Before, "1946*" (joined with a footnote) was stored empty, and every count and sum over its column left the row out.
  // An open end ("1435+" days and counting, a bucket "6+") is no number and stays so.
  it('drops a footnote mark after the digits, never an open end', () => {
    expect(dot('1946*')).toEqual({ value: 1946 });
    expect(dot('3,476†')).toEqual({ value: 3476 });
    expect(dot('52[a]')).toEqual({ value: 52 });
    expect(dot('1435+')).toBeNull();
    expect(dot('6+')).toBeNull();
    expect(dot('A+')).toBeNull();
    expect(dot('*')).toBeNull();
  });

  it('reads a whole number ending in a dot as the ordinal it writes', () => {
    expect(dot('1.')).toEqual({ value: 1 });
    expect(comma('12.')).toEqual({ value: 12 });
    expect(dot('1.5.')).toBeNull();
    expect(dot('.')).toBeNull();
  });

  it('reads the accounting strings of bugs/25', () => {
    expect(dot('1,234.50')).toEqual({ value: 1234.5 });
    expect(dot('$1,200')).toEqual({ value: 1200, unit: 'currency', currency: 'USD' });
    expect(dot('$1,234.50')).toEqual({ value: 1234.5, unit: 'currency', currency: 'USD' });
    expect(dot('(500)')).toEqual({ value: -500 });
    // A minus sign and parentheses mark one negative together, never a double negation.
    expect(dot('-(25)')).toEqual({ value: -25 });
    expect(dot('(-25)')).toEqual({ value: -25 });
    expect(dot('−(1,000)')).toEqual({ value: -1000 });
    expect(dot('(25-)')).toEqual({ value: -25 });
    expect(dot('+(25)')).toEqual({ value: -25 });
    expect(dot('-')).toBeNull();
    expect(dot('')).toBeNull();
    expect(dot('12%')).toEqual({ value: 0.12, unit: 'percent' });
    expect(dot('7.5%')).toEqual({ value: 0.075, unit: 'percent' });
    expect(dot('7.5 %')).toEqual({ value: 0.075, unit: 'percent' });
  });

  it('reads decimal commas with dot, space and apostrophe thousands (bugs/13)', () => {
    expect(comma('1.234,50')?.value).toBe(1234.5);
    expect(comma('10,25')?.value).toBe(10.25);
    expect(comma('100,00')?.value).toBe(100);
    expect(comma('1 234,50')?.value).toBe(1234.5);
    expect(comma('1\u00a0234,50')?.value).toBe(1234.5);
    expect(comma('1.234.567,8')?.value).toBe(1234567.8);
    expect(dot("1'234.50")?.value).toBe(1234.5);
    expect(dot('1 234 567')?.value).toBe(1234567);
  });

  it('lets the file decimal separator settle one separator before three digits', () => {
    expect(dot('1,234')?.value).toBe(1234);
    expect(comma('1,234')?.value).toBe(1.234);
    expect(dot('1.234')?.value).toBe(1.234);
    expect(comma('1.234')?.value).toBe(1234);
  });

  it('reads currency symbols and codes before or after the amount', () => {
    expect(comma('1.234,50 €')).toEqual({ value: 1234.5, unit: 'currency', currency: 'EUR' });
    expect(comma('EUR 99,90')).toEqual({ value: 99.9, unit: 'currency', currency: 'EUR' });
    expect(dot('250 USD')).toEqual({ value: 250, unit: 'currency', currency: 'USD' });
    expect(dot('£3.50')).toEqual({ value: 3.5, unit: 'currency', currency: 'GBP' });
    expect(dot('-$1,234.00')?.value).toBe(-1234);
    expect(dot('$-1,234.00')?.value).toBe(-1234);
    expect(dot('($500.00)')?.value).toBe(-500);
    expect(dot('$ (500)')?.value).toBe(-500);
  });

  it('multiplies an amount of money by the scale word after it', () => {
    expect(dot('$10.8 billion')).toEqual({ value: 10_800_000_000, unit: 'currency', currency: 'USD' });
    expect(dot('$1.88 billion')?.value).toBe(1_880_000_000);
    expect(dot('$0.72 billion')?.value).toBe(720_000_000);
    expect(dot('US$ 3.2 million')).toEqual({ value: 3_200_000, unit: 'currency', currency: 'USD' });
    expect(dot('€450 million')).toEqual({ value: 450_000_000, unit: 'currency', currency: 'EUR' });
    expect(dot('$1.2bn')?.value).toBe(1_200_000_000);
    expect(dot('450 million EUR')).toEqual({ value: 450_000_000, unit: 'currency', currency: 'EUR' });
    expect(dot('$45K')?.value).toBe(45_000);
    expect(dot('-$2.5 million')?.value).toBe(-2_500_000);
    expect(comma('€1,5 Mrd')).toBeNull();
  });

  it('leaves a scale word without a currency to the column typing', () => {
    for (const text of ['10.8 billion', '1.2bn', '45k', '5 m', '$5 meters', '12% million']) expect(dot(text), text).toBeNull();
  });

  it('reads signs: leading plus, trailing minus, unicode minus', () => {
    expect(dot('+42')?.value).toBe(42);
    expect(dot('500-')?.value).toBe(-500);
    expect(dot('−3.5')?.value).toBe(-3.5);
    expect(dot('-0')?.value).toBe(0);
    expect(Object.is(dot('-0')?.value, -0)).toBe(false);
  });

  it('reads plain, fractional and exponent forms', () => {
    expect(dot('42')?.value).toBe(42);
    expect(dot('.5')?.value).toBe(0.5);
    expect(dot('1.5E+06')?.value).toBe(1_500_000);
    expect(dot('14.3%')?.value).toBe(0.143);
    expect(dot('150%')?.value).toBe(1.5);
  });

  it('does not special-case identifiers with leading zeros', () => {
    expect(dot('000827')?.value).toBe(827);
    expect(dot('04027')?.value).toBe(4027);
  });

  it('refuses text that is not a number', () => {
    for (const text of ['abc', 'n/a', 'N/A', '2024-01-15', '03/04/2025', '59793 MT', '100 PCS', '1,2,3', '5-10', '12 34', '1.234.56', 'Q1 2025', '--5']) {
      expect(dot(text), text).toBeNull();
    }
  });
});

describe('parseDurationText', () => {
  it('reads minutes and seconds, and hours, minutes and seconds, with a fraction of a second, as seconds', () => {
    expect(parseDurationText('1:03.49')).toBe(63.49);
    expect(parseDurationText('4:43.64')).toBe(283.64);
    expect(parseDurationText('2:05:33.2')).toBe(7533.2);
    expect(parseDurationText('0:59,9')).toBe(59.9);
  });

  it('reads no time of day, score or malformed time', () => {
    for (const text of ['20:15', '14:05:33', '3:1', '1:75.20', '1:03.', 'W 1:03.49', '12:00pm']) expect(parseDurationText(text)).toBeNull();
  });
});

describe('readClockText', () => {
  it('reads m:ss and h:mm:ss without a fraction as seconds, with what typing needs to tell a clock', () => {
    expect(readClockText('2:03:32')).toEqual({ seconds: 7412, parts: 3, first: 2, last: 32, paddedFirst: false });
    expect(readClockText('4:05')).toEqual({ seconds: 245, parts: 2, first: 4, last: 5, paddedFirst: false });
    expect(readClockText('0:45')).toMatchObject({ seconds: 45, paddedFirst: false });
    expect(readClockText('04:14:00')).toMatchObject({ seconds: 15240, paddedFirst: true });
    expect(readClockText('125:10')).toMatchObject({ seconds: 7510, parts: 2 });
  });

  it('reads no score, ratio, fraction, time of day with am/pm or malformed time', () => {
    for (const text of ['2:1', '3:2', '16:9', '1:100', '1:75', '2:03:60', '1:03.49', '12:00pm', '3:15 PM', ' 4:05', '1:2:3', '1234:05']) {
      expect(readClockText(text), text).toBeNull();
    }
  });
});

describe('isNoValueText', () => {
  it('knows dashes, blanks and n/a', () => {
    for (const text of ['', ' ', '-', '–', '—', 'n/a', 'NULL', 'TBD']) expect(isNoValueText(text), text).toBe(true);
    expect(isNoValueText('0')).toBe(false);
  });

  it('keeps a lone mark, which may be the column\'s yes ("*" for a season with playoffs), and sodium\'s symbol', () => {
    for (const text of ['*', '†']) expect(isNoValueText(text), text).toBe(false);
    // sodium's symbol is a value; "NA" and "na" are not
    expect(isNoValueText('Na')).toBe(false);
    expect(isNoValueText('NA')).toBe(true);
  });
});

describe('parseDateText', () => {
  it('reads ISO dates whatever the order, with a time when not midnight', () => {
    expect(parseDateText('2025-03-04', 'dmy')).toBe('2025-03-04');
    expect(parseDateText('2025-03-04', 'mdy')).toBe('2025-03-04');
    expect(parseDateText('2025-03-04T00:00:00', 'ymd')).toBe('2025-03-04');
    expect(parseDateText('2025-03-04 14:30', 'dmy')).toBe('2025-03-04T14:30:00');
    expect(parseDateText('2025/3/4', 'dmy')).toBe('2025-03-04');
  });

  it('reads numeric day/month dates in the given order', () => {
    expect(parseDateText('03/04/2025', 'dmy')).toBe('2025-04-03');
    expect(parseDateText('03/04/2025', 'mdy')).toBe('2025-03-04');
    expect(parseDateText('3.4.2025', 'dmy')).toBe('2025-04-03');
    expect(parseDateText('31-12-24', 'dmy')).toBe('2024-12-31');
    expect(parseDateText('13/04/2025', 'mdy')).toBeNull();
    expect(parseDateText('03/04/2025', 'ymd')).toBeNull();
  });

  it('drops a footnote mark after the date, as after a number', () => {
    expect(parseDateText('11/26/1985*', 'mdy')).toBe('1985-11-26');
    expect(parseDateText('May 3, 2001†', 'dmy')).toBe('2001-05-03');
    expect(parseDateText('2004-06-01[a]', 'dmy')).toBe('2004-06-01');
    expect(parseDateText('11/26/1985 (OT)', 'mdy')).toBeNull();
  });

  it('reads named months in several languages', () => {
    expect(parseDateText('3 Apr 2025', 'mdy')).toBe('2025-04-03');
    expect(parseDateText('03-Apr-25', 'dmy')).toBe('2025-04-03');
    expect(parseDateText('Apr 3, 2025', 'dmy')).toBe('2025-04-03');
    expect(parseDateText('April 3 2025', 'dmy')).toBe('2025-04-03');
    expect(parseDateText('3. März 2025', 'dmy')).toBe('2025-03-03');
    expect(parseDateText('1er', 'dmy')).toBeNull();
  });

  it('reads month-only forms as the first of the month', () => {
    expect(parseDateText('March 2025', 'dmy')).toBe('2025-03-01');
    expect(parseDateText('Mar 2025', 'dmy')).toBe('2025-03-01');
    expect(parseDateText('Okt 2024', 'dmy')).toBe('2024-10-01');
    expect(parseDateText('2025-03', 'dmy')).toBe('2025-03-01');
    expect(parseDateText('03/2025', 'dmy')).toBe('2025-03-01');
    expect(readDateText('2025-03', 'dmy')).toMatchObject({ monthOnly: true, yearFirst: true });
  });

  it('refuses impossible dates and non-dates', () => {
    for (const text of ['2025-02-30', '2025-13-01', '31/04/2025', 'Q1 2025', 'FY 2024', 'Total 2024', '12345678', 'hello']) {
      expect(parseDateText(text, 'dmy'), text).toBeNull();
    }
  });

  it('reports the numeric parts of all-numeric dates', () => {
    expect(readDateText('13/04/2025', 'dmy')?.numericParts).toEqual([13, 4]);
  });
});
