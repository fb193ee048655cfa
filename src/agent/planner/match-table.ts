/**
 * Maps a question onto one table: which columns it names (by name words, synonyms, money words,
 * glossary terms), which values it filters on, how its date phrase applies, and which of its
 * words nothing in this table explains. A table is a candidate only when every content word
 * is explained.
 *
 * `matchTable` runs the stages in order, each explaining some of the words the ones before left
 * open: glossary terms and column names (`match-mentions.ts`), values and stated conditions
 * (`match-filters.ts`), measures named by what they hold (`match-measure-words.ts`), P&L
 * sections (`match-pnl.ts`), dates (`match-dates.ts`), words of the table itself
 * (`match-table-words.ts`), and the rows and subject (`match-subject.ts`).
 * @module agent/planner/match-table
 */
import { askedUnitWords } from './measure-units.js';
import type { GlossaryTerm } from '../glossary.js';
import { mergeValueFilters } from './match-values.js';
import { matchRowCounts } from './row-count-conditions.js';
import { resolveOwnedColumns } from './owned-columns.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { isFiller } from './filler-words.js';
import { resultLineProblem } from './result-lines.js';
import { cellStems, matchScoreWords } from './score-mentions.js';
import { crowdNoun, gameWords, releaseGameNumberMentions } from './game-rows.js';
import { namesNothing } from './table-subject.js';
import { streakAsked } from './streaks.js';
import { distanceProblems, glossaryMatches, mentionEvidence, moneyMentions, nameMentions, trailingNameWords } from './match-mentions.js';
import { amountVerbs, impliedMeasureMentions, totalPointsMention } from './match-measure-words.js';
import { pnlConcepts, sectionMoneyFilters } from './match-pnl.js';
import { codedFilters, measureRowFilter, placeholderRows, statedConditions, valueFilters, winWordsOfNamedAward, winWordsOfWinnerFilter, yesNoFilters } from './match-filters.js';
import { adjacentRowAsked } from './adjacent-rows.js';
import { yearsBetweenAsked } from './years-between.js';
import { EVENT_DATE_STEMS, otherEventThan } from './event-words.js';
import { holdsEventYears } from './table-profile.js';
import { servedWords, termColumns } from './term-columns.js';
import { tokensOf } from './normalize-text.js';
import { datedVerbs, questionDates } from './match-dates.js';
import { agentVerbsOfValue, butBetweenConditions, chartVerbsOfCondition, chartedInFilters, namingWordsOfValue, sideNounProblem, sideNounsOfValue, underColumnWords } from './condition-verbs.js';
import { numberedRowFilter, ordinalsOfNumberings } from './numbered-rows.js';
import { dropNominationObjects } from './award-results.js';
import { stageReachedFilter } from './stage-reached.js';
import { cupWinFilters } from './cup-wins.js';
import { otherWordsOfExclusion } from './exclusions.js';
import { openWords, tableWords } from './match-table-words.js';
import { columnVerbProblem } from './column-verbs.js';
import { rowWords, subjectWords } from './match-subject.js';
import { initialLetterFilter } from './initial-letters.js';

export { isFiller } from './filler-words.js';

/** Context for matching: the glossary and tables usable as lookups. */
export interface MatchContext {
  glossary: GlossaryTerm[];
  lookups: TableProfile[];
  /** The table is the only one that could answer (one visible table family): an unmapped count noun may name its rows. */
  soleTable?: boolean;
}

/**
 * "what was the combined score against Leeds": "the combined score", with no ranking, average or
 * condition on it, is the score of one game (its two sides added up), never a total over games.
 */
function theCombinedScore(parsed: ParsedQuestion, mentions: ColumnMention[]): boolean {
  const at = parsed.tokens.findIndex((t) => t.norm === 'combined');
  if (at < 1 || parsed.tokens[at - 1].norm !== 'the' || parsed.superlative || parsed.averageWords || parsed.countWords) return false;
  if (parsed.comparisons.some((c) => Math.min(...c.tokens) > at && Math.min(...c.tokens) <= at + 3)) return false;
  return mentions.some((m) => m.tokens.includes(at) && m.tokens.includes(at + 1));
}

const YEAR_STEM = tokensOf('year')[0].stem;

/** Problems where "year" names a column of an event's years (`holdsEventYears`) and the question's verb names another event. */
function otherEventOfYears(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], filters: Filter[]): string[] {
  // the column "year" names, or the one such column of a table with none named for years when the question asks a year or "when"
  const named = mentions.find((m) => holdsEventYears(m.info.column) && m.hits.some((h) => h.stem === YEAR_STEM))?.info;
  const asked = parsed.tokens.some((t) => t.stem === YEAR_STEM || t.norm === 'when') && !profile.columns.some((c) => c.stems.includes(YEAR_STEM) && !holdsEventYears(c.column));
  const held = profile.columns.filter((c) => holdsEventYears(c.column));
  const byYear = named ? { info: named } : asked && held.length === 1 ? { info: held[0] } : undefined;
  // "bishops in office for at least two years" over Office started and Office ended: the years of a term (`term-columns.ts`)
  if (!byYear || (termColumns(profile) && servedWords(parsed, () => true).length > 0)) return [];
  // a past form ("retired") or a verb after "did" ("did she retire"), whatever else explains the word (a Result of "Retired")
  const own = new Set(tokensOf(byYear.info.column.name.replace(/_/g, ' ')).map((t) => t.stem));
  const auxiliary = parsed.tokens.some((t) => ['did', 'does', 'do', 'will'].includes(t.norm));
  const other = otherEventThan(parsed, byYear.info.column.name)
    ?? (auxiliary ? parsed.tokens.find((t) => EVENT_DATE_STEMS.has(t.stem) && !own.has(t.stem))?.norm : undefined);
  if (other) return [`'${other}' names another event than ${byYear.info.column.name}, the years the table gives`];
  // "in what year was the Singer Building sold" over Built: the year asked is of an event the question must name
  // (a word inside a value named does not name the event: "the Singer Building" says nothing of Built)
  const valueWords = new Set(filters.flatMap((f) => f.values?.flatMap((v) => v.tokens) ?? []));
  const eventNamed = parsed.tokens.some((t) => !valueWords.has(t.index) && own.has(t.stem) && EVENT_DATE_STEMS.has(t.stem));
  if ([...own].some((stem) => EVENT_DATE_STEMS.has(stem)) && !eventNamed) return [`${byYear.info.column.name} dates one event, and the question names no word of it: say which year is asked`];
  // "what year was Tom Green re-elected" over Elected: a later election than the one the column dates
  if (/\bre-?\s?elect/.test(parsed.folded)) return [`a re-election is another election than the one ${byYear.info.column.name} dates`];
  return [];
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

  // "the years they made the playoffs" over a Playoffs column of stages reached and "Did Not Make Playoffs"
  const stage = stageReachedFilter(parsed, profile.table.columns, (i) => free(i) && !covered.has(i));
  if (stage) {
    filters.push(stage.filter);
    stage.explained.forEach((t) => covered.add(t));
    evidence += 1;
  }

  // Values named.
  const values = valueFilters(parsed, profile, filters, covered, free);
  problems.push(...values.problems);
  evidence += values.evidence;
  const { valueTokens } = values;

  // Columns by name words and synonyms.
  nameMentions(parsed, profile, mentions, covered, free, valueTokens, dateTokens);
  dropSubsumedMentions(mentions);
  // "countries beginning with the letter C": a condition on the first letter of a named column
  const initial = initialLetterFilter(parsed, profile, mentions, (i) => free(i) && !covered.has(i));
  if (initial?.problem) problems.push(initial.problem);
  if (initial?.filter) {
    filters.push(initial.filter);
    initial.explained.forEach((t) => covered.add(t));
  }
  // "the 3rd season" over Season 1 … N: that row, never a Finish of '3rd'
  problems.push(...ordinalsOfNumberings(parsed, mentions, filters));
  dropNominationObjects(parsed, profile.table.columns, mentions); // "nominated for an award": what every row is
  // "how many German Cups did the team win" over a German Cup column of "Champion", "Semifinalist", "–"
  const cups = cupWinFilters(parsed, mentions, (i) => free(i) && !covered.has(i));
  filters.push(...cups.filters);
  cups.explained.forEach((t) => covered.add(t));

  // "how many goals did Chelsea score", "did the rams win": scores read from result cells
  const scoreWords = matchScoreWords(parsed, profile, (i) => free(i) && !covered.has(i), filters, mentions);
  if (scoreWords.dropMentions.length > 0) mentions.splice(0, mentions.length, ...mentions.filter((m) => !scoreWords.dropMentions.includes(m)));
  mentions.push(...scoreWords.mentions);
  filters.push(...scoreWords.filters);
  scoreWords.explained.forEach((t) => covered.add(t));
  problems.push(...scoreWords.problems);
  const notGrouping = scoreWords.notGrouping;
  // "games against Millwall", "the game between Haiti and South Korea", "the October 7th game": rows of a team's games
  const inCells = cellStems(profile);
  const released = releaseGameNumberMentions(parsed, profile.table, mentions, covered);
  const unnamed = namesNothing(profile);
  const ownName = (i: number): boolean => unnamed || profile.contextStems.has(tokens[i].stem);
  const games = gameWords(parsed, profile.table, filters, (i) => free(i) && !covered.has(i), (i) => free(i) && !covered.has(i) && inCells !== undefined && !inCells.has(tokens[i].stem), parsed.dates.length > 0, ownName);
  // ("the top attendance for any game": no one game, so "game" names the Game column as before)
  for (const mention of released.filter((m) => !games.explained.includes(m.tokens[0]))) {
    mentions.push(mention);
    covered.add(mention.tokens[0]);
  }
  games.explained.forEach((t) => covered.add(t));
  const crowd = crowdNoun(parsed, mentions.map((m) => m.info.column), (i) => free(i) && !covered.has(i));
  if (crowd !== undefined) covered.add(crowd);
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

  // "how many songs charted in the UK": the rows holding a position in that chart's column
  problems.push(...chartedInFilters(parsed, profile.table.columns, mentions, filters, covered, (i) => free(i) && !covered.has(i)));
  problems.push(...statedConditions(parsed, profile, mentions, filters, covered, free));
  // "how many players wore the number 25": a roster's No. column
  numberedRowFilter(parsed, profile, filters, covered, (i) => free(i) && !covered.has(i) && !valueTokens.has(i));

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

  // The rows and the subject of the table.
  const rows = rowWords(parsed, profile, context.soleTable, mentions, filters, covered, dateTokens);
  evidence += rows.evidence;
  const subject = subjectWords(parsed, profile, context.soleTable, covered, dateTokens);
  if (subjectYear !== undefined && !subject.tokens.includes(subjectYear) && dated.problem) problems.push(dated.problem);
  for (const index of winWordsOfWinnerFilter(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i), profile.table.columns)) covered.add(index);
  for (const index of winWordsOfNamedAward(parsed, filters, mentions, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of chartVerbsOfCondition(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of namingWordsOfValue(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of sideNounsOfValue(parsed, filters, profile.table.rowCount, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  const oneSide = sideNounProblem(parsed, filters, profile.table.rowCount);
  if (oneSide) problems.push(oneSide);
  for (const index of agentVerbsOfValue(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of underColumnWords(parsed, mentions, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of butBetweenConditions(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  for (const index of otherWordsOfExclusion(parsed, filters, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  // "the elevation in feet": a unit some column holds, checked against the column read once it is known
  for (const index of askedUnitWords(parsed, profile.table.columns, (i) => !covered.has(i) && !dateTokens.has(i))) covered.add(index);
  // "in what year did Mary Jones retire" over Elected, the one column of years: "year" names that column, and the
  // question's verb another event than the column dates
  problems.push(...otherEventOfYears(parsed, profile, mentions, filters));
  // "how many years between the Sun Classic and the Crowns": the words that ask the years between two named rows
  yearsBetweenAsked(parsed, profile, filters)?.tokens.forEach((t) => covered.add(t));
  // "which station comes after Naylor Road": the words that put the row asked next to the one named
  adjacentRowAsked(parsed, filters)?.tokens.forEach((t) => covered.add(t));
  // "titles released prior to 2010": the verb says what the date column records, which the date condition reads
  datedVerbs(parsed, profile, dated, mentions, filters, covered, dateTokens);
  // "how many countries have more than 1 athlete": a count of rows per group, over the conditions found so far
  problems.push(...matchRowCounts(parsed, profile, mentions, covered, filters));
  const resultLine = resultLineProblem(parsed, covered, profile.table.sqlName);
  if (resultLine) problems.push(resultLine);
  // "how many orders were shipped" beside a Shipped date with blanks: the verb may be a condition the count would drop
  const verbOfColumn = columnVerbProblem(parsed, profile, mentions, filters, (i) => !covered.has(i) && !dateTokens.has(i));
  if (verbOfColumn) problems.push(verbOfColumn);
  const unexplained = openWords(parsed, covered, dateTokens)
    .filter((i) => !isFiller(parsed, i))
    .map((i) => tokens[i].norm);
  problems.push(...distanceProblems(parsed, mentions));
  evidence += mentions.reduce((sum, m) => sum + mentionEvidence(parsed, m), 0);
  const placeholder = placeholderRows(parsed, profile, mentions);
  if (placeholder) filters.push(placeholder);
  const merged = mergeValueFilters(filters, 'apart');
  // "how many north schools scored above 600 in 2010": a condition on one year column counts rows, it adds up no periods
  const onPeriod = filters.some((f) => f.column !== undefined && profile.periods.some((p) => p.column === f.column));
  return {
    profile, mentions, filters: merged, periods: onPeriod ? undefined : dated.periods, periodText: onPeriod ? undefined : dated.periodText,
    concepts: pnl.concepts, covered, unexplained, problems, evidence, lookupTableIds: named.lookupTableIds, rowNoun: rows.rowNoun,
    ...(measureRow ? { measureRow } : {}), ...(subject.assumedSubject ? { assumedSubject: subject.assumedSubject } : {}),
    ...(notGrouping.length > 0 ? { notGrouping } : {}), ...(games.oneGame || theCombinedScore(parsed, mentions) ? { oneGame: true } : {}), ...(games.oneValueAsked ? { oneValueAsked: true } : {}),
  };
}

/**
 * "how many urban areas" over Urban Area, Area (km²) and Metropolitan Area: a mention whose words
 * are some of the words a mention of a text column matches exactly and in full (both of "Urban
 * Area") names that column, not the others that share one word. Removes the others in place.
 */
function dropSubsumedMentions(mentions: ColumnMention[]): void {
  // (its words side by side: "urban area", never a word of the name found again elsewhere in the question)
  const whole = mentions.filter((m) => m.info.column.type === 'text' && m.tokens.length >= 2 && m.tokens.length === m.info.stems.length
    && m.exact === m.strength && m.strength === m.info.stems.length && Math.max(...m.tokens) - Math.min(...m.tokens) + 1 === m.tokens.length);
  for (const mention of [...mentions]) {
    if (whole.some((w) => w !== mention && w.tokens.length > mention.tokens.length && mention.tokens.every((t) => w.tokens.includes(t)))) mentions.splice(mentions.indexOf(mention), 1);
  }
}
