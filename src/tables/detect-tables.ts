/**
 * Finds the tables of a sheet: the Excel tables it declares, then blocks split on blank rows
 * and spacer columns, banner rows above a table taken as its title, header rows counted,
 * footnotes below taken as notes, a block of data right under a table (after a blank line)
 * joined to it, and a sheet of text only kept as prose.
 * @module tables/detect-tables
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { aggregateLabelKind } from './aggregate-labels.js';
import { cellAt, cellKind, cellText, isBlankCell, isValueKind } from './cells.js';
import { findBlocks, isSingleValueRow, occupancyOf, occupiedIn, type Occupancy } from './find-blocks.js';
import { bodyKinds, FIELD_LABEL, splitHeader } from './headers.js';
import { isUnitCaption } from './header-units.js';
import { attachStrays, attachText, joinContinuations, type Piece } from './attach-blocks.js';
import { NOTE_START } from './notes.js';
import { cleanCsvRegion, singleRecordRegion, withFootNotes } from './clean-csv.js';
import { declaredTableRegions, occupancyWithout } from './declared-tables.js';
import { nameUnderHeaderAbove } from './header-above.js';
import { dataRows, headerKey, isPageMarker, joinRepeatedPages, repeatsHeader, repeatsKeyValues, startsStackedTable } from './stacked-headers.js';

/** Where a table sits and what surrounds it; cells are read by `build-table.ts`. */
export interface TableRegion {
  /** Header rows through the last data or aggregate row (0-based, inclusive). */
  range: CellRange;
  headerRows: number;
  /** Banner text above the table, if any. */
  title: string | null;
  /** Footnotes below the table and extra banner lines above it. */
  notes: string[];
  /** 0-based rows inside the range that are not table rows (CSV comment lines such as `# updated 2010`). */
  skipRows?: number[];
  /**
   * Rows at the top of the range above the header that belong to the table without naming its
   * columns: the caption of a PivotTable ("Count of Buy/Sell", "Data") inside the pivot's declared
   * location, or a caption stating the unit of the numbers ("Direct Access Eligible Load | MMBtu",
   * also kept in `notes`). Counted in `headerRows`; names are folded from the rows below them.
   * Absent when there are none.
   */
  captionRows?: number;
  /**
   * Set on a table with no header rows of its own that reads under the header of a table above
   * it (a section of a stacked report, `header-above.ts`): the sheet rows (0-based top, count)
   * whose labels name its columns. Absent otherwise.
   */
  namesFrom?: { top: number; rows: number };
  /** Totals rows at the foot of the range that the workbook declares (an Excel table's `totalsRowCount`). Absent when none. */
  totalsRows?: number;
  /**
   * Total rows placed above the header (0-based sheet rows): "Total | SUM(N5:N65536)" over
   * the columns it sums. Read as aggregate rows of the table, outside its range.
   */
  totalsAbove?: number[];
}

/** How a sheet is read: its decimal separator and container format. */
export interface DetectOptions {
  decimalSeparator: '.' | ',';
  format: 'csv' | 'xlsx';
}

/** The tables and loose text of one sheet. */
export interface SheetRegions {
  regions: TableRegion[];
  /** Lines of text that belong to no table (the whole sheet when it has no table). */
  textLines: string[];
  warnings: string[];
}

/**
 * Finds table regions in a grid.
 * @param options.format CSV blocks one column wide are tables; in xlsx they are text unless they hold values
 */
export function detectTableRegions(grid: Grid, options: DetectOptions): SheetRegions {
  // A CSV that is one rectangular table under a header is read whole, like any CSV reader does.
  const clean = options.format === 'csv' ? cleanCsvRegion(grid, options.decimalSeparator) : null;
  if (clean !== null) return { regions: [clean], textLines: [], warnings: [] };
  // A sheet whose one row is data (a CSV of one record, a sheet of one row of numbers) is a one-row table, not a header with no rows: its data is kept.
  const single = grid.declaredTables === undefined ? singleRecordRegion(grid, options.decimalSeparator) : null;
  if (single !== null) return { regions: [single], textLines: [], warnings: [] };
  // Declared Excel tables are taken as declared; the rest of the sheet is read around them.
  const cells = occupancyOf(grid);
  const declared = grid.declaredTables === undefined ? [] : declaredTableRegions(grid, cells);
  const occupancy = occupancyWithout(cells, declared.map((region) => region.range));
  const blocks = splitOverDeclared(occupancy, findBlocks(grid, occupancy), declared);
  const pieces = blocks.flatMap((block) => splitAtRepeatedHeaders(grid, occupancy, block, options).map((part) => classify(grid, occupancy, part.block, options, part.region)));
  if (declared.length > 0) {
    pieces.push(...declared.map((region): Piece => ({ kind: 'table', block: region.range, lines: [], region, reach: region.range.bottom, declared: true })));
    pieces.sort((a, b) => a.block.top - b.block.top || a.block.left - b.block.left);
    captionsOfDeclared(grid, occupancy, pieces, options);
  }
  const warnings: string[] = [];
  nameUnderHeaderAbove(grid, pieces, options);
  joinContinuations(grid, pieces, options);
  joinRepeatedPages(grid, pieces);
  attachStrays(grid, pieces, warnings);
  const textLines = attachText(pieces);
  const regions = pieces.filter((piece) => piece.kind === 'table' && piece.region).map((piece) => piece.region as TableRegion);
  // A CSV table's last records that are notes (`* Includes penalties`, `Source: …, 2012` split by its comma) end it, as in a clean CSV.
  if (options.format === 'csv') regions.forEach((region, index) => (regions[index] = withFootNotes(grid, region, options.decimalSeparator)));
  if (grid.declaredTables !== undefined) takePivotCaptions(grid, regions);
  return { regions, textLines, warnings };
}

/** Most blank rows between a declared table and a caption above or below it. */
const MAX_CAPTION_GAP = 3;

/**
 * Cuts a one-row block right above two declared tables or more side by side into one part
 * over each ("Big Cities" over one table, "Small Cities" over the next, on one row).
 */
function splitOverDeclared(occupancy: Occupancy, blocks: CellRange[], declared: TableRegion[]): CellRange[] {
  if (declared.length < 2) return blocks;
  return blocks.flatMap((block) => {
    if (block.top !== block.bottom) return [block];
    const below = declared.filter(({ range }) => range.top > block.bottom && range.top - block.bottom - 1 <= MAX_CAPTION_GAP && range.left <= block.right && range.right >= block.left);
    if (below.length < 2) return [block];
    below.sort((a, b) => a.range.left - b.range.left);
    // Each cell goes with the last table starting at or before its column (the first table for cells left of all).
    const parts = new Map<number, CellRange>();
    for (const column of occupiedIn(occupancy, block.top, block.left, block.right)) {
      const owner = Math.max(0, below.findLastIndex(({ range }) => range.left <= column));
      const part = parts.get(owner);
      if (part === undefined) parts.set(owner, { ...block, left: column, right: column });
      else part.right = column;
    }
    return [...parts.values()];
  });
}

/**
 * Blocks of text only right above or below a declared table, over its columns, are its
 * captions (title and notes), not tables of their own: the workbook says where the table
 * starts and ends.
 */
function captionsOfDeclared(grid: Grid, occupancy: Occupancy, pieces: Piece[], options: DetectOptions): void {
  for (const table of pieces) {
    if (table.declared !== true) continue;
    for (const piece of pieces) {
      if (piece.kind !== 'table' || piece.declared === true) continue;
      const gap = piece.block.bottom < table.block.top ? table.block.top - piece.block.bottom - 1 : piece.block.top - table.block.bottom - 1;
      if (gap < 0 || gap > MAX_CAPTION_GAP) continue;
      if (piece.block.right < table.block.left || piece.block.left > table.block.right || countValues(grid, occupancy, piece.block, options) > 0) continue;
      piece.kind = 'text';
      piece.region = undefined;
      piece.reach = undefined;
      piece.lines = blockLines(grid, occupancy, piece.block);
    }
  }
}

/** Most rows a PivotTable's caption takes above its header (a data caption, a column-field row). */
const MAX_CAPTION_ROWS = 3;

/**
 * Extends a table found at the left edge of a declared PivotTable, a few rows under the
 * location's top, up to that top: Excel's pivot range starts at its caption row ("Count of
 * Buy/Sell" over "date | Total", "Data" over the data fields), which cell reading alone takes
 * for a title. The caption rows become header rows that do not name columns; the caption stays
 * the table's title ("Count of …" tells what its numbers count).
 */
function takePivotCaptions(grid: Grid, regions: TableRegion[]): void {
  for (const declared of grid.declaredTables ?? []) {
    if (declared.kind !== 'pivot') continue;
    const pivot = declared.range;
    for (const region of regions) {
      const { range } = region;
      if (range.left !== pivot.left || range.top <= pivot.top || range.top - pivot.top > MAX_CAPTION_ROWS || range.top > pivot.bottom) continue;
      const caption = range.top - pivot.top;
      region.captionRows = (region.captionRows ?? 0) + caption;
      region.headerRows += caption;
      region.range = { ...range, top: pivot.top };
    }
  }
}

function rowLine(grid: Grid, occupancy: Occupancy, row: number, block: CellRange): string {
  const seen: string[] = [];
  for (const column of occupiedIn(occupancy, row, block.left, block.right)) {
    const text = cellText(cellAt(grid, row, column));
    if (text !== '' && seen[seen.length - 1] !== text) seen.push(text);
  }
  return seen.join(' ');
}

function blockLines(grid: Grid, occupancy: Occupancy, block: CellRange): string[] {
  const lines: string[] = [];
  for (let row = block.top; row <= block.bottom; row++) {
    const line = rowLine(grid, occupancy, row, block);
    if (line !== '') lines.push(line);
  }
  return lines;
}

/**
 * What a block is: a table, a banner or text, or a stray row of values.
 * @param known the block's region when already read (`undefined`: not read yet)
 */
function classify(grid: Grid, occupancy: Occupancy, block: CellRange, options: DetectOptions, known?: TableRegion | null): Piece {
  const width = block.right - block.left + 1;
  const height = block.bottom - block.top + 1;
  const lines = () => blockLines(grid, occupancy, block);
  let allSingle = true;
  for (let row = block.top; row <= block.bottom && allSingle; row++) {
    if (!isSingleValueRow(grid, row, occupiedIn(occupancy, row, block.left, block.right))) allSingle = false;
  }
  let counted: number | undefined;
  const values = () => (counted ??= countValues(grid, occupancy, block, options));
  if (width === 1 || allSingle) {
    // In a CSV a one-column block is a table, unless it is text only with more rows below (a banner).
    const csvTable = options.format === 'csv' && (values() > 0 || block.bottom >= grid.rows.length - 1 || width > 1);
    const tableLike = height >= 2 && (csvTable || values() * 2 >= height - 1);
    if (!tableLike || (width > 1 && values() === 0)) return { kind: 'text', block, lines: lines(), banner: true };
  }
  if (height === 1) return { kind: values() > 0 ? 'stray' : 'text', block, lines: lines() };
  const region = known !== undefined ? known : regionOf(grid, occupancy, block, options);
  if (region === null) return { kind: values() > 0 ? 'stray' : 'text', block, lines: lines() };
  if (options.format === 'xlsx' && isFieldList(grid, region)) return { kind: 'text', block, lines: lines() };
  const captionTitle = region.title !== null && !isSingleValueRow(grid, block.top, occupiedIn(occupancy, block.top, block.left, block.right));
  // A table's own lines are never read: text and stray pieces carry lines, tables carry their region.
  return { kind: 'table', block, lines: [], region, reach: region.range.bottom, captionTitle };
}

/** Most rows of a header-less block of label/value pairs read as fields, not a table ("Curve Date | 2000-12-21"). */
const MAX_FIELD_ROWS = 3;

/**
 * A region two columns wide and a few rows high whose first column holds labels: parameters
 * of a sheet. Header-less, or with a label written as a form field ("to Fetch: | 35" under
 * "Number of Curves": one label broken over two lines, not a header over a data row).
 */
function isFieldList(grid: Grid, region: TableRegion): boolean {
  const { range } = region;
  if (range.right - range.left !== 1 || range.bottom - range.top + 1 > MAX_FIELD_ROWS) return false;
  let fieldLabel = false;
  for (let row = range.top; row <= range.bottom; row++) {
    const label = cellAt(grid, row, range.left);
    if (cellKind(label) !== 'text' && cellKind(label) !== 'empty') return false;
    if (FIELD_LABEL.test(cellText(label))) fieldLabel = true;
  }
  return region.headerRows === 0 || fieldLabel;
}

/** Cells of the block holding a number, date or boolean. */
function countValues(grid: Grid, occupancy: Occupancy, block: CellRange, options: DetectOptions): number {
  let values = 0;
  for (let row = block.top; row <= block.bottom; row++) {
    for (const column of occupiedIn(occupancy, row, block.left, block.right)) if (isValueKind(cellKind(cellAt(grid, row, column), options.decimalSeparator))) values++;
  }
  return values;
}

/**
 * Cuts a block where a table stacked under another starts: its header row comes again under a
 * banner ("Texas" … "California", blocks of one series), or another header under which the
 * columns change (`startsStackedTable`); banner rows right above go with it. The table's own
 * header printed again with no banner (or a page marker) above continues the table: those rows
 * are its `skipRows`. Each part comes with its region when it was read on the way (`undefined`:
 * not read).
 */
function splitAtRepeatedHeaders(grid: Grid, occupancy: Occupancy, block: CellRange, options: DetectOptions): { block: CellRange; region?: TableRegion | null }[] {
  if (block.right === block.left || block.bottom - block.top < 3) return [{ block }];
  const region = regionOf(grid, occupancy, block, options);
  if (region === null || region.headerRows === 0) return [{ block, region }];
  const headerRow = region.range.top + region.headerRows - 1;
  const key = headerKey(grid, headerRow, block);
  const skips: number[] = [];
  const markers: string[] = [];
  const cut = (start: number) => {
    const first = { ...block, bottom: start - 1 };
    const read = skips.length === 0 ? undefined : withSkips(regionOf(grid, occupancy, first, options), skips, markers);
    return [{ block: first, region: read }, ...splitAtRepeatedHeaders(grid, occupancy, { ...block, top: start }, options)];
  };
  for (let row = headerRow + 2; row <= region.range.bottom; row++) {
    if (!repeatsHeader(grid, row, block, key)) {
      if (!startsStackedTable(grid, block, headerRow, row, options.decimalSeparator)) continue;
      let start = row;
      while (start - 1 > headerRow && isSingleValueRow(grid, start - 1, occupiedIn(occupancy, start - 1, block.left, block.right))) start--;
      if (start - 1 > headerRow) return cut(start);
      continue;
    }
    let matched = 1;
    while (matched < region.headerRows && row - matched > headerRow) {
      const upper = headerKey(grid, row - matched, block);
      const wanted = headerKey(grid, headerRow - matched, block);
      if (upper.some((text, index) => text !== wanted[index])) break;
      matched++;
    }
    let start = row - (matched - 1);
    while (start - 1 > headerRow && isSingleValueRow(grid, start - 1, occupiedIn(occupancy, start - 1, block.left, block.right))) start--;
    if (start - 1 <= headerRow) continue;
    // The rows under it naming the same keys again (Jan, Feb, Mar) start another block of the same schema.
    let next = row + 1;
    while (next <= region.range.bottom && !repeatsHeader(grid, next, block, key)) next++;
    if (repeatsKeyValues(grid, block, dataRows(grid, block, headerRow + 1, start - 1, skips), dataRows(grid, block, row + 1, next - 1, []))) return cut(start);
    const banners = Array.from({ length: row - matched + 1 - start }, (_, offset) => start + offset);
    if (banners.every((banner) => isPageMarker(rowLine(grid, occupancy, banner, block)))) {
      for (let skipped = start; skipped <= row; skipped++) skips.push(skipped);
      markers.push(...banners.map((banner) => rowLine(grid, occupancy, banner, block)));
      continue;
    }
    return cut(start);
  }
  return [{ block, region: withSkips(region, skips, markers) }];
}

/** The region with `skips` inside its range added to its `skipRows` (rows in it that are not table rows) and the page markers among them to its notes. */
function withSkips(region: TableRegion | null, skips: number[], markers: string[]): TableRegion | null {
  if (region === null) return null;
  region.notes.push(...markers);
  const inside = skips.filter((row) => row > region.range.top + region.headerRows - 1 && row <= region.range.bottom);
  if (inside.length > 0) region.skipRows = [...(region.skipRows ?? []), ...inside].sort((a, b) => a - b);
  return region;
}

/** Reads banner rows, header rows, data rows and trailing notes of a table block. */
function regionOf(grid: Grid, occupancy: Occupancy, block: CellRange, options: DetectOptions): TableRegion | null {
  const width = block.right - block.left + 1;
  const titleLines: string[] = [];
  let top = block.top;
  while (width > 1 && top < block.bottom - 1 && isSingleValueRow(grid, top, occupiedIn(occupancy, top, block.left, block.right))) {
    titleLines.push(rowLine(grid, occupancy, top, block));
    top++;
  }
  let bottom = block.bottom;
  const notes: string[] = [];
  while (width > 1 && bottom > top + 1 && isTrailingNote(grid, occupancy, bottom, block)) {
    notes.unshift(rowLine(grid, occupancy, bottom, block));
    bottom--;
  }
  const run = trailingTextRun(grid, occupancy, { ...block, top, bottom }, options);
  if (width > 1 && run > 0 && bottom - run > top + 1) {
    for (let row = bottom - run + 1; row <= bottom; row++) notes.splice(row - (bottom - run + 1), 0, rowLine(grid, occupancy, row, block));
    bottom -= run;
  }
  const body = { ...block, top, bottom };
  const split = splitHeader(grid, body, options.decimalSeparator);
  // A caption stating the unit of the numbers, right above the header, is the header's top.
  let captionRows = 0;
  if (split.headerRows > 0 && split.bannerRows > 0) {
    const kinds = bodyKinds(grid, body, Math.min(top + split.bannerRows + split.headerRows, bottom), options.decimalSeparator);
    while (captionRows < split.bannerRows && isUnitCaption(grid, body, top + split.bannerRows - 1 - captionRows, kinds)) captionRows++;
  }
  const totalsAbove: number[] = [];
  const captionLines: string[] = [];
  for (let row = top; row < top + split.bannerRows; row++) {
    if (row >= top + split.bannerRows - captionRows) captionLines.push(rowLine(grid, occupancy, row, block));
    else if (isTotalAbove(grid, occupancy, row, block, options)) totalsAbove.push(row);
    else titleLines.push(firstText(grid, occupancy, row, block));
  }
  top += split.bannerRows - captionRows;
  if (top > bottom) return null;
  let { left } = occupiedSpan(occupancy, top, bottom, block);
  let { right } = occupiedSpan(occupancy, top, bottom, block);
  if (options.format === 'xlsx' && split.headerRows > 0 && left < right && isLineNumbering(grid, left, top, top + split.headerRows + captionRows, bottom)) {
    left = occupiedSpan(occupancy, top, bottom, { ...block, left: left + 1 }).left;
  }
  // Headings over empty columns at the right edge ("Week 6 … Week 17" not played yet) are placeholders, not columns of the
  // table; a CSV's empty column is still a column of its export. In an entry form whose headed columns are already empty
  // inside the table (fields not filled in yet), the empty ones at the edge are fields of the same form and stay.
  if (options.format === 'xlsx' && split.headerRows > 0 && top + split.headerRows <= bottom) {
    const { right: dataRight } = occupiedSpan(occupancy, top + split.headerRows, bottom, block);
    if (dataRight >= left && dataRight < right && !hasEmptyHeadedColumn(occupancy, top, top + split.headerRows, bottom, left, dataRight)) right = dataRight;
  }
  return {
    range: { top, left, bottom, right },
    headerRows: split.headerRows + captionRows,
    title: titleLines[0] ?? null,
    notes: [...titleLines.slice(1), ...captionLines, ...notes],
    ...(captionRows > 0 ? { captionRows } : {}),
    ...(totalsAbove.length > 0 ? { totalsAbove } : {}),
  };
}

/** Leftmost and rightmost occupied columns of rows `top`…`bottom` within the block (no spread: tables may have millions of rows). */
function occupiedSpan(occupancy: Occupancy, top: number, bottom: number, block: CellRange): { left: number; right: number } {
  let left = Infinity;
  let right = -Infinity;
  for (let row = top; row <= bottom; row++) {
    const columns = occupancy.rows[row];
    if (columns === undefined) continue;
    for (const column of columns) {
      if (column < block.left || column > block.right) continue;
      if (column < left) left = column;
      if (column > right) right = column;
    }
  }
  return { left, right };
}

/** Fewest numbered rows that make a column a line numbering. */
const MIN_NUMBERED_ROWS = 3;

/**
 * True when `column` has no heading (rows `top`…`dataTop - 1`) and its data rows number the
 * lines 1, 2, 3 … in order, one per non-blank row: the sheet's line numbers beside the table,
 * which tell nothing the row order does not ("1 | AVA | Avista Corp." under " | Control Area |
 * Organization Name").
 */
function isLineNumbering(grid: Grid, column: number, top: number, dataTop: number, bottom: number): boolean {
  for (let row = top; row < dataTop; row++) if (!isBlankCell(cellAt(grid, row, column))) return false;
  let expected = 1;
  for (let row = dataTop; row <= bottom; row++) {
    const cell = cellAt(grid, row, column);
    if (isBlankCell(cell)) {
      if ((grid.rows[row] ?? []).some((other) => !isBlankCell(other ?? null))) return false;
      continue;
    }
    if (cell?.value !== expected) return false;
    expected++;
  }
  return expected - 1 >= MIN_NUMBERED_ROWS;
}

/**
 * True when a column between `left` and `right` has a heading (in rows `top`…`dataTop - 1`)
 * and no cell in the data rows `dataTop`…`bottom`.
 */
function hasEmptyHeadedColumn(occupancy: Occupancy, top: number, dataTop: number, bottom: number, left: number, right: number): boolean {
  const headed = new Set<number>();
  for (let row = top; row < dataTop; row++) for (const column of occupiedIn(occupancy, row, left, right)) headed.add(column);
  for (let row = dataTop; row <= bottom && headed.size > 0; row++) for (const column of occupiedIn(occupancy, row, left, right)) headed.delete(column);
  return headed.size > 0;
}

/** A lead row of a block that is a total of the table below it: a summary label and a number. */
function isTotalAbove(grid: Grid, occupancy: Occupancy, row: number, block: CellRange, options: DetectOptions): boolean {
  const columns = occupiedIn(occupancy, row, block.left, block.right);
  const label = columns.find((column) => cellKind(cellAt(grid, row, column), options.decimalSeparator) === 'text');
  if (label === undefined || aggregateLabelKind(cellText(cellAt(grid, row, label))) === null) return false;
  return columns.some((column) => cellKind(cellAt(grid, row, column), options.decimalSeparator) === 'number');
}

/** The first text of a banner row; the whole line when it opens with a number ("1 | Overseas residents' visits": a numbered title). */
function firstText(grid: Grid, occupancy: Occupancy, row: number, block: CellRange): string {
  const columns = occupiedIn(occupancy, row, block.left, block.right);
  if (columns.length === 0) return '';
  if (columns.length > 1 && cellKind(cellAt(grid, row, columns[0])) === 'number') return rowLine(grid, occupancy, row, block);
  return cellText(cellAt(grid, row, columns[0]));
}

/**
 * Rows at the bottom of a block that are sparse text (at most half the columns, no numbers or
 * dates) and among which one puts text where the table holds numbers: scribbled notes under a
 * table. Returns how many there are (0 when the run shows no such sign).
 */
function trailingTextRun(grid: Grid, occupancy: Occupancy, block: CellRange, options: DetectOptions): number {
  const width = block.right - block.left + 1;
  let run = 0;
  let textInValueColumn = false;
  let kinds: ReturnType<typeof bodyKinds> | null = null;
  for (let row = block.bottom; row > block.top + 1; row--) {
    const columns = occupiedIn(occupancy, row, block.left, block.right);
    if (columns.length * 2 > width + 1) break;
    const cellKinds = columns.map((column) => cellKind(cellAt(grid, row, column), options.decimalSeparator));
    if (cellKinds.some((kind) => kind !== 'text')) break;
    kinds ??= bodyKinds(grid, block, block.top + 1, options.decimalSeparator);
    if (columns.some((column) => isValueKind(kinds?.[column - block.left] ?? 'empty'))) textInValueColumn = true;
    run++;
  }
  return textInValueColumn ? run : 0;
}

function isTrailingNote(grid: Grid, occupancy: Occupancy, row: number, block: CellRange): boolean {
  const columns = occupiedIn(occupancy, row, block.left, block.right);
  if (!isSingleValueRow(grid, row, columns)) return false;
  const cell = cellAt(grid, row, columns[0]);
  if (cellKind(cell) !== 'text') return false;
  const text = cellText(cell);
  if (aggregateLabelKind(text) !== null) return false;
  const merged = cell?.merge !== undefined && cell.merge.right > cell.merge.left;
  const sentence = /[.;:!]\s|\.$/.test(text) && text.trim().split(/\s+/).length >= 3;
  return merged || NOTE_START.test(text) || sentence || (text.length > 60 && text.includes(' '));
}
