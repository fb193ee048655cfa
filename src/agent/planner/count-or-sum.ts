/**
 * The choice between counting rows and adding up a measure: "how many orders" counts rows (or
 * distinct values), "how many goals did Chelsea score" adds up Goals, "the total of discs
 * released" is their number. Also the checks that a count answers what was asked (a count of
 * rows that each name one value named is no answer).
 * @module agent/planner/count-or-sum
 */
import { countsOtherValues, noneValues } from './exclusions.js';
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import type { GroupKey } from './find-group.js';
import { countedPhraseStart, endsCountedPhrase } from './counted-nouns.js';
import { countedFirmsColumn, countedPeopleColumn } from './competitor-nouns.js';
import { namesAmountDone } from './choose-measure.js';
import { isFiller } from './filler-words.js';
import type { Measure } from './measures.js';
import { isDemonymStem, namedByDemonym } from './demonyms.js';
import { nearlyOneRowEach } from './read-checks.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { tokensOf } from './normalize-text.js';
import { EVENT_NOUNS } from './vocabulary.js';
import { opponentColumnOf } from './game-rows.js';
import { AWARD_STEMS, NOMINATION_STEMS, isAwardResultColumn } from './award-results.js';
import { averageOf, countNounNotRows, distinctAsked, measureBesideCount, namesEntities, soldQuantityColumn, sumMeasure } from './measure-guards.js';
import type { QuerySpec } from './interpret-match.js';

/** Plural words for persons that the counted phrase may start with though they are no row noun. */
const PEOPLE_WORDS = new Set(['people', 'persons', 'individuals']);

const EVENT_STEMS = new Set([...EVENT_NOUNS].map((word) => tokensOf(word)[0].stem));

/**
 * Whether "how many …" counts rows or adds up the measure the question names, and the count when
 * it counts: a non-additive count noun is read as its one row's value (or declined); "how many
 * times" counts rows, and declines a measure not filtered on; a metric named by a filtered value
 * over period columns ("how many orders in February") is its periods' value; "the average number
 * of draws" over a Draw column of counts is its mean; otherwise, unless the named measure is
 * summed (an additive column the count noun names, or one counting the rows a value picks), the
 * rows, distinct values, a cell's written number or a sold quantity are counted.
 * @param mention the measure the question names (`pickMeasure`), if any
 * @param groupMention the mention the grouping came from, never counted
 * @param perRow the grouping is one row each ("per row")
 * @returns the measure or the problem when the question counts (or its count words decide);
 *   undefined when the measure named (or its absence) decides instead
 */
export function countOrSum(parsed: ParsedQuestion, match: TableMatch, mention: ColumnMention | undefined, groupMention: ColumnMention | undefined, perRow: boolean, group: GroupKey | undefined): { measure?: Measure; problem?: string } | undefined {
  const profile = match.profile;
  const countNoun = findCountNoun(parsed, match);
  if (parsed.countWords && countNoun?.info.numeric && countNoun === mention && countNoun.info.column.aggregation !== 'sum' && !namesEntities(parsed, countNoun)) {
    // "how many deaths were reported in 1999": the one row the conditions keep is read as it is (no value when several rows differ)
    if (match.filters.length > 0 && !group && !parsed.sumWords) return { measure: { kind: 'column', fn: 'single', column: countNoun.info.column } };
    // "the total number of points by Franco Pellizotti" over one row a rider: that row's points, no value unless one row is kept
    if (match.filters.length > 0 && !group) return { measure: { kind: 'column', fn: 'single', column: countNoun.info.column, oneRow: true } };
    return { problem: `'how many' asks to add up ${countNoun.info.column.name}, which is not additive (${countNoun.info.column.aggregation})` };
  }
  // "how many songs from the album …": the counted noun is another column than the measure named, so rows are counted
  // "how many times …" counts occurrences (rows), whatever measure the condition names
  const timesAsked = parsed.countNounAt !== undefined && parsed.tokens[parsed.countNounAt]?.norm === 'times';
  // "how many games did Fylkir win" over a standings table: "games" is no name of the rows (teams) when an additive
  // column the question names (Won) counts them for the row a value picks; the rows are not counted then
  // (a count of things: integer, no unit; "how many races did X win" over "Win $" counts races, never adds up prize money)
  const countsRowNoun = match.rowNoun !== undefined && mention !== undefined && !mention.usedAsFilter && mention.info.column.aggregation === 'sum'
    && mention.info.column.type === 'integer' && mention.info.column.unit === undefined && !mention.info.column.currency && !mention.viaMoney
    && mention.tokens.every((t) => t > (match.rowNoun ?? 0)) && [...match.filters, ...(match.setAside ?? [])].some((f) => f.values !== undefined && !f.negated);
  const sumsMention = (match.rowNoun === undefined || countsRowNoun) && !timesAsked && mention && !mention.viaMoney && mention.info.column.aggregation === 'sum' && !namesEntities(parsed, mention)
    && (!countNoun || countNoun.info.column === mention.info.column || (countNoun.info.numeric && mention.tokens.includes(countNoun.tokens[0])) // "goals" over Goals For and Against: the one the verb picked
      || namesAmountDone(parsed, mention, countNoun)); // "how many laps did he lead" over Laps and Led: Led
  // "how many times did Meta drive a conversion": the times an amount was above zero, not every row; declined
  if (timesAsked && mention && mention.info.numeric && !mention.usedAsFilter && !match.filters.some((f) => f.column === mention.info.column)) {
    return { problem: `'how many times' with ${mention.info.column.name} asks for the rows where it happened, not a count of every row` };
  }
  // "how many orders in February" over a table of metrics by period columns (Orders, Returns …; Jan, Feb, Mar):
  // the noun counted is the metric a row holds, so its value over the periods is asked, never a count of its row
  if (parsed.countWords && !mention && match.periods && profile.periods.length > 0 && countsFilteredValue(parsed, match)) {
    return { measure: { kind: 'periods', periods: match.periods } };
  }
  // "how many naturalisations from Asia in 2005" over "Naturalisations by origin | 2000 | 2005": the noun counted is
  // what the year cells hold (`cellStems`), so they are added up for the year named; with no year named, no count of rows
  const counted = parsed.countWords ? countedPhraseStart(parsed) : undefined;
  if (counted !== undefined && !mention && profile.cellStems?.has(parsed.tokens[counted].stem)) {
    // … "the average / highest number of naturalisations in 2009" is no total of the cells: not read
    if (parsed.averageWords || parsed.superlative || group) return { problem: `'${parsed.tokens[counted].norm}' is what the year cells hold: only their total for one year is read` };
    if (!match.periods || match.periods.length !== 1 || match.periods[0].column.aggregation !== 'sum') return { problem: `'${parsed.tokens[counted].norm}' is what the cells of ${profile.periods.map((p) => p.label).join(', ')} hold: say which one year` };
    return { measure: { kind: 'periods', periods: match.periods } };
  }
  // "what is the average number of draws" over a Draw column of counts: the column's mean over the rows, never a count of them
  // … never over a column the plural names as things ("the average number of episodes" over Episode 1, 2, 3: numbers of episodes)
  if (parsed.averageWords && parsed.countWords && !group && !perRow && countNoun && countNoun === mention && countNoun.info.numeric && countNoun.info.column.aggregation === 'sum' && !countNoun.usedAsFilter && !namesEntities(parsed, countNoun)) {
    return averageOf(countNoun.info.column, profile.table.rowCount);
  }
  if (parsed.countWords && !sumsMention) {
    const unused = !timesAsked && match.rowNoun === undefined ? measureBesideCount(mention, countNoun) : undefined;
    if (unused) return { problem: unused };
    const inCells = match.mentions.find((m) => m.cellNoun !== undefined);
    if (inCells?.cellNoun) {
      if (match.filters.length === 0 || group) return { problem: `the number of ${inCells.cellNoun} is written in each ${inCells.info.column.name} cell: say which row` };
      return { measure: { kind: 'cellNumber', column: inCells.info.column, noun: inCells.cellNoun } };
    }
    const column = countNoun?.info.column;
    if (distinctAsked(parsed)) {
      const counted = countNoun ? strongestAt(match, countNoun.tokens[0]) : undefined;
      if (counted && counted !== groupMention && !counted.usedAsFilter) return { measure: { kind: 'countDistinct', column: counted.info.column } };
      return { problem: `could not tell which column's distinct values to count in ${profile.table.sqlName}` };
    }
    // "how many albums besides X": a value set aside keeps the count on the column's values, never its rows
    const filteredByValue = match.filters.some((f) => f.column === column && f.values !== undefined && !f.negated);
    // "discs" over Disc/Song and Disc Description: the word names no one column, so the rows (the discs) are counted
    // … but "cities" over Store and City names City: a column named as written beats one reached only by a synonym
    const exactAt = (m: ColumnMention, t: number): boolean => m.hits[m.tokens.indexOf(t)]?.exact === true;
    const tied = countNoun !== undefined && match.mentions.some((m) => m.info.column !== column && !m.info.numeric
      && m.tokens.some((t) => countNoun.tokens.includes(t) && (exactAt(m, t) || !exactAt(countNoun, t))));
    if (countNoun && column && match.rowNoun === undefined && !filteredByValue && !tied && !countNoun.info.numeric && column.concept !== 'identifier' && countNoun !== groupMention && !countNoun.usedAsFilter && column.type !== 'date') {
      // "how many competitions were not in the UK" over a column that repeats its values: the
      // rows (entries) or the distinct competitions? Without "different"/"distinct" only an
      // answer on which both readings agree is given.
      // "how many countries are there" with no condition asks what values exist: the distinct count.
      // "how many events were there" asks what happened: each row may be one (Market in June and in
      // August), so in the past tense both readings stand and only an answer they agree on is given.
      // "how many competitions were not in the UK", "the total number of tournaments" over a dated list: a
      // competition held again is another competition, so each dated row is one and the rows are counted
      // … when no two rows hold the same competition on the same date (rounds of one tournament are one tournament)
      // "how many transfers" over "Transfer Fee (€ millions)": the noun names what the column is an amount of, not its values
      const head = headStem(column.name);
      // "how many games had an attendance of at most 15,000" over a team's list of games beside "Game site": each row is a game
      // … only where every row is a game: an Opponent in every row, none a bye week
      const opponent = opponentColumnOf(profile.table);
      const everyRowAGame = opponent !== undefined && opponent.profile.nullCount === 0 && opponent.profile.distinct !== undefined && !opponent.profile.distinct.some((v) => /\bbye\b/i.test(String(v)));
      if (everyRowAGame && countNoun.tokens.every((t) => /^(games|matches)$/.test(parsed.tokens[t].norm)) && head !== undefined && !countNoun.hits.some((hit) => hit.stem === head)) {
        return { measure: { kind: 'count' } };
      }
      if (head !== undefined && ATTRIBUTE_HEADS.has(head) && !countNoun.hits.some((hit) => hit.stem === head)) {
        return { problem: `'${countNoun.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' names what ${column.name} is an amount of: counting its different values would not count them` };
      }
      const when = profile.dateColumns[0] ?? (profile.yearColumn !== column ? profile.yearColumn : undefined);
      if (when && namesEvents(column, countNoun, parsed)) return { measure: { kind: 'count', oneRowEach: [column, when] } };
      // "how many awards did she receive with U&I" over an awards list (Result: Won, Nominated): each row is one award
      // given (or a nomination for it) in one year and category; the same award named again is another one
      if (countsAwardsGiven(column, parsed, match)) return { measure: { kind: 'count' } };
      // "how many medals were given out" over a medallists' list (Medal: Gold, Silver, Bronze): each row is one medal won
      if (countsMedalsWon(column, countNoun, parsed, profile.table)) return { measure: { kind: 'count' } };
      const pastTense = parsed.tokens.some((t) => t.norm === 'were' || t.norm === 'was' || t.norm === 'existed');
      const existence = match.filters.length === 0 && !match.dateFilter && !group && !pastTense && parsed.tokens.some((t) => t.norm === 'there' || t.norm === 'exist');
      // "how many countries have more than 1 athlete": the countries kept by a count of their rows are counted once each
      const groupsCounted = match.filters.some((f) => f.groupsOf === column);
      // "how many other albums besides X": the other values are asked, and "single only" is no album
      const others = countsOtherValues(parsed, match.filters, column);
      const leaveOut = noneValues(column);
      return { measure: { kind: 'countDistinct', column, ...(repeatsValues(match, column) && !existence && !groupsCounted && !others ? { onlyIfRowsAgree: true } : {}), ...(leaveOut.length > 0 ? { leaveOut } : {}) } };
    }
    // "how many dates are listed" over a Date column that repeats its dates: the rows or the different dates; only
    // an answer both readings agree on is given (the column named as written: "how many days from … to …" is a span)
    if (countNoun && column && column.type === 'date' && countNoun.hits.every((hit) => hit.exact) && match.rowNoun === undefined && !filteredByValue && !tied && countNoun !== groupMention && !countNoun.usedAsFilter && !match.dateFilter) {
      return { measure: { kind: 'countDistinct', column, onlyIfRowsAgree: true } };
    }
    // "how many years did he release singles" over a Year column that repeats its years: the different years, never the rows
    if (countNoun && column && column === profile.yearColumn && countNoun !== groupMention && !countNoun.usedAsFilter && !filteredByValue && repeatsValues(match, column)) {
      return { measure: { kind: 'countDistinct', column } };
    }
    const sold = !countNoun || countNoun.usedAsFilter ? soldQuantityColumn(parsed, match) : undefined;
    if (sold) return sumMeasure(match, sold, group);
    const notRows = countNoun ? undefined : countNounNotRows(parsed, match);
    if (notRows) return { problem: `${profile.table.sqlName} has no column for '${notRows}' and its rows are not ${notRows}` };
    // "how many competitors were there" where an athlete has a row per event: each person once
    // ("how many people are there": "people" is filler to the row noun, yet it asks for persons, each once)
    const start = match.rowNoun === undefined && parsed.countWords ? parsed.countNounAt : undefined;
    const peopleAt = start !== undefined && PEOPLE_WORDS.has(parsed.tokens[start]?.norm ?? '') ? start : match.rowNoun;
    const people = countNoun ? undefined : countedPeopleColumn(parsed, profile, peopleAt);
    if (people?.problem !== undefined) return { problem: people.problem };
    // "how many companies are there" over locomotives with a Builder column: the different builders
    const firms = countNoun || people ? undefined : countedFirmsColumn(parsed, profile, match.rowNoun);
    if (firms) return { measure: { kind: 'countDistinct', column: firms.column } };
    if (people) return { measure: { kind: 'countDistinct', column: people.column, ...(people.alongWith ? { alongWith: people.alongWith } : {}) } };
    return { measure: { kind: 'count' } };
  }
  return undefined;
}

/** True when the counted column, or the word counting it, names events (competitions, tournaments, races …). */
/**
 * "how many awards did she receive", "charlie sheen was nominated for a total of how many awards":
 * over a list whose result column says Won or Nominated (`isAwardResultColumn`), a count of the
 * Award column, asked by the noun "awards" (or "prizes", "honours") with the result said (a
 * condition on the result column: won, received) or every row named (a nomination word),
 * counts its rows: an award given again, another year or in another category, is another
 * award, as an analyst counts a performer's awards. Never "award shows", nor awards "listed"
 * or "given" (nominations or wins?), nor "categories" (a category is one whatever the year).
 */
/** Words that may follow the noun counted when it ends its phrase: an auxiliary, a preposition, a relative word. */
const AFTER_COUNTED_NOUN = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'was', 'were', 'is', 'are', 'will', 'in', 'for', 'from', 'at', 'by', 'with', 'of', 'on', 'between', 'during', 'since', 'before', 'after', 'that', 'which', 'she', 'he', 'they', 'it', 'total', 'altogether', 'overall']);

function countsAwardsGiven(column: CatalogColumn, parsed: ParsedQuestion, match: TableMatch): boolean {
  const result = match.profile.table.columns.find((c) => isAwardResultColumn(c));
  const at = parsed.countNounAt;
  if (!result || at === undefined || !AWARD_STEMS.has(parsed.tokens[at]?.stem ?? '')) return false;
  // … the noun ends the phrase counted: "award shows", "award ceremonies" count other things
  // (or a parenthesis saying what they are: "awards (nominations and wins)")
  const next = parsed.tokens[at + 1];
  if (next !== undefined && !AFTER_COUNTED_NOUN.has(next.norm) && !NOMINATION_STEMS.has(next.stem)) return false;
  const said = match.filters.some((f) => f.column === result) || parsed.tokens.some((t) => NOMINATION_STEMS.has(t.stem));
  return said && tokensOf(column.name.replace(/_/g, ' ')).some((t) => AWARD_STEMS.has(t.stem));
}

/** Medal colours as a medallists' list writes them ("Gold", "Silver medal", "Bronze"). */
const MEDAL_VALUE = /^(gold|silver|bronze)(\s+medal)?$/i;

/**
 * "How many medals did France win" over a list of medallists, one medal a row (Medal: Gold,
 * Silver, Bronze): the noun counted is "medal(s)", the column is named Medal, and every value is a
 * medal's colour, so each row is one medal and the rows are counted; the different colours
 * (at most three) would never be the number asked. Not where a row has no medal (a results list
 * with the medallists marked) nor where a column of numbers may count the medals of a row (a
 * "Country | Medal | Count" table adds them up).
 */
function countsMedalsWon(column: CatalogColumn, countNoun: ColumnMention, parsed: ParsedQuestion, table: CatalogTable): boolean {
  if (!countNoun.tokens.some((t) => /^medals?$/.test(parsed.tokens[t].norm)) || column.type !== 'text') return false;
  if (!/^medals?$/i.test(column.name.trim()) || column.profile.nullCount > 0) return false;
  if (table.columns.some((c) => (c.type === 'integer' || c.type === 'decimal') && c.concept === 'measure' && c.aggregation === 'sum')) return false;
  const values = column.profile.distinct;
  return values !== undefined && values.length > 0 && values.every((v) => MEDAL_VALUE.test(String(v).trim()));
}

function namesEvents(column: CatalogColumn, countNoun: ColumnMention, parsed: ParsedQuestion): boolean {
  const said = countNoun.tokens.map((t) => parsed.tokens[t].stem);
  const named = tokensOf(column.name.replace(/_/g, ' ')).map((t) => t.stem);
  return said.some((stem) => EVENT_STEMS.has(stem)) && named.some((stem) => EVENT_STEMS.has(stem));
}

/** Outcomes of games a total of which is their number: "the total wins". */
const OUTCOME_NOUNS = new Set(['wins', 'losses', 'draws', 'ties', 'victories', 'defeats']);

/**
 * "the total amount of routes listed", "the total of discs released in 1989": a total of
 * things a text column names (not of a measure) is their number, so it is read as "how many".
 * So is "the total wins" where the noun is the rows a condition keeps (the games won).
 * Where the table also holds an amount to add up ("the total of all names" beside Sales), a
 * "total"/"amount" of them could be their number or that sum: a problem, never a guess.
 * @returns the token of the counted noun, or the problem
 */
export function totalOfEntities(parsed: ParsedQuestion, match: TableMatch): { at?: number; problem?: string } | undefined {
  if (parsed.countWords || !parsed.sumWords || parsed.averageWords || parsed.superlative) return undefined;
  const words = parsed.tokens.map((t) => t.norm);
  for (let i = 0; i + 1 < words.length; i++) {
    // "the total wins this season" over a team's games: the noun is the outcome of the rows a condition keeps (the games
    // won), so their number; never "the total sales" over a Category of Sales beside an Amount, which adds the amounts up
    // (the outcome read from result cells, never a value of a column: "the total losses" over a Category of Losses beside an Amount)
    if (words[i] === 'total' && OUTCOME_NOUNS.has(words[i + 1]) && match.filters.some((f) => !f.negated && f.values === undefined && f.tokens.includes(i + 1))
      && !match.mentions.some((m) => m.info.numeric && !m.usedAsFilter) && !parsed.tokens.some((t) => t.norm === 'much')) return { at: i + 1 };
    if (!['total', 'amount', 'number'].includes(words[i]) || words[i + 1] !== 'of' || i + 2 >= words.length) continue;
    let j = i + 2;
    while (['the', 'all'].includes(words[j] ?? '')) j++;
    // a measure named elsewhere ("the total amount of goals scored") is what is totalled
    if (match.mentions.some((m) => m.info.numeric && !m.usedAsFilter && !m.tokens.every((t) => t === j))) return undefined;
    // ("the total amount of years listed" names the Year column: its years are counted, never added up)
    const years = words[j] === 'years' && match.profile.yearColumn !== undefined;
    const named = match.mentions.find((m) => m.tokens.includes(j) && !m.usedAsFilter && (!m.info.numeric || (years && m.info.column === match.profile.yearColumn)));
    // … or the plural of a value a condition keeps ("the total amount of films" over a Genre of Film and TV)
    const kept = /[a-z]{2,}s$/.test(words[j]) && match.filters.some((f) => !f.negated && f.values?.some((v) => v.tokens.length === 1 && v.tokens[0] === j));
    const counted = (named && (named.info.column.type === 'text' || years) && /[a-z]{2,}s$/.test(words[j])) || (!named && (match.rowNoun === j || kept));
    if (!counted) continue;
    // a column the question filters on ("released in 1989") is a condition, not the amount in doubt
    const filtered = new Set(match.filters.map((f) => f.column?.sqlName));
    // … and a duration (a race's Time) is added up only when named: "the total of athletes" is never their summed times
    const sums = words[i] === 'number' ? [] : match.profile.columns.filter((c) => c.numeric && c.column.derived === undefined && c.column.concept === 'measure' && c.column.aggregation === 'sum' && c.column.unit !== 'seconds' && !filtered.has(c.column.sqlName) && c.column !== match.profile.yearColumn);
    if (sums.length > 0) return { problem: `'${words[i]} of ${words[j]}' could be the number of ${words[j]} or the sum of ${sums.map((c) => c.column.name).join(' or ')}: ask "how many ${words[j]}" or name the column to add up` };
    return { at: j };
  }
  return undefined;
}

/** True when `column` holds the same value in several rows (its distinct values are fewer than the filled rows). */
function repeatsValues(match: TableMatch, column: CatalogColumn): boolean {
  const filled = match.profile.table.rowCount - column.profile.nullCount;
  return column.profile.distinctCount < filled;
}

/** The column that explains most of the words from `index` on ("order dates": Order Date, not Order ID); undefined on a tie. */
function strongestAt(match: TableMatch, index: number): ColumnMention | undefined {
  const here = match.mentions.filter((m) => m.tokens.includes(index));
  const score = (m: ColumnMention): number => m.strength * 10 + m.exact;
  const best = Math.max(...here.map(score));
  const top = [...new Map(here.filter((m) => score(m) === best).map((m) => [m.info.column.sqlName, m])).values()];
  return top.length === 1 ? top[0] : undefined;
}

/** True when the word counted ("how many orders") is a value a filter keeps, not a column. */
function countsFilteredValue(parsed: ParsedQuestion, match: TableMatch): boolean {
  const index = countedPhraseStart(parsed);
  return index !== undefined && match.filters.some((f) => !f.negated && f.values !== undefined && f.values.some((v) => v.tokens.includes(index)));
}

/**
 * The column right after "how many"/"number of", skipping adjectives such as "different" and a
 * value that describes the noun ("how many Big Ten teams": Team, the rows kept being Big Ten's).
 */
export function findCountNoun(parsed: ParsedQuestion, match: TableMatch): ColumnMention | undefined {
  if (parsed.countNounAt === undefined) return undefined;
  const valueTokens = new Set(match.filters.filter((f) => !f.negated).flatMap((f) => (f.values ?? []).flatMap((v) => v.tokens)));
  let skipped = 0;
  let closed = false;
  for (let index = parsed.countNounAt; index < parsed.tokens.length && index <= parsed.countNounAt + 2 + skipped; index++) {
    // "how many times was 1st place …": past a verb or preposition a value is a condition, no longer the noun's
    if (endsCountedPhrase(parsed.tokens[index].norm)) closed = true;
    // (a people's name, "Jamaican runners", is read by `demonyms.ts`: those runners once each)
    if (!closed && valueTokens.has(index) && !isDemonymStem(parsed.tokens[index].stem) && !match.mentions.some((m) => m.tokens.includes(index)) && skipped < 3) {
      skipped++;
      continue;
    }
    // … a plural only: "the number of the Brazilian swimmer's lane" asks for a lane's number, no count of swimmers
    if (skipped > 0 && !/[a-z]{3,}s$/.test(parsed.tokens[index].norm)) return undefined;
    const here = match.mentions.filter((m) => m.tokens.includes(index));
    // "routes" over Route and Route Number: the column the word names completely
    const asked = new Set(parsed.tokens.map((t) => t.stem));
    const complete = here.filter((m) => tokensOf(m.info.column.name.replace(/_/g, ' ')).every((t) => asked.has(t.stem)));
    if (here.length > 0) return complete.length === 1 ? complete[0] : here[0];
    // "how many other albums … besides X": the noun after "other" (which the exclusion explains, `exclusions.ts`)
    if (index === parsed.countNounAt && parsed.tokens[index].norm === 'other' && parsed.tokens[index + 1]?.norm !== 'than') continue;
    if (!isFiller(parsed, index)) return undefined;
  }
  return undefined;
}

/** A filter's SQL that equates one column with one literal: `"year" = 2001`, `"team" = 'KR'`. */
const EQUALS_ONE_VALUE = /^"[^"]+" = (?:'(?:[^']|'')*'|-?\d+(?:\.\d+)?)$/;

/**
 * The column of a filter on values the question names where (nearly) every value is one row (a list of
 * presidents, one row per year): counting the rows it keeps answers how many values were named,
 * never the question ("how many days was Hoover …", "how many injuries in 2001"), unless the counted
 * noun names a column of the table ("how many candidates from Amur Oblast": 1 is the answer).
 * Undefined when no such filter applies.
 */
export function namedOneRowEach(parsed: ParsedQuestion, spec: QuerySpec): CatalogColumn | undefined {
  const counting = spec.measure.kind === 'count' || spec.measure.kind === 'countDistinct';
  if (!counting || spec.group || spec.mode !== 'aggregate' || spec.streak) return undefined;
  // The counted noun is the head of a column's name ("how many candidates from Amur Oblast" over Candidate): the rows themselves are asked for.
  const counted = countedPhraseStart(parsed);
  if (counted === undefined) return undefined;
  const stem = parsed.tokens[counted].stem;
  if (spec.match.mentions.some((mention) => mention.tokens.includes(counted) && headStem(mention.info.column.name) === stem && !writesNumbers(mention.info.column))) return undefined;
  const rows = spec.match.profile.table.rowCount;
  for (const filter of spec.filters) {
    const column = filter.column;
    // values named ("Herbert Hoover", "John Adams and James Madison"), or one value equated ("Year 2001")
    const named = filter.values?.length ?? (EQUALS_ONE_VALUE.test(filter.sql) ? 1 : 0);
    // a measure equated ("a total of 30 gold medals") is a condition on an amount, never a name of the row
    if (!column || column.concept === 'measure' || filter.negated || named === 0 || filter.topPlaces !== undefined) continue;
    // "how many swimmers are French": a people's name describes the rows, it names none of them
    if (namedByDemonym(parsed, filter)) continue;
    // Nearly every value one row: a president listed twice (Taft's two spans) leaves the list a list of presidents.
    if (rows > named && nearlyOneRowEach(column, rows)) return column;
  }
  return undefined;
}

/** A text column whose values mostly open with a number ("202 (estimate)", "1,200 Spaces"): amounts written as text, never names of rows. */
function writesNumbers(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).map(String);
  return column.type === 'text' && values.length > 0 && values.filter((value) => /^\s*[\d$€£]/.test(value)).length * 2 > values.length;
}

/** The stem of a column name's last word outside brackets: `Candidate` → candid…, `Duration (Days)` → duration. */
function headStem(name: string): string | undefined {
  const words = tokensOf(name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' '));
  return words[words.length - 1]?.stem;
}

/** Head nouns of a column that holds an amount or a property of each row ("Transfer Fee", "Release date"), not the things counted. */
const ATTRIBUTE_HEADS = new Set(['fee', 'price', 'cost', 'amount', 'value', 'score', 'points', 'date', 'time', 'length', 'height', 'weight', 'rate', 'salary', 'revenue', 'budget', 'attendance', 'duration', 'distance', 'size', 'area', 'capacity', 'total', 'sum']
  .map((word) => tokensOf(word)[0]?.stem ?? word));
