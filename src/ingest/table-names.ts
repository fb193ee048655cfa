/**
 * Stable SQL names for the tables of a file, derived from file, sheet and title:
 * `orders` (a CSV), `feedback_tracker_feedback` (file + sheet), `media_plan_plan_q1_media_plan`
 * (file + sheet + title, when a sheet holds several tables). A name the SQL guard reserves for
 * internal tables (`record_manager`, `pg_…`, `gridrag_…`) gets a `data_` prefix. Every name fits
 * Postgres' 63 bytes, the longest part shortened first (`joinSqlName`).
 * @module ingest/table-names
 */
import path from 'node:path';
import { joinSqlName, toSqlName } from '../tables/sql-names.js';
import { isInternalName } from '../store/internal-names.js';

/** What naming needs to know of one detected table. */
export interface NameableTable {
  sheet: string | null;
  title: string | null;
}

/**
 * Names every table of one file. Deterministic: the same file, sheets and titles give the
 * same names, so a re-ingest keeps them.
 * @returns one base name per table, in order (not yet made unique against other files)
 */
export function nameTables(fileName: string, tables: NameableTable[]): string[] {
  const plain = toSqlName(path.parse(fileName).name, 'file');
  // A file called record_manager.csv or pg_user.csv must not take a name queries may never read.
  const stem = isInternalName(plain) ? `data_${plain}` : plain;
  const perSheet = new Map<string | null, number>();
  for (const table of tables) perSheet.set(table.sheet, (perSheet.get(table.sheet) ?? 0) + 1);
  const seenOnSheet = new Map<string | null, number>();
  return tables.map((table) => {
    if (table.sheet === null) return stem;
    const sheetPart = toSqlName(table.sheet, 'sheet');
    const base = sheetPart === stem ? [stem] : [stem, sheetPart];
    if ((perSheet.get(table.sheet) ?? 0) === 1) return joinSqlName(base);
    const ordinal = (seenOnSheet.get(table.sheet) ?? 0) + 1;
    seenOnSheet.set(table.sheet, ordinal);
    return joinSqlName([...base, table.title ? toSqlName(table.title, 'table') : String(ordinal)]);
  });
}
