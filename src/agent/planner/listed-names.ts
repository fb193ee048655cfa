/**
 * Names listed together in one cell ("Ann Lee & Bob Roe", "Simon Cowell\nAmanda Holden"): which
 * other cells of a column of people list a named person, and when a joined value is also written
 * in another order, so that a count of one person's rows can be read or must be declined.
 * @module agent/planner/listed-names
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { foldText } from './normalize-text.js';
import type { ValueEntry } from './table-profile.js';

/** Columns of people a cell may list several of: Directed by, Writer(s), Judges, Cast, Artist, Recipient … (never a Title). */
export const PEOPLE_COLUMN = /\b(by|writers?|directors?|producers?|judges?|panel|artists?|performers?|authors?|composers?|lyricists?|singers?|hosts?|presenters?|cast|starring|featuring|guests?|designers?|players?|members?|coach(es)?|drivers?|co-drivers?|partners?|recipients?|laureates?|awardees?|honou?rees?|nominees?|winners?)\b|\(s\)/i;
/** Words of a difference or comparison. */
export const COMPARING_WORDS = new Set(['more', 'less', 'fewer', 'than', 'difference', 'compared', 'versus', 'vs']);

/** Words that ask for rows several values share ("directed together", "jointly"). */
export const TOGETHER_WORDS = new Set(['together', 'jointly', 'collaboratively']);

/** Separators of the names one cell lists: "Ann Lee & Bob Roe", "A, B", one a line, "A / B" (a slash with no spaces joins roles of one: "Trader/VP"). */
const LISTED_NAMES = /\s*(?:&|\band\b|[,;\n])\s*|\s+\/\s+/;

/**
 * "how many episodes did Ann Lee direct" over Directed by cells "Ann Lee" and "Ann Lee & Bob
 * Roe": a value is also named by every other value of its column that lists it among several
 * names (by &, "and", commas, semicolons or line breaks), so the rows it is in are all
 * counted. Only people's names, each item two to four capitalised words: "Rhythm and blues",
 * "Paris, Texas", "Ken Griffey, Jr." list no one. The other values that list one of `values`
 * as a whole name, in the column's order.
 */
export function listingsOf(column: CatalogColumn, values: string[]): string[] {
  if (!values.every((value) => PERSON_NAME_SHAPE.test(value.trim()))) return [];
  const wanted = new Set(values.map((value) => foldText(value).trim()));
  return (column.profile.distinct ?? []).filter((value): value is string => {
    if (typeof value !== 'string' || wanted.has(foldText(value).trim())) return false;
    const names = value.split(LISTED_NAMES).map((name) => name.trim());
    // … every item a person's name: "Rhythm and blues", "Paris, Texas", "Serbia and Montenegro", "Ken Griffey, Jr." list no one
    return names.length > 1 && names.every((name) => PERSON_NAME_SHAPE.test(name)) && names.some((name) => wanted.has(foldText(name).trim()));
  });
}

/** A person's name as lists write it: two to four capitalised words ("Ann Lee", "Morton Fine", "C. V. Sridhar"). */
export const PERSON_NAME_SHAPE = /^\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){1,3}$/u;

/**
 * "Morton Fine & David Friedkin" beside "David Friedkin & Morton Fine" and "Teleplay by: Morton
 * Fine & …": a whole value joining several names (by &, "and", commas, semicolons or line
 * breaks) whose every name another value of the column also holds. The rows equal to the
 * one value are then only some of those people's rows: the other value (the first found), or
 * undefined when the value joins no names or no other value holds them all.
 */
export function otherSpelling(entry: ValueEntry): string | undefined {
  if (entry.part) return undefined;
  const names = foldText(entry.value)
    .split(LISTED_NAMES)
    .map((name) => name.trim())
    .filter((name) => /[a-z]{2,}/.test(name));
  if (names.length < 2) return undefined;
  const own = foldText(entry.value).trim();
  return (entry.column.profile.distinct ?? []).find((value) => {
    const text = foldText(String(value));
    return text.trim() !== own && names.every((name) => text.includes(name));
  }) as string | undefined;
}
