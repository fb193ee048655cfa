/**
 * Words a question uses for the table itself rather than for its columns or values: a union's
 * label words, lookup tables, words of its file, sheet and title, and the time words a dated
 * table explains. Words of the table's name that are conditions ("named John") stay conditions.
 * @module agent/planner/match-table-words
 */
import { nameWordConditions, sheetWordsOfName } from './table-name-words.js';
import { matchLabelWords, matchLookups } from './match-values.js';
import { conceptOf, tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { LABEL_TIME_WORDS, LABEL_WORDS } from './vocabulary.js';
import { isFiller } from './filler-words.js';
import { TIME_CONCEPTS } from './match-dates.js';

const LABEL_CONCEPTS = new Set([...LABEL_WORDS].map((w) => conceptOf(tokensOf(w)[0].stem)));

/** True when `stem` names what a union's label column holds: region, sheet …, or quarter/year/month when the labels are such periods. */
export function isLabelWord(profile: TableProfile, stem: string): boolean {
  if (!profile.labelColumn) return false;
  if (LABEL_CONCEPTS.has(conceptOf(stem))) return true;
  const labels = profile.values.filter((v) => v.column === profile.labelColumn);
  if (labels.length > 1 && labels.every((v) => v.stems.includes(stem))) return true; // "which wave" over "Jan 2025 Wave", "Feb 2025 Wave"
  const pattern = Object.entries(LABEL_TIME_WORDS).find(([word]) => conceptOf(tokensOf(word)[0].stem) === conceptOf(stem))?.[1];
  return pattern !== undefined && (profile.labelColumn.profile.distinct ?? []).every((v) => pattern.test(String(v)));
}

/**
 * Generic nouns for what a wide table's period cells hold ("School | 2007 | … | 2011" of API
 * scores): "James A. Garfield's 2007 score", "the highest score in 2009". The cells are the
 * table's one measure and no column names it, so the noun names those cells, as "value" would.
 */
const PERIOD_CELL_NOUNS = new Set(['score', 'scores', 'rating', 'ratings', 'index', 'level', 'levels', 'reading', 'readings']);

/**
 * True when `word` is such a noun (or one the label column's name gives the cells:
 * `TableProfile.cellStems`) and the table is wide (two or more period columns, every one
 * of numbers) with no value holding the word: over "Measure | 2007 | 2008" whose rows are "API
 * score", "Statewide rank", the cells are several measures and "score" is one row of them.
 */
export function namesPeriodCells(profile: TableProfile, word: string): boolean {
  if (!(PERIOD_CELL_NOUNS.has(word) || profile.cellStems?.has(tokensOf(word)[0]?.stem ?? word)) || profile.periods.length < 2 || !profile.periods.every((p) => p.column.type === 'integer' || p.column.type === 'decimal')) return false;
  const stem = tokensOf(word)[0].stem;
  return !profile.values.some((v) => v.stems.includes(stem));
}

/** True when the question names a wide table's year cells by a generic noun ("score", `namesPeriodCells`). */
export function asksPeriodCells(parsed: ParsedQuestion, profile: TableProfile): boolean {
  return parsed.tokens.some((t) => namesPeriodCells(profile, t.norm));
}

/** The question's words nothing explained yet: not in `covered`, not part of a date phrase; in question order. */
export function openWords(parsed: ParsedQuestion, covered: Set<number>, dateTokens: Set<number>): number[] {
  return parsed.tokens.map((t) => t.index).filter((i) => !covered.has(i) && !dateTokens.has(i));
}

/**
 * Explains the open words that name the table, in turn: a union's label words (a filter when
 * one label is singled out), values of lookup tables (filters through a shared key), words of
 * the table's name that are conditions ("named John" over deex_john_arnold_…), then file-name
 * words, title and context words, label words, time words of a dated table, and sheet words.
 * Appends the filters to `filters`; adds the words explained to `covered`.
 * @param lookups tables usable as lookups
 * @returns the problems (from name-word conditions), the evidence (2 a label filter, 1.5 a
 *   lookup filter, 3 a file-name word, 1 a context word), and the ids of the lookup tables used
 */
export function tableWords(parsed: ParsedQuestion, profile: TableProfile, lookups: TableProfile[], filters: Filter[], covered: Set<number>, free: (index: number) => boolean, dateTokens: Set<number>): { problems: string[]; evidence: number; lookupTableIds: string[] } {
  const { tokens } = parsed;
  const problems: string[] = [];
  let evidence = 0;
  const open = (): number[] => openWords(parsed, covered, dateTokens);
  const labels = matchLabelWords(parsed, profile, open().filter((i) => !isFiller(parsed, i)));
  if (labels.filter) {
    filters.push(labels.filter);
    evidence += 2;
  }
  labels.explained.forEach((t) => covered.add(t));
  const looked = matchLookups(parsed, profile, lookups, (i) => !covered.has(i) && free(i) && !isFiller(parsed, i));
  filters.push(...looked.filters);
  looked.filters.forEach((f) => f.tokens.forEach((t) => covered.add(t)));
  evidence += 1.5 * looked.filters.length;
  // "named John", "did Kenny place first" over deex_john_arnold_…, kenny_results.csv: a condition, never the table's name
  const conditions = nameWordConditions(parsed, profile, open());
  conditions.explained.forEach((t) => covered.add(t));
  problems.push(...conditions.problems);
  for (const index of open()) {
    const token = tokens[index];
    if (conditions.tokens.has(index)) continue;
    if (profile.fileNames.has(token.norm)) {
      covered.add(index);
      evidence += 3;
    } else if (profile.contextStems.has(token.stem) && !isFiller(parsed, index)) {
      covered.add(index);
      evidence += 1;
    } else if (profile.labelColumn && isLabelWord(profile, token.stem)) covered.add(index);
    else if ((profile.dateColumns.length > 0 || profile.periods.length > 0) && TIME_CONCEPTS.has(conceptOf(token.stem))) covered.add(index);
    else if (namesPeriodCells(profile, token.norm)) covered.add(index);
  }

  for (const index of sheetWordsOfName(parsed, profile, covered)) covered.add(index);
  return { problems, evidence, lookupTableIds: looked.tableIds };
}
