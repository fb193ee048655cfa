/**
 * The entry point of table finding: a workbook in, every table of every sheet out, with
 * sheets of text kept as prose. Never throws on a workbook `readWorkbook` returned: a sheet
 * that cannot be read is skipped with a warning naming it.
 * @module tables/read-tables
 */
import type { Grid, Workbook } from '../extract/grid.js';
import { describeError } from '../errors.js';
import { buildTable, type TableSource } from './build-table.js';
import { detectTableRegions, type TableRegion } from './detect-tables.js';
import { applyTemplate, type TableLayout } from './fingerprint.js';
import { accountRows, type SheetAccount } from './account-rows.js';
import { materializeGrid, streamedSheetSteps } from './streamed-table.js';
import { hiddenSheetWarning, outsideCellWarnings, strayCellWarnings, tableWarnings } from './table-warnings.js';
import { runSteps, runStepsPaced, type Pace } from '../extract/pace.js';
import type { DetectedTable, ProseSheet, ReadResult } from './types.js';

/** Options of `readTables`. */
export interface ReadTablesOptions {
  /**
   * Layouts of tables that read well before (`layoutOf`). A template whose header is found
   * again in the sheet of the same name (else the same sheet position) and whose replay yields
   * the same fingerprint replaces the tables detection found over its rows.
   */
  templates?: TableLayout[];
  /** Rows per chunk of a sheet read in chunks (`Grid.store`). @default STREAM_CHUNK_ROWS */
  chunkRows?: number;
}

/**
 * Finds the tables of every sheet.
 * The label of a table: its banner title when its sheet holds several tables, else the
 * sheet name (xlsx) or the title (CSV).
 */
export function readTables(workbook: Workbook, options: ReadTablesOptions = {}): ReadResult {
  return runSteps(readTableSteps(workbook, options));
}

/**
 * `readTables` paced: the event loop runs between sheets and between the chunks of a tall
 * sheet, and the work stops there once `pace`'s signal is aborted.
 * @throws the signal's reason once it is aborted
 */
export async function readTablesPaced(workbook: Workbook, options: ReadTablesOptions, pace: Pace): Promise<ReadResult> {
  return runStepsPaced(readTableSteps(workbook, options), pace);
}

/** `readTables` as a generator that yields between steps (sheets, chunks of a tall sheet). */
function* readTableSteps(workbook: Workbook, options: ReadTablesOptions): Generator<void, ReadResult> {
  const tables: DetectedTable[] = [];
  const prose: ProseSheet[] = [];
  const warnings: string[] = [];
  const accounts: SheetAccount[] = [];
  const decimalSeparator = workbook.decimalSeparator ?? '.';
  for (const grid of workbook.sheets) {
    yield;
    const sheetName = grid.name ?? workbook.file;
    let sheet = grid;
    try {
      // A sheet too tall to hold as cells is read in chunks; one of an unusual shape, whole.
      if (grid.store !== undefined) {
        const streamed = yield* streamedSheetSteps(grid, workbook.format, decimalSeparator, options.chunkRows);
        if (streamed !== null) {
          for (const table of streamed.tables) table.warnings = table.warnings?.map((warning) => `${workbook.file}: ${warning}`);
          tables.push(...streamed.tables);
          warnings.push(...streamed.warnings.map((warning) => `${workbook.file}: ${warning}`));
          accounts.push(streamed.account);
          continue;
        }
        sheet = materializeGrid(grid);
      }
      const found = yield* readSheet(sheet, workbook, decimalSeparator, options.templates ?? [], warnings);
      tables.push(...found.tables);
      if (found.prose !== null) prose.push(found.prose);
      accounts.push(accountRows(sheet, found.tables));
    } catch (error) {
      warnings.push(`${workbook.file}: sheet "${sheetName}" could not be read as tables and was skipped: ${describeError(error)}`);
      accounts.push({ ...accountRows(materializeGrid(sheet), []), noTable: `no table: the sheet could not be read (${describeError(error)})` });
    }
  }
  if (workbook.errorCellCount > 0) warnings.push(`${workbook.file}: ${workbook.errorCellCount} cells hold Excel errors (#DIV/0!, #N/A …); they are stored empty`);
  return { tables, prose, warnings, accounts };
}

function* readSheet(
  grid: Grid,
  workbook: Workbook,
  decimalSeparator: '.' | ',',
  templates: TableLayout[],
  warnings: string[],
): Generator<void, { tables: DetectedTable[]; prose: ProseSheet | null }> {
  const detected = detectTableRegions(grid, { decimalSeparator, format: workbook.format });
  yield;
  warnings.push(...detected.warnings.map((warning) => `${workbook.file}: ${warning}`));
  const several = detected.regions.length > 1;
  const source = (region: TableRegion): TableSource => ({
    sheet: grid.name,
    sheetIndex: grid.index,
    sheetHidden: grid.hidden,
    decimalSeparator,
    label: several && region.title ? region.title : grid.name ?? region.title,
  });
  let tables: DetectedTable[] = [];
  for (const region of detected.regions) {
    tables.push(buildTable(grid, region, source(region)));
    yield;
  }
  for (const table of tables) {
    const hidden = table.rows.filter((row) => row.hidden).length;
    table.warnings = [...tableWarnings(table, grid.name, hidden).map((warning) => `${workbook.file}: ${warning}`), ...strayCellWarnings(`${workbook.file}: `, grid, table)];
    warnings.push(...table.warnings);
  }
  tables = replayTemplates(grid, new Set(workbook.sheets.map((sheet) => sheet.name)), tables, templates, source);
  warnings.push(...outsideCellWarnings(`${workbook.file}: `, grid, tables));
  if (grid.hidden && tables.length > 0) warnings.push(`${workbook.file}: ${hiddenSheetWarning(grid.name, tables.length)}`);
  if (tables.length === 0) {
    const text = detected.textLines.join('\n').trim();
    return { tables, prose: text === '' ? null : { sheet: grid.name, text } };
  }
  return { tables, prose: null };
}

function replayTemplates(
  grid: Grid,
  sheetNames: Set<string | null>,
  tables: DetectedTable[],
  templates: TableLayout[],
  source: (region: TableRegion) => TableSource,
): DetectedTable[] {
  const forSheet = templates.filter((layout) => layout.sheet === grid.name || (layout.sheetIndex === grid.index && !sheetNames.has(layout.sheet)));
  let result = tables;
  for (const layout of forSheet) {
    const region = applyTemplate(grid, layout);
    if (region === null) continue;
    const replayed = buildTable(grid, region, source(region), layout.columns);
    if (replayed.fingerprint !== layout.fingerprint) continue;
    const overlapping = (table: DetectedTable) =>
      table.range.top <= region.range.bottom && region.range.top <= table.range.bottom && table.range.left <= region.range.right && region.range.left <= table.range.right;
    result = [...result.filter((table) => !overlapping(table)), replayed].sort((a, b) => a.range.top - b.range.top || a.range.left - b.range.left);
  }
  return result;
}
