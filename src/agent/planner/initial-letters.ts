/**
 * A condition on the letter a name begins with: "woods whose names begin with the letter W",
 * "countries starting with C", "names that start with an A". The rows kept are those whose cell
 * of the column named, leading quotes and spaces aside, opens with that letter in either case.
 * @module agent/planner/initial-letters
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { TableProfile } from './table-profile.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** Verbs saying what a name opens with. */
const BEGIN_VERBS = new Set(['begin', 'begins', 'beginning', 'began', 'start', 'starts', 'starting', 'started']);
/** Words between the column and the verb: "names that begin", "countries whose names start", "woods' names". */
const LINK_WORDS = new Set(['that', 'which', 'who', 'whose', 'with', 's']);
const NAME_WORDS = new Set(['name', 'names']);
/** Verbs between a noun and its names: "teams that have names starting with B". */
const OWNING_WORDS = new Set(['have', 'has', 'had', 'having', 'their', 'its']);

/** What `initialLetterFilter` read: the filter and the words it explains, or why it cannot be read. */
export interface InitialLetterReading {
  filter?: Filter;
  explained: number[];
  problem?: string;
}

/**
 * Reads "<column> (that|whose names)? begin(s)/start(s) with (the letter)? (a|an)? <letter> (or <letter>)*".
 * The column is the one named right before the verb ("countries" → the Country column); "names"
 * with no column of that name is the table's text column whose values are each one row's own
 * (the one text column with a different value on every row). A first or last name ("players with
 * a last name starting with F") is not read: the cell holds the whole name.
 * @param open whether a token is still unexplained
 * @returns undefined when the question has no such phrase; a problem when the column is unclear
 */
export function initialLetterFilter(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], open: (i: number) => boolean): InitialLetterReading | undefined {
  const tokens = parsed.tokens;
  const verb = tokens.findIndex((t, i) => BEGIN_VERBS.has(t.norm) && tokens[i + 1]?.norm === 'with' && open(i));
  if (verb < 0) return undefined;
  let at = verb + 2;
  const explained = [verb, verb + 1];
  if (tokens[at]?.norm === 'the' && /^letters?$/.test(tokens[at + 1]?.norm ?? '')) {
    explained.push(at, at + 1);
    at += 2;
  } else if (tokens[at]?.norm === 'letter') {
    explained.push(at);
    at += 1;
  }
  // "start with an A": the article is the letter's, unless the letter is "a" itself ("start with a" / "with an a")
  if ((tokens[at]?.norm === 'an' || tokens[at]?.norm === 'a') && tokens[at + 1] !== undefined && /^[a-z]$/.test(tokens[at + 1].norm)) {
    explained.push(at);
    at += 1;
  }
  const letter = tokens[at]?.norm;
  if (letter === undefined || !/^[a-z]$/.test(letter) || (tokens[at + 1] !== undefined && !/^[a-z]+$/.test(tokens[at + 1].norm))) return undefined;
  // "a name beginning with a vowel": a word after the letter other than the end makes it no letter
  if (tokens[at + 1] !== undefined && ['vowel', 'vowels', 'consonant', 'consonants', 'number', 'digit'].includes(tokens[at + 1].norm)) return undefined;
  explained.push(at);
  // "start with C or A", "with A, B and C": each letter a name may begin with
  const letters = [letter];
  while (['or', 'and'].includes(tokens[at + 1]?.norm ?? '') && /^[a-z]$/.test(tokens[at + 2]?.norm ?? '')) {
    letters.push(tokens[at + 2].norm);
    explained.push(at + 1, at + 2);
    at += 2;
  }
  let before = verb - 1;
  while (before >= 0 && LINK_WORDS.has(tokens[before].norm)) before--;
  const nameWord = before >= 0 && NAME_WORDS.has(tokens[before].norm) ? before : undefined;
  // "teams (that) have names starting with B", "teams whose names start with B": the noun before names whose names they are
  if (nameWord !== undefined) {
    let owner = nameWord - 1;
    while (owner >= 0 && (LINK_WORDS.has(tokens[owner].norm) || OWNING_WORDS.has(tokens[owner].norm))) owner--;
    const named = owner >= 0 && owner < nameWord - 1 ? mentions.find((m) => m.tokens.includes(owner) && !m.info.numeric) : undefined;
    if (named) before = owner;
  }
  if (nameWord !== undefined && ['last', 'first', 'middle', 'family', 'given', 'sur'].includes(tokens[nameWord - 1]?.norm ?? '')) {
    return { explained: [], problem: `a ${tokens[nameWord - 1].norm} name is part of a cell: the letter it begins with is not read offline` };
  }
  const named = mentions.find((m) => m.tokens.includes(before) && !m.info.numeric);
  let column = named?.info.column;
  if (!column && nameWord !== undefined) {
    // (never a column of codes: "A-1001" is an order's id, no name)
    const text = profile.columns.filter((c) => !c.numeric && c.column.type === 'text' && c.column.concept !== 'identifier');
    const own = text.filter((c) => {
      const { distinctCount } = c.column.profile;
      return distinctCount !== undefined && distinctCount === profile.table.rowCount;
    });
    if (own.length !== 1) return { explained: [], problem: `could not tell which column's names '${tokens[verb].norm} with ${letter}' is said of` };
    column = own[0].column;
    explained.push(nameWord);
  } else if (named) {
    explained.push(...named.tokens);
    if (nameWord !== undefined) explained.push(nameWord);
  }
  if (!column) return { explained: [], problem: `could not tell which column '${tokens[verb].norm} with ${letter}' is said of` };
  for (let i = before + 1; i < verb; i++) if (LINK_WORDS.has(tokens[i].norm)) explained.push(i);
  const id = sqlIdentifier(column.sqlName);
  const upper = letters.map((l) => l.toUpperCase());
  const first = `upper(left(ltrim(${id}, ${sqlLiteral(' "\'“‘')}), 1))`;
  return {
    filter: {
      sql: upper.length === 1 ? `${first} = ${sqlLiteral(upper[0])}` : `${first} IN (${upper.map((l) => sqlLiteral(l)).join(', ')})`,
      text: `${column.name} begins with ${upper.join(' or ')}`,
      tokens: explained,
      column,
    },
    explained,
  };
}
