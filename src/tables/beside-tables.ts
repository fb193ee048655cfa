/**
 * Tables placed side by side with no spacer column, told apart by their headers, as an analyst
 * tells them apart: a header that names the same columns twice in a row ("Desk | Volume | Desk |
 * Volume", one block per month under "January" and "February") is two tables of one kind, not
 * one table pairing row 3 of one with row 3 of the other; and a second key column with its own
 * header, whose block of rows ends where the first does not ("Region | Revenue | Units" over four
 * regions beside "Product | Price | Launched" over three products), starts a table of its own.
 * `split-columns.ts` cuts long tables apart by their extents; this reads the short ones.
 * @module tables/beside-tables
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { aggregateLabelKind } from './aggregate-labels.js';
import { cellAt, cellKind, cellText, isBlankCell } from './cells.js';
import { isKeyColumn } from './split-columns.js';

/** Rows from the block's top searched for the header row (banners above it). */
const MAX_BANNER_ROWS = 2;
/** Fewest columns and data rows each table beside another must have. */
const MIN_COLUMNS = 2;
const MIN_ROWS = 2;

/**
 * Cuts a block into tables side by side: where its header row repeats the same names (each
 * repeat starting with a key column: text or dates in most rows), or at the one column where a
 * second key column starts under a header that shares no name with the columns left of it, every
 * column left of it ends on one row and every column from it on another (or all start lower), each
 * side filled in every row it spans, the rows only one side fills not totals. Banner rows above
 * the header go with their table unless a merged banner spans the cut (then they are a block of
 * their own). Returns the block itself when no such cut is found.
 */
export function splitBesideTables(grid: Grid, block: CellRange): CellRange[] {
  const width = block.right - block.left + 1;
  if (width < MIN_COLUMNS * 2) return [block];
  const header = headerRowOf(grid, block);
  if (header === null || block.bottom - header < MIN_ROWS) return [block];
  const cuts = repeatedHeaderCuts(grid, block, header) ?? extentCut(grid, block, header);
  if (cuts === null) return [block];
  const banners = header > block.top && cuts.some((cut) => spansCut(grid, block.top, header - 1, cut));
  const top = banners ? header : block.top;
  const parts: CellRange[] = banners ? [{ ...block, bottom: header - 1 }] : [];
  let left = block.left;
  for (const cut of [...cuts, block.right]) {
    parts.push({ top, bottom: block.bottom, left, right: cut });
    left = cut + 1;
  }
  return parts;
}

/** The first row near the top filled in every column with text and no merge across columns: the header; null when none. */
function headerRowOf(grid: Grid, block: CellRange): number | null {
  for (let row = block.top; row <= Math.min(block.bottom, block.top + MAX_BANNER_ROWS); row++) {
    let header = true;
    for (let column = block.left; column <= block.right && header; column++) {
      const cell = cellAt(grid, row, column);
      if (cellKind(cell) !== 'text' || (cell?.merge !== undefined && cell.merge.right > cell.merge.left)) header = false;
    }
    if (header) return row;
  }
  return null;
}

function names(grid: Grid, row: number, left: number, right: number): string[] {
  const texts: string[] = [];
  for (let column = left; column <= right; column++) texts.push(cellText(cellAt(grid, row, column)).replace(/\s+/g, ' ').toLowerCase());
  return texts;
}

/** Cuts (last column of each table but the last) where the header is one run of names repeated; null when it is not. */
function repeatedHeaderCuts(grid: Grid, block: CellRange, header: number): number[] | null {
  const width = block.right - block.left + 1;
  const texts = names(grid, header, block.left, block.right);
  for (let period = MIN_COLUMNS; period * 2 <= width; period++) {
    if (width % period !== 0) continue;
    if (new Set(texts.slice(0, period)).size !== period) continue;
    if (!texts.every((text, index) => text === texts[index % period])) continue;
    const cuts: number[] = [];
    for (let start = block.left + period; start <= block.right; start += period) cuts.push(start - 1);
    if (![block.left, ...cuts.map((cut) => cut + 1)].every((column) => isKeyColumn(grid, column, header + 1, block.bottom))) return null;
    return cuts;
  }
  return null;
}

/** The one cut where a second table's key column starts and the two blocks span other rows (`splitBesideTables`); null when none. */
function extentCut(grid: Grid, block: CellRange, header: number): number[] | null {
  const spans: { first: number; last: number }[] = [];
  for (let column = block.left; column <= block.right; column++) {
    const span = filledSpan(grid, column, header + 1, block.bottom);
    if (span === null) return null;
    spans.push(span);
  }
  const texts = names(grid, header, block.left, block.right);
  const found: number[] = [];
  for (let cut = block.left + MIN_COLUMNS - 1; cut + MIN_COLUMNS <= block.right; cut++) {
    const left = spans.slice(0, cut - block.left + 1);
    const right = spans.slice(cut - block.left + 1);
    const sameSpan = (side: typeof spans) => side.every((span) => span.first === side[0].first && span.last === side[0].last);
    if (!sameSpan(left) || !sameSpan(right)) continue;
    if (left[0].first === right[0].first && left[0].last === right[0].last) continue;
    if (Math.min(left[0].last - left[0].first, right[0].last - right[0].first) + 1 < MIN_ROWS) continue;
    if (!isKeyColumn(grid, block.left, header + 1, block.bottom) || !isIdentifierColumn(grid, cut + 1, right[0].first, right[0].last)) continue;
    const leftNames = new Set(texts.slice(0, cut - block.left + 1));
    if (texts.slice(cut - block.left + 1).some((text) => leftNames.has(text))) continue;
    if (onlyOneSideHasTotal(grid, block, cut, left[0], right[0])) continue;
    found.push(cut);
  }
  return found.length === 1 ? found : null;
}

/** First and last filled rows of `column` in `from`…`to`, null when it has a blank between them (or is empty). */
function filledSpan(grid: Grid, column: number, from: number, to: number): { first: number; last: number } | null {
  let first = -1;
  let last = -1;
  for (let row = from; row <= to; row++) {
    if (isBlankCell(cellAt(grid, row, column))) continue;
    if (first < 0) first = row;
    else if (row !== last + 1) return null;
    last = row;
  }
  return first < 0 ? null : { first, last };
}

/** True when a row that only one side fills starts with a total label (a total row under one table whose other columns stay blank). */
function onlyOneSideHasTotal(grid: Grid, block: CellRange, cut: number, left: { first: number; last: number }, right: { first: number; last: number }): boolean {
  for (let row = Math.min(left.first, right.first); row <= Math.max(left.last, right.last); row++) {
    const inLeft = row >= left.first && row <= left.last;
    const inRight = row >= right.first && row <= right.last;
    if (inLeft === inRight) continue;
    const label = cellText(cellAt(grid, row, inLeft ? block.left : cut + 1));
    if (aggregateLabelKind(label) !== null) return true;
  }
  return false;
}

/** True when `column` holds text in every row `from`…`to`, each value once: names of things, a key of its own. */
function isIdentifierColumn(grid: Grid, column: number, from: number, to: number): boolean {
  const seen = new Set<string>();
  for (let row = from; row <= to; row++) {
    const cell = cellAt(grid, row, column);
    if (cellKind(cell) !== 'text') return false;
    const text = cellText(cell).toLowerCase();
    if (seen.has(text)) return false;
    seen.add(text);
  }
  return seen.size >= MIN_ROWS;
}

/** True when a merged cell in rows `top`…`bottom` covers both `cut` and `cut + 1`. */
function spansCut(grid: Grid, top: number, bottom: number, cut: number): boolean {
  for (let row = top; row <= bottom; row++) {
    const merge = cellAt(grid, row, cut)?.merge;
    if (merge !== undefined && merge.left <= cut && merge.right >= cut + 1) return true;
  }
  return false;
}
