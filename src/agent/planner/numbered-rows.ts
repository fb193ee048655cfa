/**
 * Numbers a row goes by: "the number 25" over a roster's No. column (a player's shirt), said with
 * the verbs of wearing one ("how many players wore the number 25"), and "the 3rd season" over a
 * Season column numbering the rows.
 * @module agent/planner/numbered-rows
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { ordinalOf, RANK_WORDS } from './match-ordinals.js';
import type { TableProfile } from './table-profile.js';
import { sqlIdentifier } from './sql-text.js';

/** Names of a column of the numbers rows go by: No., #, Number, Jersey, Shirt, Squad number. */
const NUMBER_COLUMN = /^\s*(no\.?|#|number|nr\.?|jersey|jersey\s+(no\.?|number)|shirt|shirt\s+(no\.?|number)|squad\s+(no\.?|number))\s*$/i;
/** Words right before the number: "the number 25", "no. 25", "jersey 25", "shirt number 25". */
const NUMBER_WORDS = new Set(['number', 'no', 'jersey', 'shirt']);
/** Verbs of wearing a number. */
const WEAR_VERBS = new Set(['wear', 'wears', 'wore', 'worn', 'wearing']);

/**
 * "how many players wore the number 25", "who wore jersey no. 44" over a table with one
 * whole-number column named No., #, Number or Jersey: "number N" names that column's value N (a
 * number is never a value otherwise). Only when a shirt is said (a verb of wearing, "jersey",
 * "shirt"): "which song was number 1" asks a chart place. The verb of wearing is explained with it. Appends the filter to
 * `filters` and its words to `covered`.
 * @param open tokens no column, value or date explained
 */
export function numberedRowFilter(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[], covered: Set<number>, open: (index: number) => boolean): void {
  // a shirt is said ("wore", "jersey"): "which song was number 1" over a track list's # is a chart place, never the track's number
  if (!parsed.tokens.some((t) => WEAR_VERBS.has(t.norm) || t.norm === 'jersey' || t.norm === 'shirt')) return;
  const columns = profile.table.columns.filter((c) => c.type === 'integer' && NUMBER_COLUMN.test(c.name));
  if (columns.length !== 1) return;
  const column = columns[0];
  const { tokens } = parsed;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!NUMBER_WORDS.has(tokens[i].norm) || !/^\d{1,3}$/.test(tokens[i + 1].norm) || !open(i) || !open(i + 1)) continue;
    // "how many number 1 singles": a count of such numbers is no row's number
    if (tokens[i - 1]?.norm === 'many' || tokens[i + 2]?.norm === 'of') continue;
    // "jersey number 44", "shirt no. 7": both words name the column
    const used = i > 0 && ['jersey', 'shirt'].includes(tokens[i - 1].norm) && open(i - 1) ? [i - 1, i, i + 1] : [i, i + 1];
    const value = Number(tokens[i + 1].norm);
    filters.push({ sql: `${sqlIdentifier(column.sqlName)} = ${value}`, text: `${column.name} = ${value}`, tokens: used, column, values: [{ value: String(value), tokens: [i + 1] }] });
    used.forEach((t) => covered.add(t));
    for (const token of tokens) if (WEAR_VERBS.has(token.norm) && open(token.index)) covered.add(token.index);
    return;
  }
}

/**
 * "how many wins in the 3rd season" over a Season column numbering the rows 1 … N beside a
 * Finish column of places ("3rd"): an ordinal right before the numbering column's word names
 * that row (Season = 3), never a place. Rewrites such value filters in `filters` in place and
 * marks the numbering's mention used; an ordinal before another text column's word ("the 3rd
 * season" over seasons written "2003–04") is a problem, never a place.
 */
export function ordinalsOfNumberings(parsed: ParsedQuestion, mentions: ColumnMention[], filters: Filter[]): string[] {
  const problems: string[] = [];
  for (let k = 0; k < filters.length; k++) {
    const filter = filters[k];
    if (filter.negated || filter.values?.length !== 1 || filter.tokens.length !== 1) continue;
    const at = filter.tokens[0];
    const n = ordinalOf(parsed.tokens[at]?.norm ?? '');
    if (n === undefined) continue;
    const next = mentions.filter((m) => m.tokens[0] === at + 1 && m.info.column !== filter.column);
    const numbering = next.find((m) => m.tokens.length === 1 && m.info.column.type === 'integer' && m.info.column.concept === 'identifier');
    // "the 3rd season" over seasons written "2003–04" beside a Finish of places: the ordinal says which season, not a place
    const after = parsed.tokens[at + 1]?.norm ?? '';
    if (!numbering && after !== '' && !RANK_WORDS.has(after) && next.some((m) => !m.info.numeric && m.hits[0]?.exact)) problems.push(`'${parsed.tokens[at].norm} ${after}' counts ${next[0].info.column.name} in the list's order, not a value of ${filter.column?.name ?? 'a column'}`);
    if (!numbering) continue;
    const column = numbering.info.column;
    filters[k] = { sql: `${sqlIdentifier(column.sqlName)} = ${n}`, text: `${column.name} = ${n}`, tokens: [at, at + 1], column, values: [{ value: String(n), tokens: [at] }] };
    numbering.usedAsFilter = true;
  }
  return problems;
}
