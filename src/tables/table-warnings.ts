/**
 * The warnings a table's reading gives its reader, one text for a sheet read whole and one read
 * in chunks (`streamed-table.ts`): no header row (columns named Column 1…), numbers merged over
 * several rows (counted once), hidden rows left out, values of a typed column that could not be
 * read or say "no value" (`TBD`, `-`), text dates read day-first by assumption, a hidden sheet's
 * tables; cells that stand beyond a table's header row (a ragged CSV record: one warning per table).
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

/** True when a header row of `table` holds text at `column` (0-based). */
function headerNames(grid: Grid, table: DetectedTable, column: number): boolean {
  for (let row = table.range.top; row < table.range.top + table.headerRows; row++) if (!isBlankCell(cellAt(grid, row, column))) return true;
  return false;
}

/**
 * The warnings about cells kept in columns that no header names (auto-named "Column 4"):
 * - in a CSV, ONE warning for the table's records longer than the header row: how many rows,
 *   the first `STRAY_ROWS_NAMED` row numbers, the first extra cell, the columns the extra
 *   fields are kept in; when every such row has exactly one extra field and each looks like a
 *   number's decimals split off (`splitDecimal`), the hint of an unquoted decimal comma read as
 *   the delimiter, with the first such number (`overlongRecordWarning`);
 * - per blank-headed column inside the header (a sheet's, or a CSV's empty header field) that
 *   holds cells, in a sheet only when fewer than half of the data rows fill it (more is a
 *   column without a name): its rows and cells (`row 3: "extra" in D3`), up to `STRAY_ROWS_NAMED`.
 * @param prefix what opens each warning (the file name and ": ")
 */
export function strayCellWarnings(prefix: string, grid: Grid, table: DetectedTable): string[] {
  if (table.headerRows === 0) return [];
  const data = table.rows.filter((row) => !row.isAggregate && !row.hidden);
  const unnamed = table.columns.filter((column) => column.sourceColumn >= 0 && !headerNames(grid, table, column.sourceColumn));
  let lastNamed = table.range.right;
  while (lastNamed >= table.range.left && !headerNames(grid, table, lastNamed)) lastNamed--;
  const beyond = grid.name === null ? unnamed.filter((column) => column.sourceColumn > lastNamed) : [];
  const warnings = unnamed.filter((column) => !beyond.includes(column)).flatMap((column) => unnamedColumnWarning(prefix, grid, table, data, column));
  const overlong = overlongRecordWarning(prefix, grid, table, data, beyond, lastNamed);
  return overlong === null ? warnings : [...warnings, overlong];
}

type Column = DetectedTable['columns'][number];
type Row = DetectedTable['rows'][number];

/** The warning for one blank-headed column inside the header row, or none (see `strayCellWarnings`). */
function unnamedColumnWarning(prefix: string, grid: Grid, table: DetectedTable, data: Row[], column: Column): string[] {
  const filled = data.filter((row) => row.values[column.sqlName] !== null && row.values[column.sqlName] !== undefined);
  // A sheet's blank-headed column most rows fill is a column without a name.
  if (filled.length === 0 || (grid.name !== null && filled.length * 2 >= data.length)) return [];
  const letters = columnLetters(column.sourceColumn);
  const cells = filled.slice(0, STRAY_ROWS_NAMED).map((row) => `row ${row.sheetRow}: "${cellText(cellAt(grid, row.sheetRow - 1, column.sourceColumn)).slice(0, 40)}" in ${letters}${row.sheetRow}`);
  const more = filled.length > STRAY_ROWS_NAMED ? ` and ${filled.length - STRAY_ROWS_NAMED} more` : '';
  const sheet = grid.name === null ? '' : `sheet "${grid.name}" `;
  return [`${prefix}${filled.length} row${filled.length === 1 ? ' has a cell' : 's have cells'} beyond the header row of the table in ${sheet}${rangeToA1(table.range)} (${cells.join('; ')}${more}); kept in column "${column.name}", which no header names`];
}

/**
 * The one warning for a CSV table's records with more fields than its header row (fields in
 * `beyond`, the columns right of `lastNamed`, the header's last named column), or null when
 * there are none. A record's extra fields run to its last filled one (`a,b,c,,5` under a header
 * of three: two).
 * E.g. `p.csv: 12 rows have more fields than the header row of the table in A1:D30 (rows 2, 3,
 * 5, 6, 8 and 7 more; row 2: "x" in D2); kept in column "Column 4", which no header names`.
 */
function overlongRecordWarning(prefix: string, grid: Grid, table: DetectedTable, data: Row[], beyond: Column[], lastNamed: number): string | null {
  const extraOf = (row: Row) => beyond.filter((column) => !isBlankCell(cellAt(grid, row.sheetRow - 1, column.sourceColumn)));
  const overlong = data.map((row) => ({ row, extra: extraOf(row) })).filter((found) => found.extra.length > 0);
  if (overlong.length === 0) return null;
  const [first] = overlong;
  const firstColumn = first.extra[0].sourceColumn;
  const firstCell = `"${cellText(cellAt(grid, first.row.sheetRow - 1, firstColumn)).slice(0, 40)}" in ${columnLetters(firstColumn)}${first.row.sheetRow}`;
  const count = overlong.length;
  const rows = overlong.slice(0, STRAY_ROWS_NAMED).map((found) => found.row.sheetRow);
  const more = count > STRAY_ROWS_NAMED ? ` and ${count - STRAY_ROWS_NAMED} more` : '';
  const where = count === 1 ? `row ${rows[0]}: ${firstCell}` : `rows ${rows.join(', ')}${more}; row ${first.row.sheetRow}: ${firstCell}`;
  const kept = beyond.filter((column) => overlong.some((found) => found.extra.includes(column))).map((column) => `"${column.name}"`);
  const columns = kept.length === 1 ? `column ${kept[0]}` : `columns ${kept.slice(0, -1).join(', ')} and ${kept[kept.length - 1]}`;
  // The decimal-comma hint only when each over-long record is one field too long, and that field looks like split-off decimals.
  const oneExtra = overlong.every((found) => found.extra.length === 1 && found.extra[0].sourceColumn === lastNamed + 1);
  const splits = oneExtra ? overlong.map((found) => splitDecimal(grid, found.row.sheetRow - 1, found.extra[0].sourceColumn)) : [];
  const hint = oneExtra && splits.every((split) => split !== null)
    ? `; each is one field too long, as if a number's decimal comma were read as the delimiter (row ${first.row.sheetRow}: perhaps "${splits[0]}"): quote such numbers or use another delimiter`
    : '';
  return `${prefix}${count} row${count === 1 ? ' has' : 's have'} more fields than the header row of the table in ${rangeToA1(table.range)} (${where})${hint}; kept in ${columns}, which no header names`;
}

/**
 * For a CSV field of one to three digits right after a field ending in a digit ("€ 12" then
 * "5"): the number the two may have been before an unquoted decimal comma was read as the
 * delimiter (`€ 12,5`); null otherwise.
 */
function splitDecimal(grid: Grid, row: number, column: number): string | null {
  if (column === 0) return null;
  const stray = cellText(cellAt(grid, row, column)).trim();
  const before = cellText(cellAt(grid, row, column - 1)).trim();
  if (!/^\d{1,3}$/.test(stray) || !/\d$/.test(before)) return null;
  return `${before.slice(0, 40)},${stray}`;
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
