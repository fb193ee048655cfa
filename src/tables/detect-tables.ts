/**
 * Finds the tables of a sheet: blocks split on blank rows and spacer columns, banner rows
 * above a table taken as its title, header rows counted, footnotes below taken as notes,
 * a block of data right under a table (after a blank line) joined to it, and a sheet of
 * text only kept as prose.
 * @module tables/detect-tables
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { aggregateLabelKind } from './aggregate-labels.js';
import { cellAt, cellKind, cellText, isValueKind } from './cells.js';
import { findBlocks, isSingleValueRow, occupancyOf, occupiedIn, type Occupancy } from './find-blocks.js';
import { bodyKinds, splitHeader } from './headers.js';

/** Where a table sits and what surrounds it; cells are read by `build-table.ts`. */
export interface TableRegion {
  /** Header rows through the last data or aggregate row (0-based, inclusive). */
  range: CellRange;
  headerRows: number;
  /** Banner text above the table, if any. */
  title: string | null;
  /** Footnotes below the table and extra banner lines above it. */
  notes: string[];
}

/** The tables and loose text of one sheet. */
export interface SheetRegions {
  regions: TableRegion[];
  /** Lines of text that belong to no table (the whole sheet when it has no table). */
  textLines: string[];
  warnings: string[];
}

interface Options {
  decimalSeparator: '.' | ',';
  format: 'csv' | 'xlsx';
}

/** Most blank rows between a banner and its table, or a table and its footnote. */
const MAX_TITLE_GAP = 3;
const MAX_NOTE_GAP = 2;

interface Piece {
  kind: 'table' | 'text' | 'stray';
  block: CellRange;
  lines: string[];
  region?: TableRegion;
  /** Bottom of the table including stray total rows attached below it. */
  reach?: number;
  /** Text block of one value per row: a real banner. */
  banner?: boolean;
  /** The table's title came from a caption row inside its block ("Count of Audit ID | Column Labels"). */
  captionTitle?: boolean;
}

/**
 * Finds table regions in a grid.
 * @param options.format CSV blocks one column wide are tables; in xlsx they are text unless they hold values
 */
export function detectTableRegions(grid: Grid, options: Options): SheetRegions {
  const occupancy = occupancyOf(grid);
  const pieces = findBlocks(grid, occupancy).flatMap((block) => splitAtRepeatedHeaders(grid, occupancy, block, options).map((part) => classify(grid, occupancy, part, options)));
  const warnings: string[] = [];
  joinContinuations(grid, pieces, options);
  attachStrays(grid, pieces, warnings);
  const textLines = attachText(pieces);
  const regions = pieces.filter((piece) => piece.kind === 'table' && piece.region).map((piece) => piece.region as TableRegion);
  return { regions, textLines, warnings };
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

function classify(grid: Grid, occupancy: Occupancy, block: CellRange, options: Options): Piece {
  const lines = blockLines(grid, occupancy, block);
  const width = block.right - block.left + 1;
  const height = block.bottom - block.top + 1;
  let values = 0;
  let singleRows = 0;
  for (let row = block.top; row <= block.bottom; row++) {
    const columns = occupiedIn(occupancy, row, block.left, block.right);
    if (isSingleValueRow(grid, row, columns)) singleRows++;
    for (const column of columns) if (isValueKind(cellKind(cellAt(grid, row, column), options.decimalSeparator))) values++;
  }
  if (width === 1 || singleRows === height) {
    const valueRows = values;
    const tableLike = height >= 2 && (options.format === 'csv' || valueRows * 2 >= height - 1);
    if (!tableLike || (width > 1 && values === 0)) return { kind: 'text', block, lines, banner: true };
  }
  if (height === 1) return { kind: values > 0 ? 'stray' : 'text', block, lines };
  const region = regionOf(grid, occupancy, block, options);
  if (region === null) return { kind: values > 0 ? 'stray' : 'text', block, lines };
  const captionTitle = region.title !== null && !isSingleValueRow(grid, block.top, occupiedIn(occupancy, block.top, block.left, block.right));
  return { kind: 'table', block, lines, region, reach: region.range.bottom, captionTitle };
}

/**
 * Cuts a block where its header row comes again (stacked tables with no blank row between,
 * or a header repeated inside the data); banner rows right above a repeat go with it.
 */
function splitAtRepeatedHeaders(grid: Grid, occupancy: Occupancy, block: CellRange, options: Options): CellRange[] {
  if (block.right === block.left || block.bottom - block.top < 3) return [block];
  const region = regionOf(grid, occupancy, block, options);
  if (region === null || region.headerRows === 0) return [block];
  const headerRow = region.range.top + region.headerRows - 1;
  const key = rowKey(grid, headerRow, block);
  if (key.filter((text) => text !== '').length < 2) return [block];
  for (let row = headerRow + 2; row <= region.range.bottom; row++) {
    const candidate = rowKey(grid, row, block);
    if (candidate.length !== key.length || candidate.some((text, index) => text !== key[index])) continue;
    let matched = 1;
    while (matched < region.headerRows && row - matched > headerRow) {
      const upper = rowKey(grid, row - matched, block);
      const wanted = rowKey(grid, headerRow - matched, block);
      if (upper.some((text, index) => text !== wanted[index])) break;
      matched++;
    }
    let start = row - (matched - 1);
    while (start - 1 > headerRow && isSingleValueRow(grid, start - 1, occupiedIn(occupancy, start - 1, block.left, block.right))) start--;
    if (start - 1 <= headerRow) continue;
    return [{ ...block, bottom: start - 1 }, ...splitAtRepeatedHeaders(grid, occupancy, { ...block, top: start }, options)];
  }
  return [block];
}

function rowKey(grid: Grid, row: number, block: CellRange): string[] {
  const texts: string[] = [];
  for (let column = block.left; column <= block.right; column++) texts.push(cellText(cellAt(grid, row, column)).toLowerCase());
  return texts;
}

/** Reads banner rows, header rows, data rows and trailing notes of a table block. */
function regionOf(grid: Grid, occupancy: Occupancy, block: CellRange, options: Options): TableRegion | null {
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
  const body = { ...block, top, bottom };
  const split = splitHeader(grid, body, options.decimalSeparator);
  for (let row = top; row < top + split.bannerRows; row++) titleLines.push(firstText(grid, occupancy, row, block));
  top += split.bannerRows;
  if (top > bottom) return null;
  const left = Math.min(...rowsColumns(occupancy, top, bottom, block).map((columns) => columns[0]));
  const right = Math.max(...rowsColumns(occupancy, top, bottom, block).map((columns) => columns[columns.length - 1]));
  return {
    range: { top, left, bottom, right },
    headerRows: split.headerRows,
    title: titleLines[0] ?? null,
    notes: [...titleLines.slice(1), ...notes],
  };
}

function rowsColumns(occupancy: Occupancy, top: number, bottom: number, block: CellRange): number[][] {
  const result: number[][] = [];
  for (let row = top; row <= bottom; row++) {
    const columns = occupiedIn(occupancy, row, block.left, block.right);
    if (columns.length > 0) result.push(columns);
  }
  return result;
}

function firstText(grid: Grid, occupancy: Occupancy, row: number, block: CellRange): string {
  const column = occupiedIn(occupancy, row, block.left, block.right)[0];
  return column === undefined ? '' : cellText(cellAt(grid, row, column));
}

const NOTE_START = /^(\*|†|‡|¹|²|³|\(\d+\)|\d+\)\s|note\b|notes\b|nb\b|n\.b\.|source|sources|quelle|quellen|hinweis|anmerkung|fu(ß|ss)note|footnote|remark|figures|all figures|all amounts|amounts|values in|werte|alle |angaben|remarque|fuente|nota\b|data as of|as of|stand:|updated|last updated|prepared by)/i;

/** True when a text reads as a footnote: a note marker, or a sentence. */
export function isNoteText(text: string): boolean {
  return NOTE_START.test(text.trim()) || /[;:.]\s/.test(text) || /\.$/.test(text.trim()) || text.length > 80;
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

function overlaps(a: CellRange, b: CellRange): boolean {
  return a.left <= b.right && b.left <= a.right;
}

/** True when no other piece overlapping `columns` sits strictly between rows `above` and `below`. */
function nothingBetween(pieces: Piece[], columns: CellRange, above: number, below: number, except: Piece[]): boolean {
  return !pieces.some((piece) => !except.includes(piece) && overlaps(piece.block, columns) && piece.block.top > above && piece.block.bottom < below);
}

/** A block of data rows right under a table (after blank rows) with the same columns continues it. */
function joinContinuations(grid: Grid, pieces: Piece[], options: Options): void {
  for (const piece of pieces) {
    if (piece.kind !== 'table' || piece.region === undefined || piece.region.title !== null) continue;
    const above = pieces.find(
      (other) =>
        other.kind === 'table' &&
        other.region !== undefined &&
        other !== piece &&
        other.region.range.left === piece.region?.range.left &&
        piece.block.right <= other.region.range.right &&
        other.region.notes.length === 0 &&
        piece.block.top > other.region.range.bottom &&
        piece.block.top - other.region.range.bottom - 1 <= MAX_TITLE_GAP &&
        nothingBetween(pieces, piece.block, other.region.range.bottom, piece.block.top, [piece, other]),
    );
    if (above?.region === undefined || !continues(grid, above.region, piece.block, options)) continue;
    above.region.range = { ...above.region.range, bottom: piece.block.bottom };
    above.region.notes.push(...piece.region.notes);
    above.reach = piece.block.bottom;
    above.block = { ...above.block, bottom: piece.block.bottom };
    piece.kind = 'stray';
    piece.region = undefined;
    piece.lines = [];
  }
}

function continues(grid: Grid, region: TableRegion, block: CellRange, options: Options): boolean {
  const range = region.range;
  const lastLabel = cellText(cellAt(grid, range.bottom, range.left));
  if (aggregateLabelKind(lastLabel) !== null) return false;
  const dataTop = range.top + region.headerRows;
  if (dataTop > range.bottom) return false;
  const kinds = bodyKinds(grid, range, dataTop, options.decimalSeparator);
  let values = 0;
  for (let row = block.top; row <= Math.min(block.bottom, block.top + 2); row++) {
    for (let column = block.left; column <= block.right; column++) {
      const kind = cellKind(cellAt(grid, row, column), options.decimalSeparator);
      if (kind === 'empty' || kind === 'error') continue;
      const expected = kinds[column - range.left];
      if (kind !== expected) return false;
      if (isValueKind(kind)) values++;
    }
  }
  return values > 0;
}

/** A lone row of numbers under a table (a grand total over stacked tables) is reported, not stored. */
function attachStrays(grid: Grid, pieces: Piece[], warnings: string[]): void {
  for (const piece of pieces) {
    if (piece.kind !== 'stray' || piece.lines.length === 0) continue;
    const owner = nearestTableAbove(pieces, piece, MAX_NOTE_GAP);
    if (owner !== undefined) owner.reach = Math.max(owner.reach ?? 0, piece.block.bottom);
    const where = `${grid.name ?? 'CSV'} row ${piece.block.top + 1}`;
    warnings.push(`${where}: "${piece.lines[0].slice(0, 60)}" stands outside any table; not stored`);
  }
}

function nearestTableAbove(pieces: Piece[], piece: Piece, maxGap: number): Piece | undefined {
  let best: Piece | undefined;
  for (const other of pieces) {
    if (other.kind !== 'table' || other.region === undefined) continue;
    const bottom = other.reach ?? other.region.range.bottom;
    if (bottom >= piece.block.top || piece.block.top - bottom - 1 > maxGap) continue;
    if (piece.block.left < other.region.range.left || piece.block.left > other.region.range.right) continue;
    if (!nothingBetween(pieces.filter((p) => p.kind !== 'stray'), piece.block, bottom, piece.block.top, [piece, other])) continue;
    if (best === undefined || bottom > (best.reach ?? 0)) best = other;
  }
  return best;
}

function nearestTableBelow(pieces: Piece[], piece: Piece): Piece | undefined {
  let best: Piece | undefined;
  for (const other of pieces) {
    if (other.kind !== 'table' || other.region === undefined || (other.region.title !== null && !(piece.banner && other.captionTitle))) continue;
    const top = other.block.top;
    if (top <= piece.block.bottom || top - piece.block.bottom - 1 > MAX_TITLE_GAP) continue;
    if (piece.block.left < other.region.range.left || piece.block.left > other.region.range.right) continue;
    if (!nothingBetween(pieces, piece.block, piece.block.bottom, top, [piece, other])) continue;
    if (best === undefined || top < best.block.top) best = other;
  }
  return best;
}

/** Text blocks become titles of the table below, notes of the table above, or loose text. */
function attachText(pieces: Piece[]): string[] {
  const loose: string[] = [];
  for (const piece of pieces) {
    if (piece.kind !== 'text' || piece.lines.length === 0) continue;
    const above = nearestTableAbove(pieces, piece, MAX_NOTE_GAP);
    const below = nearestTableBelow(pieces, piece);
    const bannerLike = piece.lines.length <= 3 && piece.lines[0].length <= 120;
    if (above?.region && (isNoteText(piece.lines[0]) || !below || !bannerLike)) {
      above.region.notes.push(...piece.lines);
      above.reach = piece.block.bottom;
    } else if (below?.region && bannerLike) {
      const caption = below.region.title;
      below.region.title = piece.lines[0];
      below.region.notes.unshift(...piece.lines.slice(1), ...(caption === null ? [] : [caption]));
      below.captionTitle = false;
    } else {
      loose.push(...piece.lines);
    }
  }
  return loose;
}
