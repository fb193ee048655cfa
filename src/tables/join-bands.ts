/**
 * Blank rows that do not end a table. Business sheets space their rows out: a blank row
 * between the header and the first data row, a blank row between every record or every
 * group of two, blank rows before the totals at the foot. An analyst reads on when the
 * rows below the gap have the columns and the kinds of values of the rows above it, and
 * stops when they start a new header, a title or a note.
 * @module tables/join-bands
 */
import type { Cell, CellRange, Grid } from '../extract/grid.js';
import { aggregateLabelKind } from './aggregate-labels.js';
import { cellAt, cellKind, cellText, isValueKind, type CellKind } from './cells.js';
import type { Occupancy } from './find-blocks.js';
import { FIELD_LABEL } from './headers.js';
import { isNoteText } from './notes.js';

/**
 * Limits of joining across blank rows, from the layouts of the annotated Enron business
 * workbooks (double-spaced records, a blank row or two under the header and over totals).
 */
const BAND_JOIN = {
  /** Most blank rows a table may hold in one gap (hidden rows are not seen, so not counted). */
  maxGapRows: 2,
  /** Most blank rows before a group heading ("ACTION REQUIRED", "Entergy Options") that opens the next group of the same columns. */
  maxGroupGapRows: 8,
  /** Most heading rows (one label each) that open the lower band: a group and its first subgroup. */
  maxGroupHeadings: 2,
  /** Rows of the upper band read for its column kinds (its last rows holding values). */
  profileRows: 20,
  /** Rows at the foot of the upper band that are read at all. */
  scanRows: 400,
  /** Most rows of a header-only band (headers of up to three levels over a title or two). */
  maxHeaderBandRows: 6,
  /** Share of a continuing row's cells whose kind may differ from their column's above. */
  mismatchShare: 0.25,
  /** Share of the lower row's filled columns that the header above must also fill. */
  headerCoverage: 0.6,
};

/** Per column of a rectangle: the kinds of values its body rows hold. */
interface BandProfile {
  kinds: Map<number, Set<CellKind>>;
  /** The band has a row holding a number, date or boolean. */
  hasValues: boolean;
  /** The band has a number that is not a year heading (2001, "2002"): header rows hold none. */
  hasAmounts: boolean;
  /** Columns filled in any row of the band. */
  columns: Set<number>;
  /** Most filled cells in one row. */
  widest: number;
  /** Every filled cell of its last row is bold. */
  lastRowBold: boolean;
}

function filled(occupancy: Occupancy, row: number, left: number, right: number): number[] {
  return (occupancy.rows[row] ?? []).filter((column) => column >= left && column <= right);
}

function rowKinds(grid: Grid, row: number, columns: number[]): CellKind[] {
  return columns.map((column) => cellKind(cellAt(grid, row, column)));
}

function allBold(grid: Grid, row: number, columns: number[]): boolean {
  return columns.length > 0 && columns.every((column) => cellAt(grid, row, column)?.bold === true);
}

function profileOf(grid: Grid, occupancy: Occupancy, band: CellRange): BandProfile {
  const columns = new Set<number>();
  let widest = 0;
  let hasValues = false;
  let hasAmounts = false;
  const valueRows: number[] = [];
  // Only the last rows are read: a band may have millions of rows and is joined again and again.
  for (let row = Math.max(band.top, band.bottom - BAND_JOIN.scanRows); row <= band.bottom; row++) {
    const used = filled(occupancy, row, band.left, band.right);
    for (const column of used) columns.add(column);
    widest = Math.max(widest, used.length);
    if (rowKinds(grid, row, used).some(isValueKind)) {
      hasValues = true;
      valueRows.push(row);
    }
    if (!hasAmounts && used.some((column) => isAmount(cellAt(grid, row, column)))) hasAmounts = true;
  }
  // Body rows: the last rows holding values; in a table of text only, every row but the first (its header).
  const body = hasValues ? valueRows.slice(-BAND_JOIN.profileRows) : rangeOf(Math.max(band.top + 1, band.bottom - BAND_JOIN.scanRows), band.bottom).slice(-BAND_JOIN.profileRows);
  const kinds = new Map<number, Set<CellKind>>();
  for (const row of body) {
    for (const column of filled(occupancy, row, band.left, band.right)) {
      const kind = cellKind(cellAt(grid, row, column));
      if (kind === 'empty' || kind === 'error') continue;
      const set = kinds.get(column) ?? new Set<CellKind>();
      set.add(kind);
      kinds.set(column, set);
    }
  }
  const last = filled(occupancy, band.bottom, band.left, band.right);
  return { kinds, hasValues, hasAmounts, columns, widest, lastRowBold: allBold(grid, band.bottom, last) };
}

/** A cell holding a number that is not a year (a year is a period heading in a header). */
function isAmount(cell: Cell | null): boolean {
  if (cellKind(cell) !== 'number') return false;
  const value = typeof cell?.value === 'number' ? cell.value : Number(String(cell?.value).trim());
  return !(Number.isInteger(value) && value >= 1900 && value <= 2100);
}

/** Rows from `from` to `to` that are not hidden. */
function visibleRows(grid: Grid, from: number, to: number): number {
  let count = 0;
  for (let row = from; row <= to; row++) if (grid.rowHidden[row] !== true) count++;
  return count;
}

function rangeOf(from: number, to: number): number[] {
  const rows: number[] = [];
  for (let row = from; row <= to; row++) rows.push(row);
  return rows;
}

/** True when `row` shows one value: one cell, or one merged range. */
function isSingleValue(grid: Grid, row: number, columns: number[]): boolean {
  if (columns.length <= 1) return true;
  const first = cellAt(grid, row, columns[0])?.merge;
  return first !== undefined && columns.every((column) => {
    const merge = cellAt(grid, row, column)?.merge;
    return merge !== undefined && merge.top === first.top && merge.left === first.left;
  });
}

/**
 * True when the band below a gap of blank rows belongs to the table above it. The gap may
 * have `maxGapRows` visible rows, `maxGroupGapRows` when the lower band opens with a group
 * heading (one label) over rows that continue the table. Then:
 * - the upper band is a header only (text, years and dates, at most `maxHeaderBandRows` rows, a row of ≥ 2
 *   labels) and the lower band starts with a row of values whose columns the header covers,
 *   or the header's last row is bold labels and the lower row plain text under them; or
 * - the lower band's first row (after a group heading of a single label and a subgroup heading, if any) fills
 *   ≥ 2 columns, each with a kind the column holds above, and it is not a bold header row
 *   under plain rows; or it is a total (a summary label and a number where numbers are above).
 */
export function continuesBand(grid: Grid, occupancy: Occupancy, upper: CellRange, lower: CellRange): boolean {
  const gap = visibleRows(grid, upper.bottom + 1, lower.top - 1);
  if (gap > BAND_JOIN.maxGroupGapRows) return false;
  if (gap <= 1 && splitsHeaderLevels(grid, occupancy, upper, lower)) return true;
  let first = lower.top;
  let columns = filled(occupancy, first, lower.left, lower.right);
  const isHeading = (row: number, used: number[]) => isSingleValue(grid, row, used) && row < lower.bottom && cellKind(cellAt(grid, row, used[0])) === 'text';
  const groupHeading = isHeading(first, columns);
  // A group heading may open a subgroup at once ("Office" over "Office Supplies" over its items).
  for (let headings = 0; headings < BAND_JOIN.maxGroupHeadings && isHeading(first, columns); headings++) {
    first++;
    columns = filled(occupancy, first, lower.left, lower.right);
  }
  if (gap > BAND_JOIN.maxGapRows && !groupHeading) return false;
  if (columns.length < 2 || isSingleValue(grid, first, columns)) return false;
  const above = profileOf(grid, occupancy, upper);
  const kinds = rowKinds(grid, first, columns);
  if (!above.hasAmounts && upper.bottom - upper.top + 1 <= BAND_JOIN.maxHeaderBandRows && above.widest >= 2) {
    const covered = columns.filter((column) => above.columns.has(column)).length;
    if (kinds.some(isValueKind)) return covered >= BAND_JOIN.headerCoverage * columns.length;
    // A bold row of labels over plain rows of text under its columns: a header and its body.
    const header = filled(occupancy, upper.bottom, upper.left, upper.right);
    if (header.length >= 2 && allBold(grid, upper.bottom, header) && !allBold(grid, first, columns) && rowKinds(grid, upper.bottom, header).every((kind) => kind === 'text')) {
      return columns[0] >= header[0] && columns[columns.length - 1] <= header[header.length - 1] && covered >= BAND_JOIN.headerCoverage * columns.length;
    }
  }
  const matches = columns.map((column, index) => kinds[index] === 'empty' || kinds[index] === 'error' || above.kinds.get(column)?.has(kinds[index]) === true);
  // A total after a gap closes the table above, remarks beside it or not ("Grand Total | 5,000,000 | Revised 09/25/01").
  const lead = cellAt(grid, first, columns[0]);
  if (cellKind(lead) === 'text' && aggregateLabelKind(cellText(lead)) !== null) {
    return columns.some((column, index) => kinds[index] === 'number' && matches[index]) && totalsTable(grid, occupancy, upper, first, columns);
  }
  if (allBold(grid, first, columns) && !above.lastRowBold) return false;
  // A sentence where the table holds numbers is a remark under it, not a record ("Adjusted price of deal 700182 to reflect true up.").
  if (columns.some((column, index) => !matches[index] && kinds[index] === 'text' && above.kinds.get(column)?.has('number') === true && isRemark(cellText(cellAt(grid, first, column))))) return false;
  // Columns of mixed content ("Rec 60667" above, 35111 below) allow one cell in four to differ; the label cell must match.
  const mismatches = matches.filter((match) => !match).length;
  return matches[0] && mismatches <= Math.floor(columns.length * BAND_JOIN.mismatchShare);
}

/** Fewest words of a remark: a sentence, not a code or a short label ("n/a", "TBD"). */
const MIN_REMARK_WORDS = 3;

/** True when a text reads as a note (a sentence, a note marker) of a few words at least. */
function isRemark(text: string): boolean {
  return isNoteText(text) && text.trim().split(/\s+/).length >= MIN_REMARK_WORDS;
}

/**
 * True when a blank row parts the levels of one header: the upper band ends in a row of two
 * labels or more (or one merged over two columns or more) within the span of the lower band's
 * first row (none a form field, "Techniker:"), a row of two labels or more over a row holding numbers under most of them
 * ("Holiday | Business | Visiting friends" over a blank row over "NSA | NSA | NSA", then data).
 */
function splitsHeaderLevels(grid: Grid, occupancy: Occupancy, upper: CellRange, lower: CellRange): boolean {
  if (lower.bottom <= lower.top) return false;
  const groups = filled(occupancy, upper.bottom, upper.left, upper.right);
  const labels = filled(occupancy, lower.top, lower.left, lower.right);
  if (labels.length < 2 || groups.length === 0 || groups[0] < labels[0] || groups[groups.length - 1] > labels[labels.length - 1]) return false;
  const merge = cellAt(grid, upper.bottom, groups[0])?.merge;
  if (groups.length < 2 && !(merge !== undefined && merge.right > merge.left)) return false;
  if (!rowKinds(grid, upper.bottom, groups).every((kind) => kind === 'text') || !rowKinds(grid, lower.top, labels).every((kind) => kind === 'text')) return false;
  if (groups.some((column) => FIELD_LABEL.test(cellText(cellAt(grid, upper.bottom, column))))) return false;
  const values = rowKinds(grid, lower.top + 1, labels).filter((kind) => kind === 'number').length;
  return values * 2 >= labels.length;
}

/**
 * True when the total row `row` sums the band above it, not several tables stacked above
 * (a grand total under stacked tables stands on its own): its formulas refer only to rows
 * of the band, or, without formula text, each of its numbers is the sum of its column over
 * the band's rows since the band's last total.
 */
function totalsTable(grid: Grid, occupancy: Occupancy, upper: CellRange, row: number, columns: number[]): boolean {
  const references: number[] = [];
  for (const column of columns) {
    const formula = cellAt(grid, row, column)?.formulaText;
    if (formula === undefined) continue;
    if (formula.includes('!')) return false;
    for (const match of formula.matchAll(/\$?[A-Z]{1,3}\$?(\d+)/gi)) references.push(Number(match[1]) - 1);
  }
  if (references.length > 0) return references.every((reference) => reference >= upper.top && reference <= upper.bottom);
  let compared = 0;
  for (const column of columns) {
    const stated = cellAt(grid, row, column)?.value;
    if (typeof stated !== 'number') continue;
    let sum = 0;
    for (let above = upper.bottom; above >= Math.max(upper.top, upper.bottom - BAND_JOIN.scanRows); above--) {
      const used = filled(occupancy, above, upper.left, upper.right);
      if (used.length > 0 && aggregateLabelKind(cellText(cellAt(grid, above, used[0]))) !== null) break;
      const value = cellAt(grid, above, column)?.value;
      if (typeof value === 'number') sum += value;
    }
    if (Math.abs(sum - stated) > Math.max(0.005, 1e-6 * Math.abs(stated))) return false;
    compared++;
  }
  return compared > 0;
}

/**
 * Joins consecutive bands (runs of rows split by blank rows) where the lower continues the
 * upper (`continuesBand`). Bands are in top-to-bottom order and span the same columns.
 */
export function joinBands(grid: Grid, occupancy: Occupancy, bands: CellRange[]): CellRange[] {
  const joined: CellRange[] = [];
  for (const band of bands) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && continuesBand(grid, occupancy, previous, band)) joined[joined.length - 1] = { ...previous, bottom: band.bottom };
    else joined.push(band);
  }
  return joined;
}
