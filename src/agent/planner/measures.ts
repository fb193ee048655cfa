/**
 * Measures: what is computed over the selected rows, and its SQL. Obeys the column cards:
 * a `weighted_avg` column is averaged as sum(x·w)/sum(w) over rows where both are present,
 * never plainly; percent columns hold the fractions the sheet stores and are answered as such.
 * @module agent/planner/measures
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { stemWord } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { PeriodColumn } from './table-profile.js';
import { yearSpanSql } from './year-spans.js';

export type Measure =
  /** `oneRowEach`: no value unless no two counted rows share these columns' values (one competition on one date is one row). */
  | { kind: 'count'; oneRowEach?: CatalogColumn[] }
  | {
      kind: 'countDistinct'; column: CatalogColumn; /** No value unless every counted row has its own value (rows and distinct values agree). */ onlyIfRowsAgree?: boolean; /** Values that say a row has none of the column's thing ("single only"): not counted. */ leaveOut?: string[];
      /** A column that tells two values alike apart: a name under two nations is two people (counted as pairs). */ alongWith?: CatalogColumn;
    }
  | { kind: 'column'; fn: 'sum' | 'avg' | 'max' | 'min' | 'single'; column: CatalogColumn; /** A point-in-time sum: no value when the rows span several of these dates. */ oneDate?: CatalogColumn; /** With `single`: no value unless exactly one row is kept (equal values of several rows are no answer). */ oneRow?: boolean }
  | { kind: 'weighted'; column: CatalogColumn; weight: CatalogColumn }
  /** Several measure columns named together ("gold and silver medals"): their total over the rows, or the mean of the one row's cells. */
  | { kind: 'columns'; fn: 'sum' | 'avg'; columns: CatalogColumn[] }
  /** The number a text cell writes before a noun ("951 Spaces", "3 acts"), of the one row (value) the rows agree on. */
  | { kind: 'cellNumber'; column: CatalogColumn; noun: string }
  /**
   * The length in years of the span one text cell writes ("1990–2000" → 10), of the one row the rows agree on; with
   * `end`, `column` holds the start year and `end` the end year of a term written in two columns (of the one row kept).
   */
  | { kind: 'yearSpan'; column: CatalogColumn; end?: CatalogColumn }
  /** The one calendar year of a date column the rows agree on ("the year of the Sun Classic" over its Date). */
  | { kind: 'yearOf'; column: CatalogColumn }
  /** One row's value at the last stage it reached: the first filled of `columns`, latest stage first (Final Points, else Preliminary Points). */
  | { kind: 'lastStage'; columns: CatalogColumn[] }
  | { kind: 'periods'; periods: PeriodColumn[] }
  | { kind: 'grossProfit' | 'grossMargin'; periods: PeriodColumn[]; section: CatalogColumn; revenue: string[]; cost: string[] };

/*
 * Values of a column are answered as the sheet stores them: a percent-type column holds
 * fractions (a cell showing 12% holds 0.12), so its sums and averages stay fractions, with the
 * unit `percent_fraction` telling the answer to show them as percents. Computed shares and
 * ratios are in percent points instead.
 */

/** Row-level value of a period measure: `(coalesce("jan", 0) + coalesce("feb", 0))`. */
export function periodsValue(periods: PeriodColumn[]): string {
  if (periods.length === 1) return sqlIdentifier(periods[0].column.sqlName);
  return `(${periods.map((p) => `coalesce(${sqlIdentifier(p.column.sqlName)}, 0)`).join(' + ')})`;
}

function withFilter(condition: string | undefined): string {
  return condition ? ` FILTER (WHERE ${condition})` : '';
}

/**
 * The aggregate SQL of a measure.
 * @param condition extra row condition applied inside the aggregate (share numerators)
 * @param periods overrides the period columns (one group per period)
 */
export function aggregateSql(measure: Measure, condition?: string, periods?: PeriodColumn[]): string {
  switch (measure.kind) {
    case 'count': {
      if (!measure.oneRowEach) return `count(*)${withFilter(condition)}`;
      // a date counts by its year: the rounds of one tournament are played on several days of one year
      const part = (c: CatalogColumn): string => (c.type === 'date' ? `CAST(EXTRACT(YEAR FROM ${sqlIdentifier(c.sqlName)}) AS text)` : `CAST(${sqlIdentifier(c.sqlName)} AS text)`);
      const key = measure.oneRowEach.map((c) => `coalesce(${part(c)}, '')`).join(` || '|' || `);
      return `CASE WHEN count(DISTINCT ${key})${withFilter(condition)} = count(*)${withFilter(condition)} THEN count(*)${withFilter(condition)} END`;
    }
    case 'countDistinct': {
      const id = sqlIdentifier(measure.column.sqlName);
      if (measure.alongWith) {
        // a name and its nation, as one text: rows with no name are left out, a blank nation is one value
        const pair = `CASE WHEN ${id} IS NOT NULL THEN CAST(${id} AS text) || '|' || coalesce(CAST(${sqlIdentifier(measure.alongWith.sqlName)} AS text), '') END`;
        return `count(DISTINCT ${pair})${withFilter(condition)}`;
      }
      const counted = measure.leaveOut ? `CASE WHEN ${id} NOT IN (${measure.leaveOut.map((v) => sqlLiteral(v)).join(', ')}) THEN ${id} END` : id;
      const distinct = `count(DISTINCT ${counted})${withFilter(condition)}`;
      if (!measure.onlyIfRowsAgree) return distinct;
      return `CASE WHEN ${distinct} = count(${counted})${withFilter(condition)} THEN ${distinct} END`;
    }
    case 'column': {
      const column = sqlIdentifier(measure.column.sqlName);
      if (measure.fn === 'single' && measure.oneRow) return `CASE WHEN count(*)${withFilter(condition)} = 1 THEN min(${column})${withFilter(condition)} END`;
      if (measure.fn === 'single') return `CASE WHEN count(DISTINCT ${column})${withFilter(condition)} = 1 THEN min(${column})${withFilter(condition)} END`;
      if (measure.oneDate) {
        const date = sqlIdentifier(measure.oneDate.sqlName);
        return `CASE WHEN count(DISTINCT ${date})${withFilter(condition)} <= 1 THEN ${measure.fn}(${column})${withFilter(condition)} END`;
      }
      return `${measure.fn}(${column})${withFilter(condition)}`;
    }
    case 'cellNumber': {
      const column = sqlIdentifier(measure.column.sqlName);
      const number = `replace(substring(lower(min(${column})${withFilter(condition)}) from ${sqlLiteral(`^\\s*([0-9][0-9,]*)\\s+${stemWord(measure.noun).replace(/[^a-z]/g, '')}`)}), ',', '')`;
      return `CASE WHEN count(DISTINCT ${column})${withFilter(condition)} = 1 THEN CAST(${number} AS numeric) END`;
    }
    case 'yearSpan': {
      if (!measure.end) return yearSpanSql(measure.column, withFilter, condition);
      const filtered = withFilter(condition);
      const [end, start] = [`min(${sqlIdentifier(measure.end.sqlName)})${filtered}`, `min(${sqlIdentifier(measure.column.sqlName)})${filtered}`];
      // one row, its term ending no earlier than it began
      return `CASE WHEN count(*)${filtered} = 1 AND ${end} >= ${start} THEN ${end} - ${start} END`;
    }
    case 'yearOf': {
      const year = `EXTRACT(YEAR FROM ${sqlIdentifier(measure.column.sqlName)})`;
      return `CASE WHEN count(DISTINCT ${year})${withFilter(condition)} = 1 THEN min(${year})${withFilter(condition)} END`;
    }
    case 'lastStage': {
      // one row only: a stage's value is that row's, and a sum over several rows would mix stages
      const values = measure.columns.map((c) => `min(${sqlIdentifier(c.sqlName)})${withFilter(condition)}`);
      return `CASE WHEN count(*)${withFilter(condition)} = 1 THEN coalesce(${values.join(', ')}) END`;
    }
    case 'columns': {
      const ids = measure.columns.map((c) => sqlIdentifier(c.sqlName));
      // a blank cell adds nothing to a total (a medal table's "–"), but leaves the mean of one row's cells unknown
      if (measure.fn === 'sum') return `CASE WHEN count(*)${withFilter(condition)} > 0 THEN ${ids.map((id) => `coalesce(sum(${id})${withFilter(condition)}, 0)`).join(' + ')} END`;
      return `CASE WHEN count(*)${withFilter(condition)} = 1 THEN (${ids.map((id) => `sum(${id})${withFilter(condition)}`).join(' + ')}) / ${ids.length}.0 END`;
    }
    case 'weighted': {
      const x = sqlIdentifier(measure.column.sqlName);
      const w = sqlIdentifier(measure.weight.sqlName);
      const both = [`${x} IS NOT NULL AND ${w} IS NOT NULL`, condition].filter(Boolean).join(' AND ');
      return `sum(${x} * ${w}) FILTER (WHERE ${both}) / nullif(sum(${w}) FILTER (WHERE ${both}), 0)`;
    }
    case 'periods':
      return `sum(${periodsValue(periods ?? measure.periods)})${withFilter(condition)}`;
    case 'grossProfit':
    case 'grossMargin': {
      const value = periodsValue(periods ?? measure.periods);
      const section = sqlIdentifier(measure.section.sqlName);
      const inList = (values: string[]): string => `${section} IN (${values.map((v) => sqlLiteral(v)).join(', ')})`;
      const revenue = `sum(${value}) FILTER (WHERE ${[inList(measure.revenue), condition].filter(Boolean).join(' AND ')})`;
      const cost = `sum(${value}) FILTER (WHERE ${[inList(measure.cost), condition].filter(Boolean).join(' AND ')})`;
      const profit = `(coalesce(${revenue}, 0) - abs(coalesce(${cost}, 0)))`;
      return measure.kind === 'grossProfit' ? profit : `100.0 * ${profit} / nullif(${revenue}, 0)`;
    }
  }
}

/** Words for explanations: "sum of Spend Actual", "Gross Margin [%] weighted by Net Revenue [EUR]". */
export function describeMeasure(measure: Measure): string {
  switch (measure.kind) {
    case 'count':
      return 'number of rows';
    case 'countDistinct':
      return `number of distinct ${measure.column.name}${measure.alongWith ? ` (a ${measure.column.name} under another ${measure.alongWith.name} counted apart)` : ''}${measure.leaveOut ? ` (leaving out ${measure.leaveOut.map((v) => `'${v}'`).join(', ')}, which say a row has none)` : ''}${measure.onlyIfRowsAgree ? ' (no value when rows repeat a value: rows and distinct values would differ)' : ''}`;
    case 'column':
      if (measure.oneDate) return `sum of ${measure.column.name} at one ${measure.oneDate.name} (a point-in-time value: no answer when the rows span several dates)`;
      if (measure.fn === 'avg' && measure.column.profile.nullCount > 0) {
        const blank = measure.column.profile.nullCount;
        return `average of ${measure.column.name} over its filled cells (${blank} blank ${blank === 1 ? 'cell' : 'cells'} in the column left out, not counted as 0)`;
      }
      if (measure.fn === 'single' && measure.oneRow) return `${measure.column.name} of the one row kept`;
      return measure.fn === 'single' ? `${measure.column.name} (the single value)` : `${measure.fn === 'avg' ? 'average' : measure.fn} of ${measure.column.name}`;
    case 'yearSpan':
      if (measure.end) return `the years from ${measure.column.name} to ${measure.end.name} of the one row kept`;
      return `the years from the start to the end of the span written in ${measure.column.name} (the single value)`;
    case 'yearOf':
      return `the year of ${measure.column.name} (the single value)`;
    case 'lastStage':
      return `the one row's value at the last stage it reached (${measure.columns.map((c) => c.name).join(', else ')}, the first filled: a blank stage is one it did not reach)`;
    case 'cellNumber':
      return `the number of ${measure.noun} written in ${measure.column.name} (the single value)`;
    case 'weighted':
      return `${measure.column.name} averaged weighted by ${measure.weight.name} (not an average of averages)`;
    case 'columns': {
      const names = measure.columns.map((c) => c.name);
      const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
      return measure.fn === 'sum' ? `total of ${list} (blank cells as 0)` : `mean of the ${list} cells of the one row kept (no value for several rows or a blank cell)`;
    }
    case 'periods':
      return `sum of the period columns ${measure.periods.map((p) => p.label).join(', ')}`;
    case 'grossProfit':
      return `gross profit = ${measure.revenue.join(' + ')} less ${measure.cost.join(' + ')} over ${measure.periods.map((p) => p.label).join(', ')}`;
    case 'grossMargin':
      return `gross margin = gross profit (${measure.revenue.join(' + ')} less ${measure.cost.join(' + ')}) / ${measure.revenue.join(' + ')} × 100 over ${measure.periods.map((p) => p.label).join(', ')}`;
  }
}

/** A percent column written as plain numbers between -1 and 1 (an occupancy of 0.9) holds fractions, not points. */
function holdsFractions(column: CatalogColumn): boolean {
  const { min, max } = column.profile;
  return typeof min === 'number' && typeof max === 'number' && min >= -1 && max <= 1;
}

/** Unit of a measure's value. */
export function unitOf(measure: Measure): string | undefined {
  switch (measure.kind) {
    case 'count':
    case 'countDistinct':
    case 'cellNumber':
      return 'count';
    case 'yearSpan':
      return 'years';
    case 'yearOf':
      return undefined;
    case 'lastStage': {
      const units = new Set(measure.columns.map((c) => unitOf({ kind: 'column', fn: 'single', column: c })));
      return units.size === 1 ? [...units][0] : undefined;
    }
    case 'grossMargin':
      return 'percent_points';
    case 'grossProfit':
    case 'periods':
      return measure.kind === 'periods' && measure.periods[0].column.unit !== 'currency' ? measure.periods[0].column.unit : 'currency';
    case 'columns': {
      const units = new Set(measure.columns.map((c) => unitOf({ kind: 'column', fn: 'sum', column: c })));
      return units.size === 1 ? [...units][0] : undefined;
    }
    case 'column':
    case 'weighted':
      if (measure.column.type === 'percent') return 'percent_fraction';
      if (measure.column.unit === 'percent') return holdsFractions(measure.column) ? 'percent_fraction' : 'percent_points';
      if (measure.column.unit === 'currency' || measure.column.currency) return 'currency';
      return measure.column.unit;
  }
}
