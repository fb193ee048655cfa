/**
 * The offline planner: answers common business questions with one exact SELECT and no
 * language model, or declines naming what it could not map. A table is chosen only when
 * every content word of the question is explained by it (columns, values, title, dates,
 * glossary); when tables of two different families fit equally, it declines.
 * @module agent/planner/plan-question
 */
import { listedItemMeasure } from './listed-items.js';
import { askedUnitProblem } from './measure-units.js';
import type { CatalogTable } from '../../store/catalog-types.js';
import { answerShapeProblem } from './answer-shape.js';
import { buildSql } from './build-sql.js';
import { endsCountedPhrase } from './counted-nouns.js';
import { planJoin, type SinglePlan } from './plan-join.js';
import { withIdentifierColumns } from './identifier-columns.js';
import { withoutYearsOfColumnNames } from './year-named-columns.js';
import { interpretMatch, type QuerySpec } from './interpret-match.js';
import { matchTable } from './match-table.js';
import { countedAt } from './match-mentions.js';
import { foldText } from './normalize-text.js';
import { parseQuestion, type ParsedQuestion } from './parse-question.js';
import type { PlanOptions, PlanResult, TableMatch } from './plan-types.js';
import { profileTable, type TableProfile } from './table-profile.js';
import { readSuperlativeValues } from './superlative-values.js';
import { readMeasureAdjective, withMeasureAdjective } from './measure-adjectives.js';
import { ACQUIRE_VERBS, UNSUPPORTED_WORDS } from './vocabulary.js';
import { isFiller } from './filler-words.js';
import { correctedQuestionWords, correctedSpelling, numberWordsAsDigits } from './spelling.js';
import { namesAmountDone } from './choose-measure.js';
import { finishersUnclear } from './read-checks.js';
import { mixedCurrencyProblem, mixedUnitRowsProblem, statedTotalProblem } from './measure-guards.js';
import { leaguePointsProblem } from './league-points.js';
import { bothEndsProblem } from './range-difference.js';
import { layoutNounProblem } from './measure-rows.js';
import { orJoinedProblem } from './joined-conditions.js';

interface Candidate {
  match: TableMatch & { lookupTableIds: string[] };
  spec?: QuerySpec;
  problem?: string;
  family: string;
}

/**
 * An opening "name the …", "identify all …": a request for every label of the noun after it. Not
 * "name a season": one of several, which a list would not answer.
 */
const NAMING_OPENING = /^\s*(name|identify)\s+(the|all)\s+/i;

/**
 * Plans one question over the catalog. Pure: no database access.
 * @returns SQL with its answer shape, unit and explanation, or a decline with the reason
 */
export function planQuestion(question: string, catalogAsStored: CatalogTable[], options: PlanOptions = {}): PlanResult {
  const catalog = withIdentifierColumns(catalogAsStored);
  const planned = planSingle(question, catalog, options);
  if (planned.result.kind === 'sql') return planned.result;
  const joined = planJoin(question, (part) => planSingle(part, catalog, options));
  if (joined) return joined;
  // "jonathan webb" for Jonathon Webb: a name the question misspells is read as the one value it fits
  const corrected = planned.result.reason.startsWith('could not map') ? correctedSpelling(question, catalog) : undefined;
  if (corrected) {
    const again = planSingle(corrected.question, catalog, options).result;
    if (again.kind === 'sql') return { ...again, explanation: `${again.explanation} ('${corrected.read}' read as '${corrected.as}')` };
  }
  // "name the seasons that had more than 7 wins" over a table with no Name column: the opening asks for labels, as "which" does
  const naming = /^could not map '(name|identify)'/.test(planned.result.reason) ? NAMING_OPENING.exec(question) : null;
  if (naming) {
    const again = planSingle(`which ${question.slice(naming[0].length)}`, catalog, options).result;
    if (again.kind === 'sql') return again;
  }
  // "hte german cup", "wins recroded": a slip in a word of the question itself
  const reworded = planned.result.reason.startsWith('could not map') ? correctedQuestionWords(question, catalog) : undefined;
  if (reworded) {
    const again = planSingle(reworded.question, catalog, options).result;
    if (again.kind === 'sql') return { ...again, explanation: `${again.explanation} ('${reworded.read}' read as '${reworded.as}')` };
  }
  // "line six" over a Name of "Line 6": a number word a value writes as digits
  const digits = planned.result.reason.startsWith('could not map') ? numberWordsAsDigits(question, catalog) : undefined;
  if (digits) {
    const again = planSingle(digits.question, catalog, options).result;
    if (again.kind === 'sql') return { ...again, explanation: `${again.explanation} ('${digits.read}' read as '${digits.as}')` };
  }
  return planned.result;
}

/**
 * A negation ("not", "never", "n't", "other than") that no negated condition of the match
 * carries (and whose word no value absorbed): the planner declines rather than answer the un-negated question.
 * @returns the decline reason, or undefined when every negated word is in a negated filter
 */
function unattachedNegation(parsed: ParsedQuestion, match: TableMatch): string | undefined {
  const carried = new Set(match.filters.filter((f) => f.negated).flatMap((f) => f.tokens));
  // "finished as not classified": the negation word is part of a value ("Not Classified")
  const inValue = new Set(match.filters.flatMap((f) => f.tokens));
  const loose = [...parsed.negated].filter((t) => !carried.has(t) && !inValue.has(parsed.negationAt.get(t) ?? -1));
  if (loose.length === 0) return undefined;
  const word = parsed.tokens[loose[0]]?.norm;
  return word ? `could not tell what the negation before '${word}' applies to` : 'could not tell what the negation applies to';
}

/** Plans a question answered by one table (or union); the spec is returned for joins. */
function planSingle(question: string, catalog: CatalogTable[], options: PlanOptions): SinglePlan {
  const parsed = parseQuestion(question, options.today ?? new Date(), catalog.flatMap((table) => spelledNames(table.file)));
  if (parsed.tokens.length === 0) return { result: { kind: 'declined', reason: 'the question is empty' } };
  const profiles = catalog.map((table) => profileTable(table));
  const familyOf = familyIds(catalog);
  const candidates: Candidate[] = [];
  const visibleFamilies = new Set(catalog.filter((t) => !t.hidden).map((t) => familyOf.get(t.id)));
  const soleFamily = visibleFamilies.size === 1;
  const namedFiles = filesNamedIn(parsed.folded, catalog);
  for (const profile of profiles) {
    const table = profile.table;
    if (table.hidden || table.kind === 'long') continue;
    if (namedFiles.size > 0 && !namedFiles.has(table.file)) continue;
    const lookups = profiles.filter((p) => p.table.kind === 'table' && (p.table.hidden || p.table.file === table.file) && familyOf.get(p.table.id) !== familyOf.get(table.id));
    const read = readSuperlativeValues(withoutYearsOfColumnNames(parsed, profile), profile);
    // "which ship is the oldest": the adjective ranks by the table's one column of its kind
    const adjective = readMeasureAdjective(read.parsed, profile, namedColumns(read.parsed, profile));
    const own = adjective?.adjective ? withMeasureAdjective(read.parsed, adjective.adjective) : read.parsed;
    const match = matchTable(own, profile, { glossary: options.glossary ?? [], lookups, soleTable: soleFamily });
    const candidate: Candidate = { match, family: familyOf.get(table.id) ?? table.id };
    const loose = unattachedNegation(own, match);
    if (read.problem) candidate.problem = read.problem;
    else if (adjective?.problem) candidate.problem = adjective.problem;
    else if (loose) candidate.problem = loose;
    else if (match.unexplained.length > 0) candidate.problem = `could not map ${match.unexplained.map((w) => `'${w}'`).join(', ')}`;
    else if (match.problems.length > 0) candidate.problem = match.problems[0];
    else if (orJoinedProblem(own, match.filters, match.mentions) !== undefined) candidate.problem = orJoinedProblem(own, match.filters, match.mentions);
    else if (match.evidence < 1 && !soleFamily && !namedFiles.has(table.file)) candidate.problem = `nothing in the question is specific to ${table.sqlName}`;
    else {
      const interpreted = interpretMatch(own, match);
      const wrongShape = interpreted.spec ? bothEndsProblem(own, interpreted.spec) ?? layoutNounProblem(own, interpreted.spec) ?? answerShapeProblem(own, interpreted.spec) ?? unusedNamedMeasure(own, interpreted.spec) ?? askedOfEach(own, interpreted.spec) ?? spanLength(own, interpreted.spec) ?? finishersUnclear(own, interpreted.spec) ?? mixedCurrencyProblem(interpreted.spec) ?? mixedUnitRowsProblem(interpreted.spec) ?? statedTotalProblem(interpreted.spec) ?? leaguePointsProblem(own, interpreted.spec)
        ?? listedItemMeasure([...interpreted.spec.filters, ...interpreted.spec.subFilters], interpreted.spec.measure)
        ?? askedUnitProblem(own, interpreted.spec.measure, [...interpreted.spec.filters, ...interpreted.spec.subFilters]) : undefined;
      candidate.spec = wrongShape ? undefined : interpreted.spec;
      candidate.problem = interpreted.problem ?? wrongShape;
    }
    candidates.push(candidate);
  }

  let fitting = candidates.filter((c) => c.spec);
  fitting = dropPivotSummaries(fitting, profiles);
  fitting = preferNamedColumns(fitting);
  const namedElsewhere = namedOnlyElsewhere(fitting, candidates) ?? countedOnlyElsewhere(parsed, fitting, candidates);
  if (namedElsewhere) return { result: { kind: 'declined', reason: namedElsewhere, candidates: [...new Set(candidates.map((c) => c.match.profile.table.sqlName))] } };
  const families = new Map<string, Candidate[]>();
  for (const candidate of fitting) families.set(candidate.family, [...(families.get(candidate.family) ?? []), candidate]);
  if (families.size === 0) return { result: declineWithReason(candidates) };
  if (families.size > 1) {
    const names = [...families.values()].map((list) => pickInFamily(list).match.profile.table);
    return {
      result: {
        kind: 'declined',
        reason: `the question fits several tables equally (${names.map((t) => `${t.sqlName} in ${t.sourcePath ?? t.file}`).join('; ')}); name the file, sheet or table`,
        candidates: names.map((t) => t.sqlName),
      },
    };
  }
  const inFamily = [...families.values()][0];
  const chosen = pickInFamily(inFamily);
  // the union could not answer ("total headcount" across its 2023 and 2024 blocks): one of its tables must not stand in for it
  const union = candidates.find((c) => c.family === chosen.family && c.match.profile.table.kind === 'union' && !c.spec && c.problem);
  if (union && chosen !== union && inFamily.length > 1) {
    return { result: { kind: 'declined', reason: `${union.match.profile.table.sqlName}: ${union.problem}`, candidates: inFamily.map((c) => c.match.profile.table.sqlName) } };
  }
  const spec = chosen.spec as QuerySpec;
  const built = buildSql(spec);
  const twoReadings = spec.filters.find((f) => f.agreeing !== undefined);
  const countReason = spec.mode === 'aggregate' && spec.measure.kind === 'countDistinct' && spec.measure.onlyIfRowsAgree && !spec.group
    ? `the rows repeat ${spec.measure.column.name} values, so the number of rows and of different ${spec.measure.column.name} values differ: ask for "different" values or for the rows`
    : spec.mode === 'aggregate' && spec.measure.kind === 'count' && spec.measure.oneRowEach && !spec.group
      ? `several rows hold one ${spec.measure.oneRowEach[0].name} in one year of ${spec.measure.oneRowEach[1].name}, so the rows are not one ${spec.measure.oneRowEach[0].name} each: ask for the rows or for "different" ${spec.measure.oneRowEach[0].name} values`
      : undefined;
  // every check that may leave the value empty says why (a count whose rows and values differ, two readings that disagree)
  const emptyReasons = [countReason ?? built.declineIfNull, twoReadings?.disagreeing].filter((r): r is string => r !== undefined);
  return {
    spec,
    result: {
      kind: 'sql',
      sql: built.sql,
      tableIds: [...new Set([chosen.match.profile.table.id, ...chosen.match.lookupTableIds])],
      answerKind: spec.answerKind,
      unit: built.unit,
      explanation: built.explanation,
      ...(emptyReasons.length > 0 ? { declineIfNull: emptyReasons.join('; or ') } : {}),
      ...(built.declineIfEmpty ?? spec.filters.find((f) => f.emptyMeans)?.emptyMeans ? { declineIfEmpty: built.declineIfEmpty ?? spec.filters.find((f) => f.emptyMeans)?.emptyMeans } : {}),
    },
  };
}

/**
 * "the number of singles that made the peak chart positions in CAN Country": a column of
 * numbers the question names by a word of its own (not a synonym, not filler) that the plan
 * neither measures, filters, groups nor lists was dropped, so the plan answers a simpler
 * question. Only plain aggregates and lists are checked; a name inside another named column's
 * words ("US Country" of "CAN Country") counts as that column's.
 * @returns the decline reason, or undefined when every such column is used
 */
function unusedNamedMeasure(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if ((spec.mode !== 'aggregate' && spec.mode !== 'list') || spec.cells || spec.difference || spec.streak || spec.adjacent) return undefined;
  const used = new Set<unknown>([...spec.filters, ...spec.subFilters].map((f) => f.column));
  const measure = spec.measure;
  if ('column' in measure) used.add(measure.column);
  if (measure.kind === 'columns') measure.columns.forEach((c) => used.add(c));
  if (measure.kind === 'weighted') used.add(measure.weight);
  if (measure.kind === 'periods') measure.periods.forEach((p) => used.add(p.column));
  if (spec.group?.kind === 'column') used.add(spec.group.column);
  if (spec.listColumn) used.add(spec.listColumn);
  const mentions = spec.match.mentions;
  const usedTokens = new Set(mentions.filter((m) => used.has(m.info.column) || m.usedAsFilter).flatMap((m) => m.tokens));
  for (const filter of spec.filters) filter.tokens.forEach((t) => usedTokens.add(t));
  for (const mention of mentions) {
    if (!mention.info.numeric || used.has(mention.info.column) || mention.usedAsFilter || mention.viaMoney || mention.viaGlossary || mention.owner || mention.cellNoun !== undefined) continue;
    // a numbered document column ("Order" 1001, 1002) is counted by its rows, never measured
    if (mention.info.column.concept === 'identifier') continue;
    // "how many seasons", "the total number of locomotives": the counted noun names the rows counted
    if (mention.tokens.some((t) => t === spec.match.rowNoun || countedAt(parsed, t))) continue;
    // "how many races did Ann win" beside "Win $", "songs that peaked in the chart" beside "Peak": a verb of the row's event, not the column
    const own = mention.tokens.filter((t, k) => mention.hits[k]?.exact && !usedTokens.has(t) && !isFiller(parsed, t) && !ACQUIRE_VERBS.has(parsed.tokens[t].norm) && !/[a-z]ed$/.test(parsed.tokens[t].norm));
    if (own.length === 0) continue;
    if (mentions.some((m) => m !== mention && used.has(m.info.column) && own.every((t) => m.tokens.includes(t)))) continue;
    // "the year he led the most laps" over Laps and Led: "laps" says what Led holds
    if (mentions.some((m) => m !== mention && used.has(m.info.column) && namesAmountDone(parsed, m, mention))) continue;
    return `unclear what '${own.map((t) => parsed.tokens[t].norm).join(' ')}' asks of ${mention.info.column.name} (not a filter, grouping or measure)`;
  }
  return undefined;
}

/**
 * "France and Greece both have how many medals?": "both" asks what each of the values named
 * has, which one sum over their rows does not answer (it adds them up).
 * @returns the decline reason, or undefined when no total over several named values is asked with "both"
 */
function askedOfEach(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  // "both", or "each" at the end ("sold in 2019 and 2021 each"; "each" before a noun is a grouping)
  const last = parsed.tokens[parsed.tokens.length - 1]?.norm;
  const word = parsed.tokens.some((t) => t.norm === 'both') ? 'both' : last === 'each' ? 'each' : undefined;
  if (!word || spec.group || spec.mode !== 'aggregate') return undefined;
  const several = spec.filters.find((f) => (f.values?.length ?? 0) > 1 && !f.negated);
  if (!several) return undefined;
  return `'${word}' asks what each of ${several.values?.map((v) => v.value).join(' and ')} has, not their total: ask for each, or for their total`;
}

/** Time units that, counted between two dates, ask for the span's length. */
const SPAN_UNITS = new Set(['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours']);

/**
 * "how many days is it between 31 October 2008 and 1 November 2008", "the number of days from
 * March 1 to March 18": the length of the span
 * between the dates, which a count of the rows dated in it does not give. Declined when rows
 * are counted, the counted noun is a time unit and the date span is the only condition.
 * @returns the decline reason, or undefined otherwise
 */
function spanLength(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (spec.mode !== 'aggregate' || spec.group || spec.measure.kind !== 'count' || parsed.countNounAt === undefined) return undefined;
  const unit = parsed.tokens[parsed.countNounAt]?.norm;
  const words = new Set(parsed.tokens.map((t) => t.norm));
  const span = words.has('between') || (words.has('from') && (words.has('to') || words.has('until') || words.has('through')));
  if (!SPAN_UNITS.has(unit ?? '') || !span || parsed.dates.length === 0) return undefined;
  if (spec.filters.some((f) => f !== spec.match.dateFilter && f.column?.type !== 'date')) return undefined;
  return `'how many ${unit} between' two dates asks for the length of the span, which the planner does not compute (it would count the rows dated in it)`;
}


/** Columns every word of whose name the question says ("the oldest founding year": Founded year). */
function namedColumns(parsed: ParsedQuestion, profile: TableProfile): CatalogTable['columns'] {
  const said = new Set(parsed.tokens.map((t) => t.stem));
  return profile.columns.filter((c) => c.stems.length > 0 && c.stems.every((stem) => said.has(stem))).map((c) => c.column);
}

/**
 * "What is the total Umsatz?" over one table with an Umsatz column and others whose revenue
 * column "Umsatz" reaches only as a synonym or a money word: the table whose column the word
 * names as written answers; readings of that word by synonym or money word are dropped.
 * Unchanged when no fitting table names it as written.
 */
function preferNamedColumns(list: Candidate[]): Candidate[] {
  const exactAt = (c: Candidate): Set<number> => new Set(c.match.mentions.filter((m) => !m.viaMoney).flatMap((m) => m.tokens.filter((_, k) => m.hits[k]?.exact)));
  const named = new Set(list.flatMap((c) => [...exactAt(c)]));
  const kept = list.filter((c) => {
    const exact = exactAt(c);
    return !c.match.mentions.some((m) => m.tokens.some((t) => named.has(t) && !exact.has(t)));
  });
  return kept.length > 0 ? kept : list;
}

/**
 * The ways a question spells a file's name: in full ("names-cp1252.csv"), or without its
 * extension when that still reads as a name, not words ("top_accounts", "q1-sales").
 */
function spelledNames(file: string): string[] {
  const name = foldText(file);
  const stem = name.replace(/\.[a-z0-9]+$/, '');
  return stem !== name && /[_.-]/.test(stem) ? [name, stem] : [name];
}

/**
 * "What is the total qty of items?" over stock.csv (Qty, which it cannot answer) and another
 * file whose Units reads "qty" only as a synonym: the measure the question names as written
 * belongs to the table that could not answer, so a synonym elsewhere must not stand in for it.
 * @returns the decline reason, or undefined when a fitting table names the measure as written or none is named so
 */
function namedOnlyElsewhere(fitting: Candidate[], all: Candidate[]): string | undefined {
  if (fitting.length === 0) return undefined;
  const exactMeasures = (c: Candidate): Map<number, string> => new Map(c.match.mentions
    .filter((m) => m.info.numeric && !m.viaMoney && !m.viaGlossary)
    .flatMap((m) => m.tokens.filter((_, k) => m.hits[k]?.exact).map((t) => [t, m.info.column.name] as const)));
  for (const other of all) {
    if (other.spec || other.match.unexplained.length > 0) continue;
    for (const [token, column] of exactMeasures(other)) {
      if (fitting.some((c) => exactMeasures(c).has(token))) continue;
      if (!fitting.every((c) => c.match.mentions.some((m) => m.tokens.includes(token)))) continue;
      return `the question names ${column} in ${other.match.profile.table.file}, which could not answer (${other.problem ?? 'no reading'}); other tables hold it only under another name`;
    }
  }
  return undefined;
}

/**
 * "how many expense items cost more than 100?", "how many items in monthly expenses?" over a one-row Summary (Total Monthly Expenses)
 * and a Monthly Expenses table of Item and Amount that could not answer: the things counted are
 * named as written by a column of the table that could not answer, and by nothing of the tables
 * that could, so counting the others' rows would count something else. The phrase ends at a
 * preposition or verb ("number of complaints by month": month groups, it is not counted).
 * @returns the decline reason, or undefined when a fitting table names the counted noun too
 */
function countedOnlyElsewhere(parsed: ParsedQuestion, fitting: Candidate[], all: Candidate[]): string | undefined {
  const from = parsed.countNounAt;
  if (from === undefined || fitting.length === 0 || !parsed.countWords) return undefined;
  for (let at = from; at < Math.min(parsed.tokens.length, from + 3) && !endsCountedPhrase(parsed.tokens[at].norm); at++) {
    // (… or counted as a measure row's own columns: "in how many years was the GDP above 45" over years 2009 … 2012)
    if (fitting.some((c) => c.match.mentions.some((m) => m.tokens.includes(at)) || c.match.rowNoun === at || (c.spec?.cells?.kind === 'count' && at === from))) continue;
    for (const other of all) {
      if (other.spec) continue;
      const named = other.match.mentions.find((m) => !m.info.numeric && !m.usedAsFilter && m.hits[m.tokens.indexOf(at)]?.exact === true);
      if (named) return `the ${parsed.tokens[at].norm} counted are named by ${named.info.column.name} in ${other.match.profile.table.sqlName}, which could not answer (${other.problem ?? 'no reading'}); the tables that could have no such column`;
    }
  }
  return undefined;
}

/** Files whose name the question spells out ("In names-cp1252.csv, …", "in top_accounts"). */
function filesNamedIn(folded: string, catalog: CatalogTable[]): Set<string> {
  const named = new Set<string>();
  for (const table of catalog) {
    for (const name of spelledNames(table.file)) {
      const at = folded.indexOf(name);
      if (at >= 0 && !/[a-z0-9]/.test(folded.charAt(at - 1)) && !/[a-z0-9]/.test(folded.charAt(at + name.length))) named.add(table.file);
    }
  }
  return named;
}

/** Union tables and their base tables form one family; every other table is its own. */
function familyIds(catalog: CatalogTable[]): Map<string, string> {
  const family = new Map<string, string>();
  for (const table of catalog) family.set(table.id, table.id);
  for (const table of catalog) {
    if (table.kind !== 'union' && table.kind !== 'long') continue;
    for (const base of table.baseTableIds) family.set(base, family.get(table.id) === table.id ? table.id : (family.get(table.id) as string));
  }
  return family;
}

/** Within a family, the union answers (all rows plus the label); else the best-evidenced base table. */
function pickInFamily(list: Candidate[]): Candidate {
  return list.find((c) => c.match.profile.table.kind === 'union') ?? [...list].sort((a, b) => b.match.evidence - a.match.evidence)[0];
}

/**
 * A pivot pasted as values (columns named after a union's labels, "Row Labels", "Count of …")
 * restates raw rows of the same file: drop it when a raw table of that file also fits.
 */
function dropPivotSummaries(list: Candidate[], profiles: TableProfile[]): Candidate[] {
  const isPivot = (table: CatalogTable): boolean => {
    if (/^(count|sum|average|max|min) of /i.test(table.title ?? '')) return true;
    if (table.columns.some((c) => /^row labels$/i.test(c.name))) return true;
    const labels = new Set(
      profiles
        .filter((p) => p.table.kind === 'union' && p.table.file === table.file)
        .flatMap((p) => (p.labelColumn?.profile.distinct ?? []).map((v) => String(v).toLowerCase())),
    );
    const named = table.columns.filter((c) => labels.has(c.name.toLowerCase()));
    return named.length >= 2;
  };
  return list.filter((candidate) => {
    const table = candidate.match.profile.table;
    if (!isPivot(table)) return true;
    return !list.some((other) => other !== candidate && other.match.profile.table.file === table.file && !isPivot(other.match.profile.table));
  });
}

function declineWithReason(candidates: Candidate[]): PlanResult {
  if (candidates.length === 0) return { kind: 'declined', reason: 'no tables to answer from' };
  const unexplainedEverywhere = candidates.every((c) => c.match.unexplained.length > 0);
  if (unexplainedEverywhere) {
    const common = candidates
      .map((c) => new Set(c.match.unexplained))
      .reduce((a, b) => new Set([...a].filter((w) => b.has(w))));
    if (common.size > 0) {
      const unsupported = [...common].filter((w) => UNSUPPORTED_WORDS.has(w));
      const note = unsupported.length > 0 ? ` (${unsupported.map((w) => `'${w}'`).join(', ')}: comparisons, trends and rank positions are not computed offline)` : '';
      return { kind: 'declined', reason: `could not map ${[...common].map((w) => `'${w}'`).join(', ')} to any table, column or value${note}` };
    }
  }
  const ranked = [...candidates].sort((a, b) => a.match.unexplained.length - b.match.unexplained.length || b.match.evidence - a.match.evidence);
  const best = ranked.filter((c) => c.match.evidence > 0).slice(0, 3);
  const shown = best.length > 0 ? best : ranked.slice(0, 1);
  return {
    kind: 'declined',
    reason: shown.map((c) => `${c.match.profile.table.sqlName}: ${c.problem ?? 'no match'}`).join('; '),
    candidates: shown.map((c) => c.match.profile.table.sqlName),
  };
}
