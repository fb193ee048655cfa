/**
 * Values that are also function words: a department "IT", a country code "US", a state code
 * "IN" or "OR". A question that writes such a word in capitals ("total cost for IT") names
 * the value; in lower case it is the function word ("cost for it") — except where a function
 * word cannot stand ("sales for us" may be "for US"), which is undecidable and declined.
 * Dropping the word silently would answer for every row.
 * @module agent/planner/stop-word-values
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ValueEntry } from './table-profile.js';
import { STOP_WORDS } from './vocabulary.js';

/** Prepositions after which a lower-case value word ("for us", "from it") may be the value or the pronoun. */
const BEFORE_VALUE = new Set(['for', 'of', 'from', 'by', 'at']);

/** True when `entry` is one word that the planner otherwise drops as a function word ("IT", "US", "in"). */
export function isStopWordValue(entry: ValueEntry): boolean {
  return entry.stems.length === 1 && STOP_WORDS.has(entry.stems[0]);
}

/**
 * The question's own spelling of the token at `index` (the folded text loses case): the k-th
 * whole-word, case-insensitive occurrence of its word in `parsed.text`, k being how many
 * tokens before it have the same word.
 */
export function surfaceOf(parsed: ParsedQuestion, index: number): string | undefined {
  const norm = parsed.tokens[index].norm;
  const k = parsed.tokens.slice(0, index).filter((t) => t.norm === norm).length;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${norm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu');
  const found = [...parsed.text.matchAll(pattern)];
  return found[k]?.[0];
}

/**
 * Where a stop-word value is named: token positions of each occurrence written in capitals
 * as the data writes it in capitals ("IT" for the value "IT"; a value "in" or "It" is never matched), and a problem for an occurrence in lower
 * case right after a preposition when the data writes the value in capitals ("for us" over
 * a value "US"): that reading cannot be decided, so the question is declined.
 * @param allowed token positions free to match
 * @returns matched token lists and the problems found
 */
export function stopWordValueOccurrences(parsed: ParsedQuestion, entry: ValueEntry, allowed: (index: number) => boolean): { tokens: number[][]; problems: string[] } {
  const tokens: number[][] = [];
  const problems: string[] = [];
  const value = entry.value.trim();
  const capitals = /^[A-Z]{2,}$/.test(value);
  for (const token of parsed.tokens) {
    if (token.stem !== entry.stems[0] || !allowed(token.index)) continue;
    const written = surfaceOf(parsed, token.index);
    if (written === undefined) continue;
    if (capitals && written === value) tokens.push([token.index]);
    else if (capitals && written === written.toLowerCase() && BEFORE_VALUE.has(parsed.tokens[token.index - 1]?.norm ?? '')) {
      problems.push(`'${written}' may be the ${entry.column.name} '${value}' or the word '${written}': write ${value} in capitals to filter on it`);
    }
  }
  return { tokens, problems };
}
