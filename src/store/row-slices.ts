/**
 * A table's rows as ingest stores them, whether held (`DetectedTable.rows`) or streamed
 * (`DetectedTable.streamed`, a sheet too tall to hold): counts, and the rows a slice at a time.
 * @module store/row-slices
 */
import type { DetectedTable, TableRow } from '../tables/types.js';

/** Data rows (queries read them) and the 1-based sheet rows of the aggregate rows. */
export function rowCounts(table: DetectedTable): { dataRows: number; aggregateSheetRows: number[] } {
  if (table.streamed !== undefined) return { dataRows: table.streamed.dataRows, aggregateSheetRows: table.streamed.aggregateSheetRows };
  let dataRows = 0;
  const aggregateSheetRows: number[] = [];
  for (const row of table.rows) {
    if (row.isAggregate) aggregateSheetRows.push(row.sheetRow);
    else if (!row.hidden) dataRows++;
  }
  return { dataRows, aggregateSheetRows };
}

/** Every stored row (data, aggregate, hidden) in sheet order, in slices of at most `size` rows. */
export function* rowSlices(table: DetectedTable, size: number): Generator<TableRow[]> {
  if (table.streamed === undefined) {
    for (let start = 0; start < table.rows.length; start += size) yield table.rows.slice(start, start + size);
    return;
  }
  for (const chunk of table.streamed.chunks()) {
    for (let start = 0; start < chunk.length; start += size) yield chunk.length <= size ? chunk : chunk.slice(start, start + size);
  }
}
