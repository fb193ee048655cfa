/**
 * How the blocks of a sheet relate: a block of data right under a table continues it, a
 * lone total row under stacked tables is reported, a text block above a table is its title
 * and one below it a note.
 * @module tables/attach-blocks
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { aggregateLabelKind } from './aggregate-labels.js';
import { columnSumRange, isRollupOf } from './aggregate-formulas.js';
import { cellAt, cellKind, cellText, isValueKind } from './cells.js';
import type { DetectOptions, TableRegion } from './detect-tables.js';
import { bodyKinds } from './headers.js';
import { isNoteText } from './notes.js';

/** Most blank rows between a banner and its table, or a table and its footnote. */
const MAX_TITLE_GAP = 3;
const MAX_NOTE_GAP = 2;

/** A block of the sheet and what it was read as. */
export interface Piece {
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
  /** An Excel table the workbook declares: its extent is as declared, never joined to another. */
  declared?: boolean;
}

function overlaps(a: CellRange, b: CellRange): boolean {
  return a.left <= b.right && b.left <= a.right;
}

/** True when no other piece overlapping `columns` sits strictly between rows `above` and `below`. */
function nothingBetween(pieces: Piece[], columns: CellRange, above: number, below: number, except: Piece[]): boolean {
  return !pieces.some((piece) => !except.includes(piece) && overlaps(piece.block, columns) && piece.block.top > above && piece.block.bottom < below);
}

/** A block of data rows right under a table (after blank rows) with the same columns continues it. */
export function joinContinuations(grid: Grid, pieces: Piece[], options: DetectOptions): void {
  for (const piece of pieces) {
    const strayRow = piece.kind === 'stray' && isLabelledDataRow(grid, piece.block);
    if (piece.declared === true || (!strayRow && (piece.kind !== 'table' || piece.region === undefined || piece.region.title !== null))) continue;
    const above = pieces.find(
      (other) =>
        other.kind === 'table' &&
        other.region !== undefined &&
        other.declared !== true &&
        other !== piece &&
        piece.block.left >= other.region.range.left &&
        piece.block.right <= other.region.range.right &&
        other.region.notes.length === 0 &&
        piece.block.top > other.region.range.bottom &&
        piece.block.top - other.region.range.bottom - 1 <= MAX_TITLE_GAP &&
        nothingBetween(pieces, piece.block, other.region.range.bottom, piece.block.top, [piece, other]),
    );
    if (above?.region === undefined || !continues(grid, above.region, piece.block, options)) continue;
    above.region.range = { ...above.region.range, bottom: piece.block.bottom };
    above.region.notes.push(...(piece.region?.notes ?? []));
    above.reach = piece.block.bottom;
    above.block = { ...above.block, bottom: piece.block.bottom };
    piece.kind = 'stray';
    piece.region = undefined;
    piece.lines = [];
  }
}

/** A lone row (a stray piece) that starts with a label that is not a total: data cut off by a blank line. */
function isLabelledDataRow(grid: Grid, block: CellRange): boolean {
  if (block.top !== block.bottom) return false;
  const label = cellText(cellAt(grid, block.top, block.left)).trim();
  return label !== '' && aggregateLabelKind(label) === null;
}

function continues(grid: Grid, region: TableRegion, block: CellRange, options: DetectOptions): boolean {
  const range = region.range;
  const lastLabel = cellText(cellAt(grid, range.bottom, range.left));
  if (aggregateLabelKind(lastLabel) !== null) return false;
  const dataTop = range.top + region.headerRows;
  if (dataTop > range.bottom) return false;
  if (rollsUp(grid, range, dataTop, block)) return true;
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

/**
 * True when every number of the block is a `SUM` that holds whole two or more of the ranges
 * the table's rows above sum in the same column: its totals set apart by a gap (months under
 * weeks), whatever their labels.
 */
function rollsUp(grid: Grid, range: CellRange, dataTop: number, block: CellRange): boolean {
  let rollups = 0;
  for (let column = block.left; column <= block.right; column++) {
    const above: NonNullable<ReturnType<typeof columnSumRange>>[] = [];
    for (let row = dataTop; row <= range.bottom; row++) {
      const sum = columnSumRange(cellAt(grid, row, column)?.formulaText);
      if (sum !== null) above.push(sum);
    }
    for (let row = block.top; row <= block.bottom; row++) {
      const cell = cellAt(grid, row, column);
      if (cellKind(cell) !== 'number') continue;
      const sum = columnSumRange(cell?.formulaText);
      if (sum === null || !isRollupOf(sum, above)) return false;
      rollups++;
    }
  }
  return rollups > 0;
}

/** A lone row of numbers under a table (a grand total over stacked tables) is reported, not stored. */
export function attachStrays(grid: Grid, pieces: Piece[], warnings: string[]): void {
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
export function attachText(pieces: Piece[]): string[] {
  const loose: string[] = [];
  for (const piece of pieces) {
    if (piece.kind !== 'text' || piece.lines.length === 0) continue;
    const above = nearestTableAbove(pieces, piece, MAX_NOTE_GAP);
    const below = nearestTableBelow(pieces, piece);
    const bannerLike = piece.lines.length <= 3 && piece.lines[0].length <= 120;
    if (above?.region && (isNoteText(piece.lines[0]) || !below || !bannerLike)) {
      for (const line of piece.lines) above.region.notes.push(line);
      above.reach = piece.block.bottom;
    } else if (below?.region && bannerLike) {
      const caption = below.region.title;
      below.region.title = piece.lines[0];
      below.region.notes.unshift(...piece.lines.slice(1), ...(caption === null ? [] : [caption]));
      below.captionTitle = false;
    } else {
      for (const line of piece.lines) loose.push(line);
    }
  }
  return loose;
}
