/**
 * "What is the most films she made in one year", "at most, how many games were played in one
 * year", "what is the highest number of goals per season": the best group's value is asked, not
 * which group it is. The groups come from "per", "by" or "in one/a single <noun>"; a
 * question that asks "which year" wants the label instead (`answerKind: 'top1'`).
 * @module agent/planner/best-of-groups
 */
import type { ParsedQuestion } from './parse-question.js';

/** Words that make "in one year" a group: "in one year", "in a single season", "in any one game". */
const ONE_WORDS = new Set(['one', 'single', 'given', 'a', 'any']);
/** Periods a count or amount is taken per ("in one year"); never an event ("in one tournament" would group its editions together). */
const PER_NOUNS = new Set(['year', 'season', 'month', 'week', 'day', 'decade']);
/** Superlatives that open a question asking for a value: "what is the most …", "what was the highest …". */
const VALUE_SUPERLATIVES = new Set(['most', 'highest', 'largest', 'greatest', 'biggest', 'max', 'maximum', 'fewest', 'least', 'lowest', 'smallest', 'min', 'minimum']);

/**
 * "in one year", "in a single season", "during any one game" after a superlative: the start of
 * the group phrase (the noun), and the words to consume ("in", "one", "single"). Undefined when
 * the question has no superlative or no such phrase.
 */
export function inOneGroup(parsed: ParsedQuestion, words: string[]): { at: number; consumed: number[] } | undefined {
  if (!parsed.superlative || parsed.topN !== undefined) return undefined;
  for (let i = 0; i + 2 < words.length; i++) {
    if (!['in', 'during'].includes(words[i]) || !ONE_WORDS.has(words[i + 1])) continue;
    let j = i + 1;
    while (ONE_WORDS.has(words[j] ?? '') && j < i + 4) j++;
    if (!PER_NOUNS.has(words[j] ?? '')) continue;
    // "in a year", "in a season" alone say nothing of one: only after a count or amount ("the most films in a year")
    if (words.slice(i + 1, j).every((w) => w === 'a') && !parsed.countWords) continue;
    return { at: j, consumed: Array.from({ length: j - i }, (_, k) => i + k) };
  }
  return undefined;
}

/**
 * True when the question asks for the best group's value: it opens with "what is/was the
 * <superlative>" or says "at most", and its groups come from "per", "by" or "in one …" (or,
 * after "what is the <superlative>", an "each" not after for/in/of/to: "that each wrestler has"),
 * never from "for each" (every group's value is asked) or "which"/"what <group>".
 */
export function bestValueAsked(parsed: ParsedQuestion): boolean {
  if (!parsed.superlative || parsed.topN !== undefined) return false;
  const words = parsed.tokens.map((t) => t.norm);
  // "what is the …" opens a question; "what year", "which team" ask for a group's label
  if (parsed.groupAt.some((g) => (g.keyword === 'which' || g.keyword === 'what') && !['is', 'was', 's', 'are', 'were'].includes(words[g.at] ?? ''))) return false;
  const opensWithValue = words[0] === 'what' && ['is', 'was', 's'].includes(words[1]) && words[2] === 'the' && VALUE_SUPERLATIVES.has(words[3] ?? '');
  // … "for each club" asks for every club's value, a list; "the least number of reigns that each wrestler has"
  // (each not after "for", "in" or "of") is a group per wrestler whose smallest value is asked
  const eachAt = (g: { at: number }): number => words.lastIndexOf('each', g.at - 1) >= 0 ? words.lastIndexOf('each', g.at - 1) : words.lastIndexOf('every', g.at - 1);
  const perGroup = (g: { at: number; keyword: string }): boolean => g.keyword === 'each' && opensWithValue && !['for', 'in', 'of', 'to'].includes(words[eachAt(g) - 1] ?? '');
  if (parsed.groupAt.some((g) => g.keyword === 'each' && !perGroup(g)) || !parsed.groupAt.some((g) => ['per', 'by', 'in one'].includes(g.keyword) || perGroup(g))) return false;
  const atMost = words.some((w, i) => w === 'at' && (words[i + 1] === 'most' || words[i + 1] === 'least') && words.includes('many'));
  return opensWithValue || atMost;
}
