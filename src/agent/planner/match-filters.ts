/**
 * Row conditions a question states: the values it names, yes/no columns, home and away games,
 * qualifiers, literal, numeric, blank and place conditions, the row of a table whose rows are
 * measures, and the placeholder rows (byes) every answer leaves out. Also the win words a
 * winner filter explains.
 * @module agent/planner/match-filters
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { matchNumberAbsence, matchTextPresence } from './absence-conditions.js';
import { nominationWords, readWinWords } from './award-results.js';
import { notFinishedFilter } from './finish-codes.js';
import { matchWordBeforeColumn, matchWordGivenAs, matchWordsInCells } from './words-in-cells.js';
import { matchOrderConditions } from './order-conditions.js';
import { valuesInSpelledName } from './table-name-words.js';
import { seasonBounds } from './season-labels.js';
import { matchValues } from './match-values.js';
import { qualifiedFilter } from './qualified-codes.js';
import { placeholderFilter } from './placeholder-rows.js';
import { matchComparisons, matchLiterals } from './match-conditions.js';
import { matchBlanks } from './absence-conditions.js';
import { matchOrdinals } from './match-ordinals.js';
import { matchPlaceComparisons, matchTopPlaces } from './top-places.js';
import { tokensOf } from './normalize-text.js';
import { matchSameAs } from './same-as.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile } from './table-profile.js';
import { streakAsked } from './streaks.js';
import { countsLayoutColumns, matchMeasureRow, measureRowLayout, type MeasureRowMatch } from './measure-rows.js';
import { gameNounAfterVenue, opponentVenueFilter } from './venue-codes.js';
import { countedAt } from './match-mentions.js';

/** Forms of the verb and noun "win" a question uses for the rows a winner column names. */
const WIN_WORDS = new Set(['win', 'wins', 'won', 'winning', 'victory', 'victories']);
/**
 * Words of a column's name that say its value is who won the row: "Winner", "Winning vehicle
 * (TA1)", "Champion", and those who received an award ("Recipient", "Laureate"), never those
 * only nominated for it ("Nominee").
 */
/** Columns of those who received an award, one a row. */
const RECIPIENT_NAME = /^(recipients?|laureates?|awardees?|honou?rees?)$/i;
/** Columns saying how a nomination or a game ended (Won, Nominated, W, L): a win word is a condition over those. */
const RESULT_NAME = /\b(result|results|outcome|status|won|award status)\b/i;
const WINNER_COLUMN_WORDS = new Set(['winner', 'winners', 'winning', 'won', 'champion', 'champions', 'victor', 'recipient', 'recipients', 'laureate', 'laureates', 'awardee', 'awardees', 'honoree', 'honorees', 'honouree', 'honourees']);

/**
 * The values the question names among the `free` words no filter took yet (`match-values.ts`),
 * then the noun after a venue ("at home games": the rows) and bounds on a column of season
 * labels ("before 2005/06": the earlier seasons), which may rewrite the filters.
 * Appends to (and may rewrite) `filters`; adds the words explained to `covered`.
 * @returns the problems (values in doubt, values spelled in the table's name), the evidence
 *   (2 a value filter), and `valueTokens`: the tokens of every filter found so far
 */
export function valueFilters(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[], covered: Set<number>, free: (index: number) => boolean): { problems: string[]; evidence: number; valueTokens: Set<number> } {
  const problems: string[] = [];
  const taken = new Set(filters.flatMap((f) => f.tokens));
  // "how many times was she nominated" over Result (Won, Nominated): every row, not Result = 'Nominated'
  const nominated = nominationWords(parsed, profile.table.columns, (i) => free(i) && !taken.has(i));
  problems.push(...nominated.problems);
  [...nominated.everyRow, ...nominated.explained].forEach((t) => covered.add(t));
  const values = matchValues(parsed, profile, (i) => free(i) && !taken.has(i) && !nominated.everyRow.includes(i));
  problems.push(...values.problems);
  filters.push(...values.filters);
  readWinWords(parsed, profile.table.columns, nominated.everyRow, filters, covered, (i) => free(i) && !taken.has(i));
  problems.push(...valuesInSpelledName(parsed, profile, values.filters)); // "the trader list" over Trader_List.xlsx with a Title 'Trader'
  const valueTokens = new Set(filters.flatMap((f) => f.tokens));
  valueTokens.forEach((t) => covered.add(t));
  gameNounAfterVenue(parsed, filters, free).forEach((t) => covered.add(t)); // "at home games": the rows
  // "before 2005/06" over a column of season labels: the earlier seasons
  const seasons = seasonBounds(parsed, filters, (i) => free(i) && !covered.has(i));
  filters.splice(0, filters.length, ...seasons.filters);
  seasons.explained.forEach((t) => covered.add(t));
  return { problems, evidence: 2 * values.filters.length, valueTokens };
}

/**
 * Yes/no columns the question names ("flagged") filter to their yes value, or to their no value
 * when negated or right after an open "no" ("had no kids"). A mention with no value for that
 * side is skipped. Appends the filters to `filters`, marks each such mention `usedAsFilter`,
 * and adds a "no" it read to `covered`.
 */
export function yesNoFilters(parsed: ParsedQuestion, mentions: ColumnMention[], filters: Filter[], covered: Set<number>, free: (index: number) => boolean): void {
  const { tokens } = parsed;
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
}

/**
 * Conditions on rows a sports table marks by codes: home and away games ("how many games were
 * at home": opponents written "at X" are away) and qualifiers ("how many swimmers qualified":
 * a Notes column's Q or q). Appends the filters to `filters`; adds their words to `covered`.
 * @returns the problems (a qualifier mark that cannot be read) and the evidence (1 a filter)
 */
export function codedFilters(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[], covered: Set<number>, free: (index: number) => boolean): { problems: string[]; evidence: number } {
  const problems: string[] = [];
  let evidence = 0;
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
  // "how many times did he not finish the race": the rows a Pos. column marks DNF or Ret
  const retired = notFinishedFilter(parsed, profile, (i) => free(i) && !covered.has(i));
  if (retired && 'problem' in retired) problems.push(retired.problem);
  else if (retired) {
    filters.push(retired);
    retired.tokens.forEach((t) => covered.add(t));
    evidence += 1;
  }
  return { problems, evidence };
}

/**
 * The conditions the question states on the columns it names, in turn: literals, numeric
 * comparisons, "the same as", blanks, absent numbers, comparisons of places, ordinals, and
 * "in the top N". Each appends its filters to `filters` and adds its words to `covered`.
 * @returns the problems found, in that order
 */
export function statedConditions(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], filters: Filter[], covered: Set<number>, free: (index: number) => boolean): string[] {
  const problems: string[] = [];
  problems.push(...matchLiterals(parsed, mentions, covered, filters, free));
  problems.push(...matchWordsInCells(parsed, mentions, covered, filters, free)); // "the word 'best' in the Category column"
  matchOrderConditions(parsed, mentions, covered, filters, free); // "after week 5", "before round 3"
  matchWordBeforeColumn(parsed, mentions, covered, filters, free); // "a gold certification" over "GER: Platinum / AUT: Gold"
  matchWordGivenAs(parsed, mentions, covered, filters, free); // "location given as 'unknown'" over "To Southern Pacific #9. Unknown."
  problems.push(...matchComparisons(parsed, profile, mentions, covered, filters));
  problems.push(...matchSameAs(parsed, profile, mentions, covered, filters));
  matchBlanks(parsed, mentions, covered, filters, free);
  problems.push(...matchNumberAbsence(parsed, mentions, covered, filters, free));
  problems.push(...matchTextPresence(parsed, profile.table.rowCount, mentions, covered, filters, free)); // "how many locomotives have names"
  problems.push(...matchPlaceComparisons(parsed, profile, mentions, covered, filters));
  matchOrdinals(parsed, profile, mentions, covered, filters, free);
  const topProblem = matchTopPlaces(parsed, profile, mentions, covered, filters);
  if (topProblem) problems.push(topProblem);
  return problems;
}

/**
 * "the sunshine hours in September" over rows of measures and columns of months: the row the
 * question names, and the column the date names (`measure-rows.ts`). Appends the row's filter
 * to `filters`; adds its words to `covered`.
 * @returns the match (undefined when none), the problem when the reading fails, and the evidence (2 a row)
 */
export function measureRowFilter(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[], covered: Set<number>): { measureRow?: MeasureRowMatch; problem?: string; evidence: number } {
  const measured = matchMeasureRow(parsed, profile, covered);
  measured?.explained?.forEach((t) => covered.add(t));
  const measureRow = measured?.match;
  let evidence = 0;
  if (measureRow) {
    filters.push(measureRow.row);
    measureRow.tokens.forEach((t) => covered.add(t));
    evidence += 2;
  }
  // "how many months …" with a condition is on the cells of the row named (`matchComparisons` leaves it): with no row, it is unread
  const layout = measureRowLayout(profile);
  const unread = !measured?.problem && !measureRow && layout !== undefined && countsLayoutColumns(parsed, layout);
  // "the precipitation in July" over rows "Precipitation (mm)" and "Precipitation (in)": two measures, never added up
  // … where one phrase names them all ("exports and imports" names two rows on purpose)
  const samePhrase = (f: Filter): boolean => new Set((f.values ?? []).map((v) => v.tokens.join(' '))).size === 1;
  const several = layout && !measureRow ? filters.find((f) => f.column === layout.key && !f.negated && (f.values?.length ?? 0) > 1 && samePhrase(f)) : undefined;
  const problem = measured?.problem ?? (unread ? `a condition on numbers over ${profile.table.sqlName} (one row per measure) needs the row it is said of` : undefined)
    ?? (several ? `the question names several rows of ${profile.table.sqlName} (${several.values?.map((v) => `'${v.value}'`).join(', ')}), each a measure of its own: say which` : undefined);
  return { ...(problem ? { problem } : {}), ...(measureRow ? { measureRow } : {}), evidence };
}

/**
 * A bye week written "Bye" across its row is no game: the filter that leaves such placeholder
 * rows out of every answer, unless "how many weeks" counts the weeks the rows number (the bye
 * week too) or a run of rows is asked (a streak skips such rows itself).
 * @returns the filter, or undefined when none applies
 */
export function placeholderRows(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[]): Filter | undefined {
  const countedColumns = mentions.filter((m) => m.tokens.some((t) => countedAt(parsed, t))).map((m) => m.info.column);
  return streakAsked(parsed) ? undefined : placeholderFilter(parsed, profile, countedColumns);
}

/**
 * "how many wins does Troy State have", "the number of times Electrodyne won": over one row per
 * game or race and a column naming who won it, the win words name that column, whose value the
 * question gives: the rows counted are the wins. Only when a filter (not negated) is on such a
 * column; the word is explained, it adds no condition.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the win words explained
 */
export function winWordsOfWinnerFilter(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean, columns: CatalogColumn[] = []): number[] {
  const byWinner = filters.some((filter) => !filter.negated && filter.column !== undefined && tokensOf(filter.column.name).some((token) => WINNER_COLUMN_WORDS.has(token.norm)));
  // "the first person of Israel nationality to win the award" over a list of an award's recipients (Year | Recipient |
  // Nationality, no Result column): every row is one award given, so the win word says what every row is
  const recipients = columns.some((c) => c.type === 'text' && RECIPIENT_NAME.test(c.name.replace(/_/g, ' '))) && !columns.some((c) => RESULT_NAME.test(c.name.replace(/_/g, ' ')));
  if (!byWinner && !recipients) return [];
  return parsed.tokens.filter((token) => WIN_WORDS.has(token.norm) && open(token.index)).map((token) => token.index);
}

/**
 * "how many times did Mauro Biello win MVP" over one column per award whose cells name who won
 * it: the win word right before the name of the column a value filter is on (past "the", "a",
 * "an") says the value is that column's winner, which the filter reads. The word is explained;
 * it adds no condition.
 * @returns the indexes of the win words explained
 */
export function winWordsOfNamedAward(parsed: ParsedQuestion, filters: Filter[], mentions: ColumnMention[], open: (index: number) => boolean): number[] {
  const filtered = new Set(filters.filter((f) => !f.negated && f.values !== undefined && f.column?.type === 'text').map((f) => f.column));
  return parsed.tokens.filter((token) => {
    if (!WIN_WORDS.has(token.norm) || !open(token.index)) return false;
    let next = token.index + 1;
    while (['the', 'a', 'an', 'his', 'her', 'their', 'its', 'first'].includes(parsed.tokens[next]?.norm ?? '')) next++;
    return mentions.some((m) => filtered.has(m.info.column) && m.tokens.includes(next));
  }).map((token) => token.index);
}
