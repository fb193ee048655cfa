/**
 * Column names folded from header rows: "Reach" merged over "Potential | Planned" folds to
 * "Reach Potential"; a header cell merged down over two header rows ("Channel") stays "Channel";
 * an upper label carries right over blank cells under the same parents; a blank name is read from
 * the column's values ("Month", "Year") or becomes `Column 3`; repeats are made unique.
 * @module tables/header-names
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, isBlankCell } from './cells.js';
import { isMonthName } from './periods.js';
import { headerText, isUnitsRow } from './header-units.js';
import { isYearLevel, isYearLike, yearValue, YEAR_HEADING } from './headers.js';

/**
 * Column names from `headerRows` rows starting at `top`, one per column of `rect`.
 * Levels are joined with a space, a value repeated down (vertical merge) counts once, an
 * upper label without a merge carries right over blank cells until the next label.
 * A blank name is read from the column's values when they all name one thing (`contentName`:
 * "Month", "Year"), else it becomes `Column <n>` (n = 1-based position in the table); repeats get ` 2`, ` 3`.
 */
export function foldHeaderNames(grid: Grid, rect: CellRange, top: number, headerRows: number): string[] {
  const width = rect.right - rect.left + 1;
  const parts: string[][] = Array.from({ length: width }, () => []);
  // Per level and column, the label cell that names it (a merge counts as one cell), or null: a label carries right only under its own upper labels.
  const owners: (string | null)[][] = [];
  for (let level = 0; level < headerRows; level++) {
    const row = top + level;
    const yearLevel = level < headerRows - 1 && isYearLevel(grid, rect, row);
    const units = level > 0 && isUnitsRow(grid, rect, row);
    const carries = level < headerRows - 1 && (yearLevel || !hasHorizontalMerge(grid, rect, row));
    const levelOwners: (string | null)[] = new Array<string | null>(width).fill(null);
    let carried = '';
    let carriedFrom = -1;
    for (let index = 0; index < width; index++) {
      const cell = cellAt(grid, row, rect.left + index);
      let text = headerText(cell);
      if (units && text !== '') text = `[${text.replace(/^[[(]\s*|\s*[\])]$/g, '').replace(/^in\s+/i, '')}]`;
      if (text === '' && carries && index > 0 && carriedFrom >= 0 && sameParents(owners, carriedFrom, index)) {
        text = carried;
        levelOwners[index] = levelOwners[carriedFrom];
      } else {
        carried = text;
        carriedFrom = text === '' ? -1 : index;
        if (text !== '') levelOwners[index] = cell?.merge !== undefined ? `${cell.merge.top}:${cell.merge.left}` : `${row}:${rect.left + index}`;
      }
      if (text !== '' && parts[index][parts[index].length - 1] !== text) parts[index].push(text);
    }
    owners.push(levelOwners);
  }
  // A year over a month reads "Jan 2023", the way periods are written.
  const ordered = parts.map((pieces) => (pieces.length === 2 && YEAR_HEADING.test(pieces[0]) && !YEAR_HEADING.test(pieces[1]) && MONTH_OR_QUARTER.test(pieces[1]) ? [pieces[1], pieces[0]] : pieces));
  const names = ordered.map((pieces, index) => (pieces.length === 0 ? (contentName(grid, rect, top + headerRows, rect.left + index) ?? `Column ${index + 1}`) : pieces.join(' ')));
  return uniqueNames(names);
}

/** True when no upper level names column `to` by a label other than the one naming column `from` (a blank upper cell names nothing). */
function sameParents(owners: (string | null)[][], from: number, to: number): boolean {
  return owners.every((level) => level[to] === null || level[to] === level[from]);
}

/** Rows read below the header to name a column by its values. */
const CONTENT_NAME_ROWS = 200;

/**
 * The name an analyst gives a column the header leaves blank, from its values: "Month" when
 * every value is a month name ("Jan", "Feb", "Apr¹"), "Year" when every value is a year
 * (2012 on the first month row of each year); null otherwise or with fewer than two values.
 */
function contentName(grid: Grid, rect: CellRange, from: number, column: number): string | null {
  let months = 0;
  let years = 0;
  let values = 0;
  for (let row = from; row <= Math.min(rect.bottom, from + CONTENT_NAME_ROWS); row++) {
    const cell = cellAt(grid, row, column);
    if (isBlankCell(cell)) continue;
    values++;
    if (isYearLike(yearValue(cell))) years++;
    else if (typeof cell?.value === 'string' && isMonthName(cell.value)) months++;
    else return null;
  }
  if (values < 2) return null;
  if (months === values) return 'Month';
  return years === values ? 'Year' : null;
}

const MONTH_OR_QUARTER = /^(q[1-4]|h[12]|[a-zäéû]{3,9}\.?)$/i;

function hasHorizontalMerge(grid: Grid, rect: CellRange, row: number): boolean {
  for (let column = rect.left; column <= rect.right; column++) {
    const merge = cellAt(grid, row, column)?.merge;
    if (merge !== undefined && merge.right > merge.left) return true;
  }
  return false;
}

/** Makes display names unique: the second "Amount" becomes "Amount 2". */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  const used = new Set(names.map((name) => name.toLowerCase()));
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return name;
    let n = count;
    while (used.has(`${key} ${n}`)) n++;
    used.add(`${key} ${n}`);
    return `${name} ${n}`;
  });
}
