/**
 * Excel serial dates and number formats: which formats show dates, and serial → Date.
 * @module extract/excel-dates
 */

/** Days between 1899-12-30 (serial 0 in the 1900 system) and 1970-01-01. */
const EPOCH_OFFSET_DAYS = 25569;
/** Days between the 1900 and 1904 systems' day zero. */
const DATE_1904_OFFSET_DAYS = 1462;
const MS_PER_DAY = 86_400_000;

/**
 * Converts an Excel serial day number to a UTC Date.
 * Date-only serials land on UTC midnight; the fraction is the time of day.
 * Serials below 60 in the 1900 system are shifted one day, undoing Lotus' phantom 1900-02-29.
 * @param serial days since the system's day zero (fraction = time of day)
 * @param date1904 the workbook uses the 1904 date system
 */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  let days = serial;
  if (date1904) days += DATE_1904_OFFSET_DAYS;
  else if (serial < 60) days += 1;
  return new Date(Math.round((days - EPOCH_OFFSET_DAYS) * MS_PER_DAY));
}

/** Built-in number formats by id (ECMA-376 §18.8.30); locale date ids map to an ISO-like date. */
const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '$#,##0_);($#,##0)',
  6: '$#,##0_);[Red]($#,##0)',
  7: '$#,##0.00_);($#,##0.00)',
  8: '$#,##0.00_);[Red]($#,##0.00)',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};
for (const id of [27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]) BUILT_IN_FORMATS[id] = 'yyyy-mm-dd';
BUILT_IN_FORMATS[32] = 'h:mm';
BUILT_IN_FORMATS[33] = 'h:mm:ss';

/** The format code of a built-in number format id, or undefined when the id is not built in. */
export function builtInNumberFormat(id: number): string | undefined {
  return BUILT_IN_FORMATS[id];
}

const dateFormatCache = new Map<string, boolean>();

/**
 * True when a number format shows its number as a date or time (`d-mmm-yy`, `yyyy-mm-dd hh:mm`, `mmm yyyy`).
 * Quoted text, `[...]` colour/locale blocks, escaped characters and padding are ignored;
 * only the first section (positive numbers) is considered.
 */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  let cached = dateFormatCache.get(format);
  if (cached === undefined) {
    const firstSection = format
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, '')
      .replace(/[_*]./g, '')
      .split(';')[0];
    const stripped = firstSection.replace(/\[[^\]]*\]/g, '');
    // `[h]:mm` durations keep their brackets' meaning: still a time.
    const elapsed = /\[(h+|m+|s+)\]/i.test(firstSection);
    cached = elapsed || (!/^general$/i.test(stripped.trim()) && /[dmyhs]/i.test(stripped.replace(/E[+-]/g, '')));
    dateFormatCache.set(format, cached);
  }
  return cached;
}
