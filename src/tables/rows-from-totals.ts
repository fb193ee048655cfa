/**
 * Lines computed from a table's own total: a "Check" row `=C5-600` under the total in C5, a
 * "Variance" `=C12-C13` between two totals, a "Tax" `=C9*0.2` on the grand total. Such a line
 * restates the total, it is no record: counted as data it adds a row to every count ("How
 * many trades?" answers 4 where the sheet lists 3) and its number to every sum.
 * @module tables/rows-from-totals
 */
import type { AggregateKind, RowFacts } from './aggregate-rows.js';

/**
 * Sheet rows (0-based) a formula refers to on its own sheet, single cells and both ends of
 * ranges (`C5-600` → 4; `SUM(C2:C4)` → 1, 3). References to another sheet (`Data!C5`, `'P&L'!C5`)
 * are left out: they say nothing about this table's rows. Empty when the text holds none.
 */
export function formulaRowReferences(formulaText: string): number[] {
  const rows: number[] = [];
  const text = formulaText.toUpperCase().replace(/"[^"]*"/g, '""');
  for (const match of text.matchAll(/(^|[^A-Z0-9_!'.])\$?[A-Z]{1,3}\$?(\d+)(?:\s*:\s*\$?[A-Z]{1,3}\$?(\d+))?(?![A-Z0-9_(!])/g)) {
    rows.push(Number(match[2]) - 1);
    if (match[3] !== undefined) rows.push(Number(match[3]) - 1);
  }
  return rows;
}

/**
 * Flags, in place, rows every number of which is a formula referring to an aggregate row of
 * the table above it (`RowFacts.formulaRowReferences`, sheet rows compared with `sheetRow`),
 * repeated until nothing changes (a line computed from such a line is one too). Kind `other`:
 * a derived line, not checked as a sum. A data row with one computed column among typed-in
 * numbers (a share of the total `=B2/B$10` beside the amount in B2) stays data: not every
 * number of it is computed from a total.
 */
export function flagRowsFromTotals(rows: RowFacts[], isAggregate: boolean[], kinds: (AggregateKind | null)[]): void {
  if (!rows.some((row) => (row.formulaRowReferences?.length ?? 0) > 0)) return;
  for (let changed = true; changed; ) {
    changed = false;
    const aggregateRows = new Set<number>();
    rows.forEach((row, index) => {
      if (isAggregate[index] && row.sheetRow !== undefined) aggregateRows.add(row.sheetRow);
    });
    rows.forEach((row, index) => {
      if (isAggregate[index] || row.section || row.sheetRow === undefined) return;
      const references = row.formulaRowReferences ?? [];
      const numbers = row.numbers.filter((value) => value !== null).length;
      if (numbers === 0 || references.length !== numbers) return;
      const own = row.sheetRow;
      const fromTotals = references.every((cell) => cell.some((sheetRow) => sheetRow < own && aggregateRows.has(sheetRow)));
      if (!fromTotals) return;
      isAggregate[index] = true;
      kinds[index] = 'other';
      changed = true;
    });
  }
}
