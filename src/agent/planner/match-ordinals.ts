/**
 * Ordinals naming a finishing position or a numbered row: "the first period", "4th place",
 * "placed second", "tied for 4th", "the gold medal winner"; and the words and column names of
 * finishing positions other readings share.
 * @module agent/planner/match-ordinals
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import { cardinalPlaceOf, medalPlaceOf, medalRowCondition, medalWordsAt, sharedPlaceWordAt } from './place-ordinals.js';
import { wordTable } from './word-table.js';
import { tokensOf } from './normalize-text.js';

const ORDINAL_WORDS: Record<string, number> = wordTable({
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20,
});
/** Words that name a finishing position: "4th place", "placed second", "finished 3rd". */
export const RANK_WORDS = new Set(['place', 'placed', 'places', 'placing', 'position', 'positions', 'rank', 'ranked', 'ranking', 'finish', 'finished', 'finishes', 'finishing', 'standing', 'standings', 'pos']);
/** Column names of a finishing position. */
export const RANK_COLUMN = /^(rank|place|placing|position|pos|finish|finishing position|final position|standing|result)\b/i;
const TIE_WORDS = new Set(['tied', 'tie', 'joint']);
/** Verbs of winning a place, right before it ("win first place", "won the 3rd place"). */
const PLACE_WIN_WORDS = new Set(['win', 'won', 'wins', 'winning', 'take', 'took', 'get', 'got', 'earn', 'earned', 'achieve', 'achieved', 'claim', 'claimed', 'secure', 'secured']);
/** Words after which a bare number is a place: "ranked 1", "finished 3", "rank 2", "position 4". */
const NUMBERED_PLACE_WORDS = new Set(['ranked', 'placed', 'finished', 'rank', 'position']);

/** 6 for "6th", "sixth"; undefined for other words. */
export function ordinalOf(norm: string): number | undefined {
  const digits = /^(\d{1,3})(?:st|nd|rd|th)$/.exec(norm);
  return digits ? Number(digits[1]) : ORDINAL_WORDS[norm];
}

/** The position a stored value stands for: "2nd", "T4", "=4", "1.", "22nd (q)", 3 → the number; undefined otherwise. */
export function positionOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  const match = /^\s*(?:t|=|tied\s*)?(\d{1,3})(?:st|nd|rd|th)?\.?\s*(?:\(.*\))?\s*$/i.exec(String(value ?? ''));
  return match ? Number(match[1]) : undefined;
}

/**
 * Ordinals naming a position or a numbered row: "the first period" (Period = 1), "the 16th
 * opus", "4th place" / "placed second" / "tied for 4th" (the table's one rank column holding
 * 1st, 2nd, T4 …). The column is the one named right before or after the ordinal, or, after a
 * place word, the one column of finishing positions. Only values the column holds are matched,
 * so "the first year" over calendar years is no filter (the word stays unexplained).
 */
export function matchOrdinals(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): void {
  const tokens = parsed.tokens;
  // "the eight place time": a cardinal right before a singular place word is that place
  // … and "ranked 1", "finished 3", "rank 2": a bare number right after a verb or noun of placing is that place
  const placeAt = (i: number): number | undefined => (tokens[i] ? ordinalOf(tokens[i].norm) ?? cardinalPlaceOf(tokens, i) ?? numberAfterPlaceWord(i) : undefined);
  // "the gold and silver medal winners": a colour nothing else explained is a place, with its medal words
  const medalAt = (i: number): number | undefined => (free(i) && !covered.has(i) ? medalPlaceOf(tokens, i) : undefined);
  // (only over a table with one column of places: "ranked 1" beside World rank and Finish could be either)
  const placeColumns = profile.table.columns.filter((c) => /\b(rank|ranking|place|placing|position|pos|finish)\b/i.test(c.name));
  function numberAfterPlaceWord(i: number): number | undefined {
    return /^\d{1,3}$/.test(tokens[i].norm) && NUMBERED_PLACE_WORDS.has(tokens[i - 1]?.norm ?? '') && placeColumns.length === 1 ? Number(tokens[i].norm) : undefined;
  }
  for (const token of tokens) {
    const medalWords = placeAt(token.index) === undefined && medalAt(token.index) !== undefined ? medalWordsAt(tokens, token.index) : [];
    const n = placeAt(token.index) ?? (medalWords.length > 0 ? medalAt(token.index) : undefined);
    if (n === undefined || covered.has(token.index) || !free(token.index)) continue;
    const near = [token.index + 1, token.index - 1];
    const used: number[] = [token.index];
    const holds = (candidate: ColumnInfo): unknown[] => (candidate.column.profile.distinct ?? []).filter((v) => positionOf(v) === n);
    let info: ColumnInfo | undefined;
    let mention: ColumnMention | undefined;
    let medalRow: string | undefined;
    for (const at of ordinalOf(token.norm) === undefined ? [] : near) {
      const named = mentions.filter((m) => m.tokens.includes(at) && !m.usedAsFilter && holds(m.info).length > 0);
      const columns = [...new Set(named.map((m) => m.info))];
      if (columns.length === 1) {
        [mention] = named;
        info = mention.info;
        used.push(at);
        break;
      }
    }
    if (!info) {
      // "the first and eighth place": the place word after the last joined ordinal is each one's
      const rankAt = medalWords[0] ?? near.find((at) => tokens[at] !== undefined && RANK_WORDS.has(tokens[at].norm) && free(at))
        ?? sharedPlaceWordAt(tokens, token.index, placeAt, RANK_WORDS);
      if (rankAt === undefined || !free(rankAt)) continue;
      used.push(...medalWords.slice(1));
      // … or "finish first in the LMP2 class" over Pos. and Class Pos.: a column of places named for what they rank in,
      // when the question says that word in a phrase after the verb and its place ("finish first in … class"; never
      // "the age group of the runner who finished second", "how many races did he finish first in")
      // (never "finish second overall in the M45 age group", "second while in …")
      const overall = tokens.some((t) => t.norm === 'overall');
      const within = rankAt === token.index - 1 && !overall ? profile.columns.filter((c) => rankedWithin(c, withinPhrase(tokens, token.index))) : [];
      const positional = within.length === 1 ? within : profile.columns.filter((c) => RANK_COLUMN.test(c.column.name.trim()));
      let ranks = positional.filter((c) => holds(c).length > 0);
      // "the first place time" over Rank blank, blank, blank, 4 …: the medal rows of the list
      if (ranks.length === 0 && positional.length === 1) {
        medalRow = medalRowCondition(profile.table, positional[0].column, n);
        if (medalRow) ranks = positional;
      }
      if (ranks.length !== 1) continue;
      info = ranks[0];
      used.push(rankAt);
      mention = mentions.find((m) => m.info === info);
      // ("first in their heat": the word the places are within names no column of its own, not the Heat numbers)
      if (within.length === 1) {
        const stems = new Set(withinStems(info));
        used.push(...tokens.slice(token.index + 2, token.index + 6).filter((t) => stems.has(t.stem) && !filters.some((f) => f.tokens.includes(t.index))).map((t) => t.index));
      }
    }
    const column = info.column;
    const held = holds(info);
    // "tied for 4th": the tie words belong to the position
    for (let k = token.index - 1; k >= token.index - 2 && k >= 0; k--) if (TIE_WORDS.has(tokens[k].norm) || (tokens[k].norm === 'for' && TIE_WORDS.has(tokens[k - 1]?.norm ?? ''))) used.push(k);
    // "win first place", "won the 3rd place": the verb says the row finished there, which the place condition reads
    const verbAt = tokens[token.index - 1]?.norm === 'the' ? token.index - 2 : token.index - 1;
    // (never over a medal table, where the first place a nation wins is a gold medal, not its rank)
    const medals = profile.table.columns.some((c) => /^(gold|golds|gold medals?)$/i.test(c.name.trim()));
    if (!medals && PLACE_WIN_WORDS.has(tokens[verbAt]?.norm ?? '') && free(verbAt) && !covered.has(verbAt) && used.some((t) => RANK_WORDS.has(tokens[t].norm))) used.push(verbAt);
    const id = sqlIdentifier(column.sqlName);
    if (medalRow) {
      filters.push({ sql: medalRow, text: `${column.name} place ${n} (row ${n} of the list, its medal rows having no number)`, tokens: used, column, values: [{ value: String(n), tokens: used }], rowPosition: true });
    } else {
      const sql = held.length === 1 ? `${id} = ${sqlLiteral(held[0] as string | number)}` : `${id} IN (${held.map((v) => sqlLiteral(v as string | number)).join(', ')})`;
      filters.push({ sql, text: `${column.name} ${held.length === 1 ? `= '${String(held[0])}'` : `in (${held.map((v) => `'${String(v)}'`).join(', ')})`}`, tokens: used, column, values: [{ value: String(held[0]), tokens: used }] });
    }
    if (mention) mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
    // "place" also names Location by synonym: a mention made only of the position's words is spent
    for (let k = mentions.length - 1; k >= 0; k--) if (mentions[k] !== mention && mentions[k].tokens.every((t) => used.includes(t))) mentions.splice(k, 1);
  }
}

/** Words that end the name of a column of places ranked within something ("Class Pos.", "Group position"). */
const RANK_NAME_ENDS = /^(.+?)\s+(rank|place|position|pos)\.?$/i;

/**
 * True for a column named for the places within something ("Class Pos.", "Group rank") whose
 * other words the question says (`said`: the question's stems): "finish first in the LMP2 class".
 */
function rankedWithin(info: ColumnInfo, said: Set<string>): boolean {
  const words = withinStems(info);
  return words.length > 0 && words.every((stem) => said.has(stem));
}

/** The stems of the four words after "in" right after an ordinal ("first in the LMP2 class"). */
function withinPhrase(tokens: ParsedQuestion['tokens'], ordinal: number): Set<string> {
  return new Set(tokens[ordinal + 1]?.norm !== 'in' ? [] : tokens.slice(ordinal + 2, ordinal + 6).map((t) => t.stem));
}

/** The stems of the words before a places column's rank word ("class" of "Class Pos."). */
function withinStems(info: ColumnInfo): string[] {
  const split = RANK_NAME_ENDS.exec(info.column.name.replace(/_/g, ' ').replace(/\s+/g, ' ').trim());
  return split ? tokensOf(split[1]).map((t) => t.stem) : [];
}
