/**
 * Guards that keep the planner from a confident wrong number: "distinct" asks for distinct
 * values, a count noun explained only by a table's title must be what its rows are, "how many
 * X were sold" adds up a quantity column, and totals never add up non-additive measures,
 * point-in-time values (headcount, stock, balance) across dates, or mixed currencies, nor a
 * statement's sections that its own result line nets against each other.
 * @module agent/planner/measure-guards
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import { isFiller } from './match-table.js';
import { conceptOf, stemWord, tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { GroupKey } from './find-group.js';
import type { Measure } from './measures.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { LABEL_TIME_WORDS, TALLIED_NOUNS } from './vocabulary.js';

const DISTINCT_WORDS = new Set(['distinct', 'different', 'unique']);
const SOLD_WORDS = new Set(['sold', 'sell', 'sells', 'selling', 'bought', 'buy', 'buys', 'purchased', 'purchase', 'ordered', 'shipped', 'delivered']);
const GENERIC_TITLE_WORDS = new Set(['tracker', 'log', 'list', 'report', 'data', 'sheet', 'register', 'export', 'table', 'overview', 'summary', 'master', 'file', 'csv', 'xlsx', 'sheet1', 'final', 'copy', 'v', 'new', 'old']);
const CLAUSE_AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'was', 'were', 'is', 'are', 'will']);
const QUANTITY_CONCEPT = conceptOf(stemWord('quantity'));
const SNAPSHOT_NAME = /\b(head ?count|headcount|fte|stock|inventory|on hand|balance|open tickets?|backlog|outstanding|closing|opening)\b/i;

/** "how many distinct/different/unique …" was asked. */
export function distinctAsked(parsed: ParsedQuestion): boolean {
  return parsed.tokens.some((t) => DISTINCT_WORDS.has(t.norm));
}

/** The first content token after "how many"/"number of", if any. */
export function countNounToken(parsed: ParsedQuestion): number | undefined {
  if (parsed.countNounAt === undefined) return undefined;
  for (let index = parsed.countNounAt; index < parsed.tokens.length && index <= parsed.countNounAt + 2; index++) {
    // "how many times did Weirather …": the noun phrase ends at the auxiliary; what follows is its subject
    if (CLAUSE_AUXILIARIES.has(parsed.tokens[index].norm)) return undefined;
    if (!isFiller(parsed, index)) return index;
  }
  return undefined;
}

/**
 * "How many customers?" over a feedback sheet titled "Customer Feedback Tracker": the counted
 * word is explained only by the title, file or sheet name, and is not what the rows are (the
 * head noun of those names). Returns the word when counting rows would answer another question.
 */
export function countNounNotRows(parsed: ParsedQuestion, match: TableMatch): string | undefined {
  const index = countNounToken(parsed);
  if (index === undefined) return undefined;
  if (match.mentions.some((m) => m.tokens.includes(index))) return undefined;
  if (match.filters.some((f) => f.tokens.includes(index)) || match.dateFilter?.tokens.includes(index)) return undefined;
  if (parsed.dateTokens.some((d) => d.includes(index))) return undefined;
  const token = parsed.tokens[index];
  const table = match.profile.table;
  if (!match.profile.contextStems.has(token.stem) || match.profile.fileNames.has(token.norm)) return undefined;
  const heads = new Set<string>();
  for (const name of [table.file.replace(/\.[a-z0-9]+$/i, ''), table.sheet, table.title, table.label]) {
    if (!name) continue;
    const words = tokensOf(name.replace(/_/g, ' ')).filter((t) => /[a-z]/.test(t.norm) && !GENERIC_TITLE_WORDS.has(t.norm) && !/\d/.test(t.norm));
    const head = words[words.length - 1];
    if (head) heads.add(head.stem);
  }
  return heads.has(token.stem) ? undefined : token.norm;
}

/** "How many Office Chairs were sold": the one additive quantity column, when a selling word was said. */
export function soldQuantityColumn(parsed: ParsedQuestion, match: TableMatch): CatalogColumn | undefined {
  if (!parsed.tokens.some((t) => SOLD_WORDS.has(t.norm))) return undefined;
  const quantities = match.profile.columns.filter(
    (c) => c.numeric && c.column.aggregation === 'sum' && c.column.derived === undefined && c.stems.some((s) => conceptOf(s) === QUANTITY_CONCEPT),
  );
  return quantities.length === 1 ? quantities[0].column : undefined;
}

/** A point-in-time value (headcount, stock on hand, balance, open tickets): never added up across dates. */
export function isSnapshot(column: CatalogColumn): boolean {
  return column.qualifier === 'snapshot' || SNAPSHOT_NAME.test(column.name.replace(/_/g, ' '));
}

/** A column holding amounts in several currencies. */
export function isMixedCurrency(column: CatalogColumn): boolean {
  return column.unit === 'mixed_currency' || column.currency?.toLowerCase() === 'mixed';
}

/** Why `column` cannot be summed, or undefined. */
export function sumProblem(column: CatalogColumn): string | undefined {
  if (isMixedCurrency(column)) return `${column.name} mixes several currencies, so its values cannot be added up`;
  if (column.aggregation !== 'sum') return `${column.name} cannot be totalled (${column.aggregation === 'avg' ? 'it is a per-entry score' : column.aggregation === 'weighted_avg' ? 'it is a rate, averaged weighted' : 'it is not additive'})`;
  return undefined;
}

/**
 * Sum of an additive column, refused for mixed currencies; a point-in-time column (headcount,
 * stock) is summed only within one date: across several dates the SQL yields no value, and
 * without a date filter or date grouping the question is declined.
 */
export function sumMeasure(match: TableMatch, column: CatalogColumn, group: GroupKey | undefined): { measure?: Measure; problem?: string } {
  const cannot = sumProblem(column);
  if (cannot) return { problem: cannot };
  if (!isSnapshot(column)) return { measure: { kind: 'column', fn: 'sum', column } };
  const profile = match.profile;
  const periodLabel = periodLabelColumn(profile);
  const dates = [...profile.dateColumns, ...(profile.yearColumn ? [profile.yearColumn] : []), ...(periodLabel ? [periodLabel] : [])];
  if (dates.length === 0 && profile.periods.length === 0) return { measure: { kind: 'column', fn: 'sum', column } };
  if (dates.length !== 1) return { problem: `${column.name} is a point-in-time value and ${profile.table.sqlName} has several dates; it cannot be added up across them` };
  const byDate = group?.kind === 'column' && group.column === dates[0];
  const dated = match.filters.some((f) => f.column === dates[0] || f.column?.type === 'date' || (f.column !== undefined && f.column === profile.yearColumn));
  if (!byDate && !dated) return { problem: `${column.name} is a point-in-time value (a level, not a flow): adding it up across dates is meaningless; name one date` };
  const spanned = byDate ? 0 : dates[0] === periodLabel ? labelsKept(match, periodLabel) : datesInFilters(match, dates[0]);
  if (spanned > 1) return { problem: `${column.name} is a point-in-time value and the period asked spans ${spanned} dates of ${dates[0].name}; adding them up is meaningless, name one date` };
  return { measure: { kind: 'column', fn: 'sum', column, oneDate: dates[0] } };
}

/**
 * A union's label column whose labels are all periods (the "2023" and "2024" blocks of one
 * sheet, the Jan/Feb/Mar sheets): each label is a date of the rows, like a date column.
 */
function periodLabelColumn(profile: TableProfile): CatalogColumn | undefined {
  const label = profile.labelColumn;
  const labels = (label?.profile.distinct ?? []).map(String);
  if (!label || labels.length < 2) return undefined;
  return Object.values(LABEL_TIME_WORDS).some((pattern) => labels.every((value) => pattern.test(value))) ? label : undefined;
}

/** How many labels the filters on `label` keep (0 when none filters on it). */
function labelsKept(match: TableMatch, label: CatalogColumn): number {
  const on = match.filters.filter((f) => f.column === label && !f.negated);
  if (on.length === 0) return 0;
  return Math.min(...on.map((f) => f.values?.length ?? 1));
}

/** How many known distinct values of `date` the filters on it keep (0 when unknown). */
function datesInFilters(match: TableMatch, date: CatalogColumn): number {
  const distinct = date.profile.distinct;
  if (!distinct) return 0;
  const on = match.filters.filter((f) => f.column === date);
  if (on.length === 0) return 0;
  let kept = distinct.map(String);
  for (const filter of on) {
    const from = /(?:>=|>)\s*DATE '(\d{4}-\d{2}-\d{2})'/.exec(filter.sql)?.[1];
    const to = /<\s*DATE '(\d{4}-\d{2}-\d{2})'/.exec(filter.sql)?.[1];
    if (!from && !to) return 0;
    kept = kept.filter((d) => (!from || d.slice(0, 10) >= from) && (!to || d.slice(0, 10) < to));
  }
  return kept.length;
}

/**
 * A sum over the sections of a statement that nets them (`nettedSections`: a "Net profit" line
 * holds Total revenue − Total costs, both stated positive) is declined unless the question
 * filters or groups by its section: revenue plus costs is no figure of the sheet.
 */
export function nettedSectionsProblem(match: TableMatch, measure: Measure, group: GroupKey | undefined): string | undefined {
  const section = match.profile.sectionColumn;
  if (section === undefined) return undefined;
  const columns = measure.kind === 'column' && measure.fn === 'sum' ? [measure.column] : measure.kind === 'periods' ? measure.periods.map((period) => period.column) : [];
  const netted = columns.find((column) => column.nettedSections === true);
  if (netted === undefined) return undefined;
  if (match.filters.some((filter) => filter.column === section) || (group?.kind === 'column' && group.column === section)) return undefined;
  // "Gas sales in 2001": the lines the question names are the rows summed, not the whole statement
  if (match.filters.some((filter) => filter.values !== undefined && !filter.negated && filter.column !== undefined && filter.column.type === 'text')) return undefined;
  return `${netted.name} in ${match.profile.table.sqlName} holds sections that its own result line nets against each other (a difference of their totals), so their sum mixes signs; name a ${section.name.toLowerCase()}`;
}

/**
 * "how many seasons did he win" beside a Wins column: rows are counted, yet an additive measure
 * is named that the count would not use (the seasons with a win, or all of them?). The reason
 * to decline, or undefined when the named measure is the counted noun itself or none is named.
 * @param mention the measure the question names; @param countNoun the column the counted noun names
 */
export function measureBesideCount(mention: ColumnMention | undefined, countNoun: ColumnMention | undefined): string | undefined {
  if (!mention || mention === countNoun || mention.usedAsFilter || mention.viaMoney || mention.cellNoun !== undefined) return undefined;
  if (mention.info.column.aggregation !== 'sum') return undefined;
  return `the question counts rows but also names ${mention.info.column.name}, which the count would not use`;
}

/**
 * The mean of a column, or a decline when more than a third of the cells of a whole-number
 * column are blank: there a blank ("–" in a medal table, an empty count) often means none, and
 * the mean of the rest would be far off (5 filled of 8 rows: 3 against 1.875). A blank rate,
 * price or measurement is "not measured": the mean of the filled cells is what Excel's AVERAGE
 * and SQL's avg give, and the explanation says how many were left out.
 */
export function averageOf(column: CatalogColumn, rowCount: number): { measure?: Measure; problem?: string } {
  const blank = column.profile.nullCount;
  if (column.type === 'integer' && blank * 3 > rowCount) {
    return { problem: `${column.name} is blank in ${blank} of ${rowCount} rows: in a column of counts a blank may mean none, and an average of the filled cells would leave out more than a third` };
  }
  return { measure: { kind: 'column', fn: 'avg', column } };
}

/** Why the plain mean of a column of averages ("Average of Price", a pivot's output) is no answer. */
export function statedAverageProblem(column: CatalogColumn): string {
  return `${column.name} already holds one average per row; their plain mean is an average of averages, not the average over the entries behind them, and no count column says how many each row covers`;
}

/** True when a column's values are distinct whole numbers counting up from 1 with no gap and no blank: it numbers its rows. */
function numbersItsRows(column: CatalogColumn): boolean {
  const { min, max, distinctCount, nullCount } = column.profile;
  return column.type === 'integer' && min === 1 && typeof max === 'number' && nullCount === 0 && max === distinctCount && distinctCount >= 4;
}

/**
 * "how many locomotives" over a column named "Locomotive": the plural of a singular column name
 * counts rows (the column holds one per row, e.g. numbers), unlike "how many orders" over "Orders"
 * and "how many draws" over a numeric "Draw" (a tally of outcomes, `TALLIED_NOUNS`); never
 * "the number of registrations of minors" over "Registration of a minor child": a question that
 * also says the name's other words names that additive column's quantity, not rows.
 */
export function namesEntities(parsed: ParsedQuestion, mention: ColumnMention): boolean {
  const names = new Set(tokensOf(mention.info.column.name.replace(/_/g, ' ')).map((t) => t.norm));
  if (mention.info.numeric && mention.strength >= 2 && mention.info.column.aggregation === 'sum' && !numbersItsRows(mention.info.column)) return false;
  return mention.tokens.some((t, k) => {
    const word = parsed.tokens[t].norm;
    // "how many draws" over a Draw column of a standings table: a tally of outcomes, not things one row each
    // … unless the column numbers the rows ("Goal" 1, 2, 3 … in a list of goals: each row is one goal)
    if (mention.info.numeric && TALLIED_NOUNS.has(parsed.tokens[t].stem) && !numbersItsRows(mention.info.column)) return false;
    return mention.hits[k]?.exact && !names.has(word) && /s$/.test(word) && [...names].some((name) => !name.endsWith('s') && (word === `${name}s` || word === `${name}es` || word === `${name.slice(0, -1)}ies`));
  });
}

const TIME_NAME = /\b(date|dates|year|years|yr|time|day|days|week|weekend|month|season|period|quarter|eta|etd|when|dob|born|birth|died|death|launched|founded|established|opened|built|held|edition|start|started|end|ended|from|to|since|until)\b/i;

/**
 * "when is MV. LE MIN expected?", "when did he have his best finish?": a question that asks
 * *when* is answered by a date, a year or a column whose name says a time (Season, Launched,
 * Weekend), never by a count, a sum, an average, an amount, a place or a name (a serial
 * column "Expected to report" is no date, a Finish column no year, a film's title no time).
 * @param group the column the answer's labels come from, when the answer is grouped or ranked
 * @returns why the planned answer cannot answer a "when" question, or undefined when it can
 *   (or the question does not start with "when")
 */
export function whenProblem(parsed: ParsedQuestion, measure: Measure, yearColumn: CatalogColumn | undefined, group?: GroupKey): string | undefined {
  if (parsed.tokens[0]?.norm !== 'when') return undefined;
  const timeLike = (column: CatalogColumn): boolean => column.type === 'date' || column === yearColumn || TIME_NAME.test(column.name);
  if (group !== undefined) {
    if (group.kind === 'periods' || timeLike(group.column)) return undefined;
    return `'when' asks for a date or time, and the answer's labels would be ${group.column.name}, which is none`;
  }
  if (measure.kind === 'column' && measure.fn !== 'sum' && measure.fn !== 'avg' && timeLike(measure.column)) return undefined;
  const what = measure.kind === 'column' ? `${measure.fn === 'single' ? 'the value' : measure.fn} of ${measure.column.name}` : measure.kind === 'count' || measure.kind === 'countDistinct' ? 'a count' : 'an amount';
  return `'when' asks for a date or time, and the question maps to ${what}, which is none`;
}

/**
 * Why a query over a column of amounts in several currencies ("$20 million" beside "₹250 crore")
 * has no answer: an average, extreme, ranking or bound over such a column compares rupees with
 * dollars. Undefined when no mixed-currency column is measured or bounded (a lookup of one row's
 * value, "fn: single", reads it as written).
 */
export function mixedCurrencyProblem(spec: { measure: Measure; filters: Filter[] }): string | undefined {
  const measured = spec.measure.kind === 'column' && spec.measure.fn !== 'single' ? [spec.measure.column] : spec.measure.kind === 'columns' ? spec.measure.columns : spec.measure.kind === 'weighted' ? [spec.measure.column] : [];
  const bounded = spec.filters.filter((f) => f.column !== undefined && /[<>]/.test(f.sql)).map((f) => f.column as CatalogColumn);
  const mixed = [...measured, ...bounded].find((column) => isMixedCurrency(column));
  return mixed ? `${mixed.name} holds amounts in several currencies, so they cannot be compared or averaged` : undefined;
}

/**
 * The unit a row's label writes: its last bracket when it holds a unit and no number ("GDP
 * (billion US$)" → "billion us$", "Inflation (%)" → "%"), or "%" for a label that says percent;
 * '' when it writes none. A bracket with a number is the size of the thing ("Coffee beans (250
 * g)", "Marathon (42 km)"), and a code is a place ("Minneapolis (MN)"): neither is a unit of measure.
 */
function labelUnit(label: string): string {
  const bracket = /\(([^()]*)\)\s*$/.exec(label.trim())?.[1];
  // … nor a code in capitals, unless a currency's ("(PER)", "(KEN)" are nations; "(USD)" is a unit)
  const code = bracket !== undefined && /^[A-Z]{2,4}$/.test(bracket.trim()) && !CURRENCY_CODES.has(bracket.trim());
  if (bracket !== undefined && !/\d/.test(bracket) && !code && UNIT_WORDS.test(bracket)) return bracket.trim().toLowerCase();
  // "Unemployment rate %", "Share (percent)": never a number's own sign ("Skim Milk 1%", "10% off", "UST 2.5% 2030")
  return /(^|[^\d.\s])\s*%\s*$|\bpercent(age)?\b/i.test(label.trim()) ? '%' : '';
}

/** Currency codes a bracket may hold as a unit: "(USD)", "(EUR)". */
const CURRENCY_CODES = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CNY', 'CAD', 'AUD', 'INR', 'SEK', 'NOK', 'DKK']);

/** What a bracket holding a unit of measure writes: a currency, a scale, a unit of area, weight, energy, time or rate. */
const UNIT_WORDS = /[%$€£¥°²³]|\b(millions?|billions?|thousands?|bn|km|kg|tonnes?|tons?|kwh|mwh|gwh|hours?|hrs|days|years|per|usd|eur|gbp|pts|points|index|rate|ratio)\b/i;

/**
 * "What was the GDP and population in 2011" over rows of indicators by year: rows whose labels
 * write different units ("GDP (billion US$)", "Population (million)", "Inflation (%)") are
 * different measures, and an amount over several of them adds billions of dollars to millions
 * of people. The labels are the first text column's (or a column a condition names several
 * values of); the rows read are those a condition keeps by their labels, or every row when no
 * condition names them (a negated one keeps several too). Counting rows, or reading one row's
 * value, is left alone.
 * @returns the problem, or undefined when the rows read write one unit (or none)
 */
export function mixedUnitRowsProblem(spec: { measure: Measure; filters: Filter[]; match: { profile: { table: { columns: CatalogColumn[] } } } }): string | undefined {
  const measure = spec.measure;
  if (measure.kind === 'count' || measure.kind === 'countDistinct' || (measure.kind === 'column' && measure.fn === 'single')) return undefined;
  // the rows' labels: the first text column (a table of indicators names its rows there), or one a condition names several of
  const first = spec.match.profile.table.columns.find((c) => c.type === 'text');
  const severalNamed = spec.filters.filter((f) => f.column !== undefined && f.column !== first && !f.negated && (f.values?.length ?? 0) > 1).map((f) => f.column as CatalogColumn);
  for (const column of [...(first ? [first] : []), ...severalNamed]) {
    if (!column.profile.distinct) continue;
    const named = spec.filters.find((f) => f.column === column && !f.negated && f.values !== undefined);
    const labels = (named ? (named.values ?? []).map((v) => v.value) : column.profile.distinct.map(String));
    const units = [...new Set(labels.map(labelUnit))];
    if (units.length > 1 && units.some((unit) => unit !== '')) {
      // one label of each unit, so the message shows what differs
      const shown = units.slice(0, 3).map((unit) => `'${labels.find((label) => labelUnit(label) === unit)}'`).join(', ');
      return `${shown}${units.length > 3 ? ' …' : ''} are rows of different units, so they are not added up or compared: ask for one of them`;
    }
  }
  return undefined;
}

/**
 * "how many games did he play" over Games adding up to 197 below a "Totaal" row stating 278:
 * where the sheet's own total of a column disagrees with its rows (`CatalogTable.failedTotals`:
 * rows missing, or a row that is already a subtotal of others), a total or an average of every
 * row (or one per thing: "the average number of games per season") is no number the sheet
 * stands behind, so it is declined and both numbers are said.
 * Conditions, groups and row windows read some rows only, and are left alone, as are the
 * largest, the smallest and counts of rows.
 * @returns the problem, or undefined
 */
export function statedTotalProblem(spec: { mode: string; measure: Measure; denominator?: Measure; filters: Filter[]; subFilters: Filter[]; group?: unknown; window?: unknown; match: { profile: { table: CatalogTable } } }): string | undefined {
  const failed = spec.match.profile.table.failedTotals ?? [];
  // (a difference, a ratio or a share reads the rows its sides name, never all of them)
  const perThing = spec.mode === 'ratio' && (spec.denominator?.kind === 'count' || spec.denominator?.kind === 'countDistinct');
  if (failed.length === 0 || (spec.mode !== 'aggregate' && !perThing)) return undefined;
  if (spec.filters.length > 0 || spec.subFilters.length > 0 || spec.group !== undefined || spec.window !== undefined) return undefined;
  const measure = spec.measure;
  const columns = measure.kind === 'column' && (measure.fn === 'sum' || measure.fn === 'avg') ? [measure.column]
    : measure.kind === 'columns' ? measure.columns : measure.kind === 'weighted' ? [measure.column] : [];
  for (const column of columns) {
    const total = failed.find((f) => f.column === column.name);
    if (total) return `the rows' ${column.name} add up to ${total.computed}, but the table's own total (sheet row ${total.sheetRow}) says ${total.stated}: rows are missing or counted twice, so neither is given as the answer`;
  }
  return undefined;
}
