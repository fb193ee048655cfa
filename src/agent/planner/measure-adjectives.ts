/**
 * Superlative adjectives that name their measure through its kind: "oldest", "newest",
 * "earliest", "latest" and "most recent" over the table's one date or year column (or, for
 * "oldest"/"youngest", its one Age column), "longest"/"shortest" over its one length or
 * duration column, "tallest" over its one height column. "Which ship is the oldest" ranks the
 * ships by the earliest year; "when was the oldest one built" is that year. The adjective is
 * read only when exactly one column of the table is of its kind (or the question names one of
 * them), and only as a ranking or an extreme value: with a count, a total, an average or a
 * second measure the question is declined.
 * @module agent/planner/measure-adjectives
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { findGroup, type GroupKey } from './find-group.js';
import type { QuerySpec } from './interpret-match.js';
import type { Measure } from './measures.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import { wordTable } from './word-table.js';
import { otherEventThan } from './event-words.js';
import { tokensOf } from './normalize-text.js';

/** The adjective a table read: its token, the column it ranks by and the order of the best. */
export interface MeasureAdjective {
  at: number[];
  word: string;
  column: CatalogColumn;
  order: 'asc' | 'desc';
  kind: Kind;
  /** The column numbers the rows one each ("Season" 1 … 13) and the ordinal's noun named it: "the last season" is one row. */
  numbered?: boolean;
}

type Kind = 'time' | 'birth' | 'age' | 'length' | 'height';

/** Each adjective: the kinds of column it may rank by, and the order in which the best comes first. */
const ADJECTIVES: Record<string, [Kind, 'asc' | 'desc'][]> = wordTable({
  oldest: [['time', 'asc'], ['birth', 'asc'], ['age', 'desc']],
  youngest: [['birth', 'desc'], ['age', 'asc']],
  newest: [['time', 'desc']],
  earliest: [['time', 'asc'], ['birth', 'asc']],
  latest: [['time', 'desc'], ['birth', 'desc']],
  recent: [['time', 'desc']],
  longest: [['length', 'desc']],
  shortest: [['length', 'asc'], ['height', 'asc']],
  tallest: [['height', 'desc']],
});
const BIRTH_NAME = /\b(born|birth|birthdate|birthday|dob)\b/i;
const AGE_NAME = /^(age|ages)\b|\bage$/i;
const LENGTH_NAME = /\b(length|long|duration|distance|runtime|running time|span|km|kilometres|kilometers|miles|mi|metres|meters|minutes|mins)\b/i;
const HEIGHT_NAME = /\b(height|tall|elevation|altitude)\b/i;
/** Calendar years as cells hold them: 1500 to 2099. */
const YEAR = /^(1[5-9]|20)\d{2}$/;

/**
 * The numeric columns of `profile` whose name says a length, a height or an age ("Length (mi)",
 * "Elevation", "Age"), for "how long / how tall / how old is X".
 */
export function columnsOfKind(profile: TableProfile, kind: 'length' | 'height' | 'age'): ColumnInfo[] {
  return profile.columns.filter((info) => info.numeric && kindsOf(info.column, profile).includes(kind));
}

/** The kinds a column is of, by its type, values and name. */
function kindsOf(column: CatalogColumn, profile: TableProfile): Kind[] {
  if (column.isAggregateColumn || column.derived !== undefined) return [];
  const years = column.type === 'integer' && YEAR.test(String(column.profile.min ?? '')) && YEAR.test(String(column.profile.max ?? ''));
  if (column.type === 'date' || column === profile.yearColumn || years) return [BIRTH_NAME.test(column.name) ? 'birth' : 'time'];
  if (column.type !== 'integer' && column.type !== 'decimal') return [];
  const kinds: Kind[] = [];
  if (AGE_NAME.test(column.name.trim())) kinds.push('age');
  if (LENGTH_NAME.test(column.name) || column.unit === 'seconds') kinds.push('length');
  if (HEIGHT_NAME.test(column.name)) kinds.push('height');
  return kinds;
}

/**
 * Finds a measure adjective of the question and the one column of `profile` it ranks by.
 * @param mentioned columns the question names, to choose among several of the adjective's kind
 * @returns undefined when the question has no such adjective; a problem when no single column fits
 */
export function readMeasureAdjective(parsed: ParsedQuestion, profile: TableProfile, mentioned: CatalogColumn[] = []): { adjective?: MeasureAdjective; problem?: string } | undefined {
  const found = parsed.tokens.filter((t) => (ADJECTIVES[t.norm] !== undefined || timeOrdinal(parsed, t.index)) && !parsed.consumed.has(t.index) && (t.norm !== 'recent' || parsed.tokens[t.index - 1]?.norm === 'most'));
  if (found.length === 0) return undefined;
  if (found.length > 1) return { problem: `several superlatives (${found.map((t) => `'${t.norm}'`).join(', ')}) in one question are not supported` };
  const token = found[0];
  // "The Longest Day", a "Latest result" column, a title: the word is the table's own, matched as such
  // (a value only where the question writes all its words: an episode "The Last Dance" leaves "the last year he was nominated" alone)
  const questionStems = new Set(parsed.tokens.map((t) => t.stem));
  if (profile.values.some((v) => v.stems.includes(token.stem) && v.stems.every((stem) => questionStems.has(stem)))) return undefined;
  if (profile.columns.some((c) => c.stems.includes(token.stem))) return undefined;
  if (profile.contextStems.has(token.stem) || profile.fileNames.has(token.norm)) return undefined; // "Longest-serving members" in the title
  const at = token.norm === 'recent' ? [token.index - 1, token.index] : [token.index];
  // "the most recent": "most" is this adjective's, no other superlative word may remain
  const other = parsed.tokens.some((t) => parsed.consumed.has(t.index) && !at.includes(t.index) && parsed.superlative !== undefined && ['most', 'least', 'highest', 'lowest', 'best', 'worst', 'top', 'bottom', 'largest', 'smallest', 'biggest', 'greatest', 'fewest', 'max', 'maximum', 'min', 'minimum', 'fastest', 'slowest', 'quickest'].includes(t.norm));
  if (other) return { problem: `'${token.norm}' together with another superlative is ambiguous` };
  const fits = profile.table.columns.flatMap((column) => {
    const kinds = kindsOf(column, profile);
    const reading = (ADJECTIVES[token.norm] ?? TIME_ORDINALS[token.norm]).find(([kind]) => kinds.includes(kind));
    return reading ? [{ column, order: reading[1], kind: reading[0] }] : [];
  });
  // "the last season" over a Season column of season numbers (1, 2 … 13): the column the noun names is their order
  const counted = TIME_ORDINALS[token.norm] ? numberedColumn(parsed, profile, token.index + 1) : undefined;
  if (counted) return { adjective: { at: [token.index], word: token.norm, column: counted, order: TIME_ORDINALS[token.norm][0][1], kind: 'time', numbered: true } };
  const named = fits.filter((f) => mentioned.includes(f.column));
  const chosen = named.length === 1 ? named : fits;
  if (chosen.length !== 1) {
    return { problem: fits.length === 0 ? `${profile.table.sqlName} has no column that '${token.norm}' could rank by` : `'${token.norm}' could rank by ${fits.map((f) => f.column.name).join(' or ')}: say which` };
  }
  // "after 1950, the next year a school joined" over a column of full dates: the year is asked, and a date would answer it
  if (BOUND_OF[token.norm] !== undefined && chosen[0].column.type === 'date') return { problem: `'${token.norm}' asks a year, and ${chosen[0].column.name} holds dates` };
  // "the first year X was elected" over "Last elected": the column holds one end of the events, and the question asks the other
  const ends = tokensOf(chosen[0].column.name.replace(/_/g, ' ')).map((t) => ORDINAL_ENDS[t.norm]).filter((end) => end !== undefined);
  const asked = TIME_ORDINALS[token.norm] ? ORDINAL_ENDS[token.norm] : undefined;
  if (asked && ends.length > 0 && !ends.includes(asked)) return { problem: `'${token.norm}' asks the other end of what ${chosen[0].column.name} holds` };
  // "the last year Alice White was elected" over Elected: one of a series of elections, and the column does not say which end
  const recurring = tokensOf(chosen[0].column.name.replace(/_/g, ' ')).some((t) => RECURRING_EVENT_STEMS.has(t.stem));
  if (asked && ends.length === 0 && recurring) return { problem: `'${token.norm}' asks one end of a series of events, and ${chosen[0].column.name} does not say which end it holds` };
  return { adjective: { at, word: token.norm, column: chosen[0].column, order: chosen[0].order, kind: chosen[0].kind } };
}

/** Events that recur for one row's subject (elections, wins, appearances): a column of one such year says one of them. */
const RECURRING_EVENT_STEMS = new Set(['elected', 'elect', 'won', 'win', 'awarded', 'nominated', 'appeared', 'played', 'capped', 'selected'].map((w) => tokensOf(w)[0].stem));

/** Words of a column's name or a question that say which end of a series of events: "First elected", "Last played". */
const ORDINAL_ENDS: Record<string, 'first' | 'last'> = wordTable({ first: 'first', initial: 'first', earliest: 'first', last: 'last', latest: 'last', final: 'last', recent: 'last' });

/** "The first year", "the last season": ordinals that, said of time, mean the earliest and the latest. */
const TIME_ORDINALS: Record<string, [Kind, 'asc' | 'desc'][]> = wordTable({ first: [['time', 'asc']], last: [['time', 'desc']], next: [['time', 'asc']], previous: [['time', 'desc']] });
/** "next" and "previous" are an end of time only past a bound on that side: "after 1950, the next year", "the previous year before 1990". */
const BOUND_OF: Record<string, string> = { next: 'after', previous: 'before' };
/** Verbs after which "first" or "last" is a finishing place: "finished first", "came last". */
const FINISH_VERBS = new Set(['finish', 'finished', 'finishes', 'finishing', 'place', 'placed', 'places', 'placing', 'come', 'came', 'comes', 'coming', 'end', 'ended', 'ends', 'rank', 'ranked', 'ranks']);
/** Time words an ordinal is said of: "the first year", "the last season". */
const TIME_NOUNS = new Set(['year', 'years', 'season', 'seasons', 'date', 'time']);
/** Openings of a question that asks for a time: "when", "what year", "in which season". */
const ASKS_TIME = /^(in )?(when|(what|which) (year|season|date))\b/;

/**
 * True when the token is "first" or "last" said of time: right before a time noun ("the
 * first year on the list", "the last season") or in a question that asks for a time ("what
 * year was the last diesel built", "when did Devo first release …"). Elsewhere the ordinal
 * names a place, a round or a name ("first place", "last name") and is read as such.
 */
function timeOrdinal(parsed: ParsedQuestion, index: number): boolean {
  const token = parsed.tokens[index];
  if (TIME_ORDINALS[token.norm] === undefined) return false;
  // "after 1950 what was the next year a school joined": the earliest past the bound, which a number or date right after
  // "after" sets; with no bound, "the next year" of a row is the adjacent row's (`adjacent-rows.ts`), never an end
  const bound = BOUND_OF[token.norm];
  if (bound !== undefined && !parsed.tokens.some((t) => t.norm === bound && /^\d{4}$/.test(parsed.tokens[t.index + 1]?.norm ?? ''))) return false;
  // "revenue last year" is a date phrase (the previous calendar year), never an ordinal
  if (parsed.dateTokens.some((phrase) => phrase.includes(index))) return false;
  // "what year did Team Essex finish first in the LMP2 class": a place after a verb of finishing, never the earliest
  if (FINISH_VERBS.has(parsed.tokens[index - 1]?.norm ?? '')) return false;
  const next = parsed.tokens[index + 1]?.norm ?? '';
  // … or "what was first year they …", the article dropped after the question's opening
  const opening = index === 2 && ['what', 'which'].includes(parsed.tokens[0].norm) && ['was', 'is'].includes(parsed.tokens[1].norm);
  if (TIME_NOUNS.has(next)) return opening || ['the', 'its', 'their', 'his', 'her'].includes(parsed.tokens[index - 1]?.norm ?? '');
  if (/^(place|position|round|name|names|half|quarter|leg|stage|team|division|prize|class|rank|one|two|three|four|five|\d.*)$/.test(next)) return false;
  return ASKS_TIME.test(parsed.tokens.map((t) => t.norm).join(' '));
}

/**
 * The column a time noun names by its whole name when that column numbers its rows ("Season":
 * 1, 2 … 13, whole numbers, no two rows alike): "the last season" is the highest number.
 */
function numberedColumn(parsed: ParsedQuestion, profile: TableProfile, index: number): CatalogColumn | undefined {
  const noun = parsed.tokens[index];
  if (!noun || !TIME_NOUNS.has(noun.norm) || noun.norm.startsWith('year') || noun.norm.startsWith('date')) return undefined;
  const named = profile.columns.filter((c) => c.stems.length === 1 && c.stems[0] === noun.stem);
  if (named.length !== 1) return undefined;
  return numbersRows(named[0].column, profile) ? named[0].column : undefined;
}

/**
 * True when the column numbers the rows one each: named in the singular, whole numbers counting
 * up from 0 or 1 with at most two gaps, no blank, no two rows alike ("Season" 1 … 13), not
 * amounts that happen to differ ("Seasons" 3, 1, 5: a count per coach).
 */
export function numbersRows(column: CatalogColumn, profile: TableProfile): boolean {
  // a plural name ("Seasons", "Games") counts something per row; the numbering column is named in the singular
  if (/s$/i.test(column.name.trim()) && !/ss$/i.test(column.name.trim())) return false;
  const [min, max] = [Number(column.profile.min), Number(column.profile.max)];
  const rows = profile.table.rowCount;
  const counting = column.type === 'integer' && (min === 0 || min === 1) && max - min + 1 <= rows + 2;
  return counting && column.profile.distinctCount === rows && column.profile.nullCount === 0;
}

/** Words that ask for the adjective's column itself: "what year", "which date", "how old", "how long", "how tall". */
const ASKED_AS: Record<Kind, [string, string[]]> = {
  time: ['what which', ['year', 'date', 'day']], birth: ['what which', ['year', 'date', 'day']],
  age: ['how', ['old']], length: ['how', ['long']], height: ['how', ['tall', 'high']],
};

/** The question with the adjective read: its words (and "what year", "how old" …) consumed and the order it asks. */
export function withMeasureAdjective(parsed: ParsedQuestion, adjective: MeasureAdjective): ParsedQuestion {
  const consumed = new Set([...parsed.consumed, ...adjective.at]);
  const [leads, words] = ASKED_AS[adjective.kind];
  const asked = new Set<number>();
  for (const token of parsed.tokens) {
    if (words.includes(token.norm) && leads.split(' ').includes(parsed.tokens[token.index - 1]?.norm ?? '')) asked.add(token.index);
  }
  asked.forEach((i) => consumed.add(i).add(i - 1));
  // "what year …" asks for the column itself, no grouping by years
  const groupAt = parsed.groupAt.filter((g) => !asked.has(g.at));
  return { ...parsed, consumed, groupAt, superlative: adjective.order, measureAdjective: adjective };
}

type Interpret = (parsed: ParsedQuestion, match: TableMatch) => { spec?: QuerySpec; problem?: string };

/**
 * "How many episodes were in the last season", "the rank of the first season" over a Season
 * column numbering the rows: the ordinal picks the one row with the highest (or lowest) number
 * among the rows the other conditions keep, and the rest of the question is asked of that row.
 * Declined with a grouping, a "top N", an average, a ratio, a difference or a row window.
 */
function oneNumberedRow(parsed: ParsedQuestion, match: TableMatch, adjective: MeasureAdjective, interpret: Interpret): { spec?: QuerySpec; problem?: string } | undefined {
  if (!adjective.numbered) return undefined;
  const named = `the ${adjective.word} ${adjective.column.name}`;
  if (parsed.averageWords || parsed.topN !== undefined || parsed.ratio || parsed.difference || parsed.comparative || parsed.rowWindow) return { problem: `'${named}' is one row: it is answered only with a value of that row` };
  const id = sqlIdentifier(adjective.column.sqlName);
  const where = match.filters.length > 0 ? ` WHERE ${match.filters.map((f) => f.sql).join(' AND ')}` : '';
  const extreme = adjective.order === 'asc' ? 'min' : 'max';
  const noun = adjective.at[adjective.at.length - 1] + 1;
  const filter = { sql: `${id} = (SELECT ${extreme}(${id}) FROM ${sqlIdentifier(match.profile.table.sqlName)}${where})`, text: `${adjective.column.name} is the ${adjective.order === 'asc' ? 'lowest' : 'highest'}`, tokens: [...adjective.at, noun], column: adjective.column };
  const mentions = match.mentions.map((m) => (m.tokens.every((t) => t === noun) ? { ...m, usedAsFilter: true } : m)); // the noun named the numbering column (and any other of its name)
  const read = interpret({ ...parsed, measureAdjective: undefined, superlative: undefined }, { ...match, mentions, filters: [...match.filters, filter] });
  if (!read.spec) return read;
  if (read.spec.group) return { problem: `'${named}' is one row: it is answered only with a value of that row` };
  return read;
}

/** Words that say a column holds something for a row: "the first results for Giant Slalom", "data recorded for …". */
const PRESENCE_NOUNS = new Set(['result', 'results', 'data', 'entry', 'entries', 'record', 'records', 'value', 'values', 'figure', 'figures', 'score', 'scores']);

/**
 * "in what year are there the first results for Giant Slalom" over Season | Slalom | Giant Slalom
 * (a rank, "–" where she did not start): the year is asked ("what/which year|season|date", "what
 * was the first season") and
 * the other column is named only after a noun of results ("results for", "data for"), so the rows
 * kept are those where that column holds a value. Undefined for any other wording, a column with
 * no empty cells (the condition would keep every row) or a column named under a comparison.
 */
function presenceFilter(parsed: ParsedQuestion, match: TableMatch, adjective: MeasureAdjective, other: ColumnMention): Filter | undefined {
  if (adjective.kind !== 'time' || other.info.column.profile.nullCount === 0 || other.usedAsFilter) return undefined;
  const words = parsed.tokens.map((t) => t.norm);
  const timeNoun = (i: number): boolean => ['year', 'season', 'date'].includes(words[i] ?? '');
  const asked = words.some((w, i) => (w === 'what' || w === 'which') && timeNoun(i + 1)) || (/^(what|which)$/.test(words[0] ?? '') && timeNoun(Math.max(...adjective.at) + 1));
  const first = Math.min(...other.tokens);
  const before = words.slice(Math.max(0, first - 3), first);
  const afterNoun = before.includes('for') && before.some((w) => PRESENCE_NOUNS.has(w));
  if (!asked || !afterNoun) return undefined;
  const id = sqlIdentifier(other.info.column.sqlName);
  return { sql: `${id} IS NOT NULL`, text: `${other.info.column.name} has a value`, tokens: other.tokens, column: other.info.column };
}

const SUM_WORDS = new Set(['total', 'sum', 'totals', 'combined']);

/**
 * True when every word of a total in the question ("the last year to have less than 3 million
 * total passengers") is the first word of a column a condition is on (Total passengers): a
 * column's name, not a total asked for.
 */
function totalNamesFilterColumn(parsed: ParsedQuestion, match: TableMatch): boolean {
  const sums = parsed.tokens.filter((t) => SUM_WORDS.has(t.norm));
  return sums.length > 0 && sums.every((t) => match.filters.some((f) => f.column !== undefined && f.tokens.includes(t.index + 1)
    && tokensOf(f.column.name)[0]?.norm === t.norm));
}

/** Column names of who or what each row is: the label "who is the oldest" asks for. */
const WHO_NAME = /\b(name|player|athlete|person|president|leader|driver|rider|member|actor|artist|candidate|winner|ship|building|title)\b/i;

/**
 * The spec of a question whose superlative is a measure adjective: the rows' label ranked by
 * the adjective's column ("which ship is the oldest", "who is the youngest"), or its extreme
 * value ("when was the oldest station opened"). Declined with counts, totals, averages,
 * differences, a "top N" or another measure named.
 */
export function interpretMeasureAdjective(parsed: ParsedQuestion, match: TableMatch, adjective: MeasureAdjective, interpret?: Interpret): { spec?: QuerySpec; problem?: string } {
  const row = interpret ? oneNumberedRow(parsed, match, adjective, interpret) : undefined;
  if (row) return row;
  if (parsed.countWords || (parsed.sumWords && !totalNamesFilterColumn(parsed, match)) || parsed.averageWords || parsed.topN !== undefined || parsed.ratio || parsed.shareSplitAt !== undefined || parsed.difference || parsed.comparative || parsed.rowWindow) {
    return { problem: `'${adjective.word}' is answered only as a ranking or as the ${adjective.order === 'asc' ? 'smallest' : 'largest'} ${adjective.column.name}, not with a count, total, average or difference` };
  }
  // a word a condition took ("fewer than one million domestic passengers") names no second measure, whatever else it matched
  const inFilters = new Set(match.filters.flatMap((f) => f.tokens));
  // "when was the last account closed" over Opened: the verb names another event than the column's own
  const otherEvent = otherEventThan(parsed, adjective.column.name);
  if (otherEvent) return { problem: `'${otherEvent}' names another event than ${adjective.column.name}, which '${adjective.word}' would rank by` };
  const others = match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && m.info.column !== adjective.column && m.info.column.concept !== 'identifier' && m.info.column.derived === undefined && !m.tokens.every((t) => inFilters.has(t)));
  const present = others.length === 1 ? presenceFilter(parsed, match, adjective, others[0]) : undefined;
  if (present) return interpretMeasureAdjective(parsed, { ...match, filters: [...match.filters, present], mentions: match.mentions.map((m) => (m === others[0] ? { ...m, usedAsFilter: true } : m)) }, adjective, interpret);
  if (others.length > 0) return { problem: `unclear whether '${adjective.word}' asks for ${adjective.column.name} or ${others.map((m) => m.info.column.name).join(', ')}` };
  const grouping = findGroup(parsed, match);
  if (grouping.problem) return { problem: grouping.problem };
  let group: GroupKey | undefined = grouping.group;
  if (group?.kind === 'column' && group.column === adjective.column) group = undefined; // "what year was the earliest": the year itself
  if (!group && parsed.who) {
    const names = match.profile.table.columns.filter((c) => c.type === 'text' && c.derived === undefined && WHO_NAME.test(c.name));
    if (names.length !== 1) return { problem: `could not tell which column names who '${adjective.word}' asks for` };
    group = { kind: 'column', sql: sqlIdentifier(names[0].sqlName), name: names[0].name, column: names[0] };
  }
  const measure: Measure = { kind: 'column', fn: adjective.order === 'asc' ? 'min' : 'max', column: adjective.column };
  const base: Omit<QuerySpec, 'answerKind'> = { match, filters: match.filters, subFilters: [], measure, mode: 'aggregate' };
  if (group?.kind === 'periods') return { problem: `'${adjective.word}' over period columns is not supported` };
  if (group) return { spec: { ...base, group, answerKind: 'top1', order: adjective.order, limit: 5 } };
  return { spec: { ...base, answerKind: 'scalar' } };
}
