/**
 * Units in a header: a row of units under the names (`| | kg | EUR`), a caption whose cell over a
 * column of numbers is a unit (`MMBtu`), and the text of a header cell as names are built from it.
 * @module tables/header-units
 */
import type { CellRange, Grid } from '../extract/grid.js';
import { cellAt, cellText, isBlankCell, isValueKind, type CellKind } from './cells.js';

/** The columns of `rect` with a filled cell in `row`. */
export function filledColumns(grid: Grid, rect: CellRange, row: number): number[] {
  const columns: number[] = [];
  for (let column = rect.left; column <= rect.right; column++) {
    if (!isBlankCell(cellAt(grid, row, column))) columns.push(column);
  }
  return columns;
}

const UNIT_WORDS = new Set([
  'kg', 'g', 't', 'lb', 'lbs', 'oz', 'm', 'cm', 'mm', 'km', 'm2', 'm²', 'm3', 'm³', 'l', 'ml', 'hl', 'pcs', 'pc', 'stk',
  'unit', 'units', 'h', 'hrs', 'hr', 'min', 's', 'sec', '%', 'kwh', 'mwh', 'kw', 'mw', 'eur', 'usd', 'gbp', 'chf', 'sek',
  'nok', 'dkk', 'pln', 'czk', 'jpy', 'cny', 'cad', 'aud', '€', '$', '£', '¥', 'keur', 'teur', 'tsd', 'k€', 'm€', 'days', 'd',
  // Energy trading: gas and power volumes.
  'mmbtu', 'btu', 'dth', 'mdth', 'mcf', 'mmcf', 'bcf', 'bbl', 'bbls', 'gj', 'therm', 'therms', 'gwh', 'twh', "mw's", 'mwh/h',
]);

/** A unit as a header writes it: `kg`, `(EUR)`, `[MMBtu]`, `in USD`. */
export function isUnitText(text: string): boolean {
  return UNIT_WORDS.has(text.replace(/\s+/g, ' ').trim().toLowerCase().replace(/^[[(]\s*|\s*[\])]$/g, '').replace(/^in\s+/, ''));
}

/**
 * A caption row right above a header: a label naming the measure and, over a column of
 * numbers past the first column, its unit ("Direct Access Eligible Load | MMBtu" over
 * "Customer | Dec 1999 | Jan 2000 …"). It is the top of the header, not a title: it says what
 * the numbers below are.
 * @param body kinds of the body columns under the header (`bodyKinds`)
 */
export function isUnitCaption(grid: Grid, rect: CellRange, row: number, body: CellKind[]): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns.length < 2 || columns.length * 2 > rect.right - rect.left + 1) return false;
  if (columns.some((column) => typeof cellAt(grid, row, column)?.value !== 'string')) return false;
  return columns.some((column) => column > rect.left && isValueKind(body[column - rect.left] ?? 'empty') && isUnitText(cellText(cellAt(grid, row, column))));
}

/** A row of units under the header: `| | kg | EUR`, `(kg)`, `in EUR`. */
export function isUnitsRow(grid: Grid, rect: CellRange, row: number): boolean {
  const columns = filledColumns(grid, rect, row);
  if (columns.length === 0) return false;
  return columns.every((column) => {
    const cell = cellAt(grid, row, column);
    if (typeof cell?.value !== 'string') return false;
    const text = headerText(cell).toLowerCase().replace(/^[[(]\s*|\s*[\])]$/g, '').replace(/^in\s+/, '');
    return UNIT_WORDS.has(text);
  });
}


/** A header cell's text with its runs of white space made one space. */
export function headerText(cell: ReturnType<typeof cellAt>): string {
  return cellText(cell).replace(/\s+/g, ' ').trim();
}
