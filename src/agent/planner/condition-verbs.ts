/**
 * Words explained by the condition right after them: verbs of a chart run ("reached", "hit",
 * "peaked at"), which say what a chart's position or name column records, naming words
 * ("a single named Dearly Beloved"), which say the value is what the row goes by, and the verb
 * of a column's agent noun ("managed by Hidalgo" over Manager); and side nouns right after a value ("the Canadian team").
 * @module agent/planner/condition-verbs
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { tokensOf } from './normalize-text.js';
import { NAMING_WORDS } from './vocabulary.js';
import { sqlIdentifier } from './sql-text.js';

/** Verbs saying where a record or song got on a chart. */
const CHART_VERBS = new Set([
  'reach', 'reached', 'reaches', 'reaching', 'hit', 'hits', 'peak', 'peaked', 'peaks', 'peaking', 'chart', 'charted', 'charting',
  'enter', 'entered', 'crack', 'cracked', 'climb', 'climbed',
]);
/** Words of the name of a column of chart positions or of charts: "Peak chart positions US", "Position", "Chart". */
const CHART_COLUMN_WORDS = new Set(['chart', 'charts', 'peak', 'position', 'positions', 'pos']);
/** Words that may stand between the verb and the condition: "peaked at number 5", "reached the top 10 on". */
const GAP_WORDS = new Set(['the', 'a', 'an', 'at', 'on', 'in', 'into', 'to', 'number', 'no']);

/**
 * "singles that reached the top 10 on the Billboard Hot 100", "songs to hit the Billboard Hot
 * 100", "peaked at number 5": the chart verb right before a condition (not negated) on a column
 * of chart positions or of charts says what that column records, which the condition reads. The
 * verb is explained; it adds no condition.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the chart verbs explained
 */
export function chartVerbsOfCondition(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean): number[] {
  const chartTokens = new Set(
    filters
      .filter((f) => !f.negated && f.column !== undefined && tokensOf(f.column.name).some((t) => CHART_COLUMN_WORDS.has(t.norm)))
      .flatMap((f) => f.tokens),
  );
  if (chartTokens.size === 0) return [];
  return parsed.tokens
    .filter((token) => {
      if (!CHART_VERBS.has(token.norm) || !open(token.index)) return false;
      let next = token.index + 1;
      while (next < parsed.tokens.length && GAP_WORDS.has(parsed.tokens[next].norm) && !chartTokens.has(next)) next++;
      return chartTokens.has(next);
    })
    .map((token) => token.index);
}

/**
 * "his single named Dearly Beloved", "a ship called Ericsson": the naming word right before the
 * tokens of a value condition (not negated) says the value is the name the row goes by, which
 * the condition reads. The word is explained; it adds no condition.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the naming words explained
 */
export function namingWordsOfValue(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean): number[] {
  const valueStarts = new Set(filters.filter((f) => !f.negated && f.values !== undefined).flatMap((f) => (f.values ?? []).map((v) => v.tokens[0])));
  return parsed.tokens.filter((token) => NAMING_WORDS.has(token.norm) && open(token.index) && valueStarts.has(token.index + 1)).map((token) => token.index);
}

/**
 * "how many times is Herself listed under the Role column": "under" right before the name of a
 * column of text (past "the"), closing the question or followed by "column", says which column
 * holds the value, as "in the Role column" does ("under par" compares with To par: not this). It adds no condition. Before a number it is a comparison ("under 5"),
 * which `find-comparisons.ts` reads first.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the words explained
 */
export function underColumnWords(parsed: ParsedQuestion, mentions: ColumnMention[], open: (index: number) => boolean): number[] {
  return parsed.tokens
    .filter((token) => {
      if (token.norm !== 'under' || !open(token.index)) return false;
      const next = parsed.tokens[token.index + 1]?.norm === 'the' ? token.index + 2 : token.index + 1;
      // … a column of names, never of numbers ("under par" is a comparison with To par), named as a column or last
      return mentions.some((m) => m.tokens[0] === next && !m.info.numeric && ['column', 'heading', 'header', undefined].includes(parsed.tokens[Math.max(...m.tokens) + 1]?.norm));
    })
    .map((token) => token.index);
}

/**
 * "more than 7 wins but less than 10", "won in 2001 but not in 2002": "but" between two
 * conditions joins them as "and" does. Only between words two filters took (past a "not").
 * @returns the indexes of the words explained
 */
export function butBetweenConditions(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean): number[] {
  const inFilter = new Set(filters.flatMap((f) => f.tokens));
  return parsed.tokens
    .filter((token) => {
      if (token.norm !== 'but' || !open(token.index) || !inFilter.has(token.index - 1)) return false;
      const next = parsed.tokens[token.index + 1]?.norm === 'not' ? token.index + 2 : token.index + 1;
      return inFilter.has(next);
    })
    .map((token) => token.index);
}

/**
 * "seasons managed by Hidalgo" over a Manager column, "films directed by Ray" over Director: a
 * past participle and "by" right before the tokens of a value condition (not negated) whose
 * column is named by the verb's agent noun (manage → manager, direct → director, coach →
 * coach) say what that column records, which the condition reads. The verb and "by" are
 * explained; they add no condition.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the verbs and their "by" explained
 */
export function agentVerbsOfValue(parsed: ParsedQuestion, filters: Filter[], open: (index: number) => boolean): number[] {
  const explained: number[] = [];
  for (const filter of filters) {
    if (filter.negated || filter.values === undefined || filter.column === undefined) continue;
    const names = new Set(tokensOf(filter.column.name).map((t) => t.norm));
    for (const value of filter.values) {
      const by = value.tokens[0] - 1;
      const verb = parsed.tokens[by - 1];
      if (parsed.tokens[by]?.norm !== 'by' || !verb || !open(verb.index) || !/[a-z]{3,}ed$/.test(verb.norm)) continue;
      const base = verb.norm.slice(0, -2);
      const agents = [`${base}er`, `${base}or`, `${base}r`, base, `${base}er`.replace(/(.)\1er$/, '$1er')];
      if (agents.some((agent) => names.has(agent) || names.has(`${agent}s`))) explained.push(verb.index, by);
    }
  }
  return explained;
}

/** Nouns for a side that plays under a country's or a club's name: "the Canadian team", "the Brazil side". */
const SIDE_NOUNS = new Set(['team', 'teams', 'side', 'sides', 'squad', 'squads']);
/** Columns of the country or club a row plays for. */
const SIDE_COLUMN = /\b(nation|nations|nationality|country|countries|team|teams|club|clubs|noc)\b/i;

/**
 * "the points scored by the Canadian team", "the difference between the Canadian team and the
 * Latvian team": a side noun right after a value (not negated) of a column of countries or
 * clubs that holds each value on one row says the value is the side the row is about, which the
 * condition reads (two Canadian clubs are no one "Canadian team": the noun stays unexplained).
 * @param tableRows the table's number of rows The noun is
 * explained; it adds no condition.
 * @param open tokens no column, value or date explained
 * @returns the indexes of the side nouns explained
 */
export function sideNounsOfValue(parsed: ParsedQuestion, filters: Filter[], tableRows: number, open: (index: number) => boolean): number[] {
  const ends = new Set(
    filters
      // … one row each: two Canadian clubs are no one "Canadian team"
      .filter((f) => !f.negated && f.column !== undefined && SIDE_COLUMN.test(f.column.name))
      .filter((f) => (f.column as CatalogColumn).profile.distinctCount === tableRows - (f.column as CatalogColumn).profile.nullCount)
      .flatMap((f) => (f.values ? f.values.map((v) => Math.max(...v.tokens)) : f.tokens.length > 0 ? [Math.max(...f.tokens)] : [])),
  );
  return parsed.tokens.filter((token) => SIDE_NOUNS.has(token.norm) && open(token.index) && ends.has(token.index - 1)).map((token) => token.index);
}

/** Verbs before "on the … chart" that say a record was on it: "were on the Canadian country chart", "appeared on the UK chart". */
const ON_CHART_VERBS = new Set(['was', 'were', 'is', 'are', 'been', 'be', 'appeared', 'appear', 'appears', 'landed', 'made', 'make', 'reached', 'placed', 'ranked', 'entered', 'got']);

/**
 * "How many singles were on the Canadian country chart?", "appeared on the UK chart": a verb of
 * being on, "on"/"in" and "the", then words that are all one column of chart positions'
 * (and nothing else), then "chart(s)": the rows that hold a position there, as "charted on"
 * reads (a negation before the verb keeps those that hold none). Adds the filter and marks the
 * words explained; does nothing where the words name several columns or a column of no positions.
 */
function onTheChartFilters(parsed: ParsedQuestion, columns: CatalogColumn[], mentions: ColumnMention[], filters: Filter[], covered: Set<number>): void {
  const { tokens } = parsed;
  for (const token of tokens) {
    if (!/^charts?$/.test(token.norm) || token.index < 4 || parsed.superlative || parsed.comparative) continue;
    const the = tokens.slice(0, token.index).map((t) => t.index).filter((i) => tokens[i].norm === 'the' && ['on', 'in'].includes(tokens[i - 1]?.norm ?? '')).pop();
    if (the === undefined || the >= token.index - 1) continue;
    // "were on the", "were not on the", "never appeared on the"
    const verbAt = ['not', 'never', 't'].includes(tokens[the - 2]?.norm ?? '') ? the - 3 : the - 2;
    if (!ON_CHART_VERBS.has(tokens[verbAt]?.norm ?? '')) continue;
    const between = tokens.slice(the + 1, token.index).map((t) => t.index);
    const named = mentions.filter((m) => between.every((i) => m.tokens.includes(i)) && !m.usedAsFilter);
    const charts = [...new Set(named.map((m) => m.info.column))];
    if (charts.length !== 1 || !holdsPositions(charts[0])) continue;
    const column = charts[0];
    const used = [...Array.from({ length: the - verbAt }, (_, k) => verbAt + k), the, ...between, token.index];
    const negated = used.some((t) => parsed.negated.has(t));
    filters.push({ sql: `${sqlIdentifier(column.sqlName)} IS ${negated ? '' : 'NOT '}NULL`, text: `${column.name} ${negated ? 'blank (not on the chart)' : 'given (on the chart)'}`, tokens: used, column, ...(negated ? { negated: true } : {}) });
    for (const mention of mentions.filter((m) => m.tokens.some((t) => used.includes(t)))) if (mention.info.column === column) mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
  }
}

/** Verbs of getting onto a chart at all ("chart" only as a verb: "did not chart", "to chart"; "this chart" is the table). */
const CHARTED_VERBS = new Set(['charted', 'charting']);
const CHART_VERB_BEFORE = new Set(['not', 'never', 'to', 'did', 't', 'didn']);

function isChartVerb(parsed: ParsedQuestion, index: number): boolean {
  const token = parsed.tokens[index];
  return CHARTED_VERBS.has(token.norm) || (token.norm === 'chart' && CHART_VERB_BEFORE.has(parsed.tokens[index - 1]?.norm ?? ''));
}
/** Positions a chart column holds: 1 to this. */
const MAX_CHART_POSITION = 200;

/** True for a column of chart positions: whole numbers from 1 to `MAX_CHART_POSITION`, no year. */
function holdsPositions(column: CatalogColumn): boolean {
  const { min, max } = column.profile;
  return column.type === 'integer' && typeof min === 'number' && typeof max === 'number' && min >= 1 && max <= MAX_CHART_POSITION && !/\b(year|season|no|number|#)\b/i.test(column.name);
}

/**
 * "how many songs charted in the UK", "singles that did not chart on the Billboard Hot 100"
 * over a discography's columns of peak positions (UK, US …; a blank or "—" where the record did
 * not chart): "charted in/on" a column of positions (whole numbers from 1 to 200) keeps the rows
 * that hold a position there, "did not chart on" those that hold none. Adds the filter and marks
 * the column's mention used; the verb, its "in"/"on the" and the column's words are explained.
 * "how many albums charted" over a table with one such column reads that column; a chart verb
 * that names no one column ("how many singles charted" over UK and US, "charted in 1990") over a
 * table with columns of positions, or that ranks ("charted highest": a higher place is a smaller
 * number), is a problem.
 * @param open tokens nothing has explained yet
 * @returns the problems
 */
export function chartedInFilters(parsed: ParsedQuestion, columns: CatalogColumn[], mentions: ColumnMention[], filters: Filter[], covered: Set<number>, open: (index: number) => boolean): string[] {
  const problems: string[] = [];
  onTheChartFilters(parsed, columns, mentions, filters, covered);
  for (const token of parsed.tokens) {
    // the verb may also have named a column by its word "chart" ("Peak chart positions GER")
    const ownMentions = mentions.filter((m) => m.tokens.includes(token.index));
    // (… also the column the words after it name: "charted on Heatseekers" over "Peak chart positions US Heatseekers")
    const verbNamesChart = ownMentions.length > 0 && ownMentions.every((m) => /\bcharts?\b/i.test(m.info.column.name) && tokensOf('chart')[0].stem === m.hits[m.tokens.indexOf(token.index)]?.stem);
    if (!isChartVerb(parsed, token.index) || !(open(token.index) || verbNamesChart)) continue;
    if (parsed.superlative || parsed.comparative) {
      problems.push(`'${token.norm}' with a ranking over chart positions: a higher place is a smaller number; ask for the best or the worst position`);
      continue;
    }
    let next = token.index + 1;
    const links: number[] = [];
    while (['in', 'on', 'the', 'a'].includes(parsed.tokens[next]?.norm ?? '') && links.length < 2) links.push(next++);
    const afterVerb = (m: ColumnMention): number[] => m.tokens.filter((t) => t !== token.index);
    let named = links.length === 0 ? [] : mentions.filter((m) => afterVerb(m).length > 0 && Math.min(...afterVerb(m)) === next && !m.usedAsFilter);
    // "in the U.S." beside "U.S. R&B": the column whose whole name is said
    const whole = named.filter((m) => m.info.stems.length <= m.tokens.length);
    if (new Set(named.map((m) => m.info.column)).size > 1 && new Set(whole.map((m) => m.info.column)).size === 1) named = whole;
    // "on the US Hot 100" beside US Airplay and US Alternative: the one column the most words after the verb name
    const most = Math.max(0, ...named.map((m) => afterVerb(m).length));
    const widest = named.filter((m) => afterVerb(m).length === most);
    if (new Set(named.map((m) => m.info.column)).size > 1 && most >= 2 && new Set(widest.map((m) => m.info.column)).size === 1) named = widest;
    let charts = [...new Set(named.map((m) => m.info.column))];
    const positions = columns.filter(holdsPositions);
    // "how many albums charted" over one chart's column: that chart
    if (charts.length === 0 && positions.length === 1 && ownMentions.some((m) => m.info.column === positions[0])) {
      charts = positions;
      named = ownMentions.filter((m) => m.info.column === positions[0]);
      links.length = 0;
    }
    if (charts.length !== 1 || !holdsPositions(charts[0])) {
      if (positions.length > 0) problems.push(`'${token.norm}' names no one chart of ${positions.map((c) => c.name).join(', ')}: say which`);
      continue;
    }
    const column = charts[0];
    const mention = named.find((m) => m.info.column === column) as ColumnMention;
    for (const own of ownMentions) own.usedAsFilter = true;
    const negated = parsed.negated.has(token.index);
    const id = sqlIdentifier(column.sqlName);
    const used = [token.index, ...links, ...afterVerb(mention)];
    filters.push({ sql: `${id} IS ${negated ? '' : 'NOT '}NULL`, text: `${column.name} ${negated ? 'blank (did not chart)' : 'given (charted)'}`, tokens: used, column, ...(negated ? { negated: true } : {}) });
    mention.usedAsFilter = true;
    used.forEach((t) => covered.add(t));
  }
  return problems;
}

/**
 * "how many points did the Canadian team have" where two clubs are Canadian: a side noun right
 * after a value names one side, and the rows holding that value are several, so the question is
 * about one of them and says not which. Only where the value's column holds some value on
 * several rows and the noun is no word of the value's own column.
 * @returns the problem, or undefined
 */
export function sideNounProblem(parsed: ParsedQuestion, filters: Filter[], tableRows: number): string | undefined {
  for (const filter of filters) {
    const column = filter.column;
    if (filter.negated || !column || !filter.values || column.profile.distinctCount === tableRows - column.profile.nullCount) continue;
    for (const value of filter.values) {
      const noun = parsed.tokens[Math.max(...value.tokens) + 1];
      if (noun && SIDE_NOUNS.has(noun.norm) && !tokensOf(column.name).some((t) => t.stem === noun.stem)) {
        return `${column.name} holds some values on several rows, and '${noun.norm}' after '${value.value}' asks for one row: name it`;
      }
    }
  }
  return undefined;
}
