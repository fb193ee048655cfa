/**
 * A superlative word that is also a value of the table: "What were Max's total sales?" over a
 * Salesperson column holding "Max", "Top Gear Ltd" among the customers. Where the word reads as
 * the value (possessive "Max's", after "of"/"for"/"by", inside a longer value) it is freed for
 * value matching and no longer asks for the highest; where both readings fit ("the max sales"
 * with a rep called Max), the table declines naming both.
 * @module agent/planner/superlative-values
 */
import { findSequence } from './match-values.js';
import { SUPERLATIVE_ASC, SUPERLATIVE_DESC, type ParsedQuestion } from './parse-question.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';

/** Words before a name that make it the subject asked about: "sales of Max", "for Max", "by Max". */
const VALUE_LEADS = new Set(['of', 'for', 'by', 'from', 'to', 'with', 'at']);

/**
 * "the total of the best scores" over "Best score" and "Worst score": the superlative word and
 * the words right after it are the whole name of a column, and the question asks another amount
 * of it (a total, an average, a count of a condition on it), so the word names the column and ranks nothing.
 */
function namesColumnWithNext(parsed: ParsedQuestion, profile: TableProfile, index: number): boolean {
  if (!parsed.sumWords && !parsed.averageWords && !parsed.countWords) return false;
  const named = columnBegunBy(parsed, profile, index);
  if (!named) return false;
  // … a count only of a condition on it ("how many dances had a best score above 30"): "how many couples had the best score" ranks
  const end = index + named.stems.length - 1;
  return parsed.sumWords || parsed.averageWords || parsed.comparisons.some((c) => Math.min(...c.tokens) === end + 1);
}

/** The column whose whole name (two words or more) the superlative at `index` begins: "best score" of Best score. */
function columnBegunBy(parsed: ParsedQuestion, profile: TableProfile, index: number): ColumnInfo | undefined {
  const stems = parsed.tokens.slice(index, index + 3).map((t) => t.stem);
  const own = parsed.tokens[index].stem;
  return profile.columns.find((c) => c.stems.length >= 2 && c.stems[0] === own && c.stems.every((stem, k) => stems[k] === stem));
}

/**
 * "how many cars have the top speed", "the price of the car with the top speed": with a count or
 * another number column named, the superlative that begins a column's name may rank by that
 * column or by the other; read neither.
 */
function rankedByOther(parsed: ParsedQuestion, profile: TableProfile, ranked: ColumnInfo, index: number): boolean {
  if (parsed.countWords) return true;
  const end = index + ranked.stems.length;
  const elsewhere = new Set(parsed.tokens.filter((t) => t.index < index || t.index >= end).map((t) => t.stem));
  return profile.columns.some((c) => c !== ranked && c.numeric && c.stems.length > 0 && c.stems.every((stem) => elsewhere.has(stem)));
}

/**
 * The question as this table reads it.
 * @returns `parsed` itself when no superlative word names a value of `profile`; a copy with the
 *   word freed (and `superlative` cleared unless another superlative word remains); or a problem
 */
export function readSuperlativeValues(parsed: ParsedQuestion, profile: TableProfile): { parsed: ParsedQuestion; problem?: string } {
  const { tokens, consumed } = parsed;
  const isSuperlative = (i: number): boolean => consumed.has(i) && (SUPERLATIVE_DESC.has(tokens[i]?.norm) || SUPERLATIVE_ASC.has(tokens[i]?.norm));
  const dateTokens = new Set(parsed.dateTokens.flat());
  const freed = new Set<number>();
  for (const token of tokens) {
    if (!isSuperlative(token.index) || /^\d+$/.test(tokens[token.index + 1]?.norm ?? '')) continue; // "top 3" is a count of rows
    if (namesColumnWithNext(parsed, profile, token.index)) {
      freed.add(token.index);
      continue;
    }
    const ranked = columnBegunBy(parsed, profile, token.index);
    if (ranked && rankedByOther(parsed, profile, ranked, token.index)) {
      return { parsed, problem: `'${parsed.tokens.slice(token.index, token.index + ranked.stems.length).map((t) => t.norm).join(' ')}' is the name of ${ranked.column.name}: whether it ranks the rows or names that column is unclear here` };
    }
    const allowed = (i: number): boolean => i === token.index || (!consumed.has(i) && !dateTokens.has(i));
    const value = profile.values.find((entry) => !entry.part && findSequence(parsed, entry.stems, allowed).some((found) => found.includes(token.index)));
    if (!value) continue;
    const before = tokens[token.index - 1]?.norm ?? '';
    const possessive = tokens[token.index + 1]?.norm === 's';
    if (value.stems.length > 1 || possessive || VALUE_LEADS.has(before)) {
      freed.add(token.index);
      continue;
    }
    return {
      parsed,
      problem: `'${token.norm}' may be the ${value.column.name} '${value.value}' or ask for the ${SUPERLATIVE_DESC.has(token.norm) ? 'highest' : 'lowest'} value: say which`,
    };
  }
  if (freed.size === 0) return { parsed };
  const kept = new Set([...consumed].filter((i) => !freed.has(i)));
  const remaining = tokens.find((t) => kept.has(t.index) && (SUPERLATIVE_DESC.has(t.norm) || SUPERLATIVE_ASC.has(t.norm)));
  const superlative = remaining ? (SUPERLATIVE_DESC.has(remaining.norm) ? 'desc' : 'asc') : undefined;
  return { parsed: { ...parsed, consumed: kept, superlative: parsed.topN !== undefined ? parsed.superlative : superlative } };
}
