/**
 * The warnings a table's reading gives its reader, one text for a sheet read whole and one read
 * in chunks (`streamed-table.ts`): no header row (columns named Column 1…), numbers merged over
 * several rows (counted once), hidden rows left out, values of a typed column that could not be
 * read or say "no value" (`TBD`, `-`), text dates read day-first by assumption, a hidden sheet's
 * tables; cells that stand beyond a table's header row (a ragged CSV record).
 * @module tables/table-warnings
 */
import { columnLetters, rangeToA1, type Grid } from '../extract/grid.js';
import { cellAt, cellText, isBlankCell } from './cells.js';
import type { DetectedTable } from './types.js';
import { readDateText } from './values.js';

/**
 * The warnings about one table, without the file name (the caller puts it in front).
 * @param sheet the sheet's name; null for a CSV
 * @param hiddenRows the table's hidden rows (a streamed table holds no rows to count them from)
 */
export function tableWarnings(table: DetectedTable, sheet: string | null, hiddenRows: number): string[] {
  const where = sheet === null ? '' : `sheet "${sheet}" `;
  const warnings: string[] = [];
  if (table.headerRows === 0) warnings.push(`no header row found over the table in ${where}${rangeToA1(table.range)}; its columns are named Column 1 to Column ${table.columns.length}`);
  for (const merged of table.mergedNumbers ?? []) {
    warnings.push(`${where}${rangeToA1(merged.range)} merges one number of column "${merged.column}" over ${merged.range.bottom - merged.range.top + 1} rows; it is counted once, on the first row`);
  }
  if (hiddenRows > 0) warnings.push(`${hiddenRows} hidden row${hiddenRows === 1 ? '' : 's'} of the table in ${where}${rangeToA1(table.range)} left out of the data (kept out of answers; totals in the sheet may include them)`);
  const shown = table.shownRange;
  if (shown !== undefined && shown.right < table.range.right) {
    const hidden = `${columnLetters(shown.right + 1)}${shown.right + 1 < table.range.right ? `–${columnLetters(table.range.right)}` : ''}`;
    warnings.push(`the sheet hides column${shown.right + 1 < table.range.right ? 's' : ''} ${hidden} at the right of the table in ${where}${rangeToA1(shown)}; ${shown.right + 1 < table.range.right ? 'they are' : 'it is'} stored with the table (${rangeToA1(table.range)})`);
  }
  for (const column of table.columns) {
    if (column.type === 'text') continue;
    const noValue = column.noValue;
    if (noValue !== undefined) warnings.push(`column "${column.name}" of the table in ${where}${rangeToA1(table.range)} is ${column.type}; ${noValue.count} cell${noValue.count === 1 ? ' says' : 's say'} "no value" (${noValue.texts.map((text) => `"${text}"`).join(', ')}) and ${noValue.count === 1 ? 'is' : 'are'} stored empty`);
    if (!column.invalidCount) continue;
    const count = column.invalidCount;
    warnings.push(`column "${column.name}" of the table in ${where}${rangeToA1(table.range)} is ${column.type}; ${count} value${count === 1 ? '' : 's'} that ${count === 1 ? 'is' : 'are'} not ${column.type === 'date' ? 'dates' : 'numbers'} (a stray label or an Excel error) stored empty`);
  }
  for (const column of table.columns) {
    if (column.assumedDayFirst === undefined || column.type !== 'date') continue;
    const example = readDateText(column.assumedDayFirst, 'dmy');
    const read = example ? ` (${column.assumedDayFirst} is ${longDate(example.date)})` : '';
    warnings.push(`column "${column.name}" of the table in ${where}${rangeToA1(table.range)}: no date shows whether the day or the month comes first (every part is 12 or less); read day-first${read}. If the sheet is month-first, dates and month filters on it are wrong`);
  }
  return warnings;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2024-02-01` → `1 February 2024`. */
function longDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The warning for a hidden sheet that holds tables (`count` of them). */
export function hiddenSheetWarning(sheet: string | null, count: number): string {
  return `sheet "${sheet}" is hidden; its ${count === 1 ? 'table is' : `${count} tables are`} listed as hidden and kept out of answers unless asked for by name`;
}

/** Most rows named in one warning about cells beyond the header. */
const STRAY_ROWS_NAMED = 5;

/**
 * One warning per column that no header names (auto-named "Column 4") and, in a sheet, fewer
 * than half of the table's data rows fill (in a CSV, any row): the cells of a record longer
 * than the header row, kept in that column; a digit split off a number ends with the hint of
 * an unquoted decimal comma (`splitDecimalHint`). Each names its rows and cells (`row 3: "extra" in D3`), up to `STRAY_ROWS_NAMED`.
 * @param prefix what opens each warning (the file name and ": ")
 */
export function strayCellWarnings(prefix: string, grid: Grid, table: DetectedTable): string[] {
  const warnings: string[] = [];
  const { range, headerRows } = table;
  if (headerRows === 0) return warnings;
  const data = table.rows.filter((row) => !row.isAggregate && !row.hidden);
  for (const column of table.columns) {
    if (column.sourceColumn < 0) continue;
    let named = false;
    for (let row = range.top; row < range.top + headerRows && !named; row++) named = !isBlankCell(cellAt(grid, row, column.sourceColumn));
    if (named) continue;
    const filled = data.filter((row) => row.values[column.sqlName] !== null && row.values[column.sqlName] !== undefined);
    // A sheet's blank-headed column most rows fill is a column without a name; in a CSV every field past the header row is a record too long.
    if (filled.length === 0 || (grid.name !== null && filled.length * 2 >= data.length)) continue;
    const letters = columnLetters(column.sourceColumn);
    const cells = filled.slice(0, STRAY_ROWS_NAMED).map((row) => `row ${row.sheetRow}: "${cellText(cellAt(grid, row.sheetRow - 1, column.sourceColumn)).slice(0, 40)}" in ${letters}${row.sheetRow}${splitDecimalHint(grid, row.sheetRow - 1, column.sourceColumn)}`);
    const more = filled.length > STRAY_ROWS_NAMED ? ` and ${filled.length - STRAY_ROWS_NAMED} more` : '';
    const sheet = grid.name === null ? '' : `sheet "${grid.name}" `;
    warnings.push(`${prefix}${filled.length} row${filled.length === 1 ? ' has a cell' : 's have cells'} beyond the header row of the table in ${sheet}${rangeToA1(range)} (${cells.join('; ')}${more}); kept in column "${column.name}", which no header names`);
  }
  return warnings;
}

/**
 * For a CSV field of one to three digits right after a field ending in a digit ("€ 12" then
 * "5"): the hint that the two are one number whose decimal comma went unquoted and was read
 * as the delimiter (`, perhaps "€ 12,5" with its decimal comma read as the delimiter`); '' otherwise.
 */
function splitDecimalHint(grid: Grid, row: number, column: number): string {
  if (grid.name !== null || column === 0) return '';
  const stray = cellText(cellAt(grid, row, column)).trim();
  const before = cellText(cellAt(grid, row, column - 1)).trim();
  if (!/^\d{1,3}$/.test(stray) || !/\d$/.test(before)) return '';
  return `, perhaps "${before.slice(0, 40)},${stray}" with its decimal comma read as the delimiter`;
}

/** Most cells named in one warning about cells beside the tables. */
const OUTSIDE_CELLS_NAMED = 5;

/**
 * One warning per sheet for the filled cells on a table's rows that no table covers (a column
 * after an empty spacer column, a lone remark far right): stored nowhere, so said, with up to
 * `OUTSIDE_CELLS_NAMED` of them by address and text. Rows no table spans are left to the row
 * accounting (`accountRows`: title, note, outside), and texts a table keeps as its title or
 * notes are not repeated.
 * @param prefix what opens the warning (the file name and ": ")
 */
export function outsideCellWarnings(prefix: string, grid: Grid, tables: DetectedTable[]): string[] {
  if (tables.length === 0) return [];
  const kept = new Set(tables.flatMap((table) => [table.title, ...table.notes]).filter((text): text is string => text !== null).map((text) => text.trim()));
  const found: string[] = [];
  let count = 0;
  for (let row = 0; row < grid.rows.length; row++) {
    const spanning = tables.filter((table) => row >= table.range.top && row <= table.range.bottom);
    if (spanning.length === 0) continue;
    const cells = grid.rows[row] ?? [];
    for (let column = 0; column < cells.length; column++) {
      const cell = cells[column] ?? null;
      if (isBlankCell(cell) || spanning.some((table) => column >= table.range.left && column <= table.range.right)) continue;
      if (cell?.merge !== undefined && (cell.merge.top !== row || cell.merge.left !== column)) continue;
      const text = cellText(cell);
      if (kept.has(text.trim())) continue;
      count++;
      if (found.length < OUTSIDE_CELLS_NAMED) found.push(`${columnLetters(column)}${row + 1} "${text.slice(0, 40)}"`);
    }
  }
  if (count === 0) return [];
  const sheet = grid.name === null ? '' : `sheet "${grid.name}": `;
  const more = count > found.length ? ` and ${count - found.length} more` : '';
  return [`${prefix}${sheet}${count} cell${count === 1 ? '' : 's'} beside the tables, in no table, not stored: ${found.join(', ')}${more}`];
}
