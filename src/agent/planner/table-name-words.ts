/**
 * Words that name the table itself rather than a column, value or grouping: "in retailers"
 * over retailers.csv, "the most stores" over stores.csv, "in the Tidy sheet" over the sheet
 * Tidy. Such words are explained by the table they name and never make a question unclear.
 * @module agent/planner/table-name-words
 */
import { tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention } from './plan-types.js';
import type { TableProfile } from './table-profile.js';

/** Words for a sheet or file in a question: "the Tidy sheet", "the sales tab". */
const SHEET_WORDS = new Set(['sheet', 'sheets', 'tab', 'tabs', 'worksheet', 'spreadsheet', 'workbook', 'file']);

/** The names a table goes by: its file name without extension, its sheet and its title. */
function tableNames(profile: TableProfile): string[] {
  const table = profile.table;
  return [table.file.replace(/\.[a-z0-9]+$/i, ''), table.sheet ?? '', table.title ?? ''].filter((name) => name.trim() !== '');
}

/** Stems of the head (last) word of each name: "stores" of stores.csv, "cities" of "Big Cities". */
function headStems(profile: TableProfile): Set<string> {
  const heads = new Set<string>();
  for (const name of tableNames(profile)) {
    const words = tokensOf(name.replace(/_/g, ' ')).filter((t) => /[a-z]/.test(t.norm));
    const head = words[words.length - 1];
    if (head) heads.add(head.stem);
  }
  return heads;
}

/**
 * True when every word of a column mention is the head word of the table's own name ("stores"
 * over stores.csv, "retailers" over retailers.csv): the word names the table (its rows), so an
 * unused mention of a column like Store or Retailer is no sign of a misread question.
 */
export function namesTable(parsed: ParsedQuestion, profile: TableProfile, mention: ColumnMention): boolean {
  const heads = headStems(profile);
  return mention.tokens.length > 0 && mention.tokens.every((t) => profile.fileNames.has(parsed.tokens[t].norm) || heads.has(parsed.tokens[t].stem));
}

/**
 * "In the Tidy sheet", "the Orders tab": a sheet word right after (or before) a word of the
 * table's own sheet or file name names that table. Returns the sheet words to mark explained;
 * only words next to an already explained word of those names count.
 */
export function sheetWordsOfName(parsed: ParsedQuestion, profile: TableProfile, covered: Set<number>): number[] {
  const table = profile.table;
  const nameStems = new Set([table.sheet ?? '', table.file.replace(/\.[a-z0-9]+$/i, '')].flatMap((name) => tokensOf(name.replace(/_/g, ' ')).map((t) => t.stem)));
  const explainedName = (i: number): boolean => covered.has(i) && parsed.tokens[i] !== undefined && nameStems.has(parsed.tokens[i].stem);
  return parsed.tokens
    .filter((token) => SHEET_WORDS.has(token.norm) && !covered.has(token.index) && (explainedName(token.index - 1) || explainedName(token.index + 1)))
    .map((token) => token.index);
}
