/**
 * Scores table detection and aggregate rows on the annotated Enron workbooks
 * (`corpus/enron-annotated`, DeEx expert annotations) by the protocol of that folder's
 * README: per annotated sheet, detections on `skip_sheets` and `other_sheets` ignored,
 * greedy one-to-one matching best pair first under EoB-0 (exact), EoB ≤ 2 and IoU ≥ 0.9,
 * precision/recall/F1 micro-averaged over sheets; aggregate rows compared as row sets per
 * sheet, with and without `derived_outside_tables` (blank sheet rows inside an annotated
 * derived range are not rows and are not counted).
 * @module eval/enron
 */
import { InvalidRequestError } from '../errors.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { columnLetters, readWorkbook, rangeToA1, type CellRange, type Grid } from '../extract/index.js';
import { readTables } from '../tables/index.js';

/** One workbook entry of the Enron truth.json (the fields scoring reads). */
export interface EnronTruthWorkbook {
  file: string;
  sheet: string;
  tables: { name: string; range: string; derived: string[] }[];
  derived_outside_tables: string[];
}

/** Precision, recall and F1 of one criterion, as fractions (0…1). */
export interface Figures {
  truePositives: number;
  detections: number;
  truths: number;
  precision: number;
  recall: number;
  f1: number;
}

/** What one annotated sheet scored, for diagnostics. */
export interface EnronSheetReport {
  file: string;
  sheet: string;
  truth: string[];
  detected: string[];
  /** Truth ranges matched exactly. */
  exact: number;
  /** Truth ranges matched within two cells. */
  near: number;
  /** Annotated aggregate rows (1-based sheet rows, inside tables) not flagged. */
  missedAggregates: number[];
  /** Flagged rows that are not annotated aggregates (outside-table ones count as annotated). */
  extraAggregates: number[];
  /** Each missed or extra aggregate row's cells as the sheet holds them (`describeSheetRow`; an extra one after the table that flagged it), by sheet row. */
  aggregateRowCells: Record<number, string>;
  /** The file could not be read: its message. */
  error?: string;
}

/** The whole Enron score. */
export interface EnronReport {
  sheets: EnronSheetReport[];
  eob0: Figures;
  eob2: Figures;
  iou90: Figures;
  aggregates: Figures;
  /** Aggregate rows with `derived_outside_tables` counted as truth too. */
  aggregatesWithOutside: Figures;
  /**
   * Aggregate rows flagged in detected tables that overlap an annotated table only: rows flagged
   * in tables the annotators left unannotated (a sheet's side tables) are neither right nor wrong
   * by the annotation. Reported beside `aggregates`, never instead of it.
   */
  aggregatesInAnnotatedTables: Figures;
}

/** Parses `A3:AD48` or a single cell `H6` into a 0-based range. */
export function parseA1Range(text: string): CellRange {
  const [start, end = start] = text.replace(/\$/g, '').split(':');
  const cell = (reference: string) => {
    const match = /^([A-Z]+)(\d+)$/i.exec(reference.trim());
    if (match === null) throw new InvalidRequestError(`not an A1 reference: ${text}`);
    let column = 0;
    for (const letter of match[1].toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
    return { row: Number(match[2]) - 1, column: column - 1 };
  };
  const a = cell(start);
  const b = cell(end);
  return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.column, b.column), right: Math.max(a.column, b.column) };
}

/** Error of boundary: the largest edge offset, in rows or columns. */
export function errorOfBoundary(a: CellRange, b: CellRange): number {
  return Math.max(Math.abs(a.top - b.top), Math.abs(a.bottom - b.bottom), Math.abs(a.left - b.left), Math.abs(a.right - b.right));
}

/** Intersection over union of two cell rectangles (cells counted). */
export function intersectionOverUnion(a: CellRange, b: CellRange): number {
  const area = (r: CellRange) => (r.bottom - r.top + 1) * (r.right - r.left + 1);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1;
  const intersection = height > 0 && width > 0 ? height * width : 0;
  return intersection / (area(a) + area(b) - intersection);
}

/**
 * Matches detections to truths one-to-one, greedily, best pair first.
 * @param quality higher is better; null when the pair does not qualify
 * @returns the number of matched pairs
 */
export function greedyMatches(truths: CellRange[], detections: CellRange[], quality: (truth: CellRange, detection: CellRange) => number | null): number {
  const pairs: { truth: number; detection: number; quality: number }[] = [];
  truths.forEach((truth, t) =>
    detections.forEach((detection, d) => {
      const q = quality(truth, detection);
      if (q !== null) pairs.push({ truth: t, detection: d, quality: q });
    }),
  );
  pairs.sort((a, b) => b.quality - a.quality);
  const usedTruths = new Set<number>();
  const usedDetections = new Set<number>();
  for (const pair of pairs) {
    if (usedTruths.has(pair.truth) || usedDetections.has(pair.detection)) continue;
    usedTruths.add(pair.truth);
    usedDetections.add(pair.detection);
  }
  return usedTruths.size;
}

/** The three matching criteria of the protocol; quality is higher for better pairs. */
const CRITERIA = {
  eob0: (truth: CellRange, detection: CellRange) => (errorOfBoundary(truth, detection) === 0 ? 1 : null),
  eob2: (truth: CellRange, detection: CellRange) => {
    const eob = errorOfBoundary(truth, detection);
    return eob <= 2 ? 3 - eob + intersectionOverUnion(truth, detection) / 10 : null;
  },
  iou90: (truth: CellRange, detection: CellRange) => {
    const iou = intersectionOverUnion(truth, detection);
    return iou >= 0.9 ? iou : null;
  },
};

/** Precision, recall and F1 from counts (0 when a denominator is 0). */
export function figuresOf(truePositives: number, detections: number, truths: number): Figures {
  const precision = detections === 0 ? 0 : truePositives / detections;
  const recall = truths === 0 ? 0 : truePositives / truths;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives, detections, truths, precision, recall, f1 };
}

function rowsOf(ranges: string[]): Set<number> {
  const rows = new Set<number>();
  for (const text of ranges) {
    const range = parseA1Range(text);
    for (let row = range.top; row <= range.bottom; row++) rows.add(row + 1);
  }
  return rows;
}

/**
 * The annotated aggregate rows of one sheet, 1-based sheet rows: `inTables` from the tables'
 * `derived` ranges, `all` with `derived_outside_tables` too. A derived range drawn over blank
 * sheet rows (A42:AD46 around two empty rows) holds no row there to flag, so blank rows of the
 * grid are left out; without a grid (the file could not be read) every annotated row counts.
 */
export function annotatedAggregateRows(entry: Pick<EnronTruthWorkbook, 'tables' | 'derived_outside_tables'>, grid: Grid | undefined): { inTables: Set<number>; all: Set<number> } {
  const holdsCells = (row: number): boolean => grid === undefined || describeSheetRow(grid, row) !== '(blank)';
  const inTables = new Set([...rowsOf(entry.tables.flatMap((table) => table.derived))].filter(holdsCells));
  const outside = [...rowsOf(entry.derived_outside_tables)].filter(holdsCells);
  return { inTables, all: new Set([...inTables, ...outside]) };
}

/** Reads every workbook of the folder's truth.json with the real reader and table finder, and scores it. */
export async function scoreEnron(folder: string): Promise<EnronReport> {
  const truth = JSON.parse(await readFile(path.join(folder, 'truth.json'), 'utf8')) as { workbooks: EnronTruthWorkbook[] };
  const sheets: EnronSheetReport[] = [];
  const counts = { eob0: 0, eob2: 0, iou90: 0, detections: 0, truths: 0 };
  const aggregate = { hit: 0, flagged: 0, truth: 0, hitOutside: 0, flaggedOutside: 0, truthOutside: 0, hitAnnotated: 0, flaggedAnnotated: 0 };
  for (const entry of truth.workbooks) {
    const truthRanges = entry.tables.map((table) => parseA1Range(table.range));
    counts.truths += truthRanges.length;
    let detected: CellRange[] = [];
    const flagged = new Set<number>();
    const flaggedIn = new Map<number, string>();
    const flaggedInAnnotated = new Set<number>();
    let error: string | undefined;
    let grid: Grid | undefined;
    try {
      const bytes = await readFile(path.join(folder, entry.file));
      const workbook = await readWorkbook({ bytes, fileName: entry.file });
      grid = workbook.sheets.find((sheet) => sheet.name === entry.sheet);
      const tables = readTables(workbook).tables.filter((table) => table.sheet === entry.sheet);
      // A table is reported where the sheet shows it, as the annotators saw it; its hidden edge cells are stored all the same.
      detected = tables.map((table) => table.shownRange ?? table.range);
      for (const table of tables)
        for (const row of table.rows)
          if (row.isAggregate) {
            flagged.add(row.sheetRow);
            flaggedIn.set(row.sheetRow, rangeToA1(table.range));
            if (truthRanges.some((truthRange) => intersectionOverUnion(truthRange, table.shownRange ?? table.range) > 0)) flaggedInAnnotated.add(row.sheetRow);
          }
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const { inTables: truthRows, all: allTruthRows } = annotatedAggregateRows(entry, grid);
    aggregate.truth += truthRows.size;
    aggregate.truthOutside += allTruthRows.size;
    counts.detections += detected.length;
    const exact = greedyMatches(truthRanges, detected, CRITERIA.eob0);
    const near = greedyMatches(truthRanges, detected, CRITERIA.eob2);
    counts.eob0 += exact;
    counts.eob2 += near;
    counts.iou90 += greedyMatches(truthRanges, detected, CRITERIA.iou90);
    aggregate.flagged += flagged.size;
    aggregate.flaggedOutside += flagged.size;
    for (const row of flagged) {
      if (truthRows.has(row)) aggregate.hit++;
      if (allTruthRows.has(row)) aggregate.hitOutside++;
    }
    aggregate.flaggedAnnotated += flaggedInAnnotated.size;
    for (const row of flaggedInAnnotated) if (truthRows.has(row)) aggregate.hitAnnotated++;
    const missedAggregates = [...allTruthRows].filter((row) => !flagged.has(row)).sort((a, b) => a - b);
    const extraAggregates = [...flagged].filter((row) => !allTruthRows.has(row)).sort((a, b) => a - b);
    const aggregateRowCells: Record<number, string> = {};
    if (grid !== undefined) for (const row of missedAggregates) aggregateRowCells[row] = describeSheetRow(grid, row);
    if (grid !== undefined) for (const row of extraAggregates) aggregateRowCells[row] = `flagged in ${flaggedIn.get(row)}: ${describeSheetRow(grid, row)}`;
    sheets.push({
      file: entry.file,
      sheet: entry.sheet,
      truth: entry.tables.map((table) => table.range),
      detected: detected.map(rangeToA1),
      exact,
      near,
      missedAggregates,
      extraAggregates,
      aggregateRowCells,
      error,
    });
  }
  return {
    sheets,
    eob0: figuresOf(counts.eob0, counts.detections, counts.truths),
    eob2: figuresOf(counts.eob2, counts.detections, counts.truths),
    iou90: figuresOf(counts.iou90, counts.detections, counts.truths),
    aggregates: figuresOf(aggregate.hit, aggregate.flagged, aggregate.truth),
    aggregatesWithOutside: figuresOf(aggregate.hitOutside, aggregate.flaggedOutside, aggregate.truthOutside),
    aggregatesInAnnotatedTables: figuresOf(aggregate.hitAnnotated, aggregate.flaggedAnnotated, aggregate.truth),
  };
}

/** Longest description of one row, in characters. */
const MAX_ROW_DESCRIPTION = 160;

/**
 * One sheet row as its cells: `A45 "Total For Month" | C45 =SUM(C8:C42) 50000 | …`, text
 * quoted, a formula before its value; `(blank)` when no cell is filled. Cut at 160 characters.
 * @param sheetRow 1-based
 */
export function describeSheetRow(grid: Grid, sheetRow: number): string {
  const parts: string[] = [];
  (grid.rows[sheetRow - 1] ?? []).forEach((cell, column) => {
    if (cell === null || cell === undefined || (cell.value === null && cell.formulaText === undefined) || (typeof cell.value === 'string' && cell.value.trim() === '')) return;
    const value = typeof cell.value === 'string' ? JSON.stringify(cell.value.trim()) : cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : String(cell.value);
    const formula = cell.formulaText === undefined ? '' : `=${cell.formulaText.replace(/^=/, '')} `;
    parts.push(`${columnLetters(column)}${sheetRow} ${formula}${value}`);
  });
  const text = parts.length === 0 ? '(blank)' : parts.join(' | ');
  return text.length > MAX_ROW_DESCRIPTION ? `${text.slice(0, MAX_ROW_DESCRIPTION - 1)}…` : text;
}

function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

/** One line of figures: `P 80.0% R 75.0% F1 77.4% (30/40 detections, 30/39 truths)`. */
export function formatFigures(figures: Figures): string {
  return `P ${percent(figures.precision)} R ${percent(figures.recall)} F1 ${percent(figures.f1)} (${figures.truePositives}/${figures.detections} detections, ${figures.truePositives}/${figures.truths} truths)`;
}

/**
 * The report as text: a line per sheet that is not perfect, then the totals. `verbose`: a line
 * per sheet, and under it each missed and each extra aggregate row with its cells.
 */
export function formatEnronReport(report: EnronReport, verbose = false): string {
  const lines: string[] = [];
  for (const sheet of report.sheets) {
    const perfect = sheet.exact === sheet.truth.length && sheet.detected.length === sheet.truth.length && sheet.missedAggregates.length === 0 && sheet.extraAggregates.length === 0;
    if (perfect && !verbose) continue;
    const aggregates = sheet.missedAggregates.length + sheet.extraAggregates.length > 0 ? ` aggregates missed ${JSON.stringify(sheet.missedAggregates)} extra ${JSON.stringify(sheet.extraAggregates)}` : '';
    lines.push(`enron ${perfect ? 'ok  ' : 'MISS'} ${sheet.file} [${sheet.sheet}] truth ${sheet.truth.join(' ')} found ${sheet.detected.join(' ') || '-'}${aggregates}${sheet.error ? ` error: ${sheet.error}` : ''}`);
    if (!verbose) continue;
    for (const row of sheet.missedAggregates) lines.push(`  aggregate missed row ${row}: ${sheet.aggregateRowCells[row] ?? '?'}`);
    for (const row of sheet.extraAggregates) lines.push(`  aggregate extra  row ${row}: ${sheet.aggregateRowCells[row] ?? '?'}`);
  }
  lines.push(`enron tables EoB-0:   ${formatFigures(report.eob0)}`);
  lines.push(`enron tables EoB-2:   ${formatFigures(report.eob2)}`);
  lines.push(`enron tables IoU≥0.9: ${formatFigures(report.iou90)}`);
  lines.push(`enron aggregate rows: ${formatFigures(report.aggregates)}`);
  lines.push(`enron aggregate rows with derived_outside_tables: ${formatFigures(report.aggregatesWithOutside)}`);
  lines.push(`enron aggregate rows flagged in annotated tables only: ${formatFigures(report.aggregatesInAnnotatedTables)}`);
  return lines.join('\n');
}
