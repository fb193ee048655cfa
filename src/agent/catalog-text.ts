/**
 * The catalog as text for discovery: `list_tables` (one line per table) and
 * `describe_table` (column cards, values, samples, join partners). Every text is capped
 * at 8,000 characters and says when it was cut.
 * @module agent/catalog-text
 */
import type { CatalogColumn, CatalogTable } from '../store/catalog-types.js';

/** Tool results never exceed this many characters. */
export const TOOL_TEXT_LIMIT = 8000;

/** Cuts text to `limit` characters, ending with a note that says so. */
export function capText(text: string, limit = TOOL_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  const note = `\n[truncated: showing ${limit - 80} of ${text.length} characters]`;
  return text.slice(0, limit - note.length) + note;
}

function where(table: CatalogTable): string {
  return `${table.file}${table.sheet ? ` / ${table.sheet}` : ''} ${table.range}`;
}

/** One line per table: name, title, file / sheet range, rows, outcome, dates, kind. */
export function listTablesText(tables: CatalogTable[]): string {
  if (tables.length === 0) return 'No tables are available. Ingest files first.';
  const lines = tables.map((table) => {
    const parts = [
      table.sqlName,
      table.title ? `"${table.title}"` : undefined,
      where(table),
      `${table.rowCount} rows`,
      table.outcome,
      table.dateRange ? `${table.dateRange.column} ${table.dateRange.min}..${table.dateRange.max}` : undefined,
      table.kind !== 'table' ? `${table.kind} view` : undefined,
      table.hidden ? 'hidden sheet' : undefined,
    ];
    return parts.filter(Boolean).join(' | ');
  });
  return capText(lines.join('\n'));
}

function describeColumn(column: CatalogColumn): string {
  const card = [
    column.type,
    column.concept,
    column.qualifier,
    column.unit,
    column.currency,
    `agg=${column.aggregation}${column.weightBy ? ` by ${column.weightBy}` : ''}`,
    column.isAggregateColumn ? 'aggregate column' : undefined,
  ].filter(Boolean);
  const profile = column.profile;
  const values = profile.distinct
    ? `values: ${profile.distinct.slice(0, 49).map((value) => JSON.stringify(value)).join(', ')}`
    : profile.min !== undefined && profile.min !== null
      ? `min ${profile.min}, max ${profile.max}, ${profile.distinctCount}+ distinct`
      : '';
  const nulls = profile.nullCount > 0 ? `, ${profile.nullCount} null` : '';
  return `- ${column.sqlName} ("${column.name}"): ${card.join(', ')}${values ? `; ${values}` : ''}${nulls}`;
}

/** Tables sharing key values with `table`: a text column whose listed values overlap by half or more. */
export function joinableTables(table: CatalogTable, all: CatalogTable[]): { table: string; column: string; otherColumn: string; shared: number }[] {
  const joins: { table: string; column: string; otherColumn: string; shared: number }[] = [];
  for (const column of table.columns) {
    if (column.type !== 'text' || !column.profile.distinct || column.profile.distinct.length < 2) continue;
    const mine = new Set(column.profile.distinct.map((value) => String(value).toLowerCase()));
    for (const other of all) {
      if (other.id === table.id || other.kind !== 'table' || other.record.recordId === table.record.recordId && table.kind !== 'table') continue;
      for (const otherColumn of other.columns) {
        if (otherColumn.type !== 'text' || !otherColumn.profile.distinct) continue;
        const shared = otherColumn.profile.distinct.filter((value) => mine.has(String(value).toLowerCase())).length;
        const smaller = Math.min(mine.size, otherColumn.profile.distinct.length);
        if (shared >= 2 && shared * 2 >= smaller) joins.push({ table: other.sqlName, column: column.sqlName, otherColumn: otherColumn.sqlName, shared });
      }
    }
  }
  return joins;
}

/** Column cards, values, samples and join partners of one table. */
export function describeTableText(table: CatalogTable, all: CatalogTable[]): string {
  const lines = [
    `table ${table.sqlName}${table.title ? ` "${table.title}"` : ''} (${table.kind}${table.hidden ? ', hidden sheet' : ''})`,
    `source: ${where(table)}; ${table.rowCount} data rows; validation: ${table.outcome}`,
    table.aggregateRows.length > 0 ? `total/subtotal rows ${table.aggregateRows.join(', ')} are excluded from the view` : '',
    'columns:',
    ...table.columns.map(describeColumn),
  ];
  const joins = joinableTables(table, all);
  if (joins.length > 0) lines.push('joins:', ...joins.map((join) => `- ${table.sqlName}.${join.column} = ${join.table}.${join.otherColumn} (${join.shared} shared values)`));
  if (table.sampleRows.length > 0) {
    lines.push('sample rows:');
    for (const row of table.sampleRows) lines.push(`- ${JSON.stringify(row)}`);
  }
  const warnings = [...table.fileWarnings, ...table.warnings];
  if (warnings.length > 0) lines.push(`warnings: ${warnings.join('; ')}`);
  return capText(lines.filter((line) => line !== '').join('\n'));
}
