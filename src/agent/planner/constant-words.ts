/**
 * Words every row of a table holds: "the Maryland districts" over a District column of
 * "Maryland 1" … "Maryland 8". A name that numbers every cell of one text column says what the
 * whole table is about, so it selects every row and needs no condition; it only stops the
 * question from being declined for a word the planner could not place. A word that is merely
 * somewhere in every cell is not read so: it may still tell the rows apart ("Guilty" and "Not
 * guilty", "London to Paris" and a route into London).
 * @module agent/planner/constant-words
 */
import type { ParsedQuestion } from './parse-question.js';
import type { TableProfile } from './table-profile.js';
import { tokensOf } from './normalize-text.js';
import { isFiller } from './filler-words.js';

/** A name followed by its number or code: "Maryland 1", "District 12", "Ohio 3A"; the name is group 1. */
const NUMBERED_NAME = /^([\p{L}][\p{L}.' -]*?)\s+(?:no\.?\s*)?[0-9]{1,3}[a-z]?$/iu;

/** Fewer rows than this say too little about what "every row" holds. */
const MIN_ROWS = 3;

/**
 * The open words of a question that are a word of the name numbering every cell of one text
 * column ("Maryland" of "Maryland 1" … "Maryland 8"). Only columns with no blank cell and all
 * their values listed (`distinct`) are read, and only alphabetic words of four letters or more
 * that are no word of the question's own vocabulary.
 * @param open true for the token indexes nothing else explained
 * @returns the token indexes such a word occupies (empty when none)
 */
export function wordsOfEveryRow(parsed: ParsedQuestion, profile: TableProfile, open: (index: number) => boolean): number[] {
  if (profile.table.rowCount < MIN_ROWS) return [];
  const everyRow: Set<string>[] = [];
  for (const column of profile.table.columns) {
    const values = column.profile.distinct;
    // … one row each: where "Maryland 1" is on several rows, a count of districts is no count of rows
    if (column.type !== 'text' || values === undefined || values.length < 2 || column.profile.nullCount > 0 || column.profile.distinctCount !== profile.table.rowCount) continue;
    // … only a name numbered the same way in every cell ("Maryland 1", "Maryland 2"): a word anywhere in every
    // cell may still tell rows apart ("Guilty" in "Not guilty", both parties in every list of candidates, "London to Paris")
    const prefixes = new Set(values.map((value) => NUMBERED_NAME.exec(String(value).trim())?.[1].toLowerCase()));
    if (prefixes.size !== 1 || prefixes.has(undefined)) continue;
    everyRow.push(new Set(tokensOf([...prefixes][0] ?? '').map((t) => t.stem)));
  }
  if (everyRow.length === 0) return [];
  return parsed.tokens
    .filter((token) => open(token.index) && /^[a-z]{4,}$/.test(token.norm) && !isFiller(parsed, token.index))
    .filter((token) => everyRow.some((shared) => shared.has(token.stem)))
    .map((token) => token.index);
}
