/**
 * College rosters write a player's year by the US class abbreviations: Fr. (freshman), So.
 * (sophomore), Jr. (junior), Sr. (senior), Gr. (graduate), with "RS" for a redshirt year.
 * Questions say the word ("how many seniors"), so a column holding nothing but these codes is
 * matched by the words.
 * @module agent/planner/class-years
 */
import { stemWord } from './normalize-text.js';

const CLASS_WORDS: Record<string, string[]> = {
  fr: ['freshman', 'freshmen'], so: ['sophomore'], jr: ['junior'], sr: ['senior'], gr: ['graduate'],
};

/** The class code of a roster cell: "Fr.", "SR", "RS Jr.", "R-So." → fr, sr, jr, so; undefined for any other text. */
function classCode(text: string): string | undefined {
  const match = /^(?:(?:rs|r)[-\s.]*)?(fr|so|jr|sr|gr)\.?$/i.exec(text.trim());
  return match ? match[1].toLowerCase() : undefined;
}

/**
 * The stems of the words for a class code ("senior" for "Sr."), in a column that holds nothing
 * but class codes, at least two different years among them; an empty list for any other value
 * or column.
 * @param texts every distinct text of the column
 */
export function classYearStems(texts: string[], value: string): string[] {
  const codes = texts.map(classCode);
  if (codes.some((c) => c === undefined) || new Set(codes).size < 2) return [];
  const code = classCode(value);
  return code === undefined ? [] : [...new Set(CLASS_WORDS[code].map((w) => stemWord(w)))];
}
