/**
 * Columns of finishing positions, where the best is the smallest number. "Finished in the top
 * 5", "a top 10 finish", "the top 30 in the overall standings": with no rows to rank named
 * after it, "top N" is a condition on such a column (positions 1 to N), not a ranking of
 * groups; "her best overall finish" is its smallest value.
 * @module agent/planner/top-places
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { ordinalOf, positionOf, RANK_COLUMN, RANK_WORDS } from './match-ordinals.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';

/** Words after "top N" that leave it a condition: the question ends, or a preposition follows ("top 5 in the final"). */
const AFTER_TOP = new Set(['in', 'at', 'on', 'of', 'for', 'during', 'overall', 'with', 'and', 'or', 'twice', 'once', 'times']);
/** Verbs and relative words after "top N" that close it as a condition on who is counted: "how many cyclists in the top 10 were French". */
const CLOSING_TOP = new Set(['were', 'was', 'are', 'is', 'who', 'that', 'which', 'had', 'have', 'has', 'did', 'do', 'does', 'came', 'come', 'from']);
/** Words before "top" that belong to the phrase: "finished in the top 5", "a top 10 finish". */
const BEFORE_TOP = new Set(['the', 'a', 'in', 'within', 'into', 'inside', 'among']);

/**
 * Adds the condition "positions 1 to N" for a "top N" that ranks no rows, on the column named
 * right after it ("in the overall standings") or else the table's one rank column (Rank,
 * Place, Position …). The column must hold positions (integers, or `1st`, `T4`, `13th (q)`)
 * and no blank cell when it ranks the table's own rows: there a blank position may be a tie with
 * the row above or a medal shown as a picture, either of which is inside the top, so the count
 * would be short. In a list of one competitor's results (a position above the number of rows),
 * a blank or `–` is no position and is outside the top.
 * @returns a problem when "top N" is a condition but cannot be applied safely
 */
export function matchTopPlaces(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, filters: Filter[]): string | undefined {
  const n = parsed.topN;
  if (n === undefined || parsed.superlative !== 'desc') return undefined;
  const tokens = parsed.tokens;
  const top = tokens.find((t) => t.norm === 'top' && parsed.consumed.has(t.index) && parsed.consumed.has(t.index + 1));
  if (!top) return undefined;
  // "how many top 5 finishes did he have" over a season's Top 5 column (a count of them each season): the phrase names
  // that column, it is no condition on a place
  if (profile.columns.some((c) => c.numeric && c.column.name.trim().toLowerCase().replace(/\s+/g, ' ') === `top ${n}`)) {
    return `'top ${n}' is both the name of a column of ${profile.table.sqlName} (a count on each row) and a condition on places, and the planner does not tell which is meant`;
  }
  const after = tokens[top.index + 2];
  if (after !== undefined && !AFTER_TOP.has(after.norm) && !RANK_WORDS.has(after.norm) && !CLOSING_TOP.has(after.norm)) return undefined;
  const used = [top.index, top.index + 1];
  let info: ColumnInfo | undefined;
  let mention: ColumnMention | undefined;
  if (after !== undefined && AFTER_TOP.has(after.norm)) {
    // "top 30 in the overall standings": the column named there, when it holds positions
    const start = tokens[top.index + 3]?.norm === 'the' ? top.index + 4 : top.index + 3;
    const named = mentions.filter((m) => Math.min(...m.tokens) === start && !m.usedAsFilter);
    if (named.length > 0) {
      // the column must say it ranks: a rank column's name, or a place word after it ("the overall standings");
      // "top 5 in points" ranks by an amount, which is no condition
      const rankWordAfter = (m: ColumnMention): boolean => RANK_WORDS.has(tokens[Math.max(...m.tokens) + 1]?.norm ?? '');
      const positional = named.filter((m) => holdsPositions(m.info) && (RANK_COLUMN.test(m.info.column.name.trim()) || namesPositions(m.info.column.name) || rankWordAfter(m)));
      if (positional.length !== 1 || new Set(named.map((m) => m.info)).size > 1) return `'top ${n}' in ${named[0].info.column.name} is a ranking by it, not a condition on finishing positions`;
      mention = positional[0];
      info = mention.info;
      used.push(after.index, ...mention.tokens);
      if (start === top.index + 4) used.push(top.index + 3);
      if (rankWordAfter(mention)) used.push(Math.max(...mention.tokens) + 1);
    }
  } else if (after !== undefined && !CLOSING_TOP.has(after.norm)) used.push(after.index);
  if (!info) {
    const ranks = profile.columns.filter((c) => RANK_COLUMN.test(c.column.name.trim()) && holdsPositions(c));
    if (ranks.length !== 1) return `could not tell which column of finishing positions 'top ${n}' applies to`;
    info = ranks[0];
    mention = mentions.find((m) => m.info === info);
  }
  const column = info.column;
  if (column.profile.nullCount > 0 && !ranksOtherRows(info, profile.table.rowCount)) return `${column.name} has blank positions (a tie with the row above, or a medal shown as a picture): 'top ${n}' cannot be counted`;
  const id = sqlIdentifier(column.sqlName);
  let sql: string;
  if (column.type === 'integer') sql = `${id} BETWEEN 1 AND ${n}`;
  else {
    const held = (column.profile.distinct ?? []).filter((v) => { const p = positionOf(v); return p !== undefined && p >= 1 && p <= n; });
    if (held.length === 0) return `${column.name} holds no position in the top ${n}`;
    sql = `${id} IN (${held.map((v) => sqlLiteral(v as string | number)).join(', ')})`;
  }
  // "placed in the top 5": the article, the preposition and the place word before "top" belong to the condition
  for (let k = top.index - 1; k >= 0 && k >= top.index - 4; k--) {
    if (BEFORE_TOP.has(tokens[k].norm) && !covered.has(k)) used.push(k);
    else {
      if (RANK_WORDS.has(tokens[k].norm)) used.push(k);
      break;
    }
  }
  filters.push({ sql, text: `${column.name} in the top ${n}`, tokens: used, column, topPlaces: n });
  if (mention) {
    mention.usedAsFilter = true;
    used.push(...mention.tokens);
  }
  used.forEach((t) => covered.add(t));
  // "place" also names Location by synonym: a mention made only of the condition's words is spent
  for (let k = mentions.length - 1; k >= 0; k--) if (mentions[k] !== mention && mentions[k].tokens.every((t) => used.includes(t))) mentions.splice(k, 1);
  return undefined;
}

/** An integer column, or a text column whose values are (mostly) positions: `1st`, `T4`, `13th (q)`, `DNF`. */
export function holdsPositions(info: ColumnInfo): boolean {
  const column = info.column;
  if (column.type === 'integer') return column.concept !== 'measure' || (typeof column.profile.min === 'number' && column.profile.min >= 1);
  if (column.type !== 'text') return false;
  const distinct = column.profile.distinct;
  if (!distinct || distinct.length === 0) return false;
  return distinct.filter((v) => positionOf(v) !== undefined).length * 2 > distinct.length;
}

/**
 * True when the positions cannot rank the table's own rows, since one is beyond the number of
 * rows (16th among 12 results): each row is a result in its own field, not a place in this list;
 * or since they repeat (at most half as many positions as filled cells, eight or more, and a
 * blank in one row of ten at most) and stay below half the rows (a club's league place each season).
 */
function ranksOtherRows(info: ColumnInfo, rowCount: number): boolean {
  const column = info.column;
  // a team's league position season by season: most positions repeat (1st five times) and none reaches half the rows,
  // so the column ranks no rows of this table (a ranked list with ties, 1, 2, 2, 4 …, reaches near its row count)
  const filled = rowCount - column.profile.nullCount;
  const positions = (column.profile.distinct ?? []).map(positionOf).filter((p): p is number => p !== undefined);
  if (column.profile.distinctCount !== undefined && filled >= 8 && column.profile.distinctCount * 2 <= filled && column.profile.nullCount * 10 <= rowCount
    && positions.length > 0 && Math.max(...positions) * 2 < rowCount) return true;
  if (column.type === 'integer') return typeof column.profile.max === 'number' && column.profile.max > rowCount;
  return positions.length > 0 && Math.max(...positions) > rowCount;
}

/** Column names of finishing positions (a "Result" column may hold amounts: not here). */
export const POSITION_NAME = /^(rank|ranking|place|placing|position|pos|finish|finishing position|final position|standing)\b/i;
/** A chart's position named inside a longer name: "Peak chart positions US R&B", "Highest position", "UK peak (chart)"; never "Pole positions" (a count). */
const POSITION_IN_NAME = /\b(peak|chart|charts|highest|best|final)\b.*\b(positions?|rankings?|placings?)\b|\bpeak\b.*\bcharts?\b|\bcharts?\b.*\bpeak\b/i;
/** Words of a count or an amount kept beside a chart ("Weeks on chart", "Chart points", "Total positions held"). */
const AMOUNT_IN_NAME = /\b(weeks?|days|months|years|points|pts|sales|sold|copies|units|viewers|number|no|total|count|entries)\b/i;

/**
 * True when a column's name says it holds places, where the best is the smallest number: a
 * name opening with one (Rank, Place, Position …) or a chart's peak positions ("Peak chart
 * positions US", "Highest position"), not a count beside a chart ("Weeks on chart").
 */
export function namesPositions(name: string): boolean {
  const text = name.trim().replace(/_/g, ' ');
  return POSITION_NAME.test(text) || (POSITION_IN_NAME.test(text) && !AMOUNT_IN_NAME.test(text));
}
/** Superlatives that mean the best place (the smallest number) and the worst place. */
const BEST_WORDS = new Set(['best', 'top', 'highest', 'greatest', 'strongest', 'peak']);
const WORST_WORDS = new Set(['worst', 'lowest', 'weakest', 'bottom']);

/**
 * The order a superlative asks over a measure that is a column of finishing positions: "best",
 * "highest", "top" → the smallest number first (`asc`), "worst", "lowest" → the largest. The
 * column is an integer column of positions named as one (Rank, Place, Position …) or followed
 * by a place word in the question ("her best overall finish", "the overall standings").
 * Amount words ("most", "maximum", "smallest") over positions are declined, and so are blank
 * positions of a ranked list (a medal shown as a picture would be the best place).
 * @returns undefined when the measure is not a column of positions
 */
export function positionOrder(parsed: ParsedQuestion, mention: ColumnMention | undefined, rowCount: number): { order?: 'asc' | 'desc'; problem?: string } | undefined {
  if (!parsed.superlative || !mention || parsed.countWords || parsed.sumWords || parsed.averageWords) return undefined;
  const info = mention.info;
  const column = info.column;
  const placeWordAfter = RANK_WORDS.has(parsed.tokens[Math.max(...mention.tokens) + 1]?.norm ?? '');
  if (column.type !== 'integer' || !holdsPositions(info) || (!namesPositions(column.name) && !placeWordAfter)) return undefined;
  const word = parsed.tokens.find((t) => parsed.consumed.has(t.index) && (BEST_WORDS.has(t.norm) || WORST_WORDS.has(t.norm)));
  if (!word) return { problem: `${column.name} holds finishing positions: say best or worst (the best is the smallest number)` };
  if (column.profile.nullCount > 0 && !ranksOtherRows(info, rowCount)) return { problem: `${column.name} has blank positions (a tie with the row above, or a medal shown as a picture): its best cannot be told` };
  return { order: BEST_WORDS.has(word.norm) ? 'asc' : 'desc' };
}

/**
 * "Her best super G result" over a Super G column of integers from 1 up with no unit: whether
 * best is the largest number (points) or the smallest (a place) is not written anywhere, so
 * the question is declined. Says nothing when the column has a unit (a score, a count, money,
 * a time) or its values are not whole numbers from 1 up, or no "best"/"worst" was asked.
 * @returns the problem, or undefined
 */
export function bestIsUnclear(parsed: ParsedQuestion, mention: ColumnMention | undefined): string | undefined {
  if (!parsed.superlative || !mention || parsed.countWords || parsed.sumWords || parsed.averageWords) return undefined;
  const word = parsed.tokens.find((t) => parsed.consumed.has(t.index) && (t.norm === 'best' || t.norm === 'worst'));
  const column = mention.info.column;
  if (!word || column.type !== 'integer' || column.unit !== undefined || column.currency !== undefined) return undefined;
  if (typeof column.profile.min !== 'number' || column.profile.min < 1) return undefined;
  return `${column.name} holds whole numbers from ${column.profile.min}: say highest or lowest (it is not written whether ${word.norm} is the largest or a place, the smallest)`;
}

/** Words that may follow a compared place: "below 10th in the standings", "above 5th overall", "better than 3rd or …". */
const AFTER_PLACE = new Set(['in', 'at', 'on', 'of', 'for', 'during', 'overall', 'or', 'and', 'with', 'since', 'before', 'after', 'between', 'from', 'under', 'when', 'while', 'among', 'out']);
/** Words around an ordinal that compare places: "better than 10th", "5th or better", "below 100th". */
const BETTER_BEFORE = [['better', 'than'], ['higher', 'than'], ['above']];
const WORSE_BEFORE = [['worse', 'than'], ['lower', 'than'], ['below']];
const BETTER_AFTER = [['or', 'better'], ['or', 'higher'], ['or', 'above']];
const WORSE_AFTER = [['or', 'worse'], ['or', 'lower'], ['or', 'below']];

/**
 * "Finished better than 10th", "5th or better", "ranked below 100th place": a comparison of
 * places, on the table's one column of finishing positions. Better is a smaller number:
 * "better than 10th" keeps 1st to 9th, "5th or better" 1st to 5th, "below 100th" 101st and on.
 * Declined over blank positions of a ranked list (see `matchTopPlaces`).
 * @returns problems for comparisons that cannot be applied safely
 */
export function matchPlaceComparisons(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, filters: Filter[]): string[] {
  const problems: string[] = [];
  const tokens = parsed.tokens;
  const wordsAt = (start: number, words: string[]): boolean => words.every((word, k) => tokens[start + k]?.norm === word && !covered.has(start + k));
  for (const token of tokens) {
    const n = ordinalOf(token.norm);
    if (n === undefined) continue;
    // "5th or better" over a column holding "5th", "below 7th place" over a Pos. column holding 7: the value read
    // alone (with its place word) is replaced by the comparison
    const asValue = filters.findIndex((f) => f.values !== undefined && f.tokens.includes(token.index) && f.tokens.every((t) => t === token.index || RANK_WORDS.has(tokens[t].norm)));
    if (covered.has(token.index) && asValue < 0) continue;
    const used = [token.index];
    let side: 'better' | 'worse' | undefined;
    let inclusive = false;
    // "below the 7th position": an article between the comparison and the place
    const article = tokens[token.index - 1]?.norm === 'the' && !covered.has(token.index - 1) ? 1 : 0;
    for (const [list, which] of [[BETTER_BEFORE, 'better'], [WORSE_BEFORE, 'worse']] as const) {
      const words = list.find((w) => wordsAt(token.index - article - w.length, w));
      if (words && !side) {
        side = which;
        words.forEach((_, k) => used.push(token.index - article - words.length + k));
        if (article) used.push(token.index - 1);
      }
    }
    // "10th or better", "10th place or better": a place word may stand between
    const placeWord = tokens[token.index + 1] !== undefined && RANK_WORDS.has(tokens[token.index + 1].norm) ? 1 : 0;
    for (const [list, which] of [[BETTER_AFTER, 'better'], [WORSE_AFTER, 'worse']] as const) {
      const words = list.find((w) => wordsAt(token.index + 1 + placeWord, w));
      if (words && !side) {
        side = which;
        inclusive = true;
        words.forEach((_, k) => used.push(token.index + 1 + placeWord + k));
        if (placeWord) used.push(token.index + 1);
      }
    }
    // "at least 10th place", "a position of at least 10th place or better": at least that place, so that place or better
    if ((!side || inclusive) && tokens[token.index - 2]?.norm === 'at' && tokens[token.index - 1]?.norm === 'least' && side !== 'worse') {
      side = 'better';
      inclusive = true;
      used.push(token.index - 2, token.index - 1);
      if (placeWord) used.push(token.index + 1);
    }
    if (!side) continue;
    // "below the 1st division", "at least 2nd division": an ordinal of something else than a place
    const after = tokens[token.index + 1];
    if (after !== undefined && /^[a-z]/.test(after.norm) && !RANK_WORDS.has(after.norm) && !AFTER_PLACE.has(after.norm)) continue;
    // the place words around it: "finished better than 10th place", "placed 5th or better"
    const first = Math.min(...used);
    for (const at of [first - 1, inclusive ? token.index + 3 : token.index + 1]) if (tokens[at] && RANK_WORDS.has(tokens[at].norm)) used.push(at);
    let ranks = profile.columns.filter((c) => POSITION_NAME.test(c.column.name.trim()) && holdsPositions(c));
    // "finish above tenth place" beside Rank (in qualifying) and Finish: the column the place was read in, or the one the question names
    if (ranks.length > 1) {
      const valueColumn = asValue >= 0 ? filters[asValue].column : undefined;
      const named = ranks.filter((c) => c.column === valueColumn);
      const mentioned = ranks.filter((c) => mentions.some((m) => m.info === c));
      ranks = named.length === 1 ? named : mentioned.length === 1 ? mentioned : ranks;
    }
    if (ranks.length !== 1) {
      problems.push(`could not tell which column of finishing positions '${side} than ${token.norm}' applies to`);
      continue;
    }
    const info = ranks[0];
    const column = info.column;
    if (asValue >= 0 && filters[asValue].column !== column) continue;
    if (column.profile.nullCount > 0 && !ranksOtherRows(info, profile.table.rowCount)) {
      problems.push(`${column.name} has blank positions (a tie with the row above, or a medal shown as a picture): places ${side} than ${token.norm} cannot be counted`);
      continue;
    }
    if (asValue >= 0) used.push(...filters.splice(asValue, 1)[0].tokens.filter((t) => !used.includes(t)));
    const keeps = (p: number): boolean => (side === 'better' ? p >= 1 && (inclusive ? p <= n : p < n) : inclusive ? p >= n : p > n);
    const id = sqlIdentifier(column.sqlName);
    let sql: string;
    if (column.type === 'integer') sql = side === 'better' ? `${id} BETWEEN 1 AND ${inclusive ? n : n - 1}` : `${id} ${inclusive ? '>=' : '>'} ${n}`;
    else {
      const held = (column.profile.distinct ?? []).filter((v) => { const p = positionOf(v); return p !== undefined && keeps(p); });
      if (held.length === 0 || column.profile.distinct === undefined) {
        problems.push(`${column.name} holds no position ${side} than ${token.norm}`);
        continue;
      }
      sql = `${id} IN (${held.map((v) => sqlLiteral(v as string | number)).join(', ')})`;
    }
    filters.push({ sql, text: `${column.name} ${inclusive ? `${token.norm} or ${side}` : `${side} than ${token.norm}`}`, tokens: used, column });
    const mention = mentions.find((m) => m.info === info);
    if (mention) mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
    for (let k = mentions.length - 1; k >= 0; k--) if (mentions[k] !== mention && mentions[k].tokens.every((t) => used.includes(t))) mentions.splice(k, 1);
  }
  return problems;
}

