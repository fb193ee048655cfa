/**
 * Whether a row has a number at all: "names with no score", "names that have a score",
 * "rows without a score" over a number column whose missing cells are stored empty (NULL:
 * "N/A", "-", "n.a." are read as blanks at ingest). A text column's "no …" is read by
 * `matchBlanks`; this reads number columns, where "no goals" may also mean a zero.
 * @module agent/planner/absence-conditions
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { ColumnInfo } from './table-profile.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** Verbs before "a"/"an"/"any" that say a row holds something: "names that have a score", "rows with a rating". */
const HAVE_WORDS = new Set(['have', 'has', 'had', 'with', 'having']);
/** Articles between a have-verb and the column: "have a score", "with any rating". */
const PRESENCE_ARTICLES = new Set(['a', 'an', 'any']);

/**
 * True when the column may hold 0: its distinct values include 0, or its range spans 0 (or is
 * unknown). Then "no Score" could mean a zero as well as a blank.
 */
function mayHoldZero(column: CatalogColumn): boolean {
  const { distinct, min, max } = column.profile;
  if (distinct) return distinct.some((v) => Number(v) === 0);
  if (typeof min === 'number' && typeof max === 'number') return min <= 0 && max >= 0;
  return true;
}

/** The number-column mention that starts right at `index` and plays no other part yet. */
function numberMentionAt(mentions: ColumnMention[], filters: Filter[], index: number): ColumnMention | undefined {
  return mentions.find((m) => Math.min(...m.tokens) === index && m.info.numeric && !m.usedAsFilter && !filters.some((f) => f.column === m.info.column));
}

/**
 * Reads "no <number column>", "without a <number column>" and, in a count question, "have a
 * <number column>" as conditions on its blank cells:
 * - "no Score" / "without a Score": `score IS NULL` when the column has blanks and cannot hold
 *   0; `score = 0` when it has no blanks (then only a zero means none); declined (a problem)
 *   when it has both blanks and zeros, since either could be meant;
 * - "have a Score" (count questions only): `score IS NOT NULL` when the column cannot hold 0;
 *   declined when it can ("have a win" over Wins may mean Wins above 0).
 * Mentions used become filters (`usedAsFilter`), so they are not read as the measure.
 * @returns problems for readings that cannot be decided
 */
export function matchNumberAbsence(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): string[] {
  const problems: string[] = [];
  const tokens = parsed.tokens;
  for (const token of tokens) {
    const without = token.norm === 'without';
    // "without" is read as a negation by parseQuestion (consumed); the condition below carries it
    if (!without && (!free(token.index) || covered.has(token.index))) continue;
    const absent = token.norm === 'no' || without;
    const presence = parsed.countWords && PRESENCE_ARTICLES.has(token.norm) && HAVE_WORDS.has(tokens[token.index - 1]?.norm ?? '');
    if (!absent && !presence) continue;
    const skip = without && PRESENCE_ARTICLES.has(tokens[token.index + 1]?.norm ?? '') ? 2 : 1;
    const mention = numberMentionAt(mentions, filters, token.index + skip);
    if (!mention) continue;
    // "with a score of 10", "no score above 5": a comparison on the column is the condition, not its presence
    if (parsed.comparisons.some((c) => c.tokens.some((t) => t > Math.max(...mention.tokens) && t - Math.max(...mention.tokens) <= 2))) continue;
    // … as is one with a named row ("a population greater than Choiseul")
    if (parsed.comparative && ['more', 'less', 'fewer', 'higher', 'lower', 'greater', 'bigger', 'smaller', 'larger'].includes(tokens[Math.max(...mention.tokens) + 1]?.norm ?? '')) continue;
    const column = mention.info.column;
    const id = sqlIdentifier(column.sqlName);
    const used = [token.index, ...(skip === 2 ? [token.index + 1] : []), ...mention.tokens];
    const blanks = column.profile.nullCount > 0;
    const zeros = mayHoldZero(column);
    if (presence) {
      // "teams that have a win" over Wins holding 0: any Wins cell, or Wins above 0? Declined.
      if (zeros) problems.push(`'a ${column.name}' could mean any ${column.name} cell or a ${column.name} above 0; ask for ${column.name} not blank or above 0`);
      else filters.push({ sql: `${id} IS NOT NULL`, text: `${column.name} is not blank`, tokens: used, column });
    } else {
      if (blanks && zeros) {
        problems.push(`'no ${column.name}' could mean a blank or a zero ${column.name}; ask for blank ${column.name} or ${column.name} of 0`);
      } else if (!blanks && zeros) {
        filters.push({ sql: `${id} = 0`, text: `${column.name} = 0`, tokens: used, column, ...(without ? { negated: true } : {}) });
      } else {
        filters.push({ sql: `${id} IS NULL`, text: `${column.name} is blank`, tokens: used, column, ...(without ? { negated: true } : {}) });
      }
    }
    mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
  }
  return problems;
}

/**
 * The column a blank word ("missing", "blank", "empty") is about: the nearest mention within
 * two words, the one after it on a tie ("names are missing a score": Score, not Name), and
 * never the counted noun when another column is that near ("how many names are missing …").
 */
export function blankWordMention(parsed: ParsedQuestion, mentions: ColumnMention[], index: number): ColumnMention | undefined {
  const distance = (m: ColumnMention): number => Math.min(...m.tokens.map((t) => Math.abs(t - index)));
  let near = mentions.filter((m) => distance(m) <= 2);
  const counted = parsed.countNounAt;
  if (counted !== undefined && near.some((m) => !m.tokens.includes(counted))) near = near.filter((m) => !m.tokens.includes(counted));
  const after = (m: ColumnMention): boolean => Math.min(...m.tokens) > index;
  return [...near].sort((a, b) => distance(a) - distance(b) || Number(after(b)) - Number(after(a)))[0];
}

/** Words that may follow a column read as present: the condition ends there ("have names in 2001", "with a nickname did …"). */
const PRESENCE_FOLLOWERS = new Set(['?', 'in', 'on', 'at', 'during', 'and', 'from', 'since', 'before', 'after', 'listed', 'given', 'shown',
  'did', 'does', 'do', 'has', 'have', 'had', 'was', 'were', 'is', 'are']);

/** Cells that say a row has no value: "Unnamed", "Unknown", "None", "TBA", "Vacant". */
const NONE_CELL = /^(?:un-?named|unknown|none|no name|tba|tbd|vacant|n\/?a)$/i;

/**
 * "how many locomotives have names", "rows with a nickname", "orders that have a shipped date": in a
 * count question, a have-verb (past "a"/"an"/"any") right before a text or date column that has blank
 * cells keeps the rows whose cell is filled (`name IS NOT NULL AND name <> ''`, a date `IS NOT NULL`;
 * "-", "N/A" are stored blank at ingest);
 * "do not have names" keeps the blank ones.
 * Never the counted noun itself, a column a condition is already on, or one followed by a value
 * or comparison ("have the name X" is that value's condition). Read in counts, totals and
 * averages; "without a shipped date" as the blank ones.
 * Appends the filter, marks the mention `usedAsFilter` and adds the words to `covered`.
 * @param rowCount the table's rows: a counted noun whose column repeats (countries over orders) is declined
 * @returns the problems: a presence said of things with several rows each ("countries that have a shipped date")
 */
export function matchTextPresence(parsed: ParsedQuestion, rowCount: number, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): string[] {
  if (!parsed.countWords && !parsed.sumWords && !parsed.averageWords) return [];
  const tokens = parsed.tokens;
  const problems: string[] = [];
  for (const mention of mentions) {
    const column = mention.info.column;
    if (mention.info.numeric || (column.type !== 'text' && column.type !== 'date') || mention.usedAsFilter || column.profile.nullCount === 0) continue;
    if (filters.some((f) => f.column === column) || mention.tokens.includes(parsed.countNounAt ?? -1)) continue;
    // "had a box office over 1.5 billion" over Box Office and "Box office from national films": words another column
    // is named by too are no presence condition on the longer one
    if (mentions.some((m) => m.info.column !== column && mention.tokens.every((t) => m.tokens.includes(t)))) continue;
    const first = Math.min(...mention.tokens);
    const last = Math.max(...mention.tokens);
    const article = PRESENCE_ARTICLES.has(tokens[first - 1]?.norm ?? '') ? first - 1 : undefined;
    const verbAt = (article ?? first) - 1;
    // "orders without a shipped date": the negation word is the verb (read as a negation, so not free)
    const without = tokens[verbAt]?.norm === 'without' && parsed.negated.has(first);
    if (!without && (!HAVE_WORDS.has(tokens[verbAt]?.norm ?? '') || !free(verbAt) || (article !== undefined && parsed.negated.has(article)))) continue;
    // "how many locomotives do not have names": the blank cells
    const negated = parsed.negated.has(first);
    // "have the name Ernest Henry", "with a score above 5": the words after the column are the condition
    const next = tokens[last + 1];
    // … while "did", "were" start the clause the rows are counted by ("orders with a shipped date did Acme place")
    if (next && !PRESENCE_FOLLOWERS.has(next.norm) && !parsed.consumed.has(next.index)) continue;
    const id = sqlIdentifier(column.sqlName);
    const used = [...(without ? [verbAt] : []), ...(article !== undefined ? [article] : []), ...mention.tokens];
    mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
    // "how many countries do not have a shipped date" over orders: each country has several rows, and whether any or
    // every one of them is meant is not said
    const counted = parsed.countNounAt;
    const perEntity = counted !== undefined && mentions.find((m) => m !== mention && m.tokens.includes(counted) && m.info.column.profile.distinctCount < rowCount - m.info.column.profile.nullCount);
    if (perEntity) {
      problems.push(`each ${perEntity.info.column.name} has several rows, so whether '${tokens.slice(verbAt, Math.max(...mention.tokens) + 1).map((t) => t.norm).join(' ')}' holds of any row or of every row is unclear`);
      continue;
    }
    // "orders that have a shipped date": a date column's filled cells
    if (column.type === 'date') {
      filters.push({ sql: `${id} IS ${negated ? '' : 'NOT '}NULL`, text: `${column.name} is ${negated ? '' : 'not '}blank`, tokens: used, column, ...(negated ? { negated } : {}) });
      continue;
    }
    // "Unnamed", "Unknown", "(none)": a cell saying the row has none is no name
    const bare = (v: string): string => v.trim().replace(/^[([]\s*|\s*[)\]]$/g, '');
    const none = (column.profile.distinct ?? []).map(String).filter((v) => NONE_CELL.test(bare(v)));
    // … while "No promo", "Not applicable" may say so in other words: whether such rows have one is not read
    const saysNone = (column.profile.distinct ?? []).map(String).find((v) => !NONE_CELL.test(bare(v)) && /^(no|not|none|nil|without|n\.a)\b/i.test(bare(v)));
    if (saysNone !== undefined) {
      problems.push(`${column.name} writes '${saysNone}' in some cells, so whether those rows have a ${column.name} is unclear`);
      continue;
    }
    const noneSql = none.length > 0 ? ` OR ${id} IN (${none.map((v) => sqlLiteral(v)).join(', ')})` : '';
    if (negated) filters.push({ sql: `(${id} IS NULL OR ${id} = ''${noneSql})`, text: `${column.name} is blank${none.length > 0 ? ` or says none (${none.join(', ')})` : ''}`, tokens: used, column, negated });
    else filters.push({ sql: `(${id} IS NOT NULL AND ${id} <> ''${none.length > 0 ? ` AND ${id} NOT IN (${none.map((v) => sqlLiteral(v)).join(', ')})` : ''})`, text: `${column.name} is not blank${none.length > 0 ? ` and does not say none (${none.join(', ')})` : ''}`, tokens: used, column });
  }
  return problems;
}

/** A column whose cells say "none" in words ("No playoff", "None", "N/A"): "no …" may mean those, not its blanks. */
function writesAbsence(info: ColumnInfo): boolean {
  return (info.column.profile.distinct ?? []).some((v) => typeof v === 'string' && /^(no|none|not|n\/a|nil)\b/i.test(v.trim()));
}

const BLANK_WORDS = new Set(['blank', 'empty', 'missing', 'null', 'unset', 'unfilled']);

/** "a blank Notes cell", "missing email": the column named next to a blank word IS NULL (or empty text). */
export function matchBlanks(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): void {
  for (const token of parsed.tokens) {
    if (token.norm === 'no' && free(token.index) && !covered.has(token.index)) {
      // "orders with no ad platform": the column right after "no" is blank, when it has blanks at all
      // and writes no absence in words of its own ("No playoff", "None": then the blanks are not what "no" means)
      const next = mentions.find((m) => Math.min(...m.tokens) === token.index + 1 && !m.info.numeric && m.info.column.profile.nullCount > 0 && !writesAbsence(m.info));
      if (next) {
        const id = sqlIdentifier(next.info.column.sqlName);
        filters.push({ sql: next.info.column.type === 'text' ? `(${id} IS NULL OR ${id} = '')` : `${id} IS NULL`, text: `${next.info.column.name} is blank`, tokens: [token.index, ...next.tokens], column: next.info.column });
        next.usedAsFilter = true;
        covered.add(token.index);
      }
      continue;
    }
    if (!BLANK_WORDS.has(token.norm) || !free(token.index)) continue;
    const mention = blankWordMention(parsed, mentions, token.index);
    if (!mention) continue;
    const column = mention.info.column;
    const id = sqlIdentifier(column.sqlName);
    const negated = parsed.negated.has(token.index);
    const sql = column.type === 'text'
      ? negated ? `(${id} IS NOT NULL AND ${id} <> '')` : `(${id} IS NULL OR ${id} = '')`
      : `${id} IS ${negated ? 'NOT ' : ''}NULL`;
    filters.push({ sql, text: `${column.name} is ${negated ? 'not ' : ''}blank`, tokens: [token.index, ...mention.tokens], column, ...(negated ? { negated } : {}) });
    mention.usedAsFilter = true;
    covered.add(token.index);
  }
}
