/**
 * Words that mark a total, subtotal or other summary row, in the languages business files
 * come in. Matching is by whole words at the edges of a label, so "Totalmente" or
 * "Dim Sum" are not totals but "North Total", "Total général" and "Zwischensumme" are.
 * @module tables/aggregate-labels
 */

/** What a summary label says the row holds. */
export type AggregateLabelKind = 'sum' | 'average' | 'other';

/** Words for a sum anywhere in a short label (≤ 4 words), or first/last in a longer one. */
const SUM_WORDS = new Set([
  'total', 'totals', 'subtotal', 'subtotals', 'grandtotal', 'gesamt', 'gesamtsumme', 'zwischensumme',
  'insgesamt', 'gesamtergebnis', 'summe', 'zwischensumme', 'totale', 'totali', 'subtotale', 'totaal',
  'eindtotaal', 'subtotaal', 'totalt', 'summa', 'razem', 'ogolem', 'yhteensa', 'celkem', 'osszesen', 'toplam',
  'итого', 'всего', '合计', '合計', '总计', '總計', '小计', '小計', 'totaux', 'soustotal', 'jumlah',
]);

/** Words for a sum only when they open the label or are the whole label ("Sum", "Suma", "Sum of Sales"). */
const LEADING_SUM_WORDS = new Set(['sum', 'suma', 'soma', 'somme', 'som']);

/** Words for an average row when they open the label or are the whole label. */
const AVERAGE_WORDS = new Set([
  'average', 'avg', 'mean', 'durchschnitt', 'mittelwert', 'moyenne', 'media', 'promedio', 'srednia',
  'gemiddelde', 'genomsnitt', 'gjennomsnitt', 'gennemsnit', 'keskiarvo', 'prumer',
]);

/**
 * Words naming a whole population before "average": "District average", "State average",
 * "National average", "League average". Such a row is the average of a population the listed
 * rows may only be part of (every school of the district, not the five listed), so it is a
 * summary row whether or not it is the mean of the rows above (`isScopeAverageLabel`).
 */
const SCOPE_WORDS = new Set([
  'district', 'state', 'national', 'nationwide', 'country', 'county', 'regional', 'region', 'provincial', 'province',
  'city', 'municipal', 'league', 'conference', 'division', 'class', 'group', 'team', 'school', 'company', 'industry',
  'sector', 'global', 'world', 'worldwide', 'overall', 'eu', 'oecd', 'us', 'uk', 'federal', 'statewide', 'countywide',
]);

/** Whole labels that summarize rows without being sums. */
const OTHER_LABELS = new Set(['min', 'max', 'minimum', 'maximum', 'median', 'count', 'anzahl', 'std', 'stdev', 'variance']);

/** Whole labels that are sums though made of two words. */
const SUM_PHRASES = new Set(['i alt', 'sous total', 'sub total', 'grand total', 'total general', 'totale complessivo', 'total geral']);

/** Labels repeat down a column: their readings are remembered (bounded, cleared when full). */
const MEMO_LIMIT = 20_000;

function memoized<T>(read: (label: string) => T): (label: string) => T {
  const memo = new Map<string, T>();
  return (label) => {
    const known = memo.get(label);
    if (known !== undefined || memo.has(label)) return known as T;
    const value = read(label);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(label, value);
    return value;
  };
}

/**
 * Words of a label: lower case, accents folded, split on anything but letters and digits.
 * The array is shared between calls with the same label: do not change it.
 */
export const labelWords: (label: string) => string[] = memoized((label) =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== ''),
);

/**
 * The summary kind a row label announces, or null for an ordinary label.
 * `Total`, `North Total`, `Subtotal Nordics`, `Grand Total`, `Gesamtsumme`, `Total général` → `sum`;
 * `Average`, `Ø`, `Durchschnitt` → `average`; `Max` → `other`; `Totalmente`, `Dim Sum` → null.
 */
export const aggregateLabelKind: (label: string) => AggregateLabelKind | null = memoized(readAggregateLabelKind);

function readAggregateLabelKind(label: string): AggregateLabelKind | null {
  const trimmed = label.trim();
  if (trimmed === '' || trimmed.length > 60) return null;
  if (/_/.test(trimmed) && !/\s/.test(trimmed)) return null;
  if (trimmed === 'Ø' || trimmed === 'Σ' || trimmed === '∑') return trimmed === 'Ø' ? 'average' : 'sum';
  const words = labelWords(trimmed);
  if (words.length === 0) return null;
  const joined = words.join(' ');
  if (SUM_PHRASES.has(joined)) return 'sum';
  const first = words[0];
  const last = words[words.length - 1];
  if (words.length <= 4 ? words.some((word) => SUM_WORDS.has(word)) : SUM_WORDS.has(first) || SUM_WORDS.has(last)) {
    return 'sum';
  }
  if (LEADING_SUM_WORDS.has(first) && (words.length === 1 || ['of', 'de', 'der', 'des', 'van'].includes(words[1]))) return 'sum';
  if (AVERAGE_WORDS.has(first) && words.length <= 2) return 'average';
  if (isScopeAverageWords(words)) return 'average';
  if (words.length === 1 && OTHER_LABELS.has(first)) return 'other';
  return null;
}

function isScopeAverageWords(words: string[]): boolean {
  return words.length >= 2 && words.length <= 3 && AVERAGE_WORDS.has(words[words.length - 1]) && words.slice(0, -1).every((word) => SCOPE_WORDS.has(word));
}

/**
 * True when a label names a population's average: "District average", "State Average",
 * "National mean", "EU average" (one or two scope words, then the word for average).
 */
export function isScopeAverageLabel(label: string): boolean {
  return isScopeAverageWords(labelWords(label));
}

/** True when `label` announces a total, subtotal or other summary row. */
export function isAggregateLabel(label: string): boolean {
  return aggregateLabelKind(label) !== null;
}

/**
 * Words that name the whole set when they open a short label: "All", "All regions", "(All)"
 * (a pivot's filter value), "Overall". Also names of data rows ("All Stars", "Overall
 * winner"), so a row so labelled is a total only when its numbers add up (`flagAggregateRows`).
 * Source: pivot exports (Excel's "(All)", Tableau's "All"), survey and sports summaries.
 */
const WHOLE_SET_WORDS = new Set(['all', 'overall', 'alle', 'tous', 'toutes', 'todos', 'tutti']);

/** True when a label of at most three words opens with a word for the whole set ("All regions", "(All)", "Overall"). */
export function isWholeSetLabel(label: string): boolean {
  const words = labelWords(label);
  return words.length > 0 && words.length <= 3 && WHOLE_SET_WORDS.has(words[0]);
}

/**
 * Result lines of a statement that are sums of the lines above: "Gross Profit", "Net Income",
 * "EBITDA", "Gross Margin" (revenue less cost of goods sold, as an amount; stated as a rate it is
 * a rate line, `isRatioLabel`).
 */
const RESULT_WORDS = [
  'gross profit', 'gross margin', 'net profit', 'operating profit', 'net income', 'operating income', 'ebit', 'ebitda', 'ebt',
  'profit before', 'net result', 'operating result', 'contribution margin', 'rohertrag', 'bruttogewinn',
  'deckungsbeitrag', 'betriebsergebnis', 'jahresuberschuss', 'ergebnis', 'gewinn', 'resultat', 'benefice',
  'marge brute', 'utile', 'margen bruto', 'beneficio',
];

/** True when a label names a computed result line of a statement (a sum of earlier lines). */
export const isResultLabel: (label: string) => boolean = memoized(readResultLabel);

function readResultLabel(label: string): boolean {
  const joined = labelWords(label).join(' ');
  if (joined === '') return false;
  return RESULT_WORDS.some((word) => joined === word || joined.startsWith(`${word} `) || joined.endsWith(` ${word}`));
}

/** True when a row label names a rate line: "Gross Margin %", "Marge in %", "Conversion Rate". */
export const isRatioLabel: (label: string) => boolean = memoized(readRatioLabel);

function readRatioLabel(label: string): boolean {
  if (label.includes('%')) return true;
  const words = labelWords(label);
  return words.some((word) => ['margin', 'marge', 'quote', 'rate', 'ratio', 'anteil', 'share', 'percent', 'prozent', 'percentage', 'taux', 'tasa'].includes(word));
}

/** Words of the summary lines under a result table (an election's "Majority", "Turnout", "Swing"). */
const FOOT_WORDS = new Set(['majority', 'turnout', 'swing', 'electorate', 'electors', 'rejected', 'spoilt', 'spoiled', 'invalid', 'abstentions', 'margin']);

/** Phrases of such summary lines made of two words ("Valid votes", "Registered voters"). */
const FOOT_PHRASES = ['valid votes', 'blank ballots', 'registered voters', 'votes cast', 'total votes'];

/**
 * True when a row label holds a word of the summary lines at the foot of a result table:
 * "Majority", "Turnout", "Swing", "Electorate", "Rejected ballots", "Valid votes", or a total
 * word. Only meaningful for rows at a table's foot (`flagAggregateRows` checks the position).
 */
export const isFootSummaryLabel: (label: string) => boolean = memoized((label) => {
  const words = labelWords(label);
  if (words.length === 0 || words.length > 8) return false;
  if (words.some((word) => FOOT_WORDS.has(word) || SUM_WORDS.has(word))) return true;
  const joined = words.join(' ');
  return FOOT_PHRASES.some((phrase) => joined.includes(phrase));
});

/**
 * Whole labels naming the world, or every country, at the foot of a list of countries or
 * markets: "World", "Worldwide", "Global", "All countries", "World total", "Total world", in
 * the languages business files come in. Source: ranked lists in encyclopedias and statistics
 * releases (box office, production, population by country), whose closing "World" row is the
 * whole, countries not listed included, so no sum of the rows above. Also names of data rows
 * (a team called World, "World" among competitions), so `flagWorldSummaryRows` asks for the
 * row's place and size too.
 */
const WORLD_LABELS = new Set([
  'world', 'worldwide', 'global', 'globally', 'whole world', 'the world', 'world total', 'total world', 'world wide',
  'worldwide total', 'total worldwide', 'global total', 'total global', 'all countries', 'all nations', 'all markets',
  'total all countries', 'welt', 'weltweit', 'monde', 'mundo', 'mondo', 'mundial', 'wereld',
]);

/** True when a whole label names the world or every country ("World", "Worldwide", "All countries", "Total world"). */
export function isWorldSummaryLabel(label: string): boolean {
  const words = labelWords(label);
  return words.length > 0 && words.length <= 3 && WORLD_LABELS.has(words.join(' '));
}
