/**
 * Reads what a question asks, independent of any table: its tokens, date phrases, the
 * operation words (how many, total, average, highest, top 3), grouping keywords (by, per,
 * each, which), a share split ("what percentage of A were B"), a ratio ("X as a percentage
 * of Y") and an explicit weight ("weighted by responses").
 * @module agent/planner/parse-question
 */
import { MEASURE_UNITS } from './measure-units.js';
import { inOneGroup } from './best-of-groups.js';
import { findDatePhrases, type DatePhrase } from './date-phrases.js';
import { findComparisons, type Comparison } from './find-comparisons.js';
import { foldText, tokenize, type Token } from './normalize-text.js';
import type { MeasureAdjective } from './measure-adjectives.js';
import { wordTable } from './word-table.js';
import { DIFFERENCE_WORDS, findDifference, findMargin, findShareAndRatio, isDateToken, listedEnd, namedSpans, statementNoun, trendBetweenYears } from './question-clauses.js';

export type { Comparison };

/** A question taken apart. Token indexes refer to `tokens`. */
/** Possessives of a kind of people that open a column's name ("Men's singles", "Women's doubles"), never a name owning the rows. */
const PEOPLE_POSSESSIVES = new Set(['men', 'women', 'mens', 'womens', 'boys', 'girls', 'ladies', 'children', 'people', 'juniors', 'seniors']);

export interface ParsedQuestion {
  text: string;
  folded: string;
  tokens: Token[];
  dates: DatePhrase[];
  /** Token indexes inside each date phrase, parallel to `dates`. */
  dateTokens: number[][];
  /** "how many", "number of", "count": rows are counted unless a summable count column is named. */
  countWords: boolean;
  /** Token index right after "how many"/"number of". */
  countNounAt?: number;
  /** "total", "sum", "how much", "in total". */
  sumWords: boolean;
  /** "average", "avg", "mean". */
  averageWords: boolean;
  /** "highest", "most", "top" → desc; "lowest", "least", "bottom" → asc. */
  superlative?: 'desc' | 'asc';
  /** "top 3 …", "bottom 5 …". */
  topN?: number;
  /** Token indexes that start the phrase after a grouping keyword (by, per, each, every, which). */
  groupAt: { at: number; keyword: string }[];
  /** "what percentage of <base> were <part>": the first token of the part. */
  shareSplitAt?: number;
  /** "X as a percentage of Y": token ranges of X and Y (inclusive), scale 100 for percentages. */
  ratio?: { numerator: [number, number]; denominator: [number, number]; scale: number };
  /** Tokens naming an explicit weight ("weighted by number of responses", "revenue-weighted"). */
  weightTokens?: number[];
  /** "weighted" was said. */
  weighted: boolean;
  /** Numeric conditions ("over 1,000", "2 or less", "at least 5"), to attach to a column. */
  comparisons: Comparison[];
  /** The question asks "who …": answer with the rows' name column. */
  who: boolean;
  /** "fastest", "slowest": a superlative said of times (the fastest is the shortest time); asc for fastest. */
  timeSuperlative?: boolean;
  /** "monthly", "quarterly" …: grouped by that time bucket. */
  timeAdjective?: boolean;
  /** "how many more … than …": a difference between two answers. */
  comparative?: boolean;
  /** "was the score lower in 2010 or 2013": the token of a comparative without "than" over two named alternatives; `superlative` says which way. */
  choiceOfTwo?: number;
  /**
   * The difference asked and its sign: "how many more X did A have than B" (`first-minus-second`),
   * "how many fewer … than …" (`second-minus-first`), "the difference between A and B" (`absolute`).
   * Undefined for comparatives whose sign depends on the column ("older than", "earlier than").
   */
  difference?: 'first-minus-second' | 'second-minus-first' | 'absolute';
  /**
   * "the first four games", "the last 3 races": the rows in the table's own order, first or
   * last `count` of them; `nounAt` is the noun after the number (what the rows are).
   */
  rowWindow?: { end: 'first' | 'last'; count: number; nounAt: number };
  /** Tokens preceded by "not"/"non". */
  negated: Set<number>;
  /** For each negated token, the token of the negation word ("not", the "t" of "didn't") that governs it. */
  negationAt: Map<number, number>;
  /** "oldest", "longest" …: the superlative and the one column of its kind a table ranks by (set per table, `measure-adjectives.ts`). */
  measureAdjective?: MeasureAdjective;
  /** Tokens consumed by the phrases above (operation words, weight phrase, top N number). */
  consumed: Set<number>;
}

/** Words read as "the highest" (desc) or "the lowest" (asc); `superlative-values.ts` frees one that names a value. */
/** Words that ask for an average. */
export const AVERAGE_WORDS = new Set(['average', 'avg', 'mean', 'averages']);
export const SUPERLATIVE_DESC = new Set(['highest', 'most', 'max', 'maximum', 'largest', 'biggest', 'greatest', 'top', 'best', 'strongest', 'peak']);
export const SUPERLATIVE_ASC = new Set(['lowest', 'least', 'fewest', 'min', 'minimum', 'smallest', 'bottom', 'worst', 'weakest']);
const NUMBER_WORDS: Record<string, number> = wordTable({ one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 });
/** Comparatives that pick one of two alternatives by the size of an amount; never "better", "earlier", "older" (their way depends on the column). */
const CHOICE_COMPARATIVES: Record<string, 'asc' | 'desc'> = wordTable({
  more: 'desc', higher: 'desc', greater: 'desc', larger: 'desc', bigger: 'desc', longer: 'desc',
  less: 'asc', fewer: 'asc', lower: 'asc', smaller: 'asc', shorter: 'asc',
});
/** An ordinal as questions write a place: `10th`, `1st`, `tenth`. */
const PLACE_ORDINAL = /^(?:\d{1,3}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|twentieth)$/;
/** Superlatives said of race times: the fastest time is the smallest number of seconds. */
const TIME_SUPERLATIVES: Record<string, 'asc' | 'desc'> = wordTable({ fastest: 'asc', quickest: 'asc', slowest: 'desc' });
const COMPARATIVES = new Set(['more', 'less', 'fewer', 'higher', 'lower', 'bigger', 'smaller', 'larger', 'greater', 'better', 'worse', 'longer', 'shorter', 'taller', 'older', 'younger', 'earlier', 'later']);
const TIME_ADJECTIVES = new Set(['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annual', 'annually']);
/** Prepositions that open a relative clause before "which" ("years in which", "races during which"). */
const RELATIVE_PREPOSITIONS = new Set(['in', 'during', 'for', 'at', 'on']);
const GROUP_KEYWORDS = new Set(['by', 'per', 'each', 'every', 'which', 'what']);
/** Words that negate the value after them ("not", "never", "without", "other than"). */
const NEGATIONS = new Set(['not', 'non', 'never', 'cannot', 'without', 'except', 'excluding', 'excl', 'besides']);
/**
 * Words skipped between a negation and the value it governs: prepositions, articles, forms of
 * "be"/"do"/"have", "about" and verbs that only say a row came from or concerns something
 * ("did not come from Meta", "were not about Delivery"). A negation that still lands on no
 * value is declined by the planner (`unattachedNegation`), never dropped.
 */
const NEGATION_SKIP = new Set([
  'in', 'the', 'a', 'an', 'from', 'at', 'of', 'on', 'for', 'by', 'to', 'with', 'be', 'is', 'are', 'was', 'were', 'been', 'being',
  'do', 'does', 'did', 'have', 'has', 'had', 'about', 'regarding', 'concerning', 'concern', 'concerned', 'involve', 'involved',
  'come', 'comes', 'came', 'coming', 'originate', 'originated', 'go', 'goes', 'went', 'belong', 'belongs', 'belonged',
  'happen', 'happened', 'occur', 'occurred', 'get', 'got', 'located', 'based',
]);
/** "didn't", "isn't", "won't": the tokenizer splits them into "didn" + "t"; the "t" is the negation. */
function isContractedNot(words: string[], i: number): boolean {
  return words[i] === 't' && i > 0 && /n$/.test(words[i - 1]);
}
/** Forms of "take" in "take place" (happen). */
const TAKE_FORMS = new Set(['take', 'takes', 'took', 'taken', 'taking']);
/** Words before a second "number of" that still make it a count ("and the number of …", "than the total number of …"). */
const COUNT_DETERMINERS = new Set(
  ('the and than total average same greatest highest largest most lowest smallest least fewest combined overall their its his her what which many ' +
    'mean median maximum minimum max min exact actual approximate estimated cumulative entire shortest longest biggest top final net whole full ' +
    'official recorded reported expected given correct combined aggregate overall difference')
    .split(' '),
);

/** A season's token: two years a slash or dash apart, the second in full or by two digits ("2006/2007", "2006/07"). */
const SEASON_TOKEN = /^(1[89]|20)\d{2}[/-](\d{2}|(1[89]|20)\d{2})$/;

/**
 * Parses a question.
 * @param today reference date for relative phrases ("last quarter")
 * @param names folded file or table names ("top_accounts.csv"): where the question spells one
 *   out, its words are consumed as the name (no "top", no date), never read as question parts
 */

export function parseQuestion(question: string, today: Date, names: string[] = []): ParsedQuestion {
  // "dq'ed", "ko'd": an abbreviation made a verb is the abbreviation ("DQ")
  const folded = foldText(question).replace(/%/g, ' percent ').replace(/([a-z0-9])'(?:ed|d|ing)\b/g, '$1')
    // "did not win a gold medal", "didn't score any goals": the rows that won none, as "won no gold medals" says
    .replace(/\b(?:did|does|do)(?: not|n't) (win|score|earn|get|receive|collect|gain) (?:a|an|any) /g, '$1 no ')
    // "higher than 3,000m", "over 1.8m": a unit of length or mass joined to the number of a bound is a word of its own
    // (not a name such as the "100m" event, nor after a currency sign: "$5m" is millions)
    .replace(/\b(than|over|under|above|below|least|most|exceeding) (\d[\d,]*(?:\.\d+)?)(m|km|cm|mm|ft|mi|kg|lbs?|kw|hp)\b/g, '$1 $2 $3')
    // "what is the different in total between position 1 and position 3": "different" before "in" with "between … and" is "difference"
    .replace(/\bthe different (in|of)\b(?=.*\bbetween\b.+\band\b)/g, 'the difference $1');
  const tokens = tokenize(folded);
  const named = namedSpans(folded, names);
  const inNamed = (start: number, end: number): boolean => named.some(([from, to]) => start < to && end > from);
  // "the 2006/2007 season": a year inside a season's token is part of that season's name, no date of its own
  const inSeason = (start: number, end: number): boolean => tokens.some((t) => t.start <= start && t.end >= end && (t.start < start || t.end > end) && SEASON_TOKEN.test(t.norm));
  const dates = findDatePhrases(folded, today).filter((phrase) => !inNamed(phrase.start, phrase.end) && !inSeason(phrase.start, phrase.end));
  const dateTokens = dates.map((phrase) => tokens.filter((t) => t.start >= phrase.start && t.end <= phrase.end).map((t) => t.index));
  const words = tokens.map((t) => t.norm);
  const consumed = new Set<number>();
  const parsed: ParsedQuestion = {
    text: question, folded, tokens, dates, dateTokens,
    countWords: false, sumWords: false, averageWords: false, groupAt: [], weighted: false,
    negated: new Set(), negationAt: new Map(), consumed, comparisons: [], who: false,
  };
  for (const token of tokens) if (inNamed(token.start, token.end)) consumed.add(token.index);
  findComparisons(parsed);
  const at = (i: number): string => words[i] ?? '';

  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === 'weighted' || (word === 'weight' && at(i + 1) === 'by')) {
      parsed.weighted = true;
      consumed.add(i);
      if (at(i + 1) === 'by') {
        consumed.add(i + 1);
        let j = i + 2;
        while (['the', 'number', 'of', 'count', 'total', 'their', 'its'].includes(at(j))) consumed.add(j++);
        const weight: number[] = [];
        while (j < words.length && weight.length < 3 && !['in', 'for', 'across', 'during', 'and', 'of', 'on', 'from', 'over'].includes(at(j)) && !isDateToken(parsed, j)) weight.push(j++);
        parsed.weightTokens = weight;
      } else if (i > 0 && folded.slice(tokens[i - 1].end, tokens[i].start) === '-') {
        parsed.weightTokens = [i - 1];
      }
    }
  }

  const weightTokens = new Set(parsed.weightTokens ?? []);
  /** The count written right before a superlative ("the 4 highest"): 2 or more, as digits or a word. */
  const countBefore = (i: number): number | undefined => {
    const n = /^\d+$/.test(at(i - 1)) ? Number(at(i - 1)) : NUMBER_WORDS[at(i - 1)];
    return n !== undefined && n >= 2 && !parsed.dateTokens.some((d) => d.includes(i - 1)) ? n : undefined;
  };
  // … and after "how many clubs", "the number of premierships" names a column (No. of Premierships), not a second count
  const namesNumberColumn = (i: number): boolean => (i > 0 && /^[a-z]{3,}$/.test(at(i - 1)) && !COUNT_DETERMINERS.has(at(i - 1)) && (parsed.countWords || at(i - 2) === 'the')) || (parsed.countWords && words.slice(0, i).includes('how') && words[words.indexOf('how') + 1] === 'many' && at(i - 1) !== 'how');
  for (let i = 0; i < words.length; i++) {
    if (consumed.has(i) || weightTokens.has(i)) continue;
    // "the word best": the word quoted is looked for in cells (`words-in-cells.ts`), it is no superlative or keyword
    if ((at(i - 1) === 'word' || at(i - 1) === 'term') && at(i - 2) === 'the') continue;
    const word = words[i];
    // "the same number of draws and losses" compares two counts, it asks for none
    const sameNumber = (word === 'number' || word === 'count' || word === 'amount') && at(i + 1) === 'of' && at(i - 1) === 'same';
    if (sameNumber) {
      consumed.add(i).add(i + 1);
    } else if ((word === 'how' && (at(i + 1) === 'many' || at(i + 1) === 'often')) || ((word === 'number' || word === 'count') && at(i + 1) === 'of' && !namesNumberColumn(i))) {
      // … but "how many elements have an atomic number of more than 100", "what is the atomic number of nitrogen": a
      // "number of" after a word other than a quantifier is part of a column's name ("Atomic no.", "Jersey number")
      parsed.countWords = true;
      consumed.add(i).add(i + 1);
      // "the number of Dino's singles": the noun after a possessive name is what is counted
      // ("how many of Dino's singles")
      const owner = at(i + 2) === 'of' ? i + 3 : i + 2;
      // … never "men's singles champions" (a column's own words, the noun counted after them), nor "women's doubles"
      const possessed = at(owner + 1) === 's' && /^[a-z]{2,}$/.test(at(owner)) && !PEOPLE_POSSESSIVES.has(at(owner)) && /^[a-z]{3,}s$/.test(at(owner + 2)) && !/^[a-z]{3,}s$/.test(at(owner + 3));
      parsed.countNounAt = possessed ? owner + 2 : i + 2;
    } else if (word === 'count' || word === 'counts') {
      parsed.countWords = true;
      consumed.add(i);
    } else if (word === 'how' && at(i + 1) === 'much') {
      parsed.sumWords = true;
      consumed.add(i).add(i + 1);
    } else if (['total', 'sum', 'totals', 'summed', 'altogether', 'combined'].includes(word)) {
      parsed.sumWords = true;
      consumed.add(i);
    } else if (AVERAGE_WORDS.has(word)) {
      parsed.averageWords = true;
      consumed.add(i);
    } else if ((word === 'top' || word === 'bottom') && (/^\d+$/.test(at(i + 1)) || NUMBER_WORDS[at(i + 1)] !== undefined)) {
      parsed.superlative = word === 'top' ? 'desc' : 'asc';
      parsed.topN = /^\d+$/.test(at(i + 1)) ? Number(at(i + 1)) : NUMBER_WORDS[at(i + 1)];
      // "top -1", "top −3": the tokens drop the sign, but the count is negative (asks for no rows)
      // ("top-three" is a spelled number joined by a hyphen, not a sign)
      if (/\s[-\u2212]\s*$/.test(folded.slice(tokens[i].end, tokens[i + 1].start))) parsed.topN = -parsed.topN;
      consumed.add(i).add(i + 1);
      parsed.groupAt.push({ at: i + 2, keyword: word });
    } else if (TIME_SUPERLATIVES[word] !== undefined) {
      parsed.superlative ??= TIME_SUPERLATIVES[word];
      parsed.timeSuperlative = true;
      consumed.add(i);
    } else if ((SUPERLATIVE_DESC.has(word) || SUPERLATIVE_ASC.has(word)) && at(i - 2) === 'the' && countBefore(i) !== undefined && parsed.topN === undefined) {
      // "the 4 highest attendances", "the three lowest scores": the same as "the top 4 attendances"
      parsed.superlative = SUPERLATIVE_DESC.has(word) ? 'desc' : 'asc';
      parsed.topN = countBefore(i);
      consumed.add(i - 1).add(i);
      parsed.groupAt.push({ at: i + 1, keyword: parsed.superlative === 'desc' ? 'top' : 'bottom' });
    } else if (SUPERLATIVE_DESC.has(word) || SUPERLATIVE_ASC.has(word)) {
      parsed.superlative ??= SUPERLATIVE_DESC.has(word) ? 'desc' : 'asc';
      consumed.add(i);
    } else if (word === 'who' || word === 'whom') {
      parsed.who = true;
      consumed.add(i);
    } else if (NEGATIONS.has(word) || isContractedNot(words, i) || (word === 'other' && at(i + 1) === 'than')) {
      let next = word === 'other' ? i + 2 : i + 1;
      while (NEGATION_SKIP.has(at(next))) next++;
      parsed.negated.add(next);
      parsed.negationAt.set(next, i);
      consumed.add(i);
      if (word === 'other') consumed.add(i + 1);
      if (word === 't') consumed.add(i - 1);
    }
  }

  // "took place", "takes place": the event happened; "place" names no venue and no finishing position
  for (let i = 0; i + 1 < words.length; i++) if (TAKE_FORMS.has(words[i]) && words[i + 1] === 'place' && !consumed.has(i + 1)) consumed.add(i).add(i + 1);

  const margin = findMargin(words, consumed);

  for (let i = 0; i < words.length; i++) {
    if (TIME_ADJECTIVES.has(words[i]) && !consumed.has(i)) {
      parsed.groupAt.push({ at: i, keyword: 'by' });
      parsed.timeAdjective = true;
      continue;
    }
    if (consumed.has(i) || weightTokens.has(i) || !GROUP_KEYWORDS.has(words[i])) continue;
    if (words[i] === 'per' && (at(i + 1) === 'cent' || at(i + 1) === 'centage')) continue;
    // "attended by 15,000 people at most", "won by 3", "by how much": an amount after "by", no grouping
    if (words[i] === 'by' && (/^\d/.test(at(i + 1)) || (at(i + 1) === 'how' && ['much', 'many'].includes(at(i + 2))))) continue;
    // "10 per sq mi", "density per square mile": a unit divided by, no grouping
    if (words[i] === 'per' && (MEASURE_UNITS.has(at(i + 1)) || ((at(i + 1) === 'sq' || at(i + 1) === 'square') && MEASURE_UNITS.has(at(i + 2))))) continue;
    // "the total number of awards in which the recipient was herself": a relative clause after a noun asks for nothing
    if (words[i] === 'which' && i >= 2 && RELATIVE_PREPOSITIONS.has(at(i - 1)) && [at(i - 2), at(i - 3)].some((w) => /^[a-z]{3,}s$/.test(w)) && parsed.countWords) {
      consumed.add(i).add(i - 1);
      continue;
    }
    let j = i + 1;
    // "what was the only year in which …", "which was the season when …": the noun a relative clause follows is the one asked
    const clauseNoun = (k: number): boolean => (RELATIVE_PREPOSITIONS.has(at(k + 1)) && at(k + 2) === 'which') || ['when', 'where', 'that'].includes(at(k + 1));
    if ((words[i] === 'what' || words[i] === 'which') && ['was', 'is', 'were', 'are'].includes(at(j)) && at(j + 1) === 'the') {
      const noun = at(j + 2) === 'only' ? j + 3 : j + 2;
      if (clauseNoun(noun)) j = noun;
    }
    while (['the', 'each', 'every', 'single', 'individual', 'a'].includes(at(j))) j++;
    parsed.groupAt.push({ at: j, keyword: words[i] === 'every' ? 'each' : words[i] });
    consumed.add(i);
  }

  // "the only year that the total passengers was 1,764,948", "the year the number of minors was greatest": a
  // statement naming what it asks for, with no question word, reads as "which year …"
  const statement = statementNoun(words);
  if (statement !== undefined && parsed.groupAt.length === 0) parsed.groupAt.push({ at: statement, keyword: 'which' });

  // "the most films in one year": a group per year
  const inOne = inOneGroup(parsed, words);
  if (inOne) {
    parsed.groupAt.push({ at: inOne.at, keyword: 'in one' });
    inOne.consumed.forEach((t) => consumed.add(t));
  }
  findShareAndRatio(parsed, words);
  for (let i = 0; i + 2 < words.length; i++) {
    const count = /^\d+$/.test(words[i + 1]) ? Number(words[i + 1]) : NUMBER_WORDS[words[i + 1]];
    if ((words[i] !== 'first' && words[i] !== 'last') || count === undefined || count < 2 || consumed.has(i + 1) || parsed.dateTokens.some((d) => d.includes(i + 1))) continue;
    parsed.rowWindow = { end: words[i] === 'first' ? 'first' : 'last', count, nounAt: i + 2 };
    consumed.add(i).add(i + 1);
    break;
  }
  // "the first decimal32 on the list", "which format is listed last": the one row at that end of the sheet
  const listed = parsed.rowWindow ? undefined : listedEnd(words, consumed);
  if (listed) {
    parsed.rowWindow = { end: listed.end, count: 1, nounAt: listed.nounAt };
    consumed.add(listed.at);
  }
  // "finished better than 10th" compares places (a condition), not two answers
  const placeComparison = (i: number): boolean => words[i + 1] === 'than' && PLACE_ORDINAL.test(words[i + 2] ?? '');
  const comparative = words.findIndex((w, i) => COMPARATIVES.has(w) && !consumed.has(i) && words.slice(i + 1, i + 8).includes('than') && !placeComparison(i));
  if (comparative >= 0 || /\bhow (much|many) (more|less|fewer|higher|lower|bigger|smaller)\b/.test(folded)) {
    parsed.comparative = true;
    findDifference(parsed, words, comparative);
  } else if (words.some((w) => DIFFERENCE_WORDS.has(w))) {
    findDifference(parsed, words, -1);
  } else if (trendBetweenYears(parsed, words) !== undefined) {
    const trend = trendBetweenYears(parsed, words) as { at: number; up: boolean };
    // "how much did landings increase from 2012 to 2013": the later year's less the earlier's (no value when it fell)
    parsed.difference = trend.up ? 'second-minus-first' : 'first-minus-second';
    consumed.add(trend.at);
  } else if (margin) {
    parsed.difference = 'absolute';
  } else if (!parsed.superlative && parsed.groupAt.some((g) => g.keyword === 'which' || g.keyword === 'what')) {
    // "which quarter had the higher spend": a comparative without "than" picks the best of the groups
    const index = words.findIndex((w, i) => !consumed.has(i) && COMPARATIVES.has(w));
    if (index >= 0) {
      parsed.superlative = ['less', 'fewer', 'lower', 'smaller', 'worse', 'shorter', 'younger', 'earlier'].includes(words[index]) ? 'asc' : 'desc';
      consumed.add(index);
      // "which year had more releases, 2001 or 1992": the choice of two named after it, as "were there more … in 2001 or 1992"
      if (words.slice(index + 1).includes('or') && CHOICE_COMPARATIVES[words[index]] !== undefined) parsed.choiceOfTwo = index;
    }
  } else if (!parsed.superlative && words.includes('or')) {
    // "was the score lower in 2010 or 2013", "were there more tracks in 2009 or 2011": which of the two
    const index = words.findIndex((w, i) => !consumed.has(i) && CHOICE_COMPARATIVES[w] !== undefined);
    if (index >= 0) {
      parsed.superlative = CHOICE_COMPARATIVES[words[index]];
      parsed.choiceOfTwo = index;
      consumed.add(index);
    }
  }
  return parsed;
}
