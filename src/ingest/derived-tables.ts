/**
 * Derived tables offered beside the tables found in a file:
 * - union: tables with the same columns stacked under banners on one sheet, or spread over
 *   sheets (EMEA / APAC / AMER), as one table with a `label` column, so "orders by region" is one query;
 * - long: a wide table whose columns are periods (Jan … Dec, Q1 … Q4, years) as
 *   (dimensions…, period, period_index, value), aggregate period columns (FY, Total) left out.
 * Derived tables hold no rows of their own: their views read the base tables' rows.
 * @module ingest/derived-tables
 */
import type { ColumnCard, ColumnType, DetectedTable } from '../tables/types.js';
import { uniqueSqlNames } from '../tables/sql-names.js';
import { isMonthName, periodOf } from '../tables/periods.js';
import type { DerivedDefinition } from '../store/catalog-types.js';
import { namedByHeader, partLabels, plausiblePartSizes, sameFigures } from './union-parts.js';

/** A derived table before it is stored; `baseIndexes` point into the file's table list. */
export interface DerivedTableSpec {
  kind: 'union' | 'long';
  baseIndexes: number[];
  /** Suffix for the name: `all` for unions, `long` for long form. */
  nameSuffix: string;
  columns: ColumnCard[];
  /** Filled with table ids by the caller (labels keyed by base index until then). */
  definition: DerivedDefinition;
  /** For unions: the label of each base table, by base index order. */
  labels?: string[];
}

function typeClass(type: ColumnType): string {
  return type === 'integer' || type === 'decimal' ? 'number' : type;
}

function signature(table: DetectedTable): string {
  return table.columns
    .filter((card) => card.derived !== 'label')
    .map((card) => `${card.sqlName}:${typeClass(card.type)}`)
    .join('|');
}

/** The label that tells a table from its siblings: its label, else title, else sheet. */
function labelOf(table: DetectedTable): string | null {
  return table.label ?? table.title ?? table.sheet;
}

const NUMBER_TYPES: ColumnType[] = ['integer', 'decimal'];

/** The sum of each column's numbers over the table's data rows (a streamed table summed them as it was read). */
function columnTotals(table: DetectedTable, columns: string[]): number[] {
  if (table.streamed !== undefined) {
    const sums = table.streamed.numberTotals;
    return columns.map((column) => sums[column] ?? 0);
  }
  const totals = columns.map(() => 0);
  for (const row of table.rows) {
    if (row.isAggregate || row.hidden) continue;
    columns.forEach((column, i) => {
      const value = row.values[column];
      if (typeof value === 'number') totals[i] += value;
    });
  }
  return totals;
}

/** Number columns whose values add up (`aggregation: 'sum'`), by sqlName. */
function additiveColumns(table: DetectedTable): string[] {
  return table.columns.filter((card) => NUMBER_TYPES.includes(card.type) && card.aggregation === 'sum' && !card.derived).map((card) => card.sqlName);
}

/**
 * Indexes of tables in a group whose additive columns each total exactly the sum of the other
 * tables' totals: a summary block ("Q1 summary", "All regions") stacked or placed beside its
 * detail blocks. A union that included it would count everything twice.
 */
export function summaryTables(tables: DetectedTable[], indexes: number[]): Set<number> {
  const additive = additiveColumns(tables[indexes[0]]);
  const summaries = new Set<number>();
  if (additive.length === 0 || indexes.length < 3) return summaries;
  const totals = new Map(indexes.map((index) => [index, columnTotals(tables[index], additive)]));
  for (const index of indexes) {
    const own = totals.get(index) as number[];
    const others = additive.map((_, i) => indexes.filter((other) => other !== index).reduce((sum, other) => sum + (totals.get(other) as number[])[i], 0));
    const matches = own.every((value, i) => Math.abs(value - others[i]) <= Math.max(0.005, 1e-9 * Math.abs(value)));
    if (matches && own.some((value) => value !== 0)) summaries.add(index);
  }
  return summaries;
}

/**
 * True when tables with the same columns measure the same thing, judged by their titles: with
 * what tells the parts of one series apart removed (a sheet label that is not the title itself,
 * periods, numbers), each title adds at most two words to the words all of them share — the
 * region, product or month of its block. "Sales January 2025" / "Sales February 2025" and
 * "North region sales" / "South region sales" are series (a union adds them up correctly);
 * "1 Overseas residents' visits to the UK" / "3 UK residents' visits abroad" share their columns
 * but not their subject, and a union would add two measures together. Untitled tables pass.
 */
function sameSubject(group: DetectedTable[]): boolean {
  // Labels or titles told apart by a scenario or a flow (Budget / Actual, Income / Expenses,
  // Cash in / Cash out) name different measures, whatever the rest of their words.
  for (const names of [group.map((table) => labelOf(table) ?? ''), group.map((table) => table.title ?? '')]) {
    const sets = names.map((name) => new Set(wordsOf(name)));
    const shared = new Set([...sets[0]].filter((word) => sets.every((set) => set.has(word))));
    if (sets.some((set) => [...set].some((word) => !shared.has(word) && MEASURE_WORDS.has(word)))) return false;
  }
  if (group.every((table) => !table.title)) return true;
  const words = group.map((table) => {
    const own = new Set(labelOf(table) === table.title ? [] : wordsOf(labelOf(table) ?? ''));
    return new Set(wordsOf(table.title ?? '').filter((word) => !own.has(word) && !/\d/.test(word) && periodOf(word) === undefined && !isMonthName(word)));
  });
  const shared = [...words[0]].filter((word) => words.every((set) => set.has(word)));
  return words.every((set) => set.size - shared.length <= MAX_SERIES_WORDS);
}

/** Words a title of one block in a series may add to the shared ones ("North America", "Product B"). */
const MAX_SERIES_WORDS = 2;

/**
 * Words that, telling two same-shaped tables apart, make them two measures rather than parts of
 * one series: scenarios (budget, actual, forecast, plan, target), flows and their directions
 * (income, expenses, revenue, costs, in, out, receipts, payments, debit, credit), and the sides
 * of a balance (assets, liabilities). Adding such tables up has no meaning.
 */
const MEASURE_WORDS = new Set(
  ('budget budgets budgeted actual actuals forecast forecasts plan planned target targets estimate estimates projected prior variance ' +
    'income incomes expense expenses expenditure expenditures revenue revenues cost costs spend spending sales purchases ' +
    'in out inflow inflows outflow outflows inbound outbound receipts payments debit debits credit credits ' +
    'assets liabilities equity profit loss').split(' '),
);

function wordsOf(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((word) => word !== '');
}

/**
 * Finds union groups among a file's tables: two or more visible tables that an analyst would call
 * one series split in parts (`union-parts.ts`):
 * - the same header: column names (named by a header row, not `Column 3`) and compatible types;
 * - parts of plausible size (`plausiblePartSizes`: two data rows or more each, most of them three or more);
 * - a distinct label per part from its banner or sheet name (`partLabels`);
 * - the same subject by their titles (`sameSubject`);
 * - figures of their own: no two parts holding the same figures (`sameFigures`).
 * A block that sums the others (a summary block) is left out of the union. A group that fails
 * any test gets no union at all: leaving out the odd part would silently drop a month or region.
 */
export function findUnions(tables: DetectedTable[]): DerivedTableSpec[] {
  const groups = new Map<string, number[]>();
  tables.forEach((table, index) => {
    if (table.sheetHidden || table.columns.length === 0) return;
    const key = signature(table);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const specs: DerivedTableSpec[] = [];
  for (const grouped of groups.values()) {
    const summaries = summaryTables(tables, grouped);
    const indexes = grouped.filter((index) => !summaries.has(index));
    if (indexes.length < 2) continue;
    const parts = indexes.map((index) => tables[index]);
    if (!namedByHeader(parts[0]) || !plausiblePartSizes(parts)) continue;
    const labels = partLabels(parts, parts.map(labelOf));
    if (labels === null || !sameSubject(parts)) continue;
    const additive = additiveColumns(parts[0]);
    if (sameFigures(parts, parts.map((table) => columnTotals(table, additive)))) continue;
    const first = tables[indexes[0]];
    const baseColumns = first.columns.filter((card) => card.derived !== 'label');
    const merged = baseColumns.map((card, position) => {
      const types = indexes.map((index) => tables[index].columns.filter((c) => c.derived !== 'label')[position].type);
      const type: ColumnType = types.every((t) => t === types[0]) ? types[0] : 'decimal';
      return { ...card, type };
    });
    const [labelColumn] = uniqueSqlNames(['label'], merged.map((card) => card.sqlName));
    const labelCard: ColumnCard = {
      name: 'Label',
      sqlName: labelColumn,
      sourceColumn: -1,
      type: 'text',
      concept: 'dimension',
      aggregation: 'none',
      derived: 'label',
    };
    specs.push({
      kind: 'union',
      baseIndexes: indexes,
      nameSuffix: 'all',
      columns: [labelCard, ...merged],
      definition: { labelColumn },
      labels,
    });
  }
  return specs;
}

const NUMERIC: ColumnType[] = ['integer', 'decimal', 'percent'];

/** Finds wide tables with three or more numeric period columns and describes their long form. */
export function findLongForms(tables: DetectedTable[]): DerivedTableSpec[] {
  const specs: DerivedTableSpec[] = [];
  tables.forEach((table, index) => {
    const periods = table.columns.filter((card) => card.period && !card.isAggregateColumn && NUMERIC.includes(card.type));
    if (periods.length < 3) return;
    const dimensions = table.columns.filter(
      (card) => !card.period && !card.isAggregateColumn && (card.concept === 'dimension' || card.concept === 'identifier' || card.concept === 'text' || card.derived),
    );
    const [period, periodIndex, value] = uniqueSqlNames(['period', 'period_index', 'value'], dimensions.map((card) => card.sqlName));
    const aggregations = new Set(periods.map((card) => card.aggregation));
    const valueCard: ColumnCard = {
      name: 'Value',
      sqlName: value,
      sourceColumn: -1,
      type: periods.every((card) => card.type === 'integer') ? 'integer' : 'decimal',
      concept: 'measure',
      aggregation: aggregations.size === 1 ? periods[0].aggregation : 'sum',
      unit: periods[0].unit,
      currency: periods[0].currency,
    };
    specs.push({
      kind: 'long',
      baseIndexes: [index],
      nameSuffix: 'long',
      columns: [
        ...dimensions,
        { name: 'Period', sqlName: period, sourceColumn: -1, type: 'text', concept: 'dimension', aggregation: 'none' },
        { name: 'Period Index', sqlName: periodIndex, sourceColumn: -1, type: 'integer', concept: 'identifier', aggregation: 'none' },
        valueCard,
      ],
      definition: {
        periods: periods.map((card, position) => ({ period: card.period as string, index: position + 1, column: card.sqlName })),
        dimensions: dimensions.map((card) => card.sqlName),
      },
    });
  });
  return specs;
}
