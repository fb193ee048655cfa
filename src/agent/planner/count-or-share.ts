/**
 * "The most constituency votes" over "# of constituency votes" and "% of constituency votes":
 * two columns that count the same thing, one as a number and one as a share of a whole. An
 * analyst reads the number unless the question says a share ("percentage", "%", "share").
 * @module agent/planner/count-or-share
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention } from './plan-types.js';

/** Words that ask for a share (the question's "%" is read as "percent"). */
export const SHARE_WORDS = new Set(['percentage', 'percentages', 'percent', 'pct', 'share', 'proportion', 'fraction']);
/** Names of columns that hold a share or a rate already ("Vote %", "Win pct", "Share", "Margin"). */
export const SHARE_NAME = /%|\b(percent|percentage|pct|share|rate|ratio|margin|proportion|fraction)\b/i;

/** True when a column holds a share: unit percent, or a name such as "Vote %" or "Win pct". */
export function isShareColumn(column: CatalogColumn): boolean {
  return column.unit === 'percent' || column.type === 'percent' || SHARE_NAME.test(column.name);
}

/** Words that only say "number of" or "share of" in a column's name ("# of", "No. of", "% of"). */
const MARKER_STEMS = new Set(['number', 'no', 'num', 'count', 'of', 'percent', 'percentag', 'pct', 'share', 'total']);

/**
 * Of two tied measure mentions, the one the question means when the two columns name the same
 * thing apart from a count or share marker ("# of popular votes" and "% of popular votes"): the
 * share column when the question says a share word, else the count column.
 * @returns the mention picked, or undefined when the tie is of another kind
 */
export function countOrShare(parsed: ParsedQuestion, tied: ColumnMention[]): ColumnMention | undefined {
  const columns = [...new Set(tied.map((m) => m.info.column))];
  if (columns.length !== 2) return undefined;
  const shares = columns.filter((c) => isShareColumn(c));
  if (shares.length !== 1) return undefined;
  const thing = (c: CatalogColumn): string => tokensOf(c.name.replace(/[#%]/g, ' ').replace(/_/g, ' ')).map((t) => t.stem).filter((s) => !MARKER_STEMS.has(s)).join(' ');
  if (thing(columns[0]) === '' || thing(columns[0]) !== thing(columns[1])) return undefined;
  const shareSaid = parsed.tokens.some((t) => SHARE_WORDS.has(t.norm));
  const wanted = shareSaid ? shares[0] : columns.find((c) => c !== shares[0]);
  return tied.find((m) => m.info.column === wanted);
}

/**
 * "the % of party list votes", "the percentage of constituency votes" over a "% of party list
 * votes" column: the share words are that column's name, no share to compute. True when a share
 * word and "of" stand right before the words of a mention of a column named as a share.
 */
export function namesShareColumn(parsed: ParsedQuestion, mentions: ColumnMention[]): boolean {
  return parsed.tokens.some((t) => SHARE_WORDS.has(t.norm) && parsed.tokens[t.index + 1]?.norm === 'of'
    && mentions.some((m) => Math.min(...m.tokens) === t.index + 2 && /%|\b(percent|percentage|pct|share)\b/i.test(m.info.column.name)));
}
