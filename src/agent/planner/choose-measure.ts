/**
 * The measure choice: which measure column the question names (`pickMeasure`) and how it is
 * aggregated over one table (`chooseMeasure`): a P&L concept, a column whose unit is the noun
 * counted, a count, or the named column's sum, average, weighted average, extreme or value.
 * @module agent/planner/choose-measure
 */
import { countOrShare } from './count-or-share.js';
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { GroupKey } from './find-group.js';
import { countedPhraseStart } from './counted-nouns.js';
import { REVENUE_SECTION } from './match-pnl.js';
import type { Measure } from './measures.js';
import { AVERAGE_WORDS, SUPERLATIVE_ASC, SUPERLATIVE_DESC, type ParsedQuestion } from './parse-question.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { SCORE_STEMS } from './column-aliases.js';
import { tokensOf } from './normalize-text.js';
import { PLAN_QUALIFIERS } from './vocabulary.js';
import { averageOf, isMixedCurrency, statedAverageProblem, sumMeasure, sumProblem } from './measure-guards.js';
import { columnSumMeasure } from './column-sums.js';
import { pickForAgainst } from './for-against.js';
import { countOrSum } from './count-or-sum.js';
import { AMOUNT_STEMS } from './filler-words.js';
import { countedAt } from './match-mentions.js';
import { datesUnnamedEvent } from './event-words.js';
import { askedUnitPick } from './measure-units.js';
import { sumWordsNameConditions } from './asked-columns.js';
import { asksPeriodCells } from './match-table-words.js';
import { averageNamed } from './average-columns.js';
import { totalOfParts } from './total-of-parts.js';

const COUNT_SUPERLATIVES = new Set(['most', 'fewest', 'least']);

/**
 * The measure a question asks for over one table, in turn: a P&L concept (gross profit or
 * margin over revenue and cost-of-sales sections), a count noun that is one column's unit
 * ("how many days" over `Duration (Days)`), then the measure column named (`pickMeasure`; when
 * ambiguous, the columns named together may be added up, `column-sums.ts`), counted or summed
 * (`count-or-sum.ts`); with no measure named, the period columns, a count per group, or a
 * problem; else how the named column is aggregated.
 * @param weight the column the question weights by, if any
 * @param groupMention the mention the grouping came from, never the measure
 * @param perRow the grouping is one row each, so an average over rows is asked
 * @returns the measure, or the problem (never both)
 */
export function chooseMeasure(...args: Parameters<typeof chooseMeasureRead>): { measure?: Measure; problem?: string } {
  const chosen = chooseMeasureRead(...args);
  const [parsed, , candidates, , , , group] = args;
  // "the average start in 1986" picked Avg. Start over Starts: that row's own average, never an average of several rows'
  // averages weighted by a column ingest guessed (yards per carry weighted by Games)
  const measure = chosen.measure;
  const averaged = measure && (measure.kind === 'weighted' || (measure.kind === 'column' && measure.fn === 'avg')) && parsed.averageWords ? averageNamed(parsed, candidates) : undefined;
  if (!measure || !averaged || !('column' in measure) || averaged.info.column !== measure.column) return chosen;
  if (group) return { problem: `${averaged.info.column.name} is an average already: read for one row, never averaged again over several` };
  return { measure: { kind: 'column', fn: 'single', column: averaged.info.column, oneRow: true } };
}

/** `chooseMeasure` before the guard on an average column picked by the average word. */
function chooseMeasureRead(
  parsed: ParsedQuestion,
  match: TableMatch,
  candidates: ColumnMention[],
  weight: ColumnMention | undefined,
  groupMention: ColumnMention | undefined,
  perRow: boolean,
  group: GroupKey | undefined,
): { measure?: Measure; problem?: string } {
  const profile = match.profile;
  const section = profile.sectionColumn;
  if ((match.concepts.grossProfit || match.concepts.grossMargin) && section && match.periods) {
    const sections = (section.profile.distinct ?? []).map(String);
    const revenue = sections.filter((s) => REVENUE_SECTION.test(s) && !/cost|cogs/i.test(s));
    const cost = sections.filter((s) => /cost of (sales|goods|revenue)|cogs|cost of goods|direct cost|herstellkosten|wareneinsatz|materialaufwand/i.test(s));
    if (revenue.length === 0 || cost.length === 0) return { problem: `${profile.table.sqlName} has no revenue and cost-of-sales sections to compute gross profit` };
    return { measure: { kind: match.concepts.grossMargin ? 'grossMargin' : 'grossProfit', periods: match.periods, section, revenue, cost } };
  }
  const byUnit = unitMeasure(parsed, match, group);
  if (byUnit) return byUnit;
  const picked = pickMeasure(parsed, candidates);
  // "how many students are enrolled at Brown" over Undergraduate, Graduate and Total enrollment: the total
  const whole = picked.tied ? totalOfParts(match, picked.tied) : undefined;
  if (whole) {
    Object.assign(picked, { mention: whole, problem: undefined, tied: undefined });
    // the total is named by the parts' words: it is a mention of the match's, so those words are not left unexplained
    if (!match.mentions.some((m) => m.info === whole.info)) match.mentions.push(whole);
  }
  // "how many gold and silver medals", "her average score between the preliminary and final": the columns named together
  if (picked.problem) {
    const lastStage = picked.tied ? lastStageMeasure(parsed, match, picked.tied, group) : undefined;
    if (lastStage) return { measure: lastStage };
    return (perRow ? undefined : columnSumMeasure(parsed, match, group)) ?? { problem: picked.problem };
  }
  const mention = picked.mention;
  const superlativeWord = parsed.tokens.find((t) => parsed.consumed.has(t.index) && COUNT_SUPERLATIVES.has(t.norm));
  // "how many …": rows counted, or the measure named added up
  const counted = countOrSum(parsed, match, mention, groupMention, perRow, group);
  if (counted) return counted;
  if (!mention) {
    if (match.periods && profile.periods.length > 0) {
      if (parsed.averageWords) return periodsAverage(match, group);
      if (asksPeriodCells(parsed, profile)) return periodCellsMeasure(parsed, match, group);
      return { measure: { kind: 'periods', periods: match.periods } };
    }
    if (group && (superlativeWord || (!parsed.superlative && (!parsed.sumWords || sumWordsNameConditions(parsed, match)) && !parsed.averageWords))) return { measure: { kind: 'count' } };
    const code = identifierLookup(parsed, match, group);
    if (code) return { measure: { kind: 'column', fn: 'single', column: code } };
    const when = whenColumn(parsed, match, group);
    if (when) return { measure: { kind: 'column', fn: 'single', column: when } };
    const total = totalColumnNamed(parsed, match);
    if (total) return columnAggregate(parsed, match, total, weight, groupMention, perRow, group);
    return { problem: `no measure named for ${profile.table.sqlName} (columns: ${profile.columns.filter((c) => c.numeric).map((c) => c.column.name).join(', ') || 'none numeric'})` };
  }
  return columnAggregate(parsed, match, mention, weight, groupMention, perRow, group);
}

/**
 * How the measure column the question names is aggregated: by its weight (the question's, or
 * the card's `weightBy`; a period column of several is no base), its maximum or minimum for a
 * superlative with no grouping, its average (for average words or one row each), else by its
 * card's aggregation (sum, weighted or plain average), or read as the one value when nothing
 * groups it. Sum words over a column that cannot be added up are a problem.
 * @returns the measure, or the problem
 */
function columnAggregate(parsed: ParsedQuestion, match: TableMatch, mention: ColumnMention, weight: ColumnMention | undefined, groupMention: ColumnMention | undefined, perRow: boolean, group: GroupKey | undefined): { measure?: Measure; problem?: string } {
  const profile = match.profile;
  const column = mention.info.column;
  const aggregation = column.aggregation;
  const weightColumn = weight?.info.column ?? (column.weightBy ? profile.table.columns.find((c) => c.sqlName === column.weightBy) : undefined);
  // "Change %" beside Jan, Feb, Mar: one month of several is no base for a rate over them all (only a weight the question names is)
  const periodWeight = !weight && weightColumn && profile.periods.length > 1 && profile.periods.some((p) => p.column === weightColumn);
  const weighted = (): { measure?: Measure; problem?: string } =>
    periodWeight
      ? { problem: `${column.name} has no base to weight by: ${weightColumn?.name} is one period column of several, and a rate over all periods has no single base` }
      : weightColumn ? { measure: { kind: 'weighted', column, weight: weightColumn } } : { problem: `no weight column for ${column.name}` };
  if (parsed.sumWords && !parsed.averageWords && !parsed.superlative && !parsed.weighted) {
    const cannot = sumProblem(column);
    // "what was Frank Nobilo's total score" over a Score of one row each: the row's score, which is its total
    // (no value unless the conditions keep exactly one row, never their sum)
    const ownTotal = cannot && column.aggregation === 'avg' && !isMixedCurrency(column) && !group && match.filters.length > 0 && parsed.tokens[Math.min(...mention.tokens) - 1]?.norm === 'total';
    if (ownTotal) return { measure: { kind: 'column', fn: 'single', column, oneRow: true } };
    if (cannot) return { problem: cannot };
  }
  if (parsed.weighted) return weighted();
  if (parsed.superlative && !group) {
    // "the average of the highest positions", "the average peak position": an average word no column's name takes
    // beside a superlative says neither the one extreme nor which rows to average
    const looseAverage = parsed.averageWords && parsed.tokens.some((t) => AVERAGE_WORDS.has(t.norm) && !match.mentions.some((m) => m.tokens.includes(t.index)));
    if (looseAverage) return { problem: `'average' and '${parsed.tokens.find((t) => parsed.consumed.has(t.index) && (SUPERLATIVE_DESC.has(t.norm) || SUPERLATIVE_ASC.has(t.norm)))?.norm ?? 'highest'}' together over ${column.name}: say the one extreme, or the average` };
    return { measure: { kind: 'column', fn: parsed.superlative === 'desc' ? 'max' : 'min', column } };
  }
  if (parsed.averageWords || perRow) {
    if (aggregation === 'weighted_avg') return weighted();
    // "what was the average speed in 2001" over one race a year: the one row's stated average (no value unless the conditions keep one row)
    if (column.qualifier === 'stated_average' && !group && match.filters.length > 0 && parsed.tokens.some((t) => t.norm === column.name.trim().split(/\s+/)[0]?.toLowerCase())) {
      return { measure: { kind: 'column', fn: 'single', column, oneRow: true } };
    }
    if (column.qualifier === 'stated_average') return { problem: statedAverageProblem(column) };
    if (aggregation === 'none' && (column.concept !== 'measure' || !parsed.averageWords)) return { problem: `${column.name} is not a quantity to average` };
    return averageOf(column, profile.table.rowCount);
  }
  if (aggregation === 'sum') return sumMeasure(match, column, group);
  if (aggregation === 'weighted_avg') return weighted();
  if (aggregation === 'avg') return averageOf(column, profile.table.rowCount);
  if (groupMention === undefined && !group) return { measure: { kind: 'column', fn: 'single', column } };
  // "which year had the highest % of the votes" with one row a year: each group's one value is ranked, nothing is added up
  const oneRowEach = group?.kind === 'column' && group.column.profile.nullCount === 0 && group.column.profile.distinctCount === profile.table.rowCount;
  if (oneRowEach && parsed.superlative) return { measure: { kind: 'column', fn: parsed.superlative === 'desc' ? 'max' : 'min', column } };
  return { problem: `${column.name} cannot be aggregated` };
}

/**
 * The measure column the question names: most name words matched, then most exact; a tie
 * between an actual and a plan/budget column goes to actual unless a plan word was said.
 * Mentions by money words count only when no column is named directly.
 * @returns the mention; the problem and the columns in doubt (`tied`) when a tie remains; neither
 *   when no candidate is given
 */
export function pickMeasure(parsed: ParsedQuestion, candidates: ColumnMention[]): { mention?: ColumnMention; problem?: string; tied?: ColumnMention[] } {
  if (candidates.length === 0) return {};
  const direct = candidates.filter((m) => !m.viaMoney);
  const pool = direct.length > 0 ? direct : candidates;
  const best = Math.max(...pool.map((m) => m.strength * 10 + m.exact));
  let top = pool.filter((m) => m.strength * 10 + m.exact === best);
  top = [...new Map(top.map((m) => [m.info.column.sqlName, m])).values()];
  if (top.length === 1) return { mention: top[0] };
  // "passengers" over "Total passengers" and "Passenger Change": the column the question names completely
  const complete = top.filter((m) => m.strength === m.info.stems.length);
  if (complete.length === 1) return { mention: complete[0] };
  const averaged = averageNamed(parsed, top); // "the average start in 1986": Avg. Start, not Starts
  if (averaged) return { mention: averaged };
  const scored = pickForAgainst(parsed, top); // "which team scored the most goals": Goals For, not Goals Against
  if (scored) return { mention: scored };
  const done = verbColumnOfAmount(parsed, top); // "the year he led the most laps": Led, not Laps
  if (done) return { mention: done };
  const counted = countOrShare(parsed, top); // "the most constituency votes": # of …, not % of …
  if (counted) return { mention: counted };
  const inUnit = askedUnitPick(parsed, top); // "the most speed in km/h": Speed (km/h), not Speed (mph)
  if (inUnit) return { mention: inUnit };
  const questionStems = new Set(parsed.tokens.map((t) => t.stem));
  const planSaid = [...PLAN_QUALIFIERS].some((q) => questionStems.has(tokensOf(q)[0].stem));
  const actual = top.filter((m) => m.info.column.qualifier === 'actual' || m.info.stems.includes('actual'));
  if (!planSaid && actual.length === 1 && top.every((m) => m === actual[0] || (m.info.column.qualifier && PLAN_QUALIFIERS.has(m.info.column.qualifier)))) {
    return { mention: actual[0] };
  }
  return { problem: `ambiguous measure: ${top.map((m) => `'${m.info.column.name}'`).join(' or ')}`, tied: top };
}

/**
 * "When did he make his single named Dearly Beloved?": a question starting with "when" that names
 * no measure asks for the date of the row a value condition picks (a value of a column naming each
 * row once: the single, never its album), which the table's one column of
 * dates (or, with none, its one year column) holds, unless that column dates an event the question
 * does not name (Founded). No count, total, average, ranking or grouping.
 * @returns that column, or undefined when the question is not such a "when" or the table has no one such column
 */
function whenColumn(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined): CatalogColumn | undefined {
  if (parsed.tokens[0]?.norm !== 'when' || group || parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.measureAdjective) return undefined;
  // the value names one row: a column whose every value is its own row's (a single's title, never the album of several)
  const rowCount = match.profile.table.rowCount;
  if (!match.filters.some((f) => f.values !== undefined && !f.negated && f.column !== undefined && f.column.profile.distinctCount === rowCount - f.column.profile.nullCount)) return undefined;
  const { dateColumns, yearColumn } = match.profile;
  const column = dateColumns.length === 1 && !yearColumn ? dateColumns[0] : dateColumns.length === 0 ? yearColumn : undefined;
  return column && !datesUnnamedEvent(parsed, column.name) ? column : undefined;
}

/** Past forms a column may be named by that do not end in -ed ("Led", "Won", "Lost"). */
const IRREGULAR_PAST = new Set(['led', 'won', 'lost', 'drew', 'drawn', 'ran', 'rode', 'ridden', 'driven', 'scored', 'held', 'made', 'hit', 'caught', 'thrown', 'kept']);
/** Words that may stand between a verb and the amount it takes: "led the most laps", "led 33 laps". */
const VERB_OBJECT_GAP = new Set(['the', 'a', 'an', 'any', 'most', 'more', 'fewest', 'fewer', 'least', 'less', 'many', 'of', 'his', 'her', 'their', 'its']);

/**
 * "In what year did he lead the most laps?" over Laps and Led: of two measures the question
 * names, one is named by its verb (`namesAmountDone`): that column counts those amounts done
 * that way (the laps led), the noun's column all of them.
 * @returns the verb's mention, or undefined when the tie is not one such pair
 */
function verbColumnOfAmount(parsed: ParsedQuestion, top: ColumnMention[]): ColumnMention | undefined {
  if (top.length !== 2) return undefined;
  if (namesAmountDone(parsed, top[0], top[1])) return top[0];
  if (namesAmountDone(parsed, top[1], top[0])) return top[1];
  return undefined;
}

/**
 * True when `verb` is a column named by a one-word past form (Led, Won, Completed) the question
 * says as its verb, taking the amount noun that names `noun`'s column: right after it ("lead the
 * most laps", "led 33 laps") or counted before it ("how many laps did he lead"). Then the verb's
 * column holds the amounts done that way and the noun says what they are.
 */
export function namesAmountDone(parsed: ParsedQuestion, verb: ColumnMention, noun: ColumnMention): boolean {
  const name = verb.info.column.name.trim().toLowerCase();
  if (!/^[a-z]+$/.test(name) || !(/[a-z]{2}ed$/.test(name) || IRREGULAR_PAST.has(name)) || verb.tokens.length !== 1 || noun.tokens.length !== 1) return false;
  const nounToken = parsed.tokens[noun.tokens[0]];
  if (!AMOUNT_STEMS.has(nounToken.stem) || nounToken.stem === verb.info.stems[0]) return false;
  if (nounToken.index < verb.tokens[0]) return parsed.countWords && countedAt(parsed, nounToken.index);
  let at = verb.tokens[0] + 1;
  while (at < nounToken.index && (VERB_OBJECT_GAP.has(parsed.tokens[at].norm) || /^\d+$/.test(parsed.tokens[at].norm))) at++;
  return at === nounToken.index;
}

/** Stage words of a competition's columns, earliest first: "Preliminary Points", "Semifinal Points", "Final Points". */
const STAGES: RegExp[] = [/^(preliminary|prelim|prelims|qualifying|qualification|heat|heats)$/, /^(semifinal|semifinals|semi)$/, /^(final|finals)$/];

/**
 * "How many points did Ann Fargher have?" over Preliminary Points and Final Points: columns
 * whose names differ only by a competition's stage, the question naming none, read for one row
 * as its value at the last stage it reached (Final Points, else Preliminary Points where the
 * diver did not reach the final), as a results list ranks its entrants. Only for one row's value:
 * no sum, average, superlative or grouping (those would mix stages).
 * @returns the measure, or undefined when the tie is no set of stages or the question is not one row's value
 */
function lastStageMeasure(parsed: ParsedQuestion, match: TableMatch, tied: ColumnMention[], group: GroupKey | undefined): Measure | undefined {
  const named = match.filters.filter((f) => f.values !== undefined && !f.negated);
  if (group || parsed.sumWords || parsed.averageWords || parsed.superlative || named.length === 0 || named.some((f) => (f.values?.length ?? 0) > 1)) return undefined;
  const stageOf = (word: string): number => STAGES.findIndex((stage) => stage.test(word));
  if (parsed.tokens.some((t) => stageOf(t.norm) >= 0)) return undefined;
  const staged = tied.map((m) => {
    const words = tokensOf(m.info.column.name);
    const stages = words.map((w) => stageOf(w.norm)).filter((k) => k >= 0);
    return { column: m.info.column, stage: stages.length === 1 ? stages[0] : -1, rest: words.filter((w) => stageOf(w.norm) < 0).map((w) => w.stem).join(' ') };
  });
  if (staged.some((s) => s.stage < 0 || !s.column.type.match(/^(integer|decimal)$/)) || new Set(staged.map((s) => s.rest)).size !== 1 || new Set(staged.map((s) => s.stage)).size !== staged.length) return undefined;
  return { kind: 'lastStage', columns: staged.sort((a, b) => b.stage - a.stage).map((s) => s.column) };
}

/** Units the column cards name for themselves (no word of the sheet's). */
const CARD_UNITS = new Set(['count', 'score', 'currency', 'mixed_currency', 'percent', 'seconds']);

/** Stems of the unit a numeric column is written in: its cells' unit (`3,880 days`) and the words of its header's brackets (`Duration (Days)`). */
function unitStems(column: CatalogColumn): string[] {
  const words = column.unit !== undefined && !CARD_UNITS.has(column.unit) ? tokensOf(column.unit) : [];
  for (const bracket of column.name.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)) words.push(...tokensOf(bracket[1] ?? bracket[2] ?? ''));
  return words.map((word) => word.stem);
}

/**
 * "How many days was Herbert Hoover the oldest living president?" over `Duration (Days)`: the
 * counted noun is the unit one numeric column is written in, so that column answers, for the row
 * the conditions keep (its value) or for the rows named together ("John Adams and James Madison
 * combined": their sum). A total over every row needs an additive column; otherwise a problem.
 * Undefined when no counted noun is such a unit.
 */
function unitMeasure(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined): { measure?: Measure; problem?: string } | undefined {
  const counted = countedPhraseStart(parsed);
  if (!parsed.countWords || counted === undefined || parsed.averageWords) return undefined;
  const stem = parsed.tokens[counted].stem;
  const columns = match.profile.columns.filter((info) => info.numeric && unitStems(info.column).includes(stem));
  if (columns.length !== 1) return undefined;
  const column = columns[0].column;
  if (column.aggregation === 'sum' || (column.aggregation !== 'none' && (parsed.sumWords || group))) return { measure: { kind: 'column', fn: 'sum', column } };
  const named = match.filters.reduce((count, filter) => count + (filter.values?.length ?? 0), 0);
  if (column.aggregation !== 'none' && named > 1) return { measure: { kind: 'column', fn: 'sum', column } };
  if (match.filters.length > 0 && !group) return { measure: { kind: 'column', fn: 'single', column } };
  return { problem: `'how many ${parsed.tokens[counted].norm}' asks for ${column.name}, which is not added up over every row (${column.aggregation})` };
}

/**
 * "what is the atomic number of nitrogen" over Atomic no. | Name: a number that identifies each
 * row (no measure, never added up) asked of the row a condition names is read as that row's value
 * (no value when the rows kept hold several). Only for a plain lookup: no count, total, average,
 * ranking or grouping, and exactly one numeric identifier column named.
 */
function identifierLookup(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined): CatalogColumn | undefined {
  if (group || parsed.countWords || parsed.sumWords || parsed.averageWords || parsed.superlative || parsed.difference || parsed.comparative || match.filters.length === 0) return undefined;
  const filtered = new Set(match.filters.map((f) => f.column));
  const named = [...new Set(match.mentions.filter((m) => m.info.numeric && !m.usedAsFilter && m.info.column.concept === 'identifier' && !filtered.has(m.info.column)).map((m) => m.info.column))];
  return named.length === 1 ? named[0] : undefined;
}

/**
 * "the average score in 2009" over School | 2007 … 2011: the one year column's mean over the
 * rows kept. "the average index of Oscar De La Hoya Charter School": the one row's mean over its
 * year cells (no value when several rows are kept or a cell is blank). Over several periods
 * with no row named, or by groups, the mean of what is unclear: declined.
 */
function periodsAverage(match: TableMatch, group: GroupKey | undefined): { measure?: Measure; problem?: string } {
  const periods = match.periods ?? [];
  const numeric = periods.every((p) => p.column.type === 'integer' || p.column.type === 'decimal');
  if (!group && numeric && periods.length === 1) return { measure: { kind: 'column', fn: 'avg', column: periods[0].column } };
  if (!group && numeric && periods.length > 1 && match.filters.length > 0) return { measure: { kind: 'columns', fn: 'avg', columns: periods.map((p) => p.column) } };
  return { problem: `an average over ${match.profile.table.sqlName}'s period columns is read for one period, or for the one row named` };
}

/**
 * A wide table's year cells named by a generic noun ("score"): values of one school in one year,
 * which do not add up over the years or the rows. "the highest score in 2007" is that column's
 * largest cell; "X's 2007 score" is X's one row (no value for two rows of that name); one year's
 * cells rank by school only where each school is one row. Scores of several years ("X's scores
 * in 2008 and 2009", "which school had the highest score") or of all rows added are declined.
 */
function periodCellsMeasure(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined): { measure?: Measure; problem?: string } {
  const periods = match.periods ?? [];
  if (periods.length > 1) return { problem: `the scores of ${periods.map((p) => p.label).join(', ')} are each a year's own value, never added up: ask for one year` };
  const column = periods[0].column;
  if (parsed.superlative && !group) return { measure: { kind: 'column', fn: parsed.superlative === 'desc' ? 'max' : 'min', column } };
  // one school's score, or each school's: one row each, never two rows of one name added up
  if (group?.kind === 'column') {
    const rows = match.profile.table.rowCount - group.column.profile.nullCount;
    if (group.column.profile.distinctCount !== rows) return { problem: `${group.column.name} repeats over several rows, and their scores do not add up` };
    return { measure: { kind: 'periods', periods } };
  }
  if (match.filters.length === 0 || group) return { problem: `the scores of ${periods[0].label} do not add up over the rows: name the row asked, or ask for the highest, lowest or average` };
  return { measure: { kind: 'column', fn: 'single', column, oneRow: true } };
}

/**
 * "what is the difference in total between Greg Crick and James Koundouris" over Rd 1 … Rd 8 |
 * Total: with no other measure named, the word "total" said as a noun (no "total number of", no
 * average) names the table's one number column called Total, whose cells are each row's total of
 * its own parts (the row's other columns, or its rounds: `scoreOfTotal`).
 * @returns a mention of that column, or undefined
 */
function totalColumnNamed(parsed: ParsedQuestion, match: TableMatch): ColumnMention | undefined {
  if (parsed.countWords || parsed.averageWords) return undefined;
  const said = parsed.tokens.find((t) => t.norm === 'total' && parsed.tokens[t.index + 1]?.norm !== 'number');
  if (!said) return undefined;
  // … only a Total of each row's own parts: the sum of the row's other columns (Gold + Silver + Bronze), or of rounds or
  // judges' scores (Rd 1 … Rd 8); never a running tally of titles, nor a Total of rows of different things
  const totals = match.profile.columns.filter((info) => info.numeric && /^totals?$/i.test(info.column.name.trim()) && info.column.aggregation === 'sum'
    && (info.column.isAggregateColumn === true || [...SCORE_STEMS].every((stem) => info.stems.includes(stem))));
  if (totals.length !== 1) return undefined;
  return { info: totals[0], tokens: [said.index], hits: [{ stem: said.stem, exact: true }], strength: 1, exact: 1 };
}
