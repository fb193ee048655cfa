import { describe, expect, it } from 'vitest';
import { excelSerialToDate, isDateFormat } from './excel-dates.js';

describe('excelSerialToDate', () => {
  it('converts 1900-system serials to UTC dates and times', () => {
    expect(excelSerialToDate(45366).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(excelSerialToDate(45366.5).toISOString()).toBe('2024-03-15T12:00:00.000Z');
    expect(excelSerialToDate(61).toISOString()).toBe('1900-03-01T00:00:00.000Z');
    expect(excelSerialToDate(1).toISOString()).toBe('1900-01-01T00:00:00.000Z');
  });

  it('converts 1904-system serials', () => {
    expect(excelSerialToDate(43904, true).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(excelSerialToDate(0, true).toISOString()).toBe('1904-01-01T00:00:00.000Z');
  });

  it('rounds away floating point noise to the millisecond', () => {
    expect(excelSerialToDate(45366.99999999999).toISOString()).toBe('2024-03-16T00:00:00.000Z');
  });
});

describe('isDateFormat', () => {
  it('recognises date and time formats', () => {
    for (const format of ['mm-dd-yy', 'd-mmm-yy', 'mmm yyyy', 'yyyy-mm-dd hh:mm', '[$-409]mmmm d, yyyy', '[h]:mm:ss', 'DD/MM/YYYY']) {
      expect(isDateFormat(format), format).toBe(true);
    }
  });

  it('rejects number, percent, currency and text formats', () => {
    for (const format of ['General', '0.00', '#,##0.00;(#,##0.00)', '0%', '0.00E+00', '#,##0 "days"', '[$€-407] #,##0.00', '@', '_(* #,##0_)']) {
      expect(isDateFormat(format), format).toBe(false);
    }
    expect(isDateFormat(undefined)).toBe(false);
  });
});
