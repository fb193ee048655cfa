/**
 * What a question asks for besides a measure: a label ranked by a superlative ("the year with
 * the most passengers"), a column of values to list ("which city has zip 02134"), the one year
 * next to a date ("which year comes before 1991"), and a named column that plays no role, a sign
 * the question was misread.
 * @module agent/planner/asked-columns
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { GroupKey } from './find-group.js';
import { isFiller } from './filler-words.js';
import { namesTable } from './table-name-words.js';
import type { ParsedQuestion } from './parse-question.js';
import { personColumns } from './person-columns.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import { findCountNoun } from './count-or-sum.js';
import { WHO_COLUMN } from './table-subject.js';
import { tokensOf } from './normalize-text.js';

/** Words of a superlative: the extremes a question ranks by ("highest", "most", "top", "worst" …). */
export const SUPERLATIVE_WORDS = new Set(['highest', 'most', 'max', 'maximum', 'largest', 'biggest', 'greatest', 'top', 'best', 'strongest', 'peak', 'lowest', 'least', 'fewest', 'min', 'minimum', 'smallest', 'bottom', 'worst', 'weakest']);

/** "which year comes before 1991", "what season came right after 2005": one time unit, asked for by which/what, that comes next to a date. */
const ADJACENT_ASKED = /\b(?:which|what)\s+(?:year|season|date)\s+(?:comes|came|is|was|follows|followed)\s+(?:(?:just|immediately|directly)\s+)?(before|after)\b/;

/** `before`/`after` when the question asks for the one year (season, date) next to a date it names; undefined otherwise. */
export function adjacentAsked(parsed: ParsedQuestion): 'before' | 'after' | undefined {
  return ADJACENT_ASKED.exec(parsed.folded)?.[1] as 'before' | 'after' | undefined;
}

/**
 * "The year with the most passengers", "what year did Poland achieve its best result": a
 * superlative whose head noun names a label column (text, or the year column) asks for that
 * label, not for the extreme value. The label is grouped and ranked like "which year …".
 * @returns the label column as a grouping key, or undefined when no one label column is named before the superlative
 */
export function labelAsked(parsed: ParsedQuestion, match: TableMatch): GroupKey | undefined {
  if (!parsed.superlative || parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.topN) return undefined;
  const superlativeAt = parsed.tokens.find((t) => parsed.consumed.has(t.index) && SUPERLATIVE_WORDS.has(t.norm))?.index;
  if (superlativeAt === undefined) return undefined;
  const filterTokens = new Set(match.filters.flatMap((f) => f.tokens));
  const labels = match.mentions.filter((m) => {
    const column = m.info.column;
    const label = column === match.profile.yearColumn || (!m.info.numeric && column.type === 'text');
    return label && !m.usedAsFilter && column.derived === undefined && m.tokens.every((t) => t < superlativeAt && !filterTokens.has(t));
  });
  const columns = [...new Map(labels.map((m) => [m.info.column.sqlName, m])).values()];
  if (columns.length !== 1) return undefined;
  const mention = columns[0];
  const column = mention.info.column;
  return { kind: 'column', sql: sqlIdentifier(column.sqlName), name: column.name, column, mention };
}

const NAME_WORDS = /\b(name|person|employee|customer|owner|manager|contact|user|client|member|staff|agent|rep)\b/i;

/**
 * A lookup of text values rather than a number: "which city has zip 02134" (the grouped column
 * without highest/lowest), "who has a blank Notes cell" (the name column), "what is the zip for
 * CityC" (the one text column named). Needs at least one filter and no aggregation word.
 * @returns the column to list, or undefined when the question is no such lookup
 */
export function findListColumn(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined, candidates: ColumnMention[]): CatalogColumn | undefined {
  // "in which year was the number of votes over 1 million": a measure the question only compares is a condition, not asked
  // (nor is "the number of" before it a count)
  const compared = new Set(match.filters.filter((f) => f.column !== undefined && f.column.type !== 'text').map((f) => f.column));
  const comparedWords = new Set(match.mentions.filter((m) => compared.has(m.info.column)).flatMap((m) => m.tokens));
  const countOfCompared = parsed.countNounAt !== undefined && comparedWords.has(parsed.countNounAt);
  if ((parsed.countWords && !countOfCompared) || (parsed.sumWords && !sumWordsNameConditions(parsed, match)) || parsed.averageWords || parsed.superlative || parsed.shareSplitAt !== undefined || parsed.ratio) return undefined;
  // (a compared column with words of its own left over may also be asked: then no list)
  if (match.filters.length === 0 || candidates.some((m) => compared.has(m.info.column) || !m.tokens.every((t) => comparedWords.has(t)))) return undefined;
  const keywords = new Set(parsed.groupAt.map((g) => g.keyword));
  if (group?.kind === 'column' && (keywords.has('which') || keywords.has('what')) && !['by', 'per', 'each'].some((k) => keywords.has(k))) {
    // "in which year were visitors over 1000" over two regions a year: the condition may be on each row or on the year's
    // total (an amount that adds up), so no list is given
    const repeats = group.column.profile.distinctCount < match.profile.table.rowCount - group.column.profile.nullCount;
    if (repeats && [...compared].some((c) => c?.aggregation === 'sum')) return undefined;
    return group.column;
  }
  if (group) return undefined;
  const columns = match.profile.table.columns;
  const filtered = new Set(match.filters.map((f) => f.column));
  if (parsed.who) {
    // "who wrote Night Train": the column the verb names (Written by), never the Song the question filters on
    const named = match.mentions.find((m) => !m.info.numeric && !m.usedAsFilter && m.info.column.type === 'text' && !filtered.has(m.info.column));
    if (named) return named.info.column;
    // "who directed Beta" over Role and Director: the one column named for the doer of the question's verb
    const doer = doerColumn(parsed, columns.filter((c) => c.type === 'text' && !filtered.has(c)));
    if (doer) return doer;
    // … else a column of names, else the one column of people's names ("who won Best Actor" over Award, Category, Nominee)
    // (only a column of those who receive: a Manager or a Coach beside a Club is no answer to "who plays at Anfield")
    const people = personColumns(match.profile.table).filter((c) => !filtered.has(c) && RECIPIENT_COLUMN.test(c.name));
    // … else a column of the people the table lists (Player, Driver …), never a Role or a Genre ("who played in Beta")
    // (a column named for one role in making the rows, a Director or a Writer, answers only a verb of that role: `doerColumn`)
    const listed = personColumns(match.profile.table).filter((c) => !filtered.has(c) && !MAKER_ROLE.test(c.name.trim()));
    // … else the first column naming who each row is (Team, Nation, Club …: "who won in 2010" over Team | Coach | Result)
    return columns.find((c) => c.type === 'text' && NAME_WORDS.test(c.name) && !filtered.has(c)) ?? (people.length === 1 ? people[0] : undefined)
      ?? (listed.length === 1 ? listed[0] : undefined)
      ?? columns.find((c) => c.type === 'text' && (c.concept === 'identifier' || c.concept === 'dimension') && !c.derived && !filtered.has(c) && WHO_COLUMN.test(c.name) && !MAKER_ROLE.test(c.name.trim()));
  }
  const named = match.mentions.filter((m) => !m.info.numeric && !m.usedAsFilter && !filtered.has(m.info.column) && !m.viaMoney);
  const distinct = [...new Set(named.map((m) => m.info.column))];
  // "the atomic number of the element with symbol Ne": a number column named first is what is asked, of the element named after it
  const first = Math.min(...named.flatMap((m) => m.tokens));
  if (match.mentions.some((m) => m.info.numeric && !m.usedAsFilter && !filtered.has(m.info.column) && m.tokens.length > 0 && Math.max(...m.tokens) < first)) return undefined;
  return distinct.length === 1 ? distinct[0] : undefined;
}

/**
 * The one column named for who does what a verb of the question says: "directed" → Director,
 * "wrote" → Writer, "produced" → Producer, "composed" → Composer (the verb's stem with -or, -er
 * or -r, the column's whole name). Undefined when none or several fit.
 */
function doerColumn(parsed: ParsedQuestion, columns: CatalogColumn[]): CatalogColumn | undefined {
  const fits = columns.filter((column) => {
    const words = tokensOf(column.name.replace(/_/g, ' '));
    if (words.length !== 1) return false;
    const name = words[0].norm.replace(/s$/, '');
    return parsed.tokens.some((t) => t.stem.length >= 3 && ['or', 'er', 'r'].some((end) => t.stem + end === name) && t.norm !== name);
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** Column names of one role in making what the rows are: who directed, wrote, produced … each row. */
const MAKER_ROLE = /^(directors?|directed by|writers?|written by|producers?|produced by|composers?|composed by|designers?|designed by|editors?|authors?|coach(es)?|head coach|managers?|builders?|architects?)$/i;

/** Column names of those who receive an award or a nomination. */
const RECIPIENT_COLUMN = /\b(nominees?|recipients?|laureates?|honou?rees?|awardees?|winners?)\b/i;

/** Auxiliaries after which "the <noun>" is the subject of the question's verb: "did the team have". */
const SUBJECT_AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will']);

/**
 * A named dimension that plays no role is a sign the question was misread ("orders with no ad
 * platform"): identifiers and dates (entity words), filtered, grouped, counted or listed
 * columns, and those after "all"/"across"/"every" ("across all channels") are fine.
 * @returns the words of the first mention that plays no role, or undefined when every one does
 */
export function unusedMention(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined, weight: ColumnMention | undefined): string | undefined {
  const filtered = new Set(match.filters.map((f) => f.column).filter(Boolean));
  const countNoun = findCountNoun(parsed, match);
  for (const mention of match.mentions) {
    const column = mention.info.column;
    // "the jersey number of the defender with the most goals": a number named as asked ("<X> number of") beside a ranking by
    // another column is that row's number, which is not read: unclear, never the ranking's own value
    const asked = parsed.tokens[Math.max(...mention.tokens) + 1]?.norm === 'number' && parsed.tokens[Math.max(...mention.tokens) + 2]?.norm === 'of';
    if (asked && (parsed.superlative || parsed.sumWords || parsed.averageWords) && !filtered.has(column)) return mention.tokens.map((t) => parsed.tokens[t].norm).join(' ');
    if (mention.info.numeric || mention.usedAsFilter || mention === weight || mention === countNoun || mention.cellNoun !== undefined) continue;
    if (countNoun && mention.tokens.every((t) => countNoun.tokens.includes(t))) continue; // another column the counted word names
    if (column.concept === 'identifier' || column.type === 'date' || column.derived !== undefined || filtered.has(column)) continue;
    if (group?.kind === 'column' && group.column === column) continue;
    if (namesTable(parsed, match.profile, mention)) continue; // "the most stores" over stores.csv: the table's own rows
    // "defensive player of the year": 'year' is a word of a longer column name the question spells out
    if (match.mentions.some((m) => m !== mention && m.strength > mention.strength && mention.tokens.every((t) => m.tokens.includes(t)))) continue;
    // "the box office" over Box Office and "Box office from national films": the words name the first whole, the second in part
    if (match.mentions.some((m) => m !== mention && m.info.numeric && mention.tokens.every((t) => m.tokens.includes(t)) && m.info.stems.length <= m.tokens.length && mention.info.stems.length > mention.tokens.length)) continue;
    // "how many wins did the team have" over "Team record": the subject after "did the" names a column only in part, and is who the table is about
    const first = Math.min(...mention.tokens);
    if (mention.tokens.length === 1 && mention.info.stems.length > 1 && parsed.tokens[first - 1]?.norm === 'the' && SUBJECT_AUXILIARIES.has(parsed.tokens[first - 2]?.norm ?? '')) continue;
    // "athletes who scored more than 5000 total points" over Shooting Score: a verb right before a number's condition
    // says how the amount came about, naming no column of its own (the word as written is no word of the name)
    if (mention.tokens.length === 1 && /ed$/.test(parsed.tokens[first].norm) && parsed.comparisons.some((c) => Math.min(...c.tokens) === first + 1)
      && !tokensOf(column.name.replace(/_/g, ' ')).some((t) => t.norm === parsed.tokens[first].norm) && !holdsScores(column)) continue;
    // "how many games scored more than 20 points" over Score ("24–10") and a league's Points: the verb names the game's
    // score, and a bound read on another column (Points) is not what was scored
    if (holdsScores(column) && match.filters.some((f) => f.column !== undefined && f.column !== column && f.values === undefined && Math.min(...f.tokens) === Math.max(...mention.tokens) + 1)) return mention.tokens.map((t) => parsed.tokens[t].norm).join(' ');
    // "the number of petrol models": the noun after a value word names what is counted
    const before = Math.min(...mention.tokens) - 1;
    if (parsed.countWords && before >= 0 && match.covered.has(before) && !parsed.consumed.has(before) && !isFiller(parsed, before) && !match.mentions.some((m) => m.tokens.includes(before))) continue;
    const words = parsed.tokens.map((t) => t.norm);
    if (mention.tokens.some((t) => ['all', 'across', 'every', 'each', 'any', 'both', 'which', 'what'].some((w) => words.slice(Math.max(0, t - 2), t).includes(w)))) continue;
    if (mention === countedPluralMention(parsed, match, group)) continue; // "which year had the most titles": counted per group
    // a lookup ("what is the zip for …"); with "which year" asked, a text column named beside it plays no role ("which year
    // was Bestwick a pit reporter" where Bestwick is only in Lap-by-lap)
    const askedElsewhere = group?.kind === 'column' && column.type === 'text' && !mention.info.numeric;
    if (!parsed.countWords && !parsed.sumWords && !parsed.averageWords && !parsed.superlative && match.filters.length > 0 && !askedElsewhere) continue;
    return mention.tokens.map((t) => parsed.tokens[t].norm).join(' ');
  }
  return undefined;
}

/** True when most cells of a text column are a game's two scores ("24–10", "W 20-17"): the points scored are in them. */
export function holdsScores(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string');
  return values.length > 0 && values.filter((v) => /\d+\s*[–—-]\s*\d+/.test(v)).length * 2 > values.length;
}

/**
 * "Which year had the most titles", "which team had the most players": the plural of a text
 * column's name right after "most"/"fewest" is what is counted per group, each value once (a
 * player of three seasons is one player). Never a column of amounts written as text ("Goals"
 * of "2 (1 pen)"): those would be added up, not counted.
 * @returns the mention of the column counted, or undefined
 */
export function countedPluralMention(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined): ColumnMention | undefined {
  if (!group || !parsed.superlative) return undefined;
  const words = parsed.tokens.map((t) => t.norm);
  const named = match.mentions.filter((mention) => {
    const column = mention.info.column;
    if (mention.info.numeric || mention.usedAsFilter || column.type !== 'text' || (group.kind === 'column' && group.column === column)) return false;
    const last = parsed.tokens[Math.max(...mention.tokens)];
    return ['most', 'fewest', 'least'].includes(words[Math.min(...mention.tokens) - 1] ?? '') && /[a-z]{3,}s$/.test(last?.norm ?? '');
  });
  // "the most prefixes" over Mobile Prefixes and Landline Prefixes: two columns the word names equally, none chosen
  if (new Set(named.map((m) => m.info.column)).size !== 1) return undefined;
  const [mention] = named;
  const values = mention.info.column.profile.distinct ?? [];
  const numbersWritten = values.filter((v) => /^\s*\d/.test(String(v))).length * 2 > values.length;
  // … nor a column where a cell lists several ("One, Two, Three"): its cells are not one thing each
  const listing = values.some((v) => /\n/.test(String(v).trim()) || (String(v).match(/[,;]\s*\S/g) ?? []).length >= 2);
  return listing || numbersWritten ? undefined : mention;
}

/** Words that ask for a sum, and may also begin a column's name ("Total passengers"). */
const SUM_NAME_WORDS = new Set(['total', 'totals', 'combined', 'sum']);

/**
 * True when every sum word of the question begins the name of a column the conditions are on
 * ("what year had 4,293,002 total passengers", "the year the total passengers was …"): the word
 * names that column, it asks for no sum.
 */
export function sumWordsNameConditions(parsed: ParsedQuestion, match: TableMatch): boolean {
  const sums = parsed.tokens.filter((t) => parsed.consumed.has(t.index) && SUM_NAME_WORDS.has(t.norm));
  if (sums.length === 0) return false;
  const conditions = match.mentions.filter((m) => m.usedAsFilter || match.filters.some((f) => f.column === m.info.column));
  return sums.every((t) => conditions.some((m) => m.tokens.length > 0 && Math.min(...m.tokens) === t.index + 1 && tokensOf(m.info.column.name).some((w) => w.norm === t.norm)));
}
