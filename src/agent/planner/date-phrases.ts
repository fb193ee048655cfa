/**
 * Finds date phrases in a question and turns them into date ranges: a month and year
 * ("February 2025", "2025-03"), a day or months with no year ("after November 15th", "between
 * June and August", resolved against a table's data), a quarter ("Q3 2024", "last quarter of 2024"), a half ("H1",
 * "first half of 2025"), a year ("2024", "full year 2024", "FY24"), a range ("between
 * 2025-01-01 and 2025-03-31") and relative periods ("last month", "this year", needing `today`).
 * @module agent/planner/date-phrases
 */
import { wordTable } from './word-table.js';

/** A date phrase found in the folded question. Ranges are `[from, to)`: `to` is exclusive. */
export interface DatePhrase {
  /** Character span in the folded question, end exclusive. */
  start: number;
  end: number;
  text: string;
  kind: 'range' | 'day' | 'month' | 'quarter' | 'half' | 'year';
  /** First day in range, `YYYY-MM-DD`; absent for an open start or when the year is unknown. */
  from?: string;
  /** Day after the range, `YYYY-MM-DD`; absent for an open end or when the year is unknown. */
  to?: string;
  /** Set when the phrase named no year ("in Q2", "in March"): resolved against a table's data. */
  partial?: {
    month?: number;
    quarter?: number;
    half?: number;
    /** "after November 15th", "between June and August" (no year): first day kept, `[month, day]`. */
    fromDay?: [number, number];
    /** Day after the last one kept, `[month, day]`; a month of 13 is the next January. */
    toDay?: [number, number];
  };
  /** Set when the phrase is a date that cannot be read with confidence (`03/04/2025`): why. */
  unreadable?: string;
}

const MONTHS: [string, number][] = [
  ['january', 1], ['januar', 1], ['janvier', 1], ['enero', 1], ['jan', 1], ['jaenner', 1], ['janner', 1],
  ['february', 2], ['februar', 2], ['fevrier', 2], ['febrero', 2], ['feb', 2],
  ['march', 3], ['marz', 3], ['maerz', 3], ['mars', 3], ['marzo', 3], ['mrz', 3], ['mar', 3],
  ['april', 4], ['avril', 4], ['abril', 4], ['apr', 4],
  ['may', 5], ['mai', 5], ['mayo', 5],
  ['june', 6], ['juni', 6], ['juin', 6], ['junio', 6], ['jun', 6],
  ['july', 7], ['juli', 7], ['juillet', 7], ['julio', 7], ['jul', 7],
  ['august', 8], ['aout', 8], ['agosto', 8], ['aug', 8],
  ['september', 9], ['septembre', 9], ['septiembre', 9], ['sept', 9], ['sep', 9],
  ['october', 10], ['oktober', 10], ['octobre', 10], ['octubre', 10], ['oct', 10], ['okt', 10],
  ['november', 11], ['novembre', 11], ['noviembre', 11], ['nov', 11],
  ['december', 12], ['dezember', 12], ['decembre', 12], ['diciembre', 12], ['dec', 12], ['dez', 12],
];
const MONTH_OF = new Map(MONTHS);
const MON = `(?:${MONTHS.map(([name]) => name).join('|')})`;
const ORDINAL: Record<string, number> = wordTable({ first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4, final: 4 });

/** More abbreviations seen in column headers only (too ambiguous to look for in questions). */
const HEADER_MONTHS: [string, number][] = [
  ['janv', 1], ['ene', 1], ['gen', 1], ['gennaio', 1], ['januari', 1], ['sty', 1], ['fevr', 2], ['fev', 2], ['febbraio', 2], ['februari', 2], ['lut', 2],
  ['maart', 3], ['marzec', 3], ['avr', 4], ['abr', 4], ['aprile', 4], ['kwi', 4], ['maggio', 5], ['mag', 5], ['mei', 5], ['maj', 5],
  ['giugno', 6], ['giu', 6], ['cze', 6], ['juil', 7], ['luglio', 7], ['lug', 7], ['lip', 7], ['ago', 8], ['augustus', 8], ['sie', 8],
  ['settembre', 9], ['set', 9], ['wrz', 9], ['ottobre', 10], ['ott', 10], ['paz', 10], ['lis', 11], ['dic', 12], ['dicembre', 12], ['gru', 12],
];
const HEADER_MONTH_OF = new Map([...MONTHS, ...HEADER_MONTHS]);

/** Month number of a month name or abbreviation (folded), e.g. `mar` → 3, `dezember` → 12. */
export function monthNumber(name: string): number | undefined {
  return MONTH_OF.get(name.replace(/\.$/, ''));
}

/** Month number of a column header's month word, accepting more abbreviations (`janv`, `gen`, `mag`). */
export function headerMonthNumber(name: string): number | undefined {
  return HEADER_MONTH_OF.get(name.replace(/\.$/, ''));
}

/** `YYYY-MM-DD` of a year, month (1-based) and day; months past 12 roll into the next year. */
export function isoDate(year: number, month: number, day = 1): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

/** Range of whole months `[first, last]` (1-based) in `year`. */
export function monthsRange(year: number, first: number, last: number): { from: string; to: string } {
  return { from: isoDate(year, first), to: isoDate(year, last + 1) };
}

const DAY_DATE = `(?:\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}[./]\\d{1,2}[./]\\d{4}|(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MON}\\.?,?\\s+\\d{4}|${MON}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4})`;
const MONTH_DATE = `(?:${MON}\\.?,?\\s+(?:of\\s+)?\\d{4}|\\d{4}-\\d{1,2}|${MON})`;
const ANY_DATE = `(?:${DAY_DATE}|${MONTH_DATE})`;

/** Parses one date expression to `[from, to)`; `year` fills a missing year. Undefined when unreadable or ambiguous. */
function parseDateExpression(text: string, year?: number): { from: string; to: string } | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return day(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(t);
  if (m) {
    const [a, b] = [+m[1], +m[2]];
    if (a <= 12 && b <= 12 && a !== b) return undefined; // 03/04/2025: day-first or month-first? ambiguous
    return a > 12 ? day(+m[3], b, a) : b > 12 ? day(+m[3], a, b) : day(+m[3], b, a);
  }
  m = new RegExp(`^(?:the )?(\\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MON})\\.?,? (\\d{4})$`).exec(t);
  if (m) return day(+m[3], monthNumber(m[2]) as number, +m[1]);
  m = new RegExp(`^(${MON})\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})$`).exec(t);
  if (m) return day(+m[3], monthNumber(m[1]) as number, +m[2]);
  m = new RegExp(`^(${MON})\\.?,? (?:of )?(\\d{4})$`).exec(t);
  if (m) return monthsRange(+m[2], monthNumber(m[1]) as number, monthNumber(m[1]) as number);
  m = /^(\d{4})-(\d{1,2})$/.exec(t);
  if (m && +m[2] >= 1 && +m[2] <= 12) return monthsRange(+m[1], +m[2], +m[2]);
  m = new RegExp(`^(${MON})$`).exec(t);
  if (m && year !== undefined) return monthsRange(year, monthNumber(m[1]) as number, monthNumber(m[1]) as number);
  return undefined;

  function day(y: number, month: number, d: number): { from: string; to: string } | undefined {
    if (month < 1 || month > 12 || d < 1 || d > 31) return undefined;
    return { from: isoDate(y, month, d), to: isoDate(y, month, d + 1) };
  }
}

function yearOf(text: string): number | undefined {
  const m = /(\d{4})\s*$/.exec(text);
  return m ? +m[1] : undefined;
}

function fullYear(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 4) return +digits;
  if (digits.length === 2) return 2000 + +digits;
  return undefined;
}

type Finder = (match: RegExpExecArray, today: Date) => Omit<DatePhrase, 'start' | 'end' | 'text'> | undefined;

const DAY_OF_MONTH = `(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?(?![a-z0-9])`;
/** A month and day with no year after it: "november 15th", "15 november", "the 15th of november". */
const MONTH_DAY = `(?:(${MON})\\.?\\s+${DAY_OF_MONTH}|${DAY_OF_MONTH}\\s+(?:of\\s+)?(${MON})\\b)(?!\\s*,?\\s*(?:\\d|of\\s+\\d))`;

/** `[month, day]` of a MONTH_DAY match's groups (month first or day first). */
function monthDayOfGroups(monthFirst: string | undefined, dayAfter: string | undefined, dayFirst: string | undefined, monthAfter: string | undefined): [number, number] | undefined {
  const month = monthNumber(monthFirst ?? monthAfter ?? '');
  const day = Number(dayAfter ?? dayFirst);
  return month !== undefined && day >= 1 && day <= 31 ? [month, day] : undefined;
}

/** The day after `[month, day]` (31 rolls into the next month; days past a short month's end are the next month's). */
function nextDay([month, day]: [number, number]): [number, number] {
  return day >= 31 ? [month + 1, 1] : [month, day + 1];
}

/** A year of a phrase of open years: 1500 to 2099, not the start of a date ("1979-05"). */
const OPEN_YEAR = String.raw`((?:1[5-9]|20)\d{2})\b(?![-/.,]\d)`;

const FINDERS: [RegExp, Finder][] = [
  // "in the year after 1995", "the season before 2001": one year next to the one named (1996? the next one listed?), never
  // every year after it: unreadable, so the question declines rather than add up an open range
  [new RegExp(String.raw`\b(?:the|a)\s+(?:year|season)\s+(after|before|following|prior to|previous to)\s+(?:the\s+(?:year\s+)?)?${OPEN_YEAR}`, 'g'), (m) =>
    ({ kind: 'range', unreadable: `'${m[0]}' names one year next to ${m[2]}, not every year ${['after', 'following'].includes(m[1]) ? 'after' : 'before'} it: say the year` })],
  // "in or after 1985", "on or before 1990": the year itself kept, with the years after (before) it
  [new RegExp(String.raw`\b(?:in|on|during)\s+or\s+(after|later than|since|before|earlier than|prior to)\s+(?:the\s+(?:year\s+)?)?${OPEN_YEAR}`, 'g'), (m) => {
    const y = +m[2];
    return ['after', 'later than', 'since'].includes(m[1]) ? { kind: 'range', from: isoDate(y, 1) } : { kind: 'range', to: isoDate(y + 1, 1) };
  }],
  // "1985 or later", "1990 or earlier"
  [new RegExp(String.raw`\b${OPEN_YEAR}\s+or\s+(later|after|afterwards|since|earlier|before|prior)\b`, 'g'), (m) => {
    const y = +m[1];
    return ['later', 'after', 'afterwards', 'since'].includes(m[2]) ? { kind: 'range', from: isoDate(y, 1) } : { kind: 'range', to: isoDate(y + 1, 1) };
  }],
  // "from 1979 onwards", "1979 onward", "from 1979 on" closing the question or a clause: that year and every one after
  // it ("released in 1977 on Epic" is a label, not this)
  [new RegExp(String.raw`\b(?:from\s+)?${OPEN_YEAR}\s+onwards?\b|\bfrom\s+${OPEN_YEAR}\s+on\b(?=\s*(?:[,.?!;]|$|and\b|but\b))`, 'g'), (m) => ({ kind: 'range', from: isoDate(+(m[1] ?? m[2]), 1) })],
  // "released by 1979", "the population by 2010": no later than that year, or the level as of that year; not read
  [new RegExp(String.raw`\bby\s+(?:the\s+end\s+of\s+)?(?:the\s+year\s+)?${OPEN_YEAR}(?!\s*(?:dollars|prices|values|figures|numbers|population|census|standards))`, 'g'), (m) => ({ kind: 'range', unreadable: `'${m[0]}' may mean every year up to ${m[1]} or the state as of ${m[1]}: say "in ${m[1]}" or "up to ${m[1]}"` })],
  // "the 1990s", "the 1960's": the ten years of a decade; "the 1900s" may also be the century
  [/\b((?:1\d|20)\d0)'?s\b/g, (m) => {
    const y = +m[1];
    if (y % 100 === 0) return { kind: 'range', unreadable: `'${m[0]}' may be the decade from ${y} or the century` };
    return { kind: 'range', from: isoDate(y, 1), to: isoDate(y + 10, 1) };
  }],
  // "after november 15th", "before march 3", "on the 4th of july": a day of a year the question does not name
  [new RegExp(`\\b(since|after|from|before|until|till|through|prior to|up to|on)\\s+${MONTH_DAY}`, 'g'), (m) => {
    const day = monthDayOfGroups(m[2], m[3], m[4], m[5]);
    if (!day) return undefined;
    if (m[1] === 'since' || m[1] === 'from') return { kind: 'range', partial: { fromDay: day } };
    if (m[1] === 'after') return { kind: 'range', partial: { fromDay: nextDay(day) } };
    if (m[1] === 'before' || m[1] === 'prior to') return { kind: 'range', partial: { toDay: day } };
    if (m[1] === 'on') return { kind: 'day', partial: { fromDay: day, toDay: nextDay(day) } };
    return { kind: 'range', partial: { toDay: nextDay(day) } };
  }],
  // "the october 7th game", "the 4th of july match": a day of a year the question does not name, said of one game
  [new RegExp(`\\bthe\\s+${MONTH_DAY}\\s+(?=(?:game|match|fixture|contest)\\b)`, 'g'), (m) => {
    const day = monthDayOfGroups(m[1], m[2], m[3], m[4]);
    return day ? { kind: 'day', partial: { fromDay: day, toDay: nextDay(day) } } : undefined;
  }],
  // "between june and august", "from march to may": whole months of a year the question does not name
  [new RegExp(`\\b(?:between|from)\\s+(${MON})\\s+(?:and|to|until|till|through|thru|-)\\s+(${MON})\\b(?!\\s*,?\\s*\\d)`, 'g'), (m) => {
    const first = monthNumber(m[1]) as number;
    const last = monthNumber(m[2]) as number;
    return last >= first ? { kind: 'range', partial: { fromDay: [first, 1], toDay: [last + 1, 1] } } : undefined;
  }],
  [/\b(?:(?:between|from)\s+)?((?:19|20)\d{2})\s*(?:and|to|until|through|thru|-|–)\s*((?:19|20)\d{2})\b/g, (m) =>
    +m[2] >= +m[1] ? { kind: 'range', from: isoDate(+m[1], 1), to: isoDate(+m[2] + 1, 1) } : undefined],
  // "between 1880 and 1910", "from 1893 until 2014": older years only after "between" or "from"
  [/\b(?:between|from)\s+(1[5-9]\d{2})\s*(?:and|to|until|through|thru|-|–)\s*((?:1[5-9]|20)\d{2})\b/g, (m) =>
    +m[2] >= +m[1] ? { kind: 'range', from: isoDate(+m[1], 1), to: isoDate(+m[2] + 1, 1) } : undefined],
  [new RegExp(`\\b(?:between|from)\\s+(${ANY_DATE})\\s+(?:and|to|until|till|through|thru|-)\\s+(${ANY_DATE})\\b`, 'g'), (m) => {
    const second = parseDateExpression(m[2]);
    const first = parseDateExpression(m[1], yearOf(m[2]));
    if (!first || !second) return undefined;
    return { kind: 'range', from: first.from, to: second.to };
  }],
  [new RegExp(`\\b(since|after|from|before|until|till|through|up to)\\s+(${ANY_DATE})\\b`, 'g'), (m) => {
    const range = parseDateExpression(m[2]);
    if (!range) return undefined;
    if (m[1] === 'since' || m[1] === 'from') return { kind: 'range', from: range.from };
    if (m[1] === 'after') return { kind: 'range', from: range.to };
    if (m[1] === 'before') return { kind: 'range', to: range.from };
    return { kind: 'range', to: range.to };
  }],
  // "before 2007", "after 1990", "since 2010", "before the year 2011", "before the 2007 season", "previous to 1990": open ranges of whole years
  // … and older years ("before 1898", "after the year 1600": a lighthouse established, a composer born)
  [/\b(since|after|before|until|till|up to|through|thru|prior to|previous to|earlier than|later than)\s+(?:the\s+(?:year\s+)?)?((?:1[5-9]|20)\d{2})\b(?![-/.,]\d)(?:\s+season\b)?/g, (m) => {
    const y = +m[2];
    if (m[1] === 'since') return { kind: 'range', from: isoDate(y, 1) };
    if (m[1] === 'after' || m[1] === 'later than') return { kind: 'range', from: isoDate(y + 1, 1) };
    if (m[1] === 'before' || m[1] === 'prior to' || m[1] === 'previous to' || m[1] === 'earlier than') return { kind: 'range', to: isoDate(y, 1) };
    return { kind: 'range', to: isoDate(y + 1, 1) };
  }],
  [/\b(\d{4})\s*[-/ ]?\s*q([1-4])\b/g, (m) => quarter(+m[2], +m[1])],
  [/\b(?:q([1-4])|([1-4])q)(?:\s*(?:of\s+)?(?:fy\s*)?('\d{2}\b|\d{4}))?\b/g, (m) => quarter(+(m[1] ?? m[2]), fullYear(m[3]))],
  [/\b(first|second|third|fourth|1st|2nd|3rd|4th|final|last)\s+quarter(?:\s+(?:of\s+)?(?:the\s+year\s+)?(?:fy\s*)?(\d{4}))?/g, (m, today) => {
    if (m[2] !== undefined) return quarter(ORDINAL[m[1]], +m[2]);
    if (m[1] === 'last') return relativeQuarter(today, -1);
    return quarter(ORDINAL[m[1]], undefined);
  }],
  [/\b(\d{4})\s*[-/ ]?\s*h([12])\b/g, (m) => half(+m[2], +m[1])],
  [/\bh([12])(?:\s*(?:of\s+)?(?:fy\s*)?('\d{2}\b|\d{4}))?\b/g, (m) => half(+m[1], fullYear(m[2]))],
  [/\b(first|second|1st|2nd|last)\s+half(?:\s+(?:of\s+)?(?:the\s+year\s+)?(?:fy\s*)?(\d{4}))?/g, (m) => half(m[1] === 'first' || m[1] === '1st' ? 1 : 2, m[2] === undefined ? undefined : +m[2])],
  [new RegExp(`\\b(?:on\\s+)?(${DAY_DATE})\\b`, 'g'), (m) => {
    const range = parseDateExpression(m[1]);
    if (range) return { kind: 'day', ...range };
    return /^\d{1,2}[./]\d{1,2}[./]\d{4}$/.test(m[1]) ? { kind: 'day', unreadable: `'${m[1]}' could be day-first or month-first` } : undefined;
  }],
  [new RegExp(`\\b(${MON})\\.?,?(?:\\s+|\\s*[-/]\\s*)(?:of\\s+)?(\\d{4})\\b`, 'g'), (m) => month(monthNumber(m[1]) as number, +m[2])],
  [/\b(\d{4})-(\d{1,2})\b(?!-\d)/g, (m) => (+m[2] >= 1 && +m[2] <= 12 ? month(+m[2], +m[1]) : undefined)],
  [/\b(\d{1,2})\/(\d{4})\b/g, (m) => (+m[1] >= 1 && +m[1] <= 12 ? month(+m[1], +m[2]) : undefined)],
  [new RegExp(`\\b(?:in|during|for|of|since|until|by)\\s+(${MON})\\b(?!\\s*\\d)`, 'g'), (m) => ({ kind: 'month', partial: { month: monthNumber(m[1]) as number } })],
  // "revenue last year"; never "the last year in which …", "what was the last year …", "what was last year they made
  // the playoffs" (a clause with its own subject follows): an ordinal over the rows' years
  [/(?<!\bthe\s+)\b(last|previous|past|prior|this|current)\s+(month|quarter|year)\b(?!\s+(?:they|he|she|we|you)\b)/g, (m, today) => {
    const offset = m[1] === 'this' || m[1] === 'current' ? 0 : -1;
    if (m[2] === 'quarter') return relativeQuarter(today, offset);
    if (m[2] === 'month') {
      const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
      return month(first.getUTCMonth() + 1, first.getUTCFullYear());
    }
    return year(today.getUTCFullYear() + offset);
  }],
  [/\b(?:ytd|year[ -]to[ -]date)\b/g, (_m, today) => ({ kind: 'range', from: isoDate(today.getUTCFullYear(), 1), to: isoDate(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate() + 1) })],
  [/\b(?:(?:the\s+)?(?:full|whole|entire|fiscal|calendar|financial)\s+)?(?:year\s+)?(?:fy\s*)?((?:19|20)\d{2})\b/g, (m) => year(+m[1])],
  // "in 1882", "during the year 1600": an older year only after "in", "during" or "the year" ("1500 m" is a race)
  [/\b(?:in|during|the\s+year)\s+(?:the\s+year\s+)?(1[5-8]\d{2})\b(?![-/.,]\d)(?!\s*(?:m|km|cc|metres?|meters?|ft|feet|yards?|points|pts)\b)/g, (m) => year(+m[1])],
  [/\bfy\s*'?(\d{2})\b/g, (m) => year(2000 + +m[1])],
];

function quarter(q: number, y: number | undefined): Omit<DatePhrase, 'start' | 'end' | 'text'> {
  if (y === undefined) return { kind: 'quarter', partial: { quarter: q } };
  return { kind: 'quarter', ...monthsRange(y, q * 3 - 2, q * 3) };
}

function half(h: number, y: number | undefined): Omit<DatePhrase, 'start' | 'end' | 'text'> {
  if (y === undefined) return { kind: 'half', partial: { half: h } };
  return { kind: 'half', ...monthsRange(y, h * 6 - 5, h * 6) };
}

function month(m: number, y: number): Omit<DatePhrase, 'start' | 'end' | 'text'> {
  return { kind: 'month', ...monthsRange(y, m, m) };
}

function year(y: number): Omit<DatePhrase, 'start' | 'end' | 'text'> {
  return { kind: 'year', ...monthsRange(y, 1, 12) };
}

function relativeQuarter(today: Date, offset: number): Omit<DatePhrase, 'start' | 'end' | 'text'> {
  const index = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3) + offset;
  return quarter((index % 4) + 1, Math.floor(index / 4));
}

/**
 * Date phrases of a folded question, in order, not overlapping (earlier finders win).
 * @param today reference for relative phrases ("last month"); UTC date parts are used
 */
export function findDatePhrases(folded: string, today: Date): DatePhrase[] {
  const found: DatePhrase[] = [];
  for (const [pattern, finder] of FINDERS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(folded); m !== null; m = pattern.exec(folded)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((phrase) => start < phrase.end && end > phrase.start)) continue;
      const result = finder(m, today);
      if (result) found.push({ start, end, text: m[0], ...result });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Completes a partial phrase with a year: "Q2" + 2025 → 2025-04-01 … 2025-07-01. */
export function resolvePartial(phrase: DatePhrase, y: number): { from: string; to: string } | undefined {
  const partial = phrase.partial;
  if (!partial) return phrase.from !== undefined || phrase.to !== undefined ? { from: phrase.from ?? '0001-01-01', to: phrase.to ?? '9999-12-31' } : undefined;
  if (partial.month !== undefined) return monthsRange(y, partial.month, partial.month);
  if (partial.quarter !== undefined) return monthsRange(y, partial.quarter * 3 - 2, partial.quarter * 3);
  if (partial.half !== undefined) return monthsRange(y, partial.half * 6 - 5, partial.half * 6);
  if (partial.fromDay !== undefined || partial.toDay !== undefined) {
    return { from: isoDate(y, ...(partial.fromDay ?? [1, 1])), to: isoDate(y, ...(partial.toDay ?? [13, 1])) };
  }
  return undefined;
}
