/**
 * `gridrag tables` as text: one block per table, numbers rounded for people.
 * @module cli/print-tables
 */
import type { FailedFileInfo, FileRowsInfo, FileWarningsInfo, TableInfo } from '../app/index.js';
import { formatCell, type Paint } from './output.js';
import { messageAtPath, printable } from '../printable-text.js';

const PLAIN: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, yellow: (t) => t, green: (t) => t };

function columnLine(column: TableInfo['columns'][number]): string {
  const facts = [column.type, column.aggregation !== 'none' ? `agg ${column.aggregation}${column.weightBy ? ` by ${column.weightBy}` : ''}` : undefined];
  if (column.distinct) {
    const shown = column.distinct.slice(0, 8).map(formatCell).join(', ');
    facts.push(`values: ${shown}${column.distinct.length > 8 ? `, … (${column.distinct.length})` : ''}`);
  } else if (column.min !== null) {
    facts.push(`min ${formatCell(column.min)}, max ${formatCell(column.max)}`);
  }
  if (column.nullCount > 0) facts.push(`${column.nullCount} empty`);
  return `    ${column.name}${column.sqlName !== column.name ? ` [${column.sqlName}]` : ''}: ${facts.filter(Boolean).join('; ')}`;
}

/** A JSON replacer that rounds fractional numbers as text output does. */
function roundNumbers(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value) ? Number(formatCell(value)) : value;
}

function outcomeText(outcome: TableInfo['outcome'], paint: Paint): string {
  return outcome === 'verified' ? paint.green(outcome) : outcome === 'floor' ? paint.red(outcome) : outcome;
}

/** The catalog as text, one block per table. */
export function tablesText(tables: TableInfo[], paint: Paint = PLAIN): string {
  if (tables.length === 0) return 'No tables yet. Run: gridrag ingest <file-or-folder>';
  return tables
    .map((table) => {
      const lines = [
        `${paint.bold(table.name)}${table.kind !== 'table' ? ` (${table.kind} view)` : ''}${table.hidden ? ' (hidden sheet)' : ''}`,
        // file, sheet and title come from the files: printed escaped (a line break in a name stays `\n`)
        `  ${printable(table.path ?? table.file)}${table.sheet ? ` › ${printable(table.sheet)}` : ''} › ${table.range}${table.title ? `  "${printable(table.title)}"` : ''}`,
        `  ${table.rowCount} rows; validation ${outcomeText(table.outcome, paint)}${table.aggregateRows.length ? `; total rows ${table.aggregateRows.join(', ')}` : ''}${table.aggregateColumns.length ? `; total columns ${table.aggregateColumns.join(', ')}` : ''}`,
      ];
      if (table.dateRange) lines.push(`  dates ${table.dateRange.min} … ${table.dateRange.max} (${table.dateRange.column})`);
      lines.push('  columns:', ...table.columns.map(columnLine));
      if (table.sampleRows.length) lines.push('  sample:', ...table.sampleRows.map((row) => `    ${JSON.stringify(row, roundNumbers)}`));
      if (table.excludedRows.length) lines.push(`  not stored as rows: ${excludedText(table.excludedRows)}`);
      if (table.warnings.length) lines.push(`  ${paint.yellow('warnings')}: ${printable(table.warnings.join('; '))}`);
      return lines.join('\n');
    })
    .join('\n\n');
}

/** `header row 1; title rows 2, 3; note row 10` for a table's excluded rows. */
function excludedText(rows: TableInfo['excludedRows']): string {
  const byReason = new Map<string, number[]>();
  for (const row of rows) byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), row.sheetRow]);
  return [...byReason].map(([reason, numbers]) => `${reason} ${numbers.length > 1 ? 'rows' : 'row'} ${numbers.slice(0, 10).join(', ')}${numbers.length > 10 ? ', …' : ''}`).join('; ');
}

/** `1 header, 2 note, 3 blank`: the non-zero counts of an exclusion tally. */
export function excludedCounts(excluded: Record<string, number>, withBlank = true): string {
  return Object.entries(excluded)
    .filter(([reason, count]) => count > 0 && (withBlank || reason !== 'blank'))
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
}

/** `row 3 "Total | 12", Sheet2!row 9 "…"`: the first rows outside any table. */
export function outsideText(rows: FileRowsInfo['rows']['outside'], total: number): string {
  const shown = rows.slice(0, 5).map((row) => `${row.sheet ? `${printable(row.sheet)}!` : ''}row ${row.sheetRow} "${printable(row.text)}"`);
  return `${shown.join(', ')}${total > shown.length ? `, … ${total - shown.length} more` : ''}`;
}

/** The files whose rows are not all in tables (no table at all, or rows outside any table); '' when none. */
export function fileRowsText(files: FileRowsInfo[], paint: Paint = PLAIN): string {
  if (files.length === 0) return '';
  const lines = files.map(({ file, path, rows }) =>
    rows.noTable
      ? `  ${printable(path ?? file)}: ${paint.yellow(printable(rows.noTable))} (${rows.rows} rows: ${excludedCounts(rows.excluded)})`
      : `  ${printable(path ?? file)}: ${rows.excluded.outside} rows outside any table, not stored: ${outsideText(rows.outside, rows.excluded.outside)}`,
  );
  return ['Rows not in any table:', ...lines].join('\n');
}

/** The warnings about files or sheets rather than one table, each file once; '' when none. */
export function fileWarningsText(files: FileWarningsInfo[], paint: Paint = PLAIN): string {
  if (files.length === 0) return '';
  const lines = files.flatMap(({ file, path, warnings }) => warnings.map((warning) => `  ${paint.yellow('warning')}: ${printable(messageAtPath(path ?? file, file, warning))}`));
  return ['File warnings:', ...lines].join('\n');
}

/** The files whose last version could not be ingested, each with why; '' when none. */
export function failedFilesText(files: FailedFileInfo[], paint: Paint = PLAIN): string {
  if (files.length === 0) return '';
  const lines = files.map(({ file, path, status, error }) => {
    const shown = path ?? file;
    const message = messageAtPath(shown, file, error);
    return `  ${paint.red(status === 'failed' ? 'failed' : 'latest version failed')}: ${printable(message)}`;
  });
  return ['Files not ingested:', ...lines].join('\n');
}
