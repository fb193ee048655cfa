/**
 * How a question's date phrase applies to one table (`apply-dates.ts`), with what that reading
 * leaves in doubt: a year that may name the table's subject, a date column named for another
 * event than the question's verb, a date phrase that is also a value of some column, and the
 * verbs ("released", "born") that say what the table's one date column records.
 * @module agent/planner/match-dates
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { applyDates, type DateApplication } from './apply-dates.js';
import { findSequence } from './match-values.js';
import { conceptOf, tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { dropTermMentions, termOverlap } from './term-columns.js';
import type { TableProfile } from './table-profile.js';
import { personColumns } from './person-columns.js';
import { DATED_VERBS, TIME_BUCKETS } from './vocabulary.js';
import { describedSubjectYear } from './table-subject.js';
import { otherEventThan } from './event-words.js';

/** Concepts of the time words ("month", "quarter", "year" …) a question may group or filter by. */
export const TIME_CONCEPTS = new Set(Object.keys(TIME_BUCKETS).map((w) => conceptOf(tokensOf(w)[0].stem)));
const DATED_STEMS = new Set([...DATED_VERBS].map((word) => tokensOf(word)[0].stem));

/**
 * Applies the question's date phrases to the table, unless a measure row took them
 * (`measureRow`): over a table with no year or date column, a column the question names whose
 * values are all years takes the year (and its mention is marked `usedAsFilter`). A date that
 * cannot apply is a problem, unless the question names one year that may be part of the
 * table's subject ("the 1994 Alabama Crimson Tide football team"): then `subjectYear` is that
 * token and the caller decides once the subject is known. Appends the date filter to `filters`
 * and, when the dates applied, their words to `covered`.
 * @returns the application, the possible subject year, and the problems: the date that cannot
 *   apply, a date column of another event than the verb's, a date phrase that is also a value
 */
export function questionDates(
  parsed: ParsedQuestion,
  profile: TableProfile,
  mentions: ColumnMention[],
  filters: Filter[],
  covered: Set<number>,
  measureRow: boolean,
): { dated: DateApplication; subjectYear?: number; problems: string[] } {
  const problems: string[] = [];
  const dateProfile = withNamedYearColumn(profile, mentions);
  const strength = new Map<CatalogColumn, number>();
  for (const m of mentions) strength.set(m.info.column, Math.max(strength.get(m.info.column) ?? 0, m.strength));
  let dated: DateApplication = measureRow ? {} : applyDates(parsed, dateProfile, mentions.map((m) => m.info.column), strength);
  // "how many lieutenants served in 1949" over Took Office and Left Office: the terms that include the year
  const phrase = parsed.dates.length === 1 ? parsed.dates[0] : undefined;
  if (dated.problem && !dated.filter && phrase && !phrase.partial && [phrase.from, phrase.to].every((d) => d === undefined || d.endsWith('-01-01'))) {
    const term = termOverlap(parsed, profile, phrase.from, phrase.to, parsed.dateTokens[0] ?? [], (i) => !covered.has(i), mentions);
    if (term) {
      dated = { filter: term };
      term.tokens.forEach((t) => covered.add(t));
      dropTermMentions(mentions, term.tokens);
    }
  }
  if (dateProfile !== profile && dated.filter) {
    for (const m of mentions) if (m.info.column === dateProfile.yearColumn) m.usedAsFilter = true;
    // "who left office in 1966" over Office and Left office: "office" is a word of the column taken, never the Office asked
    const taken = new Set(mentions.filter((m) => m.info.column === dateProfile.yearColumn).flatMap((m) => m.tokens));
    const spent = mentions.filter((m) => m.info.column !== dateProfile.yearColumn && m.tokens.every((t) => taken.has(t)));
    if (spent.length > 0) mentions.splice(0, mentions.length, ...mentions.filter((m) => !spent.includes(m)));
  }
  // "for the 1994 Alabama Crimson Tide football team" over rows with no date: the year may name the subject (checked below)
  // … only where the rows have no date or year at all: a year out of their range is a missing year, never a name
  const undated = dateProfile.dateColumns.length === 0 && !dateProfile.yearColumn && dateProfile.periods.length === 0;
  const subjectYear = dated.problem && !dated.filter && undated ? describedSubjectYear(parsed) : undefined;
  if (dated.problem && subjectYear === undefined) problems.push(dated.problem);
  if (dated.filter) filters.push(dated.filter);
  // "how many accounts were closed in 2023" over Opened: the date names another event than the question's verb
  const otherEvent = dated.filter?.column ? otherEventThan(parsed, dated.filter.column.name) : undefined;
  if (otherEvent) problems.push(`'${otherEvent}' names another event than ${dated.filter?.column?.name}, the only date the rows have`);
  // "who was elected in 2006" over Last elected: the column holds one end of a series, and the question does not say that end
  const end = dated.filter?.column ? tokensOf(dated.filter.column.name.replace(/_/g, ' ')).find((t) => SERIES_ENDS.has(t.norm)) : undefined;
  if (end && !parsed.tokens.some((t) => t.norm === end.norm)) problems.push(`${dated.filter?.column?.name} holds the ${end.norm} of a series of dates, and the question asks of any one`);
  const alsoValue = dated.filter || dated.periods ? dateWordsAsValue(parsed, profile, dated.filter?.column) : undefined;
  if (alsoValue) problems.push(alsoValue);
  if (!measureRow) parsed.dateTokens.flat().forEach((t) => (dated.problem ? undefined : covered.add(t)));
  return { dated, ...(subjectYear !== undefined ? { subjectYear } : {}), problems };
}

/**
 * "titles released prior to 2010": the verb says what the date column records, which the date
 * condition reads; also when the question ranks by that column ("the first year a model was
 * manufactured"), or asks for the years of every row ("how many years did he release singles",
 * "which year had the most releases"; no value condition, no verb of a person's life). Only when
 * that column is the table's one column of dates or years (beside a "Birth year", "born" may name
 * another), and never a verb of another event than the one that column's name says ("closed"
 * beside "Opened"). Adds the verbs to `covered`.
 */
export function datedVerbs(parsed: ParsedQuestion, profile: TableProfile, dated: DateApplication, mentions: ColumnMention[], filters: Filter[], covered: Set<number>, dateTokens: Set<number>): void {
  const datedRanking = parsed.measureAdjective?.kind === 'time' || parsed.measureAdjective?.kind === 'birth';
  if ((dated.filter || datedRanking) && yearLikeColumns(profile) === 1) {
    for (const token of parsed.tokens) if (DATED_VERBS.has(token.norm) && !covered.has(token.index) && !dateTokens.has(token.index) && !namesOtherEvent(profile, token.stem)) covered.add(token.index);
  }
  // "how many years did he release singles", "which year had the most releases": the years of every row are asked
  // (no value picks some rows, where "when was Thriller released" over a list of awards would read an award's year);
  // never a life's events ("born", "died", "elected": a person's, not the row's)
  const yearsAsked = mentions.some((m) => isYearLike(m.info.column) && !m.usedAsFilter) && !filters.some((f) => f.values !== undefined);
  // "how many singles has she released": a count of the rows with no date condition, over a table whose one column of
  // dates or years has a date on every row: every row's thing came about, and the verb says no more than that
  const everyRowDated = parsed.countWords && !parsed.sumWords && !parsed.averageWords && !parsed.superlative && parsed.dateTokens.length === 0
    && yearLikeColumns(profile) === 1 && profile.table.columns.some((c) => isYearLike(c) && c.profile.nullCount === 0 && !mentions.some((m) => m.info.column === c))
    // … and no row says it did not ("Unreleased" in the notes), and the rows are not roles in the work ("Author", "Editor")
    && !profile.table.columns.some((c) => (c.profile.distinct ?? []).some((v) => typeof v === 'string' && (NEGATED_EVENT.test(v) || ROLE_VALUE.test(v.trim()))));
  // … but "how many singles has Natalia Lesz released" over an album named "Natalia Lesz": a work's name as the verb's
  // subject is no one who releases, so that value is doubtful and the verb stays unexplained
  const people = personColumns(profile.table);
  const workAsSubject = (verb: number): boolean => filters.some((f) => f.values !== undefined && f.column !== undefined && !people.includes(f.column) && Math.max(...f.tokens) === verb - 1);
  if ((yearsAsked || everyRowDated) && yearLikeColumns(profile) === 1) {
    for (const token of parsed.tokens) {
      if (!yearsAsked && workAsSubject(token.index)) continue;
      if (DATED_VERBS.has(token.norm) && !LIFE_EVENTS.has(token.norm) && !covered.has(token.index) && !dateTokens.has(token.index) && !namesOtherEvent(profile, token.stem)) covered.add(token.index);
    }
  }
}

/** Words of a column's name that say it holds one end of a series ("Last elected", "First appearance"). */
const SERIES_ENDS = new Set(['first', 'last', 'latest', 'initial', 'final', 'most']);

/** A cell saying a row's thing never came about: "Unreleased", "not published", "never aired", "unfinished". */
const NEGATED_EVENT = /\b(un(?:released|published|aired|broadcast|built|finished|completed|recorded|issued|produced)|(?:not|never) (?:released|published|aired|broadcast|built|completed|recorded|issued|produced)|cancell?ed|shelved|abandoned|scrapped|post-?production|pre-?production|in production|in development|filming|upcoming|forthcoming|tba|tbd)\b/i;
/** Cells naming a part someone had in a work: a row per role, so a verb of making it is a condition on the role. */
const ROLE_VALUE = /\b(author|writer|co-?author|co-?writer|editor|illustrator|translator|translation|translated|producer|co-?producer|director|composer|lyricist|arranger|performer|narrator|contributor|foreword|introduction)s?\b/i;

/** Dated verbs of a person's life, never of a row's thing coming about. */
const LIFE_EVENTS = new Set(['born', 'die', 'died', 'elect', 'elected', 'sign', 'signed']);

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
 * its own, a column the question names whose values are all calendar years takes the year
 * (of several, the one named by more of its words, two at least: "took office" of Took Office).
 */
function withNamedYearColumn(profile: TableProfile, mentions: ColumnMention[]): TableProfile {
  if (profile.yearColumn || profile.dateColumns.length > 0) return profile;
  const year = (v: unknown): boolean => /^(1[5-9]|20)\d{2}$/.test(String(v ?? ''));
  const named = [...new Set(mentions.map((m) => m.info.column))].filter((c) => c.type === 'integer' && year(c.profile.min) && year(c.profile.max));
  if (named.length === 1) return { ...profile, yearColumn: named[0] };
  // "took office in 1957" over Took Office and Left Office: the column the question names by more of its words
  const words = (c: CatalogColumn): number => Math.max(...mentions.filter((m) => m.info.column === c).map((m) => m.tokens.length));
  const most = Math.max(0, ...named.map(words));
  const best = named.filter((c) => words(c) === most);
  return best.length === 1 && most >= 2 ? { ...profile, yearColumn: best[0] } : profile;
}
