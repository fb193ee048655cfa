/**
 * Awards lists whose Result column writes "Won" or "Nominated": every row is a nomination (the
 * winners were nominees too), and "Nominated" marks the nominations that did not win. So "how many
 * times was she nominated", "the total number of nominations" count every row, and only "only
 * nominated" (or "nominated but did not win", read by the negated win value) keeps the
 * "Nominated" rows, as an analyst reads such a list; a nomination "awarded" is one that won.
 * @module agent/planner/award-results
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { valueFilter } from './match-values.js';
import { tokensOf } from './normalize-text.js';

/** Cells of a result column that say the entry won. */
const WIN_VALUE = /^(won|win|winner)$/i;
/** The cell that says the entry was nominated and did not win. */
const NOMINEE_VALUE = /^nominated$/i;
/** Stems of "nominated", "nominate", "nomination(s)", "nominee(s)". */
export const NOMINATION_STEMS = new Set(['nominat', 'nomination', 'nomine']);
/** Stems of the nouns for what an awards list gives: "awards", "prizes", "honours", "accolades", "trophies". */
export const AWARD_STEMS = new Set(['award', 'prize', 'honor', 'honour', 'accolade', 'trophy'].map((word) => tokensOf(word)[0].stem));
/** Participles saying a nomination won: "was a nomination awarded". */
const AWARDED_WORDS = new Set(['awarded']);
/** Words that end the noun phrase a question counts: "how many … awards did she receive". */
const PHRASE_ENDS = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'was', 'were', 'is', 'are', 'will']);
/** Verbs of getting an award ("received", "got", "earned", "given"): a win when what is received is an award ("how many awards did she receive"; "receive nominations" names every row). */
const RECEIVED_WORDS = new Set(['receive', 'receives', 'received', 'receiving', 'get', 'gets', 'got', 'earn', 'earns', 'earned', 'given']);

/**
 * True when "received" at `index` says an award was won: the noun counted is an award noun ("how
 * many awards did she receive") or a value of the column of awards ("how many Oscars"), or an
 * award noun ends the words right after it ("receive an award", "receive the Best Song award");
 * no nomination word is said, and no number column of the table counts awards (an "Awards count"
 * is added up, never filtered on a win).
 */
function receivesAward(parsed: ParsedQuestion, index: number, columns: CatalogColumn[], filters: Filter[]): boolean {
  if (columns.some((c) => (c.type === 'integer' || c.type === 'decimal') && tokensOf(c.name).some((t) => AWARD_STEMS.has(t.stem)))) return false;
  // "how many award nominations did she receive", "… get nominated for": what was received are nominations, every row
  if (parsed.tokens.some((t) => NOMINATION_STEMS.has(t.stem))) return false;
  const counted = parsed.countNounAt;
  // … or ends the phrase counted: "how many Album of the Year awards did she receive"
  for (let at = counted ?? parsed.tokens.length; at < parsed.tokens.length && at <= (counted ?? 0) + 6 && !PHRASE_ENDS.has(parsed.tokens[at].norm); at++) {
    if (AWARD_STEMS.has(parsed.tokens[at].stem)) return true;
  }
  // "how many Oscars did she receive": the noun counted is a value of the column of awards
  const awardColumn = (f: Filter): boolean => f.column !== undefined && tokensOf(f.column.name).some((t) => AWARD_STEMS.has(t.stem));
  if (counted !== undefined && filters.some((f) => !f.negated && awardColumn(f) && f.tokens.includes(counted))) return true;
  // "receive an award", "receive the Best Song award": an award noun ends the words right after the verb
  for (let next = index + 1; next <= index + 5 && next < parsed.tokens.length; next++) {
    if (AWARD_STEMS.has(parsed.tokens[next].stem)) return true;
    if (!FOR_ARTICLES.has(parsed.tokens[next].norm) && !filters.some((f) => f.tokens.includes(next))) return false;
  }
  return false;
}
/** Words that join a nomination word and a win word into one list: "nominations and wins". */
const COORDINATORS = new Set(['and', 'or', 'plus']);
/** Words right before a nomination word that keep only the rows that did not win: "only nominated", "just nominated". */
const ONLY_WORDS = new Set(['only', 'just', 'merely']);

/** A result cell without its note: "Won (shared)" → "Won", "Nominated[2]" → "Nominated". */
function withoutNote(value: string): string {
  return value.replace(/\[[^\]]*\]/g, '').replace(/\s*\([^)]*\)\s*$/, '').trim();
}

/** True when `column` is a result column of an awards list: its values hold both a win ("Won") and "Nominated". */
export function isAwardResultColumn(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).map((v) => String(v).trim());
  return column.type === 'text' && values.some((v) => WIN_VALUE.test(v)) && values.some((v) => NOMINEE_VALUE.test(v));
}

/**
 * The nomination words of a question over a table with an award result column, read before its
 * values are matched:
 * - a plain "nominated", "nominations", "nominees" names every row (the winners were nominees
 *   too): explained, no condition, and kept from matching the value "Nominated";
 * - after "only"/"just" the word is left to match "Nominated" (the rows that did not win) and the
 *   "only" is explained;
 * - a negated nomination ("not nominated") is declined: under this reading no row is one.
 * @param open tokens no date, consumed word or filter took yet
 * @returns the tokens explained as every row (keep them from value matching), the "only" words
 *   explained, and the problems
 */
export function nominationWords(parsed: ParsedQuestion, columns: CatalogColumn[], open: (index: number) => boolean): { everyRow: number[]; explained: number[]; problems: string[] } {
  const found = { everyRow: [] as number[], explained: [] as number[], problems: [] as string[] };
  const result = columns.find((c) => isAwardResultColumn(c));
  if (!result) return found;
  for (const token of parsed.tokens) {
    if (!NOMINATION_STEMS.has(token.stem) || !open(token.index)) continue;
    if (parsed.negated.has(token.index)) {
      found.problems.push(`'not ${token.norm}' over ${result.name}: every row is a nomination (the winners were nominated too), so no row is one not nominated`);
    } else if (ONLY_WORDS.has(parsed.tokens[token.index - 1]?.norm ?? '')) {
      if (token.stem === 'nominat') found.explained.push(token.index - 1);
      else found.problems.push(`'only ${token.norm}' over ${result.name}: say "only nominated" for the rows that did not win`);
    } else found.everyRow.push(token.index);
  }
  return found;
}

/**
 * After the values are matched, over a table with an award result column:
 * - a win value joined to an every-row nomination word ("nominations and wins") goes too: the two
 *   together are every row;
 * - "awarded" ("was a nomination awarded") is the win value: to be awarded is to win; so is
 *   "received" said of awards ("how many awards did she receive": `receivesAward`).
 * Rewrites `filters` in place; adds the words explained to `covered`.
 * @param everyRow the nomination words read as every row (`nominationWords`)
 * @param open tokens no date, consumed word or filter took yet
 */
export function readWinWords(parsed: ParsedQuestion, columns: CatalogColumn[], everyRow: number[], filters: Filter[], covered: Set<number>, open: (index: number) => boolean): void {
  const result = columns.find((c) => isAwardResultColumn(c));
  if (!result) return;
  const joined = (tokens: number[]): boolean => {
    const first = Math.min(...tokens);
    const last = Math.max(...tokens);
    return (COORDINATORS.has(parsed.tokens[first - 1]?.norm ?? '') && everyRow.includes(first - 2)) || (COORDINATORS.has(parsed.tokens[last + 1]?.norm ?? '') && everyRow.includes(last + 2));
  };
  for (let k = 0; k < filters.length; k++) {
    const filter = filters[k];
    if (filter.column !== result || !filter.values || filter.negated) continue;
    const kept = filter.values.filter((named) => !(WIN_VALUE.test(named.value.trim()) && joined(named.tokens)));
    if (kept.length === filter.values.length) continue;
    filter.values.filter((named) => !kept.includes(named)).forEach((named) => named.tokens.forEach((t) => covered.add(t)));
    if (kept.length === 0) filters.splice(k--, 1);
    else filters[k] = { ...valueFilter(result, kept.map((v) => v.value), kept.flatMap((v) => v.tokens)), values: kept };
  }
  // "Won (shared)", "Won[3]", "Nominated[2]": a win or a nomination written with a note is one too
  for (let k = 0; k < filters.length; k++) {
    const filter = filters[k];
    const named = filter.column === result && filter.values?.length === 1 ? filter.values[0] : undefined;
    const kind = named === undefined ? undefined : WIN_VALUE.test(named.value.trim()) ? WIN_VALUE : NOMINEE_VALUE.test(named.value.trim()) ? NOMINEE_VALUE : undefined;
    if (!named || !kind) continue;
    const variants = (result.profile.distinct ?? []).map((v) => String(v)).filter((v) => kind.test(withoutNote(v)));
    if (variants.length > 1) filters[k] = { ...valueFilter(result, variants, filter.tokens, filter.negated), values: [named] };
  }
  const win = (result.profile.distinct ?? []).map((v) => String(v)).find((v) => WIN_VALUE.test(v.trim()));
  if (win === undefined) return;
  for (const token of parsed.tokens) {
    if (!(AWARDED_WORDS.has(token.norm) || (RECEIVED_WORDS.has(token.norm) && receivesAward(parsed, token.index, columns, filters))) || covered.has(token.index) || !open(token.index) || filters.some((f) => f.tokens.includes(token.index))) continue;
    const wins = (result.profile.distinct ?? []).map((v) => String(v)).filter((v) => WIN_VALUE.test(withoutNote(v)));
    filters.push({ ...valueFilter(result, wins, [token.index], parsed.negated.has(token.index)), values: [{ value: win, tokens: [token.index] }] });
    covered.add(token.index);
  }
}

/** Articles between "nominated for" and what the nomination is for: "nominated for an award". */
const FOR_ARTICLES = new Set(['a', 'an', 'any', 'the']);

/**
 * "how many times was she only nominated for an award": over an awards list, the text column
 * named right after "nominated for" (past an article) says what every row is a nomination for,
 * so it is no column the question asks about. Such mentions are dropped from `mentions`; their
 * words stay explained.
 */
export function dropNominationObjects(parsed: ParsedQuestion, columns: CatalogColumn[], mentions: ColumnMention[]): void {
  if (!columns.some((c) => isAwardResultColumn(c))) return;
  const objects = mentions.filter((mention) => {
    if (mention.info.numeric || mention.tokens.length !== 1) return false;
    let at = mention.tokens[0] - 1;
    if (FOR_ARTICLES.has(parsed.tokens[at]?.norm ?? '')) at--;
    return parsed.tokens[at]?.norm === 'for' && NOMINATION_STEMS.has(parsed.tokens[at - 1]?.stem ?? '');
  });
  if (objects.length > 0) mentions.splice(0, mentions.length, ...mentions.filter((m) => !objects.includes(m)));
}
