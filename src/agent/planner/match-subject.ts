/**
 * Words that name a table's rows or what the table is about rather than a column or a value:
 * the noun of "the first four games", a kind written in the rows' names ("how many super
 * series"), a number written in cells, and, for the one table asked (`soleTable`), the noun
 * of its rows, "this team", the event it records, and its subject ("the 1994 Alabama Crimson
 * Tide football team").
 * @module agent/planner/match-subject
 */
import { kindInNames } from './kind-in-names.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { ACQUIRE_VERBS, EVENT_NOUNS } from './vocabulary.js';
import { cellNumberMention, countedPhraseStart, endsCountedPhrase, rankedRowNoun, rowEntityNoun } from './counted-nouns.js';
import { AMOUNT_STEMS, isFiller } from './filler-words.js';
import { ownSubjectNoun, tableSubject } from './table-subject.js';
import { SPELLED_CARDINALS } from './place-ordinals.js';

/** Plural nouns for the members of a group (a conference's teams, a league's clubs): said after the group's name, they add nothing to it. */
const MEMBER_NOUNS = new Set(['teams', 'clubs', 'members', 'schools', 'sides']);

/**
 * Explains the words that name the rows, in turn: the plural noun of a row window ("the first
 * four games", one table asked), a kind written in the rows' names (a filter), a number of
 * things written in each cell (a mention), and, when `soleTable`, the noun the rows are
 * ("how many teams"), the noun ranked ("which jockey won the most races"), a word after "this"
 * ("this season"), and the event the table records, named last ("competed in the race").
 * Appends to `filters` and `mentions`; adds the words explained to `covered`.
 * @returns the token of the noun the rows are (undefined when none) and the evidence (1 a kind filter)
 */
export function rowWords(parsed: ParsedQuestion, profile: TableProfile, soleTable: boolean | undefined, mentions: ColumnMention[], filters: Filter[], covered: Set<number>, dateTokens: Set<number>): { rowNoun: number | undefined; evidence: number } {
  const { tokens } = parsed;
  let evidence = 0;
  if (parsed.rowWindow && soleTable) {
    // "the first four games": the noun names the rows of the one table asked
    const noun = tokens[parsed.rowWindow.nounAt];
    if (noun && !covered.has(noun.index) && /[a-z]{2,}s$/.test(noun.norm) && !AMOUNT_STEMS.has(noun.stem)) covered.add(noun.index);
  }
  // "how many super series …" over titles "Malaysia Super Series", "Korea Open Super Series": the rows whose name says so
  const kind = kindInNames(parsed, profile, (i) => !covered.has(i) && !dateTokens.has(i));
  if (kind) {
    filters.push(kind);
    kind.tokens.forEach((t) => covered.add(t));
    evidence += 1;
  }
  const inCells = cellNumberMention(parsed, profile, (i) => !covered.has(i) && !dateTokens.has(i));
  if (inCells) {
    mentions.push(inCells);
    inCells.tokens.forEach((t) => covered.add(t));
  }
  // "final four appearances by Big Ten teams": a group's own members named after the value (a conference's teams) are that value
  // … never the noun counted ("how many Big Ten teams" over a list of games counts teams, not the games)
  const counted = countedPhraseStart(parsed);
  for (const token of tokens) {
    const named = filters.some((f) => !f.negated && f.values?.some((v) => v.tokens.includes(token.index - 1) && !v.tokens.includes(token.index)));
    const inCounted = counted !== undefined && counted < token.index && tokens.slice(counted, token.index).every((t) => covered.has(t.index) && !endsCountedPhrase(t.norm));
    if (named && !inCounted && MEMBER_NOUNS.has(token.norm) && !covered.has(token.index) && !dateTokens.has(token.index)) covered.add(token.index);
  }
  const rowNoun = soleTable ? rowEntityNoun(parsed, covered, profile) : undefined;
  if (rowNoun !== undefined) covered.add(rowNoun);
  if (soleTable) rankedRowNoun(parsed, covered, mentions, ACQUIRE_VERBS).forEach((t) => covered.add(t)); // "which jockey won the most races"
  if (soleTable) {
    // "the average gold medals of the 15 countries" over 15 rows: the number says every row of the table
    for (const token of tokens) {
      const noun = tokens[token.index + 1];
      // … written in words too ("all eight districts")
      const number = /^\d+$/.test(token.norm) ? Number(token.norm) : SPELLED_CARDINALS[token.norm];
      const whole = token.index > 0 && ['the', 'all'].includes(tokens[token.index - 1].norm) && number === profile.table.rowCount;
      if (!whole || !noun || !/[a-z]{2,}s$/.test(noun.norm) || AMOUNT_STEMS.has(noun.stem) || covered.has(token.index) || dateTokens.has(token.index) || !covered.has(noun.index)) continue;
      covered.add(token.index);
      // … and the noun names the rows, not a column to read ("countries" over Nation)
      for (let k = mentions.length - 1; k >= 0; k--) if (!mentions[k].info.numeric && mentions[k].tokens.every((t) => t === noun.index)) mentions.splice(k, 1);
    }
  }
  if (soleTable) {
    // "this team", "this season": the subject of the one table asked about, not a filter
    for (const token of tokens) if (token.index > 0 && tokens[token.index - 1].norm === 'this' && !covered.has(token.index) && !dateTokens.has(token.index)) covered.add(token.index);
  }
  if (soleTable) {
    // "how many teams competed in the race": the event the one table records, named last, is no filter
    const last = tokens.length - 1;
    // … and "during the season", "in a season": the one season a team's list of games records
    const recorded = EVENT_NOUNS.has(tokens[last]?.norm ?? '') || (tokens[last]?.norm === 'season' && profile.yearColumn === undefined && !profile.table.columns.some((c) => /season/i.test(c.name)));
    if (last >= 2 && recorded && ['the', 'a', 'this'].includes(tokens[last - 1].norm) && ['in', 'at', 'during', 'of', 'for', 'throughout'].includes(tokens[last - 2].norm) && !covered.has(last) && !dateTokens.has(last)) covered.add(last);
  }
  return { rowNoun, evidence };
}

/**
 * The subject of the one table asked (`soleTable`) among the open words that are no filler
 * (`table-subject.ts`). Adds its words to `covered`.
 * @returns the subject's tokens (empty when none or not `soleTable`), and the subject's words
 *   when the table's names could not check it (`assumedSubject`, undefined otherwise)
 */
export function subjectWords(parsed: ParsedQuestion, profile: TableProfile, soleTable: boolean | undefined, covered: Set<number>, dateTokens: Set<number>): { tokens: number[]; assumedSubject?: string } {
  const open = (i: number): boolean => !covered.has(i) && !dateTokens.has(i) && !isFiller(parsed, i);
  const subject = soleTable ? tableSubject(parsed, profile, open) : undefined;
  subject?.tokens.forEach((index) => covered.add(index));
  // "the team", "on the album": the table's own subject by a definite noun, beside any name
  const own = soleTable ? ownSubjectNoun(parsed, profile, open) : undefined;
  if (own !== undefined) covered.add(own);
  const assumedSubject = subject?.unchecked ? subject.tokens.filter((i) => parsed.tokens[i].norm !== 's').map((i) => parsed.tokens[i].norm).join(' ') : undefined;
  return { tokens: subject?.tokens ?? [], ...(assumedSubject !== undefined ? { assumedSubject } : {}) };
}
