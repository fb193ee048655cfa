/**
 * Terms of office written as two columns of calendar years, one where the term began and one
 * where it ended (Took Office | Left Office, Office started | Office ended, From | To, Term
 * start | Term end): "how many lieutenants served in 1949" keeps the terms that include 1949,
 * "how many years did Léon Balcer serve" is the end year minus the start year of his row.
 * Only where both columns are filled on every row: a blank end may be a term still running or
 * a year the table does not give, and either would change the answer.
 * @module agent/planner/term-columns
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { OPERATOR_WORDS, type Comparison } from './find-comparisons.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { tokensOf } from './normalize-text.js';
import { PERSON_NAME_SHAPE } from './listed-names.js';
import { sqlIdentifier } from './sql-text.js';
import type { TableProfile } from './table-profile.js';

/** Words of a column name for the year a term began. */
const START_WORDS = new Set(['took', 'start', 'started', 'began', 'begin', 'from', 'assumed', 'entered', 'appointed']);
/** Words of a column name for the year a term ended. */
const END_WORDS = new Set(['left', 'end', 'ended', 'to', 'until']);
/** Verbs of holding an office: "served", "in office", "in power". */
const SERVE_WORDS = new Set(['serve', 'served', 'serves', 'serving']);
/** Nouns of an office held, after "in": "in office", "in power". */
const HELD_NOUNS = new Set(['office', 'power']);

/** The start and end columns of a table's terms of office. */
export interface TermColumns {
  start: CatalogColumn;
  end: CatalogColumn;
}

/** True when every value of an integer column is a calendar year (1500…2100) and no cell is blank. */
function filledYears(column: CatalogColumn): boolean {
  const { min, max, nullCount } = column.profile;
  const year = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1500 && v <= 2100;
  return column.type === 'integer' && !column.isAggregateColumn && column.derived === undefined && year(min) && year(max) && nullCount === 0;
}

/**
 * The table's one pair of year columns, one named for the start of a term and the other for its
 * end, both filled on every row; undefined when there is none or more than one of either.
 */
export function termColumns(profile: TableProfile): TermColumns | undefined {
  const words = (c: CatalogColumn): string[] => tokensOf(c.name.replace(/_/g, ' ')).map((t) => t.norm);
  const years = profile.table.columns.filter(filledYears);
  const starts = years.filter((c) => words(c).some((w) => START_WORDS.has(w)) && !words(c).some((w) => END_WORDS.has(w)));
  const ends = years.filter((c) => words(c).some((w) => END_WORDS.has(w)) && !words(c).some((w) => START_WORDS.has(w)));
  if (starts.length !== 1 || ends.length !== 1) return undefined;
  return { start: starts[0], end: ends[0] };
}

/**
 * The column naming who held each term: the table's first text column whose values are mostly
 * people's names (two thirds written as a name: Political lieutenant, Name, Mayor; never a Term
 * of "First", "Second"); undefined when it has none.
 */
export function holderColumn(profile: TableProfile): CatalogColumn | undefined {
  return profile.table.columns.find((c) => {
    const values = (c.profile.distinct ?? []).map((v) => String(v).trim());
    return c.type === 'text' && values.length > 0 && values.filter((v) => PERSON_NAME_SHAPE.test(v)).length * 3 >= values.length * 2;
  });
}

/** True when the holder column names someone on two rows (two terms): a row's length is then no person's. */
export function holderRepeats(profile: TableProfile): boolean {
  const holder = holderColumn(profile);
  const distinct = holder?.profile.distinct;
  return holder === undefined || distinct === undefined || distinct.length < profile.table.rowCount - holder.profile.nullCount;
}

/**
 * The words of the question that say a term was held: "served", "serving", and "in office" /
 * "in power" (both words; "office" may have been read as a word of the columns' names, which
 * this reading explains instead: see `dropTermMentions`).
 * @param open tokens nothing else explained
 */
export function servedWords(parsed: ParsedQuestion, open: (index: number) => boolean): number[] {
  const found: number[] = [];
  for (const token of parsed.tokens) {
    if (SERVE_WORDS.has(token.norm) && open(token.index)) found.push(token.index);
    else if (HELD_NOUNS.has(token.norm) && parsed.tokens[token.index - 1]?.norm === 'in') found.push(token.index - 1, token.index);
  }
  return found;
}

/** Drops from `mentions` those made only of `tokens` (the words a term reading explains: "office" of Took Office). */
export function dropTermMentions(mentions: ColumnMention[], tokens: number[], keep?: ColumnMention): void {
  const kept = mentions.filter((m) => m === keep || !m.tokens.every((t) => tokens.includes(t)));
  mentions.splice(0, mentions.length, ...kept);
}

/**
 * "how many lieutenants served in 1949", "who was in office in 1990": over a table with no other
 * column of dates or years for the phrase, a phrase of whole years with a word of holding office
 * keeps the terms that overlap it (began in or before its last year, ended in or after its first).
 * @param from first day of the phrase (`YYYY-01-01`), or undefined for an open start
 * @param to day after its last (`YYYY-01-01`), or undefined for an open end
 * @param dateTokens the phrase's tokens
 * @returns the filter (its tokens: the phrase's and the words of serving) or undefined
 */
export function termOverlap(parsed: ParsedQuestion, profile: TableProfile, from: string | undefined, to: string | undefined, dateTokens: number[], open: (index: number) => boolean, mentions: ColumnMention[]): Filter | undefined {
  const term = termColumns(profile);
  const served = servedWords(parsed, open);
  if (!term || served.length === 0 || (from === undefined && to === undefined)) return undefined;
  // "how many customers were served in 2010" over From | To | Customers: an amount of the whole row is no amount of a year
  if (mentions.some((m) => m.info.numeric && !m.usedAsFilter && m.info.column !== term.start && m.info.column !== term.end)) return undefined;
  // "served until 1990", "since 1990": the whole term up to (or from) the year, which an overlap does not say
  if (dateTokens.some((t) => /^(until|till|til|since|through|thru)$/.test(parsed.tokens[t]?.norm ?? ''))) return undefined;
  const first = from === undefined ? undefined : Number(from.slice(0, 4));
  const last = to === undefined ? undefined : Number(to.slice(0, 4)) - 1;
  const start = sqlIdentifier(term.start.sqlName);
  const end = sqlIdentifier(term.end.sqlName);
  const parts = [last === undefined ? '' : `${start} <= ${last}`, first === undefined ? '' : `${end} >= ${first}`].filter(Boolean);
  const span = first === undefined ? `up to ${last}` : last === undefined ? `from ${first} on` : first === last ? `${first}` : `${first} to ${last}`;
  return { sql: parts.join(' AND '), text: `the term from ${term.start.name} to ${term.end.name} includes ${span}`, tokens: [...dateTokens, ...served], column: term.end };
}

/**
 * "how many years did Léon Balcer serve", "how long was she in office": the words asking the
 * length of one row's term, read as a mention of the end column (the measure is its year minus
 * the start's: `termSpan`). Needs "how many years" or "how long", and a word of holding office.
 * @param open tokens nothing else explained
 * @returns the mention (the question's "years"/"long" and serving words) or undefined
 */
export function termYearsMention(parsed: ParsedQuestion, profile: TableProfile, open: (index: number) => boolean): ColumnMention | undefined {
  const term = termColumns(profile);
  if (!term) return undefined;
  const at = parsed.countWords && parsed.countNounAt !== undefined && parsed.tokens[parsed.countNounAt]?.norm === 'years' ? parsed.countNounAt
    : parsed.tokens.find((t) => t.norm === 'long' && parsed.tokens[t.index - 1]?.norm === 'how')?.index;
  if (at === undefined || !open(at)) return undefined;
  const served = servedWords(parsed, open);
  if (served.length === 0) return undefined;
  const tokens = [at, ...served];
  return { info: profile.columns.find((c) => c.column === term.end) ?? profile.columns[0], tokens, hits: tokens.map(() => ({ stem: TERM_LENGTH, exact: false })), strength: 1, exact: 0 };
}

/** True when `mentions` hold the mention of a term's length (`termYearsMention`), answered only by `termSpan`. */
export function termLengthAsked(mentions: ColumnMention[]): boolean {
  return mentions.some((m) => m.hits.length > 0 && m.hits.every((h) => h.stem === TERM_LENGTH));
}

/** The stem the mention of a term's length carries (no word's stem: it has a space), telling it from "term" said as a word. */
const TERM_LENGTH = 'term length';

/**
 * The term whose length is asked (`termYearsMention` found): the table's term columns when the
 * match holds that mention, the one condition names who held it (a value of the holder column:
 * "John Diefenbaker" of Party leader names no term), and no total, average or ranking is asked.
 */
export function termSpan(parsed: ParsedQuestion, mentions: ColumnMention[], filters: Filter[], profile: TableProfile): TermColumns | undefined {
  if (parsed.sumWords || parsed.averageWords || parsed.superlative || filters.length !== 1) return undefined;
  const term = termColumns(profile);
  if (!term || !mentions.some((m) => m.info.column === term.end && m.hits.length > 0 && m.hits.every((h) => h.stem === TERM_LENGTH))) return undefined;
  const holder = holderColumn(profile);
  const [filter] = filters;
  if (!holder || filter.column !== holder || filter.values === undefined || filter.negated) return undefined;
  return term;
}


/**
 * "how many mayors were in office more than five years", "bishops who served at least two
 * years": a comparison whose number is followed by "years", with a word of holding office,
 * over the table's term columns is a condition on each term's length (end year minus start year).
 * Not where a holder has two terms, nor where the question names an amount of the rows.
 * @returns the filter (its tokens: the comparison's, "years" and the words of serving) or undefined
 */
export function termLengthCondition(parsed: ParsedQuestion, profile: TableProfile, comparison: Comparison, open: (index: number) => boolean, mentions: ColumnMention[]): Filter | undefined {
  const last = Math.max(...comparison.tokens);
  const unit = parsed.tokens[last + 1]?.norm === 'years' || parsed.tokens[last + 1]?.norm === 'year' ? last + 1 : comparison.tokens.find((t) => parsed.tokens[t].norm === 'years');
  if (unit === undefined || comparison.percent || comparison.money || comparison.duration) return undefined;
  const term = termColumns(profile);
  const served = servedWords(parsed, open);
  // … one term per holder: of someone with two terms the question may mean either or both together
  if (!term || served.length === 0 || holderRepeats(profile)) return undefined;
  // "how many soldiers served more than 3 years" over From | To | Soldiers: an amount of the row is no count of terms
  if (mentions.some((m) => m.info.numeric && !m.usedAsFilter && m.info.column !== term.start && m.info.column !== term.end)) return undefined;
  const length = `(${sqlIdentifier(term.end.sqlName)} - ${sqlIdentifier(term.start.sqlName)})`;
  const bound = comparison.upper !== undefined ? `BETWEEN ${comparison.value} AND ${comparison.upper}` : `${comparison.operator} ${comparison.value}`;
  const said = comparison.upper !== undefined ? `${comparison.value} to ${comparison.upper}` : `${OPERATOR_WORDS[comparison.operator]} ${comparison.value}`;
  return { sql: `${length} ${bound} AND ${sqlIdentifier(term.end.sqlName)} >= ${sqlIdentifier(term.start.sqlName)}`, text: `the years from ${term.start.name} to ${term.end.name} ${said}`, tokens: [...new Set([...comparison.tokens, unit, ...served])], column: term.end };
}
