/**
 * A file's row accounting, computed from the per-sheet accounts of `accountRows`: summed over
 * the file, the excluded rows split per table, and the reason a tabular file holds no table.
 * Stored by `store/row-accounting.ts`.
 * @module ingest/row-account
 */
import { EXCLUSION_REASONS, type ExcludedRow, type ExclusionReason, type SheetAccount } from '../tables/account-rows.js';
import type { DetectedTable } from '../tables/types.js';
import type { FileRowAccount } from '../store/row-accounting.js';

/** Most rows outside any table kept per file (the counts stay exact). */
export const OUTSIDE_LIMIT = 100;

/** Sums the sheets' accounts; `noTable` when no sheet holds a table. */
export function fileRowAccount(accounts: SheetAccount[], tables: DetectedTable[]): FileRowAccount {
  const excluded = Object.fromEntries(EXCLUSION_REASONS.map((reason) => [reason, 0])) as Record<ExclusionReason, number>;
  const account: FileRowAccount = { rows: 0, data: 0, aggregate: 0, hidden: 0, excluded, outside: [] };
  for (const sheet of accounts) {
    account.rows += sheet.rows;
    account.data += sheet.stored.data;
    account.aggregate += sheet.stored.aggregate;
    account.hidden += sheet.stored.hidden;
    for (const reason of EXCLUSION_REASONS) excluded[reason] += sheet.excluded[reason];
    for (const row of sheet.details) {
      if (row.reason === 'outside' && account.outside.length < OUTSIDE_LIMIT) account.outside.push({ ...row, sheet: sheet.sheet });
    }
  }
  if (tables.length === 0 && accounts.length > 0) {
    const reasons = [...new Set(accounts.map((sheet) => sheet.noTable).filter((reason): reason is string => reason !== undefined))];
    account.noTable = accounts.length === 1 ? reasons[0] : `no table in any of the ${accounts.length} sheets (${reasons.join('; ')})`;
  }
  return account;
}

/** Each table's own excluded rows (header, title, note, section, merged), in the order of `tables`. */
export function tableExcludedRows(accounts: SheetAccount[], tables: DetectedTable[]): ExcludedRow[][] {
  const result = tables.map((): ExcludedRow[] => []);
  for (const sheet of accounts) {
    const indexes = tables.flatMap((table, index) => (table.sheetIndex === sheet.sheetIndex ? [index] : []));
    for (const row of sheet.details) {
      if (row.table === undefined || indexes[row.table] === undefined) continue;
      const { table: _table, ...rest } = row;
      result[indexes[row.table]].push(rest);
    }
  }
  return result;
}

