/**
 * Cells that list several items ("Alberto Hidalgo\nRamón Monzant", "Cataraqui Town Centre /
 * Midland Avenue"): the items a question may name alone, and where a row found by one of its
 * items answers. Such a row is one of that item's rows in a count ("how many seasons were
 * managed by Hidalgo"); a lookup, a sum or a comparison would mix the item's rows with rows it
 * shares, and a cell that writes the item inside a longer text ("Cataraqui Town Centre - Woods",
 * "Professional writer and Pulitzer Prize winner") leaves the count in doubt: both are declined.
 * @module agent/planner/listed-items
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { PEOPLE_COLUMN, PERSON_NAME_SHAPE } from './listed-names.js';
import { foldText } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Measure } from './measures.js';
import type { Filter } from './plan-types.js';
import type { ValueEntry } from './table-profile.js';

/** Words of a difference or comparison: a listed item's rows are then only partly its own. */
const COMPARING = new Set(['more', 'less', 'fewer', 'than', 'difference', 'compared', 'versus', 'vs', 'together', 'jointly']);

/**
 * The items a cell lists: each line of a cell of two to six lines (never lines in brackets
 * under a name: "Amvets Memorial Highway\n(Fall River Expressway)"), and the pieces of a line
 * between spaced slashes ("A / B"; "Trader/VP" is one title). Items with no letter or over 60
 * characters are none; a cell listing nothing gives none.
 */
export function listedItems(value: string): string[] {
  const lines = value.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const notes = lines.length > 1 && lines.slice(1).every((line) => /^[([]/.test(line));
  const rows = lines.length > 1 && lines.length <= 6 && !notes ? lines : [];
  const items = new Set<string>(rows);
  for (const line of lines.length === 1 || rows.length > 0 ? lines : []) {
    const pieces = line.split(/\s+\/\s+/).map((piece) => piece.trim()).filter((piece) => piece !== '');
    if (pieces.length > 1) pieces.forEach((piece) => items.add(piece));
  }
  const whole = value.trim();
  return [...items].filter((item) => item !== whole && /\p{L}/u.test(item) && item.length <= 60);
}

/**
 * Whether the value conditions `entries` of one column may stand: when one names a row by an
 * item its cell lists among others (`ValueEntry.item`), only a plain count without comparing
 * words reads it, and only when no other cell of the column writes that item inside a longer
 * text it does not list it in. Two names or more are read only where every cell kept lists them all
 * ("A and B" over cells listing one, the other or both may be both at once or either).
 * @param asked the whole values the condition keeps (the cells listing the item among them)
 * @returns the problem, or undefined when the condition stands
 */
export function listedItemProblem(parsed: ParsedQuestion, column: CatalogColumn, entries: ValueEntry[], asked: string[]): string | undefined {
  if (!entries.some((entry) => entry.item !== undefined)) return writtenInsideProblem(column, entries, asked);
  // "episodes directed by Marc Voizard and Ken Girotti" over cells listing one, the other or both: both at once, or either?
  // (answered only where every cell kept lists every name: "Henri Pescarolo and Jean-Louis Ricci" over their one shared cell)
  const named = [...new Set(entries.map((entry) => foldText(entry.item ?? entry.value).trim()))];
  const itemsOf = (value: string): Set<string> => new Set([value, ...listedItems(value)].map((item) => foldText(item).trim()));
  const cells = [...new Set(entries.map((entry) => entry.value))];
  if (named.length >= 2) {
    if (cells.every((cell) => named.every((name) => itemsOf(cell).has(name)))) return undefined;
    const shown = named.slice(0, 3).map((name) => `'${name.replace(/\n/g, ' / ')}'`).join(' and ') + (named.length > 3 ? ` and ${named.length - 3} more` : '');
    return `${shown} are listed together in some ${column.name} cells and alone in others: say whether the rows of both at once or of either are meant`;
  }
  const listed = entries.find((entry) => entry.item !== undefined);
  if (!listed?.item) return undefined;
  const item = listed.item;
  if (!parsed.countWords || parsed.tokens.some((t) => COMPARING.has(t.norm))) {
    return `'${item}' is listed beside others in ${column.name} ('${listed.value.replace(/\n/g, ' / ')}'), and only a count of the rows listing it reads those`;
  }
  const kept = new Set(asked.map((value) => foldText(value).trim()));
  const pattern = new RegExp(`(^|[^a-z0-9])${foldText(item).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`);
  const inside = (column.profile.distinct ?? []).find((value) => typeof value === 'string' && !kept.has(foldText(value).trim()) && pattern.test(foldText(value)));
  if (inside !== undefined) return `'${item}' is also written inside '${String(inside).replace(/\n/g, ' / ')}' in ${column.name}: whether those rows count is unclear`;
  return undefined;
}

/**
 * The answer a condition on listed items (`Filter.listedOnlyInCount`) allows: a count of rows or
 * of different values. "How many votes did Peter Weir get" over a party's cell listing him and
 * four others would add up the party's votes.
 * @returns the problem, or undefined when no such condition is kept or the measure counts rows
 */
export function listedItemMeasure(filters: Filter[], measure: Measure): string | undefined {
  const listed = filters.find((f) => f.listedOnlyInCount !== undefined);
  if (!listed || measure.kind === 'count' || measure.kind === 'countDistinct') return undefined;
  return listed.listedOnlyInCount;
}

/**
 * True when `text` writes `name` set apart from the words around it: at an end, or beside a
 * separator (a line break, ":", "/", "&", ",", ";", a bracket) or a joining word ("for", "and",
 * "with", "by"): "Sarah Burton for Alexander McQueen", "Female: Alexander McQueen". A name run on
 * into others ("Mary Anne Smith", "John Smith-Jones") is another person's.
 */
function setApart(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text.slice(0, at);
    const after = text.slice(at + name.length);
    const opens = /(^|[:\n/&,;(]\s*|\s(for|and|with|by|feat\.?|featuring)\s+)$/.test(before);
    const closes = /^($|\s*[\n/&,;()]|\s+(for|and|with|by|&)\s)/.test(after);
    if (opens && closes) return true;
  }
  return false;
}

/**
 * "how many times was Alexander McQueen the designer" over a cell "Alexander McQueen" and cells
 * "Sarah Burton for Alexander McQueen", "Female: Alexander McQueen\nMale: …": the name matches
 * one cell whole and is written inside others, so whether those rows are the name's too is
 * unclear. Only a person's name in a column of people (Designer(s), Directed by): "Netherlands" inside
 * "Netherlands Antilles", "Film" inside "Short film" name other things.
 * @returns the problem, or undefined when no other cell of the column writes a named person inside it
 */
function writtenInsideProblem(column: CatalogColumn, entries: ValueEntry[], asked: string[]): string | undefined {
  if (!PEOPLE_COLUMN.test(column.name.replace(/_/g, ' '))) return undefined;
  const kept = new Set(asked.map((value) => foldText(value).trim()));
  for (const value of new Set(entries.map((entry) => entry.value))) {
    if (!PERSON_NAME_SHAPE.test(value.trim())) continue;
    const folded = foldText(value).trim();
    const pattern = new RegExp(`(^|[^a-z0-9])${folded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`);
    // (never a namesake: "Ken Griffey, Jr." is his son)
    const namesake = (other: string): boolean => /^[\s,]*(jr|sr|ii|iii|iv)\.?$/.test(foldText(other).replace(folded, '').trim());
    const inside = (column.profile.distinct ?? []).find((other) => typeof other === 'string' && !kept.has(foldText(other).trim()) && pattern.test(foldText(other)) && !namesake(other) && setApart(foldText(other), folded));
    if (inside !== undefined) return `'${value}' is also written inside '${String(inside).replace(/\n/g, ' / ')}' in ${column.name}: whether those rows count is unclear`;
  }
  return undefined;
}
