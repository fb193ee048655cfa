/**
 * Words of one family that the light stemmer keeps apart: "accessible" and "Accessibility",
 * "wheelchair-accessible" and "Wheelchair access", "elected" and "Election", "attended" and
 * "Attendance". A question word that names no column and no value is tried against the
 * column names by the root left after one derivational suffix; it names a column only when
 * exactly one column of the table has a word of that root.
 * @module agent/planner/word-derivations
 */
import type { ColumnMention } from './plan-types.js';
import type { Token } from './normalize-text.js';
import type { ColumnInfo } from './table-profile.js';

/**
 * Derivational suffixes as they end a stem (`stemWord` drops a final `-e` and `-s`), each
 * with the letters that must come before it. Adjectives in -able/-ible and their nouns in
 * -ability/-ibility ("accessible", "accessibility" → "access"); nouns in -ion after t or s
 * ("election" → "elect", the stem of "elected"); nouns in -ance/-ence ("attendance" →
 * "attend"). Agent nouns (-er, -or) are left out: "winners" are not "wins".
 */
const SUFFIXES: { suffix: RegExp; keep?: RegExp }[] = [
  { suffix: /(?:ability|ibility|abiliti|ibiliti)$/ },
  { suffix: /(?:able|ible|abl|ibl)$/ },
  { suffix: /ion$/, keep: /[ts]$/ },
  { suffix: /(?:ance|ence|anc|enc)$/ },
];
/** The root left must be this long: "table" is no "t", "station" no "stat", "distance" no "dist". */
const MIN_ROOT = 5;

/** The root of a stem after one derivational suffix, or undefined when it has none. */
export function derivationRoot(stem: string): string | undefined {
  for (const { suffix, keep } of SUFFIXES) {
    const match = suffix.exec(stem);
    if (!match) continue;
    const root = stem.slice(0, match.index);
    if (root.length >= MIN_ROOT && (!keep || keep.test(root))) return root;
  }
  return undefined;
}

/** The root a stem shares with its family: its derivation root, else the stem itself. */
function familyOf(stem: string): string {
  return derivationRoot(stem) ?? stem;
}

/**
 * Column mentions by word family for question words nothing else explained: the token and a
 * column name word share a root and at least one of them is derived (an equal stem matched
 * already). Each token names the one column that has such a word, or none.
 * @param open tokens not explained by a column, value, date or operation word
 */
export function derivedMentions(tokens: Token[], columns: ColumnInfo[], open: (index: number) => boolean): ColumnMention[] {
  const mentions: ColumnMention[] = [];
  for (const token of tokens) {
    if (!open(token.index) || token.stem.length < MIN_ROOT || /\d/.test(token.stem)) continue;
    const root = familyOf(token.stem);
    const hits = columns.flatMap((info) => {
      if (info.column.isAggregateColumn || info.column.derived !== undefined) return [];
      const stem = info.stems.find((s) => s !== token.stem && familyOf(s) === root && (s !== root || token.stem !== root));
      return stem === undefined ? [] : [{ info, stem }];
    });
    if (hits.length !== 1) continue;
    const [{ info, stem }] = hits;
    mentions.push({ info, tokens: [token.index], hits: [{ stem, exact: false }], strength: 1, exact: 0 });
  }
  return mentions;
}
