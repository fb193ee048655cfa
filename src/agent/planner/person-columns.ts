/**
 * Columns of people and the surnames that name them: a text column named for people (Name,
 * Player, Winner …) whose cells are mostly people's names lists people (`personColumns`), and
 * "the goals of Cureton and Gosling" names two of them by their surnames (`surnames`).
 * @module agent/planner/person-columns
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import { tokensOf } from './normalize-text.js';
import type { ValueEntry } from './table-profile.js';
import { FILLER_WORDS, STOP_WORDS } from './vocabulary.js';

/** A person's name as lists write it: two to four capitalised words or initials ("Jamie Cureton", "Mark J. O'Neill"), never in capitals ("OWN GOALS"). */
const PERSON_NAME = /^(?:\p{Lu}\.|\p{Lu}\p{Ll}[\p{L}'’-]*)(?:\s+(?:\p{Lu}\.|\p{Lu}[\p{Ll}'’][\p{L}'’-]*)){1,3}$/u;

/** Column names of people: a column of names of events or places is no list of people. */
export const PERSON_COLUMN = /\b(name|names|player|players|driver|rider|athlete|runner|swimmer|skater|diver|winner|winners|runner-up|scorer|scorers|coach|manager|president|leader|governor|candidate|member|artist|actor|actress|director|author|writer|composer|recipient|nominee|champion|laureate|person|people|incumbent|representative|senator|jockey|trainer|pilot|captain|opponent|partner|mvp)\b/i;

/**
 * The text columns of `table` that list people: named for people (Name, Player, Winner …) and
 * holding mostly people's names (two to four capitalised words; a trailing code in brackets, as
 * in "Sylvie Bernier (CAN)", set aside). Empty when there is none.
 */
export function personColumns(table: CatalogTable): CatalogColumn[] {
  return table.columns.filter((column) => {
    if (column.type !== 'text' || column.concept === 'text' || !column.profile.distinct || !PERSON_COLUMN.test(column.name.replace(/_/g, ' '))) return false;
    const texts = column.profile.distinct.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
    const names = texts.filter((value) => PERSON_NAME.test(value.replace(/\s*\([^)]*\)\s*$/, '').trim()));
    return texts.length >= 2 && names.length * 3 >= texts.length * 2;
  });
}

/**
 * "the goals of Cureton and Gosling": people are named by their surname. For a text column
 * named for people (Name, Player, Winner …) whose values are mostly people's names (two to four capitalised words), the last word of each
 * name that no other value of the column ends with is a part of that value (a match filters on
 * the whole name). Surnames that are also a column's word or a function word are left out.
 */
/** First words of a cell that says no one holds the place: it names nobody, so it has no surname. */
export const NO_ONE_WORDS = new Set(['no', 'not', 'none', 'non', 'without', 'vacant', 'unknown', 'unnamed', 'unassigned']);

export function surnames(table: CatalogTable, entries: ValueEntry[]): ValueEntry[] {
  const found: ValueEntry[] = [];
  const columnStems = new Set(table.columns.flatMap((c) => tokensOf(c.name.replace(/_/g, ' ')).map((t) => t.stem)));
  // a word of the table's own names ("kenny" of kenny_results.csv) may name the table: that reading is weighed elsewhere
  const nameStems = new Set(tokensOf([table.title, table.label, table.sheet, table.file.replace(/\.[a-z0-9]+$/i, '')].filter(Boolean).join(' ').replace(/_/g, ' ')).map((t) => t.stem));
  for (const column of table.columns) {
    if (column.type !== 'text' || column.concept === 'text' || !column.profile.distinct || !PERSON_COLUMN.test(column.name.replace(/_/g, ' '))) continue;
    const texts = column.profile.distinct.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
    // each person a cell names: the cell itself, or each line of a cell listing one name a line ("Alberto Hidalgo\nRamón Monzant")
    const cellsOf = new Map<string, string[]>();
    let named = 0;
    for (const value of texts) {
      const lines = value.split('\n').map((line) => line.trim()).filter((line) => line !== '');
      const people = lines.length > 1 && lines.every((line) => PERSON_NAME.test(line)) ? lines : PERSON_NAME.test(value.trim()) ? [value.trim()] : [];
      if (people.length > 0) named++;
      for (const person of people) cellsOf.set(person, [...(cellsOf.get(person) ?? []), value]);
    }
    if (texts.length < 2 || named * 3 < texts.length * 2) continue;
    const lastOf = (value: string): string | undefined => tokensOf(value).at(-1)?.stem;
    const counts = new Map<string, number>();
    for (const value of [...texts.filter((v) => !PERSON_NAME.test(v.trim()) && !v.includes('\n')), ...cellsOf.keys()]) {
      const last = lastOf(value);
      if (last) counts.set(last, (counts.get(last) ?? 0) + 1);
    }
    for (const [person, cells] of cellsOf) {
      const last = lastOf(person);
      // "No Team", "Not Awarded", "Vacant Seat": a cell saying no one is there has no surname ("the team" is no "No Team")
      if (NO_ONE_WORDS.has(tokensOf(person)[0]?.norm ?? '')) continue;
      if (!last || last.length < 3 || counts.get(last) !== 1 || columnStems.has(last) || nameStems.has(last) || STOP_WORDS.has(last) || FILLER_WORDS.has(last)) continue;
      if (entries.some((e) => e.column === column && e.stems.length === 1 && e.stems[0] === last && !cells.includes(e.value))) continue;
      for (const value of cells) found.push({ column, value, stems: [last], part: true, surname: true, ...(value.trim() !== person ? { item: person } : {}) });
    }
  }
  return found;
}
