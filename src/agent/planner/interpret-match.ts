/**
 * Turns a question mapped onto a table into a query specification: the measure and how it is
 * aggregated (per the column card), grouping, ordering, and the filters (split into whole and
 * part for shares). Anything it cannot decide with confidence becomes a problem, never a guess.
 *
 * `interpretMatch` decides the shape of the answer; the measure is chosen in `choose-measure.ts`
 * (counts against sums in `count-or-sum.ts`), ratios and shares are read in
 * `interpret-ratios.ts`, and labels, lists and unused columns in `asked-columns.ts`.
 * @module agent/planner/interpret-match
 */
import { namesShareColumn } from './count-or-share.js';
import { bestValueAsked } from './best-of-groups.js';
import { personColumns } from './person-columns.js';
import type { CatalogColumn } from '../../store/catalog-types.js';
import { findGroup, type GroupKey } from './find-group.js';
import type { Measure } from './measures.js';
import { sqlIdentifier } from './sql-text.js';
import { checkRead, nearlyOneRowEach } from './read-checks.js';
import { interpretChoice, withBothAlternatives } from './interpret-choice.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter, TableMatch } from './plan-types.js';
import { nettedSectionsProblem, whenProblem } from './measure-guards.js';
import { totalAsValue } from './total-value.js';
import { interpretDifference, type DifferenceSides } from './interpret-difference.js';
import { yearSpanColumn } from './year-spans.js';
import { termLengthAsked, termSpan } from './term-columns.js';
import { bestIsUnclear, positionOrder } from './top-places.js';
import { interpretStreak, streakAsked, type StreakSpec } from './streaks.js';
import { adjacentRowAsked, interpretAdjacent, type AdjacentSpec } from './adjacent-rows.js';
import { yearColumnOf, yearSides, yearsBetweenAsked, type YearsBetweenAsk } from './years-between.js';
import { interpretMeasureAdjective } from './measure-adjectives.js';
import { mergeValueFilters } from './match-values.js';
import { finishersAsPlaces } from './place-ordinals.js';
import { interpretMeasureRow, type MeasureRowCells } from './measure-row-cells.js';
import { namedOneRowEach, totalOfEntities } from './count-or-sum.js';
import { chooseMeasure, pickMeasure } from './choose-measure.js';
import { averagePer, interpretRatio, interpretShare } from './interpret-ratios.js';
import { topValues } from './top-values.js';
import { adjacentAsked, countedPluralMention, findListColumn, labelAsked, SUPERLATIVE_WORDS, unusedMention } from './asked-columns.js';

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
  /** The row next to a named one (`adjacent-rows.ts`): the SQL is built from it alone. */
  adjacent?: AdjacentSpec;
  /** A cell, or a ranking of the cells, of one row of a table whose rows are measures (`measure-row-cells.ts`). */
  cells?: MeasureRowCells;
  /**
   * Only the first or last `count` rows in the sheet's order ("the first four games"), or with
   * `by`, the `count` rows with the largest (`last`) or smallest (`first`) values of that column
   * ("the total of the 4 highest attendances").
   */
  window?: { end: 'first' | 'last'; count: number; by?: CatalogColumn };
  listColumn?: CatalogColumn;
  measure: Measure;
  denominator?: Measure;
  ratioScale?: number;
  group?: GroupKey;
  order?: 'asc' | 'desc';
  limit?: number;
  /** With `group` and `order`: the best group's value alone (`best-of-groups.ts`), not the ranked groups. */
  bestOfGroups?: boolean;
  filters: Filter[];
  subFilters: Filter[];
}

/** Builds the spec, or says why it cannot (a "when" question answered by no date or label is a problem, `whenProblem`). */
export function interpretMatch(parsed: ParsedQuestion, match: TableMatch): { spec?: QuerySpec; problem?: string } {
  if (parsed.choiceOfTwo !== undefined) {
    // "which year had more sales, 2001 or 1992": the groups ranked first, as the question reads without the choice; the
    // choice only where that finds no amount ("which year had more releases": the rows of each)
    const at = parsed.choiceOfTwo;
    if (parsed.groupAt.some((g) => (g.keyword === 'which' || g.keyword === 'what') && g.at < at)) {
      const grouped = interpretMatch({ ...parsed, choiceOfTwo: undefined }, match);
      if (grouped.spec) return { spec: withBothAlternatives(parsed, match, grouped.spec) };
    }
    return interpretChoice(parsed, match, at, interpretMatchParts);
  }
  const read = oneGameRead(interpretMatchParts(parsed, match), match);
  const when = read.spec && read.spec.mode !== 'list' ? whenProblem(parsed, read.spec.measure, match.profile.yearColumn, read.spec.group) : undefined;
  if (when) return { problem: when };
  // (a count of a measure row's cells counts months or years, never the row named)
  const oneRowEach = read.spec && !read.spec.cells ? namedOneRowEach(parsed, read.spec) : undefined;
  // "how many days was Herbert Hoover the oldest living president": a count of Hoover's rows is 1 by construction
  if (oneRowEach) return { problem: `each ${oneRowEach.name} is one row, so counting the rows named gives only how many were named; say which column of theirs to give` };
  return checkRead(parsed, match, read);
}

/**
 * "the attendance of the game against Millwall": a question naming one game asks for a value of
 * one row, so a total becomes that row's value (no value unless exactly one row is kept); a
 * count, ranking or grouping over "the game" is declined.
 */
function oneGameRead(read: { spec?: QuerySpec; problem?: string }, match: TableMatch): { spec?: QuerySpec; problem?: string } {
  if (!(match.oneGame || match.oneValueAsked) || !read.spec) return read;
  const { spec } = read;
  const measure = spec.measure;
  if (spec.mode === 'aggregate' && !spec.group && !spec.streak && !spec.window && measure.kind === 'column' && (measure.fn === 'sum' || measure.fn === 'single')) {
    return { spec: { ...spec, measure: { ...measure, fn: 'single', oneRow: true } } };
  }
  // ("what is the count of Chelsea": only a total is read as one game's value)
  if (!match.oneGame) return read;
  if (spec.mode === 'list') return read;
  return { problem: `'the game' names one game, but the answer asked is not one value of its row` };
}

/** The spec of "how many years between A and B": the year column's one value on each side, subtracted. */
function interpretYearsBetween(match: TableMatch, ask: YearsBetweenAsk): { spec?: QuerySpec; problem?: string } {
  const column = yearColumnOf(match.profile);
  const split = yearSides(match);
  if (!column || !split) return { problem: 'could not find the two rows whose years to subtract' };
  if (split.sides.some((f) => f.column === column)) return { problem: `the years between two ${column.name} values are read from the values themselves, not from rows` };
  const sign = ask.kind === 'between' ? 'absolute' : ask.kind === 'after' ? 'second-minus-first' : 'first-minus-second';
  const measure: Measure = column.type === 'date' ? { kind: 'yearOf', column } : { kind: 'column', fn: 'single', column };
  return { spec: { match, answerKind: 'scalar', mode: 'difference', measure, filters: split.rest, subFilters: [], difference: { sign, conditions: split.sides } } };
}

/**
 * The spec for one reading of the question (no choice between two): a measure row, a streak, a
 * measure adjective or a difference first; then a row window, a ratio, a share, a year span, a
 * list, an average per thing, or an aggregate (grouped and ranked when asked).
 * @returns the spec, or the problem
 */
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
  // "how many years were there between the Sun Classic and the Crowns": the difference of the two rows' years
  const between = yearsBetweenAsked(parsed, match.profile, match.filters);
  if (between) return interpretYearsBetween(match, between);
  // "which station comes after Naylor Road": the row next to the one named
  const adjacent = adjacentRowAsked(parsed, match.filters);
  if (adjacent) {
    const read = interpretAdjacent(parsed, match, adjacent);
    // "how many places are listed after Sixtieth Street": the rows listed after it, counted as the question counts
    if (read.rows) return interpretMatchParts(parsed, { ...match, filters: [...match.filters.filter((f) => f !== adjacent.anchor), read.rows] });
    if (!read.adjacent) return { problem: read.problem };
    return { spec: { match, answerKind: 'rows', mode: 'list', measure: { kind: 'count' }, filters: match.filters, subFilters: [], listColumn: read.adjacent.column, adjacent: read.adjacent } };
  }
  if (parsed.measureAdjective) return interpretMeasureAdjective(parsed, match, parsed.measureAdjective, interpretMatch);
  if (parsed.comparative || parsed.difference) return interpretDifference(parsed, match, interpretMatch);
  match = { ...match, filters: mergeValueFilters(match.filters, 'joined') }; // no difference: "D60 and 416" is one condition on both
  // "the first three finishers" over a Position column: places 1 to 3, not the first three rows as stored
  const finishers = finishersAsPlaces(parsed, match.profile.table);
  if (finishers && match.filters.length === 0) {
    match = { ...match, filters: [finishers] };
    parsed = { ...parsed, rowWindow: undefined };
  }
  if (parsed.rowWindow?.count === 1) return listedEndValue(parsed, match, parsed.rowWindow);
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
  // "the total of the 4 highest attendances": the N largest values of the column summed, not a ranking of groups
  if (parsed.topN !== undefined && !group) {
    const values = topValues(parsed, match, interpretMatch);
    if (values) return values;
  }
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
  if (parsed.shareSplitAt !== undefined && !namesShareColumn(parsed, match.mentions)) return interpretShare(parsed, parsed.shareSplitAt, match, base, candidates, group);

  if (parsed.timeAdjective && parsed.averageWords) return { problem: 'an average of monthly (or other period) totals is not supported' };
  const span = group ? undefined : yearSpanColumn(parsed, match);
  if (span) return { spec: { ...base, mode: 'aggregate', answerKind: 'scalar', measure: { kind: 'yearSpan', column: span } } };
  // "how many years did Léon Balcer serve" over Took Office and Left Office
  const term = group ? undefined : termSpan(parsed, match.mentions, match.filters, match.profile);
  if (term) return { spec: { ...base, mode: 'aggregate', answerKind: 'scalar', measure: { kind: 'yearSpan', column: term.start, end: term.end } } };
  // … and no other answer to it: the length of no one holder's term ("John Diefenbaker" of Party leader) is no year of Left Office
  if (termLengthAsked(match.mentions)) return { problem: 'the length of a term is read for one holder of the office named, and nothing else' };
  // "which year had the most titles": the titles of each year (never over a column whose cells list several: `countedPluralMention`)
  const countedPlural = parsed.averageWords || parsed.sumWords ? undefined : countedPluralMention(parsed, match, group);
  if (countedPlural && group && parsed.superlative && !bestValueAsked(parsed)) {
    // … each value once for names ("players": one player of three seasons), each row for a category ("medals": Gold, Gold, Silver)
    const column = countedPlural.info.column;
    const categories = column.profile.distinctCount <= 10 && column.profile.distinctCount * 2 <= match.profile.table.rowCount - column.profile.nullCount;
    const measure: Measure = categories ? { kind: 'count' } : { kind: 'countDistinct', column };
    const present = categories ? [{ sql: `${sqlIdentifier(column.sqlName)} IS NOT NULL`, text: `${column.name} given`, tokens: countedPlural.tokens, column }] : [];
    return { spec: { ...base, filters: [...base.filters, ...present], mode: 'aggregate', measure, answerKind: parsed.topN ? 'group' : 'top1', order: parsed.superlative, limit: parsed.topN ?? 5 } };
  }
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
    // "what is the most films she made in one year": the best group's value, not its label
    if (parsed.superlative && bestValueAsked(parsed)) {
      // … an amount of many people's rows added up per season is no one's best ("the most goals in a single season" over players' rows)
      const people = personColumns(profile.table)[0];
      if (!counting && people) return { problem: `the best ${group.name} could be one ${people.name}'s best or the rows of all ${people.name} added up per ${group.name}: unclear` };
      // … "the largest attendance that each venue had": over several rows a venue, its best row or its rows added up; only
      // one row each makes them the same
      const eachGroup = parsed.groupAt.some((g) => g.keyword === 'each');
      const oneRowEach = group.kind === 'column' && group.column.profile.distinctCount === profile.table.rowCount - group.column.profile.nullCount;
      if (eachGroup && !counting && !oneRowEach) {
        return { problem: `the highest or lowest of each ${group.name} could be its best row or its rows added up: unclear` };
      }
      return { spec: { ...base, mode: 'aggregate', measure, answerKind: counting ? 'count' : 'scalar', order: parsed.superlative, bestOfGroups: true } };
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
 * "the first decimal32 on the list", "the last number in column decimal128": the value of the
 * column named (by the noun after the ordinal, else after "column") in the first or last row
 * in the sheet's order. With any condition "first" is ambiguous (of all rows, or of those?).
 */
function listedEndValue(parsed: ParsedQuestion, match: TableMatch, window: NonNullable<ParsedQuestion['rowWindow']>): { spec?: QuerySpec; problem?: string } {
  const said = `the ${window.end} ${parsed.tokens[window.nounAt]?.norm ?? ''}`.trim();
  if (match.filters.length > 0 || match.periods || parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.superlative) return { problem: `'${said}' together with other conditions or amounts is ambiguous` };
  if (match.profile.table.kind === 'union') return { problem: `'${said}' has no one order over several tables` };
  const columnWord = parsed.tokens.find((t) => t.norm === 'column');
  const named = match.mentions.filter((m) => m.tokens.includes(window.nounAt));
  const afterColumn = columnWord ? match.mentions.filter((m) => m.tokens.includes(columnWord.index + 1)) : [];
  const columns = [...new Set((named.length > 0 ? named : afterColumn).map((m) => m.info.column))];
  if (columns.length !== 1) return { problem: `could not tell which column '${said}' asks for` };
  // "which title is listed last on side a": any other column named may be a condition the list's end would ignore
  const others = match.mentions.filter((m) => m.info.column !== columns[0]);
  if (others.length > 0) return { problem: `'${said}' beside ${others.map((m) => m.info.column.name).join(', ')} is ambiguous (the end of all rows, or of some?)` };
  // the sheet's first or last row may be a total or a second header row the reader set apart: its end is not the list's then
  const table = match.profile.table;
  const setApart = table.aggregateRows.length > 0 || table.headerRows !== 1 || (table.excludedRows ?? []).some((row) => row.reason !== 'header');
  if (setApart) return { problem: `${table.sqlName} has rows set apart from its data (totals, titles, notes or a header of several rows), so its ${window.end} row as shown is not known` };
  return { spec: { match, answerKind: 'rows', mode: 'list', measure: { kind: 'count' }, filters: [], subFilters: [], listColumn: columns[0], window: { end: window.end, count: 1 } } };
}
