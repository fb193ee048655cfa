/**
 * Maps a question onto one table: which columns it names (by name words, synonyms, money words,
 * glossary terms), which values it filters on, how its date phrase applies, and which of its
 * words nothing in this table explains. A table is a candidate only when every content word
 * is explained.
 * @module agent/planner/match-table
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { GlossaryTerm } from '../glossary.js';
import { matchNumberAbsence } from './absence-conditions.js';
import { nameWordConditions, sheetWordsOfName, valuesInSpelledName } from './table-name-words.js';
import { applyDates, type DateApplication } from './apply-dates.js';
import { qualifiedFilter } from './qualified-codes.js';
import { placeholderFilter } from './placeholder-rows.js';
import { seasonBounds } from './season-labels.js';
import { matchBlanks, matchComparisons, matchLiterals, matchOrdinals } from './match-conditions.js';
import { matchPlaceComparisons, matchTopPlaces } from './top-places.js';
import { findSequence, matchLabelWords, matchLookups, matchValues, mergeValueFilters } from './match-values.js';
import { conceptOf, tokensOf } from './normalize-text.js';
import { matchSameAs } from './same-as.js';
import { matchRowCounts } from './row-count-conditions.js';
import { resolveOwnedColumns } from './owned-columns.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';
import { ACQUIRE_VERBS, DATED_VERBS, EVENT_NOUNS, LABEL_TIME_WORDS, LABEL_WORDS, TIME_BUCKETS } from './vocabulary.js';
import { cellNumberMention, rankedRowNoun, rowEntityNoun } from './counted-nouns.js';
import { AMOUNT_STEMS, isFiller } from './filler-words.js';
import { resultLineProblem } from './result-lines.js';
import { describedSubjectYear, tableSubject } from './table-subject.js';
import { matchScoreWords } from './score-mentions.js';
import { streakAsked } from './streaks.js';
import { kindInNames } from './kind-in-names.js';
import { matchMeasureRow } from './measure-rows.js';
import { otherEventThan } from './event-words.js';
import { gameNounAfterVenue, opponentVenueFilter } from './venue-codes.js';
import { countedAt, distanceProblems, glossaryMatches, mentionEvidence, moneyMentions, nameMentions, trailingNameWords } from './match-mentions.js';
import { amountVerbs, impliedMeasureMentions, totalPointsMention } from './match-measure-words.js';
import { pnlConcepts, sectionMoneyFilters } from './match-pnl.js';

export { isFiller } from './filler-words.js';

const LABEL_CONCEPTS = new Set([...LABEL_WORDS].map((w) => conceptOf(tokensOf(w)[0].stem)));
const TIME_CONCEPTS = new Set(Object.keys(TIME_BUCKETS).map((w) => conceptOf(tokensOf(w)[0].stem)));

/** True when `stem` names what a union's label column holds: region, sheet …, or quarter/year/month when the labels are such periods. */
export function isLabelWord(profile: TableProfile, stem: string): boolean {
  if (!profile.labelColumn) return false;
  if (LABEL_CONCEPTS.has(conceptOf(stem))) return true;
  const labels = profile.values.filter((v) => v.column === profile.labelColumn);
  if (labels.length > 1 && labels.every((v) => v.stems.includes(stem))) return true; // "which wave" over "Jan 2025 Wave", "Feb 2025 Wave"
  const pattern = Object.entries(LABEL_TIME_WORDS).find(([word]) => conceptOf(tokensOf(word)[0].stem) === conceptOf(stem))?.[1];
  return pattern !== undefined && (profile.labelColumn.profile.distinct ?? []).every((v) => pattern.test(String(v)));
}

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

  const glossaryTaken = new Set(filters.flatMap((f) => f.tokens));
  const valueFree = (i: number): boolean => free(i) && !glossaryTaken.has(i);
  const values = matchValues(parsed, profile, valueFree);
  problems.push(...values.problems);
  filters.push(...values.filters);
  problems.push(...valuesInSpelledName(parsed, profile, values.filters)); // "the trader list" over Trader_List.xlsx with a Title 'Trader'
  evidence += 2 * values.filters.length;
  const valueTokens = new Set(filters.flatMap((f) => f.tokens));
  valueTokens.forEach((t) => covered.add(t));
  gameNounAfterVenue(parsed, filters, free).forEach((t) => covered.add(t)); // "at home games": the rows
  // "before 2005/06" over a column of season labels: the earlier seasons
  const seasons = seasonBounds(parsed, filters, (i) => free(i) && !covered.has(i));
  filters.splice(0, filters.length, ...seasons.filters);
  seasons.explained.forEach((t) => covered.add(t));

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
  for (const mention of mentions) {
    const yesNo = mention.info.yesNo;
    if (!yesNo) continue;
    // "had no kids", "employees with no car": "no" right before a yes/no column's name asks for its no rows
    const before = tokens[Math.min(...mention.tokens) - 1];
    const saysNo = before?.norm === 'no' && free(before.index) && !covered.has(before.index);
    const negated = saysNo || mention.tokens.some((t) => parsed.negated.has(t));
    const value = negated ? yesNo.no : yesNo.yes;
    if (value === undefined) continue;
    const column = mention.info.column;
    filters.push({ sql: `${sqlIdentifier(column.sqlName)} = ${sqlLiteral(value)}`, text: `${column.name} = ${String(value)}`, tokens: mention.tokens, column, ...(negated ? { negated } : {}) });
    if (saysNo) covered.add(before.index);
    mention.usedAsFilter = true;
  }

  // "how many games were at home", "losses on the road": opponents written "at X" are away games
  const venue = opponentVenueFilter(parsed, profile, (i) => free(i) && !covered.has(i));
  if (venue) {
    filters.push(venue);
    venue.tokens.forEach((t) => covered.add(t));
    evidence += 1;
  }

  // "how many swimmers qualified": the rows a Notes column marks Q or q
  const qualified = qualifiedFilter(parsed, profile, (i) => free(i) && !covered.has(i));
  if (qualified && 'problem' in qualified) problems.push(qualified.problem);
  else if (qualified) {
    filters.push(qualified);
    qualified.tokens.forEach((t) => covered.add(t));
    evidence += 1;
  }

  problems.push(...matchLiterals(parsed, mentions, covered, filters, free));
  problems.push(...matchComparisons(parsed, profile, mentions, covered, filters));
  problems.push(...matchSameAs(parsed, profile, mentions, covered, filters));
  matchBlanks(parsed, mentions, covered, filters, free);
  problems.push(...matchNumberAbsence(parsed, mentions, covered, filters, free));
  problems.push(...matchPlaceComparisons(parsed, profile, mentions, covered, filters));
  matchOrdinals(parsed, profile, mentions, covered, filters, free);
  const topProblem = matchTopPlaces(parsed, profile, mentions, covered, filters);
  if (topProblem) problems.push(topProblem);

  // "the sunshine hours in September" over rows of measures and columns of months: the row, and the column the date names
  const measured = matchMeasureRow(parsed, profile, covered);
  if (measured?.problem) problems.push(measured.problem);
  const measureRow = measured?.match;
  if (measureRow) {
    filters.push(measureRow.row);
    measureRow.tokens.forEach((t) => covered.add(t));
    evidence += 2;
  }

  // Dates.
  const dateProfile = withNamedYearColumn(profile, mentions);
  const dated: DateApplication = measureRow ? {} : applyDates(parsed, dateProfile, mentions.map((m) => m.info.column));
  if (dateProfile !== profile && dated.filter) for (const m of mentions) if (m.info.column === dateProfile.yearColumn) m.usedAsFilter = true;
  // "for the 1994 Alabama Crimson Tide football team" over rows with no date: the year may name the subject (checked below)
  const subjectYear = dated.problem && !dated.filter ? describedSubjectYear(parsed) : undefined;
  if (dated.problem && subjectYear === undefined) problems.push(dated.problem);
  if (dated.filter) filters.push(dated.filter);
  // "how many accounts were closed in 2023" over Opened: the date names another event than the question's verb
  const otherEvent = dated.filter?.column ? otherEventThan(parsed, dated.filter.column.name) : undefined;
  if (otherEvent) problems.push(`'${otherEvent}' names another event than ${dated.filter?.column?.name}, the only date the rows have`);
  const alsoValue = dated.filter || dated.periods ? dateWordsAsValue(parsed, profile, dated.filter?.column) : undefined;
  if (alsoValue) problems.push(alsoValue);
  if (!measureRow) parsed.dateTokens.flat().forEach((t) => (dated.problem ? undefined : covered.add(t)));

  // P&L concepts over sections.
  const pnl = pnlConcepts(parsed, profile, covered, free);
  evidence += pnl.evidence;

  // Union labels, lookups, then title/file words.
  const open = (): number[] => tokens.map((t) => t.index).filter((i) => !covered.has(i) && !dateTokens.has(i));
  const labels = matchLabelWords(parsed, profile, open().filter((i) => !isFiller(parsed, i)));
  if (labels.filter) {
    filters.push(labels.filter);
    evidence += 2;
  }
  labels.explained.forEach((t) => covered.add(t));
  const lookups = matchLookups(parsed, profile, context.lookups, (i) => !covered.has(i) && free(i) && !isFiller(parsed, i));
  filters.push(...lookups.filters);
  lookups.filters.forEach((f) => f.tokens.forEach((t) => covered.add(t)));
  evidence += 1.5 * lookups.filters.length;
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
  }

  for (const index of sheetWordsOfName(parsed, profile, covered)) covered.add(index);

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
  // … only when that column is the table's one column of dates or years: beside a "Birth year", "born" may name another
  // … and when the question ranks by that column ("the first year a model was manufactured")
  const datedRanking = parsed.measureAdjective?.kind === 'time' || parsed.measureAdjective?.kind === 'birth';
  // … and never a verb of another event than the one that column's name says ("closed" beside "Opened")
  if ((dated.filter || datedRanking) && yearLikeColumns(profile) === 1) {
    for (const token of tokens) if (DATED_VERBS.has(token.norm) && !covered.has(token.index) && !dateTokens.has(token.index) && !namesOtherEvent(profile, token.stem)) covered.add(token.index);
  }
  // "how many countries have more than 1 athlete": a count of rows per group, over the conditions found so far
  problems.push(...matchRowCounts(parsed, profile, mentions, covered, filters));
  const resultLine = resultLineProblem(parsed, covered, profile.table.sqlName);
  if (resultLine) problems.push(resultLine);
  const unexplained = open()
    .filter((i) => !isFiller(parsed, i))
    .map((i) => tokens[i].norm);
  problems.push(...distanceProblems(parsed, mentions));
  evidence += mentions.reduce((sum, m) => sum + mentionEvidence(parsed, m), 0);
  // a bye week written "Bye" across its row is no game: it is left out of every answer
  // … but "how many weeks" counts the weeks the rows number, the bye week too
  const countedColumns = mentions.filter((m) => m.tokens.some((t) => countedAt(parsed, t))).map((m) => m.info.column);
  const placeholder = streakAsked(parsed) ? undefined : placeholderFilter(parsed, profile, countedColumns); // a run of rows skips such rows itself
  if (placeholder) filters.push(placeholder);
  const merged = mergeValueFilters(filters).filters;
  // "how many north schools scored above 600 in 2010": a condition on one year column counts rows, it adds up no periods
  const onPeriod = filters.some((f) => f.column !== undefined && profile.periods.some((p) => p.column === f.column));
  return {
    profile, mentions, filters: merged, periods: onPeriod ? undefined : dated.periods, periodText: onPeriod ? undefined : dated.periodText,
    concepts: pnl.concepts, covered, unexplained, problems, evidence, lookupTableIds: lookups.tableIds, rowNoun, ...(measureRow ? { measureRow } : {}), ...(assumedSubject ? { assumedSubject } : {}),
  };
}

const DATED_STEMS = new Set([...DATED_VERBS].map((word) => tokensOf(word)[0].stem));
/** True when the table's one date or year column is named for an event (Opened, Released) other than the verb's. */
function namesOtherEvent(profile: TableProfile, verbStem: string): boolean {
  const column = profile.table.columns.find((c) => isYearLike(c));
  if (!column) return false;
  const events = tokensOf(column.name.replace(/_/g, ' ')).map((t) => t.stem).filter((stem) => DATED_STEMS.has(stem));
  return events.length > 0 && !events.includes(verbStem);
}

/** Columns of dates or of years (whole numbers from 1000 to 2100, or a name saying year or date) in a table. */
function yearLikeColumns(profile: TableProfile): number {
  return profile.table.columns.filter((column) => isYearLike(column)).length;
}

function isYearLike(column: CatalogColumn): boolean {
  if (column.isAggregateColumn || column.derived !== undefined) return false;
  if (column.type === 'date' || /\b(year|years|date|yr)\b/i.test(column.name)) return true;
  const { min, max } = column.profile;
  return column.type === 'integer' && typeof min === 'number' && typeof max === 'number' && min >= 1000 && max <= 2100;
}

/** Forms of the verb and noun "win" a question uses for the rows a winner column names. */
const WIN_WORDS = new Set(['win', 'wins', 'won', 'winning', 'victory', 'victories']);
/** Words of a column's name that say its value is who won the row: "Winner", "Winning vehicle (TA1)", "Champion". */
const WINNER_COLUMN_WORDS = new Set(['winner', 'winners', 'winning', 'won', 'champion', 'champions', 'victor']);

/**
 * "how many wins does Troy State have", "the number of times Electrodyne won": over one row per
 * game or race and a column naming who won it, the win words name that column, whose value the
 * question gives: the rows counted are the wins. Only when a filter (not negated) is on such a
 * column; the word is explained, it adds no condition.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the win words explained
 */
function winWordsOfWinnerFilter(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean): number[] {
  const byWinner = filters.some((filter) => !filter.negated && filter.column !== undefined && tokensOf(filter.column.name).some((token) => WINNER_COLUMN_WORDS.has(token.norm)));
  if (!byWinner) return [];
  return parsed.tokens.filter((token) => WIN_WORDS.has(token.norm) && open(token.index)).map((token) => token.index);
}

/**
 * "how many times did Mauro Biello win MVP" over one column per award whose cells name who won
 * it: the win word right before the name of the column a value filter is on (past "the", "a",
 * "an") says the value is that column's winner, which the filter reads. The word is explained;
 * it adds no condition.
 * @returns the indexes of the win words explained
 */
function winWordsOfNamedAward(parsed: ParsedQuestion, filters: Filter[], mentions: ColumnMention[], open: (index: number) => boolean): number[] {
  const filtered = new Set(filters.filter((f) => !f.negated && f.values !== undefined && f.column?.type === 'text').map((f) => f.column));
  return parsed.tokens.filter((token) => {
    if (!WIN_WORDS.has(token.norm) || !open(token.index)) return false;
    let next = token.index + 1;
    while (['the', 'a', 'an', 'his', 'her', 'their', 'its', 'first'].includes(parsed.tokens[next]?.norm ?? '')) next++;
    return mentions.some((m) => filtered.has(m.info.column) && m.tokens.includes(next));
  }).map((token) => token.index);
}

/**
 * "total sales by June" over a table with a Rep named June and a Date column: the date phrase is
 * also a whole value of a column that holds no periods (its name is no time word), so both
 * readings fit and the table declines naming them ("June 2024", with a year, is a date).
 * @returns the problem, or undefined when no date phrase spells such a value
 */
function dateWordsAsValue(parsed: ParsedQuestion, profile: TableProfile, datedColumn: CatalogColumn | undefined): string | undefined {
  for (const phrase of parsed.dateTokens) {
    const inPhrase = new Set(phrase);
    if (phrase.some((i) => /\d/.test(parsed.tokens[i].norm))) continue; // "June 2024" is a date
    for (const entry of profile.values) {
      // the column the date phrase was applied to ("in Jan" → the sheet label "Jan") is that one reading, not a rival
      if (entry.part || entry.column === datedColumn || tokensOf(entry.column.name).some((t) => TIME_CONCEPTS.has(conceptOf(t.stem)))) continue;
      if (findSequence(parsed, entry.stems, (i) => inPhrase.has(i)).length === 0) continue;
      return `'${entry.value}' may be the ${entry.column.name} '${entry.value}' or a date: say which (for instance "${entry.column.name} ${entry.value}", or "${entry.value}" with a year)`;
    }
  }
  return undefined;
}

/**
 * "discs released in 1989" over a "Released" column of years: with no year or date column of
 * its own, a column the question names whose values are all calendar years takes the year.
 */
function withNamedYearColumn(profile: TableProfile, mentions: ColumnMention[]): TableProfile {
  if (profile.yearColumn || profile.dateColumns.length > 0) return profile;
  const year = (v: unknown): boolean => /^(1[5-9]|20)\d{2}$/.test(String(v ?? ''));
  const named = [...new Set(mentions.map((m) => m.info.column))].filter((c) => c.type === 'integer' && year(c.profile.min) && year(c.profile.max));
  return named.length === 1 ? { ...profile, yearColumn: named[0] } : profile;
}
