/**
 * Words that name the table itself rather than a column, value or grouping: "in retailers"
 * over retailers.csv, "the most stores" over stores.csv, "in the Tidy sheet" over the sheet
 * Tidy. Such words are explained by the table they name, unless that reading would eat a
 * condition the question needs ("named John" over deex_john_arnold_….xlsx): then the condition wins or the planner declines.
 * @module agent/planner/table-name-words
 */
import { isFiller } from './filler-words.js';
import { tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { namesWhoEachRowIs } from './table-subject.js';
import { NAMING_WORDS } from './vocabulary.js';

/** Words for a sheet or file in a question: "the Tidy sheet", "the sales tab". */
const SHEET_WORDS = new Set(['sheet', 'sheets', 'tab', 'tabs', 'worksheet', 'spreadsheet', 'workbook', 'file']);

/** The names a table goes by: its file name without extension, its sheet and its title. */
function tableNames(profile: TableProfile): string[] {
  const table = profile.table;
  return [table.file.replace(/\.[a-z0-9]+$/i, ''), table.sheet ?? '', table.title ?? ''].filter((name) => name.trim() !== '');
}

/** Stems of the head (last) word of each name: "stores" of stores.csv, "cities" of "Big Cities". */
function headStems(profile: TableProfile): Set<string> {
  const heads = new Set<string>();
  for (const name of tableNames(profile)) {
    const words = tokensOf(name.replace(/_/g, ' ')).filter((t) => /[a-z]/.test(t.norm));
    const head = words[words.length - 1];
    if (head) heads.add(head.stem);
  }
  return heads;
}

/**
 * True when every word of a column mention is the head word of the table's own name ("stores"
 * over stores.csv, "retailers" over retailers.csv): the word names the table (its rows), so an
 * unused mention of a column like Store or Retailer is no sign of a misread question.
 */
export function namesTable(parsed: ParsedQuestion, profile: TableProfile, mention: ColumnMention): boolean {
  const heads = headStems(profile);
  return mention.tokens.length > 0 && mention.tokens.every((t) => profile.fileNames.has(parsed.tokens[t].norm) || heads.has(parsed.tokens[t].stem));
}

/**
 * "In the Tidy sheet", "the Orders tab": a sheet word right after (or before) a word of the
 * table's own sheet or file name names that table. Returns the sheet words to mark explained;
 * only words next to an already explained word of those names count.
 */
export function sheetWordsOfName(parsed: ParsedQuestion, profile: TableProfile, covered: Set<number>): number[] {
  const table = profile.table;
  const nameStems = new Set([table.sheet ?? '', table.file.replace(/\.[a-z0-9]+$/i, '')].flatMap((name) => tokensOf(name.replace(/_/g, ' ')).map((t) => t.stem)));
  const explainedName = (i: number): boolean => covered.has(i) && parsed.tokens[i] !== undefined && nameStems.has(parsed.tokens[i].stem);
  return parsed.tokens
    .filter((token) => SHEET_WORDS.has(token.norm) && !covered.has(token.index) && (explainedName(token.index - 1) || explainedName(token.index + 1)))
    .map((token) => token.index);
}

/** "whose name is John", "with the name Arnold": a name noun right before the name (or before "is"/"was" and the name). */
const NAME_NOUNS = new Set(['name', 'names', 'surname', 'surnames', 'nickname', 'forename']);
/**
 * Person nouns and titles right before a name ("the rider Kenny", "trader John", "Mr Arnold"):
 * the name is who a row is, a condition. Compared by stem.
 */
const PERSON_WORDS = new Set(
  ('person people player athlete driver rider runner swimmer skater boxer cyclist artist singer actor actress author member ' +
    'trader employee customer client candidate nominee winner coach manager rep mr mrs ms miss dr sir')
    .split(' ')
    .map((word) => tokensOf(word)[0].stem),
);
/** Auxiliaries after which a bare name is the subject of the verb that follows ("did Kenny place first"). */
const SUBJECT_AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will']);

/** Why a word of the table's own name is read as a condition the question needs, not as the table's name. */
export interface NameWordCondition {
  /** The words read so (the run of name words the word belongs to). */
  tokens: number[];
  /** Set when the words are also part of a value of the table: the planner declines naming both readings. */
  problem?: string;
}

/**
 * Decides how to read a word of the table's own file, sheet or title name that nothing else
 * explained: as naming the table ("in the trader list", "from retailers"), or as a condition the
 * question needs. A word is a condition, never dropped, when its run of name words
 * - follows a naming word or a name noun ("named John", "called Arnold", "whose name is Kenny"),
 * - follows a person noun or title ("the rider Kenny", "Mr Arnold"),
 * - stands bare as the subject after an auxiliary ("did Kenny place first") or possessive
 *   ("Kenny's wins") in a table with a column of who each row is (Rider, Name, Team): such a
 *   table lists many subjects, so the name is one of its rows, or
 * - is also a word of a text value ("Kenny" of the Rider "Jason Kenny"): then both readings fit
 *   and `problem` says so.
 * Break-it review: over deex_john_arnold_15199_Trader_List.xlsx "how many people are named John?"
 * counted every row, and over kenny_results.csv "how many times did Kenny place first?" dropped the rider.
 * @param index a token whose stem is a word of the table's names (`contextStems`) or whose word is its file name
 * @param open true for tokens no earlier matching step explained
 * @returns undefined when the word names the table
 */
export function nameWordCondition(parsed: ParsedQuestion, profile: TableProfile, index: number, open: (i: number) => boolean): NameWordCondition | undefined {
  const tokens = parsed.tokens;
  const nameWord = (i: number): boolean => tokens[i] !== undefined && open(i) && (profile.fileNames.has(tokens[i].norm) || (profile.contextStems.has(tokens[i].stem) && !isFiller(parsed, i)));
  let first = index;
  let last = index;
  while (nameWord(first - 1)) first--;
  while (nameWord(last + 1)) last++;
  const run = Array.from({ length: last - first + 1 }, (_, k) => first + k);
  const stems = run.map((i) => tokens[i].stem);
  const holder = profile.values.find((entry) => !entry.part && entry.column !== profile.labelColumn && containsSequence(entry.stems, stems));
  if (holder) {
    const words = run.map((i) => tokens[i].norm).join(' ');
    const problem = `'${words}' may name the table ${profile.table.file} or the ${holder.column.name} '${holder.value}': say which (for instance "${holder.column.name} ${holder.value}")`;
    return { tokens: run, problem };
  }
  const before = tokens[first - 1];
  const beforeThat = tokens[first - 2];
  if (before && (NAMING_WORDS.has(before.norm) || NAME_NOUNS.has(before.norm) || PERSON_WORDS.has(before.stem))) return { tokens: run };
  if (before && ['is', 'was'].includes(before.norm) && beforeThat && NAME_NOUNS.has(beforeThat.norm)) return { tokens: run };
  // "Kenny's wins" is a subject's; "John Arnold's trader list" spells the table's name on
  const after = tokens[last + 2];
  const possessive = tokens[last + 1]?.norm === 's' && !(after && profile.contextStems.has(after.stem));
  if (((before && SUBJECT_AUXILIARIES.has(before.norm)) || possessive) && namesWhoEachRowIs(profile)) return { tokens: run };
  return undefined;
}

/**
 * Applies `nameWordCondition` to every open word of the table's names.
 * @param open the question's tokens no earlier matching step explained
 * @returns the words read as conditions (`tokens`), those of them a problem explains (`explained`:
 *   both readings fit, so the planner declines with the problem) and the problems
 */
export function nameWordConditions(parsed: ParsedQuestion, profile: TableProfile, open: number[]): { tokens: Set<number>; explained: number[]; problems: string[] } {
  const isOpen = new Set(open);
  const tokens = new Set<number>();
  const explained: number[] = [];
  const problems: string[] = [];
  for (const index of open) {
    const token = parsed.tokens[index];
    const nameWord = profile.fileNames.has(token.norm) || (profile.contextStems.has(token.stem) && !isFiller(parsed, index));
    if (!nameWord || tokens.has(index)) continue;
    const condition = nameWordCondition(parsed, profile, index, (i) => isOpen.has(i));
    condition?.tokens.forEach((t) => tokens.add(t));
    if (!condition?.problem) continue;
    problems.push(condition.problem);
    explained.push(...condition.tokens);
  }
  return { tokens, explained, problems };
}

/** True when `part` occurs in `whole` as consecutive stems. */
function containsSequence(whole: string[], part: string[]): boolean {
  for (let at = 0; at + part.length <= whole.length; at++) if (part.every((stem, k) => whole[at + k] === stem)) return true;
  return false;
}

/**
 * "How many analysts are in the trader list?" over Trader_List.xlsx with a Title 'Trader': a
 * value read inside words that spell out the table's name (two or more consecutive words of its
 * file, sheet or title name, with a word beyond the value) may be that name, and adding it as a
 * condition would change the answer. Such a value is one of two readings, so the planner declines.
 * @param filters value filters read from the question
 * @returns one problem per such value (empty when every value stands outside the spelled-out names)
 */
export function valuesInSpelledName(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[]): string[] {
  const read = filters.flatMap((f) => (f.values ?? [{ value: f.text, tokens: f.tokens }]).map((entry) => ({ ...entry, column: f.column?.name ?? '' })));
  return read.map((entry) => valueInSpelledName(parsed, profile, entry.tokens, `${entry.column} '${entry.value}'`.trim())).filter((problem): problem is string => problem !== undefined);
}

function valueInSpelledName(parsed: ParsedQuestion, profile: TableProfile, filterTokens: number[], value: string): string | undefined {
  const tokens = parsed.tokens;
  const dateTokens = new Set(parsed.dateTokens.flat());
  for (const name of tableNames(profile)) {
    const stems = tokensOf(name.replace(/_/g, ' ')).map((t) => t.stem);
    for (let from = 0; from < tokens.length; from++) {
      for (let start = 0; start < stems.length; start++) {
        let length = 0;
        while (from + length < tokens.length && start + length < stems.length && tokens[from + length].stem === stems[start + length]) length++;
        if (length < 2) continue;
        const run = Array.from({ length }, (_, k) => from + k);
        const inside = filterTokens.every((t) => run.includes(t));
        const beyond = run.filter((t) => !filterTokens.includes(t) && !dateTokens.has(t) && !/\d/.test(tokens[t].norm));
        if (!inside || beyond.length === 0) continue;
        const words = run.map((t) => tokens[t].norm).join(' ');
        return `'${words}' may name the table ${profile.table.file} or the ${value}: say which (for instance the file name, or the column with the value)`;
      }
    }
  }
  return undefined;
}
