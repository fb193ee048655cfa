/**
 * Numeric conditions written in words: "over 1,000", "at least 5", "2 or less", "between 10
 * and 20", "a rating of 5". Found on the folded question before operation words are read, so
 * "at most" is a condition, not a superlative.
 * @module agent/planner/find-comparisons
 */
import type { ParsedQuestion } from './parse-question.js';
import { wordTable } from './word-table.js';

/** A numeric condition found in the question. */
/** How an explanation writes each operator of a condition on a column ("Points over 5", "Years at least 2"). */
export const OPERATOR_WORDS: Record<Comparison['operator'], string> = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most', '=': '=' };

export interface Comparison {
  operator: '>' | '>=' | '<' | '<=' | '=';
  value: number;
  /** A second bound for BETWEEN. */
  upper?: number;
  /** The value was written with `%`. */
  percent: boolean;
  /** The value was written with a currency sign. */
  money: boolean;
  /** "rating of 5": only a condition when a measure is named right before; its tokens are not consumed. */
  weak: boolean;
  /** "had 5 wins": a weak condition whose measure must follow the number ("season had 5" names no Season of 5). */
  measureAfter?: boolean;
  /** The scale word the value was multiplied by ("3 million": 1e6), to undo for a column counted in millions. */
  scale?: number;
  /** "5 titles at least": the token of the word between the number and a bound written after it, which names what is compared. */
  unitAt?: number;
  /** Tokens of the whole phrase; `numberAt` is the first number's token. */
  tokens: number[];
  numberAt: number;
  /**
   * The value is a length of time in seconds: a stopwatch time ("under 5:00.00", "1:10") or a
   * number with a unit of time ("43 seconds", "2 hours", "2 hours 10 minutes": `unit` is the first,
   * largest one). `clock` keeps how many parts a stopwatch time had and whether it had a fraction:
   * "1:10" may be minutes:seconds or hours:minutes.
   */
  duration?: { clock?: { parts: number; fraction: boolean }; unit?: 'second' | 'minute' | 'hour' };
}

const NUMBER = String.raw`(?<![\w.\-/])([$€£]?)\s?(-?\d[\d,]*(?:\.\d+)?)(?![\w/-])\s?(%|percent\b)?`;
const BEFORE: [RegExp, Comparison['operator']][] = [
  // "more then 10", "more that 5000": "than" as it is often mistyped, a number right after
  // "not higher than 3,200 feet", "not less than 10": the negated comparison is the other bound, the number included
  [/\b(?:not|never)\s+(?:more th(?:an|en|at)|greater th(?:an|en|at)|higher th(?:an|en|at)|larger th(?:an|en|at)|bigger th(?:an|en|at)|taller th(?:an|en|at)|longer th(?:an|en|at)|over|above)$/, '<='],
  [/\b(?:not|never)\s+(?:less th(?:an|en|at)|fewer th(?:an|en|at)|lower th(?:an|en|at)|smaller th(?:an|en|at)|shorter th(?:an|en|at)|under|below)$/, '>='],
  [/\b(?:more th(?:an|en|at)|greater th(?:an|en|at)|higher th(?:an|en|at)|larger th(?:an|en|at)|bigger th(?:an|en|at)|taller th(?:an|en|at)|longer th(?:an|en|at)|over|above|exceeding|in excess of)$/, '>'],
  [/\b(?:at least|no less th(?:an|en|at)|minimum of|min\.?)$/, '>='],
  [/\b(?:less th(?:an|en|at)|fewer th(?:an|en|at)|lower th(?:an|en|at)|smaller th(?:an|en|at)|shorter th(?:an|en|at)|under|below)$/, '<'],
  [/\b(?:at most|no more th(?:an|en|at)|up to|maximum of|max\.?)$/, '<='],
  [/(?:>=|≥)$/, '>='], [/(?:<=|≤)$/, '<='], [/>$/, '>'], [/<$/, '<'], [/\b(?:exactly|equal to|equals|=)$/, '='],
];
/**
 * "a rating of 5", "with quantity 3", "had 5 wins", "only have 2 bids", "the total passengers was
 * 1,764,948": equality, only when a measure is named right before or after the number.
 */
const WEAK_BEFORE = /\b(?:of|with|(?:only\s+)?(?:have|has|had)(?:\s+only)?|was|were|is|are)$/;
const BARE_CONTEXT = /\b(?:with|having|where|whose|and)\s+(?:a\s+|an\s+|the\s+)?[a-z]+(?:\s+[a-z]+)?$/;
const AFTER: [RegExp, Comparison['operator']][] = [
  [/^\s*(?:or|and)\s+(?:more|higher|above|greater|over|up)\b|^\s*\+/, '>='],
  [/^\s*(?:or|and)\s+(?:less|fewer|lower|below|under)\b/, '<='],
  // "attended by 15,000 people at most" (never "at least once": a count of times)
  [/^\s*(?:[a-z]+\s+)?at\s+most\b(?!\s+(?:once|twice|one|two|three|\d))/, '<='],
  [/^\s*(?:[a-z]+\s+)?at\s+least\b(?!\s+(?:once|twice|one|two|three|\d))/, '>='],
];

/** Finds numeric conditions; their tokens are consumed so "at most" is not a superlative. */
export function findComparisons(parsed: ParsedQuestion): void {
  const text = parsed.folded;
  const dateSpans = parsed.dates.map((d) => [d.start, d.end]);
  const pattern = new RegExp(NUMBER, 'g');
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const start = m.index;
    let end = start + m[0].length;
    if (dateSpans.some(([a, b]) => start < b && end > a)) continue;
    // "under 5:00.00", "at least 43 seconds": a length of time, in seconds
    const clock = m[1] === '' && m[3] === undefined ? CLOCK.exec(text.slice(start)) : null;
    const timeUnit = clock ? null : TIME_UNIT_AFTER.exec(text.slice(end));
    if (clock) end = start + clock[0].length;
    // "fewer than 3 million": a scale word after the number multiplies it
    const scaled = clock || timeUnit ? null : SCALE_AFTER.exec(text.slice(end));
    // "under 2 hours 10 minutes": smaller units of time after the first add to it
    const later = timeUnit ? laterTimeUnits(text.slice(end + timeUnit[0].length), TIME_UNITS[timeUnit[1]]) : { seconds: 0, length: 0 };
    const value = clock ? clockSeconds(clock) : Number(m[2].replace(/,/g, '')) * (scaled ? SCALES[scaled[1]] : timeUnit ? TIME_UNITS[timeUnit[1]] : 1) + later.seconds;
    if (!Number.isFinite(value)) continue;
    const before = text.slice(0, start).replace(/\s+$/, '');
    const after = text.slice(end + (scaled ? scaled[0].length : 0));
    let operator: Comparison['operator'] | undefined;
    let phraseStart = start;
    let phraseEnd = end + (scaled ? scaled[0].length : timeUnit ? timeUnit[0].length + later.length : 0);
    let upper: number | undefined;
    let unitWord: string | undefined;
    const between = /\bbetween$/.exec(before);
    const range = new RegExp(String.raw`^\s*and\s+` + NUMBER).exec(after);
    if (between && range) {
      operator = '>=';
      upper = Number(range[2].replace(/,/g, ''));
      phraseStart = between.index;
      phraseEnd = end + range[0].length;
    } else {
      for (const [rule, op] of BEFORE) {
        const hit = rule.exec(before);
        if (hit) {
          operator = op;
          phraseStart = hit.index;
          break;
        }
      }
      if (!operator) {
        for (const [rule, op] of AFTER) {
          const hit = rule.exec(after);
          if (hit) {
            operator = op;
            phraseEnd += hit[0].length;
            // "5 titles at least": the word between the number and the bound names what is compared
            const unit = /^\s*([a-z]+)\s+at\s+(?:most|least)\b/.exec(hit[0]);
            if (unit) unitWord = unit[1];
            break;
          }
        }
      }
    }
    let weak = false;
    const weakWord = operator ? null : WEAK_BEFORE.exec(before);
    let measureAfter = false;
    // "the total passengers was 2 times that of 2004", "was 62 percent of …": a multiple or a share, no equality
    const linked = weakWord !== null && /\b(?:was|were|is|are)$/.test(weakWord[0]);
    if (linked && (m[3] !== undefined || /^\s*(?:times?|x|of|more|less|fewer|higher|lower|greater|smaller|as|than|percent|per)\b/.test(after))) continue;
    if (!operator && (weakWord || (BARE_CONTEXT.test(before) && !/^-?0\d/.test(m[2])))) {
      operator = '=';
      weak = true;
      if (weakWord) phraseStart = weakWord.index;
      measureAfter = weakWord !== null && /\b(?:have|has|had|only)$/.test(weakWord[0]);
    }
    if (!operator) continue;
    const tokens = parsed.tokens.filter((t) => t.start >= phraseStart && t.end <= phraseEnd).map((t) => t.index);
    const numberAt = parsed.tokens.find((t) => t.start >= start && /\d/.test(t.norm))?.index;
    if (numberAt === undefined) continue;
    if (!weak) tokens.forEach((t) => parsed.consumed.add(t));
    const unit: 'second' | 'minute' | 'hour' | undefined = timeUnit ? (TIME_UNITS[timeUnit[1]] === 1 ? 'second' : TIME_UNITS[timeUnit[1]] === 60 ? 'minute' : 'hour') : undefined;
    const duration = clock ? { duration: { clock: { parts: clock[3] !== undefined ? 3 : 2, fraction: clock[4] !== undefined } } } : unit ? { duration: { unit } } : {};
    if (upper !== undefined && (clock || timeUnit)) continue; // "between 1:05 and 1:10": not read
    const unitAt = unitWord === undefined ? undefined : tokens.find((t) => t > numberAt && parsed.tokens[t].norm === unitWord);
    parsed.comparisons.push({ operator, value, upper, percent: m[3] !== undefined, money: m[1] !== '', tokens, numberAt, weak, ...(measureAfter ? { measureAfter } : {}), ...(unitAt !== undefined ? { unitAt } : {}), ...(scaled ? { scale: SCALES[scaled[1]] } : {}), ...duration });
    pattern.lastIndex = phraseEnd;
  }
  findWordComparisons(parsed);
}

/** A stopwatch time: "5:00.00", "1:10", "2:05:33.2" (minutes:seconds, or hours:minutes:seconds with three parts). */
const CLOCK = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(\.\d+)?(?![\w:])/;
/** Seconds in a stopwatch time: m:ss(.f) or h:mm:ss(.f). */
function clockSeconds(clock: RegExpExecArray): number {
  const fraction = clock[4] ? Number(clock[4]) : 0;
  return clock[3] !== undefined ? Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]) + fraction : Number(clock[1]) * 60 + Number(clock[2]) + fraction;
}
/** Units of time after a number, in seconds: "43 seconds", "2 hours". */
const TIME_UNITS: Record<string, number> = wordTable({ second: 1, seconds: 1, sec: 1, secs: 1, minute: 60, minutes: 60, min: 60, mins: 60, hour: 3600, hours: 3600, hr: 3600, hrs: 3600 });
const TIME_UNIT_AFTER = /^\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/;
/** A further number of a smaller unit of time: " 10 minutes", ", 5 seconds", " and 30 seconds". */
const LATER_TIME_UNIT = /^\s*,?\s*(?:and\s+)?(\d{1,2}(?:\.\d+)?)\s*(seconds?|secs?|minutes?|mins?)\b/;

/**
 * The smaller units of time written after a first one ("2 hours| 10 minutes", "1 minute| and 5
 * seconds"), each smaller than the one before: their seconds and the length of text they take.
 * @param after the text after the first number's unit
 * @param unitSeconds seconds in that first unit (3600 for hours)
 */
function laterTimeUnits(after: string, unitSeconds: number): { seconds: number; length: number } {
  let seconds = 0;
  let length = 0;
  let previous = unitSeconds;
  for (let match = LATER_TIME_UNIT.exec(after); match !== null; match = LATER_TIME_UNIT.exec(after.slice(length))) {
    const unit = TIME_UNITS[match[2]];
    if (unit >= previous) break;
    seconds += Number(match[1]) * unit;
    length += match[0].length;
    previous = unit;
  }
  return { seconds, length };
}

/** Scale words after a number: "3 million passengers", "one million". */
const SCALES: Record<string, number> = wordTable({ thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 });
const SCALE_AFTER = /^\s*(thousand|million|billion|trillion)\b/;

/** Small numbers written as words after a comparison: "at least one gold medal", "more than two goals", "more than once". */
const NUMBER_WORDS: Record<string, number> = wordTable({ one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, once: 1, twice: 2, thrice: 3 });
const WORD_NUMBER = /\b(one|two|three|four|five|six|seven|eight|nine|ten|once|twice|thrice)\b/g;

/**
 * "At least one", "more than two": the number word after a comparison's words is its value.
 * Only after the comparison words themselves (never "one of the", "a rating of two"), so a
 * number word elsewhere stays a word.
 */
function findWordComparisons(parsed: ParsedQuestion): void {
  const text = parsed.folded;
  for (let m = WORD_NUMBER.exec(text); m !== null; m = WORD_NUMBER.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (/^\s*of\b/.test(text.slice(end))) continue; // "at least one of the races": a part, not an amount
    const before = text.slice(0, start).replace(/\s+$/, '');
    const rule = BEFORE.find(([pattern]) => pattern.source.startsWith('\\b') && pattern.test(before));
    if (!rule) continue;
    const hit = rule[0].exec(before);
    if (!hit) continue;
    const scaled = SCALE_AFTER.exec(text.slice(end));
    const phraseEnd = end + (scaled ? scaled[0].length : 0);
    const tokens = parsed.tokens.filter((t) => t.start >= hit.index && t.end <= phraseEnd).map((t) => t.index);
    const numberAt = parsed.tokens.find((t) => t.start === start)?.index;
    if (numberAt === undefined || tokens.some((t) => parsed.consumed.has(t))) continue;
    tokens.forEach((t) => parsed.consumed.add(t));
    parsed.comparisons.push({ operator: rule[1], value: NUMBER_WORDS[m[1]] * (scaled ? SCALES[scaled[1]] : 1), percent: false, money: false, tokens, numberAt, weak: false, ...(scaled ? { scale: SCALES[scaled[1]] } : {}) });
  }
  WORD_NUMBER.lastIndex = 0;
}
