/**
 * What "how many <noun>" counts when no column is named after the noun: the rows themselves
 * (a table of teams), a number written in the cells ("951 Spaces"), or the one quantity column
 * (vessels counted by Quantity).
 * @module agent/planner/counted-nouns
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { AMOUNT_STEMS, isFiller } from './filler-words.js';
import { conceptOf, stemWord, tokensOf } from './normalize-text.js';
import { isDemonymStem } from './demonyms.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Comparison } from './find-comparisons.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import { personColumns } from './person-columns.js';
import { surfaceOf } from './stop-word-values.js';
import { AMOUNT_NOUNS, EVENT_NOUNS, LEGAL_FORMS } from './vocabulary.js';
import { isPeopleNoun } from './competitor-nouns.js';

/**
 * Words that close the phrase "how many …" opens: a preposition, a verb or a relative word
 * starts a condition on the rows ("how many awards for Friends", "how many awards did Friends
 * win", "how many rows where …"), so no word after it is what the rows are. "of" is not among
 * them: "how many of the races" still names the rows.
 */
const PHRASE_ENDS = new Set(
  ('for in at on to from with by during over across within into onto against per under since after before among between without than ' +
    'did does do has have had were was is are am be been being will would can could should that which who whom whose where when while')
    .split(' '),
);

/** True for a word that closes the counted phrase after "how many" (a preposition, verb or relative word). */
export function endsCountedPhrase(norm: string): boolean {
  return PHRASE_ENDS.has(norm);
}

/**
 * The first word of the counted phrase: the word after "how many"/"number of", past filler
 * ("of the", "more", "different", a filler noun such as "awards" or "rows"), but never past a
 * word that closes the phrase (`PHRASE_ENDS`): "how many awards for Friends" counts awards of
 * Friends, and "Friends" is no name of the rows.
 * @param limit last token index to look at (inclusive); the whole question when omitted
 * @returns the token index, or undefined when the phrase holds only filler
 */
export function countedPhraseStart(parsed: ParsedQuestion, limit = parsed.tokens.length - 1): number | undefined {
  if (parsed.countNounAt === undefined) return undefined;
  let index = parsed.countNounAt;
  while (index < parsed.tokens.length && index <= limit && isFiller(parsed, index)) {
    if (PHRASE_ENDS.has(parsed.tokens[index].norm)) return undefined;
    index++;
  }
  return index < parsed.tokens.length ? index : undefined;
}

/** People named by sex, age or standing: part of those a table lists, never what every row is. */
const SUBSET_PEOPLE = new Set((
  'women men males females girls boys ladies gentlemen seniors juniors freshmen freshman sophomores rookies veterans ' +
  'amateurs professionals foreigners natives locals immigrants children adults teenagers minors retirees volunteers'
).split(' '));

/**
 * "How many teams competed in the race?" over a table of teams with no column named "team":
 * the plural noun right after "how many" names what the rows are. Only for the one table that
 * could answer, only when nothing else explains the noun, and never for an amount noun
 * (goals, points, votes …: those are added up, not rows).
 * @returns the noun's token index
 */
export function rowEntityNoun(parsed: ParsedQuestion, covered: Set<number>, profile: TableProfile): number | undefined {
  // "the total number of games" counts the rows only over a dated list of them: beside a column of games played (Pld, Apps) it may be their sum
  // … where a column of whole numbers may tally the noun (Headcount beside "workers", Pld beside "games"); a column of
  // small codes that repeat (Group 1 … 18, Period 1 … 7 of the elements) tallies nothing
  const tallies = profile.table.columns.filter((c) => c.type === 'integer' && c.aggregation === 'sum' && !c.isAggregateColumn && !smallCodes(c, profile));
  // … and beside a column of people or votes (Attendance) only a noun of events is the rows ("the total number of games"): "voters" may be what it tallies
  const ownCountsOnly = tallies.length > 0 && tallies.every((c) => countsOwnNoun(c));
  const totalCounts = totalOfCount(parsed) && (profile.dateColumns.length > 0 || tallies.length === 0 || ownCountsOnly);
  // "what is the total of athletes from the United States": no count word, but a total of a plural noun is their number
  // (`totalOfEntities` reads it so, and declines when the table also holds an amount it could add up)
  const totalOf = parsed.countWords || parsed.averageWords || parsed.superlative ? undefined : totalOfNounAt(parsed);
  if (totalOf !== undefined) parsed = { ...parsed, countWords: true, sumWords: false, countNounAt: totalOf };
  if (!parsed.countWords || parsed.countNounAt === undefined || (parsed.sumWords && !totalCounts) || parsed.averageWords) return undefined;
  // skip "of the", "more" …, then at most one explained modifier ("how many of the discipline races")
  let index = countedPhraseStart(parsed, parsed.countNounAt + 3);
  if (index === undefined) return undefined;
  // … or one value of several words ("the number of united states competitors")
  for (let skipped = 0; skipped < 3 && covered.has(index) && !isFiller(parsed, index); skipped++) index++;
  const token = parsed.tokens[index];
  if (!token || covered.has(index) || isFiller(parsed, index) || PHRASE_ENDS.has(token.norm)) return undefined;
  // "how many awards Friends got": a name written in capitals is a condition on the rows, never what they are
  if (index > 0 && /^\p{Lu}/u.test(surfaceOf(parsed, index) ?? '')) return undefined;
  const amount = AMOUNT_STEMS.has(token.stem) || AMOUNT_NOUNS.has(token.norm);
  if (!/[a-z]{3,}s$/.test(token.norm) || token.norm.endsWith('ss') || (amount && !(VEHICLE_STEMS.has(token.stem) && (oneDriverEach(profile) || (!countsVehicles(profile) && namesVehicle(profile, token.stem)))))) return undefined;
  if (profile.table.columns.some((c) => countedInCells(c, token.stem))) return undefined;
  // "how many Australians", "how many women": the people of a nation, a sex or an age are a condition on the rows, never what every row is
  if (isDemonymStem(token.stem) || SUBSET_PEOPLE.has(token.norm)) return undefined;
  // "how many halogens" over a Description column of "Halogen", "Noble gas" the values are not looked up in: a kind of row, not the rows
  if (profile.table.columns.some((c) => c.type === 'text' && c.concept === 'text' && labelsWord(c, token.stem))) return undefined;
  // "how many senators" beside a Chamber of "Senate" and "House", "how many democrats" beside a Party of
  // "Democratic": the noun is a form of a value, so it may keep only those rows; all the rows are no answer
  // ("how many athletes competed in athletics" names the value itself: the noun is the rows then)
  const said = new Set(parsed.tokens.map((t) => t.norm));
  const categories = profile.table.columns.filter((c) => c.type === 'text' && c.profile.distinctCount <= Math.max(5, profile.table.rowCount / 3));
  if (categories.some((c) => formsWordOf(c, token.norm, said))) return undefined;
  // "how many democrats" beside a Party of "Democratic-Republican", "Social Democratic Party": the noun is a word of
  // some values, so it may keep those rows; all the rows are no answer
  // ("Company" ending a builder's name is its legal form: every builder is a company; "ambassadors" over a list of
  // envoys whose Title is "Ambassador Extraordinary …" or "Chargé d'Affaires" are the people listed, a column of whom fits)
  // (adherents only, "democrats", "socialists", "federalists": a Genre of "Film noir" does not make films a kind of row)
  const adherents = /[a-z]{3,}(an|ist|at|ite|al|ive)s$/.test(token.norm);
  if (adherents && !LEGAL_FORMS.has(token.stem) && !isPeopleNoun(token.stem) && categories.some((c) => c.concept !== 'text' && labelsWord(c, token.stem))) return undefined;
  if (parsed.sumWords && ownCountsOnly && profile.dateColumns.length === 0 && !EVENT_ROW_STEMS.has(token.stem)) return undefined;
  return index;
}

/**
 * The token after "the total of (the/all)", when the question has no count word: "the total of
 * athletes" (undefined otherwise; "the total number of" is a count word already).
 */
function totalOfNounAt(parsed: ParsedQuestion): number | undefined {
  const words = parsed.tokens.map((t) => t.norm);
  const at = words.findIndex((w, i) => w === 'total' && words[i + 1] === 'of');
  if (at < 0) return undefined;
  let j = at + 2;
  while (words[j] === 'the' || words[j] === 'all') j++;
  return j < words.length ? j : undefined;
}

/** Vehicles: amounts a fleet's Quantity adds up, but one each in a list of entries with their drivers. */
const VEHICLE_STEMS = new Set(['car', 'vehicle', 'boat', 'ship', 'vessel', 'plane', 'aircraft', 'bike', 'motorcycle', 'truck'].map((w) => tokensOf(w)[0].stem));

/**
 * True when a column of people who drive (Driver, Rider, Pilot, Captain) names a different person
 * in (nearly) every row: each row is one entry, one vehicle with its driver ("how many
 * Cooper-Maserati cars were in the race" counts the rows).
 */
function oneDriverEach(profile: TableProfile): boolean {
  const rows = profile.table.rowCount;
  return personColumns(profile.table).some((c) => /\b(driver|rider|pilot|captain)s?\b/i.test(c.name) && c.profile.nullCount === 0 && c.profile.distinctCount * 10 >= rows * 9);
}

/**
 * True when the table says its rows are that kind of vehicle: the noun is a word of its title,
 * sheet or file name, of a column's name, or of two thirds of the values of some column
 * ("Amphibious Support Vehicle", "Light Utility Vehicle"). A list of destroyers names no submarines.
 */
function namesVehicle(profile: TableProfile, stem: string): boolean {
  if (profile.contextStems.has(stem) || profile.columns.some((c) => c.stems.includes(stem))) return true;
  return profile.table.columns.some((c) => {
    const values = c.type === 'text' ? (c.profile.distinct ?? []) : [];
    return values.length > 0 && values.filter((v) => tokensOf(String(v)).some((t) => t.stem === stem)).length * 3 >= values.length * 2;
  });
}

/** Names of what a vehicle measures, never a number of vehicles: "Tonnage (GRT)", "Displacement", "Top speed", "Crew". */
const VEHICLE_MEASURE_NAME = /\b(tonnage|grt|dwt|tons?|tonnes?|displacement|weight|mass|length|beam|draft|draught|speed|knots|power|horsepower|hp|kw|thrust|range|crew|capacity|passengers|seats|height|span|width|depth|cost|price|value|year|years|rank|pos|position)\b/i;

/**
 * True when some additive column of whole numbers may count vehicles: any such column not named
 * for a measurement of a vehicle (Tonnage, Speed, Crew …) and holding no unit of measure, money
 * or time ("Count", "Operational", "Production", "In service", "Inventory"): "how many ships" may
 * then be that column's sum, not the rows. A list of sunk ships with a Tonnage column has none.
 */
function countsVehicles(profile: TableProfile): boolean {
  return profile.table.columns.some((c) => c.type === 'integer' && c.aggregation === 'sum' && !c.isAggregateColumn && c.derived === undefined && c.concept === 'measure'
    && (c.unit === undefined || c.unit === 'count') && !VEHICLE_MEASURE_NAME.test(c.name.replace(/[_.()]/g, ' ')));
}

/** Column names that say what they count themselves: people at a game, in a place, or votes cast. */
const OWN_COUNT_NAMES = new Set(['attendance', 'crowd', 'audience', 'population', 'turnout', 'capacity', 'viewership']);
/** Nouns of events a list's rows are, one each: "the total number of games" beside Attendance counts them. */
const EVENT_ROW_STEMS = new Set([...EVENT_NOUNS, 'game', 'match', 'fixture', 'round', 'edition', 'leg', 'bout', 'fight'].map((w) => tokensOf(w)[0].stem));
/** People and votes: a column named after them counts them ("Passengers", "Votes"), never games or events; outcome tallies (Wins, Losses) may add up to games. */
const OWN_COUNT_STEMS = new Set(['vote', 'person', 'people', 'viewer', 'passenger', 'fan', 'spectator', 'visitor', 'attendee', 'resident', 'inhabitant', 'citizen', 'student', 'employee'].map((w) => tokensOf(w)[0].stem));

/**
 * True for a column whose name says it tallies people or votes (Attendance, Population, Votes):
 * it counts its own noun, never the rows' ("the total number of games" beside Attendance counts
 * the games, where beside Pld it could add up games played).
 */
function countsOwnNoun(column: CatalogColumn): boolean {
  return tokensOf(column.name).some((t) => OWN_COUNT_NAMES.has(t.norm) || OWN_COUNT_STEMS.has(t.stem));
}

/** True for a column of small whole numbers (at most 20) that repeat (three rows a value or more): codes such as a Group or Period. */
function smallCodes(column: CatalogColumn, profile: TableProfile): boolean {
  const max = Number(column.profile.max);
  return Number.isFinite(max) && max <= 20 && column.profile.distinctCount * 3 <= profile.table.rowCount;
}

/** Words that make a question a sum ("total", "combined" …). */
const SUM_WORDS = new Set(['total', 'sum', 'totals', 'summed', 'altogether', 'combined']);

/**
 * True when every sum word of the question only says the count is whole: "the total number of
 * games", "how many total games", "how many photos total are listed", "how many noble gases
 * are there in total": "total" right before "number"/"count", right after "how many" or the
 * counted word, or "in total" closing the question. The rows are counted then, as "how many
 * games" counts them.
 */
export function totalOfCount(parsed: ParsedQuestion): boolean {
  const words = parsed.tokens.map((t) => t.norm);
  const counted = parsed.countWords ? countedPhraseStart(parsed) : undefined;
  const sums = parsed.tokens.filter((t) => SUM_WORDS.has(t.norm));
  return sums.length > 0 && sums.every((t) => ['number', 'count'].includes(words[t.index + 1] ?? '') || (words[t.index - 1] === 'many' && words[t.index - 2] === 'how')
    || (t.norm === 'total' && counted !== undefined && t.index === counted + 1)
    || (t.norm === 'total' && parsed.countWords && words[t.index - 1] === 'in' && t.index === words.length - 1));
}

/**
 * "How many parking spaces does North Hollywood have" over a Parking column of "951 Spaces",
 * "the number of acts in the 16th opus" over "3 acts": the counted noun is written after a
 * number in the cells of exactly one text column, so that number (of the row asked) answers.
 */
export function cellNumberMention(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean): ColumnMention | undefined {
  if (!parsed.countWords || parsed.countNounAt === undefined || parsed.sumWords || parsed.averageWords) return undefined;
  for (let index = parsed.countNounAt; index < parsed.tokens.length && index <= parsed.countNounAt + 3; index++) {
    const token = parsed.tokens[index];
    if (!open(index) || isFiller(parsed, index) || !/^[a-z]{3,}s$/.test(token.norm)) continue;
    const columns = profile.columns.filter((c) => countedInCells(c.column, token.stem));
    if (columns.length !== 1) return undefined;
    return { info: columns[0], tokens: [index], hits: [{ stem: token.stem, exact: false }], strength: 1, exact: 0, cellNoun: token.norm };
  }
  return undefined;
}

/**
 * "How many stations have at least 500 parking spaces" over a Parking column of "951 Spaces",
 * "None", "n/a": the noun right after a comparison's number (past the column's own name) is
 * written after a number in the cells of exactly one text column, so the condition is on that
 * number. Cells holding no such number never pass; so an upper bound ("fewer than 500 spaces")
 * is read only where every filled cell holds one ("None" may be no spaces at all), and any bound
 * only where every cell that writes the noun starts with its number.
 * @returns the filter, or undefined when the words after the number name no such column
 */
export function cellNumberCondition(parsed: ParsedQuestion, profile: TableProfile, comparison: Comparison, mentions: ColumnMention[], covered: Set<number>): Filter | undefined {
  if (comparison.percent || comparison.money || comparison.duration || comparison.weak) return undefined;
  let at = Math.max(...comparison.tokens) + 1;
  const named = mentions.find((m) => !m.info.numeric && m.tokens.length === 1 && m.tokens[0] === at);
  if (named) at++;
  const token = parsed.tokens[at];
  if (!token || covered.has(at) || mentions.some((m) => m.tokens.includes(at)) || !/^[a-z]{3,}s$/.test(token.norm)) return undefined;
  const columns = profile.table.columns.filter((c) => countedInCells(c, token.stem));
  if (columns.length !== 1 || (named && named.info.column !== columns[0])) return undefined;
  const column = columns[0];
  const pattern = `^\\s*([0-9][0-9,]*)\\s+${stemWord(token.norm).replace(/[^a-z]/g, '')}`;
  const upper = comparison.operator === '<' || comparison.operator === '<=' || comparison.operator === '=' || comparison.upper !== undefined;
  if (upper && !(column.profile.distinct ?? []).every((v) => String(v).trim() === '' || new RegExp(pattern, 'i').test(String(v)))) return undefined;
  // … and any bound only where every cell that writes the noun starts with its number ("Approx. 950 spaces", "2 lots, 620 spaces" would be missed)
  const writesNoun = (v: unknown): boolean => tokensOf(String(v)).some((w) => w.stem === token.stem);
  if (!(column.profile.distinct ?? []).every((v) => !writesNoun(v) || new RegExp(pattern, 'i').test(String(v)))) return undefined;
  const number = `CAST(replace(substring(lower(${sqlIdentifier(column.sqlName)}) from ${sqlLiteral(pattern)}), ',', '') AS numeric)`;
  const sql = comparison.upper !== undefined
    ? `${number} BETWEEN ${sqlLiteral(comparison.value)} AND ${sqlLiteral(comparison.upper)}`
    : `${number} ${comparison.operator} ${sqlLiteral(comparison.value)}`;
  const bound = comparison.upper !== undefined ? `between ${comparison.value} and ${comparison.upper}` : `${comparison.operator} ${comparison.value}`;
  return { sql, text: `the number of ${token.norm} in ${column.name} ${bound}`, tokens: [...comparison.tokens, ...(named ? named.tokens : []), at], column };
}

/** "3 acts", "12 episodes": the noun is written after a number inside the cells, so it counts within a row, not rows. */
function countedInCells(column: CatalogColumn, stem: string): boolean {
  return column.type === 'text' && (column.profile.distinct ?? []).some((value) => {
    const words = tokensOf(String(value));
    return words.length >= 2 && words[1].stem === stem && /^\d[\d,]*$/.test(words[0].norm);
  });
}

/** True when a value of a text column (three words at most) holds a form of the counted noun's word ("Senate" of "senators"), not the word itself nor a word the question says. */
function formsWordOf(column: CatalogColumn, noun: string, said: Set<string>): boolean {
  const singular = noun.replace(/s$/, '');
  const stem = tokensOf(noun)[0]?.stem;
  return (column.profile.distinct ?? []).some((value) => {
    const words = tokensOf(String(value));
    // "Company" is the word of "companies" itself, no other word made from it
    return words.length <= 3 && words.some((w) => w.norm !== noun && w.norm !== singular && w.stem !== stem && !said.has(w.norm) && madeFrom(w.norm, singular));
  });
}

/**
 * A noun made from a value's word: the noun starts with all of the word but at most its final
 * letter, five letters or more, and is longer ("senat|e" → "senat|or", "congress" →
 * "congressman", "physic|s" → "physicist"); "athletics" is no form of "athlete".
 */
function madeFrom(value: string, noun: string): boolean {
  let shared = 0;
  while (shared < value.length && shared < noun.length && value[shared] === noun[shared]) shared++;
  return shared >= 5 && value.length - shared <= 1 && noun.length > value.length;
}

/** True when some short cell of the column (a label of at most four words, not a link) holds a word of stem `stem`. */
function labelsWord(column: CatalogColumn, stem: string): boolean {
  return (column.profile.distinct ?? []).some((value) => {
    // a link is no label: "http://purenintendo.com/magazine" names no kind of magazine
    if (/:\/\/|^www\.|@/.test(String(value))) return false;
    const words = tokensOf(String(value));
    return words.length <= 4 && words.some((w) => w.stem === stem);
  });
}

const QUANTITY_CONCEPT = conceptOf(tokensOf('quantity')[0].stem);
/** Spans of time are never what a quantity column counts ("how many years …"). */
const TIME_NOUNS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'season', 'time'].map((w) => tokensOf(w)[0].stem));
/**
 * Records, never units: an order, a sale or a booking is one line of the ledger, and a Quantity
 * column counts the items on it ("how many orders went to North" is not the units shipped there).
 */
const RECORD_NOUNS = new Set(['order', 'sale', 'invoice', 'ticket', 'booking', 'reservation', 'transaction', 'shipment', 'delivery', 'receipt', 'claim', 'purchase'].map((w) => tokensOf(w)[0].stem));

/**
 * "How many (more) patrol vessels does Canada have": the noun after "how many" is an amount
 * noun (vessels, cars, seats …) that no column is named after, and the table has exactly one
 * additive quantity column (Quantity, Qty, Units): that column counts them. Record nouns (orders,
 * sales, bookings) are never counted by it: a quantity counts the items on a record. A modifier
 * ("patrol") is accepted only when the table's own cells use the whole phrase, so a modifier
 * that would narrow the rows is never dropped.
 */
export function quantityMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], open: (i: number) => boolean): ColumnMention | undefined {
  if (!parsed.countWords || parsed.countNounAt === undefined) return undefined;
  let k = parsed.countNounAt;
  while (k < parsed.tokens.length && k <= parsed.countNounAt + 2 && (isFiller(parsed, k) || parsed.consumed.has(k))) k++;
  const phrase: number[] = [];
  for (; k < parsed.tokens.length && phrase.length < 3 && open(k) && !isFiller(parsed, k); k++) phrase.push(k);
  if (phrase.length === 0) return undefined;
  const head = parsed.tokens[phrase[phrase.length - 1]];
  if ((!AMOUNT_STEMS.has(head.stem) && !AMOUNT_NOUNS.has(head.norm)) || TIME_NOUNS.has(head.stem) || RECORD_NOUNS.has(head.stem)) return undefined;
  const quantities = profile.columns.filter((c) => c.numeric && c.column.aggregation === 'sum' && c.column.derived === undefined && c.stems.some((st) => conceptOf(st) === QUANTITY_CONCEPT));
  if (quantities.length !== 1 || mentions.some((m) => m.info === quantities[0])) return undefined;
  if (phrase.length > 1 && !phraseInCells(profile, phrase.map((t) => parsed.tokens[t].stem))) return undefined;
  return { info: quantities[0], tokens: phrase, hits: phrase.map(() => ({ stem: quantities[0].stems[0], exact: false })), strength: 1, exact: 0 };
}

/** True when some text cell of the table holds the words `stems` in a row ("9 patrol vessels for …"). */
function phraseInCells(profile: TableProfile, stems: string[]): boolean {
  return profile.table.columns.some((column) =>
    column.type === 'text' && (column.profile.distinct ?? []).some((value) => {
      const words = tokensOf(String(value)).map((w) => w.stem);
      return words.some((_, at) => stems.every((stem, j) => words[at + j] === stem));
    }));
}

/**
 * "the most wins" over a prize column "Win $": the plural of a money column's singular name
 * word counts the things (wins), it never names their money, so the word does not name the
 * column ("prizes" over "Prize money" likewise; "winnings" or "prize money" still do).
 */
export function countsMoneyNamed(info: ColumnInfo, word: string): boolean {
  const column = info.column;
  if (!info.numeric || (column.unit !== 'currency' && column.currency === undefined)) return false;
  const names = tokensOf(column.name).map((t) => t.norm).filter((n) => /^[a-z]{3,}$/.test(n) && !n.endsWith('s'));
  return names.some((name) => word === `${name}s` || word === `${name}es` || word === `${name.slice(0, -1)}ies`);
}

/** Superlatives of a number of rows: "the most races", "the fewest titles". */
const COUNT_SUPERLATIVES = new Set(['most', 'fewest', 'least']);

/**
 * "Which jockey won the most races?" over a table of races with a Jockey column: the plural
 * noun right after "the most"/"the fewest" that nothing else explains names the rows, counted
 * per value of the column asked for; a verb of getting them ("won") then says no more. Only for
 * the one table that could answer, with "which"/"what" asking for a column, no measure named
 * (over a Wins column "won" is that measure), and never for an amount noun (goals, points,
 * medals: those are added up, not rows).
 * @param covered tokens explained so far
 * @param acquire verbs of getting an amount ("won", "earned")
 * @returns the noun's token and the verb tokens it explains; empty when the question is not so
 */
export function rankedRowNoun(parsed: ParsedQuestion, covered: Set<number>, mentions: ColumnMention[], acquire: Set<string>): number[] {
  if (!parsed.superlative || parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.topN !== undefined) return [];
  const asked = parsed.groupAt.filter((g) => g.keyword === 'which' || g.keyword === 'what').map((g) => g.at);
  if (asked.length === 0) return [];
  // … the column asked for ("which year": a Year of integers) is no measure named
  if (mentions.some((m) => m.info.numeric && !m.usedAsFilter && !m.tokens.some((t) => asked.includes(t)))) return [];
  const at = parsed.tokens.findIndex((t) => COUNT_SUPERLATIVES.has(t.norm) && parsed.consumed.has(t.index));
  const noun = parsed.tokens[at + 1];
  if (at < 0 || !noun || covered.has(noun.index) || isFiller(parsed, noun.index)) return [];
  if (!/[a-z]{3,}s$/.test(noun.norm) || noun.norm.endsWith('ss') || AMOUNT_STEMS.has(noun.stem) || AMOUNT_NOUNS.has(noun.norm)) return [];
  const verbs = parsed.tokens.filter((t) => t.index < at && acquire.has(t.norm) && !covered.has(t.index)).map((t) => t.index);
  return [noun.index, ...verbs];
}
