/**
 * Writes the SELECT for a query spec, with the result shape the answer layer expects
 * (scalar: one value; top1: label, value best-first; group: key, value), its unit and a
 * one-sentence explanation naming table, measure, filters and rule.
 * @module agent/planner/build-sql
 */
import type { CatalogTable } from '../../store/catalog-types.js';
import type { QuerySpec } from './interpret-match.js';
import { aggregateSql, describeMeasure, unitOf, type Measure } from './measures.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { gameTotalsOf, readsScores, scoreColumnsOf, type ScoreColumns } from './score-columns.js';
import { streakSql } from './streaks.js';
import { adjacentSql } from './adjacent-rows.js';
import { measureRowSql } from './measure-row-cells.js';

export interface BuiltSql {
  sql: string;
  /** Set when a NULL answer means the question has no answer here (a streak over rows out of order): the caller declines with it. */
  declineIfNull?: string;
  /** Set when no row at all means the question has no answer here (a ranking of cells one of which holds no number). */
  declineIfEmpty?: string;
  unit?: string;
  explanation: string;
}

function whereClause(filters: Filter[], extra: string[] = []): string {
  const parts = [...filters.map((f) => (/\bOR\b/.test(f.sql) ? `(${f.sql})` : f.sql)), ...extra];
  return parts.length === 0 ? '' : ` WHERE ${parts.join(' AND ')}`;
}

function conjunction(filters: Filter[]): string {
  return filters.map((f) => (/\bOR\b/.test(f.sql) ? `(${f.sql})` : f.sql)).join(' AND ');
}

function aliasOf(measure: Measure): string {
  switch (measure.kind) {
    case 'count':
      return 'count';
    case 'countDistinct':
      return `distinct_${measure.column.sqlName}`.slice(0, 60);
    case 'column':
      return `${measure.fn === 'single' ? 'value' : measure.fn}_${measure.column.sqlName}`.slice(0, 60);
    case 'weighted':
      return `weighted_${measure.column.sqlName}`.slice(0, 60);
    case 'columns':
      return `${measure.fn}_of_${measure.columns.map((c) => c.sqlName).join('_')}`.slice(0, 60);
    case 'yearSpan':
      return `years_of_${measure.column.sqlName}`.slice(0, 60);
    case 'yearOf':
      return `year_of_${measure.column.sqlName}`.slice(0, 60);
    case 'lastStage':
      return `last_stage_${measure.columns[0].sqlName}`.slice(0, 60);
    case 'cellNumber':
      return `number_in_${measure.column.sqlName}`.slice(0, 60);
    case 'periods':
      return 'total';
    case 'grossProfit':
      return 'gross_profit';
    case 'grossMargin':
      return 'gross_margin_pct';
  }
}

/** "regional_sales.xlsx › Sales, all 3 tables (Nordics, DACH, Benelux)". */
export function describeTable(table: CatalogTable): string {
  const where = `${table.file}${table.sheet ? ` › ${table.sheet}` : ''}`;
  if (table.kind === 'union') {
    const labels = table.columns.find((c) => c.derived === 'label')?.profile.distinct ?? [];
    return `${where}, all ${table.baseTableIds.length} tables${labels.length > 0 ? ` (${labels.join(', ')})` : ''}`;
  }
  return `${where}${table.title ? ` ("${table.title}")` : ''}`;
}

/**
 * The SELECT, unit and explanation of `spec`. SQL that reads scores derived from result cells
 * (`score-columns.ts`) reads them from a subquery over the view, and the explanation names how
 * the cells were read.
 */
export function buildSql(spec: QuerySpec): BuiltSql {
  const plainBuilt = buildPlainSql(spec);
  const subject = spec.match.assumedSubject;
  const built = subject
    ? { ...plainBuilt, explanation: `${plainBuilt.explanation} '${subject}' is read as who or what ${spec.match.profile.table.file} is about: nothing names the table (no title, a file name of digits), so that is assumed, not checked.` }
    : plainBuilt;
  const table = spec.match.profile.table;
  const scores = scoreColumnsOf(table) ?? gameTotalsOf(table);
  if (!scores || !readsScores(built.sql, scores)) return built;
  const plain = ` FROM ${sqlIdentifier(table.sqlName)}`;
  const sql = built.sql.split(plain).join(` FROM ${scores.relationSql}`);
  const explanation = `${built.explanation.replace(/\.$/, '')} (scores: ${scores.convention}).`;
  const check = (scores as ScoreColumns).check;
  if (!check) return { ...built, sql, explanation };
  // the reading holds only when the scorers agree with it: one value, else nothing
  const single = spec.answerKind === 'scalar' || spec.answerKind === 'count';
  return {
    ...built,
    sql: single ? `SELECT CASE WHEN ${check.sql} THEN (${sql}) END AS "checked_value"` : `SELECT * FROM (${sql}) AS "checked_rows" WHERE ${check.sql}`,
    explanation: `${explanation.replace(/\)\.$/, '')}, checked against ${check.evidence}).`,
    declineIfNull: built.declineIfNull ? `${built.declineIfNull}, or ${check.reason}` : check.reason,
  };
}

function buildPlainSql(spec: QuerySpec): BuiltSql {
  const table = spec.match.profile.table;
  if (spec.streak) return { ...streakSql(spec.streak, spec.filters, table.sqlName, describeTable(table)), unit: 'count' };
  if (spec.adjacent) return adjacentSql(spec.adjacent, table.sqlName, describeTable(table));
  if (spec.cells) return measureRowSql(spec.cells, table.sqlName, describeTable(table));
  const window = spec.window;
  const windowOrder = window?.by ? `${sqlIdentifier(window.by.sqlName)} ${window.end === 'first' ? 'ASC' : 'DESC'}` : `"_sheet_row" ${window?.end === 'first' ? 'ASC' : 'DESC'}`;
  const from = window
    ? ` FROM (SELECT * FROM ${sqlIdentifier(table.sqlName)}${window.by ? ` WHERE ${sqlIdentifier(window.by.sqlName)} IS NOT NULL` : ''} ORDER BY ${windowOrder} LIMIT ${window.count}) AS "window_rows"`
    : ` FROM ${sqlIdentifier(table.sqlName)}`;
  const measure = spec.measure;
  // a condition with two readings is applied inside the aggregate (`agreeing`); answer-shape allows it in one plain aggregate only
  const readings = spec.mode === 'aggregate' && !spec.group ? spec.filters.filter((f) => f.agreeing !== undefined) : [];
  let value: string;
  let alias = aliasOf(measure);
  let unit = unitOf(measure);
  let what = describeMeasure(measure);
  let contradicted = false;
  if (spec.mode === 'share' && spec.subFilters.length === 0 && spec.group) {
    // each group's share of the whole (rows with a blank key count in the whole)
    value = `100.0 * ${aggregateSql(measure)} / nullif((SELECT ${aggregateSql(measure)}${from}${whereClause(spec.filters)}), 0)`;
    alias = 'percent';
    unit = 'percent_points';
    what = `share (in percent points) of ${describeMeasure(measure)} in each group out of the whole`;
  } else if (spec.mode === 'share') {
    value = `100.0 * ${aggregateSql(measure, conjunction(spec.subFilters))} / nullif(${aggregateSql(measure)}, 0)`;
    alias = 'percent';
    unit = 'percent_points';
    what = `share (in percent points) of ${describeMeasure(measure)} where ${spec.subFilters.map((f) => f.text).join(' and ')}`;
  } else if (spec.mode === 'ratio' && spec.denominator) {
    const scale = spec.ratioScale === 100 ? '100.0 * ' : '1.0 * ';
    value = `${scale}${aggregateSql(measure)} / nullif(${aggregateSql(spec.denominator)}, 0)`;
    alias = spec.ratioScale === 100 ? 'percent' : 'ratio';
    unit = spec.ratioScale === 100 ? 'percent_points' : spec.denominator.kind === 'countDistinct' ? unitOf(measure) : 'ratio';
    what = `${describeMeasure(measure)} divided by ${describeMeasure(spec.denominator)}${spec.ratioScale === 100 ? ' × 100 (percent points; a ratio of sums, not an average of rates)' : ''}`;
  } else if (spec.mode === 'difference' && spec.difference) {
    const { sign, conditions, measures } = spec.difference;
    const [first, second] = conditions
      ? conditions.map((c) => aggregateSql(measure, c.sql))
      : (measures ?? [measure, measure]).map((m) => aggregateSql(m));
    // "how many more performances has Jersey Boys had than Grease": the question says which side is larger; where the
    // rows say otherwise (Grease's two runs add up to more) the rows read are not the ones meant, and no value is given
    const signed = sign === 'first-minus-second' ? `(${first}) - (${second})` : `(${second}) - (${first})`;
    value = sign === 'absolute' ? `abs((${first}) - (${second}))` : `CASE WHEN ${signed} >= 0 THEN ${signed} END`;
    if (sign !== 'absolute') contradicted = true;
    alias = 'difference';
    const sides = conditions ? conditions.map((c) => `${describeMeasure(measure)} where ${c.text}`) : (measures ?? []).map((m) => describeMeasure(m));
    const [a, b] = sign === 'second-minus-first' ? [sides[1], sides[0]] : sides;
    what = `${sign === 'absolute' ? 'absolute difference' : 'difference'}: ${a} minus ${b}`;
    if (measures && unitOf(measures[0]) !== unitOf(measures[1])) unit = undefined;
  } else if (readings.length === 1 && !spec.group) {
    // "after November 15th" over Date Start and Date Finish: the value only when both readings give it
    // … and only when both readings keep the same rows: equal counts of rows by each and by both
    const [a, b] = [readings[0].sql, readings[0].agreeing as string];
    const first = aggregateSql(measure, a);
    const same = `count(*) FILTER (WHERE ${a}) = count(*) FILTER (WHERE ${b}) AND count(*) FILTER (WHERE ${a}) = count(*) FILTER (WHERE (${a}) AND (${b}))`;
    value = `CASE WHEN ${same} THEN ${first} END`;
  } else {
    value = aggregateSql(measure);
  }

  if (spec.mode === 'list' && spec.listColumn) {
    const column = sqlIdentifier(spec.listColumn.sqlName);
    return {
      sql: `SELECT DISTINCT ${column}${from}${whereClause(spec.filters)} ORDER BY 1${spec.order === 'desc' ? ' DESC' : ''} LIMIT ${spec.limit ?? 50}`,
      explanation: `${spec.limit === 1 ? `The ${spec.order === 'desc' ? 'latest' : 'earliest'} value` : 'Values'} of ${spec.listColumn.name} ${`from ${window && !window.by ? `the ${window.end} ${window.count === 1 ? 'row' : `${window.count} rows`} (in the sheet's order) of ` : ''}${describeTable(table)}`}${spec.filters.length > 0 ? ` where ${spec.filters.map((f) => f.text).join(' and ')}` : ''}.`,
    };
  }
  const filtersText = spec.filters.length > 0 ? ` where ${spec.filters.map((f) => f.text).join(' and ')}` : '';
  const periodText = spec.match.periodText && 'periods' in measure ? `, periods ${spec.match.periodText}` : ''; // only a measure over the period columns reads them
  const windowText = window?.by ? `the ${window.count} ${window.end === 'last' ? 'largest' : 'smallest'} values of ${window.by.name} in ` : window ? `the ${window.end} ${window.count} rows of ` : '';
  const source = `from ${windowText}${describeTable(table)}`;
  const group = spec.group;
  let sql: string;
  let shape = '';
  if (!group) {
    sql = `SELECT ${value} AS ${sqlIdentifier(alias)}${from}${whereClause(spec.filters.filter((f) => !readings.includes(f)))}`;
  } else if (group.kind === 'periods') {
    const periods = spec.match.periods ?? [];
    const parts = periods.map((period) => {
      const periodValue = spec.mode === 'aggregate' ? aggregateSql(measure, undefined, [period]) : value;
      return `SELECT ${sqlLiteral(period.label)} AS "period", ${period.order} AS "period_order", ${periodValue} AS ${sqlIdentifier(alias)}${from}${whereClause(spec.filters)}`;
    });
    const periodsSql = `(${parts.join(' UNION ALL ')}) AS "by_period"`;
    if (spec.order && spec.answerKind === 'top1') {
      const order = `${sqlIdentifier(alias)} ${spec.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`;
      sql = `SELECT "period", ${sqlIdentifier(alias)} FROM (SELECT * FROM ${periodsSql} ${topWithTies(order, spec.limit)}) AS "ranked" ORDER BY ${order}, "period_order"`;
      shape = `, period with the ${spec.order === 'desc' ? 'highest' : 'lowest'} value first (every tie shown)`;
    } else {
      const order = spec.order ? `${sqlIdentifier(alias)} ${spec.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, "period_order"` : '"period_order"';
      sql = `SELECT "period", ${sqlIdentifier(alias)} FROM ${periodsSql} ORDER BY ${order}${spec.order ? ` LIMIT ${spec.limit ?? 5}` : ''}`;
      shape = spec.order ? `, period with the ${spec.order === 'desc' ? 'highest' : 'lowest'} value first` : ', per period';
    }
  } else {
    const keyAlias = sqlIdentifier(group.column.sqlName);
    const notNull = `${group.sql} IS NOT NULL`;
    const grouped = `SELECT ${group.sql} AS ${keyAlias}, ${value} AS ${sqlIdentifier(alias)}${from}${whereClause(spec.filters, [notNull])} GROUP BY 1`;
    if (spec.order && spec.bestOfGroups) {
      // "the most films in one year": the largest (smallest) of the groups' values
      sql = `SELECT ${spec.order === 'desc' ? 'max' : 'min'}(${sqlIdentifier(alias)}) AS ${sqlIdentifier(alias)} FROM (${grouped}) AS "per_group"`;
      shape = `, the ${spec.order === 'desc' ? 'highest' : 'lowest'} of its values by ${group.name}`;
    } else if (spec.order && spec.answerKind === 'top1') {
      const order = `2 ${spec.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`;
      sql = `SELECT * FROM (${grouped} ${topWithTies(order, spec.limit)}) AS "ranked" ORDER BY ${order}, 1`;
      shape = `, by ${group.name}, ${spec.order === 'desc' ? 'highest' : 'lowest'} first (every tie shown)`;
    } else {
      const order = spec.order ? `2 ${spec.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, 1` : '1';
      // "the top 3 nations": a row tied with the 3rd is as much in the top 3 as it, so every tie at the cut is listed
      const cut = spec.order ? `2 ${spec.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST` : undefined;
      sql = cut ? `SELECT * FROM (${grouped} ${topWithTies(cut, spec.limit)}) AS "ranked" ORDER BY ${order}` : `${grouped} ORDER BY ${order}`;
      shape = spec.order
        ? `, by ${group.name}, ${spec.order === 'desc' ? 'highest' : 'lowest'} first${spec.answerKind === 'group' ? ` (top ${spec.limit}, ties at the cut shown)` : ''}`
        : `, by ${group.name}`;
    }
  }
  if (contradicted) {
    return { sql, unit, explanation: `${capitalize(what)} ${source}${filtersText}${periodText}${shape}.`, declineIfNull: `the question says which side is larger, and the rows read say the other (or hold no value for a side): the rows meant are not these` };
  }
  const cellsOfOneRow = measure.kind === 'columns' && measure.fn === 'avg' && !group
    ? { declineIfNull: `the mean of ${measure.columns.map((c) => c.name).join(' and ')} is read from one row with every cell filled, and the conditions keep no such single row` }
    // "the attendance of the Turlock Express game" over two games against them: no one game, so no value
    : measure.kind === 'column' && measure.fn === 'single' && measure.oneRow && !group
      ? { declineIfNull: `the question names one row, and the conditions keep ${filtersText ? 'none or several' : 'every row'} (or its ${measure.column.name} is blank): say which one` }
      : {};
  return { sql, unit, explanation: `${capitalize(what)} ${source}${filtersText}${periodText}${shape}.`, ...cellsOfOneRow };
}

/**
 * The ranking of a "which … the most" query: the best `limit` rows and every row tied with
 * the last of them (`FETCH FIRST n ROWS WITH TIES`), so a tie for the best is never cut off
 * behind an alphabetical first; the caller orders ties by label.
 * @param order the value's ORDER BY term, e.g. `2 DESC NULLS LAST`
 * @default limit 5
 */
function topWithTies(order: string, limit = 5): string {
  return `ORDER BY ${order} FETCH FIRST ${limit} ROWS WITH TIES`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
