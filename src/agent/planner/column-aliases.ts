/**
 * Words a column is named by beyond its header, read from the table's shape: the Total of a
 * table of rounds or shots worth points is its score; a wide table's "X by Y" label column is
 * named by Y and its year cells by X; a name written with a footnote digit is named without it.
 * @module agent/planner/column-aliases
 */
import type { CatalogTable } from '../../store/catalog-types.js';
import { foldText, tokensOf } from './normalize-text.js';
import type { ColumnInfo } from './table-profile.js';

/** Names of the parts a score is added up from: rounds, races, judges, and tallies of shots worth so many points ("5 pts"). */
const SCORE_PART = /^(?:(?:rd|round|r|race|judge|j|heat|leg|stage|game|match)\s*\.?\s*\d+|\d+(?:\.\d+)?\s*(?:pts?|points?))$/i;
/** Stems of the words a score is named by ("score", "points"). */
export const SCORE_STEMS = new Set(['score', 'point'].map((w) => tokensOf(w)[0].stem));

/**
 * "what was the total score for team USA", "the difference in points between Norway and Sweden"
 * over Shooter | 5 pts | 4 pts … | Total, or Driver | Rd 1 … Rd 8 | Total: where two or more
 * number columns are the parts a score is added up from (rounds, judges, shots worth so many
 * points) and no column is named for a score or points, the one Total column is the score.
 * Adds the stems of "score" and "point" to that column.
 */
export function scoreOfTotal(columns: ColumnInfo[]): void {
  const totals = columns.filter((info) => info.numeric && /^total$/i.test(info.column.name.trim()));
  if (totals.length !== 1) return;
  const parts = columns.filter((info) => info.numeric && SCORE_PART.test(info.column.name.trim()));
  if (parts.length < 2) return;
  const named = columns.some((info) => info !== totals[0] && !parts.includes(info) && info.stems.some((stem) => SCORE_STEMS.has(stem)));
  if (!named) totals[0].stems = [...totals[0].stems, ...[...SCORE_STEMS].filter((stem) => !totals[0].stems.includes(stem))];
}

/**
 * "Naturalisations by origin" over the columns 2000 | 2005 | 2009: a label column's name that
 * says what the period cells hold, broken down by what the column lists, names only the
 * breakdown ("origin"); "the number of naturalisations" is the cells', never a count of origins.
 * Keeps only the stems after "by" on such a column of a wide table (two period columns or more),
 * and adds those before it to `cellStems` (the words that name the period cells).
 */
export function measureByDimension(columns: ColumnInfo[], table: CatalogTable, cellStems: Set<string>): void {
  if (table.columns.filter((c) => c.period !== undefined).length < 2) return;
  for (const info of columns) {
    const split = /^(.+?)\s+by\s+(.+)$/i.exec(info.column.name.replace(/_/g, ' ').trim());
    if (info.numeric || !split) continue;
    const kept = new Set(tokensOf(split[2]).map((t) => t.stem));
    info.stems = info.stems.filter((stem) => kept.has(stem));
    for (const t of tokensOf(split[1])) cellStems.add(t.stem);
  }
}

/**
 * "Oriol Servià1": the values of a column written with a footnote digit on the end of a name of
 * two words or more, each with the name without it; only where such marks are rare in the column
 * (at most two values, or a quarter) and the name without the mark is no other value's ("Galaxy
 * Note9", "Note10", "Note20" are models, none of them the "Galaxy Note").
 * @returns value → the name without its mark
 */
export function unmarkedNames(texts: string[]): Map<string, string> {
  const names = new Map<string, number>();
  for (const value of texts) names.set(unmarkedName(value), (names.get(unmarkedName(value)) ?? 0) + 1);
  const marked = texts.filter((value) => unmarkedName(value) !== value);
  if (marked.length > Math.max(2, texts.length / 4)) return new Map();
  return new Map(marked.filter((value) => names.get(unmarkedName(value)) === 1).map((value) => [value, unmarkedName(value)]));
}

/** A name of two words or more without a footnote mark written onto its end ("Oriol Servià1" → "Oriol Servià"); else the value. */
function unmarkedName(value: string): string {
  // (a word of five letters or more: "Note9", "S10" are models' names)
  const unmarked = value.replace(/(\p{L}{5,})\d{1,2}\s*$/u, '$1');
  return /\p{L}\s+\p{L}/u.test(unmarked) ? unmarked : value;
}

/** A poll ranking written before a team's name: "#10 Air Force", "No. 3 Texas", "(7) Oklahoma". */
const RANK_MARK = /^\s*(?:#\s?\d{1,2}|no\.\s?\d{1,2}|\(\d{1,2}\))\s+(?=\p{L})/iu;

/** Names of columns of teams, where a poll ranking may be written before a name: Opponent, Winning team, Visitor … */
const TEAM_COLUMN = /\b(opponents?|teams?|winner|loser|winning|losing|visitors?|visiting|home|away|school|club|champions?|runners?-up)\b/i;

/**
 * "#10 Air Force" beside "Air Force": the values of a column of teams (`TEAM_COLUMN`) that write
 * a poll ranking before a name the column also holds without one, each with that name. The
 * ranking is that season's, not part of the team's name: "how many games did Air Force win"
 * counts both. Never in other columns: "#1 Crush" is another song than "Crush".
 * @returns value → the name without its ranking
 */
export function rankedNames(columnName: string, texts: string[]): Map<string, string> {
  const ranked = new Map<string, string>();
  if (!TEAM_COLUMN.test(columnName.replace(/_/g, ' '))) return ranked;
  const plain = new Set(texts.map((value) => foldText(value).trim()));
  for (const value of texts) {
    const name = value.replace(RANK_MARK, '').trim();
    if (name !== value.trim() && plain.has(foldText(name))) ranked.set(value, name);
  }
  return ranked;
}
