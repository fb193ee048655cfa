/**
 * Hierarchical row labels: a "Revenue" row with no numbers heads the indented items below
 * it ("  Product A", "  Product B") until its total ("Total Revenue") or the next heading.
 * Heading rows are neither data nor totals; their items get a derived `Section` value.
 * @module tables/sections
 */
import { aggregateLabelKind, labelWords } from './aggregate-labels.js';

/** What section detection needs to know about one body row. */
export interface SectionRowFacts {
  /** Text of the row's label cell, as written (leading spaces kept); '' when blank. */
  label: string;
  /** Indentation of the label: leading spaces plus 4 per alignment indent level. */
  depth: number;
  bold: boolean;
  /** The row holds a number somewhere. */
  hasNumbers: boolean;
  /** Filled cells besides the label cell. */
  otherFilled: number;
  hidden: boolean;
}

/**
 * Flags section heading rows. A heading has a label, nothing else, is not itself a
 * total label, and shows it heads the row below: that row holds numbers and is indented
 * deeper, or the heading is bold and the row below is not, or a later total row names it
 * ("Total Revenue" for "Revenue"); or the heading is bold over a plain row that fills its
 * label and two more cells (a section of a text table: "AT BERTH" over its berths).
 */
export function findSectionRows(rows: SectionRowFacts[]): boolean[] {
  // Rows whose label is a total, with their words: the only rows that can name a heading.
  const totals: { index: number; words: string }[] = [];
  rows.forEach((row, index) => {
    if (aggregateLabelKind(row.label) !== null) totals.push({ index, words: ` ${labelWords(row.label).join(' ')} ` });
  });
  return rows.map((row, index) => {
    if (row.hidden || row.hasNumbers || row.otherFilled > 0 || row.label.trim() === '') return false;
    if (aggregateLabelKind(row.label) !== null) return false;
    let next: SectionRowFacts | undefined;
    for (let below = index + 1; below < rows.length && next === undefined; below++) if (!rows[below].hidden) next = rows[below];
    if (next === undefined || next.label.trim() === '') return false;
    // A bold label alone over plain rows of text heads them too ("AT BERTH" over the berths of a port line-up).
    if (row.bold && !next.bold && next.otherFilled >= 2) return true;
    if (!next.hasNumbers) return false;
    if (next.depth > row.depth) return true;
    if (row.bold && !next.bold) return true;
    const words = labelWords(row.label).join(' ');
    return totals.some((total) => total.index > index && total.words.includes(` ${words} `));
  });
}

/**
 * The section each row belongs to: the label of the heading above it, until a total row
 * closes the section (the total itself still belongs to it) or the next heading starts.
 * A group row (a heading that carries its subtotal) covers the rows indented below it, or,
 * found by its sums alone (`groupEnds`), the rows it sums.
 * @param isSection from `findSectionRows`
 * @param isAggregate total rows (only labelled totals close a section)
 * @param isGroup group rows from `findGroupRows`
 * @param groupEnds per row, the last part of a group row found by its sums (`AggregateFlags.groupEnds`), else -1
 */
export function sectionLabels(rows: SectionRowFacts[], isSection: boolean[], isAggregate: boolean[], isGroup: boolean[] = [], groupEnds: number[] = []): (string | null)[] {
  let current: string | null = null;
  let groupDepth = -1;
  // groups found by their sums alone: each covers its parts whatever their indentation (nested: the innermost names the row)
  const spans: { label: string; end: number }[] = [];
  return rows.map((row, index) => {
    while (spans.length > 0 && spans[spans.length - 1].end < index) spans.pop();
    if (isGroup[index] && (groupEnds[index] ?? -1) >= 0) {
      spans.push({ label: row.label.trim(), end: groupEnds[index] });
      return row.label.trim();
    }
    if (spans.length > 0) return spans[spans.length - 1].label;
    if (isSection[index] || isGroup[index]) {
      current = row.label.trim();
      groupDepth = isGroup[index] ? row.depth : -1;
      return current;
    }
    if (groupDepth >= 0 && row.depth <= groupDepth) {
      current = null;
      groupDepth = -1;
    }
    const section = current;
    if (isAggregate[index] && aggregateLabelKind(row.label) !== null) current = null;
    return section;
  });
}
