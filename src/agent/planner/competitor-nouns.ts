/**
 * Results lists name their rows by the sport: "which swimmer was fastest", "the Brazilian
 * swimmer's lane", "how many skaters" over a list whose people are in a Name or Athlete column.
 * A competitor noun the table has no column or value for names that column: the one column of
 * the table that lists people. "Finishers" and "medalists" are places (`place-ordinals.ts`), not this.
 * @module agent/planner/competitor-nouns
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention } from './plan-types.js';
import { isDemonymStem } from './demonyms.js';
import { foldText, tokensOf } from './normalize-text.js';
import type { TableProfile } from './table-profile.js';
import { personColumns } from './person-columns.js';

/** Nouns for the people a results list ranks (singular; plurals meet them by stem). */
const COMPETITOR_NOUNS = new Set(
  (
    'athlete competitor contestant participant entrant swimmer diver runner sprinter skater skier ' +
    'rider cyclist racer jumper thrower boxer wrestler golfer shooter rower canoeist kayaker gymnast ' +
    'archer fencer lifter weightlifter triathlete sailor jockey'
  )
    .split(/\s+/)
    .map((word) => tokensOf(word)[0].stem),
);

/** Competitor nouns of any sport. */
const GENERIC_COMPETITORS = new Set(['athlete', 'competitor', 'contestant', 'participant', 'entrant'].map((word) => tokensOf(word)[0].stem));

/** Names of a column of the competitors themselves. */
const COMPETITOR_COLUMN = /^(name|names|athlete|athletes|player|players|competitor|competitors|contestant|contestants|participant|participants|entrant|swimmer|diver|skater|skier|runner|sprinter|rider|driver|cyclist|racer|jumper|thrower|boxer|wrestler|golfer|shooter|rower|gymnast|archer|fencer|lifter|weightlifter)s?$/;

/**
 * The mention of the table's one people column for a competitor noun nothing else explains
 * ("swimmer" over Rank | Lane | Name | Nationality | Time).
 * @param open true for a token nothing has explained yet
 * @returns the mention, or undefined when no such noun is left or the table has no single column of people
 */
export function competitorMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], open: (i: number) => boolean): ColumnMention | undefined {
  // a plural after a superlative or a count ("the most athletes", "how many swimmers") counts the rows (`counted-nouns.ts`),
  // unless a people's name describes it ("how many Jamaican runners": the runners, once each)
  const asked = new Set(parsed.groupAt.filter((g) => g.keyword === 'which' || g.keyword === 'what').map((g) => g.at));
  const token = parsed.tokens.find((t) => COMPETITOR_NOUNS.has(t.stem) && open(t.index) && !mentions.some((m) => m.tokens.includes(t.index))
    && (!/s$/.test(t.norm) || asked.has(t.index) || isDemonymStem(parsed.tokens[t.index - 1]?.stem ?? '')));
  if (!token) return undefined;
  // the column of the competitors themselves: never a Jockey, Coach or Trainer beside a Horse or a team
  const people = personColumns(profile.table).filter((c) => COMPETITOR_COLUMN.test(foldText(c.name).trim()));
  if (people.length !== 1) return undefined;
  const info = profile.columns.find((c) => c.column === people[0]);
  if (!info) return undefined;
  return { info, tokens: [token.index], hits: [{ stem: token.stem, exact: false }], strength: 1, exact: 0 };
}

/** Plain nouns for people: counted by the column of the competitors themselves. */
const PLAIN_PEOPLE = new Set(['player', 'people', 'person', 'individual', 'athlete'].map((word) => tokensOf(word)[0].stem));
/** Holders of an office: counted by a column of names or of the office's holders. */
const OFFICE_NOUNS = new Set('ambassador senator minister president governor mayor representative delegate member incumbent leader candidate'.split(' ').map((word) => tokensOf(word)[0].stem));
/** Columns of office holders ("Representative", "Incumbent"), or of names. */
const HOLDER_COLUMN = /\b(name|names|person|representative|incumbent|member|holder|officeholder|senator|minister|president|governor|mayor|candidate|leader|ambassador|delegate)s?\b/;
/** People of a role ("judges", "coaches", "actors"): counted only by a column named for that role, or of names. */
const ROLE_NOUNS = new Set('judge coach manager director writer author actor actress singer artist recipient winner nominee driver'.split(' ').map((word) => tokensOf(word)[0].stem));
/** Columns that say which country or team a person is of: the same name under another is another person. */
const BELONGING_COLUMN = /^(nation|nationality|country|team|club|noc|state|party)$/;

/**
 * "How many competitors were there" over a results list where one athlete has two rows (two
 * events), "how many ambassadors were appointed by Reagan" where one ambassador served twice:
 * people are counted once each, by the table's one column of people that fits the noun (the
 * competitors themselves for "athletes", "players"; a Name or a holders' column such as
 * Representative for an office; a column named for the role, or Name, for "judges", "actors").
 * A name under two nations (or teams) is two people: with one such column beside it, a person
 * is a name and that column (`alongWith`). Only when the noun the rows are counted by
 * (`rowNoun`, `counted-nouns.ts`) is a people noun and that column repeats a name; otherwise a
 * row is one person and counting rows gives the same number.
 * A people noun of a role, an office or a sport that no column of the table fits is no name of its
 * rows: a problem then, never a count of the rows.
 * @returns the column whose distinct names to count (and the one beside it), the problem, or undefined to count the rows
 */
export function countedPeopleColumn(
  parsed: ParsedQuestion,
  profile: TableProfile,
  rowNoun: number | undefined,
): { column: CatalogColumn; alongWith?: CatalogColumn; problem?: undefined } | { problem: string } | undefined {
  const noun = parsed.tokens[rowNoun ?? -1];
  if (!noun) return undefined;
  const named = (c: CatalogColumn): string => foldText(c.name).trim();
  const stemsOf = (c: CatalogColumn): string[] => tokensOf(c.name).map((t) => t.stem);
  let fits: (c: CatalogColumn) => boolean;
  if (COMPETITOR_NOUNS.has(noun.stem) || PLAIN_PEOPLE.has(noun.stem)) fits = (c) => COMPETITOR_COLUMN.test(named(c));
  else if (OFFICE_NOUNS.has(noun.stem)) fits = (c) => HOLDER_COLUMN.test(named(c)) || stemsOf(c).includes(noun.stem);
  else if (ROLE_NOUNS.has(noun.stem)) fits = (c) => /^names?$/.test(named(c)) || stemsOf(c).includes(noun.stem);
  else return undefined;
  const persons = personColumns(profile.table);
  const people = persons.filter(fits);
  // "how many swimmers are there" over athletes of several sports: a swimmer is an athlete of one sport, which a
  // Sport column would pick; counting every athlete answers another question
  const sports = profile.table.columns.filter((c) => c.type === 'text' && /^(sport|sports|discipline|event|events)$/.test(named(c)) && c.profile.distinctCount >= 2);
  if (COMPETITOR_NOUNS.has(noun.stem) && !GENERIC_COMPETITORS.has(noun.stem) && sports.length > 0)
    return { problem: `a ${noun.norm.replace(/s$/, '')} is a competitor of one sport, and ${sports[0].name} holds several: name the ${sports[0].name.toLowerCase()}` };
  // "how many actors are there" over a list of films: no column of the table holds people, or
  // only people of another role (Director), so its rows are something else (films, seasons) and
  // counting them counts no actors; a Candidate column of a pageant still makes its rows contestants
  const otherRole = (c: CatalogColumn): boolean => stemsOf(c).some((stem) => ROLE_NOUNS.has(stem) && stem !== noun.stem);
  const noPeopleRows = persons.length === 0 || (ROLE_NOUNS.has(noun.stem) && persons.every(otherRole));
  // "how many people are there" over towns with a Population: the people are that column's numbers, not the rows
  const headcount = profile.table.columns.find((c) => c.type !== 'text' && /\b(population|attendance|crowd|residents|inhabitants|spectators|visitors|headcount|employees|members)\b/i.test(c.name));
  if (people.length === 0 && PLAIN_PEOPLE.has(noun.stem) && headcount) return { problem: `people are counted in ${headcount.name}, and ${profile.table.sqlName}'s rows are not people: say what to add up` };
  if (people.length === 0 && !PLAIN_PEOPLE.has(noun.stem) && !profile.table.columns.some(fits) && noPeopleRows)
    return { problem: `${profile.table.sqlName} has no column of ${noun.norm} and its rows are not ${noun.norm}` };
  if (people.length !== 1) return undefined;
  const column = people[0];
  if (column.profile.distinctCount >= profile.table.rowCount - column.profile.nullCount) return undefined;
  const belonging = profile.table.columns.filter((c) => c !== column && c.type === 'text' && BELONGING_COLUMN.test(named(c)));
  return { column, ...(belonging.length === 1 ? { alongWith: belonging[0] } : {}) };
}

/** Nouns for firms: what a builder, maker or label column names. */
const FIRM_NOUNS = new Set('company firm manufacturer maker builder business corporation constructor'.split(' ').map((word) => tokensOf(word)[0].stem));
/** Names of a column of the firms that made each row's thing (never "Parent company": the rows may be firms themselves). */
const FIRM_COLUMN = /\b(builder|builders|manufacturer|manufacturers|maker|makers|constructor|constructors)\b/;

/**
 * "How many companies are there" over a list of locomotives with a Builder column: the rows are
 * locomotives, and the firms are the different values of the table's one column of firms
 * (Builder, Manufacturer, Maker, Constructor). Only when the counted noun (`rowNoun`) is a
 * firm noun and that column repeats a firm (else the rows may be the firms, and both counts agree).
 * @returns the column whose distinct values to count, or undefined to count the rows
 */
export function countedFirmsColumn(parsed: ParsedQuestion, profile: TableProfile, rowNoun: number | undefined): { column: CatalogColumn } | undefined {
  const noun = parsed.tokens[rowNoun ?? -1];
  if (!noun || !FIRM_NOUNS.has(noun.stem)) return undefined;
  const firms = profile.table.columns.filter((c) => c.type === 'text' && FIRM_COLUMN.test(foldText(c.name.replace(/_/g, ' '))));
  if (firms.length !== 1) return undefined;
  const column = firms[0];
  // a column of one firm a row, all different: the rows may be the firms themselves, and both counts agree
  if (column.profile.distinctCount >= profile.table.rowCount - column.profile.nullCount) return undefined;
  // … and a table whose first column names each row by its own name (Airline: one row each) lists firms of its own,
  // whose makers are another matter (a first column of numbers, as a locomotive roster's, names no one)
  const first = profile.table.columns[0];
  if (first && first !== column && first.type === 'text' && first.concept !== 'text' && first.concept !== 'identifier' && first.profile.nullCount === 0 && first.profile.distinctCount === profile.table.rowCount) return undefined;
  return { column };
}

/** True for a noun of people a list names by office, role or sport ("ambassadors", "judges", "swimmers"). */
export function isPeopleNoun(stem: string): boolean {
  return COMPETITOR_NOUNS.has(stem) || PLAIN_PEOPLE.has(stem) || OFFICE_NOUNS.has(stem) || ROLE_NOUNS.has(stem);
}
