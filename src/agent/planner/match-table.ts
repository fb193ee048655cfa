/**
 * Maps a question onto one table: which columns it names (by name words, synonyms, money words,
 * glossary terms), which values it filters on, how its date phrase applies, and which of its
 * words nothing in this table explains. A table is a candidate only when every content word
 * is explained.
 * @module agent/planner/match-table
 */
import type { GlossaryTerm } from '../glossary.js';
import { mergeValueFilters } from './match-values.js';
import { matchRowCounts } from './row-count-conditions.js';
import { resolveOwnedColumns } from './owned-columns.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { ACQUIRE_VERBS, EVENT_NOUNS } from './vocabulary.js';
import { cellNumberMention, rankedRowNoun, rowEntityNoun } from './counted-nouns.js';
import { AMOUNT_STEMS, isFiller } from './filler-words.js';
import { resultLineProblem } from './result-lines.js';
import { tableSubject } from './table-subject.js';
import { matchScoreWords } from './score-mentions.js';
import { streakAsked } from './streaks.js';
import { kindInNames } from './kind-in-names.js';
import { distanceProblems, glossaryMatches, mentionEvidence, moneyMentions, nameMentions, trailingNameWords } from './match-mentions.js';
import { amountVerbs, impliedMeasureMentions, totalPointsMention } from './match-measure-words.js';
import { pnlConcepts, sectionMoneyFilters } from './match-pnl.js';
import { codedFilters, measureRowFilter, placeholderRows, statedConditions, valueFilters, winWordsOfNamedAward, winWordsOfWinnerFilter, yesNoFilters } from './match-filters.js';
import { datedVerbs, questionDates } from './match-dates.js';
import { openWords, tableWords } from './match-table-words.js';

export { isFiller } from './filler-words.js';

/** Context for matching: the glossary and tables usable as lookups. */
export interface MatchContext {
  glossary: GlossaryTerm[];
  lookups: TableProfile[];
  /** The table is the only one that could answer (one visible table family): an unmapped count noun may name its rows. */
  soleTable?: boolean;
}

/** Maps `parsed` onto `profile`. Never throws; problems are collected in the result. */
export function matchTable(parsed: ParsedQuestion, profile: TableProfile, context: MatchContext): TableMatch & { lookupTableIds: string[] } {
  const { tokens } = parsed;
  const dateTokens = new Set(parsed.dateTokens.flat());
  const covered = new Set<number>(parsed.consumed);
  const problems: string[] = [];
  const filters: Filter[] = [];
  let evidence = 0;
  const free = (i: number): boolean => !dateTokens.has(i) && !parsed.consumed.has(i);

  // Glossary terms: a row filter, or a synonym of a column.
  const glossary = glossaryMatches(parsed, profile, context.glossary, free);
  filters.push(...glossary.filters);
  const mentions: ColumnMention[] = [...glossary.mentions];
  glossary.explained.forEach((t) => covered.add(t));
  evidence += glossary.evidence;

  // Values named.
  const values = valueFilters(parsed, profile, filters, covered, free);
  problems.push(...values.problems);
  evidence += values.evidence;
  const { valueTokens } = values;

  // Columns by name words and synonyms.
  nameMentions(parsed, profile, mentions, covered, free, valueTokens, dateTokens);

  // "how many goals did Chelsea score", "did the rams win": scores read from result cells
  const scoreWords = matchScoreWords(parsed, profile, (i) => free(i) && !covered.has(i), filters, mentions);
  if (scoreWords.dropMentions.length > 0) mentions.splice(0, mentions.length, ...mentions.filter((m) => !scoreWords.dropMentions.includes(m)));
  mentions.push(...scoreWords.mentions);
  filters.push(...scoreWords.filters);
  scoreWords.explained.forEach((t) => covered.add(t));
  problems.push(...scoreWords.problems);
  // "consecutive", "in a row", "at the beginning": a run of rows, computed by `streaks.ts`
  streakAsked(parsed)?.tokens.forEach((t) => covered.add(t));

  const unowned = resolveOwnedColumns(profile, mentions);
  if (unowned) problems.push(unowned);

  trailingNameWords(parsed, mentions, covered, free, valueTokens);

  moneyMentions(parsed, profile, mentions, covered, free, valueTokens);

  // Measures named by what they hold, and the verbs of their amounts.
  impliedMeasureMentions(parsed, profile, mentions, filters, covered, free, valueTokens);
  totalPointsMention(parsed, profile, mentions, covered, free, valueTokens);
  amountVerbs(parsed, profile, mentions, covered, free, valueTokens);

  // Money words in a P&L ("revenue" when the section is called "Sales") → the one revenue-like section.
  evidence += sectionMoneyFilters(parsed, profile, filters, covered, free);

  // Yes/no columns named by the question ("flagged") filter to yes (or no after "not").
  yesNoFilters(parsed, mentions, filters, covered, free);

  // Home and away games, qualifiers.
  const coded = codedFilters(parsed, profile, filters, covered, free);
  problems.push(...coded.problems);
  evidence += coded.evidence;

  problems.push(...statedConditions(parsed, profile, mentions, filters, covered, free));

  // "the sunshine hours in September" over rows of measures and columns of months: the row, and the column the date names
  const measured = measureRowFilter(parsed, profile, filters, covered);
  if (measured.problem) problems.push(measured.problem);
  evidence += measured.evidence;
  const measureRow = measured.measureRow;

  // Dates.
  const { dated, subjectYear, problems: dateProblems } = questionDates(parsed, profile, mentions, filters, covered, measureRow !== undefined);
  problems.push(...dateProblems);

  // P&L concepts over sections.
  const pnl = pnlConcepts(parsed, profile, covered, free);
  evidence += pnl.evidence;

  // Union labels, lookups, then title/file words.
  const named = tableWords(parsed, profile, context.lookups, filters, covered, free, dateTokens);
  problems.push(...named.problems);
  evidence += named.evidence;

  if (parsed.rowWindow && context.soleTable) {
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
  const rowNoun = context.soleTable ? rowEntityNoun(parsed, covered, profile) : undefined;
  if (rowNoun !== undefined) covered.add(rowNoun);
  if (context.soleTable) rankedRowNoun(parsed, covered, mentions, ACQUIRE_VERBS).forEach((t) => covered.add(t)); // "which jockey won the most races"
  if (context.soleTable) {
    // "this team", "this season": the subject of the one table asked about, not a filter
    for (const token of tokens) if (token.index > 0 && tokens[token.index - 1].norm === 'this' && !covered.has(token.index) && !dateTokens.has(token.index)) covered.add(token.index);
  }
  if (context.soleTable) {
    // "how many teams competed in the race": the event the one table records, named last, is no filter
    const last = tokens.length - 1;
    // … and "during the season", "in a season": the one season a team's list of games records
    const recorded = EVENT_NOUNS.has(tokens[last]?.norm ?? '') || (tokens[last]?.norm === 'season' && profile.yearColumn === undefined && !profile.table.columns.some((c) => /season/i.test(c.name)));
    if (last >= 2 && recorded && ['the', 'a', 'this'].includes(tokens[last - 1].norm) && ['in', 'at', 'during', 'of', 'for', 'throughout'].includes(tokens[last - 2].norm) && !covered.has(last) && !dateTokens.has(last)) covered.add(last);
  }
  const subject = context.soleTable ? tableSubject(parsed, profile, (i) => !covered.has(i) && !dateTokens.has(i) && !isFiller(parsed, i)) : undefined;
  subject?.tokens.forEach((index) => covered.add(index));
  if (subjectYear !== undefined && !subject?.tokens.includes(subjectYear) && dated.problem) problems.push(dated.problem);
  const assumedSubject = subject?.unchecked ? subject.tokens.filter((i) => tokens[i].norm !== 's').map((i) => tokens[i].norm).join(' ') : undefined;
  for (const index of winWordsOfWinnerFilter(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of winWordsOfNamedAward(parsed, filters, mentions, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  // "titles released prior to 2010": the verb says what the date column records, which the date condition reads
  datedVerbs(parsed, profile, dated, covered, dateTokens);
  // "how many countries have more than 1 athlete": a count of rows per group, over the conditions found so far
  problems.push(...matchRowCounts(parsed, profile, mentions, covered, filters));
  const resultLine = resultLineProblem(parsed, covered, profile.table.sqlName);
  if (resultLine) problems.push(resultLine);
  const unexplained = openWords(parsed, covered, dateTokens)
    .filter((i) => !isFiller(parsed, i))
    .map((i) => tokens[i].norm);
  problems.push(...distanceProblems(parsed, mentions));
  evidence += mentions.reduce((sum, m) => sum + mentionEvidence(parsed, m), 0);
  const placeholder = placeholderRows(parsed, profile, mentions);
  if (placeholder) filters.push(placeholder);
  const merged = mergeValueFilters(filters).filters;
  // "how many north schools scored above 600 in 2010": a condition on one year column counts rows, it adds up no periods
  const onPeriod = filters.some((f) => f.column !== undefined && profile.periods.some((p) => p.column === f.column));
  return {
    profile, mentions, filters: merged, periods: onPeriod ? undefined : dated.periods, periodText: onPeriod ? undefined : dated.periodText,
    concepts: pnl.concepts, covered, unexplained, problems, evidence, lookupTableIds: named.lookupTableIds, rowNoun, ...(measureRow ? { measureRow } : {}), ...(assumedSubject ? { assumedSubject } : {}),
  };
}
