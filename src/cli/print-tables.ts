/**
 * `gridrag tables`: the catalog for people (text) and machines (`--json`).
 * @module cli/print-tables
 */
import type { CatalogColumn, CatalogTable } from '../store/catalog-types.js';

/** The JSON shape of one table in `gridrag tables --json`. */
export function tableJson(table: CatalogTable): Record<string, unknown> {
  return {
    name: table.sqlName,
    kind: table.kind,
    file: table.file,
    path: table.sourcePath,
    sheet: table.sheet,
    hidden: table.hidden,
    range: table.range,
    title: table.title,
    label: table.label,
    headerRows: table.headerRows,
    columns: table.columns.map((column) => ({
      name: column.name,
      sqlName: column.sqlName,
      type: column.type,
      concept: column.concept,
      qualifier: column.qualifier,
      unit: column.unit,
      aggregation: column.aggregation,
      weightBy: column.weightBy,
      isAggregateColumn: column.isAggregateColumn ?? false,
      distinct: column.profile.distinct,
      distinctCount: column.profile.distinctCount,
      min: column.profile.min ?? null,
      max: column.profile.max ?? null,
      nullCount: column.profile.nullCount,
    })),
    rowCount: table.rowCount,
    aggregateRows: table.aggregateRows,
    aggregateColumns: table.aggregateColumns,
    outcome: table.outcome,
    dateRange: table.dateRange ?? null,
    sampleRows: table.sampleRows,
    version: table.record.version,
    warnings: table.warnings,
  };
}

function columnLine(column: CatalogColumn): string {
  const profile = column.profile;
  const facts = [column.type, column.aggregation !== 'none' ? `agg ${column.aggregation}${column.weightBy ? ` by ${column.weightBy}` : ''}` : undefined];
  if (profile.distinct) {
    const shown = profile.distinct.slice(0, 8).map(String).join(', ');
    facts.push(`values: ${shown}${profile.distinct.length > 8 ? `, … (${profile.distinct.length})` : ''}`);
  } else if (profile.min !== undefined && profile.min !== null) {
    facts.push(`min ${profile.min}, max ${profile.max}`);
  }
  if (profile.nullCount > 0) facts.push(`${profile.nullCount} empty`);
  return `    ${column.name}${column.sqlName !== column.name ? ` [${column.sqlName}]` : ''}: ${facts.filter(Boolean).join('; ')}`;
}

/** The catalog as text, one block per table. */
export function tablesText(tables: CatalogTable[]): string {
  if (tables.length === 0) return 'No tables yet. Run: gridrag ingest <file-or-folder>';
  return tables
    .map((table) => {
      const lines = [
        `${table.sqlName}${table.kind !== 'table' ? ` (${table.kind} view)` : ''}${table.hidden ? ' (hidden sheet)' : ''}`,
        `  ${table.file}${table.sheet ? ` › ${table.sheet}` : ''} › ${table.range}${table.title ? `  "${table.title}"` : ''}`,
        `  ${table.rowCount} rows; validation ${table.outcome}${table.aggregateRows.length ? `; total rows ${table.aggregateRows.join(', ')}` : ''}${table.aggregateColumns.length ? `; total columns ${table.aggregateColumns.join(', ')}` : ''}`,
      ];
      if (table.dateRange) lines.push(`  dates ${table.dateRange.min} … ${table.dateRange.max} (${table.dateRange.column})`);
      lines.push('  columns:', ...table.columns.map(columnLine));
      if (table.sampleRows.length) lines.push('  sample:', ...table.sampleRows.map((row) => `    ${JSON.stringify(row)}`));
      if (table.warnings.length) lines.push(`  warnings: ${table.warnings.join('; ')}`);
      return lines.join('\n');
    })
    .join('\n\n');
}
