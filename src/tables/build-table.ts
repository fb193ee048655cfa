/**
 * Turns a table region into a `DetectedTable`: folded header names, body rows sorted into
 * data, total, hidden and section-heading rows, typed values, aggregate columns, column
 * cards, validation and fingerprint.
 * @module tables/build-table
 */
import type { Cell, Grid } from '../extract/grid.js';
import { flagAggregateColumns } from './aggregate-columns.js';
import { isRowSumFormula, rollupCounts } from './aggregate-formulas.js';
import { flagAggregateRows, type AggregateFlags } from './aggregate-rows.js';
import { bodyRows, columnFlags, fillDownLabels, firstBodyRowOf, groupLayoutOf, keepMergedNumbersOnce, fillNumbers, mayHeadSection, rowFacts, sectionFactsOf, type BodyRow } from './body-rows.js';
import { cellAt, cellKind, isBlankCell } from './cells.js';
import { buildColumnCards, type ColumnInput, type TypedColumnEvidence } from './column-cards.js';
import { typeObservations } from './column-types.js';
import { blankRowStatusTexts, EMPTY_OBSERVATION, observeCells, type Observation } from './observe-cells.js';
import type { TableRegion } from './detect-tables.js';
import { fingerprintTable } from './fingerprint.js';
import { findPeriodColumn, flagPeriodSummaryRows, isPeriodCell } from './period-summary-rows.js';
import { foldHeaderNames } from './header-names.js';
import { findSectionRows, sectionLabels, type SectionRowFacts } from './sections.js';
import type { DetectedTable, StoredValue, TableRow } from './types.js';
import { shownRangeOf } from './shown-range.js';
import { validateTable } from './validate-table.js';
import { isNoValueText } from './values.js';

/** Where a region comes from. */
export interface TableSource {
  sheet: string | null;
  sheetIndex: number;
  sheetHidden: boolean;
  decimalSeparator: '.' | ',';
  /** Label for unions; defaults to the title, else the sheet name. */
  label?: string | null;
}

/**
 * Builds the table a region holds.
 * @param columns the columns to read (offset from the range's left, name) instead of those
 *   with content, named as given: templates replay stored columns
 */
export function buildTable(grid: Grid, region: TableRegion, source: TableSource, columns?: { offset: number; name: string }[]): DetectedTable {
  const { range, headerRows } = region;
  const decimalSeparator = source.decimalSeparator;
  const width = range.right - range.left + 1;
  const captionRows = region.captionRows ?? 0;
  const namingRows = headerRows - captionRows;
  const borrowed = namingRows === 0 ? region.namesFrom : undefined;
  const allNames =
    namingRows > 0
      ? foldHeaderNames(grid, range, range.top + captionRows, namingRows)
      : borrowed !== undefined
        ? foldHeaderNames(grid, { ...range, top: borrowed.top }, borrowed.top, borrowed.rows)
        : Array.from({ length: width }, (_, index) => `Column ${index + 1}`);
  const kept = columns !== undefined ? columns.map((column) => column.offset) : keptColumns(grid, region);
  const sheetColumns = kept.map((index) => range.left + index);
  const headerNames = columns !== undefined ? columns.map((column) => column.name) : kept.map((index) => allNames[index]);
  const body = bodyRows(grid, region, sheetColumns);
  fillDownLabels(body, groupLayoutOf(grid, range));
  // Every body cell is read for typing once; numbers and all typings below come from these readings.
  const observed = headerNames.map((name, column) => observeCells(body.map((row) => row.cells[column]), { decimalSeparator, headerName: name }));
  blankRowStatusTexts(observed);
  fillNumbers(body, observed);
  const { numericColumns, textColumns } = columnFlags(body, observed, decimalSeparator);
  const labelColumn = numericColumns.findIndex((numeric, index) => !numeric && textColumns[index]);

  let sectionFacts: SectionRowFacts[] | undefined;
  const sectionFactsOfRows = () => (sectionFacts ??= body.map((row) => sectionFactsOf(row, labelColumn)));
  const isSection = labelColumn >= 0 && body.some((row) => mayHeadSection(row, labelColumn)) ? findSectionRows(sectionFactsOfRows()) : body.map(() => false);

  const candidateIndexes = indexesWhere(body.length, (index) => !isSection[index] && !body[index].hidden);
  const preliminary = headerNames.map((name, column) => typeObservations(pick(observed[column], candidateIndexes), { decimalSeparator, headerName: name }));
  const preliminaryCards = buildColumnCards(preliminary.map((typed, index) => ({ name: headerNames[index], sourceColumn: sheetColumns[index], typed })));
  const additive = preliminaryCards.map((card, index) => numericColumns[index] && card.concept === 'measure' && card.aggregation === 'sum');
  // Numbers left of the row's first label are keys (order numbers), not measures: their merges keep their copies.
  const splitMerges = keepMergedNumbersOnce(body, additive.map((measure, column) => measure && column > labelColumn), firstBodyRowOf(grid, range.top + headerRows));
  for (const column of new Set(splitMerges.map((merge) => merge.column))) {
    observed[column] = observeCells(body.map((row) => row.cells[column]), { decimalSeparator, headerName: headerNames[column] });
    preliminary[column] = typeObservations(pick(observed[column], candidateIndexes), { decimalSeparator, headerName: headerNames[column] });
  }

  const facts = body.map((row, index) => rowFacts(row, isSection[index], numericColumns, sheetColumns));
  if (body.some((row) => row.cells.some((cell) => cell?.formulaText !== undefined))) {
    const rollups = rollupCounts(body.map((row) => row.cells.map((cell, column) => (numericColumns[column] ? cell?.formulaText : undefined))));
    rollups.forEach((count, index) => {
      if (count > 0) facts[index].rollupFormulaCount = count;
    });
  }
  const outlineLevels = grid.rowOutlineLevels;
  if (outlineLevels !== undefined) body.forEach((row, index) => (facts[index].outlineLevel = outlineLevels[row.row] ?? 0));
  const aggregates = flagAggregateRows(facts, additive, headerNames, grid.outlineSummaryBelow ?? true);
  // "Latest three months", "Year to date" under the months, in the same columns: summaries, not data.
  const periodColumn = findPeriodColumn(body.map((row, index) => ({ cells: row.cells, hasNumbers: facts[index].numbers.some((value) => value !== null) })), numericColumns);
  if (periodColumn >= 0) {
    const periodRows = body.map((row, index) => ({ leadText: facts[index].leadText, period: isPeriodCell(row.cells[periodColumn]), periodBlank: isBlankCell(row.cells[periodColumn]), section: isSection[index] }));
    flagPeriodSummaryRows(periodRows, aggregates.isAggregate, aggregates.kinds);
  }
  if (region.totalsRows !== undefined) markDeclaredTotals(body, region.range.bottom - region.totalsRows + 1, aggregates);
  const isGroup = aggregates.kinds.map((kind) => kind === 'group');
  const hasSections = isSection.some(Boolean) || isGroup.some(Boolean);
  const sections = hasSections ? sectionLabels(sectionFactsOfRows(), isSection, aggregates.isAggregate, isGroup, aggregates.groupEnds) : [];

  const storedIndexes = indexesWhere(body.length, (index) => !isSection[index]);
  const dataIndexes = storedIndexes.filter((index) => !aggregates.isAggregate[index] && !body[index].hidden);
  // With no totals among the candidates, the data rows are the candidate rows: their typing is done.
  const sameRows = dataIndexes.length === candidateIndexes.length;
  const typed = typeStoredColumns(headerNames, body, observed, storedIndexes, dataIndexes, decimalSeparator, sameRows ? preliminary : undefined);

  const dataNumbers = dataIndexes.map((index) => body[index].numbers);
  const hasFormulas = body.some((row) => row.cells.some((cell) => cell?.formulaText !== undefined));
  const rowSumFormulas = headerNames.map((_, column) => (hasFormulas ? countWhere(dataIndexes, (index) => isRowSumFormula(body[index].cells[column]?.formulaText)) : 0));
  const aggregateColumnFlags = flagAggregateColumns(headerNames, dataNumbers, additive.map((flag, index) => flag && index !== labelColumn), rowSumFormulas);

  const inputs: ColumnInput[] = headerNames.map((name, index) => ({
    name,
    sourceColumn: sheetColumns[index],
    typed: typed[index].evidence,
    isAggregateColumn: aggregateColumnFlags[index] || undefined,
  }));
  if (hasSections) {
    const values = dataIndexes.map((index) => sections[index]);
    inputs.push({ name: 'Section', sourceColumn: -1, derived: 'section', typed: { type: 'text', values, invalidCount: 0 } });
  }
  const cards = buildColumnCards(inputs, { title: region.title, notes: region.notes });

  headerNames.forEach((_, column) => {
    if (aggregates.nettedColumns?.[column] && hasSections) cards[column].nettedSections = true;
    const noValue = noValueCells(body, dataIndexes, column, cards[column].type);
    if (noValue !== null) cards[column].noValue = noValue;
  });
  const keys = headerNames.map((_, column) => cards[column].sqlName);
  const sectionKey = hasSections ? cards[cards.length - 1].sqlName : null;
  const rows: TableRow[] = new Array(storedIndexes.length);
  for (let position = 0; position < storedIndexes.length; position++) {
    const index = storedIndexes[position];
    const values: Record<string, StoredValue> = {};
    for (let column = 0; column < keys.length; column++) values[keys[column]] = typed[column].stored[position];
    if (sectionKey !== null) values[sectionKey] = sections[index];
    rows[position] = { sheetRow: body[index].row + 1, values, isAggregate: aggregates.isAggregate[index], hidden: body[index].hidden };
  }

  const table: DetectedTable = {
    sheet: source.sheet,
    sheetIndex: source.sheetIndex,
    sheetHidden: source.sheetHidden,
    range: { ...range },
    headerRows,
    title: region.title,
    label: source.label !== undefined ? source.label : region.title ?? source.sheet,
    columns: cards,
    rows,
    aggregateColumns: cards.filter((card) => card.isAggregateColumn).map((card) => card.name),
    validation: { outcome: 'unverifiable', checks: [] },
    fingerprint: '',
    notes: [...region.notes],
  };
  const shown = shownRangeOf(grid, range, headerRows);
  if (shown !== null) table.shownRange = shown;
  if (splitMerges.length > 0) table.mergedNumbers = splitMerges.map((merge) => ({ column: cards[merge.column].name, range: { ...merge.range } }));
  const sourceValueCounts = Object.fromEntries(
    headerNames.map((_, column) => [keys[column], countWhere(dataIndexes, (index) => holdsValue(body[index].cells[column], observed[column][index]))]),
  );
  table.validation = validateTable(table, { sourceValueCounts, expectedDataRows: dataIndexes.length, aggregateKinds: aggregateKindsOf(storedIndexes, aggregates.kinds) });
  table.fingerprint = fingerprintTable(table, grid);
  return table;
}

/** Most distinct "no value" texts kept per column. */
const NO_VALUE_TEXTS = 5;

/** The data cells of a number or date column whose text says "no value" (`TBD`, `-`), or null when none. */
function noValueCells(body: BodyRow[], dataIndexes: number[], column: number, type: string): { count: number; texts: string[] } | null {
  if (type !== 'integer' && type !== 'decimal' && type !== 'date') return null;
  let count = 0;
  const texts = new Set<string>();
  for (const index of dataIndexes) {
    const value = body[index].cells[column]?.value;
    if (typeof value !== 'string' || value.trim() === '' || !isNoValueText(value)) continue;
    count++;
    if (texts.size < NO_VALUE_TEXTS) texts.add(value.trim());
  }
  return count === 0 ? null : { count, texts: [...texts] };
}

/** `SUBTOTAL` function numbers that sum (9, and 109 ignoring hidden rows); the others average, count, take extremes … */
const SUBTOTAL_CALL = /^(?:_xlfn\.)?SUBTOTAL\(\s*(\d+)/i;

/**
 * Flags the rows from sheet row `first` (0-based) down as totals: the workbook declares them
 * (an Excel table's totals row). Their kind is a sum unless a cell computes another
 * `SUBTOTAL` function (101 averages: "Total | SUBTOTAL(101, …)"), then `other`: not checked as a sum.
 */
function markDeclaredTotals(body: BodyRow[], first: number, aggregates: AggregateFlags): void {
  body.forEach((row, index) => {
    if (row.row < first) return;
    aggregates.isAggregate[index] = true;
    const other = row.cells.some((cell) => {
      const call = SUBTOTAL_CALL.exec(cell?.formulaText ?? '');
      return call !== null && call[1] !== '9' && call[1] !== '109';
    });
    aggregates.kinds[index] = other ? 'other' : (aggregates.kinds[index] ?? 'sum');
  });
}

function indexesWhere(length: number, test: (index: number) => boolean): number[] {
  const indexes: number[] = [];
  for (let index = 0; index < length; index++) if (test(index)) indexes.push(index);
  return indexes;
}

function countWhere(indexes: number[], test: (index: number) => boolean): number {
  let count = 0;
  for (const index of indexes) if (test(index)) count++;
  return count;
}

function pick<T>(items: T[], indexes: number[]): T[] {
  if (indexes.length === items.length) return items;
  const picked = new Array<T>(indexes.length);
  for (let position = 0; position < indexes.length; position++) picked[position] = items[indexes[position]];
  return picked;
}

function aggregateKindsOf(storedIndexes: number[], kinds: (string | null)[]): Record<number, string> {
  const result: Record<number, string> = {};
  storedIndexes.forEach((index, position) => {
    if (kinds[index]) result[position] = kinds[index] as string;
  });
  return result;
}

/**
 * Positions (0-based within the range) of columns with a header or any value: spacer columns
 * dropped, those under a group label merged across them ("All Visits" over "NSA | · | SA") too,
 * since a merged range shows its value once, in its first column.
 */
function keptColumns(grid: Grid, region: TableRegion): number[] {
  const { range } = region;
  const kept: number[] = [];
  for (let column = range.left; column <= range.right; column++) {
    for (let row = range.top; row <= range.bottom; row++) {
      const cell = cellAt(grid, row, column);
      if (!isBlankCell(cell) && !(cell?.merge !== undefined && cell.merge.left < column)) {
        kept.push(column - range.left);
        break;
      }
    }
  }
  return kept;
}

/**
 * Types each column over the data rows, then stores every kept row (data, totals, hidden)
 * in that type. Text in a total row of a non-text column ("Total" under Date) is stored null;
 * a decimal total over integer rows (a weighted margin) keeps its decimals.
 * @param dataTyped the columns already typed over the data rows, when they were
 */
function typeStoredColumns(
  names: string[],
  body: BodyRow[],
  observed: Observation[][],
  storedIndexes: number[],
  dataIndexes: number[],
  decimalSeparator: '.' | ',',
  dataTyped?: TypedColumnEvidence[],
): { evidence: TypedColumnEvidence; stored: StoredValue[] }[] {
  let isData: boolean[] | undefined;
  return names.map((name, column) => {
    const context = { decimalSeparator, headerName: name };
    const evidence: TypedColumnEvidence = dataTyped?.[column] ?? typeObservations(pick(observed[column], dataIndexes), context);
    if (storedIndexes.length === dataIndexes.length) return { evidence, stored: evidence.values };
    if (isData === undefined) {
      isData = new Array<boolean>(body.length).fill(false);
      for (const index of dataIndexes) isData[index] = true;
    }
    const data = isData;
    const observations = storedIndexes.map((index) => {
      if (data[index] || evidence.type === 'text') return observed[column][index];
      return cellKind(body[index].cells[column], decimalSeparator) === 'text' ? EMPTY_OBSERVATION : observed[column][index];
    });
    const all = typeObservations(observations, context);
    if (all.type === evidence.type) return { evidence, stored: all.values };
    const numeric = ['integer', 'decimal'].includes(evidence.type) && ['integer', 'decimal'].includes(all.type);
    let position = 0;
    const stored = storedIndexes.map((index, storedPosition) => {
      if (data[index]) return evidence.values[position++];
      return numeric ? all.values[storedPosition] : null;
    });
    return { evidence, stored };
  });
}

/**
 * A cell that shows a value: not blank, and not text meaning "no value" (`n/a`, `-`).
 * Typing reads exactly those as empty, except an unreadable Excel date, which shows something.
 */
function holdsValue(cell: Cell | null, observation: Observation): boolean {
  return observation.kind !== 'empty' || cell?.value instanceof Date;
}
