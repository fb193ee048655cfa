/**
 * Turns a table region into a `DetectedTable`: folded header names, body rows sorted into
 * data, total, hidden and section-heading rows, typed values, aggregate columns, column
 * cards, validation and fingerprint.
 * @module tables/build-table
 */
import type { Cell, Grid } from '../extract/grid.js';
import { flagAggregateColumns } from './aggregate-columns.js';
import { flagAggregateRows, isColumnSumFormula, isRowSumFormula, refersUpOwnColumn, type RowFacts } from './aggregate-rows.js';
import { cellAt, cellKind, cellNumber, cellText, isBlankCell, labelDepth } from './cells.js';
import { buildColumnCards, type ColumnInput, type TypedColumnEvidence } from './column-cards.js';
import { typeColumn } from './column-types.js';
import { isNoValueText } from './values.js';
import type { TableRegion } from './detect-tables.js';
import { fingerprintTable } from './fingerprint.js';
import { foldHeaderNames } from './headers.js';
import { findSectionRows, sectionLabels, type SectionRowFacts } from './sections.js';
import type { DetectedTable, StoredValue, TableRow } from './types.js';
import { validateTable } from './validate-table.js';

/** Where a region comes from. */
export interface TableSource {
  sheet: string | null;
  sheetIndex: number;
  sheetHidden: boolean;
  decimalSeparator: '.' | ',';
  /** Label for unions; defaults to the title, else the sheet name. */
  label?: string | null;
}

interface BodyRow {
  row: number;
  cells: (Cell | null)[];
  numbers: (number | null)[];
  hidden: boolean;
}

/**
 * Builds the table a region holds.
 * @param columns the columns to read (offset from the range's left, name) instead of those
 *   with content, named as given: templates replay stored columns
 */
export function buildTable(grid: Grid, region: TableRegion, source: TableSource, columns?: { offset: number; name: string }[]): DetectedTable {
  const { range, headerRows } = region;
  const width = range.right - range.left + 1;
  const allNames = headerRows > 0 ? foldHeaderNames(grid, range, range.top, headerRows) : Array.from({ length: width }, (_, index) => `Column ${index + 1}`);
  const kept = columns !== undefined ? columns.map((column) => column.offset) : keptColumns(grid, region);
  const sheetColumns = kept.map((index) => range.left + index);
  const headerNames = columns !== undefined ? columns.map((column) => column.name) : kept.map((index) => allNames[index]);
  const body = bodyRows(grid, region, sheetColumns, source.decimalSeparator);
  const numericColumns = numericColumnFlags(body, sheetColumns.length, source.decimalSeparator);
  const labelColumn = numericColumns.findIndex((numeric, index) => !numeric && body.some((row) => cellKind(row.cells[index], source.decimalSeparator) === 'text'));

  const sectionFacts = body.map((row) => sectionFactsOf(row, labelColumn));
  const isSection = labelColumn >= 0 ? findSectionRows(sectionFacts) : body.map(() => false);

  const candidateRows = body.filter((row, index) => !isSection[index] && !row.hidden);
  const preliminary = typeColumns(headerNames, candidateRows, source.decimalSeparator);
  const preliminaryCards = buildColumnCards(preliminary.map((typed, index) => ({ name: headerNames[index], sourceColumn: sheetColumns[index], typed })));
  const additive = preliminaryCards.map((card, index) => numericColumns[index] && card.concept === 'measure' && card.aggregation === 'sum');

  const facts = body.map((row, index) => rowFacts(row, isSection[index], numericColumns, sheetColumns));
  const aggregates = flagAggregateRows(facts, additive);
  const isGroup = aggregates.kinds.map((kind) => kind === 'group');
  const sections = sectionLabels(sectionFacts, isSection, aggregates.isAggregate, isGroup);
  const hasSections = isSection.some(Boolean) || isGroup.some(Boolean);

  const storedIndexes = body.map((_, index) => index).filter((index) => !isSection[index]);
  const dataIndexes = storedIndexes.filter((index) => !aggregates.isAggregate[index] && !body[index].hidden);
  const typed = typeStoredColumns(headerNames, body, storedIndexes, dataIndexes, source.decimalSeparator);

  const dataNumbers = dataIndexes.map((index) => body[index].numbers);
  const rowSumFormulas = headerNames.map((_, column) => dataIndexes.filter((index) => isRowSumFormula(body[index].cells[column]?.formulaText)).length);
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

  const rows: TableRow[] = storedIndexes.map((index, position) => {
    const values: Record<string, StoredValue> = {};
    headerNames.forEach((_, column) => {
      values[cards[column].sqlName] = typed[column].stored[position];
    });
    if (hasSections) values[cards[cards.length - 1].sqlName] = sections[index];
    return { sheetRow: body[index].row + 1, values, isAggregate: aggregates.isAggregate[index], hidden: body[index].hidden };
  });

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
  const sourceValueCounts = Object.fromEntries(
    headerNames.map((_, column) => [cards[column].sqlName, dataIndexes.filter((index) => holdsValue(body[index].cells[column])).length]),
  );
  table.validation = validateTable(table, { sourceValueCounts, expectedDataRows: dataIndexes.length, aggregateKinds: aggregateKindsOf(storedIndexes, aggregates.kinds) });
  table.fingerprint = fingerprintTable(table, grid);
  return table;
}

function aggregateKindsOf(storedIndexes: number[], kinds: (string | null)[]): Record<number, string> {
  const result: Record<number, string> = {};
  storedIndexes.forEach((index, position) => {
    if (kinds[index]) result[position] = kinds[index] as string;
  });
  return result;
}

/** Positions (0-based within the range) of columns with a header or any value: spacer columns dropped. */
function keptColumns(grid: Grid, region: TableRegion): number[] {
  const { range } = region;
  const kept: number[] = [];
  for (let column = range.left; column <= range.right; column++) {
    for (let row = range.top; row <= range.bottom; row++) {
      if (!isBlankCell(cellAt(grid, row, column))) {
        kept.push(column - range.left);
        break;
      }
    }
  }
  return kept;
}

function bodyRows(grid: Grid, region: TableRegion, sheetColumns: number[], decimalSeparator: '.' | ','): BodyRow[] {
  const { range } = region;
  const rows: BodyRow[] = [];
  for (let row = range.top + region.headerRows; row <= range.bottom; row++) {
    const cells = sheetColumns.map((column) => cellAt(grid, row, column));
    if (cells.every(isBlankCell)) continue;
    rows.push({ row, cells, numbers: cells.map((cell) => numberOf(cell, decimalSeparator)), hidden: grid.rowHidden[row] === true });
  }
  return rows;
}

function numberOf(cell: Cell | null, decimalSeparator: '.' | ','): number | null {
  if (cell === null || cell.value instanceof Date || typeof cell.value === 'boolean') return null;
  return cellNumber(cell, decimalSeparator);
}

/** Columns where most filled body cells hold numbers. */
function numericColumnFlags(body: BodyRow[], width: number, decimalSeparator: '.' | ','): boolean[] {
  return Array.from({ length: width }, (_, column) => {
    let numbers = 0;
    let filled = 0;
    for (const row of body) {
      const kind = cellKind(row.cells[column], decimalSeparator);
      if (kind === 'empty' || kind === 'error') continue;
      filled++;
      if (kind === 'number') numbers++;
    }
    return filled > 0 && numbers * 2 > filled;
  });
}

function sectionFactsOf(row: BodyRow, labelColumn: number): SectionRowFacts {
  const labelCell = labelColumn >= 0 ? row.cells[labelColumn] : null;
  const label = typeof labelCell?.value === 'string' ? labelCell.value : cellText(labelCell);
  const filled = row.cells.filter((cell) => !isBlankCell(cell));
  return {
    label,
    depth: labelDepth(labelCell),
    bold: filled.length > 0 && filled.every((cell) => cell?.bold === true),
    hasNumbers: row.numbers.some((value) => value !== null),
    otherFilled: row.cells.filter((cell, index) => index !== labelColumn && !isBlankCell(cell)).length,
    hidden: row.hidden,
  };
}

function rowFacts(row: BodyRow, section: boolean, numericColumns: boolean[], sheetColumns: number[]): RowFacts {
  const labelParts: string[] = [];
  let leadText = '';
  let formulaCount = 0;
  let columnSumFormulaCount = 0;
  row.cells.forEach((cell, column) => {
    if (isBlankCell(cell)) return;
    const isNumber = row.numbers[column] !== null && numericColumns[column];
    if (isNumber) {
      if (refersUpOwnColumn(cell?.formulaText, sheetColumns[column], row.row)) formulaCount++;
      if (isColumnSumFormula(cell?.formulaText)) columnSumFormulaCount++;
      return;
    }
    const text = cellText(cell);
    labelParts.push(text);
    if (leadText === '' && typeof cell?.value === 'string') leadText = text;
  });
  const filled = row.cells.filter((cell) => !isBlankCell(cell));
  const numericCells = row.cells.filter((cell, column) => row.numbers[column] !== null && numericColumns[column]);
  const labelCell = row.cells.find((cell, column) => !isBlankCell(cell) && !(row.numbers[column] !== null && numericColumns[column]));
  return {
    depth: labelDepth(labelCell ?? null),
    label: labelParts.join(' ').trim(),
    percentFormatted: numericCells.length > 0 && numericCells.every((cell) => (cell?.numFmt ?? '').includes('%')),
    leadText,
    numbers: row.numbers.map((value, column) => (numericColumns[column] ? value : null)),
    formulaCount,
    columnSumFormulaCount,
    bold: filled.length > 0 && filled.every((cell) => cell?.bold === true),
    hidden: row.hidden,
    section,
  };
}

function typeColumns(names: string[], rows: BodyRow[], decimalSeparator: '.' | ','): TypedColumnEvidence[] {
  return names.map((name, column) => {
    const result = typeColumn(rows.map((row) => row.cells[column]), { decimalSeparator, headerName: name });
    return { ...result, values: result.values.map(trimText) };
  });
}

/**
 * Types each column over the data rows, then stores every kept row (data, totals, hidden)
 * in that type. Text in a total row of a non-text column ("Total" under Date) is stored null;
 * a decimal total over integer rows (a weighted margin) keeps its decimals.
 */
function typeStoredColumns(
  names: string[],
  body: BodyRow[],
  storedIndexes: number[],
  dataIndexes: number[],
  decimalSeparator: '.' | ',',
): { evidence: TypedColumnEvidence; stored: StoredValue[] }[] {
  const dataSet = new Set(dataIndexes);
  return names.map((name, column) => {
    const dataResult = typeColumn(dataIndexes.map((index) => body[index].cells[column]), { decimalSeparator, headerName: name });
    const evidence: TypedColumnEvidence = { ...dataResult, values: dataResult.values.map(trimText) };
    if (storedIndexes.length === dataIndexes.length) return { evidence, stored: evidence.values };
    const cells = storedIndexes.map((index) => {
      const cell = body[index].cells[column];
      if (dataSet.has(index) || dataResult.type === 'text') return cell;
      return cellKind(cell, decimalSeparator) === 'text' ? null : cell;
    });
    const all = typeColumn(cells, { decimalSeparator, headerName: name });
    if (all.type === dataResult.type) return { evidence, stored: all.values.map(trimText) };
    const numeric = ['integer', 'decimal'].includes(dataResult.type) && ['integer', 'decimal'].includes(all.type);
    let position = 0;
    const stored = storedIndexes.map((index, storedPosition) => {
      if (dataSet.has(index)) return evidence.values[position++];
      return numeric ? trimText(all.values[storedPosition]) : null;
    });
    return { evidence, stored };
  });
}

/** A cell that shows a value: not blank, and not text meaning "no value" (`n/a`, `-`). */
function holdsValue(cell: Cell | null): boolean {
  if (isBlankCell(cell)) return false;
  return !(typeof cell?.value === 'string' && isNoValueText(cell.value.trim()));
}

function trimText(value: StoredValue): StoredValue {
  return typeof value === 'string' ? value.trim() : value;
}
