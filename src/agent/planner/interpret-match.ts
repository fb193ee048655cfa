/**
 * Turns a question mapped onto a table into a query specification: the measure and how it is
 * aggregated (per the column card), grouping, ordering, and the filters (split into whole and
 * part for shares). Anything it cannot decide with confidence becomes a problem, never a guess.
 * @module agent/planner/interpret-match
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { findGroup, type GroupKey } from './find-group.js';
import { isFiller } from './match-table.js';
import { namesTable } from './table-name-words.js';
import type { Measure } from './measures.js';
import { checkRead, nearlyOneRowEach } from './read-checks.js';
import { interpretChoice } from './interpret-choice.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { nettedSectionsProblem, whenProblem } from './measure-guards.js';
import { sqlIdentifier } from './sql-text.js';
import { totalAsValue } from './total-value.js';
import { interpretDifference, type DifferenceSides } from './interpret-difference.js';
import { yearSpanColumn } from './year-spans.js';
import { bestIsUnclear, positionOrder } from './top-places.js';
import { interpretStreak, streakAsked, type StreakSpec } from './streaks.js';
import { interpretMeasureAdjective } from './measure-adjectives.js';
import { mergeNamedSides } from './match-values.js';
import { finishersAsPlaces } from './place-ordinals.js';
import { interpretMeasureRow, type MeasureRowCells } from './measure-row-cells.js';
import { findCountNoun, namedOneRowEach, totalOfEntities } from './count-or-sum.js';
import { chooseMeasure, pickMeasure } from './choose-measure.js';
import { averagePer, interpretRatio, interpretShare } from './interpret-ratios.js';

/** The longest ranking 'top N' lists; beyond it the question asks for the rows, not a ranking. */
const MAX_TOP_N = 1000;

/** A query to build. */
export interface QuerySpec {
  match: TableMatch;
  answerKind: 'scalar' | 'count' | 'top1' | 'group' | 'rows';
  /**
   * `share`: 100 × measure over `subFilters` / measure; `ratio`: scale × measure / denominator;
   * `list`: the distinct values of `listColumn`; `difference`: side one minus side two (`difference`).
   */
  mode: 'aggregate' | 'share' | 'ratio' | 'list' | 'difference';
  difference?: DifferenceSides;
  /** The number of consecutive rows where the filters hold, in the sheet's order ("how many consecutive games did they win"). */
  streak?: StreakSpec;
  /** A cell, or a ranking of the cells, of one row of a table whose rows are measures (`measure-row-cells.ts`). */
  cells?: MeasureRowCells;
  /** Only the first or last `count` rows in the sheet's order ("the first four games"). */
  window?: { end: 'first' | 'last'; count: number };
  listColumn?: CatalogColumn;
  measure: Measure;
  denominator?: Measure;
  ratioScale?: number;
  group?: GroupKey;
  order?: 'asc' | 'desc';
  limit?: number;
  filters: Filter[];
  subFilters: Filter[];
}

const SUPERLATIVE_WORDS = new Set(['highest', 'most', 'max', 'maximum', 'largest', 'biggest', 'greatest', 'top', 'best', 'strongest', 'peak', 'lowest', 'least', 'fewest', 'min', 'minimum', 'smallest', 'bottom', 'worst', 'weakest']);

/** Builds the spec, or says why it cannot (a "when" question answered by no date or label is a problem, `whenProblem`). */
export function interpretMatch(parsed: ParsedQuestion, match: TableMatch): { spec?: QuerySpec; problem?: string } {
  if (parsed.choiceOfTwo !== undefined) return interpretChoice(parsed, match, parsed.choiceOfTwo, interpretMatchParts);
  const read = interpretMatchParts(parsed, match);
  const when = read.spec && read.spec.mode !== 'list' ? whenProblem(parsed, read.spec.measure, match.profile.yearColumn, read.spec.group) : undefined;
  if (when) return { problem: when };
  const oneRowEach = read.spec ? namedOneRowEach(parsed, read.spec) : undefined;
  // "how many days was Herbert Hoover the oldest living president": a count of Hoover's rows is 1 by construction
  if (oneRowEach) return { problem: `each ${oneRowEach.name} is one row, so counting the rows named gives only how many were named; say which column of theirs to give` };
  return checkRead(parsed, match, read);
}

/** "which year comes before 1991", "what season came right after 2005": one time unit, asked for by which/what, that comes next to a date. */
const ADJACENT_ASKED = /\b(?:which|what)\s+(?:year|season|date)\s+(?:comes|came|is|was|follows|followed)\s+(?:(?:just|immediately|directly)\s+)?(before|after)\b/;

/** `before`/`after` when the question asks for the one year (season, date) next to a date it names; undefined otherwise. */
function adjacentAsked(parsed: ParsedQuestion): 'before' | 'after' | undefined {
  return ADJACENT_ASKED.exec(parsed.folded)?.[1] as 'before' | 'after' | undefined;
}


function interpretMatchParts(parsed: ParsedQuestion, match: TableMatch): { spec?: QuerySpec; problem?: string } {
  if (match.measureRow) return interpretMeasureRow(parsed, match, match.measureRow);
  const total = totalAsValue(parsed, match);
  if (total?.problem) return { problem: total.problem };
  if (total?.filter) {
    match = { ...match, filters: [...match.filters, total.filter] };
    parsed = { ...parsed, sumWords: total.sumWords ?? false };
  }
  if (match.filters.some((f) => f.topPlaces !== undefined)) {
    // "finished in the top 5" was a condition on positions: no ranking is left to do
    const otherSuperlative = parsed.tokens.some((t) => parsed.consumed.has(t.index) && SUPERLATIVE_WORDS.has(t.norm) && t.norm !== 'top');
    if (otherSuperlative) return { problem: `a ranking inside 'the top ${parsed.topN ?? ''}' is not supported` };
    parsed = { ...parsed, superlative: undefined, topN: undefined, groupAt: parsed.groupAt.filter((g) => g.keyword !== 'top') };
  }
  const entities = totalOfEntities(parsed, match);
  if (entities?.problem) return { problem: entities.problem };
  const countedAt = entities?.at;
  if (countedAt !== undefined) parsed = { ...parsed, countWords: true, sumWords: false, countNounAt: countedAt };
  const streak = streakAsked(parsed);
  if (streak) {
    const read = interpretStreak(parsed, match, streak);
    if (!read.streak) return { problem: read.problem };
    return { spec: { match, answerKind: 'count', mode: 'aggregate', measure: { kind: 'count' }, filters: match.filters, subFilters: [], streak: read.streak } };
  }
  if (parsed.measureAdjective) return interpretMeasureAdjective(parsed, match, parsed.measureAdjective, interpretMatch);
  if (parsed.comparative || parsed.difference) return interpretDifference(parsed, match, interpretMatch);
  match = { ...match, filters: mergeNamedSides(match.filters) }; // no difference: "D60 and 416" is one condition on both
  // "the first three finishers" over a Position column: places 1 to 3, not the first three rows as stored
  const finishers = finishersAsPlaces(parsed, match.profile.table);
  if (finishers && match.filters.length === 0) {
    match = { ...match, filters: [finishers] };
    parsed = { ...parsed, rowWindow: undefined };
  }
  if (parsed.rowWindow) {
    // the first/last N rows in the sheet's order; other conditions would make "first" ambiguous (of all rows, or of those?)
    if (match.filters.length > 0 || match.periods) return { problem: `'the ${parsed.rowWindow.end} ${parsed.rowWindow.count}' together with other conditions is ambiguous` };
    const inner = interpretMatch({ ...parsed, rowWindow: undefined }, match);
    if (!inner.spec) return inner;
    if (inner.spec.mode !== 'aggregate' || inner.spec.group) return { problem: `'the ${parsed.rowWindow.end} ${parsed.rowWindow.count}' is answered only as one total, count or average` };
    return { spec: { ...inner.spec, window: { end: parsed.rowWindow.end, count: parsed.rowWindow.count } } };
  }
  if (parsed.topN !== undefined && !(Number.isSafeInteger(parsed.topN) && parsed.topN >= 1 && parsed.topN <= MAX_TOP_N)) {
    return { problem: `'top ${parsed.topN}' asks for ${parsed.topN < 1 ? 'no rows' : 'more rows than a ranking shows'}: ask for the top 1 to ${MAX_TOP_N}` };
  }
  const grouping = findGroup(parsed, match);
  if (grouping.problem) return { problem: grouping.problem };
  const group = grouping.group ?? labelAsked(parsed, match);
  // "the average time of the top 3" with no rows named to rank and no positions to keep: never the maximum
  if (parsed.topN !== undefined && !group) return { problem: `could not tell what 'top ${parsed.topN}' ranks` };
  // "how many gold medals did the top 3 nations win": one total over the top N is asked, not their list, and who is
  // in the top N (the table's own rank, this measure, ties at the cut) is not the planner's to decide
  if (parsed.topN !== undefined && parsed.countWords) {
    return { problem: `'how many … the top ${parsed.topN}' asks one total over the top ${parsed.topN}; who is in it (the table's rank or this amount, ties at the cut) is not decided, so it is not added up` };
  }
  const profile = match.profile;
  const groupMention = group?.kind === 'column' ? group.mention : undefined;

  let weight: ColumnMention | undefined;
  if (parsed.weightTokens && parsed.weightTokens.length > 0) {
    weight = match.mentions.find((m) => m.info.numeric && m.tokens.some((t) => parsed.weightTokens?.includes(t)));
    if (!weight) return { problem: `could not find the weight '${parsed.weightTokens.map((t) => parsed.tokens[t].norm).join(' ')}' in ${profile.table.sqlName}` };
  }
  // words a numeric condition used ("more than 500 preliminary points") name no second measure
  const conditionTokens = new Set(match.filters.filter((f) => f.column?.type !== 'text').flatMap((f) => f.tokens));
  const candidates = match.mentions.filter(
    (m) => m.info.numeric && !m.usedAsFilter && m !== groupMention && m !== weight && m.info.column.concept !== 'identifier' && m.info.column.derived === undefined && m.info.column !== profile.yearColumn
      && !m.tokens.every((t) => conditionTokens.has(t))
      // the words that named the grouping name no measure too ("which season …" over Season beside Original airing TV season)
      && !(groupMention !== undefined && m.tokens.every((t) => groupMention.tokens.includes(t))),
  );
  if (parsed.timeSuperlative) {
    // "the fastest time" is the smallest time; over a speed or any other column the word would be read backwards
    const timed = pickMeasure(parsed, candidates).mention;
    if (!timed || timed.info.column.unit !== 'seconds' || parsed.countWords || parsed.sumWords || parsed.averageWords) {
      return { problem: `'fastest' and 'slowest' are answered only over a column of times${timed ? `; ${timed.info.column.name} holds none` : ''}` };
    }
  }
  const positions = positionOrder(parsed, pickMeasure(parsed, candidates).mention, profile.table.rowCount);
  if (positions?.problem) return { problem: positions.problem };
  if (positions?.order) parsed = { ...parsed, superlative: positions.order };
  else {
    const unclear = bestIsUnclear(parsed, pickMeasure(parsed, candidates).mention);
    if (unclear) return { problem: unclear };
  }
  const base: Omit<QuerySpec, 'answerKind' | 'mode' | 'measure'> = { match, group, filters: match.filters, subFilters: [] };

  if (parsed.ratio) return interpretRatio(parsed, parsed.ratio, base, candidates, group);
  if (parsed.shareSplitAt !== undefined) return interpretShare(parsed, parsed.shareSplitAt, match, base, candidates, group);

  if (parsed.timeAdjective && parsed.averageWords) return { problem: 'an average of monthly (or other period) totals is not supported' };
  const span = group ? undefined : yearSpanColumn(parsed, match);
  if (span) return { spec: { ...base, mode: 'aggregate', answerKind: 'scalar', measure: { kind: 'yearSpan', column: span } } };
  const unused = unusedMention(parsed, match, group, weight);
  if (unused) return { problem: `unclear what '${unused}' asks for (not a filter, grouping or measure)` };
  const listColumn = findListColumn(parsed, match, group, candidates);
  if (listColumn) {
    // "which year comes before 1991": the one year next to it, not every earlier one
    const next = adjacentAsked(parsed);
    const dated = next !== undefined && parsed.dates.length === 1 && match.filters.some((f) => f.column === listColumn && f.tokens.some((t) => parsed.dateTokens[0].includes(t)));
    if (dated) return { spec: { ...base, group: undefined, mode: 'list', answerKind: 'rows', measure: { kind: 'count' }, listColumn, order: next === 'before' ? 'desc' : 'asc', limit: 1 } };
    return { spec: { ...base, group: undefined, mode: 'list', answerKind: 'rows', measure: { kind: 'count' }, listColumn } };
  }

  // "how many points did each team earn on average" over one row per team: "each" spreads the average over the rows, as "per" does
  const eachRow = group?.kind === 'column' && parsed.groupAt.some((g) => g.keyword === 'each') && nearlyOneRowEach(group.column, match.profile.table.rowCount);
  if (parsed.averageWords && group && parsed.groupAt.some((g) => g.keyword === 'per' || (g.keyword === 'each' && eachRow)) && parsed.groupAt.every((g) => g.keyword === 'per' || g.keyword === 'what' || (g.keyword === 'each' && eachRow)) && !parsed.superlative && !parsed.weighted) {
    const per = averagePer(parsed, base, candidates, group);
    if (per) return per;
  }
  const measured = chooseMeasure(parsed, match, candidates, weight, groupMention, grouping.perRow ?? false, group);
  if (measured.problem || !measured.measure) return { problem: measured.problem ?? 'no measure' };
  const measure = measured.measure;
  const netted = nettedSectionsProblem(match, measure, group);
  if (netted) return { problem: netted };
  const counting = measure.kind === 'count' || measure.kind === 'countDistinct';
  // "the average number of games" with nothing to average per: a count would drop the average
  // … unless the word is part of a column's name ("an average match attendance greater than 15,000")
  if (counting && parsed.averageWords && !group && !match.mentions.some((m) => /\b(average|avg|mean)\b/i.test(m.info.column.name))) return { problem: `could not tell what the average is taken over (a count of ${match.profile.table.sqlName}'s rows has no average)` };
  // a count of rows cannot apply "in February" to period columns: the period would be dropped silently
  if (counting && match.periods && match.profile.periods.length > 0 && parsed.dates.length > 0) {
    return { problem: `a count of ${match.profile.table.sqlName}'s rows cannot apply ${match.periodText ?? 'the period named'}, which is a set of its columns` };
  }
  if (group) {
    if (!parsed.superlative && !parsed.groupAt.some((g) => ['by', 'per', 'each'].includes(g.keyword))) {
      return { problem: `'which …' without highest/lowest is not supported` };
    }
    if (parsed.superlative) {
      const limit = parsed.topN ?? 5;
      return { spec: { ...base, mode: 'aggregate', measure, answerKind: parsed.topN ? 'group' : 'top1', order: parsed.superlative, limit } };
    }
    return { spec: { ...base, mode: 'aggregate', measure, answerKind: 'group' } };
  }
  return { spec: { ...base, mode: 'aggregate', measure, answerKind: counting ? 'count' : 'scalar' } };
}

/**
 * "The year with the most passengers", "what year did Poland achieve its best result": a
 * superlative whose head noun names a label column (text, or the year column) asks for that
 * label, not for the extreme value. The label is grouped and ranked like "which year …".
 */
function labelAsked(parsed: ParsedQuestion, match: TableMatch): GroupKey | undefined {
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
 */
function findListColumn(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined, candidates: ColumnMention[]): CatalogColumn | undefined {
  if (parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.shareSplitAt !== undefined || parsed.ratio) return undefined;
  if (match.filters.length === 0 || candidates.length > 0) return undefined;
  const keywords = new Set(parsed.groupAt.map((g) => g.keyword));
  if (group?.kind === 'column' && (keywords.has('which') || keywords.has('what')) && !['by', 'per', 'each'].some((k) => keywords.has(k))) return group.column;
  if (group) return undefined;
  const columns = match.profile.table.columns;
  if (parsed.who) {
    return columns.find((c) => c.type === 'text' && NAME_WORDS.test(c.name)) ?? columns.find((c) => c.type === 'text' && (c.concept === 'identifier' || c.concept === 'dimension') && !c.derived);
  }
  const filtered = new Set(match.filters.map((f) => f.column));
  const named = match.mentions.filter((m) => !m.info.numeric && !m.usedAsFilter && !filtered.has(m.info.column) && !m.viaMoney);
  const distinct = [...new Set(named.map((m) => m.info.column))];
  return distinct.length === 1 ? distinct[0] : undefined;
}

/**
 * A named dimension that plays no role is a sign the question was misread ("orders with no ad
 * platform"): identifiers and dates (entity words), filtered, grouped, counted or listed
 * columns, and those after "all"/"across"/"every" ("across all channels") are fine.
 */
function unusedMention(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined, weight: ColumnMention | undefined): string | undefined {
  const filtered = new Set(match.filters.map((f) => f.column).filter(Boolean));
  const countNoun = findCountNoun(parsed, match);
  for (const mention of match.mentions) {
    const column = mention.info.column;
    if (mention.info.numeric || mention.usedAsFilter || mention === weight || mention === countNoun || mention.cellNoun !== undefined) continue;
    if (countNoun && mention.tokens.every((t) => countNoun.tokens.includes(t))) continue; // another column the counted word names
    if (column.concept === 'identifier' || column.type === 'date' || column.derived !== undefined || filtered.has(column)) continue;
    if (group?.kind === 'column' && group.column === column) continue;
    if (namesTable(parsed, match.profile, mention)) continue; // "the most stores" over stores.csv: the table's own rows
    // "defensive player of the year": 'year' is a word of a longer column name the question spells out
    if (match.mentions.some((m) => m !== mention && m.strength > mention.strength && mention.tokens.every((t) => m.tokens.includes(t)))) continue;
    // "the number of petrol models": the noun after a value word names what is counted
    const before = Math.min(...mention.tokens) - 1;
    if (parsed.countWords && before >= 0 && match.covered.has(before) && !parsed.consumed.has(before) && !isFiller(parsed, before) && !match.mentions.some((m) => m.tokens.includes(before))) continue;
    const words = parsed.tokens.map((t) => t.norm);
    if (mention.tokens.some((t) => ['all', 'across', 'every', 'each', 'any', 'both', 'which', 'what'].some((w) => words.slice(Math.max(0, t - 2), t).includes(w)))) continue;
    if (!parsed.countWords && !parsed.sumWords && !parsed.averageWords && !parsed.superlative && match.filters.length > 0) continue; // a lookup ("what is the zip for …")
    return mention.tokens.map((t) => parsed.tokens[t].norm).join(' ');
  }
  return undefined;
}

