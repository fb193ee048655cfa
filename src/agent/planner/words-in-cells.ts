/**
 * A word inside a column's cells: "the number of times the word "best" appears in the Category
 * column", "how many characters have the word girl in their name". The rows whose cell of that
 * column holds the word (whole word, any case) are kept: `category ~* '\mbest\M'`.
 * @module agent/planner/words-in-cells
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** Nouns that introduce the word looked for: "the word best", "the term 'girl'". */
const WORD_NOUNS = new Set(['word', 'term']);
/** Verbs between the word and "in": "appears in", "occurs in", "is found in". */
const APPEAR_VERBS = new Set(['appear', 'appears', 'appeared', 'occur', 'occurs', 'occurred', 'is', 'are', 'was', 'were', 'found', 'used', 'shows', 'show']);
/** Determiners between "in" and the column: "in the Category column", "in her name". */
const DETERMINERS = new Set(['the', 'their', 'his', 'her', 'its']);

/** The cells of `values` holding `word` as a whole word, and whether one of them holds it twice. */
function cellsHolding(values: string[], word: string): { holding: number; twice: boolean } {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'giu');
  const counts = values.map((value) => (value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(pattern) ?? []).length);
  return { holding: counts.filter((n) => n > 0).length, twice: counts.some((n) => n > 1) };
}

/**
 * Reads "the word X … in <text column>": X one word of letters after "word"/"term" (quoted or
 * not), then optional verbs of appearing, "in", an optional determiner and a text column the
 * question names. The condition keeps the rows whose cell holds X as a whole word. Declined (a
 * problem) when the column's values are not listed (too many to check), when no value holds X
 * (the column is likely not the one meant: "her name" over Real name beside Character), and
 * when a cell holds X twice, since "the number of times" would then differ from the rows.
 * Appends the filter to `filters`, marks the mention `usedAsFilter` and adds the words to `covered`.
 * @returns the problems found
 */
export function matchWordsInCells(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): string[] {
  const problems: string[] = [];
  const tokens = parsed.tokens;
  for (const noun of tokens) {
    if (!WORD_NOUNS.has(noun.norm) || !free(noun.index) || covered.has(noun.index)) continue;
    const wordAt = noun.index + 1;
    const word = tokens[wordAt];
    if (!word || !/^[a-z]{2,}$/.test(word.norm) || !free(wordAt) || covered.has(wordAt)) continue;
    let at = wordAt + 1;
    const verbs: number[] = [];
    while (APPEAR_VERBS.has(tokens[at]?.norm ?? '')) verbs.push(at++);
    if (tokens[at]?.norm !== 'in') continue;
    const inAt = at++;
    if (DETERMINERS.has(tokens[at]?.norm ?? '')) at++;
    const mention = mentions.find((m) => m.tokens.includes(at) && !m.info.numeric && m.info.column.type === 'text' && !m.usedAsFilter);
    if (!mention) continue;
    const column = mention.info.column;
    const named = mention.tokens.filter((t) => t >= at);
    const used = [noun.index, wordAt, ...verbs, inAt, ...(at > inAt + 1 ? [inAt + 1] : []), ...named];
    if (tokens[noun.index - 1]?.norm === 'the') used.push(noun.index - 1);
    const after = Math.max(...named) + 1;
    if (tokens[after]?.norm === 'column') used.push(after);
    used.forEach((t) => covered.add(t));
    mention.usedAsFilter = true;
    const values = column.profile.distinct?.map((v) => String(v));
    if (!values) {
      problems.push(`${column.name} has too many different values to check which hold the word '${word.norm}'`);
      continue;
    }
    const found = cellsHolding(values, word.norm);
    if (found.holding === 0) {
      problems.push(`no ${column.name} cell holds the word '${word.norm}': name the column it is in`);
      continue;
    }
    if (found.twice) {
      problems.push(`a ${column.name} cell holds the word '${word.norm}' twice, so the times it appears and the rows that hold it differ`);
      continue;
    }
    const id = sqlIdentifier(column.sqlName);
    filters.push({ sql: `${id} ~* ${sqlLiteral(`\\m${word.norm}\\M`)}`, text: `${column.name} holds the word '${word.norm}'`, tokens: used, column });
  }
  return problems;
}

/** Determiners before a word that qualifies a column's noun: "a gold certification", "any platinum certifications" (never "one": exactly one is a count). */
const QUALIFIER_DETERMINERS = new Set(['a', 'an', 'any']);

/**
 * "How many singles had a gold certification?" over Certifications cells such as "GER: Platinum /
 * AUT: Gold": a determiner, one word no value or column took, then the name of a text column: the
 * word qualifies the column's thing, and the rows whose cell holds it (a whole word, any case)
 * are kept. Only where the column's values are listed and some but not all of the rows hold the word,
 * and, where the column's thing is what is counted ("how many gold certifications"), none holds
 * it twice; nothing is read otherwise (the word stays unexplained).
 * Appends the filter to `filters`, marks the mention `usedAsFilter` and adds the words to `covered`.
 */
export function matchWordBeforeColumn(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): void {
  const tokens = parsed.tokens;
  for (const word of tokens) {
    if (!QUALIFIER_DETERMINERS.has(tokens[word.index - 1]?.norm ?? '') || !/^[a-z]{3,}$/.test(word.norm) || !free(word.index) || covered.has(word.index)) continue;
    if (mentions.some((m) => m.tokens.includes(word.index))) continue;
    const mention = mentions.find((m) => Math.min(...m.tokens) === word.index + 1 && !m.info.numeric && m.info.column.type === 'text' && !m.usedAsFilter);
    const values = mention?.info.column.profile.distinct?.map((v) => String(v));
    if (!mention || !values) continue;
    const found = cellsHolding(values, word.norm);
    // a cell holding the word twice ("AUT: Gold / SWI: Gold") is one row, but two of the column's things if those are counted
    const everyRow = found.holding === values.length && mention.info.column.profile.nullCount === 0;
    if (found.holding === 0 || everyRow || (found.twice && mention.tokens.includes(parsed.countNounAt ?? -1))) continue;
    const column = mention.info.column;
    const used = [word.index - 1, word.index, ...mention.tokens];
    used.forEach((t) => covered.add(t));
    mention.usedAsFilter = true;
    filters.push({ sql: `${sqlIdentifier(column.sqlName)} ~* ${sqlLiteral(`\\m${word.norm}\\M`)}`, text: `${column.name} holds the word '${word.norm}'`, tokens: used, column });
  }
}

/** Participles before "as" that give a column's value: "location given as 'unknown'", "listed as vulnerable". */
const GIVEN_AS = new Set(['given', 'listed', 'marked', 'recorded', 'shown', 'noted', 'described']);

/**
 * "The number of trains with location given as "unknown"" over Disposition and Location cells
 * such as "To Southern Pacific #9. Unknown.": a text column's name, a participle of giving
 * (`GIVEN_AS`) and "as", then one word that ends the question. No whole cell is that word (a
 * value match would have taken it), so the rows whose cell ends on a sentence of that word alone
 * are kept ("… #9. Unknown."), only where some but not every row does. A cell that only holds the
 * word somewhere ("Not currently active", "saved from being scrapped") is no such row, and the
 * question is declined where any cell holds it otherwise than as its closing sentence.
 * Appends the filter to `filters`, marks the mention `usedAsFilter` and adds the words to `covered`.
 */
export function matchWordGivenAs(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): void {
  const tokens = parsed.tokens;
  const word = tokens[tokens.length - 1];
  if (!word || !/^[a-z]{3,}$/.test(word.norm) || !free(word.index) || covered.has(word.index)) return;
  if (tokens[word.index - 1]?.norm !== 'as' || !GIVEN_AS.has(tokens[word.index - 2]?.norm ?? '')) return;
  const verb = word.index - 2;
  if (!free(verb) || !free(verb + 1) || covered.has(verb) || covered.has(verb + 1)) return;
  const mention = mentions.find((m) => Math.max(...m.tokens) === verb - 1 && !m.info.numeric && m.info.column.type === 'text' && !m.usedAsFilter);
  const values = mention?.info.column.profile.distinct?.map((v) => String(v).normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
  if (!mention || !values) return;
  const closing = new RegExp(`(^|[.;:\\n])\\s*${word.norm}[.!]?\\s*$`, 'i');
  const anywhere = new RegExp(`(?<![\\p{L}\\p{N}])${word.norm}(?![\\p{L}\\p{N}])`, 'iu');
  const closed = values.filter((v) => closing.test(v)).length;
  const everyRow = closed === values.length && mention.info.column.profile.nullCount === 0;
  if (closed === 0 || everyRow || values.some((v) => anywhere.test(v) && !closing.test(v))) return;
  const column = mention.info.column;
  const used = [...mention.tokens, verb, verb + 1, word.index];
  used.forEach((t) => covered.add(t));
  mention.usedAsFilter = true;
  filters.push({ sql: `${sqlIdentifier(column.sqlName)} ~* ${sqlLiteral(`(^|[.;:\n])\\s*${word.norm}[.!]?\\s*$`)}`, text: `${column.name} ends on '${word.norm}'`, tokens: used, column });
}
