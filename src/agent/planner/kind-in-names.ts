/**
 * The kind of thing a name says it is: "how many super series took place …" over titles
 * written "Malaysia Super Series", "Korea Open Super Series": the counted words end several
 * names of one column (their head noun), so they keep the rows whose name ends so (every row,
 * when each name does). Only the words right after "how many" / "number of", and only in one column.
 * @module agent/planner/kind-in-names
 */
import { countedPhraseStart } from './counted-nouns.js';
import { LEGAL_FORMS } from './vocabulary.js';
import { AMOUNT_STEMS, isFiller } from './filler-words.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';


/** The share of a column's names a one-word kind must end to be read as a filter. */
const MOST_NAMES = 0.8;
/** Share of a column's names under which a kind of several words that ends them may be what every row is, too. */
const FEW_NAMES = 0.5;
/** At most this many words name the kind ("super series", "grand prix events"). */
const MAX_WORDS = 3;

/**
 * True when `stems` are the last words of a longer name, after words that hold no number: the
 * head of "Malaysia Super Series", never the noun a number counts ("3 acts").
 */
function endsName(name: string[], stems: string[]): boolean {
  const start = name.length - stems.length;
  return start > 0 && stems.every((stem, k) => name[start + k] === stem) && name.slice(0, start).every((word) => !/\d/.test(word));
}

/**
 * The filter "the name ends with the counted words", when those words end (and are not the
 * whole of) at least two values of exactly one text column whose values are all known.
 * A one-word kind that ends fewer than `MOST_NAMES` of the column's names (any kind, fewer than
 * `FEW_NAMES`) may be what every row is ("how many buildings" over "Ordway Building", "Kaiser
 * Center"; "ferris wheels" over "Suzhou Ferris Wheel", "London Eye"): its filter carries the
 * reading "every row" too (`agreeing`), and the answer stands only where both keep the same rows.
 * @param open tokens nothing else explained
 * @returns the filter, or undefined when the counted words name no such kind
 */
export function kindInNames(parsed: ParsedQuestion, profile: TableProfile, open: (index: number) => boolean): Filter | undefined {
  if (!parsed.countWords || parsed.countNounAt === undefined) return undefined;
  // "how many awards for Friends": a word past the counted phrase is a condition, no kind of name
  const start = countedPhraseStart(parsed);
  if (start === undefined || !open(start) || isFiller(parsed, start)) return undefined;
  for (let length = MAX_WORDS; length >= 1; length--) {
    const indexes = Array.from({ length }, (_, k) => start + k);
    if (indexes.some((i) => i >= parsed.tokens.length || !open(i) || isFiller(parsed, i))) continue;
    const stems = indexes.map((i) => parsed.tokens[i].stem);
    // "how many points did X score" over towns named "Iowa Point": an amount is no kind of name
    if (AMOUNT_STEMS.has(stems[stems.length - 1])) continue;
    // "how many companies" over builders "Edwards Rail Car Company", "Baldwin Locomotive Works": a legal form ends
    // some company names, but every builder is a company
    if (LEGAL_FORMS.has(stems[stems.length - 1])) continue;
    const holders = new Map<string, string[]>();
    for (const entry of profile.values) {
      const column = entry.column;
      if (entry.part || column.type !== 'text' || column.profile.distinct === undefined) continue;
      if (!endsName(entry.stems, stems)) continue;
      holders.set(column.sqlName, [...(holders.get(column.sqlName) ?? []), entry.value]);
    }
    if (holders.size !== 1) continue;
    const [[sqlName, values]] = [...holders];
    if (values.length < 2) continue;
    const column = profile.table.columns.find((c) => c.sqlName === sqlName);
    if (!column) continue;
    const words = indexes.map((i) => parsed.tokens[i].norm).join(' ');
    // "how many buildings" over a list of tall buildings where "Ordway Building" ends 9 of 21 names: one noun ending
    // some names only may be what every row is ("Kaiser Center" is a building too) or a kind among them: both
    // readings are taken, and the answer given only where they keep the same rows (`agreeing`)
    const known = column.profile.distinct?.length ?? 0;
    // … and so may a kind of several words ending under half of them ("ferris wheel" over "Suzhou Ferris Wheel", "London
    // Eye", "Singapore Flyer": a list of wheels whose names mostly say no kind)
    // (never a narrower kind of a kind most names end with: "open super series" where 6 of 8 names end "Super Series";
    // "power stations" where 5 of 10 end "Station" is no such kind)
    const broader = length > 1 ? profile.values.filter((entry) => !entry.part && entry.column === column && endsName(entry.stems, stems.slice(1))).length : 0;
    const some = (length === 1 && values.length < MOST_NAMES * known) || (values.length < FEW_NAMES * known && broader <= FEW_NAMES * known);
    return {
      sql: `${sqlIdentifier(column.sqlName)} IN (${values.map((v) => sqlLiteral(v)).join(', ')})`,
      text: `${column.name} names a ${words} (${values.length} of its values)${some ? `, and so does every row of ${profile.table.sqlName} (both readings keep the same rows)` : ''}`,
      tokens: indexes,
      column,
      ...(some ? { agreeing: 'TRUE', disagreeing: `'${words}' ends ${values.length} of the ${known} names in ${column.name}, and whether every row is one or only those gives different answers here: say which` } : {}),
    };
  }
  return undefined;
}
