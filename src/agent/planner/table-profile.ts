/**
 * What the planner knows about one catalog table before reading a question: the stems of each
 * column name, the distinct values it can filter on, words of its title/label/sheet/file,
 * its date columns and, for tables whose columns are periods (P&L Jan … Dec), the date range
 * each period column stands for.
 * @module agent/planner/table-profile
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import { measureByDimension, rankedNames, scoreOfTotal, unmarkedNames } from './column-aliases.js';
import { headerMonthNumber, monthsRange } from './date-phrases.js';
import { seasonSpellings } from './season-labels.js';
import { listedItems } from './listed-items.js';
import { chartCountryWords, demonymsOf } from './demonyms.js';
import { conceptOf, foldText, stemWord, tokensOf } from './normalize-text.js';
import { COST_WORDS, FALSY_VALUES, MONEY_WORDS, TRUTHY_VALUES } from './vocabulary.js';
import { EVENT_DATE_STEMS } from './event-words.js';
import { venueWord } from './venue-codes.js';
import { surnames } from './person-columns.js';

/** A column and the stems of its display name. */
export interface ColumnInfo {
  column: CatalogColumn;
  /** Stems of the name without unit codes and generic words: `Net Revenue [EUR]` → revenu, net. */
  stems: string[];
  numeric: boolean;
  /** For yes/no columns: the stored value meaning yes and the one meaning no. */
  yesNo?: { yes: string | boolean; no?: string | boolean };
}

/** A distinct value a question may name. */
export interface ValueEntry {
  column: CatalogColumn;
  value: string;
  stems: string[];
  /** The stems are one part of the value ("Russia" of "Kremlin Cup, Russia"): a match filters on the whole value. */
  part?: boolean;
  /** A person's surname alone naming the value (`surnames`): a weaker reading, not taken before a plural noun. */
  surname?: boolean;
  /** A quantity with its unit naming its row (`1500 m`, `quantityNames`): after a comparison word it is a bound, no name. */
  quantity?: boolean;
  /** The line of a cell listing one item a line that the stems name ("Ramón Monzant" of "Alberto Hidalgo\nRamón Monzant"). */
  item?: string;
}

/** A period column of a wide table, with the dates it covers. */
export interface PeriodColumn {
  column: CatalogColumn;
  label: string;
  /** `[from, to)` when the year is known. */
  from?: string;
  to?: string;
  /** 1-based month when the period is one month. */
  month?: number;
  /** 1-based order among the period columns. */
  order: number;
  /** What one period column spans. */
  granularity: 'month' | 'quarter' | 'year' | 'other';
}

export interface TableProfile {
  table: CatalogTable;
  columns: ColumnInfo[];
  values: ValueEntry[];
  /** Stems of title, label, sheet name and file name. */
  contextStems: Set<string>;
  /** The file's name folded, with and without extension: a question naming it names this file. */
  fileNames: Set<string>;
  labelColumn?: CatalogColumn;
  sectionColumn?: CatalogColumn;
  dateColumns: CatalogColumn[];
  /** A column of calendar years (`Year`, `Jahr`, `FY` holding 1900…2100), used like a date column for whole years. */
  yearColumn?: CatalogColumn;
  /** Non-aggregate period columns, in column order; empty for ordinary tables. */
  periods: PeriodColumn[];
  /** The one year named by title, sheet, file or an aggregate period column ("FY 2024"), if any. */
  year?: number;
  /** Stems a wide table's label column gives its period cells: "naturalisations" of "Naturalisations by origin". */
  cellStems?: Set<string>;
}

const COLUMN_STOP = new Set(['of', 'the', 'in', 'per', 'and', 'or', 'a', 'an', 'no', 'nr', 'number', 'num', 'total', 'count', 'sum', 'avg', 'average', 'eur', 'usd', 'gbp', 'chf', 'sek', 'nok', 'dkk', 'pln', 'jpy', 'cad', 'aud', 'pct', 'percent', 'in', 'k', 'm']);
const NUMERIC_TYPES = new Set(['integer', 'decimal', 'percent']);
/** Verbs a yes/no header starts with ("Has car", "Is open", "Was refunded"): the question's own "has"/"is" must not name the column. */
const FLAG_VERBS = new Set(['has', 'have', 'had', 'is', 'are', 'was', 'were', 'does', 'did', 'can']);
const QUARTER_PERIOD = /^q([1-4])(?:\s*(\d{4}))?$/;

/**
 * A column named as free text (Description, Notes) whose cells are short labels that repeat, each
 * in three rows or more on average ("Noble gas", "Halogen" over 118 elements): a category, whose
 * values the question may name like a dimension's.
 */
function categoryText(column: CatalogColumn, rowCount: number): boolean {
  const values = (column.profile.distinct ?? []).map(String);
  const filled = rowCount - column.profile.nullCount;
  return values.length >= 2 && values.length * 3 <= filled && values.every((value) => value.length <= 30);
}

/** Builds the profile of a table. */
export function profileTable(table: CatalogTable): TableProfile {
  const columns = table.columns.map((column) => describeColumn(column));
  recordAbbreviations(columns);
  // "which season had more wins" over a team's record by Year: with no column of seasons, a season is the row's year
  const years = columns.find((info) => isYearColumn(info.column));
  const seasonStem = tokensOf('season')[0].stem;
  if (years && !columns.some((info) => info.stems.includes(seasonStem)) && columns.some((info) => info.stems.includes(tokensOf('win')[0].stem))) years.stems = [...years.stems, seasonStem];
  // "how many games were played in one year" over a Season column of "2002/03" labels and no column of years: a year is a season
  const yearStem = tokensOf('year')[0].stem;
  const seasons = columns.filter((info) => info.stems.length === 1 && info.stems[0] === seasonStem && info.column.type === 'text' && (info.column.profile.distinct ?? []).length > 0
    && (info.column.profile.distinct ?? []).every((v) => seasonSpellings(String(v)).length > 0));
  if (!years && seasons.length === 1 && !columns.some((info) => info.stems.includes(yearStem))) seasons[0].stems = [...seasons[0].stems, yearStem];
  // "which year did the team have the most wins" over a Season column of calendar years (1905, 1906 …): a season is its year
  if (years && years.stems.length === 1 && years.stems[0] === seasonStem && !columns.some((info) => info.stems.includes(yearStem))) years.stems = [...years.stems, yearStem];
  // "which year had fewer votes than 1991" over an Election column of years: the election's year
  if (years && /^(election|edition)$/i.test(years.column.name.trim()) && !columns.some((info) => info.stems.includes(yearStem))) years.stems = [...years.stems, yearStem];
  // "in what year was she last elected" over "Last elected" (2001, 2005, 2009): with no column named for years, the one
  // column of calendar years named for the event it dates is the year
  if (!years && !columns.some((info) => info.stems.includes(yearStem))) {
    const held = columns.filter((info) => holdsEventYears(info.column));
    if (held.length === 1) held[0].stems = [...held[0].stems, yearStem];
  }
  scoreOfTotal(columns);
  const cellStems = new Set<string>();
  measureByDimension(columns, table, cellStems);
  const values: ValueEntry[] = [];
  // a value looked up for the question that a listed column also holds ("Chester" a county and a township) is that column's
  const listedValues = new Set(table.columns.flatMap((c) => (c.type === 'text' ? (c.profile.distinct ?? []) : [])).map((v) => foldText(String(v)).trim()));
  // … and one spelled by the words of a column's name ("Price" a town beside a Unit price column) is that column
  const nameStems = new Set(table.columns.flatMap((c) => tokensOf(c.name.replace(/_/g, ' ')).map((t) => t.stem)));
  const namesColumn = (value: string): boolean => tokensOf(value).every((t) => nameStems.has(t.stem));
  for (const column of table.columns) {
    // a column too varied to list its values has those the question names (`profile.named`): no statistics over them
    const listed = column.profile.distinct !== undefined;
    if (column.type !== 'text' || (column.concept === 'text' && !categoryText(column, table.rowCount)) || !(column.profile.distinct ?? column.profile.named)) continue;
    const texts = (column.profile.distinct ?? (column.profile.named ?? []).filter((value) => !listedValues.has(foldText(value).trim()) && !namesColumn(value))).filter((value): value is string => typeof value === 'string');
    const compound = listed && (column.derived === undefined || column.derived === 'section') && texts.filter((value) => valueParts(value).length > 1).length * 2 >= texts.length;
    // "Russian athletes": a column of countries (by name or IOC code, alone or after a name) is named by its people too
    const countryOf = (value: string): string | undefined => [value, ...(compound ? valueParts(value) : [])].find((part) => demonymsOf(part).length > 0);
    const countries = texts.filter((value) => countryOf(value) !== undefined).length;
    const ofCountries = listed && countries >= 2 && countries * 2 >= texts.length;
    const unmarked = new Map([...unmarkedNames(texts), ...rankedNames(column.name, texts)]);
    for (const value of texts) {
      const written = tokensOf(value).map((t) => t.stem);
      const stems = withoutPossessive(written);
      values.push({ column, value, stems });
      // "the men's foil": a question writes the value's possessive as the value does ("Men's foil")
      if (stems.length !== written.length) values.push({ column, value, stems: written });
      // "Oriol Servià1", "#10 Air Force": a footnote mark after a name, a ranking before it, is no part of it (column-aliases)
      const plain = unmarked.get(value);
      if (plain !== undefined) values.push({ column, value, stems: withoutPossessive(tokensOf(plain).map((t) => t.stem)) });
      // "the 2006/2007 season" over "2006/07": a season is named by either spelling of its second year
      for (const alias of seasonSpellings(value)) values.push({ column, value, stems: tokensOf(alias).map((t) => t.stem), part: true });
      // "Amvets Memorial Highway\n(Fall River Expressway)", "Norodom Sihanouk\n(1922–2012)": a name with notes in parentheses on the
      // lines below is named by its first line (never a list of one item a line: "Cataraqui Town Centre\nBath Road")
      const lines = value.split('\n').map((line) => line.trim()).filter((line) => line !== '');
      const firstLine = lines.length > 1 && lines.slice(1).every((line) => /^[([]/.test(line)) ? lines[0] : '';
      const lineStems = /\p{L}/u.test(firstLine) ? withoutPossessive(tokensOf(firstLine).map((t) => t.stem)) : [];
      if (lineStems.length > 0 && lineStems.join(' ') !== stems.join(' ')) values.push({ column, value, stems: lineStems, part: true });
      // "Alberto Hidalgo\nRamón Monzant", "Cataraqui Town Centre / Midland Avenue": a cell listing one item a line (or
      // between spaced slashes) is named by each item (`listed-items.ts` decides where such a cell answers)
      for (const item of listedItems(value)) {
        const itemStems = withoutPossessive(tokensOf(item).map((t) => t.stem));
        if (itemStems.length > 0 && itemStems.join(' ') !== stems.join(' ')) values.push({ column, value, stems: itemStems, part: true, item });
      }
      // "the US", "the UK": a country is named by its usual short name
      for (const alias of COUNTRY_ALIASES[foldText(value).trim()] ?? []) values.push({ column, value, stems: tokensOf(alias).map((t) => t.stem), part: true });
      const country = ofCountries ? countryOf(value) : undefined;
      for (const demonym of country ? demonymsOf(country) : []) values.push({ column, value, stems: tokensOf(demonym).map((t) => t.stem), part: true });
      const verb = listed && texts.length <= AGENT_NOUN_MAX_VALUES && stems.length === 1 ? agentVerb(stems[0]) : undefined;
      if (verb) values.push({ column, value, stems: [verb], part: true }); // "won" names the value "Winner"
      // "how many runner-ups": a hyphenated value ending in a short particle takes its plural there too (the stemmer keeps "ups")
      const plural = /-[a-z]{2,3}$/i.test(value.trim()) && stems.length > 1 ? [...stems.slice(0, -1), tokensOf(`${stems[stems.length - 1]}s`)[0].stem] : undefined;
      if (plural && plural.join(' ') !== stems.join(' ')) values.push({ column, value, stems: plural, part: true });
      const venue = listed ? venueWord(texts, value) : undefined;
      if (venue) values.push({ column, value, stems: [venue], part: true }); // "at home" names the venue code "H"
      for (const part of compound ? valueParts(value) : []) {
        const partStems = withoutPossessive(tokensOf(part).map((t) => t.stem));
        if (partStems.length > 0 && partStems.join(' ') !== stems.join(' ')) values.push({ column, value, stems: partStems, part: true });
      }
    }
  }
  for (const column of table.columns) values.push(...quantityNames(table, column));
  values.push(...surnames(table, values));
  const contextText = [table.title, table.label, table.sheet, table.file.replace(/\.[a-z0-9]+$/i, '')].filter((s): s is string => !!s).join(' ');
  const fileName = foldText(table.file);
  const contextStems = new Set(tokensOf(contextText.replace(/[_]/g, ' ')).map((t) => t.stem));
  for (const piece of fileName.split(/[^a-z0-9]+/)) if (piece !== '') contextStems.add(tokensOf(piece)[0]?.stem ?? piece);
  const fileNames = new Set([fileName, fileName.replace(/\.[a-z0-9]+$/, '')]);
  const year = tableYear(table, contextText);
  return {
    table,
    columns,
    values,
    contextStems,
    fileNames,
    labelColumn: table.columns.find((c) => c.derived === 'label'),
    sectionColumn: table.columns.find((c) => c.derived === 'section'),
    dateColumns: table.columns.filter((c) => c.type === 'date'),
    yearColumn: table.columns.find((c) => isYearColumn(c)),
    periods: periodColumns(table, year),
    year,
    cellStems,
  };
}

/**
 * Short names of countries as questions write them, by the name a table writes (folded). "us"
 * is a pronoun alone, so only "the us" names the country.
 */
const COUNTRY_ALIASES: Record<string, string[]> = {
  'united states': ['the us', 'the u.s.', 'usa', 'the usa', 'u.s.a.', 'america'],
  'united states of america': ['the us', 'the u.s.', 'usa', 'the usa', 'u.s.a.', 'america', 'united states'],
  'usa': ['the us', 'the u.s.', 'united states', 'america'],
  'united kingdom': ['the uk', 'uk', 'britain', 'great britain'],
  'great britain': ['the uk', 'uk', 'britain', 'united kingdom'],
  'soviet union': ['ussr', 'the ussr'],
  'united arab emirates': ['uae', 'the uae'],
};

/** Units of amounts that are never a row's name (`count`, money, rates, scores). */
const AMOUNT_UNITS = new Set(['count', 'currency', 'mixed_currency', 'percent', 'seconds', 'score']);

/**
 * Quantities that name their rows: a column of distances (`100 m`, `200 m` … `1500 m`), one row
 * each, is the table's key as much as a measure, and "the 1500 m" names the row whose value is
 * 1500. For a numeric column with a unit of measure (not money, counts or rates) whose values are
 * all distinct (under 50 of them), each value written with its unit (`1500 m` and `1500m`) is a
 * value entry; the filter compares the number. Empty otherwise.
 */
function quantityNames(table: CatalogTable, column: CatalogColumn): ValueEntry[] {
  const unit = column.unit;
  if (unit === undefined || AMOUNT_UNITS.has(unit) || !NUMERIC_TYPES.has(column.type) || column.type === 'percent') return [];
  const distinct = column.profile.distinct;
  if (distinct === undefined || distinct.length < 3 || column.profile.distinctCount + column.profile.nullCount !== table.rowCount) return [];
  const unitStems = tokensOf(unit).map((t) => t.stem);
  if (unitStems.length !== 1) return [];
  return distinct
    .filter((value): value is number => typeof value === 'number')
    .flatMap((value) => [
      { column, value: String(value), stems: [...tokensOf(String(value)).map((t) => t.stem), unitStems[0]], quantity: true },
      { column, value: String(value), stems: tokensOf(`${value}${unit}`).map((t) => t.stem), quantity: true },
    ]);
}

/**
 * A value made of parts a reader names alone: "Kremlin Cup, Russia" (tournament, country),
 * "Bydgoszcz, Poland" (city, country), "10th (q)" (position, a note). Commas, semicolons and
 * brackets separate the parts; a value without them has none. Parts are matched only in a
 * column where at least half the values are compound, so a lone "2nd, American" among plain
 * ranks is not read as the value "American".
 */
function valueParts(value: string): string[] {
  if (!/[,;()[\]]/.test(value)) return [];
  return value.split(/\s*[,;()[\]]\s*/).map((part) => part.trim()).filter((part) => part !== '');
}

/** Agent nouns are read as their verb only in categorical columns (Outcome: Winner, Runner-up), not in name lists. */
const AGENT_NOUN_MAX_VALUES = 10;

/** "winner" → win, "leader" → lead: the verb a question uses for an agent-noun value ("who won" → Winner). */
function agentVerb(stem: string): string | undefined {
  const match = /^([a-z]{2,}?)([b-df-hj-np-tv-z])\2er$/.exec(stem) ?? /^([a-z]{3,})()(?:er|or)$/.exec(stem);
  if (!match) return undefined;
  return stemWord(`${match[1]}${match[2]}`);
}

/** "Bahama's" → bahama: a possessive or elided `'s` is not a word a question repeats. */
function withoutPossessive(stems: string[]): string[] {
  const kept = stems.filter((stem, index) => stem !== 's' || index === 0);
  return kept.length > 0 ? kept : stems;
}

function describeColumn(column: CatalogColumn): ColumnInfo {
  const spaced = column.name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  const words = tokensOf(spaced);
  // "Has car", "Is open": the leading verb is how a yes/no header is phrased, never a word naming the column ("which employee has …")
  const named = words.length > 1 && FLAG_VERBS.has(words[0].norm) ? words.slice(1) : words;
  const stems = [...new Set(named.map((t) => t.stem))].filter((s) => !COLUMN_STOP.has(s));
  // "Total spectatorship", "Viewership", "Membership": a number of people named by their agent noun plus "-ship" counts them ("spectators")
  if (NUMERIC_TYPES.has(column.type)) for (const t of named) if (/^[a-z]{3,}(?:er|or)ship$/.test(t.norm)) stems.push(tokensOf(t.norm.slice(0, -4))[0].stem);
  // "Peak chart positions CAN Country": a record chart named by its country's code, which a question names by the country ("the Canadian country chart")
  if (/\b(chart|charts|peak|position|positions)\b/i.test(spaced)) for (const word of spaced.split(/[^A-Za-z]+/)) stems.push(...chartCountryWords(word).flatMap((w) => tokensOf(w).map((t) => t.stem)));
  // "Undergraduate enrollment": a number of enrolled students, which a question names ("how many graduate students")
  // (a head count: whole numbers, named last for the enrollment, never a rate, a share or an "Enrollment year")
  const headCount = column.type === 'integer' && /^enrol(?:l?ment|led)$/.test(named.at(-1)?.norm ?? '') && !/%|\brate\b|\bratio\b|\bshare\b/i.test(column.name);
  if (headCount && !isYearColumn(column) && !holdsYearValues(column)) stems.push(...['student', 'pupil'].map((w) => tokensOf(w)[0].stem));
  const info: ColumnInfo = { column, stems, numeric: NUMERIC_TYPES.has(column.type) };
  if (column.type === 'boolean') info.yesNo = { yes: true, no: false };
  const distinct = column.profile.distinct;
  if (column.type === 'text' && distinct && distinct.length > 0 && distinct.length <= 3) {
    const texts = distinct.map((v) => String(v));
    const yes = texts.find((v) => TRUTHY_VALUES.has(v.trim().toLowerCase()));
    const allYesNo = texts.every((v) => TRUTHY_VALUES.has(v.trim().toLowerCase()) || FALSY_VALUES.has(v.trim().toLowerCase()));
    const no = texts.find((v) => FALSY_VALUES.has(v.trim().toLowerCase()) && v.trim() !== '');
    if (yes !== undefined && no !== undefined && allYesNo) info.yesNo = { yes, no };
  }
  return info;
}

/**
 * The one-letter columns of a win–loss record ("W", "L", "D", "T", "Team Record W") and the
 * abbreviations beside them (GP, Pld, Pts), named by the words they stand for: "how many wins" is
 * the W column. Never GF/GA: "against" is the question's preposition ("scored against York") far
 * more often than the name of goals conceded. Read only where both a W and an L column of numbers stand in the table,
 * so a lone "W" (a width, West) is never taken for wins.
 */
const RECORD_ABBREVIATIONS: Record<string, string[]> = {
  w: ['win', 'won'], l: ['loss', 'lost', 'lose'], d: ['draw', 'drawn'], t: ['tie', 'tied'],
  gp: ['game', 'play'], pld: ['play', 'game'], pts: ['point'],
};

function recordAbbreviations(columns: ColumnInfo[]): void {
  const lastWord = (info: ColumnInfo): string => tokensOf(info.column.name.replace(/_/g, ' ')).at(-1)?.norm ?? '';
  const numeric = columns.filter((info) => info.numeric);
  if (!numeric.some((info) => lastWord(info) === 'w') || !numeric.some((info) => lastWord(info) === 'l')) return;
  for (const info of numeric) {
    const words = RECORD_ABBREVIATIONS[lastWord(info)];
    if (words) info.stems = [...new Set([...info.stems, ...words.map((w) => tokensOf(w)[0].stem)])];
  }
}

function tableYear(table: CatalogTable, contextText: string): number | undefined {
  const years = new Set<number>();
  for (const match of contextText.matchAll(/(?:^|[^0-9])((?:19|20)\d{2})(?![0-9])/g)) years.add(Number(match[1]));
  for (const column of table.columns) {
    if (!column.isAggregateColumn) continue;
    const match = /((?:19|20)\d{2})/.exec(column.period ?? column.name);
    if (match) years.add(Number(match[1]));
  }
  return years.size === 1 ? [...years][0] : undefined;
}

/** Period columns that stand for a month, quarter or year (not aggregate columns such as FY 2024). */
function periodColumns(table: CatalogTable, year: number | undefined): PeriodColumn[] {
  const periods: PeriodColumn[] = [];
  for (const column of table.columns) {
    if (!column.period || column.isAggregateColumn || !NUMERIC_TYPES.has(column.type)) continue;
    const label = column.period.trim();
    const text = label.toLowerCase().replace(/\.$/, '');
    const period: PeriodColumn = { column, label, order: periods.length + 1, granularity: 'other' };
    let m: RegExpExecArray | null;
    const month = headerMonthNumber(foldText(text).split(/[\s\-/'.]+/)[0] ?? '');
    if ((m = /^(\d{4})-(\d{1,2})$/.exec(text))) Object.assign(period, { month: +m[2], granularity: 'month' }, monthsRange(+m[1], +m[2], +m[2]));
    else if (month !== undefined) {
      const y = /(\d{4}|\d{2})$/.exec(text);
      const periodYear = y ? (y[1].length === 2 ? 2000 + +y[1] : +y[1]) : year;
      period.month = month;
      period.granularity = 'month';
      if (periodYear !== undefined) Object.assign(period, monthsRange(periodYear, month, month));
    } else if ((m = QUARTER_PERIOD.exec(text))) {
      const periodYear = m[2] ? +m[2] : year;
      period.granularity = 'quarter';
      if (periodYear !== undefined) Object.assign(period, monthsRange(periodYear, +m[1] * 3 - 2, +m[1] * 3));
    } else if ((m = /^((?:19|20)\d{2})$/.exec(text))) Object.assign(period, { granularity: 'year' }, monthsRange(+m[1], 1, 12));
    periods.push(period);
  }
  return periods.length >= 2 ? periods : [];
}

/** Stems of nouns that ask for money ("revenue", "sales", "money", "amount"). */
export const MONEY_STEMS = new Set([...MONEY_WORDS].filter((w) => !['make', 'earn', 'bring'].includes(w)).map((w) => tokensOf(w)[0].stem));
const COST_STEMS = new Set([...COST_WORDS].map((w) => tokensOf(w)[0].stem));

/** A money column that is income, not a cost: `amount`, `Net Revenue [EUR]`, not `Spend Actual`. */
export function isRevenueLike(info: ColumnInfo): boolean {
  const column = info.column;
  if (!info.numeric || column.type === 'percent' || column.unit === 'percent') return false;
  const money = column.unit === 'currency' || column.currency !== undefined || info.stems.some((s) => MONEY_STEMS.has(s));
  return money && !info.stems.some((s) => COST_STEMS.has(s) || conceptOf(s) === conceptOf('cost'));
}

/** True when the period columns are all of the granularity a time word names ("month" over Jan … Dec). */
export function periodsAre(profile: TableProfile, bucket: string | undefined): boolean {
  return profile.periods.length > 0 && bucket !== undefined && profile.periods.every((p) => p.granularity === bucket);
}

// "Election", "Edition" holding only years: the year of the row's own event (a "Census" may hold head counts)
const YEAR_NAME = /^(year|jahr|annee|ano|jaar|anno|fy|fiscal year|season|yr|date|datum|fecha|election|edition)$/i;

/** "Election year", "Census year": a year of the row's own event; never a person's ("Birth year", "Year of death"). */
const EVENT_YEAR_NAME = /^(?!.*\b(birth|born|death|died|retired?|debut|founded|established|joined)\b)[a-z]+(?: [a-z]+)? year$/;

/**
 * A column of two or more different calendar years (1500…2100, whole numbers) named for the event
 * it dates ("Last elected", "Built", "Withdrawn"); never one named for an amount that happens to
 * fall in that range ("Main span (m)", "Top elevation").
 */
export function holdsEventYears(column: CatalogColumn): boolean {
  const { min, max, distinct } = column.profile;
  const year = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1500 && v <= 2100;
  if (column.type !== 'integer' || !year(min) || !year(max) || min === max || !(distinct === undefined || distinct.every(year))) return false;
  return tokensOf(column.name.replace(/_/g, ' ')).some((t) => EVENT_DATE_STEMS.has(t.stem));
}

/** Whole numbers all of which are calendar years (1500–2100): no head count, whatever the column's name. */
function holdsYearValues(column: CatalogColumn): boolean {
  const { min, max } = column.profile;
  return typeof min === 'number' && typeof max === 'number' && min >= 1500 && max <= 2100;
}

/** A column named like a year (Year, Season, "Election year", or a Date that holds only years) whose values are all calendar years. */
export function isYearColumn(column: CatalogColumn): boolean {
  const name = foldText(column.name).trim();
  if (!YEAR_NAME.test(name) && !EVENT_YEAR_NAME.test(name)) return false;
  const { min, max } = column.profile;
  const year = (v: unknown): boolean => /^(1[5-9]|20)\d{2}$/.test(String(v ?? '').trim());
  // a list reaching back past 1500 ("Year" of founded cities: 200, 1536, 1904): an integer Year column whose latest value is a calendar year and none is below 1 or past 2100
  if (column.type === 'integer') return year(max) && (year(min) || (YEAR_NAME.test(name) && typeof min === 'number' && min >= 1));
  // text: every value a year ("2003 (re-release)" sorts between years but is no year, and its label keeps its match)
  const values = column.profile.distinct;
  return column.type === 'text' && values !== undefined && values.length > 0 && values.every(year);
}


