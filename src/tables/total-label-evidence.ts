/**
 * When a total's label is not enough: a name that merely begins with a total word ("Total Wine
 * & More", "Total Gym Direct", "Total Football Club") is a retailer, a gym, a club, a data row,
 * unless its numbers, formulas or styling say it is a total. Labels that say what they
 * total ("Total", "Grand Total", "North Total", "Total Sales" over a Sales column, "Total CA"
 * over rows of CA) need no more.
 * @module tables/total-label-evidence
 */
import { aggregateLabelKind, labelWords } from './aggregate-labels.js';
import type { RowFacts } from './aggregate-rows.js';
import { ColumnSums } from './column-sums.js';

/** Words joining a total word to what it totals: "Total of Sales", "Total for North". */
const LINK_WORDS = new Set(['of', 'for', 'de', 'der', 'des', 'du', 'van', 'per', 'all', 'the']);

/**
 * Words of a period after "Total …": "Total for month", "Total Q1", "Total 2024", "Total YTD" say
 * what they total as plainly as "Total Sales" does.
 */
const PERIOD_WORDS = new Set([
  'day', 'days', 'week', 'weeks', 'month', 'months', 'quarter', 'quarters', 'year', 'years', 'period', 'ytd', 'mtd', 'qtd',
  'q1', 'q2', 'q3', 'q4', 'h1', 'h2', 'fy', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august',
  'september', 'october', 'november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

function isPeriodWord(word: string): boolean {
  return PERIOD_WORDS.has(word) || /^(19|20)\d\d$/.test(word) || /^fy\d{2,4}$/.test(word);
}

/**
 * True when `label` opens with a total word and goes on with words that name neither a column
 * (`headerWords`, also in the plural: "Total stores" over Store), nor anything other rows hold (`groupWords`), nor a period (`PERIOD_WORDS`):
 * "Total Wine & More", "Total Wine", "Total Football Club". False for "Total", "Grand Total",
 * "North Total", "Total Sales" over a Sales column, "Total CA" beside rows of CA, "Total for
 * month", and labels that are no total at all.
 */
export function totalLabelNeedsEvidence(label: string, headerWords: ReadonlySet<string>, groupWords: (word: string) => boolean): boolean {
  if (aggregateLabelKind(label) !== 'sum') return false;
  const words = labelWords(label);
  if (words.length < 2) return false;
  if (aggregateLabelKind(words[words.length - 1]) === 'sum') return false;
  let start = 0;
  while (start < words.length && (aggregateLabelKind(words[start]) === 'sum' || words[start] === 'grand' || words[start] === 'sub')) start++;
  if (start === 0) return false;
  const rest = words.slice(start).filter((word) => !LINK_WORDS.has(word));
  if (rest.length === 0) return false;
  const namesColumn = (word: string) => headerWords.has(word) || (word.length > 3 && word.endsWith('s') && headerWords.has(word.slice(0, -1)));
  return !rest.every((word) => namesColumn(word) || groupWords(word) || isPeriodWord(word));
}

/**
 * Counts, per word, the rows whose label holds it: `groupWords(word, row)` is true when a row
 * other than `row` holds the word (a group's name: "CA" in "Total CA" beside rows of CA).
 */
export function labelWordCounts(rows: RowFacts[]): (word: string, row: RowFacts) => boolean {
  const counts = new Map<string, number>();
  for (const row of rows) for (const word of new Set(labelWords(row.label))) counts.set(word, (counts.get(word) ?? 0) + 1);
  return (word, row) => (counts.get(word) ?? 0) > (labelWords(row.label).includes(word) ? 1 : 0);
}

/**
 * True when the row's additive numbers equal the sums of the ≥ 2 rows right below it, and
 * those rows are closed by the next section heading or total's label: a group total on top of
 * its parts, with another group after them ("Total North | Oslo | Bergen | Total South …").
 * Rows running to the end of the table are no such group: a first row equal to all the rows
 * below it ("Total Wine & More | 500" over "Costco | 300", "Aldi | 200") is a coincidence of
 * the data as often as a total, and a total above the rows it sums is rare; it needs its
 * formulas or styling to be one.
 */
export function equalsSumBelow(rows: RowFacts[], index: number, additive: boolean[]): boolean {
  const sums = new ColumnSums(additive.length);
  let matched = false;
  for (let below = index + 1; below < rows.length; below++) {
    const next = rows[below];
    if (next.section || aggregateLabelKind(next.leadText) !== null) return matched;
    if (next.hidden) continue;
    sums.add(next.numbers);
    matched = sums.rows >= 2 && sums.matches(rows[index].numbers, additive);
  }
  return false;
}
