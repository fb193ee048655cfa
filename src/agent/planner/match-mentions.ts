/**
 * The columns a question names by words: glossary synonyms, the words of a column's name (as
 * written, as a synonym, or as a word of the same family), a counting word naming a Count
 * column, the words that trail a name ("Match no.", "CSAT score"), and money words naming the
 * one revenue-like column. Also the helpers other steps use to weigh and cut mentions.
 * @module agent/planner/match-mentions
 */
import type { GlossaryTerm } from '../glossary.js';
import { resolveTermFilter } from '../glossary.js';
import { findSequence } from './match-values.js';
import { conceptOf, tokensOf } from './normalize-text.js';
import { unitAfter } from './measure-units.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { isRevenueLike, MONEY_STEMS, type TableProfile } from './table-profile.js';
import { countsMoneyNamed } from './counted-nouns.js';
import { AMOUNT_STEMS, isFiller, TALLY_STEMS } from './filler-words.js';
import { namesResultLine } from './result-lines.js';
import { derivedMentions } from './word-derivations.js';
import { findColumnSum } from './column-sums.js';
import { holdsPositions } from './top-places.js';

/** Nouns of a place in a ranking, said after the column that holds it ("overall standing"). */
const STANDING_NOUNS = new Set(['standing', 'standings', 'ranking', 'rankings', 'placing', 'placings', 'position', 'place', 'rank']);

const MEASURE_SUFFIXES = new Set(['score', 'scores', 'index', 'level', 'value', 'values', 'figure', 'figures', 'number', 'numbers']);
/** Auxiliaries after which a named subject is followed by its verb: "did Brown win", "has Nixon won". */
const VERB_AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will']);
/** Words that make a measure the reference of a distance: "over budget", "under target". */
const DISTANCE_WORDS = new Set(['over', 'under', 'above', 'below', 'beyond']);
const POSSESSIVE_FILLERS = new Set(['the', 'its', 'their', 'his', 'her', 'our', 'my', 'your']);

/** True when `index` is the first word after "how many" / "number of" (past "more", "of the" …). */
export function countedAt(parsed: ParsedQuestion, index: number): boolean {
  if (parsed.countNounAt === undefined || index < parsed.countNounAt) return false;
  for (let k = parsed.countNounAt; k < index; k++) if (!isFiller(parsed, k)) return false;
  return true;
}

/** Distinct name words matched, and how many of them exactly. */
export function strengthOf(hits: ColumnMention['hits']): { strength: number; exact: number } {
  const stems = new Map<string, boolean>();
  for (const hit of hits) stems.set(hit.stem, (stems.get(hit.stem) ?? false) || hit.exact);
  return { strength: stems.size, exact: [...stems.values()].filter(Boolean).length };
}

/** The mention restricted to tokens in `[first, last]`, or undefined when none is inside. */
export function mentionWithin(mention: ColumnMention, first: number, last: number): ColumnMention | undefined {
  const keep = mention.tokens.map((t, k) => [t, k] as const).filter(([t]) => t >= first && t <= last);
  if (keep.length === 0) return undefined;
  const hits = keep.map(([, k]) => mention.hits[k]);
  return { ...mention, tokens: keep.map(([t]) => t), hits, ...strengthOf(hits) };
}

/**
 * Glossary terms found among the `free` words: a term with a `where` is a row filter (skipped
 * when it does not resolve on this table), a term with a `column` a synonym of that column
 * (skipped when the table has no such column).
 * @returns the filters and mentions in the order found, the tokens they explain in that order,
 *   and the evidence (2 a filter)
 */
export function glossaryMatches(parsed: ParsedQuestion, profile: TableProfile, glossary: GlossaryTerm[], free: (index: number) => boolean): { filters: Filter[]; mentions: ColumnMention[]; explained: number[]; evidence: number } {
  const filters: Filter[] = [];
  const mentions: ColumnMention[] = [];
  const explained: number[] = [];
  let evidence = 0;
  for (const term of glossary) {
    const stems = tokensOf(term.term).map((t) => t.stem);
    for (const found of findSequence(parsed, stems, free)) {
      if (term.where !== undefined) {
        const sql = resolveTermFilter(term, profile.table);
        if (sql === undefined) continue;
        filters.push({ sql, text: `${term.term} (${term.where})`, tokens: found });
        explained.push(...found);
        evidence += 2;
      } else if (term.column !== undefined) {
        const info = profile.columns.find((c) => c.column.name.toLowerCase() === term.column?.toLowerCase());
        if (!info) continue;
        mentions.push({ info, tokens: found, hits: found.map(() => ({ stem: `=${term.term}`, exact: true })), strength: 3, exact: 3, viaGlossary: true });
        explained.push(...found);
      }
    }
  }
  return { filters, mentions, explained, evidence };
}

/**
 * "how many times has Chevrolet won" over Race Time: the "times" counted ("how many times",
 * "the number of times") is the count of occasions, no name of a column of times of day or
 * durations; only a column named "… times" as written ("Times won") is named by it.
 */
function countTimesNamesNot(parsed: ParsedQuestion, index: number, columnName: string): boolean {
  return parsed.tokens[index].norm === 'times' && parsed.countNounAt === index && !/\btimes\b/i.test(columnName);
}

/** Verbs whose object "us" is the asker ("tell us", "show us"), never the U.S. */
const ASKING_VERBS = new Set(['tell', 'told', 'show', 'showed', 'give', 'gave', 'let', 'help', 'send', 'get']);

/** True when token `index` is the pronoun "us" after an asking verb. */
function isPronounUs(parsed: ParsedQuestion, index: number): boolean {
  return parsed.tokens[index].norm === 'us' && ASKING_VERBS.has(parsed.tokens[index - 1]?.norm ?? '');
}

/**
 * Columns named by the words of their names, in four passes over the `free` words no value
 * took: each column's name words (as written or as a synonym; period and aggregate columns
 * are skipped), words of the same family ("accessible" over "Accessibility", merged into a
 * mention of that column already found), a column whose whole name is spelled as one run
 * (which then owns that run only), and a counting word ("count") naming a Count column.
 * Appends to (and may replace entries of) `mentions`; adds the words explained to `covered`.
 */
export function nameMentions(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, free: (index: number) => boolean, valueTokens: Set<number>, dateTokens: Set<number>): void {
  const { tokens } = parsed;
  // a unit written after a number or asked after "in"/"per" ("over 145 mph", "the top speed in mph") is no word of a
  // longer column name ("Average speed (mph)" beside "Top speed (km/h)"): the unit is checked against the column read;
  // unless the number is the name's too ("the 100 m" over a column "100 m")
  const unitWords = new Set(tokens.filter((t) => /^\d/.test(t.norm) || t.norm === 'in' || t.norm === 'per').flatMap((t) => unitAfter(parsed, t.index)?.tokens ?? []));
  // Column mentions by name words and synonyms.
  for (const info of profile.columns) {
    if (info.column.period && profile.periods.some((p) => p.column === info.column)) continue;
    if (info.column.isAggregateColumn) continue;
    const mentionTokens: number[] = [];
    const hits: ColumnMention['hits'] = [];
    for (const token of tokens) {
      if (!free(token.index) || valueTokens.has(token.index) || countTimesNamesNot(parsed, token.index, info.column.name) || (unitWords.has(token.index) && info.stems.length > 1 && !(/^\d/.test(tokens[token.index - 1]?.norm ?? '') && info.stems.includes(tokens[token.index - 1].stem))) || isPronounUs(parsed, token.index)) continue;
      const hit = info.stems.find((stem) => stem === token.stem) ?? info.stems.find((stem) => conceptOf(stem) === conceptOf(token.stem));
      if (hit === undefined || countsMoneyNamed(info, token.norm)) continue;
      mentionTokens.push(token.index);
      hits.push({ stem: hit, exact: hit === token.stem });
    }
    if (mentionTokens.length === 0) continue;
    // "between position 1 and position 3" over Rd 1 … Rd 8: a number alone is no name of a column named by words too
    if (mentionTokens.every((t) => /^\d+$/.test(tokens[t].norm)) && info.stems.some((stem) => !/^\d+$/.test(stem))) continue;
    mentions.push({ info, tokens: mentionTokens, hits, ...strengthOf(hits) });
    mentionTokens.forEach((t) => covered.add(t));
  }

  // "accessible" over "Accessibility", "elected" over "Election": a word of the family of one column's name
  const derived = derivedMentions(tokens, profile.columns, (i) => free(i) && !valueTokens.has(i) && !isFiller(parsed, i) && !mentions.some((m) => m.tokens.includes(i)));
  for (const mention of derived) {
    const same = mentions.find((m) => m.info === mention.info);
    if (same) {
      const pairs = [...same.tokens.map((t, k) => [t, same.hits[k]] as const), [mention.tokens[0], mention.hits[0]] as const].sort((a, b) => a[0] - b[0]);
      const hits = pairs.map(([, hit]) => hit);
      Object.assign(same, { tokens: pairs.map(([t]) => t), hits, ...strengthOf(hits) });
    } else mentions.push(mention);
    mention.tokens.forEach((t) => covered.add(t));
  }

  // "in what year did X win the Defensive Player of the Year award": a column whose whole name is spelled as one run
  // of words owns that run only; a word of its name asked elsewhere ("what year") is the other column named by it alone
  for (const [k, mention] of mentions.entries()) {
    const name = tokensOf(mention.info.column.name.replace(/_/g, ' ')).map((t) => t.stem);
    if (name.length < 2) continue;
    const run = findSequence(parsed, name, (i) => free(i) && !valueTokens.has(i))[0];
    if (!run) continue;
    const stray = mention.tokens.filter((t) => !run.includes(t));
    const alone = (t: number): boolean => mentions.some((other) => other !== mention && other.info.stems.length === 1 && other.tokens.includes(t));
    if (stray.length === 0 || !stray.every(alone)) continue;
    const within = mentionWithin(mention, run[0], run[run.length - 1]);
    if (within) mentions[k] = within;
  }

  // "how many herons were counted", "the total count at the River": a measure column named only by a counting word
  // ("Count") holds the tallies those words ask for; the question reads the word as counting, so it is matched here
  for (const token of tokens) {
    if (!TALLY_STEMS.has(token.stem) || dateTokens.has(token.index) || valueTokens.has(token.index) || mentions.some((m) => m.tokens.includes(token.index))) continue;
    const named = profile.columns.filter((c) => c.numeric && c.column.aggregation === 'sum' && !c.column.isAggregateColumn && tokensOf(c.column.name).map((t) => t.stem).join(' ') === token.stem);
    if (named.length !== 1) continue;
    mentions.push({ info: named[0], tokens: [token.index], hits: [{ stem: token.stem, exact: true }], strength: 1, exact: 1 });
    covered.add(token.index);
  }
}

/**
 * Words that trail a column the question names and belong to it: a word the name writes right
 * after the words matched though matching skips it ("Match no."), a unit word after a measure
 * ("CSAT score", "gold medals", "Nixon's votes"), the plural noun a measure counts after "how
 * many" ("how many bronze metals"), and the words joining two measures added up ("between the
 * preliminary and final"). Adds the words explained to `covered`; changes no mention.
 */
export function trailingNameWords(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, free: (index: number) => boolean, valueTokens: Set<number>): void {
  const { tokens } = parsed;
  // "which match no. has …" over "Match no.": a word the column's name writes right after the words matched, though it
  // is one the matching skips ("no", "of", "#"), belongs to the name
  for (const mention of mentions) {
    const words = tokensOf(mention.info.column.name.replace(/_/g, ' ')).map((t) => t.norm);
    const last = Math.max(...mention.tokens);
    const next = tokens[last + 1];
    const at = words.indexOf(tokens[last].norm);
    if (next && at >= 0 && words[at + 1] === next.norm && free(next.index) && !covered.has(next.index) && !valueTokens.has(next.index)) covered.add(next.index);
  }

  // "CSAT score", "NPS index": a unit word right after a named measure belongs to it.
  for (const mention of [...mentions]) {
    if (!mention.info.numeric) continue;
    let next = Math.max(...mention.tokens) + 1;
    if (tokens[next]?.norm === 's' && free(next)) covered.add(next++); // "Nixon's votes"
    if (next >= tokens.length || !free(next) || mentions.some((m) => m.tokens.includes(next))) continue;
    // "how many counties did Brown win": after "did <name>" the next word is the name's verb, not a unit ("win" is also a noun)
    if (VERB_AUXILIARIES.has(tokens[mention.tokens[0] - 1]?.norm ?? '')) continue;
    // "gold medals", "preliminary points": an amount noun after a measure column's name is its unit
    if (MEASURE_SUFFIXES.has(tokens[next].norm) || AMOUNT_STEMS.has(tokens[next].stem)) covered.add(next);
    // "her overall standing", "the overall ranking" over an Overall column of places: the noun says what the column holds (no total of places is asked)
    else if (STANDING_NOUNS.has(tokens[next].norm) && !parsed.sumWords && mention.info.column.type === 'integer' && holdsPositions(mention.info)) covered.add(next);
    // "how many bronze metals": right after "how many" + a measure, the plural noun is what the measure counts
    else if (parsed.countWords && countedAt(parsed, mention.tokens[0]) && /[a-z]{3,}s$/.test(tokens[next].norm) && !tokens[next].norm.endsWith('ss')) covered.add(next);
  }

  findColumnSum(parsed, mentions)?.joining.forEach((t) => (free(t) && !valueTokens.has(t) ? covered.add(t) : undefined)); // "score between the preliminary and final"
}

/**
 * Money words ("revenue", "money", "sales") not part of a result line's name: each names the
 * table's one revenue-like money column (none when it has several or none).
 * Appends the mentions (`viaMoney`) to `mentions`; adds their words to `covered`.
 */
export function moneyMentions(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, free: (index: number) => boolean, valueTokens: Set<number>): void {
  for (const token of parsed.tokens) {
    if (!free(token.index) || valueTokens.has(token.index) || !MONEY_STEMS.has(token.stem) || namesResultLine(parsed, token.index)) continue;
    if (mentions.some((m) => m.tokens.includes(token.index))) continue;
    const money = profile.columns.filter((c) => isRevenueLike(c));
    if (money.length === 1) {
      mentions.push({ info: money[0], tokens: [token.index], hits: [{ stem: token.stem, exact: false }], strength: 1, exact: 0, viaMoney: true });
      covered.add(token.index);
    }
  }
}

/**
 * "went most over budget", "under target": a distance word before a measure the question names
 * asks how far from it each row is, which the planner does not compute.
 * @returns one problem for each such measure, in mention order
 */
export function distanceProblems(parsed: ParsedQuestion, mentions: ColumnMention[]): string[] {
  const { tokens } = parsed;
  const problems: string[] = [];
  for (const mention of mentions) {
    let before = mention.tokens[0] - 1;
    while (before >= 0 && POSSESSIVE_FILLERS.has(tokens[before].norm)) before--;
    if (mention.info.numeric && before >= 0 && DISTANCE_WORDS.has(tokens[before].norm) && !parsed.consumed.has(before)) {
      problems.push(`'${tokens[before].norm} ${mention.info.column.name}' asks how far from ${mention.info.column.name} each row is, which the planner does not compute`);
    }
  }
  return problems;
}

/** Name words matched by content words; a filler word counts only when it is the column's whole name ("Amount", "Rate"). */
export function mentionEvidence(parsed: ParsedQuestion, mention: ColumnMention): number {
  const stems = new Set<string>();
  mention.tokens.forEach((t, k) => {
    if (!isFiller(parsed, t) || (mention.info.stems.length === 1 && mention.hits[k]?.exact)) stems.add(parsed.tokens[t].stem);
  });
  return stems.size;
}
