/**
 * Tables laid out the other way round: each row is a measure, named in the first column
 * ("Mean monthly sunshine hours", "Precipitation mm (inches)", "Average high °C (°F)"), and
 * each further column is a month (Jan … Dec) or a year (2008, 2009 …), often with a closing
 * Year/Annual/Total column. A climate table of Wikipedia is the common case. Questions name
 * the row by its words without its units and qualifiers ("the sunshine hours in September",
 * "the average high in July") and the column by a date phrase, so the row label is matched
 * leniently here: every content word of one label must be said, units and qualifier words
 * (mean, average, monthly …) may be left out. The unit asked of a cell written in two units is
 * read here too (`measure-row-units.ts`), and a count of the layout's months or years by a
 * condition (`countsLayoutColumns`); nothing else of the question is explained here.
 * @module agent/planner/measure-rows
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { headerMonthNumber } from './date-phrases.js';
import { conceptOf, foldText, tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { askedCellUnit, cellPart, labelUnits, type CellPart } from './measure-row-units.js';
import type { TableProfile } from './table-profile.js';

/** One month or year column of a measure-row table. */
export interface LayoutColumn {
  column: CatalogColumn;
  label: string;
  /** 1-based month, for a month layout. */
  month?: number;
  /** The calendar year, for a year layout. */
  year?: number;
  /** 1-based place among the layout's period columns. */
  order: number;
}

/** A table whose rows are measures and whose columns are months or years. */
export interface MeasureRowLayout {
  /** The first column: one measure name per row, every one different. */
  key: CatalogColumn;
  kind: 'month' | 'year';
  /** The month or year columns, in sheet order (a closing Year/Total column is not among them). */
  columns: LayoutColumn[];
  /** A month layout's closing Year/Annual column: the year's figure of each row. */
  closing?: LayoutColumn;
}

/** A row of a measure-row table the question names, and the column its date phrase names. */
export interface MeasureRowMatch {
  layout: MeasureRowLayout;
  /** `key = 'Mean monthly sunshine hours'`, with the question tokens that named it. */
  row: Filter;
  /** The column the date phrase names ("in September" → Sep); undefined when none is named. */
  column?: LayoutColumn;
  /** "which month", "in what year": the question asks for one of the layout's columns. */
  asksColumn: boolean;
  /** Tokens this match explains: the row's words, the date phrase, "which month", the unit asked. */
  tokens: number[];
  /** Which number of a two-unit cell is read ("37.1\n(2.8)" under "°F (°C)"): the first unless the second's unit is asked. */
  part: CellPart;
  /** The unit of the number read, when the row's label names one. */
  unit?: string;
}

/** Headers closing a row of months or years with its year's figure. */
const CLOSING_HEADERS = /^(year|annual|total|yearly|year total|avg|average|mean|sum)$/;
/** Of those, the ones that say the figure is the year's: "Year", "Annual". */
const YEAR_HEADERS = /^(year|annual|yearly|year total)$/;
/** Words asking for a month layout's figure of the whole year: "the yearly precipitation", "the annual mean", "for the year". */
const YEAR_WORDS = new Set(['year', 'yearly', 'annual', 'annually']);
/** Words asking for a month's figure: "monthly", "per month". */
const MONTH_WORDS = new Set(['month', 'months', 'monthly']);
/** Words of a measure's name a question may leave out: how it was aggregated, over what. */
const QUALIFIERS = new Set(['average', 'avg', 'mean', 'monthly', 'daily', 'yearly', 'annual', 'total', 'number', 'no']);
/** Unit words measure names carry ("Precipitation mm", "Average high °C"). */
const UNITS = new Set(['c', 'f', 'mm', 'cm', 'm', 'km', 'in', 'inch', 'inches', 'ft', 'mi', 'kwh', 'mj', 'hpa', 'mb', 'kt', 'kn', 'mph', 'kmh', 'pct', 'percent']);
const STOP = new Set(['of', 'the', 'a', 'an', 'per', 'and', 'with', 'for']);
/** Words of an extreme ever measured, which a row of averages never holds ("Record high", "Extreme low", "Absolute maximum"). */
const RECORD_WORDS = new Set(['record', 'records', 'extreme', 'extremes', 'absolute']);
const QUALIFIER_STEMS = new Set([...QUALIFIERS].map((w) => tokensOf(w)[0].stem));

/**
 * The layout of `profile` when its rows are measures: a first text column with a different,
 * filled value in each of at least two rows, then at least three columns all named by a month
 * (Jan, February, Sept.) or all by a year, and at most closing Year/Annual/Total columns.
 * @returns undefined for every other table
 */
export function measureRowLayout(profile: TableProfile): MeasureRowLayout | undefined {
  const table = profile.table;
  const own = table.columns.filter((c) => c.derived === undefined);
  const key = own[0];
  if (!key || key.type !== 'text' || table.rowCount < 2 || !key.profile.distinct) return undefined;
  if (key.profile.nullCount > 0 || key.profile.distinctCount !== table.rowCount) return undefined;
  const columns: LayoutColumn[] = [];
  let closing: LayoutColumn | undefined;
  for (const column of own.slice(1)) {
    const name = foldText(column.name).trim().replace(/\.$/, '');
    const month = headerMonthNumber(name);
    const year = /^(1[5-9]|20)\d{2}$/.test(name) ? Number(name) : undefined;
    if (month !== undefined || year !== undefined) columns.push({ column, label: column.name, order: columns.length + 1, ...(month !== undefined ? { month } : { year }) });
    else if (!CLOSING_HEADERS.test(name)) return undefined;
    else if (YEAR_HEADERS.test(name) && !closing) closing = { column, label: column.name, order: 0 };
  }
  if (columns.length < 3) return undefined;
  const kind = columns.every((c) => c.month !== undefined) ? 'month' : columns.every((c) => c.year !== undefined) ? 'year' : undefined;
  if (!kind) return undefined;
  const periods = columns.map((c) => c.month ?? c.year);
  if (new Set(periods).size !== periods.length) return undefined;
  return { key, kind, columns, ...(kind === 'month' && closing ? { closing } : {}) };
}

/**
 * "How many months have an average high over 70", "in how many years did exports exceed 5": a
 * count of the layout's own months or years with a condition on numbers, which only the cells of
 * a row answer (`measure-row-cells.ts`), never a condition on one column of the table.
 */
export function countsLayoutColumns(parsed: ParsedQuestion, layout: MeasureRowLayout): boolean {
  const noun = parsed.countNounAt !== undefined ? parsed.tokens[parsed.countNounAt] : undefined;
  return parsed.countWords && parsed.comparisons.length > 0 && noun?.stem === layout.kind;
}

/** The words of one measure name: those a question must say, and all it may say. */
function labelWords(label: string): { content: string[]; all: Set<string> } {
  const all = new Set(tokensOf(label).filter((t) => !STOP.has(t.norm) && !/\d/.test(t.norm)).map((t) => t.stem));
  // what brackets hold is a unit or a condition ("(°F)", "(≥ 1.0 mm)"), never the measure itself
  const main = tokensOf(label.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')).filter((t) => !STOP.has(t.norm) && !UNITS.has(t.norm) && !/\d/.test(t.norm));
  const content = [...new Set(main.filter((t) => !QUALIFIER_STEMS.has(t.stem)).map((t) => t.stem))];
  return { content: content.length > 0 ? content : [...new Set(main.map((t) => t.stem))], all };
}

/**
 * The row a question names in a measure-row table, read leniently (units and qualifiers may be
 * left out), and the column its date phrase names. Runs only over words no other part of the
 * matching explained (a label the question spells in full is an ordinary value): at least one
 * content word of the row must be such a word. Qualifier words the question said that the
 * parser read as operations ("mean", "monthly") belong to the row when its name has them.
 * @param covered tokens already explained by the table's columns, values and so on
 * @returns undefined when the table is no measure-row table or no row is named;
 *   a problem when two rows fit equally or the date phrase names no column of the layout
 */
export function matchMeasureRow(parsed: ParsedQuestion, profile: TableProfile, covered: Set<number>): { match?: MeasureRowMatch; problem?: string; explained?: number[] } | undefined {
  const layout = measureRowLayout(profile);
  if (!layout) return undefined;
  const dateTokens = new Set(parsed.dateTokens.flat());
  const countsLayout = countsLayoutColumns(parsed, layout);
  const usable = parsed.tokens.filter((t) => !dateTokens.has(t.index) && (!covered.has(t.index) || countsLayout || (parsed.consumed.has(t.index) && QUALIFIER_STEMS.has(t.stem))));
  const same = (a: string, b: string): boolean => a === b || conceptOf(a) === conceptOf(b);
  const fits: { value: string; tokens: number[] }[] = [];
  // "the record high" is no "Average high", and "the average high" no "Record high": a record said or written must be both
  // ("the all-time high", "the recorded high" ask for the record too)
  const recordAsked = parsed.tokens.some((t) => !dateTokens.has(t.index) && (RECORD_WORDS.has(t.norm) || t.norm === 'recorded' || (t.norm === 'time' && parsed.tokens[t.index - 1]?.norm === 'all')));
  for (const value of (layout.key.profile.distinct ?? []).map(String)) {
    const { content, all } = labelWords(value);
    if (content.length === 0 || !content.every((stem) => usable.some((t) => same(t.stem, stem)))) continue;
    if (tokensOf(value).some((t) => RECORD_WORDS.has(t.norm)) !== recordAsked) continue;
    const tokens = usable.filter((t) => [...all].some((stem) => same(t.stem, stem))).map((t) => t.index);
    // every word was explained otherwise (the label spelled in full is an ordinary value): not this reading, unless the
    // question counts the layout's months or years by a condition, which only the row's cells answer
    if (!tokens.some((t) => !covered.has(t)) && !countsLayout) continue;
    fits.push({ value, tokens });
  }
  if (fits.length === 0) return undefined;
  const most = Math.max(...fits.map((f) => f.tokens.length));
  const best = fits.filter((f) => f.tokens.length === most);
  if (best.length > 1) return { problem: `the question could name several rows of ${profile.table.sqlName} (${best.map((f) => `'${f.value}'`).join(', ')})` };
  const chosen = best[0];
  const key = layout.key;
  const row: Filter = {
    sql: `${sqlIdentifier(key.sqlName)} = ${sqlLiteral(chosen.value)}`, text: `${key.name} = '${chosen.value}'`,
    tokens: chosen.tokens, column: key, values: [{ value: chosen.value, tokens: chosen.tokens }],
  };
  const tokens = [...chosen.tokens];
  // "over 70 degrees fahrenheit" of "Average high °F (°C)": the unit asked says which of a cell's two numbers is read
  const units = labelUnits(chosen.value);
  // (whatever else read the word: a unit the label writes in brackets is among the row's own words, "the rainfall in
  // inches" of "Rainfall mm (inches)", and the words of a unit asked are read as such by `measure-units.ts` too)
  const asked = askedCellUnit(parsed, chosen.value, (i) => !dateTokens.has(i));
  const read = asked.problem ? { problem: asked.problem } : cellPart(chosen.value, asked.unit);
  // (the row and unit words are explained, so the decline says what is unclear, not "could not map")
  if (!read.part) return { problem: read.problem, explained: [...tokens, ...asked.tokens] };
  tokens.push(...asked.tokens.filter((t) => !tokens.includes(t)));
  const unit = read.part === 'bracket' ? units.bracket : units.main;
  if (parsed.dates.length > 1) return { problem: `several date phrases (${parsed.dates.map((d) => `'${d.text.trim()}'`).join(', ')}) over the columns of ${profile.table.sqlName}` };
  const phrase = parsed.dates[0];
  let column: LayoutColumn | undefined;
  if (phrase) {
    column = columnOfPhrase(layout, phrase);
    if (!column) return { problem: `'${phrase.text.trim()}' names no one column of ${profile.table.sqlName} (${layout.columns[0].label} … ${layout.columns[layout.columns.length - 1].label})` };
    tokens.push(...parsed.dateTokens[0]);
  }
  // "the yearly precipitation", "the total rainfall for the year": the closing Year column, the row's figure for the year
  // (not "by year", "per year", "each year": a breakdown or rate the one Year cell is not)
  const yearWords = parsed.tokens.filter((t) => YEAR_WORDS.has(t.norm) && !dateTokens.has(t.index) && !tokens.includes(t.index)
    && !(t.norm === 'year' && ['by', 'per', 'each', 'every', 'a'].includes(parsed.tokens[t.index - 1]?.norm ?? '')));
  // (never "which year", which asks for a column: a month layout has none of years)
  // (nor "the average monthly rainfall over the year", "per month": a month's figure, which the Year column is not)
  const monthly = parsed.tokens.some((t) => MONTH_WORDS.has(t.norm) && !tokens.includes(t.index) && !dateTokens.has(t.index));
  if (!phrase && layout.closing && !monthly && yearWords.length === 1 && !parsed.groupAt.some((g) => g.at === yearWords[0].index && g.keyword !== 'by')) {
    column = layout.closing;
    tokens.push(yearWords[0].index);
  }
  // "which month", "what year": the columns are what is asked for
  let asksColumn = false;
  for (const { at, keyword } of parsed.groupAt) {
    const word = parsed.tokens[at];
    if ((keyword !== 'which' && keyword !== 'what') || word?.stem !== layout.kind) continue;
    asksColumn = true;
    tokens.push(at);
  }
  return { match: { layout, row, ...(column ? { column } : {}), asksColumn, tokens, part: read.part, ...(unit ? { unit } : {}) } };
}

/** The one column a date phrase names: a month without a year over months, a whole year over years. */
function columnOfPhrase(layout: MeasureRowLayout, phrase: ParsedQuestion['dates'][number]): LayoutColumn | undefined {
  if (layout.kind === 'month') {
    const month = phrase.partial?.month;
    if (month === undefined || phrase.partial?.fromDay || phrase.partial?.toDay) return undefined;
    return layout.columns.find((c) => c.month === month);
  }
  if (phrase.partial || !phrase.from || !phrase.to || !phrase.from.endsWith('-01-01') || !phrase.to.endsWith('-01-01')) return undefined;
  const first = Number(phrase.from.slice(0, 4));
  if (Number(phrase.to.slice(0, 4)) !== first + 1) return undefined;
  return layout.columns.find((c) => c.year === first);
}

/**
 * "How many months are there?" over a climate box whose first column is headed "Month" but
 * names a measure on each row: the months are the table's columns, so a count of its rows (or
 * of that column's values) counts measures. The problem to decline with, or undefined when the
 * table has no such layout or the question counts no months or years.
 */
export function layoutNounProblem(parsed: ParsedQuestion, spec: { match: { profile: TableProfile }; measure: { kind: string }; cells?: unknown }): string | undefined {
  // … a count of the cells of one measure row ("how many months have an average high over 70") counts months
  if (spec.cells !== undefined || (spec.measure.kind !== 'count' && spec.measure.kind !== 'countDistinct')) return undefined;
  const layout = measureRowLayout(spec.match.profile);
  const noun = parsed.countNounAt !== undefined ? parsed.tokens[parsed.countNounAt] : undefined;
  if (!layout || noun?.stem !== layout.kind) return undefined;
  const first = layout.columns[0].label;
  const last = layout.columns[layout.columns.length - 1].label;
  return `the ${layout.kind}s of ${spec.match.profile.table.sqlName} are its columns (${first} … ${last}), not its rows, so counting rows counts something else; ask for a condition on one row ("how many ${layout.kind}s have … over …")`;
}
