/**
 * Finds the values a question names (case- and accent-insensitive, plurals folded) among a
 * table's distinct values, a union's labels ("Q1" → "Q1 Media Plan") and, for words the table
 * lacks, in a lookup table that shares a key column (a hidden "Lookup" sheet mapping Location →
 * Region: "Belgium locations" → location IN (… region = 'Belgium')).
 * @module agent/planner/match-values
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { foldText, tokensOf } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import type { TableProfile, ValueEntry } from './table-profile.js';
import { countedPhraseStart } from './counted-nouns.js';
import { isFiller } from './filler-words.js';
import { isStopWordValue, stopWordValueOccurrences } from './stop-word-values.js';
import { COMPARING_WORDS, listingsOf, otherSpelling, PEOPLE_COLUMN, PERSON_NAME_SHAPE, TOGETHER_WORDS } from './listed-names.js';
import { COORDINATORS, negatedList } from './negated-values.js';
import { listedItemProblem } from './listed-items.js';
import { WIN_WORDS, WINNER_NAME } from './winner-column.js';
import { FILLER_WORDS, STOP_WORDS, UNMATCHABLE_VALUES } from './vocabulary.js';

const NEGATION_STEMS = new Set(['not', 'non', 'no']);

interface Occurrence {
  entry: ValueEntry;
  tokens: number[];
}

/** Token positions where `stems` occur contiguously among `allowed` tokens. */
export function findSequence(parsed: ParsedQuestion, stems: string[], allowed: (index: number) => boolean): number[][] {
  const found: number[][] = [];
  const tokens = parsed.tokens;
  for (let i = 0; i + stems.length <= tokens.length; i++) {
    let ok = true;
    for (let k = 0; k < stems.length && ok; k++) ok = allowed(i + k) && tokens[i + k].stem === stems[k];
    if (ok) found.push(stems.map((_, k) => i + k));
  }
  return found;
}

/** True when every word of `column`'s name occurs in the question outside `tokens` (the value's own words). */
function columnNamed(parsed: ParsedQuestion, column: CatalogColumn, tokens: number[]): boolean {
  const words = tokensOf(column.name.replace(/_/g, ' ')).map((t) => t.stem).filter((stem) => !STOP_WORDS.has(stem));
  const asked = new Set(parsed.tokens.filter((t) => !tokens.includes(t.index)).map((t) => t.stem));
  return words.length > 0 && words.every((stem) => asked.has(stem));
}

/**
 * True when `column` is a list's winners (Champion, Winner) and a win word follows the value
 * right after its words ("how many times did Tianjin Bridgestone win", "has Chevrolet won"): the
 * value is named as the one who won, which only the winners column says.
 */
function winsRightAfter(parsed: ParsedQuestion, column: CatalogColumn, tokens: number[]): boolean {
  const next = parsed.tokens[tokens[tokens.length - 1] + 1];
  return next !== undefined && WIN_WORDS.has(next.norm) && WINNER_NAME.test(foldText(column.name).trim());
}

/** True when the words of the column's name stand right before the value at `start` ("the album 24/7"). */
function namedRightBefore(parsed: ParsedQuestion, column: CatalogColumn, start: number): boolean {
  const words = tokensOf(column.name.replace(/_/g, ' ')).map((t) => t.stem).filter((stem) => !STOP_WORDS.has(stem));
  if (words.length === 0 || start < words.length) return false;
  return words.every((stem, k) => parsed.tokens[start - words.length + k].stem === stem);
}

function matchable(entry: ValueEntry): boolean {
  if (entry.stems.length === 0) return false;
  if (entry.stems.length === 1) {
    const stem = entry.stems[0];
    if (stem.length < 2 || UNMATCHABLE_VALUES.has(stem) || STOP_WORDS.has(stem) || /^\d+$/.test(stem)) return false;
  }
  // a code named by its word ("away" for the venue "A") is matched by the word, never by the letter itself
  const code = entry.value.trim().toLowerCase();
  return (entry.part === true && code.length === 1 && !entry.stems.includes(code)) || !UNMATCHABLE_VALUES.has(code);
}

/** Words a long name may be written without: its kind and its function words. */
const DROPPABLE_NAME_STEMS = new Set(['high', 'the', 'of', 'and', 'club', 'football', 'fc', 'afc', 'sc', 'stadium', 'arena', 'international', 'airport'].map((w) => tokensOf(w)[0].stem));

/**
 * "the Oscar De La Hoya Animo Charter School" for "Oscar De La Hoya Animo Charter High School":
 * a long name (four words or more) written with one word of its kind or a function word left out
 * ("High", "Club", "of"; not its first). Only where no other value is named in those words, and the
 * shortened words name no other value of the table.
 */
function shortenedNames(parsed: ParsedQuestion, profile: TableProfile, allowed: (index: number) => boolean, found: Occurrence[]): Occurrence[] {
  const named = new Set(found.flatMap((o) => o.tokens));
  const hits: (Occurrence & { dropped: string })[] = [];
  for (const entry of profile.values) {
    if (entry.part || entry.stems.length < 4 || !matchable(entry)) continue;
    for (let k = 1; k < entry.stems.length; k++) {
      const shortened = [...entry.stems.slice(0, k), ...entry.stems.slice(k + 1)];
      for (const tokens of findSequence(parsed, shortened, allowed)) {
        if (tokens.some((t) => named.has(t))) continue;
        hits.push({ entry, tokens, dropped: entry.stems[k] });
      }
    }
  }
  // one value only: words that shorten two names name neither ("Green Dot Charter School": the High or the Middle one)
  const values = new Set(hits.map((h) => `${h.entry.column.sqlName}\u0000${h.entry.value}`));
  // … and only a word of the name's kind left out ("High" of a high school, "Club", "of"), never one that tells two
  // names apart ("Park" of Lincoln Park, "Jr.", "Remake", "3", "Democratic")
  return values.size === 1 && DROPPABLE_NAME_STEMS.has(hits[0].dropped) ? [{ entry: hits[0].entry, tokens: hits[0].tokens }] : [];
}

/**
 * Value filters of one table: longest matches first; a span matching values of two columns is
 * reported as a problem. Values of one column found several times become `IN (…)`.
 */
export function matchValues(
  parsed: ParsedQuestion,
  profile: TableProfile,
  allowed: (index: number) => boolean,
): { filters: Filter[]; problems: string[] } {
  const occurrences: Occurrence[] = [];
  const problems: string[] = [];
  for (const entry of profile.values) {
    if (isStopWordValue(entry)) {
      // "total cost for IT": a value that is also a function word is named when written in capitals
      const found = stopWordValueOccurrences(parsed, entry, allowed);
      for (const tokens of found.tokens) occurrences.push({ entry, tokens });
      problems.push(...found.problems);
      continue;
    }
    if (!matchable(entry)) {
      // 'the venue is "h"': a value written in quotes is named even when it is a letter or a common word
      for (const tokens of findSequence(parsed, entry.stems, allowed)) if (quotedValue(parsed, tokens, entry.value)) occurrences.push({ entry, tokens });
      continue;
    }
    if (NEGATION_STEMS.has(entry.stems[0]) && entry.stems.length > 1) {
      // "finished as not classified": the value "Not Classified" keeps the "not" the question reads as a negation
      for (const tokens of findSequence(parsed, entry.stems.slice(1), allowed)) {
        const before = tokens[0] - 1;
        if (before >= 0 && parsed.tokens[before].stem === entry.stems[0]) occurrences.push({ entry, tokens: [before, ...tokens] });
      }
      continue;
    }
    for (const tokens of findSequence(parsed, entry.stems, allowed)) {
      // "young players", "in short": a surname alone before a plural noun or after "in" is a word, not the person
      if (entry.surname && (/^[a-z]{2,}[^s]s$/.test(parsed.tokens[tokens[0] + 1]?.norm ?? '') || parsed.tokens[tokens[0] - 1]?.norm === 'in')) continue;
      occurrences.push({ entry, tokens });
    }
  }
  occurrences.push(...shortenedNames(parsed, profile, allowed, occurrences));
  occurrences.sort((a, b) => b.tokens.length - a.tokens.length || Number(a.entry.part ?? false) - Number(b.entry.part ?? false));
  const taken = new Set<number>();
  const chosen: Occurrence[] = [];
  for (const occurrence of occurrences) {
    const same = chosen.find((c) => c.tokens.join() === occurrence.tokens.join() && c.entry.column === occurrence.entry.column);
    if (same && occurrence.entry.part && (same.entry.part || occurrence.entry.item !== undefined) && same.entry.value !== occurrence.entry.value) {
      // "Russia" names both "Kremlin Cup, Russia" and "St. Petersburg Open, Russia"; "Hidalgo" names "Alberto Hidalgo" and
      // the cell "Alberto Hidalgo\nRamón Monzant" listing him with another
      chosen.push(occurrence);
      continue;
    }
    // "Baldo Prokurica" and "Baldo Prokurica\n(Vice-President, 2011–2012)" in one column: the same name, a note below; both are named
    if (same && !same.entry.part && occurrence.entry.part && same.entry.value !== occurrence.entry.value && firstLineOf(occurrence.entry.value) === same.entry.value.trim()) {
      chosen.push(occurrence);
      continue;
    }
    // "UK" and "U.K.", "USA" and "U.S.A." in one column: spellings of one value, whose words are the same; both are named
    if (same && !same.entry.part && !occurrence.entry.part && same.entry.value !== occurrence.entry.value && same.entry.stems.join() === occurrence.entry.stems.join()) {
      chosen.push(occurrence);
      continue;
    }
    if (occurrence.tokens.some((t) => taken.has(t))) {
      // a whole value beats a part of another column's value ("Russia" the country, not "Kremlin Cup, Russia")
      const rival = chosen.find((c) => c.tokens.join() === occurrence.tokens.join() && c.entry.column !== occurrence.entry.column && !(occurrence.entry.part && !c.entry.part));
      if (rival) {
        // "defensive player of the year awards received by Gabriel Gervais": the column the question names decides
        // … but not the noun counted: "how many stations are in El Segundo" counts stations, and names no column of the value
        const countedOnly = (column: CatalogColumn): boolean => parsed.countWords === true && parsed.countNounAt !== undefined
          && tokensOf(column.name.replace(/_/g, ' ')).map((t) => t.stem).join(' ') === parsed.tokens[parsed.countNounAt]?.stem;
        const mineNamed = columnNamed(parsed, occurrence.entry.column, occurrence.tokens) && !countedOnly(occurrence.entry.column);
        const theirsNamed = columnNamed(parsed, rival.entry.column, rival.tokens) && !countedOnly(rival.entry.column);
        // "how many times did Tianjin Bridgestone win" over Champion and Second place: the winner who wins right after,
        // where the question names neither column ("did Senna win pole position" names Pole Position)
        const byWin = !mineNamed && !theirsNamed;
        const mine = mineNamed || (byWin && winsRightAfter(parsed, occurrence.entry.column, occurrence.tokens));
        const theirs = theirsNamed || (byWin && winsRightAfter(parsed, rival.entry.column, rival.tokens));
        // "songs from the album 24/7" over Song and Album: both named, the one right before the value decides
        const mineBefore = mine && theirs && namedRightBefore(parsed, occurrence.entry.column, occurrence.tokens[0]);
        const theirsBefore = mine && theirs && namedRightBefore(parsed, rival.entry.column, rival.tokens[0]);
        if ((mine && !theirs) || (mineBefore && !theirsBefore)) chosen[chosen.indexOf(rival)] = occurrence;
        else if (theirsBefore && !mineBefore) continue;
        else if (!theirs || mine) problems.push(`'${occurrence.entry.value}' is a value of both ${rival.entry.column.name} and ${occurrence.entry.column.name}`);
      }
      continue;
    }
    occurrence.tokens.forEach((t) => taken.add(t));
    chosen.push(occurrence);
  }
  for (const occurrence of chosen) {
    const bound = occurrence.entry.quantity ? comparisonBefore(parsed, occurrence.tokens[0]) : undefined;
    if (bound) problems.push(`'${bound} ${occurrence.entry.value} ${occurrence.entry.column.unit ?? ''}'`.replace(/ '$/, "'") + ` compares ${occurrence.entry.column.name} with a bound, which the planner does not read from a quantity written with its unit`);
  }
  for (const occurrence of chosen) {
    const named = namesNumberColumn(parsed, profile, occurrence);
    if (named) problems.push(`'${occurrence.entry.value}' is both the column ${named.name} and a value of ${occurrence.entry.column.name}: name the column to add up or the ${occurrence.entry.column.name} to count`);
  }
  for (const occurrence of chosen) {
    const other = otherSpelling(occurrence.entry);
    if (other) problems.push(`'${occurrence.entry.value}' names several people, and ${occurrence.entry.column.name} also writes them as '${other}', so the rows of one spelling are not all of theirs`);
  }
  const noun = countedNounValue(parsed, chosen);
  const groups = new Map<string, { column: CatalogColumn; negated: boolean; list: Occurrence[] }>();
  const negatedOnes = negatedList(parsed, chosen);
  for (const occurrence of chosen) {
    if (occurrence === noun) continue;
    const negated = negatedOnes.has(occurrence);
    const key = `${occurrence.entry.column.sqlName}:${negated}`;
    const group = groups.get(key) ?? { column: occurrence.entry.column, negated, list: [] };
    group.list.push(occurrence);
    groups.set(key, group);
  }
  for (const { column, list } of groups.values()) {
    // "how many episodes did Ann Lee and Bob Roe direct together": the rows of both at once, which a list of either is not
    // (people only: "how many medals did the Netherlands and the US win together" adds both up)
    const named = [...new Set(list.map((o) => o.entry.value))];
    if (named.length >= 2 && named.every((value) => PERSON_NAME_SHAPE.test(value.trim())) && parsed.tokens.some((t) => TOGETHER_WORDS.has(t.norm))) {
      problems.push(`'together' asks for the rows ${named.map((v) => `'${v}'`).join(' and ')} share in ${column.name}, which the planner does not read`);
    }
    const unjoined = unjoinedValues(parsed, list);
    if (unjoined) problems.push(`'${unjoined[0]}' and '${unjoined[1]}' are both values of ${column.name}, and nothing between them says both or either`);
  }
  const filters = [...groups.values()].map(({ column, negated, list }) => {
    // the counted noun names what the rows are: its word is explained by the filter, its value is not kept
    const explained = noun && noun.entry.column === column && !negated ? noun.tokens : [];
    const asked = [...new Set(list.map((o) => o.entry.value))];
    const listings = PEOPLE_COLUMN.test(column.name.replace(/_/g, ' ')) ? listingsOf(column, asked) : [];
    // … in a plain count ("how many episodes did Ann Lee direct"); a lookup, a sum or a difference of them would mix one
    // person's rows with rows shared, so it is declined
    if (listings.length > 0 && (!parsed.countWords || parsed.tokens.some((t) => COMPARING_WORDS.has(t.norm)))) {
      problems.push(`'${asked[0]}' is also listed beside others in ${column.name} ('${listings[0]}'), and only a count of their rows reads those`);
    }
    // "managed by Hidalgo" over "Alberto Hidalgo\nRamón Monzant": a row found by an item its cell lists answers only a count
    const listedItem = listedItemProblem(parsed, column, list.map((o) => o.entry), [...asked, ...listings]);
    if (listedItem) problems.push(listedItem);
    const filter: Filter = valueFilter(column, [...asked, ...listings], [...explained, ...list.flatMap((o) => o.tokens)], negated);
    // … and only a count of rows reads them ("how many votes did Peter Weir get" would add up his party's cell)
    const listedEntry = list.find((o) => o.entry.item !== undefined)?.entry;
    if (listedEntry || listings.length > 0) {
      const shown = listedEntry ? `'${listedEntry.item}' is listed beside others in ${column.name} ('${listedEntry.value.replace(/\n/g, ' / ')}')` : `'${asked[0]}' is also listed beside others in ${column.name} ('${listings[0]}')`;
      filter.listedOnlyInCount = `${shown}, and only a count of the rows listing it reads those`;
    }
    const named = new Map<string, number[]>();
    for (const o of [...list].sort((a, b) => a.tokens[0] - b.tokens[0])) named.set(o.entry.value, [...(named.get(o.entry.value) ?? []), ...o.tokens]);
    return { ...filter, values: [...named].map(([value, tokens]) => ({ value, tokens })) };
  });
  return { filters, problems };
}

/**
 * "what is the total number of Galaxy" over Derby winner (Galaxy, Chivas) beside number columns
 * Galaxy, Draw, Chivas: the value's words are the whole name of a number column too, and no other
 * word of the question points to the value's column ("win the derby" would: Derby winner), so
 * the rows of the value and the column's sum are both readings. The number column, or undefined.
 */
function namesNumberColumn(parsed: ParsedQuestion, profile: TableProfile, occurrence: Occurrence): CatalogColumn | undefined {
  if (occurrence.entry.part) return undefined;
  const said = occurrence.entry.stems.join(' ');
  const column = profile.table.columns.find((c) => c !== occurrence.entry.column && c.type !== 'text' && c.type !== 'date'
    && tokensOf(c.name.replace(/_/g, ' ')).map((t) => t.stem).join(' ') === said);
  if (!column) return undefined;
  const own = tokensOf(occurrence.entry.column.name.replace(/_/g, ' ')).map((t) => t.stem).filter((stem) => !STOP_WORDS.has(stem));
  const elsewhere = parsed.tokens.filter((t) => !occurrence.tokens.includes(t.index)).map((t) => t.stem);
  // "win" for Winner, "the derby" for Derby winner
  const hinted = own.some((stem) => elsewhere.some((word) => word === stem || (word.length >= 3 && stem.startsWith(word) && /^(n?er|or)$/.test(stem.slice(word.length)))));
  return hinted ? undefined : column;
}

/** True when `tokens` are the whole of a quoted span of the question that spells `value` (case and accents aside). */
function quotedValue(parsed: ParsedQuestion, tokens: number[], value: string): boolean {
  if (tokens.length === 0) return false;
  const start = parsed.tokens[tokens[0]].start;
  const end = parsed.tokens[tokens[tokens.length - 1]].end;
  const open = parsed.folded[start - 1];
  return (open === '"' || open === "'") && parsed.folded[end] === open && parsed.folded.slice(start, end) === foldText(value).trim();
}

/** Words that make the quantity after them a bound ("over 400m", "at least 8000 m", "between 100 m and 400 m"). */
const COMPARISON_WORDS = new Set(['over', 'above', 'under', 'below', 'than', 'least', 'most', 'exceeding', 'exceed', 'exceeds', 'beyond', 'within', 'between', 'upto', 'up', 'past', 'greater', 'less', 'fewer', 'more', 'longer', 'shorter', 'taller', 'higher', 'lower', 'heavier', 'lighter', 'bigger', 'smaller', 'to']);

/** The comparison word among the two tokens before `at`, or undefined. */
function comparisonBefore(parsed: ParsedQuestion, at: number): string | undefined {
  for (let index = at - 1; index >= Math.max(0, at - 2); index--) {
    const norm = parsed.tokens[index].norm;
    if (COMPARISON_WORDS.has(norm)) return norm;
  }
  return undefined;
}

/** Words between two values of one column that set them side by side: a list, a comparison, a range. */
const VALUE_JOINERS = new Set([...COORDINATORS, 'than', 'vs', 'versus', 'v', 'compared', 'to', 'between', 'either', 'both', 'from', 'against', 'over', 'with', 'beat', 'beats', 'defeated']);

/**
 * Two values of one column the question names with nothing between them that joins them ("4th
 * round winners" over a Cup column holding "4th round" and "Winner"; "the race was downhill"
 * with a value "Race"): one of them is no value the question gives, and `IN (…)` of both would
 * count rows of either. Values joined by a list word, a comparison or punctuation ("2007 or
 * 2003", "A, B and C", "A than B") are fine. Returns the first such pair, or undefined.
 */
function unjoinedValues(parsed: ParsedQuestion, list: Occurrence[]): [string, string] | undefined {
  const spans = [...new Map(list.map((o) => [o.tokens.join(), o])).values()].sort((a, b) => a.tokens[0] - b.tokens[0]);
  for (let index = 1; index < spans.length; index++) {
    const before = spans[index - 1];
    const after = spans[index];
    if (before.entry.value === after.entry.value) continue;
    const first = before.tokens[before.tokens.length - 1];
    const gap = parsed.tokens.slice(first + 1, after.tokens[0]);
    const punctuated = /[,;&/+]/.test(parsed.folded.slice(parsed.tokens[first].end, parsed.tokens[after.tokens[0]].start));
    // "how many years after the Dunlop Open was the Masters": the two rows whose years are subtracted (`years-between.ts`)
    const opening = before.tokens[0] - (parsed.tokens[before.tokens[0] - 1]?.norm === 'the' ? 2 : 1);
    const yearsApart = parsed.tokens.slice(0, 3).map((t) => t.norm).join(' ') === 'how many years' && ['after', 'before'].includes(parsed.tokens[opening]?.norm ?? '');
    if (!punctuated && !yearsApart && !gap.some((token) => VALUE_JOINERS.has(token.norm))) return [before.entry.value, after.entry.value];
  }
  return undefined;
}

/**
 * "how many traders have the title Trader/VP" over a Title column holding "Trader" and
 * "Trader/VP": the noun counted names what the rows are, so it is no second value of a column
 * the question gives a value for later (`title IN ('Trader/VP', 'Trader')` would count every
 * trader). Only the head of the counted phrase, only when a different value of the same column
 * is named after it, not joined to it ("how many wins and losses" keeps both), and never in a
 * comparison ("how many more wins than losses").
 * @returns the occurrence to leave out of the filter values, or undefined
 */
function countedNounValue(parsed: ParsedQuestion, chosen: Occurrence[]): Occurrence | undefined {
  if (!parsed.countWords || parsed.comparative || parsed.difference) return undefined;
  const start = countedPhraseStart(parsed);
  if (start === undefined) return undefined;
  let head = start;
  while (head + 1 < parsed.tokens.length && !isFiller(parsed, head + 1)) head++;
  const noun = chosen.find((o) => o.tokens.length === 1 && o.tokens[0] === head && !parsed.negated.has(head));
  if (!noun) return undefined;
  const next = parsed.tokens[head + 1];
  if (!next || COORDINATORS.has(next.norm) || /[,;&/+]/.test(parsed.folded.slice(parsed.tokens[head].end, next.start))) return undefined;
  const later = chosen.some((o) => o !== noun && o.entry.column === noun.entry.column && o.entry.value !== noun.entry.value && o.tokens[0] > head && !parsed.negated.has(o.tokens[0]));
  return later ? noun : undefined;
}

/**
 * `col = 'v'` or `col IN ('a', 'b')`, with its description. Negated: `col <> 'v'` / `NOT IN`,
 * and blank cells are left out (a blank platform is unknown, not "not Meta"; reviewer finding),
 * which the description says when the column has blanks.
 */
export function valueFilter(column: CatalogColumn, values: string[], tokens: number[], negated = false): Filter {
  const id = sqlIdentifier(column.sqlName);
  const list = values.map((v) => `'${v}'`).join(', ');
  if (!negated) {
    const sql = values.length === 1 ? `${id} = ${sqlLiteral(values[0])}` : `${id} IN (${values.map((v) => sqlLiteral(v)).join(', ')})`;
    return { sql, text: values.length === 1 ? `${column.name} = ${list}` : `${column.name} in (${list})`, tokens, column };
  }
  const excluded = values.length === 1 ? `${id} <> ${sqlLiteral(values[0])}` : `${id} NOT IN (${values.map((v) => sqlLiteral(v)).join(', ')})`;
  // NULL never passes `<>`; an empty text cell is blank too
  const sql = column.type === 'text' ? `(${excluded} AND ${id} <> '')` : excluded;
  const blanks = column.profile.nullCount > 0 ? ` (blank ${column.name} cells left out: unknown)` : '';
  const text = `${values.length === 1 ? `${column.name} ≠ ${list}` : `${column.name} not in (${list})`}${blanks}`;
  return { sql, text, tokens, column, negated };
}

/**
 * Label words that single out one table of a union: a token found in exactly one label
 * ("q2" in "Q2 Media Plan") filters to it; tokens shared by all labels ("media", "plan") only explain.
 */
export function matchLabelWords(
  parsed: ParsedQuestion,
  profile: TableProfile,
  candidates: number[],
): { filter?: Filter; explained: number[] } {
  const label = profile.labelColumn;
  if (!label) return { explained: [] };
  const labelValues = profile.values.filter((v) => v.column === label);
  const explained: number[] = [];
  const chosen = new Map<string, number[]>();
  for (const index of candidates) {
    const stem = parsed.tokens[index].stem;
    const holders = labelValues.filter((v) => v.stems.includes(stem));
    if (holders.length === 0) continue;
    explained.push(index);
    if (holders.length === 1 && !FILLER_WORDS.has(stem)) chosen.set(holders[0].value, [...(chosen.get(holders[0].value) ?? []), index]);
  }
  if (chosen.size === 0) return { explained };
  return { filter: valueFilter(label, [...chosen.keys()], [...chosen.values()].flat()), explained };
}

/**
 * Values found in another table that shares a key column with this one, e.g. Region =
 * 'Belgium' in a hidden lookup keyed by Location: `location IN (SELECT location FROM lookup WHERE region = 'Belgium')`.
 */
export function matchLookups(
  parsed: ParsedQuestion,
  profile: TableProfile,
  lookups: TableProfile[],
  allowed: (index: number) => boolean,
): { filters: Filter[]; tableIds: string[] } {
  const filters: Filter[] = [];
  const tableIds: string[] = [];
  const taken = new Set<number>();
  for (const lookup of lookups) {
    if (lookup.table.id === profile.table.id) continue;
    const keys = lookup.table.columns.filter((c) =>
      c.type === 'text' && profile.table.columns.some((own) => own.sqlName === c.sqlName && own.type === 'text' && overlaps(own, c)),
    );
    if (keys.length !== 1) continue;
    const key = keys[0];
    // a lookup adds what this table lacks: a value of a column this table has too ("D9" of Deal, absent from this
    // table's Deal) names rows of the other table only, never rows of this one through their shared key
    const own = new Set(profile.table.columns.map((c) => c.sqlName));
    const added = lookup.values.filter((v) => v.column !== key && !own.has(v.column.sqlName));
    const { filters: found } = matchValues(parsed, { ...lookup, values: added }, (i) => allowed(i) && !taken.has(i));
    for (const filter of found) {
      filter.tokens.forEach((t) => taken.add(t));
      const keySql = sqlIdentifier(key.sqlName);
      filters.push({
        sql: `${keySql} IN (SELECT ${keySql} FROM ${sqlIdentifier(lookup.table.sqlName)} WHERE ${filter.sql})`,
        text: `${key.name} in ${lookup.table.sheet ?? lookup.table.sqlName} rows where ${filter.text}`,
        tokens: filter.tokens,
        column: profile.table.columns.find((c) => c.sqlName === key.sqlName),
      });
      tableIds.push(lookup.table.id);
    }
  }
  return { filters, tableIds };
}

function overlaps(a: CatalogColumn, b: CatalogColumn): boolean {
  const left = a.profile.distinct;
  const right = b.profile.distinct;
  if (!left || !right) return true;
  const set = new Set(left.map((v) => String(v).toLowerCase()));
  return right.some((v) => set.has(String(v).toLowerCase()));
}

/** The text values an equality or IN filter built by `valueFilter` keeps, or undefined for any other condition. */
function keptValues(filter: Filter): string[] | undefined {
  if (filter.negated || !filter.column) return undefined;
  if (filter.values) return filter.values.map((v) => v.value);
  const id = sqlIdentifier(filter.column.sqlName);
  const literal = `'(?:[^']|'')*'`;
  const match = new RegExp(`^${escapeRegExp(id)} (?:= (${literal})|IN \\((${literal}(?:, ${literal})*)\\))$`).exec(filter.sql);
  if (!match) return undefined;
  return (match[1] ?? match[2]).match(new RegExp(literal, 'g'))?.map((l) => l.slice(1, -1).replace(/''/g, "'"));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "sales in Jan and Feb" where one month is read as a date phrase and the other as a label:
 * two conditions keeping different values of one column can never both hold, so they are one
 * list (`label IN ('Jan', 'Feb')`), as values of one column found together already are.
 * Which pairs merge depends on whether both name their values in the question (`values`):
 * - `'apart'` (matching): every pair but those, which stay apart as the possible sides of a
 *   difference ("the 1st place … the 3rd place", `interpret-difference.ts`);
 * - `'joined'` (no difference asked): only those, kept apart before ("the total quantity of
 *   model D60 and model 416" is one condition on both values).
 * Negated conditions and conditions other than one value or a list never merge.
 * @returns the filters, each merged pair in the place of its first
 */
export function mergeValueFilters(filters: Filter[], namedSides: 'apart' | 'joined'): Filter[] {
  const out: Filter[] = [];
  for (const filter of filters) {
    const values = keptValues(filter);
    const earlier = values ? out.find((f) => f.column === filter.column && keptValues(f) !== undefined && (f.values !== undefined && filter.values !== undefined) === (namedSides === 'joined')) : undefined;
    if (!earlier || !filter.column) {
      out.push(filter);
      continue;
    }
    const merged = [...new Set([...(keptValues(earlier) ?? []), ...(values ?? [])])];
    const named = [...(earlier.values ?? []), ...(filter.values ?? [])];
    const combined = valueFilter(filter.column, merged, [...earlier.tokens, ...filter.tokens]);
    out[out.indexOf(earlier)] = named.length > 0 || namedSides === 'joined' ? { ...combined, values: named } : combined;
  }
  return out;
}

/** The first line of a cell whose next lines are notes in brackets ("Baldo Prokurica" of "Baldo Prokurica\n(Vice-President)"); '' otherwise. */
function firstLineOf(value: string): string {
  const lines = value.trim().split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return lines.length > 1 && lines.slice(1).every((line) => /^[([]/.test(line)) ? lines[0] : '';
}
