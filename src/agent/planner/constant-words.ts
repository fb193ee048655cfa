/**
 * Words every row of a table holds: "the Maryland districts" over a District column of
 * "Maryland 1" … "Maryland 8". A word written in every cell of one text column says what the
 * whole table is about, so it selects every row and needs no condition; it only stops the
 * question from being declined for a word the planner could not place.
 * @module agent/planner/constant-words
 */
import type { ParsedQuestion } from './parse-question.js';
import type { TableProfile } from './table-profile.js';
import { tokensOf } from './normalize-text.js';
import { isFiller } from './filler-words.js';

/** Fewer rows than this say too little about what "every row" holds. */
const MIN_ROWS = 3;

/**
 * The open words of a question that are a word of every cell of one text column of the table.
 * Only columns with no blank cell and all their values listed (`distinct`) are read, and only
 * alphabetic words of four letters or more that are no word of the question's own vocabulary.
 * @param open true for the token indexes nothing else explained
 * @returns the token indexes such a word occupies (empty when none)
 */
export function wordsOfEveryRow(parsed: ParsedQuestion, profile: TableProfile, open: (index: number) => boolean): number[] {
  if (profile.table.rowCount < MIN_ROWS) return [];
  const everyRow: Set<string>[] = [];
  for (const column of profile.table.columns) {
    const values = column.profile.distinct;
    if (column.type !== 'text' || values === undefined || values.length < 2 || column.profile.nullCount > 0) continue;
    const stemSets = values.map((value) => new Set(tokensOf(String(value)).map((t) => t.stem)));
    const shared = [...stemSets[0]].filter((stem) => stemSets.every((set) => set.has(stem)));
    if (shared.length > 0) everyRow.push(new Set(shared));
  }
  if (everyRow.length === 0) return [];
  return parsed.tokens
    .filter((token) => open(token.index) && /^[a-z]{4,}$/.test(token.norm) && !isFiller(parsed, token.index))
    .filter((token) => everyRow.some((shared) => shared.has(token.stem)))
    .map((token) => token.index);
}
