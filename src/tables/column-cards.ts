/**
 * Column cards: what each column is (measure, dimension, date, identifier, text), its
 * qualifier, unit and currency, how it may be aggregated (and weighted by what), and the
 * period it stands for. Decided by code from the name, the type and the values.
 * @module tables/column-cards
 */
import { toSqlName, uniqueSqlNames } from './sql-names.js';
import type { Aggregation, ColumnCard, ColumnConcept, ColumnType } from './types.js';
import {
  currencyIn,
  isAverageName,
  isCountName,
  isFreeTextName,
  isIdentifierName,
  isUnitCodeName,
  isMarginName,
  isMoneyName,
  isOrdinalName,
  isPercentName,
  isRateName,
  isStatedAverageName,
  isResponseCountName,
  isScoreName,
  isTrafficName,
  isYearName,
  nameWords,
  qualifierOf,
} from './column-words.js';
import { periodOf } from './periods.js';
import type { TypedColumn } from './column-types.js';

/** A column as typed by `typeColumn`, over the table's data rows. */
export type TypedColumnEvidence = TypedColumn;

/** One column to describe. */
export interface ColumnInput {
  name: string;
  /** 0-based sheet column; -1 for derived columns. */
  sourceColumn: number;
  typed: TypedColumnEvidence;
  derived?: 'section' | 'label';
  isAggregateColumn?: boolean;
}

/** What else the table says: its title and notes ("All figures in EUR"). */
export interface CardContext {
  title?: string | null;
  notes?: string[];
}

const NUMERIC_TYPES: ColumnType[] = ['integer', 'decimal', 'percent'];

/** True for integer, decimal and percent columns. */
export function isNumericType(type: ColumnType): boolean {
  return NUMERIC_TYPES.includes(type);
}

/**
 * Builds the cards of a table's columns, in order. sqlNames are unique within the table.
 * A currency named in the title or notes ("All figures in EUR") applies to money-like
 * measures without a unit; a pivot titled "Count of …" makes its plain integers counts.
 * Weighted averages point at the column they are a rate of: a margin at the revenue
 * (or other money) column, a score at a response count, a conversion rate at visits.
 */
export function buildColumnCards(columns: ColumnInput[], context: CardContext = {}): ColumnCard[] {
  const sqlNames = uniqueSqlNames(columns.map((column) => toSqlName(column.name)));
  const tableCurrency = currencyIn([context.title ?? '', ...(context.notes ?? [])].join(' '));
  const counts = /^\s*(count of|anzahl von|nombre de|cuenta de|conteggio di)\b/i.test(context.title ?? '');
  const cards = columns.map((column, index) => describeColumn(column, sqlNames[index], counts ? undefined : tableCurrency));
  if (counts) {
    for (const card of cards) if (card.concept === 'measure' && card.unit === undefined && card.type === 'integer') card.unit = 'count';
  }
  assignWeights(cards);
  markStatedAverages(cards);
  assignPeriods(cards);
  markSnapshots(cards);
  return cards;
}

function describeColumn(column: ColumnInput, sqlName: string, tableCurrency: string | undefined): ColumnCard {
  const { name, typed } = column;
  const card: ColumnCard = {
    name,
    sqlName,
    sourceColumn: column.sourceColumn,
    type: typed.type,
    concept: conceptOfRemembered(name, typed),
    aggregation: 'none',
  };
  if (column.derived) card.derived = column.derived;
  if (column.isAggregateColumn) card.isAggregateColumn = true;
  if (typed.dateOrder) card.dateOrder = typed.dateOrder;
  if (typed.assumedDayFirst !== undefined) card.assumedDayFirst = typed.assumedDayFirst;
  if (typed.invalidCount > 0) card.invalidCount = typed.invalidCount;
  const qualifier = qualifierOf(name);
  if (qualifier) card.qualifier = qualifier;
  if (card.concept === 'measure') {
    const unit = unitOf(name, typed, tableCurrency);
    if (unit.unit) card.unit = unit.unit;
    if (unit.currency) card.currency = unit.currency;
    card.aggregation = baseAggregation(name, card.unit);
  }
  return card;
}

/** Concepts already read, per evidence and name: a table's columns are carded twice over the same evidence. */
const conceptMemo = new WeakMap<TypedColumnEvidence, Map<string, ColumnConcept>>();

function conceptOfRemembered(name: string, typed: TypedColumnEvidence): ColumnConcept {
  let byName = conceptMemo.get(typed);
  if (byName === undefined) conceptMemo.set(typed, (byName = new Map()));
  let concept = byName.get(name);
  if (concept === undefined) byName.set(name, (concept = conceptOf(name, typed)));
  return concept;
}

function conceptOf(name: string, typed: TypedColumnEvidence): ColumnConcept {
  if (typed.type === 'date') return 'date';
  // "#" over 1, 2, 3 … n: the rows' numbers, not a count of anything (a "#" of responses repeats and skips)
  // "#" or a column with no header ("Column 1", the name given to it) holding 1, 2 … n: the rows' numbers, nothing to add up
  if ((name.trim() === '#' || /^Column \d+$/.test(name.trim())) && numbersTheRows(typed.values)) return 'identifier';
  if (isIdentifierName(name) && !isMoneyName(name)) return 'identifier';
  if (typed.type === 'boolean') return 'dimension';
  const filled = () => typed.values.filter((value) => value !== null && value !== '');
  if (isNumericType(typed.type)) {
    if (isUnitCodeName(name)) return 'identifier'; // "Cost Center" 100, 101 …: the numbers of units, not costs
    if (isOrdinalName(name)) return 'dimension';
    const named = isYearName(name) || (typed.type === 'integer' && periodOf(name) === undefined && /^(period|periode|zeitraum)$/i.test(name.trim()));
    if (!named) return 'measure';
    const values = filled();
    const years = values.every((value) => typeof value === 'number' && Number.isInteger(value) && value >= 1500 && value <= 2100);
    return values.length > 0 && years ? 'dimension' : 'measure';
  }
  const texts = filled().map((value) => String(value));
  if (texts.length > 0 && texts.every((text) => /^\d+$/.test(text)) && texts.some((text) => text.length > 1 && text.startsWith('0'))) return 'identifier';
  // Distinct values are counted only where a rule needs them (a set of a million texts is not free).
  let distinct: number | undefined;
  const distinctCount = () => (distinct ??= new Set(texts).size);
  if (texts.length >= 5 && texts.every((text) => /^[A-Za-z]{0,6}[-_/]?\d{2,}[A-Za-z]?$/.test(text)) && distinctCount() === texts.length) return 'identifier';
  if (isFreeTextName(name)) return 'text';
  // a cell's first line is what it names ("Baldo Prokurica\n(Vice-President, March 1, 2011–March 20, 2012)"): notes on the lines below
  // make no names column free text
  const averageLength = texts.reduce((sum, text) => sum + (text.trim().split('\n')[0] ?? '').trim().length, 0) / Math.max(1, texts.length);
  if (averageLength > 60) return 'text';
  if (texts.length >= 20 && averageLength > 25 && distinctCount() > 0.9 * texts.length) return 'text';
  return 'dimension';
}

function unitOf(name: string, typed: TypedColumnEvidence, tableCurrency: string | undefined): { unit?: string; currency?: string } {
  if (typed.type === 'percent' || isPercentName(name) || typed.unit === '%' || typed.unit === 'percent') return { unit: 'percent' };
  if (typed.currency === 'mixed') return { unit: 'mixed_currency', currency: 'mixed' };
  // Stopwatch times were read as seconds whatever the header says ("Time", "Points").
  if (typed.unit === 'seconds') return { unit: 'seconds' };
  const currency = currencyIn(name) ?? typed.currency;
  if (currency) return { unit: 'currency', currency };
  if (isScoreName(name)) return { unit: 'score' };
  if (isCountName(name) && !(isStatedAverageName(name) && isMoneyName(name))) return { unit: 'count' };
  if (isMoneyName(name)) return tableCurrency ? { unit: 'currency', currency: tableCurrency } : { unit: 'currency' };
  if (typed.unit) return { unit: typed.unit };
  if (tableCurrency && !isAverageName(name)) return { unit: 'currency', currency: tableCurrency };
  return {};
}

function baseAggregation(name: string, unit: string | undefined): Aggregation {
  if (unit === 'percent' || unit === 'mixed_currency') return 'none';
  if (isRateName(name)) return 'none';
  if (unit === 'score') return 'avg';
  if (isAverageName(name)) return 'avg';
  return 'sum';
}

/** Names of a quantity per unit of area: "Pop. density (per km²)", "Density (/mi²)", "Inhabitants per sq mi". */
const DENSITY_NAME = /\bdensity\b|\bper\s*(km|sq|square|mi|hectare|ha|acre)|\/\s*(km|mi|sq)/i;
/** Names of a speed: an average of it is over the time taken, never over a count of laps or trips. */
const SPEED_NAME = /\b(speed|mph|km\/h|kmh|kph|velocity|pace)\b/i;
/** Names of an area: "Area (km²)", "Land area (sq mi)", "Surface". */
const AREA_NAME = /\b(area|surface)\b|km²|km2|sq\.?\s*mi/i;

/** True when the filled values are the whole numbers 1 … n, each once (a numbering of rows; at least 3). */
function numbersTheRows(values: readonly unknown[]): boolean {
  const filled = values.filter((value) => value !== null && value !== '');
  if (filled.length < 3 || !filled.every((value) => typeof value === 'number' && Number.isInteger(value))) return false;
  const numbers = filled as number[];
  return new Set(numbers).size === numbers.length && Math.min(...numbers) === 1 && Math.max(...numbers) === numbers.length;
}

/** Picks the column a rate or score is weighted by; rates without a base stay `none`. */
function assignWeights(cards: ColumnCard[]): void {
  const additive = cards.filter((card) => card.concept === 'measure' && card.aggregation === 'sum' && !card.isAggregateColumn);
  for (const card of cards) {
    if (card.concept !== 'measure') continue;
    let weight: ColumnCard | undefined;
    // "Pop. density (per km²)": a quantity per unit of area averages over the area (total population over total area),
    // never over a count of anything else (No. of Barangays); with no area column beside it, its plain mean stays
    if (DENSITY_NAME.test(card.name)) {
      // … the one area column, or the land area of several (never the water area)
      const areas = additive.filter((other) => other !== card && AREA_NAME.test(other.name));
      const area = areas.length === 1 ? areas[0] : areas.find((other) => /\bland\b/i.test(other.name));
      if (area) {
        card.aggregation = 'weighted_avg';
        card.weightBy = area.sqlName;
      }
      continue;
    }
    if (card.unit === 'percent') {
      if (isMarginName(card.name)) weight = preferredMoney(additive);
      else if (/conversion|click|ctr|cvr|open|bounce|response|engagement/i.test(card.name)) weight = additive.find((other) => isTrafficName(other.name));
    } else if (card.unit === 'score') {
      weight = additive.find((other) => isResponseCountName(other.name) && other.type === 'integer');
    } else if (card.aggregation === 'avg' && nameWords(card.name).some((word) => ['price', 'preis', 'prix', 'precio', 'prezzo'].includes(word))) {
      weight = additive.find((other) => /^(quantity|qty|units|menge|anzahl|stuck|pieces|cantidad|quantita|aantal)$/.test(nameWords(other.name)[0] ?? ''));
    } else if (card.aggregation === 'avg' && isStatedAverageName(card.name) && !SPEED_NAME.test(card.name)) {
      weight = baseCount(additive);
    }
    // "Average of Price" with no quantity column: the count of entries each average is taken over.
    // (A speed averages over the time taken, which no count column is: "Average Speed (mph)" beside Laps stays unweighted.)
    if (weight === undefined && card.aggregation === 'avg' && isStatedAverageName(card.name) && !SPEED_NAME.test(card.name)) weight = baseCount(additive);
    // "% of constituency votes" beside "# of constituency votes": the count is the share's part, not its base (the whole is
    // not in the table), so no column weights it
    // … and "% of State Population": a part of a whole no column holds, which no count in the table is the base of
    const partBeside = card.unit === 'percent' && (SHARE_OF_WHOLE.test(card.name.trim()) || additive.some((other) => other !== card && sameCountedThing(card.name, other.name)));
    if (weight === undefined && card.unit === 'percent' && !isMarginName(card.name) && isRateName(card.name) && !isShareName(card.name) && !partBeside) {
      weight = baseCount(additive);
    }
    if (weight !== undefined && weight !== card) {
      card.aggregation = 'weighted_avg';
      card.weightBy = weight.sqlName;
    }
  }
}

/** Names of a share of a whole: "% of State Population", "Percentage of votes", "Share of GDP". */
const SHARE_OF_WHOLE = /^(%|percent|percentage|pct\.?|share)\s+of\b/i;

/** Words that say only "number of" or "share of" in a name ("# of", "No. of", "% of", "Number of"). */
const COUNT_OR_SHARE_WORDS = new Set(['no', 'number', 'num', 'count', 'of', 'percent', 'percentage', 'pct', 'share', 'total']);

/** True when two names count the same thing apart from a count or share marker: "% of popular votes" and "Number of popular votes". */
function sameCountedThing(a: string, b: string): boolean {
  const thing = (name: string): string => nameWords(name).filter((word) => !COUNT_OR_SHARE_WORDS.has(word)).join(' ');
  return thing(a) !== '' && thing(a) === thing(b);
}

/** A share of a whole (Share %, Anteil) adds up to the whole; it has no base count to weight by. */
function isShareName(name: string): boolean {
  return nameWords(name).some((word) => ['share', 'anteil', 'aandeel', 'part', 'cuota'].includes(word));
}

/** The count a stated average or rate is taken over: an additive integer count column (Employees, Orders, Calls, Rooms). */
function baseCount(additive: ColumnCard[]): ColumnCard | undefined {
  const integers = additive.filter((card) => card.type === 'integer' && card.unit !== 'currency' && !isMoneyName(card.name));
  // A pivot's "Sum of Gross MW" beside its "Average of Price" is a total, not the count of entries averaged.
  return integers.find((card) => card.unit === 'count') ?? integers.find((card) => card.unit === undefined && !isSumName(card.name));
}

/** A pivot's sum column: "Sum of MW", "Total MW". */
function isSumName(name: string): boolean {
  const first = nameWords(name)[0];
  return first === 'sum' || first === 'total' || first === 'summe';
}

/** Words that open or close the name of a column holding one average per row: "Average of Price" (a pivot's output), "Avg Price". */
const STATED_AVERAGE_WORDS = ['average', 'avg', 'mean', 'durchschnitt', 'mittelwert', 'moyenne', 'promedio', 'media'];

/**
 * A column already holding one average per row ("Average of Price": a pivot's output; "Avg
 * Price") that no count column weights: its plain mean over rows is an average of averages, not
 * the average of the entries behind them (a pivot's Grand Total says otherwise). Its aggregation
 * becomes `none` and its qualifier `stated_average`: the planner declines its average, and
 * validation checks a stated grand average against the rows (`validate-table.ts`).
 */
function markStatedAverages(cards: ColumnCard[]): void {
  for (const card of cards) {
    if (card.concept !== 'measure' || card.aggregation !== 'avg') continue;
    const words = nameWords(card.name);
    if (!STATED_AVERAGE_WORDS.includes(words[0] ?? '') && !STATED_AVERAGE_WORDS.includes(words[words.length - 1] ?? '')) continue;
    card.aggregation = 'none';
    card.qualifier ??= 'stated_average';
  }
}

function preferredMoney(additive: ColumnCard[]): ColumnCard | undefined {
  const money = additive.filter((card) => card.unit === 'currency' || isMoneyName(card.name));
  const revenue = money.find((card) => nameWords(card.name).some((word) => ['revenue', 'revenues', 'sales', 'umsatz', 'turnover', 'erlos', 'erlose', 'ventas', 'ricavi', 'omzet', 'ingresos', 'amount', 'betrag'].includes(word)));
  return revenue ?? money[0];
}

/** Sets `period` on numeric columns named as periods, when there are at least two of them. */
function assignPeriods(cards: ColumnCard[]): void {
  const periodic = cards.filter((card) => card.derived === undefined && isNumericType(card.type) && periodOf(card.name) !== undefined);
  if (periodic.length < 2) return;
  for (const card of periodic) {
    card.period = periodOf(card.name);
    if (card.concept !== 'measure') {
      card.concept = 'measure';
      card.aggregation = 'sum';
    }
  }
}

/**
 * Marks point-in-time measures (headcount, FTE, stock, inventory, on hand, balance, backlog,
 * open tickets; employees when rows carry a date) with `qualifier: 'snapshot'`: they add up
 * across entities at one date, never across dates.
 */
function markSnapshots(cards: ColumnCard[]): void {
  const dated = cards.some((card) => card.concept === 'date' || nameWords(card.name).some((word) => DATE_WORDS.includes(word)));
  for (const card of cards) {
    if (card.concept !== 'measure' || card.qualifier !== undefined || card.unit === 'percent') continue;
    const words = nameWords(card.name);
    const joined = ` ${words.join(' ')} `;
    const snapshot = words.some((word) => SNAPSHOT_WORDS.includes(word))
      || [' head count ', ' on hand ', ' open tickets ', ' open orders ', ' open items '].some((phrase) => joined.includes(phrase))
      || (dated && words.some((word) => ['employees', 'staff', 'mitarbeiter', 'beschaftigte'].includes(word)));
    if (snapshot) card.qualifier = 'snapshot';
  }
}

const SNAPSHOT_WORDS = ['headcount', 'fte', 'ftes', 'stock', 'inventory', 'onhand', 'balance', 'backlog', 'bestand', 'lagerbestand', 'saldo', 'kontostand'];
const DATE_WORDS = ['date', 'month', 'quarter', 'period', 'week', 'datum', 'monat', 'quartal', 'mois', 'mes', 'mese', 'maand', 'asof'];

