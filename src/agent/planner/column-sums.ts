/**
 * Two or more measure columns of one table named together with "and": "how many gold and
 * silver medals did Canada win" (Gold + Silver), "her average score between the preliminary
 * and final" (the mean of Preliminary Points and Final Points of her row), "the total of the
 * preliminary and final points". Each side names exactly one measure column (a rank beside the
 * points is no measure); the total adds them up over the rows kept, the average is read for one
 * row only. A generic noun for the pair's shared measure ("score", "points") and the "between"
 * joining them are explained by the pair.
 * @module agent/planner/column-sums
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { GroupKey } from './find-group.js';
import type { Measure } from './measures.js';
import { isFiller } from './filler-words.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { sumProblem } from './measure-guards.js';

/** Measure columns named together, and the question tokens that named them. */
export interface ColumnSum {
  columns: CatalogColumn[];
  /** The side words ("gold", "silver"), the words shared by every column ("points") and the joining words. */
  tokens: number[];
  /** Words the pair explains that no column name holds: "between", a generic noun ("score"). */
  joining: number[];
}

/** Nouns a question uses for the measure two columns share ("average score between the preliminary and final"). */
const GENERIC_NOUNS = new Set(['score', 'scores', 'point', 'points', 'total', 'totals', 'result', 'results', 'mark', 'marks', 'tally']);
const ARTICLES = new Set(['the', 'a', 'an', 'its', 'his', 'her', 'their']);

/** True for a column whose values are amounts to add or average: a measure, not a rank, year or identifier. */
function isAmount(column: CatalogColumn): boolean {
  return column.concept === 'measure' && column.aggregation !== 'none' && column.derived === undefined && !column.isAggregateColumn;
}

/**
 * The columns a question names side by side with "and" ("gold and silver", "the preliminary
 * and the final", "gold silver and bronze"), when each side names one amount column and the
 * columns differ. Every other numeric mention must be words of those columns.
 * @param mentions the table's column mentions for the question
 * @returns undefined when there is no such pair
 */
export function findColumnSum(parsed: ParsedQuestion, mentions: ColumnMention[]): ColumnSum | undefined {
  const { tokens } = parsed;
  const amounts = mentions.filter((m) => m.info.numeric && !m.usedAsFilter && isAmount(m.info.column));
  for (const and of tokens.filter((t) => t.norm === 'and')) {
    let right = and.index + 1;
    while (ARTICLES.has(tokens[right]?.norm ?? '')) right++;
    const sides = [right];
    // "gold silver and bronze": the words before "and" that each name another column
    for (let left = and.index - 1; left >= 0 && amounts.some((m) => m.tokens.includes(left)); left--) sides.unshift(left);
    if (sides.length < 2) continue;
    const columns: CatalogColumn[] = [];
    for (const side of sides) {
      const here = [...new Set(amounts.filter((m) => m.tokens.includes(side)).map((m) => m.info.column))];
      // "the preliminary" names Preliminary Points only when the rest of the name is said or shared ("points", a generic "score")
      if (here.length !== 1 || columns.includes(here[0])) return undefined;
      columns.push(here[0]);
    }
    const named = new Set(amounts.filter((m) => columns.includes(m.info.column)).flatMap((m) => m.tokens));
    // another measure named beside the pair ("gold and silver medals and total points") is not part of it
    if (mentions.some((m) => m.info.numeric && !m.usedAsFilter && !columns.includes(m.info.column) && m.tokens.some((t) => !named.has(t)))) return undefined;
    const joining: number[] = [and.index, ...Array.from({ length: right - and.index - 1 }, (_, k) => and.index + 1 + k)];
    let before = sides[0] - 1;
    while (before >= 0 && ARTICLES.has(tokens[before].norm)) before--;
    if (tokens[before]?.norm === 'between' || tokens[before]?.norm === 'in' || tokens[before]?.norm === 'of') {
      const word = tokens[before].norm;
      if (word === 'between') joining.push(before);
      let head = before - 1;
      while (head >= 0 && ARTICLES.has(tokens[head].norm)) head--;
      if (head >= 0 && GENERIC_NOUNS.has(tokens[head].norm) && !named.has(head)) joining.push(head);
    }
    return { columns, tokens: [...named, ...joining].sort((a, b) => a - b), joining };
  }
  return undefined;
}

/**
 * The measure of a question naming several amount columns with "and", or undefined when it
 * names no such pair (the caller keeps its "ambiguous measure"). A total or count ("how many
 * gold and silver medals") adds the columns up over the rows kept (per group when grouped); an
 * average is the mean of the columns of the one row kept, never over several rows.
 */
export function columnSumMeasure(parsed: ParsedQuestion, match: TableMatch, group: GroupKey | undefined): { measure?: Measure; problem?: string } | undefined {
  const pair = findColumnSum(parsed, match.mentions);
  if (!pair) return undefined;
  const names = pair.columns.map((c) => c.name).join(' and ');
  if (parsed.weighted || parsed.timeSuperlative) return { problem: `a weighted or timed figure of ${names} together is not supported` };
  if (parsed.averageWords) {
    if (group || parsed.superlative || parsed.countWords) return { problem: `an average of ${names} is read for one row only` };
    return { measure: { kind: 'columns', fn: 'avg', columns: pair.columns } };
  }
  if (!parsed.sumWords && !parsed.countWords && !(group && parsed.superlative)) return undefined;
  if (parsed.superlative && !group) return { problem: `the highest or lowest ${names} together is not supported` };
  if (parsed.countWords && !countsThePair(parsed, pair)) return undefined;
  for (const column of pair.columns) {
    const cannot = sumProblem(column);
    if (cannot) return { problem: cannot };
  }
  return { measure: { kind: 'columns', fn: 'sum', columns: pair.columns } };
}

/** "how many gold and silver medals": the words counted are the pair's, not rows ("how many nations won gold and silver"). */
function countsThePair(parsed: ParsedQuestion, pair: ColumnSum): boolean {
  let index = parsed.countNounAt;
  if (index === undefined) return false;
  while (index < parsed.tokens.length && !pair.tokens.includes(index) && isFiller(parsed, index)) index++;
  return pair.tokens.includes(index);
}
