/**
 * What makes same-shaped tables parts of one series, the evidence a union needs beyond equal
 * columns: a header that names the columns, parts of plausible size, a label per part taken from
 * its sheet name or title, and figures of their own (two blocks holding the same figures are two
 * views of one dataset: adding them up counts everything twice).
 * @module ingest/union-parts
 */
import type { ColumnType, DetectedTable } from '../tables/types.js';
import { periodOf } from '../tables/periods.js';

/**
 * Data rows most parts of a series have: a series whose parts are mostly one or two rows cut
 * off a sheet (stray totals, notes with numbers, fragments of a wider table) is not months or
 * regions of data. A small part among full ones (a region with two reps) is still a part.
 */
export const MIN_PART_ROWS = 3;

/**
 * True when the parts are of plausible size: each has two data rows or more, and at least half
 * of them `MIN_PART_ROWS` or more, or each is a block under a banner and a header of its own
 * (`bannerBlocks`).
 */
export function plausiblePartSizes(parts: DetectedTable[]): boolean {
  const counts = parts.map(dataRowCount);
  if (!counts.every((count) => count >= 2)) return false;
  return counts.filter((count) => count >= MIN_PART_ROWS).length * 2 >= counts.length || bannerBlocks(parts);
}

/**
 * True when the parts are blocks of one sheet, each under a banner of its own and a header row
 * of its own ("Texas" over its header and plants, "California" over its): the sheet itself says
 * where each part starts and what it is, however few rows it holds. A fragment cut off a wider
 * table (a stray total, a note with numbers) has no banner and header of its own.
 */
export function bannerBlocks(parts: DetectedTable[]): boolean {
  return parts.every((table) => table.sheetIndex === parts[0].sheetIndex && table.title !== null && table.headerRows > 0);
}

/** A name the table reader made up for a column without a header cell (`headers.ts`, `build-table.ts`). */
const GENERATED_NAME = /^Column \d+$/;

const NUMBER_TYPES: ColumnType[] = ['integer', 'decimal'];

/** Data rows of a table (not aggregate, not hidden), counted as read for a streamed table. */
export function dataRowCount(table: DetectedTable): number {
  if (table.streamed !== undefined) return table.streamed.dataRows;
  return table.rows.filter((row) => !row.isAggregate && !row.hidden).length;
}

/**
 * True when a header row names at least half of the table's own columns (the union's label
 * column aside). Columns that only carry the reader's `Column 3` share no header: tables
 * without one look alike by their width and types alone, which says nothing of what they hold.
 */
export function namedByHeader(table: DetectedTable): boolean {
  const columns = table.columns.filter((card) => card.derived !== 'label');
  const named = columns.filter((card) => !GENERATED_NAME.test(card.name)).length;
  return named > 0 && named * 2 >= columns.length;
}

/**
 * The label that tells each part from the others, from its banner or its sheet name, or null
 * when one part has none: a label that is only a number ("0", "1250": a figure read as a banner)
 * unless it is a period (`2024`, `2024-03`), or a sheet name standing for a table that shares
 * its sheet with another part (the name tells neither apart).
 * @param labels each part's label (`DetectedTable.label`, else title, else sheet), by part order
 */
export function partLabels(parts: DetectedTable[], labels: (string | null)[]): string[] | null {
  const named = labels.map((label, index) => {
    if (!label) return null;
    if (!/\p{L}/u.test(label) && periodOf(label) === undefined) return null;
    const table = parts[index];
    const sharesSheet = parts.some((other) => other !== table && other.sheet === table.sheet);
    return sharesSheet && label === table.sheet ? null : label;
  });
  if (named.some((label) => label === null) || new Set(named).size !== named.length) return null;
  return named as string[];
}

/** Numbers of the table's number columns over its data rows, sorted; null for a streamed table (its rows are not held). */
function sortedNumbers(table: DetectedTable, columns: string[]): number[] | null {
  if (table.streamed !== undefined) return null;
  const numbers: number[] = [];
  for (const row of table.rows) {
    if (row.isAggregate || row.hidden) continue;
    for (const column of columns) {
      const value = row.values[column];
      if (typeof value === 'number') numbers.push(value);
    }
  }
  return numbers.sort((a, b) => a - b);
}

/**
 * True when two of the parts hold the same figures: the same numbers in their number columns
 * (in any arrangement: rows reordered, headers moved), or the same non-zero total in every
 * additive column (one block restating the other's figures, a summary of a single part). Such
 * blocks are two views of one dataset, and a union of them counts everything twice.
 * @param totals each part's column totals over its data rows, by part order (`columnTotals`)
 */
export function sameFigures(parts: DetectedTable[], totals: number[][]): boolean {
  const columns = parts[0].columns.filter((card) => NUMBER_TYPES.includes(card.type) && !card.derived).map((card) => card.sqlName);
  if (columns.length === 0) return false;
  const numbers = parts.map((table) => sortedNumbers(table, columns));
  for (let a = 0; a < parts.length; a++) {
    for (let b = a + 1; b < parts.length; b++) {
      const left = numbers[a];
      const right = numbers[b];
      if (left !== null && right !== null && left.length > 0 && left.length === right.length && left.every((value, i) => value === right[i])) return true;
      const sameTotals = totals[a].length > 0 && totals[a].every((value, i) => Math.abs(value - totals[b][i]) <= Math.max(0.005, 1e-9 * Math.abs(value)));
      if (sameTotals && totals[a].some((value) => value !== 0)) return true;
    }
  }
  return false;
}
