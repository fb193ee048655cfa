/**
 * Reading one text value as a number or a date, the way business files write them:
 * `$1,234.50`, `1.234,50 €`, `(500)`, `12%`, `03/04/2025`, `3 Apr 2025`, `März 2025`.
 * Pure functions; deciding a whole column's type is `column-types.ts`'s job.
 * @module tables/values
 */

/** A number read from text. `value` is the fraction for percents (`12%` → 0.12). */
export interface ParsedNumber {
  value: number;
  unit?: 'percent' | 'currency';
  /** ISO code of the currency shown, when a symbol or code was present: `USD`, `EUR`. */
  currency?: string;
}

const NO_VALUE = new Set(['', '-', '--', '---', '–', '—', '.', '..', '...', 'n/a', 'na', 'n.a.', 'n.a', '#n/a', 'null', 'none', 'nil', 'tbd', 'tba', '?']);

/** True for text that stands for "no value": blank, dashes, `n/a`, `NULL`, `TBD` … */
export function isNoValueText(text: string): boolean {
  const trimmed = text.trim();
  // "Na" written as a word (sodium's symbol, a name) is a value; "NA", "na", "N/A" are not
  if (trimmed === 'Na') return false;
  return trimmed.length <= NO_VALUE_LONGEST && NO_VALUE.has(trimmed.toLowerCase());
}

const NO_VALUE_LONGEST = Math.max(...[...NO_VALUE].map((text) => text.length));

/** ISO code for a currency symbol or code (`$` → `USD`, `€` → `EUR`, `CHF` → `CHF`); undefined when unknown. */
export function currencyCodeOf(token: string): string | undefined {
  const trimmed = token.trim();
  return CURRENCY_SYMBOLS[trimmed] ?? (CURRENCY_CODES.has(trimmed.toUpperCase()) ? trimmed.toUpperCase() : undefined);
}

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', 'US$': 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', 'Fr.': 'CHF', 'R$': 'BRL', 'A$': 'AUD', 'C$': 'CAD', kr: 'SEK' };
const CURRENCY_CODES = new Set('USD EUR GBP CHF JPY CNY INR CAD AUD NZD SEK NOK DKK PLN CZK HUF RON BGN TRY ZAR BRL MXN SGD HKD KRW RUB AED SAR ILS'.split(' '));
const CURRENCY_PATTERN = /^(US\$|R\$|A\$|C\$|Fr\.|kr|[$€£¥₹₩₽]|[A-Z]{3})\s*|\s*(US\$|R\$|A\$|C\$|Fr\.|kr|[$€£¥₹₩₽]|[A-Z]{3})$/;

/**
 * Scale words written after an amount of money (`$10.8 billion`, `US$ 3.2 million`, `$45K`,
 * `$5MM`, `₹100 crore`), as news, encyclopedias and finance write them. Only beside a currency:
 * without one, `5 m` is as likely metres and `93K` kelvin (`column-types.ts` reads plain scales).
 */
const MONEY_SCALES = new Map<string, number>([
  ['k', 1e3], ['thousand', 1e3], ['lakh', 1e5], ['lakhs', 1e5], ['m', 1e6], ['mm', 1e6], ['mn', 1e6], ['mil', 1e6],
  ['million', 1e6], ['millions', 1e6], ['crore', 1e7], ['crores', 1e7], ['b', 1e9], ['bn', 1e9], ['billion', 1e9],
  ['billions', 1e9], ['tn', 1e12], ['trillion', 1e12],
]);
const MONEY_SCALE = new RegExp(`^(.*\\d)\\s*(${[...MONEY_SCALES.keys()].join('|')})\\.?$`, 'i');

/** Fast paths: plain integers, and plain dot decimals when the file's separator is the dot. */
const QUICK_INTEGER = /^-?\d{1,15}$/;
const QUICK_DOT = /^-?\d{1,15}(?:\.\d{1,15})?$/;

/** Digits with optional grouping, one decimal separator at most, optional exponent. */
const PLAIN = /^(\d+)(?:([.,])(\d+))?(?:[eE][+-]?\d+)?$|^([.,])(\d+)$/;
const GROUPED = /^\d{1,3}(?:([,. '’])\d{3})+(?:([.,])\d+)?$/;

/**
 * Reads a number written as text, or returns null.
 * Understands thousands separators (`1,234.50`, `1.234,50`, `1 234,50`, `1'234.50`), currency
 * symbols and codes before or after (`$`, `€`, `£`, `EUR`, `USD`), negatives as `-5`, `(500)`,
 * `500-` and `−5` (marks of one negative: `-(25)` and `(-25)` are -25 too, as an accountant reads them), a leading `+`, and percents (`12%` → 0.12 with unit percent, `7.5 %`).
 * An amount of money may end in a scale word (`$10.8 billion` → 10,800,000,000 USD, `€450 million`,
 * `$1.2bn`: `MONEY_SCALES`); without a currency a scale word makes the text no number here.
 * A footnote mark after the digits is dropped (`1946*`, `3,476†`, `52[a]`); an open end (`1435+`, `6+`) is no number.
 * A whole number ending in a dot (`1.`, `12.`) is an ordinal as German and Nordic lists write places: its number.
 * Dashes, blanks and `n/a` read as null. Identifiers like `000827` read as numbers here;
 * keeping them as text is a column-level decision.
 * @param decimalSeparator the file's decimal separator; it settles `1,234` and `1.234`
 */
export function parseNumberText(text: string, decimalSeparator: '.' | ','): ParsedNumber | null {
  if ((decimalSeparator === '.' ? QUICK_DOT : QUICK_INTEGER).test(text)) {
    const value = Number(text);
    return { value: Object.is(value, -0) ? 0 : value };
  }
  // a footnote mark after the digits ("1946*", "3,476†", "52[a]") marks the number, it does not replace it (an open end,
  // "1435+" or a bucket "6+", is no number: it stays text)
  let rest = text.replace(/[\u00a0\u202f\u2009]/g, ' ').trim().replace(/(\d)\s*(\*{1,3}|[†‡§¶]{1,2}|\[[a-z0-9]{1,3}\])$/i, '$1');
  if (rest === '' || rest.length > 40 || isNoValueText(rest) || !/\d/.test(rest)) return null;
  // an ordinal written with a dot ("1.", "12." in a Rank or No. column, as German and Nordic lists write places) is its number
  if (/^\d{1,6}\.$/.test(rest)) return { value: Number(rest.slice(0, -1)) };
  let negative = false;
  let percent = false;
  let currency: string | undefined;
  for (let pass = 0; pass < 4; pass++) {
    const before = rest;
    // Parentheses and minus signs are marks of one negative, not negations of each other: `-(25)`, `(-25)` are -25.
    if (/^\(.*\)$/.test(rest)) {
      negative = true;
      rest = rest.slice(1, -1).trim();
    }
    if (/^[-−–+]/.test(rest) && !/^[-−–+][-−–+]/.test(rest)) {
      if (rest[0] !== '+') negative = true;
      rest = rest.slice(1).trim();
    } else if (/[^\d\s]-$/.test(rest) || /\d-$/.test(rest)) {
      negative = true;
      rest = rest.slice(0, -1).trim();
    }
    if (!percent && /%$/.test(rest)) {
      percent = true;
      rest = rest.slice(0, -1).trim();
    }
    const symbol = CURRENCY_PATTERN.exec(rest);
    if (symbol && currency === undefined) {
      const token = symbol[1] ?? symbol[2];
      const code = CURRENCY_SYMBOLS[token] ?? (CURRENCY_CODES.has(token) ? token : undefined);
      if (code === undefined) return null;
      currency = code;
      rest = rest.slice(0, symbol.index) + rest.slice(symbol.index + symbol[0].length);
      rest = rest.trim();
    }
    if (rest === before) break;
  }
  // An amount of money with a scale word after it (`$10.8 billion`, `€450 million`, `$1.2bn`): the currency says it is an amount, the word multiplies it.
  const scaled = currency !== undefined && !percent ? MONEY_SCALE.exec(rest) : null;
  if (scaled !== null) rest = scaled[1];
  const digits = normalizeDigits(rest, decimalSeparator);
  if (digits === null) return null;
  let value = percent ? (/[eE]/.test(digits) ? Number(digits) / 100 : Number(shiftDecimalLeft(digits, 2))) : Number(digits);
  if (scaled !== null) value = Number((value * (MONEY_SCALES.get(scaled[2].toLowerCase()) as number)).toPrecision(15));
  if (!Number.isFinite(value)) return null;
  if (negative) value = -value;
  if (Object.is(value, -0)) value = 0;
  const parsed: ParsedNumber = { value };
  if (percent) parsed.unit = 'percent';
  else if (currency) parsed.unit = 'currency';
  if (currency) parsed.currency = currency;
  return parsed;
}

/** `1.234,50` → `1234.50`; null when the text is not a well-formed unsigned number. */
function normalizeDigits(text: string, decimalSeparator: '.' | ','): string | null {
  const plain = PLAIN.exec(text);
  if (plain) {
    if (plain[4] !== undefined) return `0.${plain[5]}`;
    const [, whole, separator, fraction] = plain;
    if (separator === undefined) return text.replace(',', '.');
    // One separator: with three digits after it, it groups thousands unless it is the file's decimal separator.
    if (fraction.length === 3 && separator !== decimalSeparator) return `${whole}${fraction}${text.slice(plain[0].length)}`;
    return `${whole}.${fraction}${/[eE]/.test(text) ? text.slice(text.search(/[eE]/)) : ''}`;
  }
  const grouped = GROUPED.exec(text);
  if (grouped) {
    const [, group, decimal] = grouped;
    if (decimal !== undefined && decimal === group) return null;
    if (decimal === undefined && group === decimalSeparator && /^\d{1,3}[.,]\d{3}$/.test(text)) return text.replace(group, '.');
    const body = decimal === undefined ? text : text.slice(0, text.lastIndexOf(decimal));
    const fraction = decimal === undefined ? '' : `.${text.slice(text.lastIndexOf(decimal) + 1)}`;
    return body.split(group).join('') + fraction;
  }
  return null;
}

function shiftDecimalLeft(digits: string, places: number): string {
  const [whole, fraction = ''] = digits.split('.');
  const padded = whole.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}${fraction}`;
}

/**
 * A stopwatch time read as seconds: `1:03.49` → 63.49, `2:05:33.2` → 7533.2; null otherwise.
 * Race results write a time under a minute as plain seconds (`38.77`) and longer ones as
 * minutes and seconds, so a column of times mixes both and must be read in one unit to be
 * compared or subtracted. The fraction of a second is required: `20:15` or `14:05:33` may
 * be a time of day, which stays text; a time of day never carries hundredths.
 */
export function parseDurationText(text: string): number | null {
  const match = DURATION.exec(text);
  if (match === null) return null;
  const [, first, second, third, fraction] = match;
  const parts = third === undefined ? [Number(first), Number(second)] : [Number(first), Number(second), Number(third)];
  if (parts.slice(1).some((part) => part > 59)) return null;
  const whole = parts.reduce((total, part) => total * 60 + part, 0);
  return Number(`${whole}.${fraction}`);
}

/** `m:ss.f`, `h:mm:ss.f`: minutes or hours unbounded, later parts two digits, a fraction of a second after `.` or `,`. */
const DURATION = /^(\d{1,3}):(\d{2})(?::(\d{2}))?[.,](\d{1,3})$/;

/** A time written with colons and no fraction of a second, as `readClockText` reads it. */
export interface ClockText {
  /** The text read as a stopwatch time, in seconds: `4:05` → 245 (m:ss), `2:03:32` → 7412 (h:mm:ss). */
  seconds: number;
  /** 2 for `m:ss` (or a clock's `hh:mm`), 3 for `h:mm:ss`. */
  parts: 2 | 3;
  /** The first part as a number: minutes of `m:ss`, hours of `h:mm:ss` (or a clock's hour). */
  first: number;
  /** The last part as a number: seconds (or a clock's minutes of `hh:mm`). */
  last: number;
  /** The first part is written with a leading zero (`04:14:00`, `09:30`), as clocks write hours; `0:45` is not. */
  paddedFirst: boolean;
}

/**
 * Reads `m:ss` or `h:mm:ss` with no fraction of a second (`4:05`, `2:03:32`, `0:45`): the first
 * part one to three digits, later parts two digits below 60. Alone such a text may be a time of
 * day (`15:00`, `14:05:33`) as well as a stopwatch time, so `parseDurationText` reads none of
 * them and column typing decides from the whole column and its header (`column-types.ts`).
 * Scores and ratios (`2:1`, `16:9`, `1:100`) and anything else are null.
 */
export function readClockText(text: string): ClockText | null {
  const match = CLOCK_TEXT.exec(text);
  if (match === null) return null;
  const [, first, second, third] = match;
  const parts = third === undefined ? [Number(first), Number(second)] : [Number(first), Number(second), Number(third)];
  return {
    seconds: parts.reduce((total, part) => total * 60 + part, 0),
    parts: third === undefined ? 2 : 3,
    first: parts[0],
    last: parts[parts.length - 1],
    paddedFirst: first.length > 1 && first.startsWith('0'),
  };
}

/** `m:ss`, `h:mm:ss`: the first part up to three digits, later parts 00–59. */
const CLOCK_TEXT = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/;

/** A date read from text, with what the reading tells about the column. */
export interface ParsedDate {
  /** `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` when a time other than midnight was written. */
  date: string;
  /** Only a month was written (`2025-03`, `Mar 2025`): `date` is its first day. */
  monthOnly: boolean;
  /** The first two numbers of an all-numeric date such as `03/04/2025`, for deciding day/month order. */
  numericParts?: [number, number];
  /** The text was year-first (`2025-03-04`, `2025/03/04`). */
  yearFirst: boolean;
}

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  'january jan januar janv janvier enero ene januari gennaio gen',
  'february feb februar fevr fevrier febrero februari febbraio',
  'march mar marz maerz mrz mars marzo maart mrt',
  'april apr avril avr abril aprile',
  'may mai mayo mei maggio mag',
  'june jun juni juin junio giugno giu',
  'july jul juli juil juillet julio luglio lug',
  'august aug ao aout agosto ago augustus',
  'september sep sept septembre septiembre settembre set',
  'october oct okt oktober octobre octubre ottobre ott',
  'november nov novembre noviembre',
  'december dec dez dezember decembre diciembre dic dicembre',
];
MONTH_NAMES.forEach((names, index) => names.split(' ').forEach((name) => (MONTHS[name] = index + 1)));

function monthNumber(name: string): number | undefined {
  return MONTHS[name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\.$/, '')];
}

const TIME = '(?:[ T](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?';
const ISO = new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2})${TIME}$`);
const YEAR_FIRST = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/;
const NUMERIC = new RegExp(`^(\\d{1,2})([/.-])(\\d{1,2})\\2(\\d{4}|\\d{2})${TIME}$`);
const DAY_NAMED = /^(\d{1,2})(?:st|nd|rd|th)?\.?[\s-]*([A-Za-zÀ-ÿ]{3,10})\.?[\s,-]*(\d{4}|\d{2})$/;
const NAMED_DAY = /^([A-Za-zÀ-ÿ]{3,10})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/;
const NAMED_MONTH = /^([A-Za-zÀ-ÿ]{3,10})\.?[\s,/-]+(\d{4})$/;
const YEAR_MONTH = /^(\d{4})[-/.](\d{1,2})$/;
const MONTH_YEAR = /^(\d{1,2})[/.](\d{4})$/;

/**
 * Reads a date written as text in any of the formats `parseDateText` knows, with details
 * (month-only, numeric day/month parts) that column typing uses.
 */
export function readDateText(text: string, order: 'dmy' | 'mdy' | 'ymd'): ParsedDate | null {
  // a footnote mark after the year ("11/26/1985*", "May 3, 2001†", "2004-06-01[a]") marks the date, as it does a number
  const value = text.trim().replace(/(\d)\s*(\*{1,3}|[†‡§¶]{1,2}|\[[a-z0-9]{1,3}\])$/i, '$1');
  if (value.length < 6 || value.length > 40 || !/\d/.test(value)) return null;
  let match = ISO.exec(value);
  if (match) return build(+match[1], +match[2], +match[3], false, true, match.slice(4, 7));
  if ((match = YEAR_FIRST.exec(value))) return build(+match[1], +match[2], +match[3], false, true);
  if ((match = NUMERIC.exec(value))) {
    if (order === 'ymd') return null;
    const first = +match[1];
    const second = +match[3];
    const [day, month] = order === 'dmy' ? [first, second] : [second, first];
    const parsed = build(fullYear(match[4]), month, day, false, false, match.slice(5, 8));
    if (parsed) parsed.numericParts = [first, second];
    return parsed;
  }
  if ((match = DAY_NAMED.exec(value))) {
    const month = monthNumber(match[2]);
    return month ? build(fullYear(match[3]), month, +match[1], false, false) : null;
  }
  if ((match = NAMED_DAY.exec(value))) {
    const month = monthNumber(match[1]);
    return month ? build(+match[3], month, +match[2], false, false) : null;
  }
  if ((match = NAMED_MONTH.exec(value))) {
    const month = monthNumber(match[1]);
    return month ? build(+match[2], month, 1, true, false) : null;
  }
  if ((match = YEAR_MONTH.exec(value))) return build(+match[1], +match[2], 1, true, true);
  if ((match = MONTH_YEAR.exec(value))) return build(+match[2], +match[1], 1, true, false);
  return null;
}

/**
 * Reads a date written as text, or returns null.
 * Formats: `YYYY-MM-DD` (time optional), `YYYY/MM/DD`, `DD/MM/YYYY`, `D.M.YYYY`, `DD-MM-YY`
 * (day/month order from `order`), `D Mon YYYY`, `3-Apr-25`, `Mon D, YYYY`, `Month YYYY` and
 * `Mon YYYY`, `YYYY-MM`, `MM/YYYY` (the last four → first of the month). Month names in
 * English, German, French, Spanish, Italian and Dutch. A footnote mark after the date (`*`, `†`,
 * `[a]`) is dropped.
 * @param order how to read all-numeric dates; `ymd` reads only year-first ones
 * @returns `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` when a time other than midnight is written
 */
export function parseDateText(text: string, order: 'dmy' | 'mdy' | 'ymd'): string | null {
  return readDateText(text, order)?.date ?? null;
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

function build(year: number, month: number, day: number, monthOnly: boolean, yearFirst: boolean, time: string[] = []): ParsedDate | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const [hours = '0', minutes = '0', seconds = '0'] = time.map((part) => part ?? '0');
  if (+hours > 23 || +minutes > 59 || +seconds > 59) return null;
  let date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  if (+hours || +minutes || +seconds) date += `T${pad(+hours)}:${pad(+minutes)}:${pad(+seconds)}`;
  return { date, monthOnly, yearFirst };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
